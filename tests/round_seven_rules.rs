//! Round seven's findings on the federations' rules applied outside the
//! periods, categories and dates they state (the repros d52–d56 of
//! `adversarial/round-7`, made here without `../shared`): US Chess's 14G
//! only in sudden death, its blitz chapter, 14H not with a delay; d52's
//! categories are in `editions.rs`, the rating texts in `tournament.rs`.

use crate::common::*;

/// A US game of `control` ending `result` after `moves`.
fn us_game(control: &str, result: &str, moves: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"x\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"{result}\"]\n[TimeControl \"{control}\"]\n\n{moves} {result}\n\n"
    )
}

/// A row's status, correct result and rule.
fn verdict(row: &Row) -> (&str, &str, &str) {
    (&row["status"], &row["correct_result"], &row["rule"])
}

/// The rows of a CSV report.
fn csv_rows(path: &std::path::Path) -> Vec<Row> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let record = r.unwrap();
            headers
                .iter()
                .zip(record.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// `pgn-arbiter tournament TRF PGN -o OUT`.
fn tournament(
    trf: &std::path::Path,
    pgn: &std::path::Path,
    out: &std::path::Path,
) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("tournament")
        .args([trf, pgn])
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

fn us_chess(pgns: &[String]) -> Run {
    let run = audit(
        &["--laws", "us-chess-7", "-"],
        Some(pgns.concat().as_bytes()),
    );
    assert_eq!(run.verdicts.len(), pgns.len(), "{}", run.stderr());
    run
}

/// d55: both clocks at zero at move 6. In a 40-move first period the game
/// goes on (14G draws only in sudden death): the record's 0-1 is left to
/// the arbiter. In G/90 it is drawn; with no control read, nobody can say.
#[test]
fn d55_both_flags_draw_only_in_sudden_death() {
    let moves = "1. e4 {[%clk 1:20:00]} e5 {[%clk 1:25:00]} 2. Nf3 {[%clk 0:50:00]} Nc6 \
                 {[%clk 0:40:00]} 3. Bb5 {[%clk 0:20:00]} a6 {[%clk 0:10:00]} 4. Ba4 \
                 {[%clk 0:05:00]} Nf6 {[%clk 0:02:00]} 5. O-O {[%clk 0:00:30]} Be7 \
                 {[%clk 0:00:09]} 6. Re1 {[%clk 0:00:00]} b5 {[%clk 0:00:00]}";
    let run = us_chess(&[
        us_game("40/5400:1800", "0-1", moves),
        us_game("5400", "0-1", moves),
        us_game("?", "0-1", moves),
    ]);
    let [before, sudden, unknown] = &run.verdicts[..] else {
        unreachable!()
    };
    assert_eq!(verdict(before).0, "review");
    assert_eq!(verdict(before).1, "0-1");
    assert!(
        before["reason"].contains("before any sudden-death period; there the game goes on"),
        "{}",
        before["reason"]
    );
    assert_eq!(verdict(sudden), ("corrected", "1/2-1/2", "14G"));
    assert_eq!(unknown["status"], "review");
    assert!(
        unknown["reason"].contains("no time control is read"),
        "{}",
        unknown["reason"]
    );
}

/// d53: in US Chess blitz a completed illegal move, claimed before the
/// claimant moves, loses (the blitz chapter's 7d) when the claimant has
/// mating material (7c); without it the game is drawn (8d). The same claim
/// in a quick game costs two minutes and loses nothing (11D).
#[test]
fn d53_blitz_illegal_move_claimed_loses() {
    let claimed = "1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 {[%claim illegal white]}";
    let run = us_chess(&[
        us_game("300", "1-0", claimed),
        us_game("G/5;d0", "1-0", claimed),
        us_game("180+2", "1-0", claimed),
        us_game("G/15", "1-0", claimed),
    ]);
    for row in &run.verdicts[..3] {
        assert_eq!(row["category"], "blitz");
        let reason = &row["reason"];
        assert_eq!(verdict(row), ("confirmed", "1-0", "B7d"), "{reason}");
        assert!(
            row["reason"].contains("White has mating material"),
            "{}",
            row["reason"]
        );
    }
    let quick = &run.verdicts[3];
    assert_eq!(
        (quick["category"].as_str(), quick["status"].as_str()),
        ("quick", "review")
    );
    assert!(
        quick["reason"].contains("none loses (11D"),
        "{}",
        quick["reason"]
    );
}

/// The blitz chapter's 7c and 8d: a king and a knight is no mating
/// material in blitz, forced mate or not (14E2 would look for one); two
/// knights are (14E3 would not let them win against a side without pawns).
#[test]
fn blitz_wins_on_time_by_mating_material() {
    let game = |fen: &str, moves: &str| {
        format!(
            "[Event \"E\"]\n[Site \"x\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"W\"]\n\
             [Black \"B\"]\n[Result \"1-0\"]\n[TimeControl \"300\"]\n[Termination \"time forfeit\"]\n\
             [SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} 1-0\n\n"
        )
    };
    let run = us_chess(&[
        // White K+N, Black K+P flags: the knight's forced mate in 6 does not count.
        game("8/8/8/8/8/p7/k1K5/1N6 b - - 0 1", "1... Ka1"),
        // White K+N+N against a bare king: two minor pieces are mating material.
        game("8/8/8/8/8/2k5/8/1NNK4 b - - 0 1", "1... Kc4"),
    ]);
    let (knight, knights) = (&run.verdicts[0], &run.verdicts[1]);
    assert_eq!(
        verdict(knight),
        ("corrected", "1/2-1/2", "B8d"),
        "{}",
        knight["reason"]
    );
    assert!(
        knight["reason"].contains("White has no mating material"),
        "{}",
        knight["reason"]
    );
    assert_eq!(
        verdict(knights),
        ("confirmed", "1-0", "13C"),
        "{}",
        knights["reason"]
    );
    assert!(
        knights["reason"].contains("White has mating material"),
        "{}",
        knights["reason"]
    );
}

/// 14H1: no claim of insufficient losing chances with a delay set.
#[test]
fn fourteen_h_is_not_available_with_delay() {
    let moves = "1. e4 e5 2. Nf3 {[%clk 0:01:30]} Nc6 {[%clk 0:20:00]} {[%claim draw white]}";
    let run = us_chess(&[
        us_game("G/30;d5", "1/2-1/2", moves),
        us_game("G/30", "1/2-1/2", moves),
    ]);
    let (delay, none) = (&run.verdicts[0], &run.verdicts[1]);
    assert!(
        delay["reason"]
            .contains("only in games without delay or increment, and this one has a delay of"),
        "{}",
        delay["reason"]
    );
    assert!(
        !none["reason"].contains("without delay"),
        "{}",
        none["reason"]
    );
}

/// A four-player report of `date` (`122` control `control` where given),
/// Alpha (2200) beating Gamma (1600) and Delta (1700), and one game's PGN;
/// the tournament command's terminal and `ratings.csv` rows.
fn rated_event(date: &str, control: &str) -> (String, Vec<Row>) {
    let dir = tempfile::tempdir().unwrap();
    let control = match control {
        "" => String::new(),
        c => format!("122 {c}\n"),
    };
    let report = format!(
        "012 Test\n042 {date}\n{control}\
         001    1      Alpha,A                           2200         1000001 1980-01-01  2.0    1     3 w 1     4 b 1\n\
         001    2      Beta,B                            2000         1000002 1980-01-01  1.0    2     4 w 1     3 b 0\n\
         001    3      Gamma,C                           1600         1000003 1980-01-01  1.0    3     1 b 0     2 w 1\n\
         001    4      Delta,D                           1700         1000004 1980-01-01  0.0    4     2 b 0     1 w 0\n"
    );
    let game = "[Event \"Test\"]\n[Site \"x\"]\n[Round \"1\"]\n[White \"Alpha, A\"]\n\
                [Black \"Gamma, C\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let (trf, pgn, out) = (
        dir.path().join("r.trf"),
        dir.path().join("g.pgn"),
        dir.path().join("out"),
    );
    std::fs::write(&trf, report).unwrap();
    std::fs::write(&pgn, game).unwrap();
    let run = tournament(&trf, &pgn, &out);
    let terminal =
        String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
    let ratings = out.join("ratings.csv");
    // The columns are written even when no text rates the event.
    let header = std::fs::read_to_string(&ratings).unwrap();
    assert!(header.starts_with("start_no,"), "{terminal}");
    let rows = csv_rows(&ratings);
    (terminal, rows)
}

