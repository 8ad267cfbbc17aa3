//! Tournament reports: every real TRF reads and writes back byte for byte,
//! and FIDE's own tie-break exercises (IA Mario Held, C.07 2023) come out
//! as published.

use std::collections::BTreeMap;
use std::path::Path;

use pgn_arbiter::tournament::crosstable::Crosstable;
use pgn_arbiter::tournament::rating::RatingInputs;
use pgn_arbiter::tournament::standings::{Ranking, standings};
use pgn_arbiter::tournament::tiebreak::TieBreak;
use pgn_arbiter::tournament::trf::{Code, Edit, Trf};

fn data(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tournaments")
        .join(path)
}

fn read(path: &str) -> Trf {
    let bytes = std::fs::read(data(path)).unwrap();
    Trf::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_real_trf_reads_and_writes_back_byte_for_byte() {
    let mut files = 0;
    for entry in std::fs::read_dir(data("trf")).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let trf = Trf::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!trf.players.is_empty(), "{}", path.display());
        assert_eq!(trf.write_back(&[]), bytes, "{}", path.display());
        files += 1;
    }
    assert_eq!(files, 21);
}

#[test]
fn the_frankfurt_example_is_read_field_by_field() {
    let trf = read("trf/sklangen_TRF__example1_KarlMala2005.trf");
    assert_eq!(trf.event, "9. Karl-Mala-Gedenkturnier");
    assert_eq!((trf.players.len(), trf.rounds), (284, 7));
    let first = &trf.players[0];
    assert_eq!(first.name, "Vasquez,Rodrigo");
    assert_eq!(
        (first.rating, first.fide_id.as_str()),
        (Some(2558), "3400042")
    );
    assert_eq!((first.points, first.rank), (Some(6.0), Some(4)));
    assert_eq!(first.rounds[0].opponent, Some(141));
    assert_eq!(first.rounds[5].code, Code::Draw);
    // Bakhmatov, 13: a forfeit loss in round 1, then nothing.
    let absent = trf.player(13).unwrap();
    assert_eq!(absent.rounds.len(), 1);
    assert_eq!(absent.rounds[0].code, Code::ForfeitLoss);
}

#[test]
fn a_correction_changes_only_its_cells_points_and_rank() {
    let trf = read("tiebreak-exercises/held_swiss_5.trf");
    let bruno = trf.player(2).unwrap().line;
    let lais = trf.player(10).unwrap().line;
    let edits = [
        Edit::Result {
            line: bruno,
            round: 0,
            code: Code::Loss,
        },
        Edit::Result {
            line: lais,
            round: 0,
            code: Code::Win,
        },
        Edit::Points {
            line: bruno,
            points: 3.0,
        },
        Edit::Rank {
            line: bruno,
            rank: 12,
        },
    ];
    let before = String::from_utf8(trf.write_back(&[])).unwrap();
    let after = String::from_utf8(trf.write_back(&edits)).unwrap();
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 2);
    assert_eq!(
        changed[0].1,
        "001    2 m    Bruno                             2150 NOR           0 1990/01/01  3.0   12    10 b 0     7 w 1     1 b =    16 w 1     3 b ="
    );
    assert!(changed[1].1.contains("1.0   10     2 w 1     9 b 1"));
}

#[test]
fn a_malformed_line_is_named_with_its_columns() {
    let good = "001    2 m    Bruno                             2150 NOR           0 1990/01/01  1.0    2  0000 - U     7 w 1";
    let seven = "001    7 m    Carl                              2150 NOR           0 1990/01/01  0.0    7  0000 - -     2 b 0";
    assert!(Trf::read(format!("{good}\n{seven}\n").as_bytes()).is_ok());
    let text = format!("012 x\n{}q{}\n", &good[..96], &good[97..]);
    let error = Trf::read(text.as_bytes()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, columns 97-97: round 1: the colour `q` is not w, b or -"
    );
    let text = "001   x1      A, B\n";
    let error = Trf::read(text.as_bytes()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, columns 5-8: the start number `x1` is not a number"
    );
}

/// The published answers of one exercise file.
fn expected(exercise: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(data("tiebreak-exercises/held_exercises_expected.json"));
    let json: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    json["individual"]
        .as_object()
        .unwrap()
        .iter()
        .find(|(k, _)| k.starts_with(exercise))
        .map(|(_, v)| v.clone())
        .unwrap()
}

fn table(file: &str) -> Crosstable {
    let trf = read(&format!("tiebreak-exercises/{file}"));
    Crosstable::new(&trf.players, trf.rounds)
}

/// Our value of `tiebreak` for every player, written as the answers are.
fn values(table: &Crosstable, tiebreak: &str) -> BTreeMap<String, f64> {
    let t: TieBreak = tiebreak.parse().unwrap();
    table
        .rows
        .iter()
        .map(|row| (row.start_no.to_string(), t.value(table, row).unwrap()))
        .collect()
}

