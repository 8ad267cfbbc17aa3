//! Round six's findings on the team wing (the repros g20–g34 of
//! `adversarial/round-6`, made here without `../shared`): team records
//! checked like player records, corrections reaching the right match,
//! team tie-breaks as C.07 writes them, bounded time, and FIDE TEC's own
//! team file read as TRF-2026 and its calculator read it.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use crate::common::*;

/// A `001` line as the probe's `gen.py` writes it: rating 2000, NOR, each
/// cell `(opponent, colour, result)`.
fn player(no: u32, name: &str, points: f64, cells: &[(&str, &str, &str)]) -> String {
    let mut line = format!(
        "001 {no:>4}      {name:<33} 2000 NOR {:>11} {:>10} {points:4.1} {:>4}",
        "", "", 0
    );
    for (opponent, colour, result) in cells {
        line.push_str(&format!("  {opponent:>4} {colour} {result}"));
    }
    line
}

/// A `310` line: number, name, declared match points, game points and
/// rank (blank when empty), members.
fn team_310(no: u32, name: &str, declared: [&str; 3], members: &[u32]) -> String {
    let [mp, gp, rank] = declared;
    let members: Vec<String> = members.iter().map(|m| format!("{m:>4}")).collect();
    format!(
        "310 {no:>3} {name:<32} {:<5} {:>6} {mp:>6} {gp:>6} {rank:>3}  {}",
        "",
        "",
        members.join(" ")
    )
}

/// Alpha (1, 2) beats Bravo (3, 4) 2-0 in round 1; later rounds nobody is
/// paired; `extra` lines after the teams.
fn two_teams(extra: &[&str], rounds: usize) -> Vec<String> {
    let rest = vec![("0000", "-", "-"); rounds - 1];
    let cells = |first: (&'static str, &'static str, &'static str)| {
        let mut all = vec![first];
        all.extend(rest.iter().copied());
        all
    };
    let mut lines = vec![
        "012 Two teams".to_string(),
        "042 2025/01/01".into(),
        format!("XXR {rounds}"),
        player(1, "A1, A", 1.0, &cells(("3", "w", "1"))),
        player(2, "A2, A", 1.0, &cells(("4", "b", "1"))),
        player(3, "B1, B", 0.0, &cells(("1", "b", "0"))),
        player(4, "B2, B", 0.0, &cells(("2", "w", "0"))),
        team_310(1, "Alpha", ["", "", ""], &[1, 2]),
        team_310(2, "Bravo", ["", "", ""], &[3, 4]),
    ];
    lines.extend(extra.iter().map(|l| l.to_string()));
    lines
}

/// A finished `tournament` run in its own folder.
struct Checked {
    output: Output,
    dir: tempfile::TempDir,
    /// The reports' folder, in `dir`.
    out: &'static str,
}

impl Checked {
    fn code(&self) -> Option<i32> {
        self.output.status.code()
    }

    fn said(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
            + &String::from_utf8_lossy(&self.output.stderr)
    }

    fn out(&self, name: &str) -> PathBuf {
        self.dir.path().join(self.out).join(name)
    }

    /// team-standings.csv, each row by the team's name.
    fn teams(&self) -> HashMap<String, HashMap<String, String>> {
        let mut reader = csv::Reader::from_path(self.out("team-standings.csv")).unwrap();
        let headers = reader.headers().unwrap().clone();
        reader
            .records()
            .map(|r| {
                let row: HashMap<String, String> = headers
                    .iter()
                    .zip(r.unwrap().iter())
                    .map(|(h, v)| (h.to_string(), v.to_string()))
                    .collect();
                (row["name"].clone(), row)
            })
            .collect()
    }

    /// A team's value of a column, as a number.
    fn value(&self, team: &str, column: &str) -> f64 {
        self.teams()[team][column].parse().unwrap()
    }
}

/// `pgn-arbiter tournament` on the report `lines` (and `games`) with `args`.
fn check(lines: &[String], games: &str, args: &[&str]) -> Checked {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("t.trf"), lines.join("\n") + "\n").unwrap();
    fs::write(dir.path().join("g.pgn"), games).unwrap();
    check_file(dir, Path::new("t.trf"), "out", args)
}

