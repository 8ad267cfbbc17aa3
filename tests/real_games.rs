//! The audit on real games: lichess, DGT broadcasts; compressed input;
//! the same bytes whatever the thread count or block size.

use crate::common::pgn_reader_count;

use std::io::Write;

use crate::common::*;

const LICHESS: &str = "lichess-2021-10-first-999.pgn";

#[test]
fn lichess_999_every_game_one_row_no_errors() {
    let path = data(LICHESS);
    let bytes = std::fs::read(&path).unwrap();
    let independent = pgn_reader_count::games(&bytes);
    assert_eq!(independent.len(), 999);

    let run = audit(&[path.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.verdicts.len(), 999);
    assert!(
        run.stderr().contains("999 games read; 999 verdict rows"),
        "{}",
        run.stderr()
    );
    assert_eq!(count(&run.verdicts, "status").get("error"), None);

    // Row order and content follow the input: Site and Result per game.
    let mut drawn_forfeits = 0;
    for (row, tags) in run.verdicts.iter().zip(&independent) {
        assert_eq!(
            Some(row["site"].as_str()),
            pgn_reader_count::tag(tags, "Site")
        );
        assert_eq!(
            Some(row["recorded_result"].as_str()),
            pgn_reader_count::tag(tags, "Result")
        );
        let termination = pgn_reader_count::tag(tags, "Termination");
        if termination == Some("Time forfeit") && row["recorded_result"] == "1/2-1/2" {
            drawn_forfeits += 1;
            assert_eq!(row["status"], "confirmed", "{}", row["reason"]);
            assert_eq!(row["rule"], "15.4.3", "{}", row["reason"]);
        }
        if termination == Some("Time forfeit") {
            assert!(
                ["15.4.3", "dead-position", "checkmate"].contains(&row["rule"].as_str()),
                "{} {}",
                row["site"],
                row["rule"]
            );
        }
    }
    assert_eq!(drawn_forfeits, 11);

    // Offsets point at each game's first byte.
    for row in &run.verdicts {
        let offset: usize = row["offset"].parse().unwrap();
        assert!(
            bytes[offset..].starts_with(b"[Event "),
            "game {}",
            row["game"]
        );
    }
    // Incidents are ordered by game, then ply.
    let keys: Vec<(u64, u64)> = run
        .incidents
        .iter()
        .map(|r| (r["game"].parse().unwrap(), r["ply"].parse().unwrap()))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]));
    assert!(count(&run.incidents, "kind")["flag-fall"] >= 324);
}

#[test]
fn output_is_identical_for_any_thread_count_and_block_size() {
    let dir = data("");
    let dir = dir.to_str().unwrap();
    let base = audit(&[dir, "--threads", "1"], None);
    assert!(base.verdicts.len() > 1000);
    for args in [
        vec![dir, "--threads", "2"],
        vec![dir, "--threads", "2", "--block-size", "1000"],
        vec![dir, "--threads", "3", "--block-size", "1"],
        // One block in flight: each waits for the one before to be written.
        vec![
            dir,
            "--threads",
            "3",
            "--block-size",
            "1000",
            "--blocks-in-flight",
            "1",
        ],
        // Every file cut into ranges split on the workers (the default for
        // a large file from four threads on): ranges of 300 bytes and 20 KB,
        // so that many a range begins at an `[Event` line the sequential
        // split does not start a game at and is split again with the next.
        vec![dir, "--threads", "2", "--range-bytes", "300"],
        vec![
            dir,
            "--threads",
            "4",
            "--range-bytes",
            "20000",
            "--block-size",
            "5000",
        ],
    ] {
        let other = audit(&args, None);
        assert!(
            other.verdicts_raw == base.verdicts_raw,
            "verdicts differ for {args:?}"
        );
        assert!(
            other.incidents_raw == base.incidents_raw,
            "incidents differ for {args:?}"
        );
    }
}