/// d54: from January 2022 to February 2024 the 400-point rule benefits a
/// player once an event (B.02 8.3.1 of 2022; abolished on 1 March 2024):
/// Alpha gets it for the 600-point game only, 20 × (0.08 + 0.04); in
/// March 2024 for both, 20 × (0.08 + 0.08).
#[test]
fn d54_the_400_point_rule_once_an_event_before_march_2024() {
    let (terminal, rows) = rated_event("2023-11-01", "");
    assert!(
        terminal.contains("regulations of 1 January 2022"),
        "{terminal}"
    );
    assert!(
        terminal.contains("benefits a higher rated player once"),
        "{terminal}"
    );
    assert_eq!(rows[0]["change_before"], "2.40");
    let (_, rows) = rated_event("2024-03-01", "");
    assert_eq!(rows[0]["change_before"], "3.20");
}

/// d56: FIDE rated rapid from 1 January 2012: a rapid event of 2010 gets
/// no change, and the terminal says why; a standard one of 2005 is before
/// every text the project holds, and it says so.
#[test]
fn d56_no_text_no_change() {
    let (terminal, rows) = rated_event("2010-05-01", "15 minutes plus 10 sec per move");
    assert!(rows.is_empty(), "{rows:?}");
    assert!(
        terminal.contains("rating changes: none: FIDE rated no rapid or blitz event that started before 1 January 2012"),
        "{terminal}"
    );
    let (terminal, rows) = rated_event("2005-05-01", "");
    assert!(rows.is_empty(), "{rows:?}");
    assert!(
        terminal
            .contains("holds no text of FIDE's rating regulations for events before 1 July 2008"),
        "{terminal}"
    );
    let (terminal, rows) = rated_event("2012-05-01", "15 minutes plus 10 sec per move");
    assert!(
        terminal.contains("for rapid and blitz of 2012"),
        "{terminal}"
    );
    assert_eq!(rows[0]["k"], "20.0");
}

