//! Round eight's tournament findings (`adversarial/round-8/d60`–`d65`, made
//! here without `../shared`), and what they restore, tried on generated
//! events: a round robin's rests, a complete Swiss, two lines that
//! disagree, the 2022 rating text.

use std::collections::HashMap;

use pgn_arbiter::tournament::consequences::{PairingStatus, consequences};
use pgn_arbiter::tournament::ranking::{Asked, rankings};
use pgn_arbiter::tournament::rating::RatingInputs;
use pgn_arbiter::tournament::standings::Standing;
use pgn_arbiter::tournament::trf::Trf;

use crate::common::{Lcg, Row};

/// A player's line: start number, rating, birth date and cells (opponent
/// 0 for none, colour, result).
fn line(no: u32, rating: u32, born: &str, cells: &[(u32, char, char)]) -> String {
    let mut line = format!(
        "001 {no:>4} m    Player{no:<27} {rating:>4} ZZZ {:>11} {born:<10}  0.0 {no:>4}",
        1000 + no
    );
    for (opponent, colour, result) in cells {
        line.push_str(&format!("  {opponent:>4} {colour} {result}"));
    }
    line
}

/// The standings of a report under `tiebreaks`, by start number.
fn standings(text: &str, tiebreaks: &[&str]) -> HashMap<u32, Standing> {
    let trf = Trf::read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let asked: Vec<String> = tiebreaks.iter().map(|t| t.to_string()).collect();
    let ranked = rankings(
        &Asked {
            tiebreaks: Some(&asked),
            ..Asked::default()
        },
        &trf,
    )
    .unwrap();
    let c = consequences(&trf, &[], &ranked.players, RatingInputs::default());
    c.before.into_iter().map(|s| (s.start_no, s)).collect()
}

/// Each player's games as the crosstable gives them: (opponent, points).
fn games(cells: &[Vec<(u32, char, char)>]) -> Vec<Vec<(u32, f64)>> {
    let value = |r: char| match r {
        '1' | '+' => 1.0,
        '=' => 0.5,
        _ => 0.0,
    };
    (cells.iter())
        .map(|row| {
            (row.iter().filter(|c| c.0 != 0))
                .map(|c| (c.0, value(c.2)))
                .collect()
        })
        .collect()
}

/// A round robin of `n` players by the circle method: each player's cells,
/// a rest (`0000 - -`) where `n` is odd, results drawn from `rng`.
fn round_robin(n: u32, rng: &mut Lcg) -> Vec<Vec<(u32, char, char)>> {
    let slots = n + n % 2;
    let mut cells = vec![Vec::new(); n as usize];
    let mut ring: Vec<u32> = (1..=slots).collect();
    for _ in 0..slots - 1 {
        for k in 0..slots / 2 {
            let (a, b) = (ring[k as usize], ring[(slots - 1 - k) as usize]);
            match (a > n, b > n) {
                (true, _) => cells[b as usize - 1].push((0, '-', '-')),
                (_, true) => cells[a as usize - 1].push((0, '-', '-')),
                _ => {
                    let (ra, rb) = [('1', '0'), ('=', '='), ('0', '1')][rng.below(3) as usize];
                    cells[a as usize - 1].push((b, 'w', ra));
                    cells[b as usize - 1].push((a, 'b', rb));
                }
            }
        }
        ring[1..].rotate_right(1);
    }
    cells
}

fn report(kind: &str, cells: &[Vec<(u32, char, char)>]) -> String {
    let mut text = format!("012 Generated\n042 2025/05/01\n092 {kind}\n");
    for (i, row) in cells.iter().enumerate() {
        text.push_str(&line(i as u32 + 1, 2000 + i as u32 * 10, "1990/01/01", row));
        text.push('\n');
    }
    text
}