/// `pgn-arbiter tournament REPORT g.pgn -o OUT ARGS`, run in `dir`.
fn check_file(dir: tempfile::TempDir, report: &Path, out: &'static str, args: &[&str]) -> Checked {
    let output = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .current_dir(dir.path())
        .arg("tournament")
        .arg(report)
        .args(["g.pgn", "-o", out])
        .args(args)
        .output()
        .unwrap();
    Checked { output, dir, out }
}

/// A refused report: exit 1, its line named, nothing written.
fn assert_refused(run: &Checked, line: usize, why: &str) {
    let said = run.said();
    assert_eq!(run.code(), Some(1), "{said}");
    assert!(said.contains(&format!("line {line}")), "{said}");
    assert!(said.contains(why), "{said}");
    assert!(!run.out("team-standings.csv").exists(), "{said}");
}

/// g20: a `362` whose loss is worth more than a win, or whose three values
/// are one, is refused as `--match-points` would be.
#[test]
fn g20_a_362_line_not_win_above_draw_above_loss_is_refused() {
    for values in ["362 TW 0.0 TD 1.0 TL 2.0", "362 TW 1.0 TD 1.0 TL 1.0"] {
        let run = check(&two_teams(&[values], 1), "", &[]);
        assert_refused(&run, 10, "a win must be worth more than a draw");
    }
}

/// g21, g23: a team record naming a team or round the event lacks is an
/// error naming its line, never a panic.
#[test]
fn g21_g23_team_records_out_of_range_are_named_errors() {
    let records = [
        "330 +- 002 001 009",
        "330 +- 005 001 002",
        "240 H 002 0009",
        "240 H 009 0001",
        "320  1.0  1.0 000 009",
        "320  1.0  1.0 000 000 001 002 001",
        "300   1   9   2 0002 0001",
        "300   9   1   2 0002 0001",
    ];
    for record in records {
        let run = check(&two_teams(&[record], 2), "", &[]);
        assert_refused(&run, 10, "");
        assert!(!run.said().contains("panicked"), "{record}: {}", run.said());
    }
}

/// g22: a `300` line-up naming another team's player, a start number no
/// `001` line gives, or one player on two boards is refused.
#[test]
fn g22_a_lineup_naming_a_stranger_or_a_player_twice_is_refused() {
    for lineup in [
        "300   1   1   2 0003 0002",
        "300   1   1   2 0099 0002",
        "300   1   1   2 0001 0001",
    ] {
        let run = check(&two_teams(&[lineup], 1), "", &[]);
        assert_refused(&run, 10, "");
    }
}

/// g24: an empty board keeps its number (C.07 12.1's BC counts boards as
/// fielded): Alpha's win on board 2 counts 2, Bravo's unopposed point on
/// board 1 counts 1, and Bravo ranks first on BC.
#[test]
fn g24_an_empty_board_keeps_the_board_numbers() {
    let lines = vec![
        "012 Empty board".to_string(),
        "042 2025/01/01".into(),
        "XXR 1".into(),
        player(1, "A1, A", 0.0, &[("0000", "-", "-")]),
        player(2, "A2, A", 1.0, &[("4", "b", "1")]),
        player(3, "B1, B", 1.0, &[("0000", "-", "+")]),
        player(4, "B2, B", 0.0, &[("2", "w", "0")]),
        team_310(1, "Alpha", ["", "", ""], &[1, 2]),
        team_310(2, "Bravo", ["", "", ""], &[3, 4]),
        "300   1   1   2 0000 0002".into(),
    ];
    let run = check(&lines, "", &["--tiebreaks", "MP,GP,BC"]);
    assert_eq!(run.code(), Some(0), "{}", run.said());
    assert_eq!(run.value("Alpha", "BC_after"), 2.0);
    assert_eq!(run.value("Bravo", "BC_after"), 1.0);
    assert_eq!(run.value("Bravo", "rank_after"), 1.0);
}