fn published(answers: &serde_json::Value, tiebreak: &str) -> BTreeMap<String, f64> {
    answers[tiebreak]
        .as_object()
        .unwrap_or_else(|| panic!("no {tiebreak} in the answers"))
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn held_swiss_5_tiebreak_values() {
    let table = table("held_swiss_5.trf");
    let answers = &expected("swiss5")["C07_2023"];
    let codes = [
        "BH", "BH/C1", "SB", "SB/C1", "ARO", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1",
    ];
    for tiebreak in codes {
        assert_eq!(
            values(&table, tiebreak),
            published(answers, tiebreak),
            "{tiebreak}"
        );
    }
}

/// The values the 2026 text's dummy caps change (16.4.1: a forfeit's
/// scheduled opponent's score; 16.4.2: a draw in every round).
#[test]
fn held_swiss_5_under_the_2026_rules() {
    use pgn_arbiter::tournament::rules::TieBreakRules;
    let trf = read("tiebreak-exercises/held_swiss_5.trf");
    let scoring = pgn_arbiter::tournament::crosstable::Scoring {
        rules: TieBreakRules::Y2026,
        ..Default::default()
    };
    let table = Crosstable::ranked(&trf.players, trf.rounds, scoring);
    let answers = &expected("swiss5")["C07_2026_changed"];
    for tiebreak in ["BH", "BH/C1", "SB", "SB/C1"] {
        let got = values(&table, tiebreak);
        for (player, value) in published(answers, tiebreak) {
            assert_eq!(got[&player], value, "{tiebreak}, player {player}");
        }
    }
}

/// The ranks after points and direct encounter.
fn ranks_after_de(table: &Crosstable) -> BTreeMap<String, u64> {
    standings(table, &[TieBreak::DirectEncounter])
        .into_iter()
        .map(|s| (s.start_no.to_string(), u64::from(s.rank)))
        .collect()
}

fn published_ranks(answers: &serde_json::Value) -> BTreeMap<String, u64> {
    answers
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect()
}

#[test]
fn held_direct_encounter_ranks() {
    let swiss5 = ranks_after_de(&table("held_swiss_5.trf"));
    let answers = &expected("swiss5")["C07_2023"]["rank_after_PTS_DE"];
    for exercise in ["ex23", "ex24"] {
        for (player, rank) in published_ranks(&answers[exercise]) {
            assert_eq!(swiss5[&player], rank, "{exercise}, player {player}");
        }
    }
    let swiss9 = ranks_after_de(&table("held_swiss_9.trf"));
    let answers = &expected("swiss9")["rank_after_PTS_DE (ex25)"];
    assert_eq!(swiss9, published_ranks(answers));
    let round_robin = ranks_after_de(&table("held_round_robin.trf"));
    let answers = &expected("round_robin")["rank_after_PTS_DE (ex26)"];
    assert_eq!(round_robin, published_ranks(answers));
}

#[test]
fn held_round_robin_counts_the_forfeit_as_a_game_for_sb() {
    let table = table("held_round_robin.trf");
    assert!(table.round_robin);
    let answers = expected("round_robin");
    assert_eq!(values(&table, "SB"), published(&answers, "SB"));
}

/// WON, BPG and BWG (7.2–7.4) in a round robin: Helene's forfeit win with
/// Black in round 4 counts as a game won with Black, Franck's forfeit loss
/// stays unplayed (15.2 and its exception for art. 7). FIDE's answers give
/// these codes for the Swiss only (`held_swiss_5_tiebreak_values`).
#[test]
fn held_round_robin_counts_a_forfeit_won_as_a_game_won() {
    let table = table("held_round_robin.trf");
    let of = |code: &str, player: &str| values(&table, code)[player];
    // Helene (6): lost with Black in round 1, drew with Black in round 3,
    // won the forfeit with Black in round 4.
    assert_eq!(
        (of("WON", "6"), of("BPG", "6"), of("BWG", "6")),
        (1.0, 3.0, 1.0)
    );
    // Franck (5): Black in rounds 1, 3 and 5, won with White in round 2;
    // round 4, his forfeit, is no game.
    assert_eq!(
        (of("WON", "5"), of("BPG", "5"), of("BWG", "5")),
        (1.0, 3.0, 0.0)
    );
}

/// The test tournament: the real report of the U-19 All Ireland 2010 (a
/// four-player round robin, `tests/data/tournaments/u19-2010/report.trf`,
/// unchanged) and real games labelled as its pairings, with planted cases
/// (see each game's Annotator tag):
///
/// | round | pairing | report | game | planted |
/// |---|---|---|---|---|
/// | 1 | 1 Griffiths – 4 dunne | 1-0 | resigned, 1-0 | agree |
/// | 1 | 2 Flynn – 3 Hülleman | 1-0 | 1-0 "Time forfeit" in a dead position (White cannot mate; Black's every move stalemates White) | unfair loss on time → ½ |
/// | 2 | 1 Griffiths – 2 Flynn | 1-0 | resigned, 1-0 | agree |
/// | 2 | 4 dunne – 3 Hülleman | 0-1 | White mates, 1-0 | mismatch settled by mate → 1-0 |
/// | 3 | 3 Hülleman – 1 Griffiths | 0-1 | none | missing game |
/// | 3 | 2 Flynn – 4 dunne | 1-0 | resigned, 1-0 | agree |
/// | "2" | Griffiths – Hülleman | — | a draw | no pairing |
fn run_test_tournament() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = tournament(
        &data("u19-2010/report.trf"),
        &data("u19-2010/games.pgn"),
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with(
            "6 games, 7 pairings checked: agree 3, corrected 1, mismatch 1, missing-game 1, \
             no-pairing 1, review 0\n1 game(s) match no pairing (see pairings.csv, status \
             no-pairing)\n2 result(s) applied; 2 player(s) change rank"
        ),
        "{stdout}"
    );
    dir
}