#[test]
fn compressed_input_gives_the_same_rows() {
    let bytes = std::fs::read(data(LICHESS)).unwrap();
    let plain = audit(&["-"], Some(&bytes));
    // A pipe is read ahead on a thread of its own from four threads on.
    let piped = audit(&["-", "--threads", "4"], Some(&bytes));
    assert!(piped.verdicts_raw == plain.verdicts_raw);
    assert!(piped.incidents_raw == plain.incidents_raw);
    let tmp = tempfile::tempdir().unwrap();
    let gz = tmp.path().join("g.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(&bytes).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let bz = tmp.path().join("g.pgn.bz2");
    let mut enc = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    enc.write_all(&bytes).unwrap();
    std::fs::write(&bz, enc.finish().unwrap()).unwrap();
    // A zstd file under a misleading name: detection is by content.
    let zst = tmp.path().join("g.pgn");
    std::fs::write(&zst, zstd::encode_all(bytes.as_slice(), 3).unwrap()).unwrap();
    for path in [&gz, &bz, &zst] {
        let run = audit(&[path.to_str().unwrap()], None);
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts.len(), 999);
        // Decompressed ahead on a thread of its own (four threads or more).
        let ahead = audit(&[path.to_str().unwrap(), "--threads", "4"], None);
        assert!(ahead.verdicts_raw == run.verdicts_raw);
        assert!(ahead.incidents_raw == run.incidents_raw);
        for (a, b) in run.verdicts.iter().zip(&plain.verdicts) {
            assert_eq!(a["reason"], b["reason"]);
            assert_eq!(a["offset"], b["offset"]);
        }
    }
}

#[test]
fn dgt_broadcasts_read_clocks_and_chess960() {
    let run = audit(&[data("dgt-broadcast").to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.verdicts.len(), 14);
    assert_eq!(
        count(&run.verdicts, "status").get("error"),
        None,
        "{:?}",
        run.verdicts
    );
    let fischer = run
        .verdicts
        .iter()
        .find(|r| r["white"] == "Kasparov, Garry")
        .expect("the Chess960 game");
    assert_eq!(fischer["status"], "confirmed");
    assert!(fischer["plies"].parse::<usize>().unwrap() > 20);
}

#[test]
fn one_illegal_move_among_100_games() {
    let run = audit(
        &[data("lichess-100-one-illegal.pgn").to_str().unwrap()],
        None,
    );
    assert_eq!(run.verdicts.len(), 100);
    assert_eq!(count(&run.verdicts, "status").get("error"), None);
    let illegal: Vec<_> = run
        .incidents
        .iter()
        .filter(|r| r["kind"] == "illegal-move")
        .collect();
    assert_eq!(illegal.len(), 1, "{illegal:?}");
    let game: usize = illegal[0]["game"].parse().unwrap();
    assert!(run.verdicts[game - 1]["site"].ends_with("HajiazyC"));
    assert_eq!(illegal[0]["move"], "1...");
    assert_eq!(illegal[0]["san"], "b4");
    assert!(
        illegal[0]["detail"].contains("not claimed: the move stands"),
        "{}",
        illegal[0]["detail"]
    );
    // Unclaimed, it stands: the game goes on to the recorded mate.
    assert_eq!(run.verdicts[game - 1]["rule"], "checkmate");
    assert_eq!(run.verdicts[game - 1]["status"], "confirmed");
}

#[test]
fn a_reason_names_the_incidents_that_bear_on_the_result() {
    // tests/data/lichess-100-one-illegal.pgn game 38 (a real lichess game
    // with one planted illegal move, 1...b4, nobody claimed): mate decides,
    // and the reason says the illegal move stood before it.
    let run = audit(
        &[data("lichess-100-one-illegal.pgn").to_str().unwrap()],
        None,
    );
    let row = run.verdicts.iter().find(|r| r["game"] == "38").unwrap();
    assert_eq!(row["rule"], "checkmate");
    assert!(
        row["reason"].contains(
            "earlier, and not deciding it: 1...b4: a pawn cannot move from b7 to b4; not claimed: \
             the move stands and the game goes on (15.4.2)"
        ),
        "{}",
        row["reason"]
    );
    // A record that stands over an unclaimed illegal move says so.
    let sample = repo("samples/rules/15.4.2-unclaimed-illegal-move-stands.pgn");
    let run = audit(&[sample.to_str().unwrap()], None);
    let reason = &run.verdicts[0]["reason"];
    assert!(
        reason.starts_with("nothing in the record overturns 1/2-1/2; what bears on the result does not change it: 3...Nf6: leaves its own king in check; not claimed: the move stands"),
        "{reason}"
    );
}
