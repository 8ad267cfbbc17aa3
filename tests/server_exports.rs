//! The servers' JSON exports read as they come (issue 66): lichess's NDJSON
//! and chess.com's month, real files under `tests/data/servers/` (see its
//! README), through every door, with the same verdicts as the PGN the
//! server wrote for the same games.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::Command;

use crate::common::*;

const LICHESS: &str = "servers/lichess-indexinator-2025.ndjson";
const LICHESS_CLOCKS: &str = "servers/lichess-indexinator-clocks-evals.ndjson";
const CHESS_COM: &str = "servers/chess-com-aegboye7-2025-03.json";

fn games(path: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(data(path)).unwrap();
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(month) => month["games"].as_array().unwrap().clone(),
        Err(_) => text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    }
}

fn verdict(row: &Row) -> (String, String, String, String) {
    let col = |c: &str| row[c].clone();
    (
        col("status"),
        col("correct_result"),
        col("rule"),
        col("ending"),
    )
}

#[test]
fn a_folder_of_both_exports_and_a_pgn_gives_one_row_a_game() {
    let dir = tempfile::tempdir().unwrap();
    for (name, from) in [
        ("a.ndjson", LICHESS),
        ("b.json", CHESS_COM),
        ("c.pgn", "servers/icc-pyparsing-example.pgn"),
    ] {
        std::fs::copy(data(from), dir.path().join(name)).unwrap();
    }
    let run = audit(&[dir.path().to_str().unwrap()], None);
    // A game without its PGN is an error row, as a damaged PGN game is.
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let lichess = games(LICHESS).len();
    let chess_com = games(CHESS_COM).len();
    assert_eq!(run.verdicts.len(), lichess + chess_com + 1);
    // Every game of the exports states its ending by its code, but for
    // lichess's `draw`, which leaves the board to tell how.
    let draws = games(LICHESS)
        .iter()
        .filter(|g| g["status"] == "draw")
        .count();
    let by_source = count(&run.verdicts, "ending_source");
    assert_eq!(
        by_source["server-code"],
        lichess + chess_com - draws,
        "{by_source:?}"
    );
}