/// `pgn-arbiter tournament REPORT GAMES -o OUT`.
fn tournament(report: &Path, games: &Path, out: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("tournament")
        .arg(report)
        .arg(games)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

fn csv(dir: &Path, name: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = ::csv::Reader::from_path(dir.join(name)).unwrap();
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            headers
                .iter()
                .map(String::from)
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn the_test_tournament_pairings() {
    let dir = run_test_tournament();
    let rows = csv(dir.path(), "pairings.csv");
    let seen: Vec<[&str; 6]> = rows
        .iter()
        .map(|r| {
            let c = |k: &str| r[k].as_str();
            [
                c("round"),
                c("white_no"),
                c("black_no"),
                c("trf_result"),
                c("correct_result"),
                c("status"),
            ]
        })
        .collect();
    assert_eq!(
        seen,
        [
            ["1", "1", "4", "1-0", "1-0", "agree"],
            ["1", "2", "3", "1-0", "1/2-1/2", "corrected"],
            ["2", "1", "2", "1-0", "1-0", "agree"],
            ["2", "4", "3", "0-1", "1-0", "mismatch"],
            ["3", "2", "4", "1-0", "1-0", "agree"],
            // A game of two players of the report who never met in the
            // round its tag names: the round and both numbers are kept.
            ["2", "1", "3", "", "1/2-1/2", "no-pairing"],
            ["3", "3", "1", "0-1", "", "missing-game"],
        ]
    );
    assert!(
        rows[3]["reason"].contains("checkmated"),
        "{}",
        rows[3]["reason"]
    );
}

#[test]
fn the_test_tournament_standings_ratings_and_corrected_report() {
    let dir = run_test_tournament();
    // Points after: Flynn 2 − ½ (round 1 drawn) = 1.5; Hülleman 1 + ½ − 1
    // (round 2 lost) = 0.5; dunne 0 + 1 = 1; Griffiths 3. Ranks: dunne
    // passes Hülleman.
    let standings = csv(dir.path(), "standings.csv");
    let seen: Vec<[&str; 5]> = standings
        .iter()
        .map(|r| {
            let c = |k: &str| r[k].as_str();
            [
                c("start_no"),
                c("points_before"),
                c("points_after"),
                c("rank_before"),
                c("rank_after"),
            ]
        })
        .collect();
    assert_eq!(
        seen,
        [
            ["1", "3.0", "3.0", "1", "1"],
            ["2", "2.0", "1.5", "2", "2"],
            ["3", "1.0", "0.5", "3", "4"],
            ["4", "0.0", "1.0", "4", "3"],
        ]
    );
    // K = 15 (the text of July 2009: the event is of 2010, and all three
    // are under 2400); dunne is unrated, so only the games among 1, 2 and
    // 3 count. 1 v 2: D = 592 → 400 → We 0.92 for 1: +1.2 / −1.2. 1 v 3:
    // D = 759 → 400: +1.2 / −1.2. 2 v 3: D = 167 → We 0.72 for 2: won,
    // +4.2 / −4.2; drawn, 15 × (0.5 − 0.72) = −3.3 / +3.3.
    let ratings = csv(dir.path(), "ratings.csv");
    let seen: Vec<[&str; 4]> = ratings
        .iter()
        .map(|r| {
            let c = |k: &str| r[k].as_str();
            [
                c("start_no"),
                c("games"),
                c("change_before"),
                c("change_after"),
            ]
        })
        .collect();
    assert_eq!(
        seen,
        [
            ["1", "2", "2.40", "2.40"],
            ["2", "2", "3.00", "-4.50"],
            ["3", "2", "-5.40", "2.10"],
        ]
    );
    // The corrected report: the two results in both players' lines, the
    // points of 2, 3 and 4, the ranks of 3 and 4; every other byte kept.
    let before = std::fs::read_to_string(data("u19-2010/report.trf")).unwrap();
    let after = std::fs::read_to_string(dir.path().join("corrected.trf")).unwrap();
    let changed: Vec<&str> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(
        changed,
        [
            "001    2      Flynn,Jamie                       1633            5226             1.5    2     3 w =     1 b 0     4 w 1",
            "001    3      Hülleman,Leon                     1466            6409             0.5    4     2 b =     4 b 0     1 w 0",
            "001    4      dunne,thomas                                     10914 1992-01-16  1.0    3     1 b 0     3 w 1     2 b 0",
        ]
    );
    assert_eq!(before.len(), after.len());
}

#[test]
fn the_html_page_links_each_changed_cell_to_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let (out, html) = (dir.path().join("out"), dir.path().join("site"));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("tournament")
        .arg(data("u19-2010/report.trf"))
        .arg(data("u19-2010/games.pgn"))
        .arg("-o")
        .arg(&out)
        .arg("--html")
        .arg(&html)
        .status()
        .unwrap();
    assert!(status.success());
    let page = std::fs::read_to_string(html.join("tournament.html")).unwrap();
    // Round 1, Flynn v Hülleman (game 2) and round 2, dunne v Hülleman
    // (game 4): two cells each, both players' lines.
    let changed: Vec<&str> = page
        .split("changed\"><a href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(
        changed,
        [
            "games/games-2.html",
            "games/games-4.html",
            "games/games-2.html",
            "games/games-4.html"
        ]
    );
    for game in 1..=6 {
        assert!(
            html.join(format!("games/games-{game}.html")).exists(),
            "game {game}"
        );
    }
    assert!(page.contains("href=\"../out/pairings.csv\""));
}

#[test]
fn names_are_matched_in_the_forms_real_files_use() {
    use pgn_arbiter::tournament::matching::same_person;
    // TRF `Surname,Firstname` (no space), as the Irish files write it.
    assert!(same_person("Griffiths,Ryan-Rhys", "Griffiths, Ryan-Rhys"));
    assert!(same_person("Griffiths,Ryan-Rhys", "Ryan-Rhys Griffiths"));
    assert!(same_person("Griffiths,Ryan-Rhys", "Griffiths, R."));
    // Case, as the U-19 file writes one player.
    assert!(same_person("dunne,thomas", "Dunne, T."));
    // Accents either way.
    assert!(same_person("Hülleman,Leon", "HULLEMAN, Leon"));
    assert!(same_person("Hulleman, Leon", "Hülleman, L"));
    // A different given name or initial is another player.
    assert!(!same_person("Griffiths,Ryan-Rhys", "Griffiths, M."));
    assert!(!same_person("Vasquez,Rodrigo", "Vasquez Rivera, Rodrigo"));
}

/// A report line built by its columns.
fn player_line(no: u32, name: &str, rating: u32, cells: &[(u32, char, char)]) -> String {
    let mut line = format!(
        "001 {no:>4}      {name:<33} {rating:>4} IRL {:>11}             1.0 {no:>4}",
        no
    );
    for (opponent, colour, result) in cells {
        line.push_str(&format!("  {opponent:>4} {colour} {result}"));
    }
    line
}

#[test]
fn a_game_two_pairings_fit_is_not_guessed_and_reversed_colours_are_flagged() {
    use pgn_arbiter::model::outcome::GameResult;
    use pgn_arbiter::model::verdict::Status;
    use pgn_arbiter::tournament::consequences::{PairingFinding, PairingStatus, consequences};
    use pgn_arbiter::tournament::matching::PlayedGame;
    let text = [
        player_line(1, "Smith, John", 2000, &[(3, 'w', '1')]),
        player_line(2, "Smith, Jane", 2000, &[(4, 'b', '1')]),
        player_line(3, "Byrne, Ann", 2000, &[(1, 'b', '0')]),
        player_line(4, "Byrne, Anna", 2000, &[(2, 'w', '0')]),
    ]
    .join("\n");
    let trf = Trf::read(text.as_bytes()).unwrap();
    assert_eq!(trf.player(4).unwrap().rounds[0].opponent, Some(2));
    let game = |white: &str, black: &str, recorded| PlayedGame {
        source: "g.pgn".into(),
        number: 1,
        event: None,
        round: Some("1".into()),
        white: white.into(),
        black: black.into(),
        white_fide_id: None,
        black_fide_id: None,
        recorded,
        correct: Some(recorded),
        status: Status::Confirmed,
        rule: "as-recorded",
        reason: "nothing contradicts it".into(),
        category: "rapid",
    };
    let white_wins = GameResult::parse("1-0").unwrap();
    let games = [
        // "Smith, J." v "Byrne, A.": John v Ann and Jane v Anna both fit.
        game("Smith, J.", "Byrne, A.", white_wins),
        // Anna had White against Jane; the PGN says Jane had White and won.
        game("Jane Smith", "Anna Byrne", white_wins),
    ];
    let c = consequences(&trf, &games, &Ranking::default(), RatingInputs::default());
    assert_eq!(c.checked[0].status, PairingStatus::Review);
    let fits = &c.checked[0].note.finding;
    assert!(
        matches!(fits, PairingFinding::FitsSeveral(p) if p.len() == 2),
        "{fits:?}"
    );
    assert!(
        fits.to_string()
            .starts_with("the game fits 2 pairings (round 1: ")
    );
    assert_eq!(c.checked[1].status, PairingStatus::Mismatch);
    let turned = &c.checked[1].note.finding;
    assert!(
        matches!(
            turned,
            PairingFinding::Compared {
                colours_turned: true,
                ..
            }
        ),
        "{turned:?}"
    );
    // In the report's colours the game is 0-1, as the report has it:
    // nothing to apply.
    assert_eq!(c.checked[1].correct, GameResult::parse("0-1"));
    assert!(c.applied.is_empty());
}

#[test]
fn the_reports_time_control_gives_a_category_when_it_can_be_read() {
    use pgn_arbiter::model::time_control::Category;
    let player = player_line(1, "Smith, John", 2000, &[]);
    let trf = Trf::read(format!("012 x\n122 90 min + 30 s\n222 5400+30\n{player}\n").as_bytes());
    assert_eq!(trf.unwrap().category(), Category::Standard);
    let trf = Trf::read(format!("122 900+10\n{player}\n").as_bytes()).unwrap();
    assert_eq!(trf.category(), Category::Rapid);
    // The Irish files write it in words: read as words are.
    assert_eq!(
        read("trf/icu_ratings_app__kilkenny_masters_2011.trf").category(),
        Category::Standard
    );
    // A 122 line this tool cannot read gives no category.
    assert_eq!(
        read("trf/CompetiChess__testTrfFile_OpenGros2010.trf").category(),
        Category::Unknown
    );
}

#[test]
fn two_lines_that_disagree_are_said_and_a_double_forfeit_is_not() {
    use pgn_arbiter::tournament::consequences::{PairingFinding, PairingStatus, consequences};
    let text = [
        // Both lines claim round 1's win: the report contradicts itself.
        player_line(1, "Smith, John", 2000, &[(2, 'w', '1'), (3, '-', '-')]),
        player_line(2, "Byrne, Ann", 2000, &[(1, 'b', '1'), (0, '-', 'U')]),
        // Round 2: a double forfeit, written `-` in both lines.
        player_line(3, "Walsh, Mary", 2000, &[(0, '-', 'U'), (1, '-', '-')]),
    ]
    .join("\n");
    let trf = Trf::read(text.as_bytes()).unwrap();
    let c = consequences(&trf, &[], &Ranking::default(), RatingInputs::default());
    assert_eq!(c.checked.len(), 1, "the forfeits have no game to miss");
    assert_eq!(c.checked[0].status, PairingStatus::Review);
    let note = &c.checked[0].note;
    assert_eq!(note.finding, PairingFinding::Missing);
    assert!(
        note.to_string().starts_with(
            "the two lines disagree: 1 has `1` (line 1, column 99), 2 has `1` (line 2, column 99); \
             scored as 1's line gives it"
        ),
        "{note}"
    );
    // One reading for every table: the second line's win is scored as the
    // first line's loss, in the standings as in the ratings.
    assert_eq!(trf.players[1].rounds[0].code, Code::Loss);
    let mut points: Vec<String> = (c.before.iter())
        .map(|s| format!("{}:{}", s.start_no, s.points))
        .collect();
    points.sort();
    // 2 keeps only his bye's point; as written he had 2.
    assert_eq!(points.join(" "), "1:1 2:1 3:1");
    let forfeit = pgn_arbiter::tournament::matching::pairings(&trf)[1];
    assert_eq!(forfeit.result(), "-/-");
    assert_eq!(forfeit.disagreement(), None);
}

/// A column ruler written as a line (`0123456789…`, the Armstrong report's
/// line 29) names no event: the `012 ` line does (issue 42).
#[test]
fn a_column_ruler_is_not_the_events_name() {
    let bytes = std::fs::read(data("trf/icu_tournament__armstrong_2011.trf")).unwrap();
    let trf = pgn_arbiter::tournament::trf::Trf::read(&bytes).unwrap();
    assert_eq!(
        trf.event,
        "Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011"
    );
}

/// A real team Swiss (TRF16 `013` lines, Greek names): its 15 teams read,
/// numbered by line, members in board order; `tournament` says it is a
/// team competition and how its teams are ranked, and a team line it
/// cannot read is refused naming line and columns.
#[test]
fn a_team_file_reads_its_teams_and_is_never_silently_individual() {
    let trf = read("team/friendship-cup-2024.trf");
    assert_eq!(trf.teams.len(), 15);
    let (first, last) = (&trf.teams[0], &trf.teams[14]);
    assert_eq!((first.number, first.name.as_str()), (1, "ΓΑΖΙ 1"));
    assert_eq!(first.members[..6], [13, 14, 15, 16, 17, 18]);
    assert_eq!((last.number, last.name.as_str()), (15, "ΣΑΧ"));
    assert_eq!(pgn_arbiter::tournament::trf::members(&trf.teams), 129);
    let dir = tempfile::tempdir().unwrap();
    let report = data("team/friendship-cup-2024.trf");
    let games = data("u19-2010/games.pgn");
    let run = |report: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .args([report, games.as_path()])
            .arg("-o")
            .arg(dir.path().join("out"))
            .output()
            .unwrap()
    };
    let out = run(&report);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("a team competition: 15 teams of 129 players"),
        "{said}"
    );
    let standings = std::fs::read_to_string(dir.path().join("out/team-standings.csv")).unwrap();
    let first = standings.lines().find(|l| l.contains("ΟΑΑΗ")).unwrap();
    let official = "3,ΟΑΑΗ,1,1,7,4,3,0,11.0,11.0,24.5,24.5,547.75,547.75,56.0,56.0";
    assert_eq!(first, official, "{standings}");
    let text = std::fs::read_to_string(&report).unwrap();
    let broken = dir.path().join("broken.trf");
    std::fs::write(
        &broken,
        text.replacen(
            "ΓΑΖΙ 1                            13",
            "ΓΑΖΙ 1                            1x",
            1,
        ),
    )
    .unwrap();
    let out = run(&broken);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("line 150, columns 37-40: `1x` is no start number"),
        "{stderr}"
    );
}

