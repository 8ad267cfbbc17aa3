//! Never lose a game, never crash: whatever real archives contain, every
//! game gets exactly one row, the run finishes, and what could not be read is
//! said plainly.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::*;

/// Every run must account for every game: the summary's two counts agree
/// with the rows written, and no panic reached the user.
fn assert_accounted(run: &Run, games: usize) {
    assert!(!run.stderr().contains("panicked"), "{}", run.stderr());
    assert_eq!(run.verdicts.len(), games, "{}", run.stderr());
    let summary = format!("{games} games read; {games} verdict rows");
    assert!(run.stderr().contains(&summary), "{}", run.stderr());
}

fn lichess_bytes() -> Vec<u8> {
    std::fs::read(data("lichess-2021-10-first-999.pgn")).unwrap()
}

fn write(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn truncated_plain_file() {
    let bytes = lichess_bytes();
    let cut = &bytes[..bytes.len() / 2];
    let games = cut.windows(8).filter(|w| w == b"[Event \"").count();
    let run = audit(&["-"], Some(cut));
    assert_eq!(run.code(), Some(0));
    assert_accounted(&run, games);
}

#[test]
fn truncated_and_corrupt_compressed_files() {
    let bytes = lichess_bytes();
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).unwrap();
    let gz = gz.finish().unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(&bytes).unwrap();
    let bz = bz.finish().unwrap();
    let zst = zstd::encode_all(bytes.as_slice(), 3).unwrap();
    let mut corrupt = gz.clone();
    let middle = corrupt.len() / 2;
    for b in &mut corrupt[middle..middle + 64] {
        *b ^= 0x5a;
    }
    let cases = [
        ("truncated.pgn.gz", gz[..gz.len() / 2].to_vec()),
        ("truncated.pgn.bz2", bz[..bz.len() / 2].to_vec()),
        ("truncated.pgn.zst", zst[..zst.len() / 2].to_vec()),
        ("corrupt.pgn.gz", corrupt),
    ];
    for (name, content) in cases {
        let path = write(&dir, name, &content);
        let run = audit(&[&path], None);
        // From four threads on the stream is decompressed ahead on a
        // thread of its own: the same rows, the damage met at the same game.
        let ahead = audit(&[&path, "--threads", "4"], None);
        assert!(ahead.verdicts_raw == run.verdicts_raw, "{name}: verdicts");
        assert!(
            ahead.incidents_raw == run.incidents_raw,
            "{name}: incidents"
        );
        assert_eq!(ahead.code(), Some(1), "{name}: {}", ahead.stderr());
        assert_eq!(run.code(), Some(1), "{name}: {}", run.stderr());
        assert!(run.stderr().contains(name), "{name}: {}", run.stderr());
        assert!(
            !run.stderr().contains("panicked"),
            "{name}: {}",
            run.stderr()
        );
        // The games read before the damage are audited; the one it cut is
        // an error row that says so.
        assert!(run.verdicts.len() > 100, "{name}: {}", run.verdicts.len());
        let last = run.verdicts.last().unwrap();
        assert_eq!(last["status"], "error", "{name}: {last:?}");
        assert!(
            last["reason"].contains("ends inside this game"),
            "{name}: {}",
            last["reason"]
        );
        let rows = run.verdicts.len();
        assert!(
            run.stderr()
                .contains(&format!("{rows} games read; {rows} verdict rows"))
        );
    }
}