/// g25, g26: a team meeting two teams in one round, or a player who
/// played in no team, is refused naming the cell.
#[test]
fn g25_g26_rounds_no_team_match_can_be_made_of_are_refused() {
    let split = vec![
        "012 Split".to_string(),
        "XXR 1".into(),
        player(1, "A1, A", 1.0, &[("3", "w", "1")]),
        player(2, "A2, A", 0.0, &[("5", "b", "0")]),
        player(3, "B1, B", 0.0, &[("1", "b", "0")]),
        player(4, "B2, B", 0.5, &[("6", "w", "=")]),
        player(5, "C1, C", 1.0, &[("2", "w", "1")]),
        player(6, "C2, C", 0.5, &[("4", "b", "=")]),
        team_310(1, "Alpha", ["", "", ""], &[1, 2]),
        team_310(2, "Bravo", ["", "", ""], &[3, 4]),
        team_310(3, "Charlie", ["", "", ""], &[5, 6]),
    ];
    assert_refused(&check(&split, "", &[]), 4, "a team meets one team a round");
    let mut missing = two_teams(&[], 1);
    missing.truncate(7);
    missing.push(format!("013 {:<32}   1    2", "Alpha"));
    missing.push(format!("013 {:<32}   3", "Bravo"));
    assert_refused(&check(&missing, "", &[]), 5, "in no team");
}

/// g27, g30: a correction in round 2 changes round 2's match only (round
/// 1's unopposed board stays), and the corrected report's `310` totals
/// follow the corrected matches.
#[test]
fn g27_g30_a_correction_reaches_its_own_match_and_the_310_totals() {
    let lines = vec![
        "012 Unopposed".to_string(),
        "042 2025/01/01".into(),
        "XXR 2".into(),
        player(1, "A1, A", 0.5, &[("3", "w", "0"), ("3", "b", "=")]),
        player(2, "A2, A", 1.0, &[("0000", "-", "-"), ("4", "w", "0")]),
        player(3, "B1, B", 1.5, &[("1", "b", "1"), ("1", "w", "=")]),
        player(4, "B2, B", 1.0, &[("0000", "-", "-"), ("2", "b", "1")]),
        team_310(1, "Alpha", ["1.0", "1.5", "2"], &[1, 2]),
        team_310(2, "Bravo", ["3.0", "2.5", "1"], &[3, 4]),
    ];
    let mate = "[Event \"Unopposed\"]\n[Round \"2.2\"]\n[White \"A2, A\"]\n[Black \"B2, B\"]\n\
                [Result \"1-0\"]\n[TimeControl \"600+5\"]\n\n\
                1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    let run = check(&lines, mate, &[]);
    assert_eq!(run.code(), Some(0), "{}", run.said());
    let after = |team| (run.value(team, "mp_after"), run.value(team, "gp_after"));
    assert_eq!(after("Alpha"), (3.0, 2.5), "{}", run.said());
    assert_eq!(after("Bravo"), (1.0, 1.5));
    let corrected = fs::read_to_string(run.out("corrected.trf")).unwrap();
    let alpha = corrected
        .lines()
        .find(|l| l.starts_with("310   1"))
        .unwrap();
    assert!(alpha.contains("   3.0    2.5   1"), "{alpha}");
    // Read back, the corrected report's team lines agree with its matches.
    let again = check_file(run.dir, Path::new("out/corrected.trf"), "again", &[]);
    assert_eq!(again.code(), Some(0), "{}", again.said());
    assert!(!again.said().contains("disagree"), "{}", again.said());
}

/// g28: team records that contradict the cells or each other are refused.
#[test]
fn g28_team_records_against_the_cells_are_refused() {
    for (records, rounds) in [
        (&["330 -+ 001 001 002"][..], 1),
        (&["320  2.0  2.0 001"][..], 1),
        (&["240 F 001 0002"][..], 1),
        (&["320  2.0  2.0 000 001", "240 Z 002 0001"][..], 2),
    ] {
        let run = check(&two_teams(records, rounds), "", &[]);
        assert_refused(&run, 10, "");
    }
}