/// The Friendship Cup's matches rebuilt from pairings and membership give
/// each team the official match and game points (a team bye valued as the
/// event did: a drawn match with half the boards' points, 1 MP and 3 GP).
#[test]
fn team_matches_give_the_official_match_and_game_points() {
    use pgn_arbiter::tournament::team_standings::TeamRanking;
    use pgn_arbiter::tournament::teams::{boards_per_match, matches};
    let trf = read("team/friendship-cup-2024.trf");
    let all = matches(&trf);
    assert_eq!(all.len(), 7 * 7, "seven matches a round, one team's bye");
    assert_eq!(boards_per_match(&all), 6);
    let table = TeamRanking::default().table(&trf);
    assert_eq!(table.bye.mp, 1.0);
    assert_eq!(table.bye.gp, 3.0);
    let got: Vec<_> = table.rows.iter().map(|r| r.score(table.value)).collect();
    let official = std::fs::read_to_string(data("team/friendship-cup-2024.official-standings.tsv"));
    let mut compared = 0;
    for line in official
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
    {
        let f: Vec<&str> = line.split('\t').collect();
        let team = trf.teams.iter().find(|t| t.name == f[1]).expect(f[1]);
        let s = &got[team.number as usize - 1];
        let (mp, gp): (f64, f64) = (f[6].parse().unwrap(), f[7].parse().unwrap());
        assert_eq!((s.match_points, s.game_points), (mp, gp), "{}", f[1]);
        assert_eq!(s.matches.to_string(), f[2], "{}", f[1]);
        assert_eq!(
            [s.wins, s.draws, s.losses].map(|n| n.to_string()),
            [f[3], f[4], f[5]],
            "{}",
            f[1]
        );
        compared += 1;
    }
    assert_eq!(compared, 15);
}