#[test]
fn one_bad_file_among_good_ones() {
    let dir = tempfile::tempdir().unwrap();
    let good = repo("samples/rules/flag-win-stands.pgn");
    let other = repo("samples/rules/15.4.3-time-claim-no-flag.pgn");
    let bad = write(
        &dir,
        "bad.pgn.gz",
        b"\x1f\x8b\x08\x00garbage that is not deflate",
    );
    let run = audit(
        &[good.to_str().unwrap(), &bad, other.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code(), Some(1));
    assert!(run.stderr().contains("bad.pgn.gz"), "{}", run.stderr());
    assert_eq!(
        run.verdicts
            .iter()
            .filter(|r| r["status"] == "confirmed")
            .count(),
        2
    );
}

#[test]
fn binary_junk() {
    // Deterministic junk: every byte value, NULs and all, no newlines for long stretches.
    let mut x: u32 = 12345;
    let junk: Vec<u8> = (0..2_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect();
    // Alone, it is named as no PGN and nothing is written.
    let run = audit(&["-"], Some(&junk));
    assert_eq!(run.code(), Some(1), "{}", run.stderr());
    assert!(
        run.stderr()
            .contains("not a PGN file: it holds binary data"),
        "{}",
        run.stderr()
    );
    assert!(run.verdicts.is_empty());
    // After a real game (the file looks like PGN), every piece is audited.
    let mut file = b"[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n".to_vec();
    file.extend(&junk);
    let run = audit(&["-"], Some(&file));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert!(!run.stderr().contains("panicked"));
    let n = run.verdicts.len();
    assert!(n > 1);
    assert_accounted(&run, n);
    assert!(run.verdicts[1..].iter().all(|r| r["status"] == "error"));
    // No control byte reaches a CSV cell.
    let text = String::from_utf8_lossy(&run.verdicts_raw);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control byte in verdicts.csv"
    );
}

#[test]
fn encodings_and_line_ends() {
    let latin1 = b"[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n";
    let bad_utf8 = b"[Event \"x\"]\n[Black \"\xff\xfe\"]\n\n1. e4 \xff 2. d4 *\n\n";
    let bom = "\u{feff}[Event \"bom\"]\n\n1. e4 *\n\n".as_bytes();
    let crlf = b"[Event \"crlf\"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n\r\n";
    let cr = b"[Event \"cr\"]\r\r1. e4 e5\r2. Nf3 *\r\r[Event \"cr2\"]\r\r1. d4 *\r";
    let input = [&latin1[..], bad_utf8, bom, crlf, cr].concat();
    let run = audit(&["-"], Some(&input));
    assert_accounted(&run, 6);
    let events: Vec<&str> = run.verdicts.iter().map(|r| r["event"].as_str()).collect();
    assert_eq!(events, ["Café", "x", "bom", "crlf", "cr", "cr2"]);
    assert_eq!(run.verdicts[0]["white"], "Müller");
    assert_eq!(run.verdicts[1]["status"], "error");
    assert_eq!(run.verdicts[4]["plies"], "3");
}

#[test]
fn games_missing_parts() {
    let pgn = "[Event \"no moves\"]\n[Result \"1-0\"]\n\n1-0\n\n\
               1. e4 e5 2. Nf3 *\n\n\
               [Event \"no result\"]\n\n1. d4 d5\n\n\
               [Event \"unclosed comment\"]\n\n1. e4 {never closed\n\n\
               [Event \"unclosed quote]\n\n1. c4 *\n\n\
               [Event \"nested\"]\n\n1. e4 { a { b } c } e5 *\n\n\
               [Event \"tags only\"]\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_accounted(&run, 7);
    let status: Vec<&str> = run.verdicts.iter().map(|r| r["status"].as_str()).collect();
    // No move and a decisive result, no word about either: a pairing
    // program's round, whose result stands unchecked (issue 76).
    assert_eq!(status[..3], ["confirmed", "confirmed", "confirmed"]);
    assert!(run.verdicts[0]["reason"].starts_with("no move is recorded, only the result"));
    assert_eq!(status[3], "error");
    assert!(run.verdicts[3]["reason"].contains("never closed"));
    assert_eq!(run.verdicts[4]["event"], "unclosed quote");
    assert_eq!(status[6], "review", "tags only: no move, no result");
}

/// Round 5's note: `{ forfeit } 1-0` and no move goes to review (a comment
/// is nobody's ruling), and the reason quotes the comment instead of
/// saying the record has no word of a forfeit.
#[test]
fn a_comment_before_a_bare_result_is_quoted() {
    let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n{ forfeit } 1-0\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_accounted(&run, 1);
    assert_eq!(run.verdicts[0]["status"], "review");
    let reason = &run.verdicts[0]["reason"];
    assert!(
        reason.contains("1-0 after the comment “forfeit”"),
        "{reason}"
    );
    assert!(!reason.contains("without a word"), "{reason}");
}

#[test]
fn enormous_comment_is_an_error_row_and_reading_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut pgn =
        b"[Event \"before\"]\n\n1. e4 *\n\n[Event \"huge\"]\n[Site \"big\"]\n\n1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(b'x', 100_000_000));
    pgn.extend(b"} e5 *\n\n[Event \"after\"]\n\n1. d4 *\n");
    let path = write(&dir, "huge.pgn", &pgn);
    drop(pgn);
    let run = audit(&[&path], None);
    assert_accounted(&run, 3);
    assert_eq!(run.verdicts[1]["status"], "error");
    assert_eq!(run.verdicts[1]["site"], "big");
    assert!(
        run.verdicts[1]["reason"].contains("--max-game-bytes"),
        "{}",
        run.verdicts[1]["reason"]
    );
    assert_eq!(run.verdicts[2]["status"], "confirmed");
    // The limit can be raised.
    let run = audit(&[&path, "--max-game-bytes", "200000000"], None);
    assert_accounted(&run, 3);
    assert_eq!(run.verdicts[1]["status"], "confirmed");
}