/// g29: a CJK team name padded to 32 bytes, not characters, shifts the
/// members' columns; it is refused as an `001` line's would be.
#[test]
fn g29_a_team_name_padded_in_bytes_is_refused() {
    let pad = |s: &str| format!("{s}{}", " ".repeat(32 - s.len()));
    let mut t013 = two_teams(&[], 1);
    t013.truncate(7);
    t013.push(format!("013 {}   1    2", pad("北京队")));
    t013.push(format!("013 {:<32}   3    4", "Bravo"));
    assert_refused(&check(&t013, "", &[]), 8, "");
    let mut t310 = two_teams(&[], 1);
    t310[7] = format!(
        "310   1 {} {:>5} {:>6} {:>6} {:>6} {:>3}     1    2",
        pad("北京队"),
        "",
        "",
        "",
        "",
        ""
    );
    assert_refused(&check(&t310, "", &[]), 8, "");
}

/// g31: 160 teams over 999 rounds, most of them silent: about a second,
/// as the same report without teams (teams² × rounds² took 23 s here, 42 s
/// on the probe's machine); the bound leaves room for a loaded machine.
#[test]
fn g31_team_rounds_cost_rounds_not_their_square() {
    let (teams, rounds) = (160u32, 999);
    let mut lines = vec!["012 Sparse".to_string(), format!("XXR {rounds}")];
    for t in 1..=teams {
        let other = if t % 2 == 1 { t + 1 } else { t - 1 };
        for board in 0..2 {
            let (me, them) = ((t - 1) * 2 + board + 1, (other - 1) * 2 + board + 1);
            let them = them.to_string();
            let colour = if (t + board) % 2 == 1 { "w" } else { "b" };
            let mut cells = vec![(them.as_str(), colour, "=")];
            if board == 0 {
                cells.extend(vec![("0000", "-", "-"); rounds - 2]);
                cells.push(("0000", "-", "H"));
            }
            let points = if board == 0 { 1.0 } else { 0.5 };
            lines.push(player(me, &format!("P{me}, X"), points, &cells));
        }
    }
    for t in 1..=teams {
        let name = format!("Team {t}");
        lines.push(team_310(t, &name, ["", "", ""], &[t * 2 - 1, t * 2]));
    }
    let dir = tempfile::tempdir().unwrap();
    let (trf, none) = (dir.path().join("t.trf"), dir.path().join("none.pgn"));
    fs::write(&trf, lines.join("\n") + "\n").unwrap();
    fs::write(&none, "").unwrap();
    let out = dir.path().join("out");
    let args = [
        "tournament",
        trf.to_str().unwrap(),
        none.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let run = run_within(&args, Duration::from_secs(10)).expect("still running after 10 s");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("160 teams"), "{}", run.stdout);
}

/// g32: PS takes Cut but no median; SSSC/Kx divides by x as given, below
/// 1 too; a factor that is no number (inf) is refused.
#[test]
fn g32_team_tiebreak_modifiers_as_c07_writes_them() {
    use pgn_arbiter::tournament::team_tiebreak::TeamTieBreak;
    for refused in [
        "PS/M1",
        "PS/M2",
        "SSSC/Kinf",
        "SSSC/K0",
        "SSSC/KNaN",
        "SSSC/K1e300",
    ] {
        assert!(refused.parse::<TeamTieBreak>().is_err(), "{refused}");
    }
    for taken in ["PS/C1", "PS/C2", "SSSC/K0.5", "EDET/P", "DE/P"] {
        let code: TeamTieBreak = taken.parse().unwrap();
        assert_eq!(
            code.to_string().parse::<TeamTieBreak>(),
            Ok(code),
            "{taken}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.pgn"), "").unwrap();
    let held = data("tournaments/team/held-team-exercises-trf26.trf");
    let order = ["--tiebreaks", "MP,BH:MP,SSSC/K0.5,SSSC/K1"];
    let run = check_file(dir, &held, "out", &order);
    assert_eq!(run.code(), Some(0), "{}", run.said());
    // Team 1: GP 17.5, BH:MP 64; 17.5 + 64 / 0.5 = 145.5, + 64 / 1 = 81.5.
    assert_eq!(run.value("Team 1", "BH:MP_after"), 64.0);
    assert_eq!(run.value("Team 1", "SSSC/K0.5_after"), 145.5);
    assert_eq!(run.value("Team 1", "SSSC/K1_after"), 81.5);
}