/// The Friendship Cup's official EGGSB and BH:MP, and its ranking by MP,
/// GP, EGGSB, BH:MP, come out with the bye an unplayed round against a
/// dummy of the team's own score (C.07 16.4, 2023 text: the event was
/// played in November 2024).
#[test]
fn team_tie_breaks_give_the_official_ranking() {
    use pgn_arbiter::tournament::team_standings::TeamRanking;
    let trf = read("team/friendship-cup-2024.trf");
    let ranking = TeamRanking::default();
    let got = ranking.standings(&trf);
    let codes: Vec<String> = ranking
        .order
        .tiebreaks
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(codes, ["GP", "EGGSB", "BH:MP"]);
    let official = std::fs::read_to_string(data("team/friendship-cup-2024.official-standings.tsv"));
    for (rank, line) in official
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .enumerate()
    {
        let f: Vec<&str> = line.split('\t').collect();
        let i = trf.teams.iter().position(|t| t.name == f[1]).expect(f[1]);
        let (eggsb, bh): (f64, f64) = (f[8].parse().unwrap(), f[9].parse().unwrap());
        assert_eq!(
            (got[i].values[1], got[i].values[2]),
            (Some(eggsb), Some(bh)),
            "{}",
            f[1]
        );
        assert_eq!(got[i].rank, rank + 1, "{}", f[1]);
    }
}

/// A `-` with no opponent is an absence (an unplayed round, C.07 15.1), a
/// run of them to the end a withdrawal whose rounds the opponents count as
/// draws (16.3.2), not a forfeit loss: FIDE's calculator (TieBreakServer)
/// gives these two values, which the forfeit reading missed (issue 44).
#[test]
fn a_dash_without_opponent_is_an_absence_as_fide_computes_it() {
    for (file, start_no, bh) in [
        ("trf/icu_ratings_app__bunratty_masters_2011.trf", "13", 21.0),
        ("trf/sklangen_TRF__2020_06_lichess.trf", "1", 52.5),
    ] {
        let trf = read(file);
        let table = Crosstable::new(&trf.players, trf.rounds);
        assert_eq!(values(&table, "BH")[start_no], bh, "{file} #{start_no}");
    }
}

/// `--match-points 3,1,0` ranks a 3-1-0 team event; a value no scoring
/// system has is refused (exit 2, nothing written).
#[test]
fn match_points_are_the_ones_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let run = |points: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .arg(data("team/friendship-cup-2024.trf"))
            .arg(data("u19-2010/games.pgn"))
            .args(["--match-points", points, "-o"])
            .arg(dir.path().join(points.replace(',', "-")))
            .output()
            .unwrap()
    };
    let out = run("3,1,0");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("a match worth 3, 1, 0 (--match-points)")
    );
    let csv = std::fs::read_to_string(dir.path().join("3-1-0/team-standings.csv")).unwrap();
    // ΟΑΑΗ: 4 wins and 3 draws.
    let oaah = csv.lines().find(|l| l.contains("ΟΑΑΗ")).unwrap();
    assert!(oaah.contains(",15.0,15.0,24.5,24.5,"), "{oaah}");
    let refused = run("1,2,0");
    assert_eq!(refused.status.code(), Some(2));
    assert!(!dir.path().join("1-2-0").exists());
}

/// Held's team exercise (`held-team-exercises.trf`, written by
/// `scripts/held-team-trf.py` from the paper's crosstable) and its
/// published answers.
fn held_team() -> (Trf, serde_json::Value) {
    let trf = read("team/held-team-exercises.trf");
    let text = std::fs::read_to_string(data("tiebreak-exercises/held_exercises_expected.json"));
    let json: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    let (_, answers) = json
        .as_object()
        .unwrap()
        .iter()
        .find(|(k, _)| k.starts_with("team_14teams"))
        .unwrap();
    (trf, answers.clone())
}

fn team_values(
    trf: &Trf,
    rules: pgn_arbiter::tournament::rules::TieBreakRules,
    code: &str,
) -> BTreeMap<String, f64> {
    use pgn_arbiter::tournament::team_standings::TeamRanking;
    use pgn_arbiter::tournament::team_table::Score;
    use pgn_arbiter::tournament::team_tiebreak::TeamTieBreak;
    let table = TeamRanking {
        rules,
        ..TeamRanking::default()
    }
    .table(trf);
    let t: TeamTieBreak = code.parse().unwrap();
    table
        .rows
        .iter()
        .map(|row| {
            (
                row.team.to_string(),
                t.value(&table, row, Score::Match).unwrap(),
            )
        })
        .collect()
}

/// The answers of one exercise, only the teams it gives.
fn held_team_check(got: &BTreeMap<String, f64>, answers: &serde_json::Value, what: &str) {
    let wanted = answers.as_object().unwrap_or_else(|| panic!("no {what}"));
    for (team, value) in wanted {
        let value: f64 = value.as_str().unwrap().parse().unwrap();
        assert_eq!(got[team], value, "{what}, team {team}");
    }
}

