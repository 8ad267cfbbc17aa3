//! Every game under `samples/editions/` states, in `% expect EDITION:` lines
//! (PGN escape lines, which readers skip), its verdict under each edition of
//! the Laws and under `by-date`; this checks the audit agrees with each.

use crate::common::*;

const LAWS: [&str; 7] = [
    "ru-rapid",
    "fide-2009",
    "fide-2014",
    "fide-2017",
    "fide-2018",
    "fide-2023",
    "by-date",
];

#[test]
fn every_edition_sample_gets_its_expected_verdict_under_every_edition() {
    let files = pgn_files("samples/editions");
    assert!(files.len() >= 14, "{}", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for laws in LAWS {
            let prefix = format!("% expect {laws}:");
            let expect = text
                .lines()
                .find_map(|l| l.strip_prefix(prefix.as_str()))
                .unwrap_or_else(|| panic!("{} has no `{prefix}` line", file.display()));
            let run = audit(&["--laws", laws, file.to_str().unwrap()], None);
            assert_eq!(run.code(), Some(0), "{}", run.stderr());
            assert_eq!(run.verdicts.len(), 1, "{}", file.display());
            let row = &run.verdicts[0];
            for pair in expect.split_whitespace() {
                let (key, want) = pair.split_once('=').unwrap();
                let column = match key {
                    "status" => "status",
                    "correct" => "correct_result",
                    "rule" => "rule",
                    "ply" => "decided_at_ply",
                    other => panic!("unknown expectation {other}"),
                };
                assert_eq!(
                    row[column],
                    want,
                    "{} under {laws}, {key}: {}",
                    file.display(),
                    row["reason"]
                );
            }
            if laws != "by-date" {
                assert_eq!(row["laws"], laws);
            }
            // A FIDE edition's clause is quoted in the project's words.
            let rule = &row["rule"];
            if row["laws"].starts_with("fide") && rule.contains('.') {
                let quoted = format!("; {rule} in our words: “");
                assert!(row["reason"].contains(&quoted), "{}", row["reason"]);
            }
        }
    }
}

#[test]
fn the_old_regime_option_still_works_and_says_it_is_deprecated() {
    let file = repo("samples/rules/15.3-second-illegal-move.pgn");
    let run = audit(&["--regime", "15.3", file.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert!(
        run.stderr().contains("--regime is deprecated"),
        "{}",
        run.stderr()
    );
    assert_eq!(run.verdicts[0]["rule"], "15.3/7.5.b");
    assert_eq!(run.verdicts[0]["regime"], "15.3");
}
