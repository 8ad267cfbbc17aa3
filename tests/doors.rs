//! One audit behind every door: the same clean, damaged and unclear
//! records through `audit`, `tournament`, the library call the Python
//! package runs, and `explain` give one answer. The records are
//! `tests/data/doors/records.pgn` (written for this test): a confirmed
//! mate, a corrected one, a comment never closed, a Result tag the
//! movetext contradicts, an unclaimed illegal move.

use std::process::Command;

use crate::common::{Row, audit, data};

const RECORDS: &str = "doors/records.pgn";
const ANSWER: [&str; 4] = ["status", "correct_result", "rule", "reason"];

fn answer(row: &Row) -> Vec<String> {
    ANSWER.iter().map(|k| row[*k].clone()).collect()
}

fn the_audit() -> (Vec<Vec<String>>, Vec<u8>) {
    let path = data(RECORDS);
    let run = audit(&[path.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    (run.verdicts.iter().map(answer).collect(), run.verdicts_raw)
}

/// What the command prints, which must succeed.
fn succeeds(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_records_hold_every_kind_of_answer() {
    let (rows, _) = the_audit();
    let statuses: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        statuses,
        ["confirmed", "corrected", "error", "review", "confirmed"]
    );
    assert!(
        rows[2][3].ends_with("comment `{` is never closed"),
        "{rows:?}"
    );
}

#[test]
fn tournament_writes_the_audits_verdicts() {
    let (_, raw) = the_audit();
    let dir = tempfile::tempdir().unwrap();
    let report = data("tournaments/u19-2010/report.trf");
    let records = data(RECORDS);
    succeeds(&[
        "tournament",
        report.to_str().unwrap(),
        records.to_str().unwrap(),
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    let theirs = std::fs::read(dir.path().join("verdicts.csv")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&theirs),
        String::from_utf8_lossy(&raw)
    );
}

#[test]
fn explain_tells_each_game_as_the_audit_judged_it() {
    let (rows, _) = the_audit();
    for (i, row) in rows.iter().enumerate() {
        let number = (i + 1).to_string();
        let told = succeeds(&[
            "explain",
            data(RECORDS).to_str().unwrap(),
            "--game",
            &number,
        ]);
        let verdict = match (row[0].as_str(), row[1].as_str()) {
            ("error", _) => "Verdict: the game cannot be audited.".to_string(),
            ("confirmed", r) => {
                format!("Verdict: the recorded result {r} is confirmed ({})", row[2])
            }
            ("corrected", r) => format!("Verdict: the correct result is {r} ({})", row[2]),
            (_, r) => format!(
                "Verdict: an arbiter must decide; the best reading is {r} ({})",
                row[2]
            ),
        };
        assert!(told.contains(&verdict), "game {number}: {verdict}\n{told}");
        // The reason, as the report words it (an error's without the
        // source and game, which the heading names).
        let reason = row[3].rsplit(": line ").next().unwrap();
        let reason = &reason[1..];
        assert!(told.contains(reason), "game {number}: {reason}\n{told}");
    }
}

#[cfg(feature = "tables")]
#[test]
fn the_library_call_behind_python_gives_the_same_rows() {
    use pgn_arbiter::cli::settings::Settings;
    use pgn_arbiter::cli::tables::{self, Input};
    use std::sync::{Arc, atomic::AtomicBool};

    let (rows, _) = the_audit();
    let mut got: Vec<Vec<String>> = Vec::new();
    let input = Input::Paths(vec![data(RECORDS)]);
    let stop = Arc::new(AtomicBool::new(false));
    tables::audit(Settings::default(), input, 1000, stop, &mut |v, _| {
        for i in 0..v.num_rows() {
            let cell = |name: &&str| text(v.column_by_name(name).unwrap(), i);
            got.push(ANSWER.iter().map(cell).collect());
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(got, rows);
}

#[cfg(feature = "tables")]
/// A text cell, plain or dictionary-encoded (the short labels), as the
/// CSV writes it.
fn text(column: &arrow_array::ArrayRef, i: usize) -> String {
    use arrow_array::Array;
    use arrow_array::cast::AsArray;
    use arrow_array::types::Int32Type;
    if column.is_null(i) {
        return String::new();
    }
    match column.as_dictionary_opt::<Int32Type>() {
        Some(labels) => {
            let key = labels.keys().value(i) as usize;
            labels.values().as_string::<i32>().value(key).to_string()
        }
        None => column.as_string::<i32>().value(i).to_string(),
    }
}

/// What is no PGN is told by its type, not its words: Python raises
/// `NotPgnError` from this variant.
#[cfg(feature = "tables")]
#[test]
fn no_pgn_is_a_failure_of_its_own() {
    use pgn_arbiter::cli::settings::Settings;
    use pgn_arbiter::cli::tables::{self, Failure, Input};
    use std::sync::{Arc, atomic::AtomicBool};
    let letter = b"Dear club members, the meeting is on Friday.\n".to_vec();
    let input = Input::Text {
        name: "letter".into(),
        bytes: letter.into(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let failure = tables::audit(Settings::default(), input, 10, stop, &mut |_, _| Ok(()));
    match failure {
        Err(Failure::NotPgn(why)) => assert!(why.starts_with("letter: not a PGN file"), "{why}"),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a letter was audited"),
    }
}

/// Round seven: the helpmate line is chosen once a game, and the row, the
/// HTML page and `explain` show that one with its length. A confirmed
/// 15.4.2 claim cites the solver's own line (88 plies here, where the
/// bound's search finds one of 10): `explain` and the page show the 88,
/// not a line the row never quoted; with `--short-lines all`, all three
/// show the short one.
#[test]
fn every_door_shows_the_rows_helpmate_line() {
    let sample = crate::common::repo("samples/rules/15.4.2-claimed-illegal-move.pgn");
    let sample = sample.to_str().unwrap();
    for (short_lines, plies) in [("read", 88), ("all", 10)] {
        let dir = tempfile::tempdir().unwrap();
        let html = dir.path().join("html");
        let run = audit(
            &[
                sample,
                "--short-lines",
                short_lines,
                "--html",
                html.to_str().unwrap(),
                // A confirmed row has a page only where every game's is asked.
                "--html-pages",
                "all",
            ],
            None,
        );
        let row = &run.verdicts[0];
        assert_eq!(row["status"], "confirmed", "{}", row["reason"]);
        let told = succeeds(&["explain", sample, "--short-lines", short_lines]);
        let whole = told
            .lines()
            .find_map(|l| l.strip_prefix("The helpmate in full ("))
            .unwrap_or_else(|| panic!("{told}"));
        assert!(whole.starts_with(&format!("{plies} plies")), "{whole}");
        let line = whole.split("): ").nth(1).unwrap();
        // The row quotes the line: whole, or its start, end and length.
        let first_moves: String = line.chars().take(30).collect();
        assert!(
            row["reason"].contains(&first_moves),
            "{}\n{line}",
            row["reason"]
        );
        if plies > 12 {
            assert!(row["reason"].contains(&format!("a helpmate of {plies} plies")));
        } else {
            assert!(row["reason"].contains(line), "{}", row["reason"]);
        }
        let reason: String = row["reason"].chars().skip(1).take(200).collect();
        assert!(told.contains(&reason), "{told}");
        let page = std::fs::read_dir(html.join("games"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        let page = std::fs::read_to_string(page.path()).unwrap();
        assert!(
            page.contains(&format!("The helpmate ({plies} plies)")),
            "{page}"
        );
        assert!(page.contains(&format!("<span id=\"helpmate\">{line}</span>")));
    }
}