/// Exercises 34-41 and 49: MP, GP, BH:MP, BH:MP/C1, BH:GP, BH:GP/C1,
/// EMMSB/C1, EGMSB, EMGSB, EGGSB, SSSC (C.07 arts. 8, 13.2, 13.4, 14, 16;
/// the 2023/2024 text), and the values the 2026 text's dummy caps change.
#[test]
fn held_team_exercises_values() {
    use pgn_arbiter::tournament::rules::TieBreakRules;
    let (trf, answers) = held_team();
    let old = &answers["C07_2023"];
    for (code, key) in [
        ("MP", "MP"),
        ("GP", "GP"),
        ("BH:MP", "BH:MP (ex35)"),
        ("BH:MP/C1", "BH:MP/C1 (ex36)"),
        ("BH:GP", "BH:GP (ex37)"),
        ("BH:GP/C1", "BH:GP/C1 (ex37)"),
        ("EMMSB/C1", "EMMSB/C1 (ex38)"),
        ("EGMSB", "EGMSB (ex39)"),
        ("EMGSB", "EMGSB (ex40)"),
        ("EGGSB", "EGGSB (ex41)"),
        ("SSSC", "SSSC (ex49, hundredths kept)"),
    ] {
        let got = team_values(&trf, TieBreakRules::Y2024, code);
        held_team_check(&got, &old[key], code);
    }
    let (_, new) = answers
        .as_object()
        .unwrap()
        .iter()
        .find(|(k, _)| k.starts_with("C07_2026"))
        .unwrap();
    for (code, key) in [
        ("BH:MP", "BH:MP"),
        ("BH:MP/C1", "BH:MP/C1"),
        ("BH:GP", "BH:GP"),
        ("EMMSB/C1", "EMMSB/C1"),
        ("EGMSB", "EGMSB"),
        ("EMGSB", "EMGSB"),
        ("EGGSB", "EGGSB"),
        ("SSSC", "SSSC"),
    ] {
        let mut wanted = new[key].clone();
        // The transcription's forfeit of round 6 has no opponent, so its
        // dummy is capped at a draw in every round (16.4.2: 14 GP); in the
        // fixture team 1's forfeit is against team 6 (the round's only
        // other unpaired team), and the cap is team 6's adjusted score
        // (16.4.1: 12.5 GP): 1.5 less per GP sum, times 2 MP and 4 GP in
        // the Sonneborn-Bergers. The MP caps agree (team 6 has 7 MP).
        let fixture = match code {
            "BH:GP" => Some(110.5 - 1.5),
            "EGMSB" => Some(151.0 - 1.5 * 2.0),
            "EGGSB" => Some(269.0 - 1.5 * 4.0),
            _ => None,
        };
        if let Some(value) = fixture {
            wanted["1"] = serde_json::Value::String(value.to_string());
        }
        let got = team_values(&trf, TieBreakRules::Y2026, code);
        held_team_check(&got, &wanted, &format!("{code} (2026)"));
    }
}

/// The teams' ranks under `codes` (the first the primary score).
fn team_ranks(trf: &Trf, codes: &[&str]) -> BTreeMap<u32, usize> {
    use pgn_arbiter::tournament::team_standings::{TeamOrder, TeamRanking};
    use pgn_arbiter::tournament::team_tiebreak::TeamTieBreak;
    let mut list: Vec<TeamTieBreak> = codes.iter().map(|c| c.parse().unwrap()).collect();
    let TeamTieBreak::Points(primary) = list.remove(0) else {
        panic!("a score first")
    };
    let ranking = TeamRanking {
        order: TeamOrder {
            primary,
            tiebreaks: list,
        },
        ..TeamRanking::default()
    };
    ranking
        .standings(trf)
        .into_iter()
        .map(|s| (s.score.team, s.rank))
        .collect()
}

fn in_rank_order(ranks: &BTreeMap<u32, usize>) -> Vec<u32> {
    let mut teams: Vec<u32> = ranks.keys().copied().collect();
    teams.sort_by_key(|t| (ranks[t], *t));
    teams
}

/// Exercise 34 (MP then GP, GP then MP), 42-45 (EDE, C.07 13.3) and 46-48
/// (EDEBT, EDET, EDEB: the board tie-breaks of art. 12 after EDE).
#[test]
fn held_team_exercises_ranks() {
    let (trf, answers) = held_team();
    let order = |key: &str| -> Vec<u32> {
        let list = answers["C07_2023"][key].as_array().unwrap();
        list.iter().map(|v| v.as_u64().unwrap() as u32).collect()
    };
    let by_mp = team_ranks(&trf, &["MP", "GP"]);
    assert_eq!(in_rank_order(&by_mp), order("order_MP_then_GP (ex34)"));
    let by_gp = team_ranks(&trf, &["GP", "MP"]);
    assert_eq!(in_rank_order(&by_gp), order("order_GP_then_MP (ex34)"));
    let ede = team_ranks(&trf, &["MP", "EDE"]);
    assert_eq!(ede[&11], ede[&14], "exercise 42");
    assert!(ede[&6] < ede[&8], "exercise 43");
    assert!(ede[&7] == ede[&9] && ede[&9] == ede[&13], "exercise 44");
    let mut leaders = vec![1, 2, 3, 4, 5];
    leaders.sort_by_key(|t| ede[t]);
    assert_eq!(leaders, [4, 2, 1, 3, 5], "exercise 45");
    for code in ["EDEBT", "EDET", "EDEB"] {
        let ranks = team_ranks(&trf, &["MP", code]);
        assert!(ranks[&11] < ranks[&14], "{code}");
    }
}

/// The team options end to end on Held's team exercise: the order asked
/// for, the columns it gives, `team-matches.csv`, `--team-bye` and
/// `--tiebreak-rules`.
#[test]
fn team_options_reach_the_team_reports() {
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &str, extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .arg(data("team/held-team-exercises.trf"))
            .arg(data("u19-2010/games.pgn"))
            .args(extra)
            .arg("-o")
            .arg(dir.path().join(out))
            .output()
            .unwrap()
    };
    let out = run("ede", &["--tiebreaks", "MP,EDE,BH:GP"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("ranks the teams by MP, EDE, BH:GP"), "{said}");
    assert!(
        said.contains("tie-breaks: C.07 as in force from August 2024"),
        "{said}"
    );
    let standings = csv(&dir.path().join("ede"), "team-standings.csv");
    let team = |rows: &[BTreeMap<String, String>], n: &str| {
        rows.iter().find(|r| r["team"] == n).unwrap().clone()
    };
    assert_eq!(team(&standings, "4")["rank_after"], "1", "exercise 45");
    assert_eq!(team(&standings, "4")["EDE_after"], "1.0");
    assert_eq!(team(&standings, "1")["BH:GP_after"], "114.0");
    let matches = csv(&dir.path().join("ede"), "team-matches.csv");
    assert_eq!(matches.len(), 7 * 7 - 2, "round 5's and round 7's byes");
    let forfeit = matches
        .iter()
        .find(|m| m["round"] == "6" && m["team_1"] == "1")
        .unwrap();
    assert_eq!(forfeit["team_2"], "6");
    assert_eq!(forfeit["boards_after"], "+/- +/- +/- +/-");
    assert_eq!(forfeit["result_after"], "1 won");
    let out = run(
        "bye",
        &[
            "--team-bye",
            "2,4",
            "--tiebreak-rules",
            "2026",
            "--tiebreaks",
            "MP,BH:GP",
        ],
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("a team's bye 2 MP, 4 GP (--team-bye)"),
        "{said}"
    );
    assert!(said.contains("from March 2026"), "{said}");
    let standings = csv(&dir.path().join("bye"), "team-standings.csv");
    assert_eq!(
        team(&standings, "12")["mp_after"],
        "3.0",
        "its bye now a win"
    );
    assert_eq!(team(&standings, "12")["gp_after"], "9.5");
    // 16.4.1: team 1's dummy capped at team 6's 12.5 game points.
    assert_eq!(team(&standings, "1")["BH:GP_after"], "109.0");
    for refused in [
        ["--tiebreak-rules", "2025"],
        ["--team-bye", "1"],
        ["--tiebreaks", "MP,XYZ"],
    ] {
        let out = run("refused", &refused);
        assert_eq!(out.status.code(), Some(2), "{refused:?}");
    }
    assert!(!dir.path().join("refused").exists());
}

