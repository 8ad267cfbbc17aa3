//! Every game under `samples/editions/` states, in `% expect EDITION:` lines
//! (PGN escape lines, which readers skip), its verdict under each edition of
//! the Laws and under `by-date`; this checks the audit agrees with each.

use crate::common::*;

const LAWS: [&str; 8] = [
    "ru-rapid",
    "fide-2009",
    "fide-2014",
    "fide-2017",
    "fide-2018",
    "fide-2023",
    "us-chess-7",
    "by-date",
];

#[test]
fn every_edition_sample_gets_its_expected_verdict_under_every_edition() {
    let files = pgn_files("samples/editions");
    assert!(files.len() >= 14, "{}", files.len());
    for file in files {
        expected_under(&file, &LAWS);
    }
}

/// US Chess's 14E against FIDE's win on time, both ways: each sample's
/// verdict under both, and the forced-mate answer its reason gives against
/// an independent search's (`scripts/forced-mate-check.py`, python-chess).
#[test]
fn us_chess_14e_samples_get_their_verdicts_and_agree_with_an_independent_search() {
    let files = pgn_files("samples/us-chess");
    assert!(files.len() >= 8, "{}", files.len());
    let mut searched = 0;
    for file in files {
        let row = expected_under(&file, &["us-chess-7", "fide-2023"]);
        let text = std::fs::read_to_string(&file).unwrap();
        let check = text
            .lines()
            .find_map(|l| l.strip_prefix("% forced-mate-check: "))
            .unwrap_or_else(|| panic!("{} has no forced-mate-check line", file.display()));
        let reason = &row["reason"];
        if !reason.contains("too little to win on time unless he has a forced win") {
            continue;
        }
        searched += 1;
        match check.strip_prefix("mate in ") {
            // The shortest mate, as the independent search finds it.
            Some(k) => {
                let told = format!("mate in {k} against every defence");
                assert!(reason.contains(&told), "{}: {reason}", file.display());
            }
            // None within five moves: no shorter mate claimed; a draw only
            // where none is proved, else a person looks.
            None => {
                assert_eq!(check, "no forced mate within 5 moves");
                for k in 1..=5 {
                    let told = format!("mate in {k} against every defence");
                    assert!(!reason.contains(&told), "{}: {reason}", file.display());
                }
                let proved = reason.contains("and he has none: ");
                let open = reason.contains("the search stopped at its bound");
                assert!(proved ^ open, "{}: {reason}", file.display());
                assert_eq!(row["status"] == "review", open, "{}", file.display());
            }
        }
    }
    assert!(searched >= 5, "{searched}");
}

/// The verdict of `file` under each of `laws` against its `% expect`
/// lines; the row under the first.
fn expected_under(
    file: &std::path::Path,
    laws_list: &[&str],
) -> std::collections::HashMap<String, String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut first = None;
    {
        for &laws in laws_list {
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
            first.get_or_insert_with(|| row.clone());
        }
    }
    first.expect("a rule set to judge by")
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

/// Where the tablebases hold the position the flag fell in, 14E's forced
/// win is theirs to say, exactly; without them the bounded search says.
#[test]
fn us_chess_14e_asks_the_tablebases_where_they_hold_the_position() {
    let file = repo("samples/us-chess/14e2-knight-against-a-pawn.pgn");
    let file = file.to_str().unwrap();
    let tables = data("syzygy-knvkp");
    let tables = tables.to_str().unwrap();
    let exact = audit(&["--laws", "us-chess-7", "--syzygy", tables, file], None);
    let searched = audit(&["--laws", "us-chess-7", file], None);
    for run in [&exact, &searched] {
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts[0]["correct_result"], "1/2-1/2");
        // The end of the run names the rule set that judged.
        assert!(
            run.stderr().contains("judged by: us-chess-7 1\n"),
            "{}",
            run.stderr()
        );
    }
    let (exact, searched) = (
        &exact.verdicts[0]["reason"],
        &searched.verdicts[0]["reason"],
    );
    assert!(
        exact.contains("the endgame tablebases show he has none"),
        "{exact}"
    );
    assert!(
        searched.contains("and he has none: against every try the defence reaches"),
        "{searched}"
    );
}

/// US Chess names its categories by the minutes and seconds of a control
/// added (5C), a delay counted like an increment: the `category` column
/// says regular, dual, quick or blitz under `us-chess-7`, and `unrated`
/// for a control 5C gives none.
#[test]
fn us_chess_categories_add_the_minutes_and_the_seconds() {
    let cases = [
        ("G/90;d5", "regular"),
        ("G/60;d5", "dual"),
        ("G/45 inc 30", "regular"),
        ("G/25;d4", "quick"),
        ("G/25;d5", "dual"),
        ("G/5;d5", "blitz"),
        ("40/90, SD/30;d5", "regular"),
        // Tim Just's quiz on 5C (uschess.org, "Just Rules: time control
        // ratings quiz"), every line of its first two questions that the
        // stored copy shows: regular over 65 …
        ("G/60, d/5", "dual"),
        ("G/45, inc/30", "regular"),
        ("G/55, inc/10", "dual"),
        ("G/65, d/5", "regular"),
        ("40/90, G/30, d/5", "regular"),
        // … quick over 10 and under 30, with a primary time of 5 or more.
        ("G/25, d/4", "quick"),
        ("G15, inc/30", "dual"),
        ("G/20, d/10", "dual"),
        ("G/4, inc/25", "unrated"),
        ("G/5, d/5", "blitz"),
        // Round seven's d52: blitz is 5 to 10, minutes are not rounded.
        ("G/1 inc 29", "unrated"),
        ("G/2", "unrated"),
        ("180+0", "unrated"),
        ("630", "quick"),
        ("3930", "regular"),
        ("G/3;d2", "blitz"),
    ];
    for (control, category) in cases {
        let pgn =
            format!("[TimeControl \"{control}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n");
        let run = audit(&["--laws", "us-chess-7", "-"], Some(pgn.as_bytes()));
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts[0]["category"], category, "{control}");
        // FIDE's thresholds read the same control their own way.
        let fide = audit(&["--laws", "fide-2023", "-"], Some(pgn.as_bytes()));
        assert!(
            ["standard", "rapid", "blitz"].contains(&fide.verdicts[0]["category"].as_str()),
            "{control}"
        );
    }
}