#[test]
fn a_game_of_a_million_plies() {
    let mut pgn = String::from("[Event \"long\"]\n[Result \"1/2-1/2\"]\n\n");
    for i in 0..250_000 {
        let n = 2 * i + 1;
        pgn.push_str(&format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1));
    }
    pgn.push_str("1/2-1/2\n");
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_accounted(&run, 1);
    assert_eq!(run.verdicts[0]["plies"], "1000000");
    assert_eq!(run.verdicts[0]["status"], "confirmed");
}

#[test]
fn ten_thousand_games_glued_together() {
    let one = "[Event \"g\"]\n[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 0-1";
    let pgn = vec![one; 10_000].join("\n");
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_accounted(&run, 10_000);
    assert!(run.verdicts.iter().all(|r| r["rule"] == "checkmate"));
}

#[test]
fn impossible_setups_and_variants() {
    let pgn = "[Event \"no king\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
               [Event \"nine queens\"]\n[FEN \"QQQQQQQQ/8/8/3k4/8/8/8/Q3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Kf2 1-0\n\n\
               [Event \"two kings\"]\n[FEN \"k7/8/8/8/8/8/8/KK6 w - - 0 1\"]\n\n1. Ka2 *\n\n\
               [Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_accounted(&run, 4);
    let status: Vec<&str> = run.verdicts.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status[0], "error");
    assert_ne!(status[1], "error", "{}", run.verdicts[1]["reason"]);
    assert_eq!(status[2], "error");
    assert_eq!(status[3], "error");
    assert!(run.verdicts[3]["reason"].contains("not standard chess"));
    assert!(
        run.verdicts[0]["reason"].starts_with("standard input, game 1"),
        "{}",
        run.verdicts[0]["reason"]
    );
}

#[test]
fn error_rows_name_source_game_line_and_token() {
    let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5\n2. Nf3 Qz9 *\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    let reason = &run.verdicts[1]["reason"];
    assert!(reason.starts_with("standard input, game 2:"), "{reason}");
    assert!(reason.contains("line 8:"), "{reason}");
    assert!(reason.contains("`Qz9`"), "{reason}");
}

#[test]
fn spreadsheet_formulas_are_defused() {
    let pgn = "[Event \"=HYPERLINK(\\\"http://evil\\\",\\\"x\\\")\"]\n[Round \"-\"]\n[White \"+1 player\"]\n\
               [Black \"@me\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    let row = &run.verdicts[0];
    assert_eq!(row["event"], "'=HYPERLINK(\"http://evil\",\"x\")");
    assert_eq!(row["round"], "-");
    assert_eq!(row["white"], "'+1 player");
    assert_eq!(row["black"], "'@me");
    let raw = audit(&["--raw", "-"], Some(pgn.as_bytes()));
    assert_eq!(
        raw.verdicts[0]["event"],
        "=HYPERLINK(\"http://evil\",\"x\")"
    );
}

#[test]
fn unwritable_output_leaves_no_report() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(&dir, "not-a-dir", b"x");
    let out = format!("{file}/report");
    let status = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["audit", repo("samples").to_str().unwrap(), "-o", &out])
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(
        stderr.contains("cannot create the report directory (-o)"),
        "{stderr}"
    );
}

#[test]
fn full_disk_fails_cleanly() {
    // A file-size limit stands in for a full disk: writes fail with EFBIG.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let bin = env!("CARGO_BIN_EXE_pgn-arbiter");
    let script = format!(
        "trap '' XFSZ; ulimit -f 64; exec '{bin}' audit '{}' -o '{}'",
        data("lichess-2021-10-first-999.pgn").display(),
        out.display()
    );
    let run = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("writing the reports failed") || stderr.contains("cannot write"),
        "{stderr}"
    );
    // Nothing that looks like a finished report is left behind.
    assert!(!out.join("verdicts.csv").exists());
    assert!(!out.join("incidents.csv").exists());
    assert!(!out.join(".verdicts.csv.partial").exists());
}