#[test]
fn every_lichess_status_in_the_export_states_its_ending() {
    let run = audit(&[data(LICHESS).to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let mut seen = BTreeMap::new();
    for (game, row) in games(LICHESS).iter().zip(&run.verdicts) {
        let id = game["id"].as_str().unwrap();
        assert_eq!(row["url"], format!("https://lichess.org/{id}"));
        let key = (
            game["status"].as_str().unwrap().to_string(),
            game.get("winner").is_some(),
        );
        seen.insert(
            key,
            (
                row["ending"].clone(),
                row["ending_source"].clone(),
                row["status"].clone(),
            ),
        );
    }
    let expect = |status: &str, winner: bool, ending: &str| {
        let got = &seen[&(status.to_string(), winner)];
        assert_eq!(got.0, ending, "{status} {winner}: {got:?}");
        assert_eq!(got.2, "confirmed", "{status} {winner}: {got:?}");
    };
    expect("mate", true, "checkmate");
    expect("resign", true, "resignation");
    expect("outoftime", true, "time-forfeit");
    expect("outoftime", false, "time-forfeit");
    expect("timeout", true, "abandonment");
    expect("timeout", false, "abandonment");
    expect("stalemate", false, "stalemate");
    // lichess's `draw` says no more than a draw: the board or the
    // agreement the record infers tells how.
    assert_ne!(seen[&("draw".to_string(), false)].1, "server-code");
}

#[test]
fn a_drawn_outoftime_asks_the_helpmate_question() {
    let run = audit(&[data(LICHESS).to_str().unwrap()], None);
    let drawn: Vec<&Row> = games(LICHESS)
        .iter()
        .zip(&run.verdicts)
        .filter(|(g, _)| g["status"] == "outoftime" && g.get("winner").is_none())
        .map(|(_, r)| r)
        .collect();
    assert_eq!(drawn.len(), 3);
    for row in drawn {
        assert_eq!(row["rule"], "15.4.3", "{row:?}");
        assert!(
            row["reason"].contains("the lichess status “outoftime”"),
            "{}",
            row["reason"]
        );
        assert!(
            row["reason"].contains("no series of legal moves"),
            "{}",
            row["reason"]
        );
    }
}

#[test]
fn clocks_in_the_json_are_the_clocks_the_laws_read() {
    let run = audit(&[data(LICHESS_CLOCKS).to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let flags: Vec<&Row> = run
        .incidents
        .iter()
        .filter(|r| r["kind"] == "flag-fall")
        .collect();
    assert_eq!(flags.len(), 2);
    // zGLRjJ4r: Black flagged at 77 plies; his last reading, 6.86 s.
    let zg = run
        .verdicts
        .iter()
        .find(|r| r["url"].ends_with("zGLRjJ4r"))
        .unwrap();
    assert!(zg["reason"].contains("0:00:06.8"), "{}", zg["reason"]);
    assert_eq!(zg["time_control"], "300+0");
    assert_eq!(zg["category"], "blitz");
}

#[test]
fn chess_com_codes_give_the_same_verdicts_as_its_pgn() {
    let month = games(CHESS_COM);
    let pgn: String = month
        .iter()
        .filter_map(|g| g["pgn"].as_str())
        .map(|p| format!("{}\n\n", p.trim_end()))
        .collect();
    let as_pgn = audit(&["-"], Some(pgn.as_bytes()));
    let as_json = audit(&[data(CHESS_COM).to_str().unwrap()], None);
    // The month's one game without `pgn` is read from its `tcn`: chess.com
    // says mate, and so does the board.
    let (json_rows, from_tcn): (Vec<&Row>, Vec<&Row>) = as_json
        .verdicts
        .iter()
        .partition(|r| as_pgn.verdicts.iter().any(|p| p["url"] == r["url"]));
    assert_eq!(json_rows.len(), as_pgn.verdicts.len());
    assert_eq!(from_tcn.len(), 1);
    let tcn = from_tcn[0];
    assert_eq!(
        [
            &tcn["status"],
            &tcn["correct_result"],
            &tcn["rule"],
            &tcn["plies"]
        ],
        ["confirmed", "1-0", "checkmate", "67"],
        "{}",
        tcn["reason"]
    );
    for (j, p) in json_rows.iter().zip(&as_pgn.verdicts) {
        assert_eq!(j["url"], p["url"]);
        assert_eq!(verdict(j), verdict(p), "{}\n{}", j["reason"], p["reason"]);
        assert_eq!(j["ending_source"], "server-code");
    }
    // Each code pair of the month is read.
    let codes: std::collections::BTreeSet<String> = month
        .iter()
        .map(|g| format!("{} {}", g["white"]["result"], g["black"]["result"]))
        .collect();
    assert!(codes.len() >= 12, "{codes:?}");
    assert!(as_json.verdicts.iter().all(|r| r["status"] != "error"));
    assert_eq!(tcn["url"], "https://www.chess.com/game/live/134570352385");
}

#[test]
fn compressed_piped_and_listed_exports_read_alike() {
    let bytes = std::fs::read(data(LICHESS)).unwrap();
    let plain = audit(&[data(LICHESS).to_str().unwrap()], None);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).unwrap();
    let piped = audit(&["-"], Some(&gz.finish().unwrap()));
    let zst = audit(&["-"], Some(&zstd::encode_all(&bytes[..], 1).unwrap()));
    let text = String::from_utf8(bytes).unwrap();
    let list = format!(
        "[{}]",
        text.trim_end().lines().collect::<Vec<_>>().join(",\n")
    );
    let listed = audit(&["-"], Some(list.as_bytes()));
    for run in [&piped, &zst, &listed] {
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        let a: Vec<_> = run.verdicts.iter().map(verdict).collect();
        let b: Vec<_> = plain.verdicts.iter().map(verdict).collect();
        assert_eq!(a, b);
    }
}

#[test]
fn an_export_whose_first_line_is_cut_short_loses_no_game_after_it() {
    // The first game's end is what tells an export of one game a line;
    // its line cut inside the moves, the next line's game tells it.
    let json = concat!(
        r#"{"id":"c1","status":"resign","winner":"white","moves":"e4 e5 Nf"#,
        "\n",
        r#"{"id":"c2","status":"resign","winner":"black","moves":"e4"}"#,
        "\n",
        r#"{"id":"c3","status":"resign","winner":"white","moves":"e4 e5"}"#,
        "\n"
    );
    let run = audit(&["-"], Some(json.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let rows: Vec<_> = run
        .verdicts
        .iter()
        .map(|v| (v["status"].as_str(), v["url"].as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("error", ""),
            ("confirmed", "https://lichess.org/c2"),
            ("confirmed", "https://lichess.org/c3")
        ]
    );
    assert!(
        run.verdicts[0]["reason"]
            .contains("line 1: the game's JSON ends with its line, not closed")
    );
}

#[test]
fn variants_and_broken_lines_are_error_rows_naming_them() {
    // A line whose game is left open (a list never closed) is that game's
    // error, not the start of a game that takes the lines after it.
    let json = concat!(
        r#"{"id":"v1","status":"mate","winner":"white","variant":"atomic","moves":"e4 e5"}"#,
        "\nthis line is no JSON\n",
        r#"{"id":"v2","status":"resign","winner":"black","variant":"chess960","initialFen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1","moves":"e4"}"#,
        "\n",
        r#"{"id":"v3","status":"resign","winner":"black","moves":"e4","clocks":[1,2}"#,
        "\n",
        r#"{"id":"v4","status":"resign","winner":"white","moves":"e4 e5"}"#,
        "\n"
    );
    let run = audit(&["-"], Some(json.as_bytes()));
    assert_eq!(run.verdicts.len(), 5);
    assert_eq!(run.verdicts[3]["status"], "error");
    assert!(
        run.verdicts[3]["reason"]
            .contains("line 4: the game's JSON ends with its line, not closed")
    );
    assert_eq!(run.verdicts[4]["url"], "https://lichess.org/v4");
    assert_eq!(
        run.verdicts[4]["status"], "confirmed",
        "{}",
        run.verdicts[4]["reason"]
    );
    assert!(run.verdicts[0]["reason"].contains("atomic"));
    assert_eq!(run.verdicts[0]["url"], "https://lichess.org/v1");
    assert!(run.verdicts[1]["reason"].contains("“this line is no JSON”"));
    assert_eq!(
        run.verdicts[2]["status"], "confirmed",
        "{}",
        run.verdicts[2]["reason"]
    );
}

#[test]
fn explain_and_the_corrected_pgn_read_an_export_as_the_run_does() {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["explain", data(LICHESS).to_str().unwrap(), "--game", "2"])
        .output()
        .unwrap();
    let told = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(told.contains("the lichess status"), "{told}");
    // A game the laws correct: White's flag fell against a bare king.
    let json = r#"{"id":"fix1","status":"outoftime","winner":"black","variant":"fromPosition","initialFen":"4k3/8/8/8/8/8/8/R3K3 w - - 0 1","clock":{"initial":600,"increment":0},"moves":"Ra2 Kd7"}"#;
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let run = audit(
        &["-", "--fixed-pgn", fixed.to_str().unwrap()],
        Some(json.as_bytes()),
    );
    let row = &run.verdicts[0];
    let again = audit(&[fixed.to_str().unwrap()], None);
    let text = std::fs::read_to_string(&fixed).unwrap();
    assert!(
        text.contains("[Site \"https://lichess.org/fix1\"]"),
        "{text}"
    );
    assert_eq!(
        again.verdicts[0]["correct_result"], row["correct_result"],
        "{text}\n{}",
        again.verdicts[0]["reason"]
    );
    assert_eq!(row["status"], "corrected", "{}", row["reason"]);
    assert_eq!(row["correct_result"], "1/2-1/2");
    assert!(
        text.contains("[RecordedLichessStatus \"outoftime\"]"),
        "{text}"
    );
    assert_eq!(
        again.verdicts[0]["status"], "confirmed",
        "{}",
        again.verdicts[0]["reason"]
    );
}

#[test]
fn a_lichess_game_read_straight_from_its_json_is_judged_as_its_written_pgn() {
    // With a corrected PGN asked for, every game is written as PGN and
    // read back; without, lichess's games are read straight from the JSON.
    let dir = tempfile::tempdir().unwrap();
    for name in [LICHESS, LICHESS_CLOCKS, CHESS_COM] {
        let path = data(name);
        let fixed = dir.path().join("fixed.pgn");
        let straight = audit(&[path.to_str().unwrap()], None);
        let written = audit(
            &[
                path.to_str().unwrap(),
                "--fixed-pgn",
                fixed.to_str().unwrap(),
            ],
            None,
        );
        assert!(!straight.verdicts.is_empty(), "{name}");
        assert_eq!(straight.verdicts_raw, written.verdicts_raw, "{name}");
        assert_eq!(straight.incidents_raw, written.incidents_raw, "{name}");
    }
}