/// Issue 67's team files as FIDE's calculator reads them: byes of every
/// kind as `320`/`240 F/H/Z` records, and the same byes as the members'
/// cells with no colour, whose `310` totals count a pairing-allocated bye's
/// `U` cells as game points with a drawn match's match points (the
/// calculator's reading; no `320` line). Both score as their `310` lines
/// and the calculator do.
#[test]
fn team_byes_of_every_kind_score_as_the_310_lines_and_the_calculator() {
    for name in ["team-byes-records.trf", "team-byes-cells.trf"] {
        let dir = tempfile::tempdir().unwrap();
        let (games, out) = (dir.path().join("g.pgn"), dir.path().join("out"));
        std::fs::write(&games, "").unwrap();
        let trf = data(&format!("tournaments/team/{name}"));
        let run = tournament(&trf, &games, &out);
        let said = String::from_utf8_lossy(&run.stdout).into_owned();
        assert_eq!(run.status.code(), Some(0), "{said}");
        assert!(!said.contains("declares"), "{name}: {said}");
        let text = std::fs::read_to_string(&trf).unwrap();
        let rows = csv_rows(&out.join("team-standings.csv"));
        for line in text.lines().filter(|l| l.starts_with("310")) {
            let team = line[4..7].trim();
            let row = rows.iter().find(|r| r["team"] == team).unwrap();
            let declared = |at: std::ops::Range<usize>| line[at].trim().parse::<f64>().unwrap();
            assert_eq!(
                row["mp_before"].parse::<f64>().unwrap(),
                declared(54..60),
                "{name} {team}"
            );
            assert_eq!(
                row["gp_before"].parse::<f64>().unwrap(),
                declared(61..67),
                "{name} {team}"
            );
        }
        if name == "team-byes-cells.trf" {
            assert!(
                said.contains("as game points and a drawn match's match points"),
                "{said}"
            );
        }
    }
}