#[test]
fn closed_stdout_and_stderr_do_not_matter() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let status = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args([
            "audit",
            repo("samples").to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(out.join("verdicts.csv").exists());
}

/// A `TimeControl` whose numbers overflow the arithmetic is no control:
/// read from the clocks (here none), whatever the size of the number.
#[test]
fn absurd_time_controls_are_unusable_not_wrapped() {
    let game = |tc: &str| {
        format!(
            "[Event \"t\"]\n[Result \"1-0\"]\n[TimeControl \"{tc}\"]\n\n\
             1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 {{[%claim illegal white]}} 1-0\n\n"
        )
    };
    let pgn: String = [
        "0+99999999999999",
        "0+307445734561825.92",
        "99999999999999999999+0",
    ]
    .iter()
    .map(|tc| game(tc))
    .collect();
    let run = audit(&["-", "--laws", "fide-2014"], Some(pgn.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    for r in &run.verdicts {
        assert_eq!(r["category"], "unknown", "{}", r["time_control"]);
        assert_eq!(r["time_control_read"], "none", "{}", r["time_control"]);
        assert_eq!(
            (r["status"].as_str(), r["rule"].as_str()),
            (
                run.verdicts[0]["status"].as_str(),
                run.verdicts[0]["rule"].as_str()
            )
        );
    }
}

#[test]
fn explain_prints_control_characters_from_the_record_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = "[Event \"E\u{1b}]0;PWNED\u{7}\u{1b}[2J\"]\n[White \"Ann\u{1b}[8m\"]\n[Black \"Bob\"]\n\
               [Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {Bob\u{1b}[8m resigns} 1-0\n";
    let path = write(&dir, "esc.pgn", pgn.as_bytes());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["explain", &path])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains("Ann\\x1b[8m (White)"), "{text}");
    assert!(text.contains("E\\x1b]0;PWNED\\x07\\x1b[2J"), "{text}");
}

#[test]
fn a_game_size_limit_below_what_is_always_kept_is_refused() {
    let run = audit(&["-", "--max-game-bytes", "2000"], Some(b"1. e4 *\n"));
    assert_eq!(run.code(), Some(2));
    assert!(
        run.stderr().contains("2000 is below 65536"),
        "{}",
        run.stderr()
    );
}

#[test]
fn an_unplayed_game_goes_to_review_and_into_the_html_index() {
    // Issue 33's case: no move, no result, `Termination "normal"`.
    let pgn = "[Event \"x\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\
               [Termination \"normal\"]\n\n*\n\n\
               [Event \"y\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n[Result \"0-1\"]\n\n0-1\n\n\
               [Event \"z\"]\n[White \"Eve\"]\n[Black \"Fay\"]\n[Result \"1-0\"]\n\
               [Termination \"forfeit\"]\n\n1-0\n\n";
    let site = tempfile::tempdir().unwrap();
    let html = site.path().join("site");
    let run = audit(
        &["-", "--html", html.to_str().unwrap()],
        Some(pgn.as_bytes()),
    );
    let status: Vec<&str> = run.verdicts.iter().map(|r| r["status"].as_str()).collect();
    // No result: review. A result and no move nor word (a pairing
    // program's round, issue 76): it stands unchecked.
    assert_eq!(status, ["review", "confirmed", "confirmed"]);
    assert!(
        run.verdicts[0]["reason"].starts_with("unplayed or not recorded"),
        "{}",
        run.verdicts[0]["reason"]
    );
    assert_eq!(run.verdicts[1]["ending"], "no-moves");
    assert!(run.verdicts[1]["reason"].contains("unchecked"));
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(index.contains("Ann"), "the unplayed game is in the index");
}

#[test]
fn the_summary_counts_the_games_of_no_category_and_why() {
    let pgn = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[TimeControl \"blitz\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert!(
        run.stderr().contains(
            "  no category: 2 game(s) (a TimeControl tag that cannot be read, and too few clock \
             readings to infer one: 1, no TimeControl tag, and too few clock readings to infer \
             one: 1)"
        ),
        "{}",
        run.stderr()
    );
}