/// d60, and every odd or even round robin: SB is the classical sum of the
/// beaten and drawn opponents' scores, BH the sum of every opponent's; a
/// rest is no unplayed round (C.07 15.2), the last round's no withdrawal.
#[test]
fn d60_a_round_robins_rest_is_no_unplayed_round() {
    let mut rng = Lcg(2026);
    let mut compared = 0;
    for event in 0..60 {
        let n = 3 + event % 8;
        let cells = round_robin(n, &mut rng);
        let kind = ["Round Robin", "Individual: Round-Robin", ""][event as usize % 3];
        let table = standings(&report(kind, &cells), &["SB", "BH"]);
        let games = games(&cells);
        let points: Vec<f64> = games.iter().map(|g| g.iter().map(|x| x.1).sum()).collect();
        for (i, own) in games.iter().enumerate() {
            let of = |o: u32| points[o as usize - 1];
            let sb: f64 = own.iter().map(|&(o, r)| r * of(o)).sum();
            let bh: f64 = own.iter().map(|&(o, _)| of(o)).sum();
            let row = &table[&(i as u32 + 1)];
            assert_eq!(row.points, points[i]);
            assert_eq!(
                row.values,
                [Some(sb), Some(bh)],
                "player {} of\n{}",
                i + 1,
                report(kind, &cells)
            );
            compared += 2;
        }
    }
    eprintln!("{compared} values of 60 round robins equal to the classical sums");
}

/// d61: a Swiss in which everyone met everyone is a Swiss: its forfeit is
/// an unplayed round with 16.4's dummy, not a game.
#[test]
fn d61_a_complete_swiss_is_a_swiss() {
    let cells = [
        vec![(2, 'w', '+'), (3, 'b', '='), (4, 'w', '=')],
        vec![(1, 'b', '-'), (4, 'w', '1'), (3, 'w', '0')],
        vec![(4, 'b', '='), (1, 'w', '='), (2, 'b', '1')],
        vec![(3, 'w', '='), (2, 'b', '0'), (1, 'b', '=')],
    ];
    let swiss = standings(&report("Individual: Swiss-System", &cells), &["BH"]);
    let robin = standings(&report("Round Robin", &cells), &["BH"]);
    // Player 1's forfeit win: in the Swiss a dummy with his own 2 points
    // (2.0 + 2.0 + 1.0 = 5), in the round robin player 2's 1.0 (4).
    assert_eq!(swiss[&1].values, [Some(5.0)]);
    assert_eq!(robin[&1].values, [Some(4.0)]);
    // Everyone played every game: the two readings are one.
    let played: Vec<Vec<_>> = (cells.iter())
        .map(|r| {
            r.iter()
                .map(|&(o, c, x)| {
                    (
                        o,
                        c,
                        if x == '+' {
                            '1'
                        } else if x == '-' {
                            '0'
                        } else {
                            x
                        },
                    )
                })
                .collect()
        })
        .collect();
    let swiss = standings(&report("Swiss", &played), &["BH", "SB"]);
    let robin = standings(&report("Round Robin", &played), &["BH", "SB"]);
    for no in 1..=4 {
        assert_eq!(swiss[&no].values, robin[&no].values, "player {no}");
    }
}

/// d65: one line says forfeit, the other a lost game. One reading for the
/// standings, the tie-breaks and the ratings (the first line's), and a
/// review row naming both lines and the column.
#[test]
fn d65_two_lines_that_disagree_are_one_reading_and_said() {
    let text = format!(
        "012 Club Open\n042 2025/05/01\n092 Individual: Swiss-System\n{}\n{}\n",
        line(1, 2000, "1990/01/01", &[(2, 'w', '+')]),
        line(2, 2000, "1990/01/01", &[(1, 'b', '0')])
    );
    let trf = Trf::read(text.as_bytes()).unwrap();
    let c = consequences(&trf, &[], &Default::default(), RatingInputs::default());
    assert_eq!(c.checked.len(), 1);
    assert_eq!(c.checked[0].status, PairingStatus::Review);
    let note = c.checked[0].note.to_string();
    assert!(
        note.starts_with(
            "the two lines disagree: 1 has `+` (line 4, column 99), 2 has `0` (line 5, column 99)"
        ),
        "{note}"
    );
    // A forfeit in both lines' reading: nobody is rated for it.
    assert!(c.ratings.iter().all(|r| r.games == 0), "{:?}", c.ratings);
}