/// TRF-2026's team records (`310`, `320`, `240`, `330`, `362`, `300`) give
/// the same event as TRF16's `013` lines and the players' cells: Held's
/// team exercise written both ways ranks, values and lists its matches
/// alike; a `310` line that declares other points is said; a record that
/// cannot be read is refused naming its line and columns.
#[test]
fn trf_2026_team_records_read_as_the_event_played() {
    let dir = tempfile::tempdir().unwrap();
    let run = |report: &Path, out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .arg(report)
            .arg(data("u19-2010/games.pgn"))
            .arg("-o")
            .arg(dir.path().join(out))
            .output()
            .unwrap()
    };
    let trf16 = data("team/held-team-exercises.trf");
    let trf26 = data("team/held-team-exercises-trf26.trf");
    let (a, b) = (run(&trf16, "16"), run(&trf26, "26"));
    let said = String::from_utf8_lossy(&b.stdout);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    assert!(said.contains("(`310` lines)"), "{said}");
    assert!(said.contains("2, 1, 0 (the report's 362 line)"), "{said}");
    assert!(
        said.contains("a team's bye 1 MP, 2 GP (the report's 320 line)"),
        "{said}"
    );
    assert!(!said.contains("disagree"), "{said}");
    assert!(a.status.success());
    let file = |d: &str, f: &str| std::fs::read_to_string(dir.path().join(d).join(f)).unwrap();
    assert_eq!(
        file("16", "team-standings.csv"),
        file("26", "team-standings.csv")
    );
    let without_lineup = |text: String| -> Vec<String> {
        text.lines()
            .map(|l| {
                l.split(',')
                    .enumerate()
                    .filter(|(i, _)| *i != 5)
                    .map(|(_, f)| f)
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        without_lineup(file("16", "team-matches.csv")),
        without_lineup(file("26", "team-matches.csv")),
        "the 330 forfeit has no players"
    );
    let text = std::fs::read_to_string(&trf26).unwrap();
    let edit = |name: &str, from: &str, to: &str| {
        let path = dir.path().join(name);
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        path
    };
    let wrong = edit(
        "wrong.trf",
        "T14     2000    4.0   11.5",
        "T14     2000    5.0   11.5",
    );
    let said = run(&wrong, "wrong");
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(
        said.contains("team 14 declares 5.0 MP, 11.5 GP, rank -; its matches give 4.0 MP"),
        "{said}"
    );
    let abnormal = edit(
        "abnormal.trf",
        "330 +- 006 001 006",
        "330 +- 006 001 006\n299 W   2.0   4.0 003 0001",
    );
    let said = run(&abnormal, "abnormal");
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(
        said.contains("1 abnormal point assignment(s) (`299`, from line 79) are not applied"),
        "{said}"
    );
    let order = edit(
        "order.trf",
        "330 +- 006 001 006",
        "330 +- 006 001 006\n300 001 001 008    2    1    3    4",
    );
    assert!(run(&order, "order").status.success());
    let first = file("order", "team-matches.csv");
    assert!(
        first
            .lines()
            .nth(1)
            .unwrap()
            .contains(",2-30 1-29 3-31 4-32,"),
        "{first}"
    );
    for (name, from, to, columns) in [
        ("forfeit.trf", "330 +- 006", "330 x- 006", "columns 5-6"),
        ("bye.trf", "320  1.0  2.0", "320  1.x  2.0", "columns 5-8"),
        (
            "number.trf",
            "310  12 Team 12",
            "310  1x Team 12",
            "columns 5-7",
        ),
        (
            "gap.trf",
            "310  12 Team 12",
            "310  15 Team 12",
            "columns 5-7",
        ),
        ("kind.trf", "240 H 005", "240 Q 005", "columns 5-5"),
    ] {
        let out = run(&edit(name, from, to), name);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(columns) && stderr.contains("nothing was written"),
            "{name}: {stderr}"
        );
    }
}

/// `--html` shows a team competition's standings before and after, and
/// links its two team files; an individual event's page has no such part.
#[test]
fn the_html_page_shows_the_team_standings() {
    let dir = tempfile::tempdir().unwrap();
    let run = |report: &Path, games: &Path, name: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .arg(report)
            .arg(games)
            .arg("-o")
            .arg(dir.path().join(name))
            .arg("--html")
            .arg(dir.path().join(format!("{name}-site")))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read_to_string(dir.path().join(format!("{name}-site/tournament.html"))).unwrap()
    };
    let page = run(
        &data("team/held-team-exercises-trf26.trf"),
        &data("team/held-team-games.pgn"),
        "team",
    );
    assert!(page.contains("<h2>Team standings before and after</h2>"));
    assert!(page.contains("team-matches.csv"));
    // Team 13 wins the corrected match: 6 match points become 7.
    let row = page
        .lines()
        .find(|l| l.contains("<td>Team 13</td>"))
        .unwrap();
    assert!(
        row.contains("6.0 → 7.0") && row.contains("class=\"changed\""),
        "{row}"
    );
    let page = run(
        &data("u19-2010/report.trf"),
        &data("u19-2010/games.pgn"),
        "solo",
    );
    assert!(!page.contains("Team standings"));
}

