//! Round six's g40 (`adversarial/round-6`, made here without `../shared`):
//! the appeal door takes the row's options. `explain` and `tournament`
//! accept every option that changes a verdict, from the one resolved
//! configuration, and the HTML report says how to reproduce a row.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::common::*;

/// A claim of an illegal move kept outside the PGN, a blitz game, and a
/// 10.2 claim in K+R v K+R: each judged otherwise with its option.
const GAMES: &str = "[Event \"Club rapid\"]\n[Site \"https://example.org/g/1\"]\n[Round \"1\"]\n\
[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[TimeControl \"900+10\"]\n\n\
1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 4. Nc3 Be7 0-1\n\n\
[Event \"Club blitz\"]\n[Site \"https://example.org/g/2\"]\n[White \"C\"]\n[Black \"D\"]\n\
[Result \"1-0\"]\n[TimeControl \"180+2\"]\n\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 4. Nc3 Be7 1-0\n\n\
[Event \"Club rapid\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n\
[FEN \"8/8/4k3/8/8/3K4/r7/7R w - - 0 60\"]\n[TimeControl \"900+0\"]\n\n\
60. Rh6+ {[%clk 0:01:40]} Kd5 {[%clk 0:05:00]} {[%claim draw white]} 1/2-1/2\n\n";

const CLAIMS: &str =
    "site,event,round,white,black,ply,command\nhttps://example.org/g/1,,,,,6,claim illegal white\n";

fn pgn_arbiter(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What explain's verdict line says of a row's status.
fn told_as(status: &str) -> &'static str {
    match status {
        "corrected" => "the correct result is",
        "confirmed" => "is confirmed",
        _ => "must decide",
    }
}

/// g40: for each option, the audit row and `explain --game N` with the
/// same option agree; without it, they would not.
#[test]
fn g40_explain_takes_the_options_that_made_the_row() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("games.pgn"), GAMES).unwrap();
    fs::write(dir.path().join("claims.csv"), CLAIMS).unwrap();
    let syzygy = data("syzygy");
    let cases: [(usize, Vec<&str>); 3] = [
        (1, vec!["--events", "claims.csv"]),
        (2, vec!["--only-rapid"]),
        (3, vec!["--syzygy", syzygy.to_str().unwrap()]),
    ];
    for (game, options) in cases {
        let mut args = vec!["audit", "games.pgn", "-o", "out"];
        args.extend(&options);
        let audited = pgn_arbiter(dir.path(), &args);
        assert_eq!(audited.status.code(), Some(0), "{}", text(&audited.stderr));
        let mut verdicts = csv::Reader::from_path(dir.path().join("out/verdicts.csv")).unwrap();
        let column = verdicts
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == "status");
        let rows: Vec<csv::StringRecord> = verdicts.records().map(|r| r.unwrap()).collect();
        let status = rows[game - 1][column.unwrap()].to_string();
        let number = game.to_string();
        let mut args = vec!["explain", "games.pgn", "--game", &number, "--no-color"];
        args.extend(&options);
        let told = text(&pgn_arbiter(dir.path(), &args).stdout);
        let verdict = told.lines().find(|l| l.starts_with("Verdict:")).unwrap();
        assert!(
            verdict.contains(told_as(&status)),
            "{options:?}: {status}: {verdict}"
        );
        let plain = pgn_arbiter(dir.path(), &["explain", "games.pgn", "--game", &number]);
        let plain = text(&plain.stdout);
        let before = plain.lines().find(|l| l.starts_with("Verdict:")).unwrap();
        assert_ne!(before, verdict, "{options:?} changes nothing");
    }
}

/// A value an option refuses is a usage error at every door alike.
#[test]
fn g40_a_refused_option_is_a_usage_error_at_explain_too() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("games.pgn"), GAMES).unwrap();
    for args in [
        vec!["explain", "games.pgn", "--events", "missing.csv"],
        vec!["explain", "games.pgn", "--clock-tolerance", "-1"],
        vec!["explain", "games.pgn", "--max-game-bytes", "10"],
    ] {
        let run = pgn_arbiter(dir.path(), &args);
        assert_eq!(
            run.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&run.stderr)
        );
    }
}

/// g40: `tournament` takes the events file and judges its games with it.
#[test]
fn g40_tournament_judges_its_games_with_the_events_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("games.pgn"), GAMES).unwrap();
    fs::write(dir.path().join("claims.csv"), CLAIMS).unwrap();
    let report = data("tournaments/u19-2010/report.trf");
    let args = [
        "tournament",
        report.to_str().unwrap(),
        "games.pgn",
        "-o",
        "t",
        "--events",
        "claims.csv",
        "--only-rapid",
    ];
    let run = pgn_arbiter(dir.path(), &args);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let verdicts = fs::read_to_string(dir.path().join("t/verdicts.csv")).unwrap();
    let rows: Vec<&str> = verdicts.lines().skip(1).collect();
    assert!(rows[0].contains(",corrected,"), "{}", rows[0]);
    assert!(rows[1].contains(",review,"), "{}", rows[1]);
}

/// g40: the HTML report names the options that reproduce its rows, a
/// path with a blank quoted as a shell reads it.
#[test]
fn g40_the_html_report_says_how_to_reproduce_a_row() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("games.pgn"), GAMES).unwrap();
    fs::write(dir.path().join("my claims.csv"), CLAIMS).unwrap();
    let args = [
        "audit",
        "games.pgn",
        "-o",
        "out",
        "--html",
        "html",
        "--events",
        "my claims.csv",
        "--only-rapid",
        "--laws",
        "fide-2018",
    ];
    let run = pgn_arbiter(dir.path(), &args);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let flags = "--laws fide-2018 --only-rapid --events &#39;my claims.csv&#39;";
    let index = fs::read_to_string(dir.path().join("html/index.html")).unwrap();
    assert!(
        index.contains(&format!("explain FILE --game N {flags}")),
        "{index}"
    );
    let page = fs::read_to_string(dir.path().join("html/games/games-1.html")).unwrap();
    let line = format!("pgn-arbiter explain games.pgn --game 1 {flags}");
    assert!(page.contains(&line), "{page}");
}