/// The same event written two ways gives the same standings, and the
/// points sum to what the rounds gave: lines in another order, the kind
/// spelled otherwise, a result written in the second line the first line
/// does not give (scored by the first).
#[test]
fn an_event_written_two_ways_has_one_standings() {
    let mut rng = Lcg(7);
    for event in 0..40 {
        let n = 4 + event % 6;
        let cells = round_robin(n, &mut rng);
        let tiebreaks = ["SB", "BH", "BH/C1", "DE", "WIN"];
        let first = standings(&report("Round Robin", &cells), &tiebreaks);
        // The lines reversed and a draw's second line written as a win.
        let mut changed = cells.clone();
        if let Some((i, r)) = (0..changed.len())
            .flat_map(|i| (0..changed[i].len()).map(move |r| (i, r)))
            .find(|&(i, r)| changed[i][r].1 == 'b' && changed[i][r].2 == '=')
        {
            changed[i][r].2 = '1';
        }
        let mut text = String::from("012 Generated\n042 2025/05/01\n092 Berger\n");
        for (i, row) in changed.iter().enumerate().rev() {
            text.push_str(&line(i as u32 + 1, 2000 + i as u32 * 10, "1990/01/01", row));
            text.push('\n');
        }
        let second = standings(&text, &tiebreaks);
        let mut total = 0.0;
        for no in 1..=n {
            let (a, b) = (&first[&no], &second[&no]);
            assert_eq!(
                (a.points, a.rank, &a.values),
                (b.points, b.rank, &b.values),
                "player {no}\n{text}"
            );
            total += a.points;
        }
        let games: usize = cells
            .iter()
            .map(|r| r.iter().filter(|c| c.0 != 0).count())
            .sum();
        assert_eq!(
            total,
            games as f64 / 2.0,
            "each game gives one point in all"
        );
    }
}