/// g33: team options on an event without teams are a usage error.
#[test]
fn g33_team_options_on_an_individual_event_are_refused() {
    let mut individual = two_teams(&[], 1);
    individual.truncate(7);
    for option in [["--match-points", "3,1,0"], ["--team-bye", "2,2"]] {
        let run = check(&individual, "", &option);
        assert_eq!(run.code(), Some(2), "{}", run.said());
        assert!(run.said().contains("no teams"), "{}", run.said());
    }
}

/// g34: a match forfeited whole is won by the side `+-` names, lost by
/// both under `--`, never a drawn match.
#[test]
fn g34_a_whole_match_forfeit_is_won_or_lost() {
    let unpaired = [("0000", "-", "-")];
    let base = vec![
        "012 Forfeited match".to_string(),
        "042 2025/01/01".into(),
        "XXR 1".into(),
        player(1, "A1, A", 0.0, &unpaired),
        player(2, "A2, A", 0.0, &unpaired),
        player(3, "B1, B", 0.0, &unpaired),
        player(4, "B2, B", 0.0, &unpaired),
        team_310(1, "Alpha", ["", "", ""], &[1, 2]),
        team_310(2, "Bravo", ["", "", ""], &[3, 4]),
    ];
    for (record, alpha, bravo) in [
        ("330 +- 001 001 002", 2.0, 0.0),
        ("330 -- 001 001 002", 0.0, 0.0),
    ] {
        let mut lines = base.clone();
        lines.push(record.into());
        let run = check(&lines, "", &[]);
        assert_eq!(run.code(), Some(0), "{}", run.said());
        assert_eq!(run.value("Alpha", "mp_after"), alpha, "{record}");
        assert_eq!(run.value("Bravo", "mp_after"), bravo, "{record}");
    }
}

/// FIDE TEC's TRF-2025 sample, "Grandmommy's Cup": its `240` lines end in
/// a tab, its `320` line leaves the rounds without a bye blank, and its
/// old `013` lines stand beside the `310` ones. It is read; every team's
/// match and game points are the ones its `310` lines declare (the `240
/// F` byes a won match, the `320` byes 1 MP and 2 GP); the `202` line's
/// codes, `EDET/P` first, are all computed.
#[test]
fn fide_tecs_team_sample_is_read_as_its_310_lines_score_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.pgn"), "").unwrap();
    let sample = data("tournaments/team/grandmommys-cup-trf25.trf");
    let run = check_file(dir, &sample, "out", &[]);
    let said = run.said();
    assert_eq!(run.code(), Some(0), "{said}");
    assert!(said.contains("50 teams of 249 players"), "{said}");
    assert!(
        said.contains("MP, EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP"),
        "{said}"
    );
    assert!(!said.contains("left out"), "{said}");
    let text = fs::read_to_string(&sample).unwrap();
    let teams = run.teams();
    let mut compared = 0;
    for line in text.lines().filter(|l| l.starts_with("310")) {
        let name = line[8..40].trim();
        let (mp, gp) = (line[54..60].trim(), line[61..67].trim());
        let row = &teams[name];
        let got = |c: &str| row[c].parse::<f64>().unwrap();
        assert_eq!(got("mp_after"), mp.parse::<f64>().unwrap(), "{name}");
        assert_eq!(got("gp_after"), gp.parse::<f64>().unwrap(), "{name}");
        compared += 1;
    }
    assert_eq!(compared, 50);
}

