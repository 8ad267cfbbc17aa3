//! Tournament reports: every real TRF reads and writes back byte for byte,
//! and FIDE's own tie-break exercises (IA Mario Held, C.07 2023) come out
//! as published.

use std::collections::BTreeMap;
use std::path::Path;

use pgn_arbiter::tournament::crosstable::Crosstable;
use pgn_arbiter::tournament::standings::standings;
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
    let good = "001    2 m    Bruno                             2150 NOR           0 1990/01/01  4.0    2    10 b 1     7 w 1";
    assert!(Trf::read(good.as_bytes()).is_ok());
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
    for tiebreak in ["BH", "BH/C1", "SB", "SB/C1", "ARO", "WIN", "PS", "PS/C1"] {
        assert_eq!(
            values(&table, tiebreak),
            published(answers, tiebreak),
            "{tiebreak}"
        );
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