/// `pgn-arbiter tournament` on the report `trf` and no games, `args`
/// after; the folder its reports are in (`out/`).
fn tournament_reports(trf: &str, args: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.trf"), trf).unwrap();
    std::fs::write(dir.path().join("g.pgn"), "").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .current_dir(dir.path())
        .args(["tournament", "t.trf", "g.pgn", "-o", "out"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}\n{trf}");
    dir
}

/// The `ratings.csv` row of player 1.
fn rating_row(trf: &str) -> Row {
    let dir = tournament_reports(trf, &[]);
    csv_file(&dir.path().join("out/ratings.csv")).swap_remove(0)
}

/// d63: B.02 of 2022, 8.3.3, gives K 40 "to the end of the year of the
/// 18th birthday" (under 2300): a player born 1 March 2005 in June 2023,
/// after his birthday, is still a junior, in standard play as in rapid.
#[test]
fn d63_the_2022_junior_k_lasts_to_the_end_of_the_year() {
    for (control, born, k) in [
        ("90 min + 30 sec", "2005/03/01", "40.0"),
        ("15 min + 10 sec", "2005/03/01", "40.0"),
        // The year after: no longer a junior.
        ("90 min + 30 sec", "2004/12/31", "20.0"),
    ] {
        let trf = format!(
            "012 Test Open\n042 2023/06/01\n122 {control}\n{}\n{}\n{}\n",
            line(1, 2000, born, &[(2, 'w', '1'), (3, 'b', '1')]),
            line(2, 2000, "1980/01/01", &[(1, 'b', '0'), (0, '-', 'U')]),
            line(3, 2000, "1980/01/01", &[(0, '-', 'U'), (1, 'w', '0')])
        );
        let row = rating_row(&trf);
        assert_eq!(
            (row["k"].as_str(), &row["games"]),
            (k, &"2".to_string()),
            "{control} {born}: {row:?}"
        );
    }
}

/// d64: the 2022 text's own rule, "K shall be the largest whole number
/// such that K x n does not exceed 700": for every number of games, the K
/// used is min(K, 700 div n) and the change is that K times the sum.
#[test]
fn d64_k_times_games_within_700_under_the_2022_text() {
    for n in [1u32, 10, 17, 18, 19, 24, 35] {
        let mut cells1 = Vec::new();
        let mut cells2 = Vec::new();
        for r in 0..n {
            let (c1, c2) = if r % 2 == 0 { ('w', 'b') } else { ('b', 'w') };
            let (x1, x2) = if r < n * 5 / 9 {
                ('1', '0')
            } else {
                ('0', '1')
            };
            cells1.push((2, c1, x1));
            cells2.push((1, c2, x2));
        }
        let trf = format!(
            "012 Match\n042 2023/06/01\n122 90 min + 30 sec\n{}\n{}\n",
            line(1, 1800, "2010/01/01", &cells1),
            line(2, 2000, "1980/01/01", &cells2)
        );
        let row = rating_row(&trf);
        let k = 40.min(700 / n);
        assert_eq!(row["k"], format!("{k}.0"), "{n} games: {row:?}");
        // D 200: the lower rated expects 0.24 a game (table 8.1.2).
        let wins = f64::from(n * 5 / 9);
        let change = f64::from(k) * (wins - 0.24 * f64::from(n));
        assert_eq!(row["change_before"], format!("{change:.2}"), "{n} games");
    }
}

/// The rows of a CSV file.
fn csv_file(path: &std::path::Path) -> Vec<Row> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let headers = reader.headers().unwrap().clone();
    (reader.records())
        .map(|r| {
            headers
                .iter()
                .zip(r.unwrap().iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// A match whose boards each team forfeited in part is scored alike in
/// `team-standings.csv` and `team-matches.csv`, as its game points say
/// (TRF-2026's totals and FIDE's calculator): drawn when level; lost by
/// both only when every board was lost by both. Generated matches of two
/// to four boards, every board a game, a forfeit either way or a double
/// forfeit.
#[test]
fn a_match_with_forfeits_on_both_sides_is_one_result_in_every_table() {
    let mut rng = Lcg(11);
    let kinds = [
        ('1', '0'),
        ('=', '='),
        ('0', '1'),
        ('+', '-'),
        ('-', '+'),
        ('-', '-'),
    ];
    for _ in 0..40 {
        let boards = 2 + rng.below(3) as u32;
        let mut lines = vec![
            "012 Teams".to_string(),
            "042 2025/05/01".into(),
            "092 Team Swiss System".into(),
        ];
        let mut gp = [0.0f64, 0.0];
        let mut all_lost_by_both = true;
        let mut all_forfeits = true;
        let mut bc = [0.0f64, 0.0];
        for b in 1..=boards {
            let (x, y) = kinds[rng.below(6) as usize];
            let value = |c: char| match c {
                '1' | '+' => 1.0,
                '=' => 0.5,
                _ => 0.0,
            };
            gp[0] += value(x);
            gp[1] += value(y);
            all_lost_by_both &= (x, y) == ('-', '-');
            all_forfeits &= "+-".contains(x);
            bc[0] += f64::from(b) * value(x);
            bc[1] += f64::from(b) * value(y);
            let colour = if b % 2 == 1 { ('w', 'b') } else { ('b', 'w') };
            lines.push(line(b, 2000, "1990/01/01", &[(boards + b, colour.0, x)]));
            lines.push(line(boards + b, 2000, "1990/01/01", &[(b, colour.1, y)]));
        }
        let members = |from: u32| {
            let numbers: Vec<String> = (from..from + boards).map(|n| format!("{n:>4}")).collect();
            numbers.join(" ")
        };
        lines.push(format!("013 {:<32}{}", "Alpha", members(1)));
        lines.push(format!("013 {:<32}{}", "Bravo", members(boards + 1)));
        let dir = tournament_reports(&(lines.join("\n") + "\n"), &["--tiebreaks", "BC"]);
        let (result, mp) = match gp[0].total_cmp(&gp[1]) {
            _ if all_lost_by_both => ("forfeited by both", ["0.0", "0.0"]),
            std::cmp::Ordering::Greater => ("1 won", ["2.0", "0.0"]),
            std::cmp::Ordering::Less => ("2 won", ["0.0", "2.0"]),
            std::cmp::Ordering::Equal => ("drawn", ["1.0", "1.0"]),
        };
        let matches = csv_file(&dir.path().join("out/team-matches.csv"));
        assert_eq!(matches[0]["result_before"], result, "{}", lines.join("\n"));
        let teams = csv_file(&dir.path().join("out/team-standings.csv"));
        // A match no board of which was played counts its result on every
        // board (BC, as FIDE's calculator counts it).
        if all_forfeits {
            let boards = f64::from(boards * (boards + 1) / 2);
            let share = |mp: &str| boards * mp.parse::<f64>().unwrap() / 2.0;
            bc = [share(mp[0]), share(mp[1])];
        }
        for ((team, mp), bc) in teams.iter().zip(mp).zip(bc) {
            assert_eq!(team["mp_before"], mp, "{result}: {}", lines.join("\n"));
            assert_eq!(
                team["BC_before"].parse::<f64>().unwrap(),
                bc,
                "{result}: {}",
                lines.join("\n")
            );
        }
    }
}