/// A real team league, the Armstrong Cup 2010-11 (12 teams of up to 16
/// players, 8 boards, a round robin of 11 rounds, TRF16 `013` lines):
/// every team meets every other once, the match points of each match sum
/// to a win's, and DE among tied teams orders by their own match (art. 6
/// on the primary score) as EDE does when that decides.
#[test]
fn a_real_team_league_reads_as_a_round_robin() {
    use pgn_arbiter::tournament::team_standings::{TeamOrder, TeamRanking};
    let trf = read("trf/icu_tournament__armstrong_2011.trf");
    let table = TeamRanking::default().table(&trf);
    assert!(table.round_robin);
    assert_eq!((table.rows.len(), table.rounds, table.boards), (12, 11, 8));
    let scores: Vec<_> = table.rows.iter().map(|r| r.score(table.value)).collect();
    assert!(scores.iter().all(|s| s.matches == 11 && s.byes == 0));
    let mp: f64 = scores.iter().map(|s| s.match_points).sum();
    assert_eq!(mp, 66.0 * 2.0, "66 matches, two match points each");
    let ranks = |codes: &[&str]| -> Vec<usize> {
        let ranking = TeamRanking {
            order: TeamOrder {
                tiebreaks: codes.iter().map(|c| c.parse().unwrap()).collect(),
                ..TeamOrder::default()
            },
            ..TeamRanking::default()
        };
        ranking.standings(&trf).iter().map(|s| s.rank).collect()
    };
    // Kilkenny (7) first with 19 match points, Gonzaga (6) second with 18.
    let by_de = ranks(&["DE"]);
    assert_eq!((by_de[6], by_de[5]), (1, 2));
    assert_eq!(
        by_de,
        ranks(&["EDE"]),
        "no tie here that the game points must break"
    );
}

/// The test tournament moved to November 2025, its first player born in
/// 2009: B.02 gives each player his own K — 40 to a junior under 2300,
/// 20 to the others — and ratings.csv says which and why.
#[test]
fn each_player_gets_his_own_k_from_the_report_and_the_event_date() {
    let dir = tempfile::tempdir().unwrap();
    let report = std::fs::read_to_string(data("u19-2010/report.trf"))
        .unwrap()
        .replace("042 2010-04-11", "042 2025-11-01")
        .replace(
            "2225            6897 1993-12-20",
            "2225            6897 2009-12-20",
        );
    let trf = dir.path().join("report.trf");
    std::fs::write(&trf, report).unwrap();
    let games = data("u19-2010/games.pgn");
    let out = tournament(&trf, &games, &dir.path().join("out"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ratings = csv(&dir.path().join("out"), "ratings.csv");
    let seen: Vec<[&str; 4]> = ratings
        .iter()
        .map(|r| {
            [
                r["start_no"].as_str(),
                r["k"].as_str(),
                r["k_from"].as_str(),
                r["change_before"].as_str(),
            ]
        })
        .collect();
    // 1 (K 40): two wins against players 592 and 759 below, each counted
    // as 400 (he is under 2650): 2 × 40 × 0.08 = 6.40.
    assert_eq!(
        seen,
        [
            ["1", "40.0", "junior", "6.40"],
            ["2", "20.0", "standard", "4.00"],
            ["3", "20.0", "standard", "-7.20"],
        ]
    );
}

/// A rapid event of November 2024 (the report's control, `15 minutes plus
/// 10 sec per move`): since March 2024 one text rates standard, rapid and
/// blitz, so the juniors (born 2014, under 2300) get 40, the others 20.
#[test]
fn a_rapid_events_ratings_follow_the_text_of_its_date() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.pgn");
    std::fs::write(&none, "").unwrap();
    let report = data("team/friendship-cup-2024.trf");
    let out = tournament(&report, &none, &dir.path().join("out"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let said = "rating changes: each player's K by FIDE's rating regulations of 1 March 2024";
    assert!(stdout.contains(said), "{stdout}");
    let ratings = csv(&dir.path().join("out"), "ratings.csv");
    // 1: born 2014, 1442. 8: born 2004, 1826. 7: born 1997, 2250.
    assert_eq!(k_of(&ratings, "1"), ["40.0", "junior"]);
    assert_eq!(k_of(&ratings, "8"), ["20.0", "standard"]);
    assert_eq!(k_of(&ratings, "7"), ["20.0", "standard"]);
}

/// The K of the player with start number `no` in ratings.csv, and where
/// it came from.
fn k_of(ratings: &[BTreeMap<String, String>], no: &str) -> [String; 2] {
    let row = ratings.iter().find(|r| r["start_no"] == no).unwrap();
    [row["k"].clone(), row["k_from"].clone()]
}

/// A line of FIDE's single-list TXT download (the layout of its 2023–2025
/// lists): id, name, federation, sex, rating, games, K, birth year.
fn rating_list_line(id: &str, name: &str, rating: u32, k: u32) -> String {
    format!("{id:<15}{name:<61}GRE M                                {rating:<6}0   {k:<3}2004")
}

const RATING_LIST_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV24 Gms K  B-day Flag";

/// `--rating-list`: the players it holds get its K (here a new player's
/// 40, which the report cannot show, and 10 for a rating once 2400); the
/// others the regulations'. A zip is refused before anything is written.
#[test]
fn the_rating_lists_k_rates_the_players_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.pgn");
    std::fs::write(&none, "").unwrap();
    let list = dir.path().join("standard_rating_list.txt");
    let lines = [
        RATING_LIST_HEADER.to_string(),
        rating_list_line("4295064", "Bairamian, Artur", 1826, 40),
        rating_list_line("4227506", "Naoum, Spyridon", 2250, 10),
    ];
    std::fs::write(&list, lines.join("\n")).unwrap();
    let report = data("team/friendship-cup-2024.trf");
    let with_list = |list: &Path, out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("tournament")
            .args([report.as_path(), none.as_path()])
            .arg("--rating-list")
            .arg(list)
            .arg("-o")
            .arg(dir.path().join(out))
            .output()
            .unwrap()
    };
    let out = with_list(&list, "out");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = "K from FIDE's rating list (NOV24, taken as the list of the event's play) for 2 of";
    assert!(stdout.contains(said), "{stdout}");
    let ratings = csv(&dir.path().join("out"), "ratings.csv");
    assert_eq!(k_of(&ratings, "8"), ["40.0", "rating list"]);
    assert_eq!(k_of(&ratings, "7"), ["10.0", "rating list"]);
    assert_eq!(k_of(&ratings, "1"), ["40.0", "junior"]);

    let zipped = dir.path().join("players_list.zip");
    std::fs::write(&zipped, b"PK\x03\x04rest").unwrap();
    let refused = with_list(&zipped, "refused");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a zip archive: unzip it"), "{stderr}");
    assert!(!dir.path().join("refused").exists());
}