/// Three teams of two boards over two rounds: Alpha beats Bravo 2-0 and
/// Charlie has a bye whose members' cells are `bye`; then Bravo and
/// Charlie draw and Alpha has a bye (`U` cells). `totals` are the `310`
/// lines' declared match and game points.
fn three_teams(bye: &'static str, totals: [[&str; 2]; 3]) -> Vec<String> {
    let [a, b, c] = totals;
    vec![
        "012 Byes".to_string(),
        "042 2025/01/01".into(),
        "XXR 2".into(),
        player(1, "A1, A", 2.0, &[("3", "w", "1"), ("0000", "-", "U")]),
        player(2, "A2, A", 2.0, &[("4", "b", "1"), ("0000", "-", "U")]),
        player(3, "B1, B", 0.5, &[("1", "b", "0"), ("5", "w", "=")]),
        player(4, "B2, B", 0.5, &[("2", "w", "0"), ("6", "b", "=")]),
        player(5, "C1, C", 1.5, &[("0000", "-", bye), ("3", "b", "=")]),
        player(6, "C2, C", 1.5, &[("0000", "-", bye), ("4", "w", "=")]),
        team_310(1, "Alpha", [a[0], a[1], ""], &[1, 2]),
        team_310(2, "Bravo", [b[0], b[1], ""], &[3, 4]),
        team_310(3, "Charlie", [c[0], c[1], ""], &[5, 6]),
    ]
}

/// A team's pairing-allocated bye written as `0000 - U` on its members'
/// lines gives their points where the report's `310` totals count them
/// so; C.04.6's drawn match only where nothing in the file gives the
/// value. Members' `F` cells are a full-point bye: a won match.
#[test]
fn a_team_bye_is_worth_what_the_file_says() {
    let by_members = three_teams("U", [["4.0", "4.0"], ["1.0", "1.0"], ["3.0", "3.0"]]);
    let run = check(&by_members, "", &[]);
    assert!(run.said().contains("its members' points"), "{}", run.said());
    assert!(!run.said().contains("disagree"), "{}", run.said());
    assert_eq!(run.value("Alpha", "mp_after"), 4.0);
    assert_eq!(run.value("Charlie", "gp_after"), 3.0);
    for totals in [
        [["3.0", "3.0"], ["1.0", "1.0"], ["2.0", "2.0"]],
        [["", ""], ["", ""], ["", ""]],
    ] {
        let run = check(&three_teams("U", totals), "", &[]);
        assert!(run.said().contains("C.04.6"), "{}", run.said());
        assert_eq!(run.value("Alpha", "mp_after"), 3.0);
        assert_eq!(run.value("Charlie", "mp_after"), 2.0);
    }
    let full = check(&three_teams("F", [["", ""], ["", ""], ["", ""]]), "", &[]);
    assert_eq!(full.value("Charlie", "mp_after"), 3.0, "{}", full.said());
    assert_eq!(full.value("Charlie", "gp_after"), 3.0);
    // A `240 F` record: the same won match, whatever the cells say.
    let mut recorded = three_teams("-", [["", ""], ["", ""], ["", ""]]);
    recorded.push("240 F   1    3\t ".into());
    let run = check(&recorded, "", &[]);
    assert_eq!(run.code(), Some(0), "{}", run.said());
    assert_eq!(run.value("Charlie", "mp_after"), 3.0, "{}", run.said());
}

/// `013` lines beside `310` lines must give the same teams.
#[test]
fn old_team_lines_beside_new_ones_must_agree() {
    let mut agree = two_teams(&[], 1);
    agree.push(format!("013 {:<32}   1    2", "Alpha"));
    agree.push(format!("013 {:<32}   3    4", "Bravo"));
    let run = check(&agree, "", &[]);
    assert_eq!(run.code(), Some(0), "{}", run.said());
    assert!(
        run.said().contains("2 teams of 4 players"),
        "{}",
        run.said()
    );
    let mut differ = two_teams(&[], 1);
    differ.push(format!("013 {:<32}   1    2", "Alpha"));
    differ.push(format!("013 {:<32}   4    3", "Bravo"));
    assert_refused(
        &check(&differ, "", &[]),
        11,
        "is not the `310` line of team 2",
    );
}
