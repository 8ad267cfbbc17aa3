//! Every sample under `samples/rules/` states its expected verdict in a
//! `% expect:` line (a PGN escape line, which readers skip), and the options
//! it needs in an `% args:` line; this checks that the audit agrees.

use crate::common::*;

#[test]
fn samples_rules_verdicts_match_their_expectations() {
    let files = pgn_files("samples/rules");
    assert!(files.len() >= 18);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("% expect:"))
            .unwrap_or_else(|| panic!("{} has no `% expect:` line", file.display()));
        let mut args: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("% args:"))
            .map(|a| a.split_whitespace().collect())
            .unwrap_or_default();
        args.push(file.to_str().unwrap());
        let run = audit(&args, None);
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts.len(), 1, "{}", file.display());
        let row = &run.verdicts[0];
        for pair in expect.split_whitespace() {
            let (key, want) = pair.split_once('=').unwrap();
            let got = match key {
                "status" => row["status"].clone(),
                "correct" => row["correct_result"].clone(),
                "rule" => row["rule"].clone(),
                "ply" => row["decided_at_ply"].clone(),
                "incidents" => {
                    let mut kinds: Vec<&str> =
                        run.incidents.iter().map(|i| i["kind"].as_str()).collect();
                    let mut want_kinds: Vec<&str> = want.split(',').collect();
                    kinds.sort();
                    want_kinds.sort();
                    assert_eq!(kinds, want_kinds, "{}", file.display());
                    continue;
                }
                other => panic!("unknown expectation {other}"),
            };
            assert_eq!(got, want, "{} {key}: {}", file.display(), row["reason"]);
        }
    }
}
