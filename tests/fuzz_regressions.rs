//! Inputs the fuzzers found (tests/data/fuzz): each is run through the
//! splitter, the parser and the replay/laws path the way the fuzz targets
//! do, and through the command line; none may panic. The fuzzers have found
//! no crash so far; the files are a sample of the `audit` target's corpus
//! (inputs that reached new code), kept so that those paths stay exercised.

use pgn_arbiter::board::replay::replay;
use pgn_arbiter::laws::{Game, Judging, Laws, editions, judge_placed};
use pgn_arbiter::read::parse::parse_game;
use pgn_arbiter::read::split::{HEAD, Splitter};

#[test]
fn fuzz_findings_stay_fixed() {
    let dir = crate::common::data("fuzz");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    assert!(
        files.len() >= 10,
        "tests/data/fuzz holds the fuzzers' findings"
    );
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let mut splitter = Splitter::with_limit(bytes.as_slice(), 97, HEAD);
        while let Ok(Some(_)) = splitter.next_block() {}
        let record = parse_game(&bytes);
        for edition in editions::ALL {
            for supervised in [false, true] {
                let rules = Judging {
                    laws: Laws::Edition(edition),
                    supervised,
                    ..Judging::default()
                };
                let placement = rules.place(&record);
                if let Ok(replayed) = replay(&record, placement.book.take_back()) {
                    let _ = judge_placed(&Game::new(&record, replayed), &rules, placement);
                }
            }
        }
        // The command line audits it, or names it as no PGN (binary data)
        // and writes nothing; it never panics.
        let run = crate::common::audit(&["-"], Some(&bytes));
        let refused = run.code() == Some(1) && run.stderr().contains("not a PGN file");
        assert!(
            run.code() == Some(0) || refused,
            "{}: {}",
            file.display(),
            run.stderr()
        );
        assert!(!run.stderr().contains("panicked"));
        assert!(
            refused || !run.verdicts.is_empty() || !bytes.iter().any(|b| !b.is_ascii_whitespace())
        );
    }
}
