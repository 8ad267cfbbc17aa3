//! Parser fixtures of other chess libraries (tests/data/edge-cases): every
//! file is read without a crash and every game in it gets exactly one row.

use crate::common::pgn_reader_count;

use crate::common::*;

/// Files where this tool and pgn-reader disagree on the number of games,
/// with the reason (checked by hand).
/// pgn-reader ends a game's movetext at any blank line and at an unescaped
/// quote in a tag; this tool keeps reading the same game until a new tag
/// section starts (or a blank line after a result).
const DIFFERENT_COUNTS: &[(&str, usize, &str)] = &[
    ("chesslib-ep.pgn", 1, "blank line before the result"),
    ("chesslib-err.pgn", 1, "blank line before the result"),
    ("chesslib-z0.pgn", 1, "blank line before the result"),
    (
        "disservin-empty_body.pgn",
        2,
        "two tag sections, the first with no movetext",
    ),
    (
        "disservin-unescaped_quote_header.pgn",
        1,
        "quotes inside tag values",
    ),
    (
        "scalachess-fromCrafty.pgn",
        1,
        "blank lines between Crafty's comment blocks",
    ),
    (
        "scalachess-gameWithComments.pgn",
        1,
        "blank line and `%` lines inside the movetext",
    ),
    (
        "scalachess-withDelimitersOnNewLines.pgn",
        1,
        "`[/pgn]` on a line of its own is forum markup, not a tag section",
    ),
];

#[test]
fn every_edge_case_file_gives_one_row_per_game() {
    let mut files: Vec<_> = std::fs::read_dir(data("edge-cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 100);
    let mut report = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let run = audit(&[file.to_str().unwrap()], None);
        assert_eq!(run.code(), Some(0), "{name}: {}", run.stderr());
        assert!(
            !run.stderr().contains("panicked"),
            "{name}: {}",
            run.stderr()
        );
        let summary = format!(
            "{} games read; {} verdict rows",
            run.verdicts.len(),
            run.verdicts.len()
        );
        assert!(run.stderr().contains(&summary), "{name}: {}", run.stderr());
        for row in &run.verdicts {
            assert!(!row["status"].is_empty());
            assert!(!row["reason"].is_empty(), "{name}");
            if row["status"] != "error" {
                assert!(!row["correct_result"].is_empty(), "{name}");
            }
        }
        let theirs = pgn_reader_count::games(&std::fs::read(file).unwrap()).len();
        if theirs != run.verdicts.len() {
            report.push((name, run.verdicts.len(), theirs));
        }
    }
    let expected: Vec<_> = DIFFERENT_COUNTS
        .iter()
        .map(|(n, ours, _)| (n.to_string(), *ours))
        .collect();
    let got: Vec<_> = report
        .iter()
        .map(|(n, ours, _)| (n.clone(), *ours))
        .collect();
    assert_eq!(got, expected, "ours vs pgn-reader: {report:?}");
}
