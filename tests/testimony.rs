//! Every word accounted for (issue 75, round eight's w60–w68), tested by
//! the class: real games whose row decides a result the board does not
//! settle, each perturbed at each place its testimony stands — each comment
//! after the last move, a new comment after it, the `Termination` tag — and
//! audited again beside an untouched copy.
//!
//! - Words that doubt the record (a denial, a hedge, a question mark in
//!   brackets, a result in figures other than the record's, an ending
//!   sentence in a language this reader does not read, words that tell
//!   another ending) must send the row to `review`, keeping the recorded
//!   result: never another correction, never a confirmation.
//! - Inert text (lichess's analysis, an engine command, python-chess's
//!   spacing, a remark in a language read) must change nothing: status,
//!   correct result and rule as before.
//!
//! The games are every PGN game of `samples/`, `tests/data` and, where the
//! checkout has it, `../shared/data/games`; `cargo test` takes a fixed,
//! seeded sample of them (`SAMPLED`), and `scripts/testimony-perturbations.sh`
//! all of them (`TESTIMONY_GAMES=all`). Games not in UTF-8 are left out: a
//! perturbation in UTF-8 would change how their file's encoding is guessed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pgn_arbiter::read::parse::parse_game;

use crate::common::*;

/// The games `cargo test` perturbs, drawn with `SEED`.
const SAMPLED: usize = 160;
const SEED: u64 = 0x7e57_1e06_e75a_a1d5;

/// The rules a board settles: words cannot overturn them.
const ON_THE_BOARD: [&str; 7] = [
    "checkmate",
    "stalemate",
    "dead-position",
    "9.6",
    "9.6.1",
    "9.6.2",
    "9.6.a",
];

/// What a perturbation is expected to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Review,
    Unchanged,
}

/// Where a perturbation goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Into the n-th comment after the last move.
    Comment(usize),
    /// A comment of its own after the last move.
    NewComment,
    /// The `Termination` tag (added where there is none).
    Termination,
    /// Spaces around every comment after the last move.
    Padding,
}

/// One perturbation: its name, what it is expected to do, and its text
/// for a game recorded as `recorded`.
struct Perturbation {
    name: &'static str,
    expect: Expect,
    text: fn(&str) -> String,
}

const PERTURBATIONS: &[Perturbation] = &[
    Perturbation {
        name: "denial",
        expect: Expect::Review,
        text: |_| "Claim rejected".into(),
    },
    Perturbation {
        name: "hedge",
        expect: Expect::Review,
        text: |_| "allegedly".into(),
    },
    Perturbation {
        name: "bracketed question",
        expect: Expect::Review,
        text: |_| "(?)".into(),
    },
    Perturbation {
        name: "result in figures",
        expect: Expect::Review,
        text: |recorded| other_result(recorded).into(),
    },
    Perturbation {
        name: "unread language",
        expect: Expect::Review,
        // Estonian: "Black won on time".
        text: |_| "Must võitis ajaga".into(),
    },
    Perturbation {
        name: "contradicting ending",
        expect: Expect::Review,
        text: |recorded| match recorded {
            "1/2-1/2" => "White resigned".into(),
            _ => "Draw agreed".into(),
        },
    },
    Perturbation {
        name: "lichess analysis",
        expect: Expect::Unchanged,
        text: |_| "(0.25 → -1.20) Mistake. Nf3 was best.".into(),
    },
    Perturbation {
        name: "engine command",
        expect: Expect::Unchanged,
        text: |_| "[%eval 0.17] [%csl Gd4]".into(),
    },
    Perturbation {
        name: "remark",
        expect: Expect::Unchanged,
        text: |_| "A fine game.".into(),
    },
    Perturbation {
        name: "python-chess spacing",
        expect: Expect::Unchanged,
        text: |_| String::new(),
    },
];

fn other_result(recorded: &str) -> &'static str {
    match recorded {
        "1-0" => "0-1",
        _ => "1-0",
    }
}

/// A game of a source, as the audit read it.
struct Game {
    label: String,
    bytes: Vec<u8>,
    recorded: String,
}

/// Every PGN file under `folder`, sorted.
fn pgn_files_under(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// The games whose row decides a result the board does not settle, cut
/// from their sources by the offsets the audit gives.
fn eligible_games() -> Vec<Game> {
    let mut folders = vec![repo("samples"), repo("tests/data")];
    let shared = repo("../shared/data/games");
    if shared.is_dir() {
        folders.push(shared);
    }
    let files: Vec<PathBuf> = folders.iter().flat_map(|f| pgn_files_under(f)).collect();
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let run = audit(&args, None);
    let mut by_source: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for row in &run.verdicts {
        by_source
            .entry(row["source"].as_str())
            .or_default()
            .push(row);
    }
    let mut games = Vec::new();
    for (source, rows) in by_source {
        let Ok(bytes) = std::fs::read(source) else {
            continue;
        };
        for (i, row) in rows.iter().enumerate() {
            let start: usize = row["offset"].parse().unwrap();
            let end = rows
                .get(i + 1)
                .map_or(bytes.len(), |r| r["offset"].parse().unwrap());
            let game = &bytes[start..end.max(start)];
            let decided_by_words = matches!(row["status"].as_str(), "confirmed" | "corrected")
                && row["recorded_result"] != "*"
                && !ON_THE_BOARD.contains(&row["rule"].as_str());
            if decided_by_words && std::str::from_utf8(game).is_ok() {
                games.push(Game {
                    label: format!("{source}#{}", row["game"]),
                    bytes: game.to_vec(),
                    recorded: row["recorded_result"].clone(),
                });
            }
        }
    }
    games
}

/// `n` of `games`, drawn without replacement by a fixed generator.
fn sample(mut games: Vec<Game>, n: usize) -> Vec<Game> {
    let mut state = SEED;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let n = n.min(games.len());
    for i in 0..n {
        let j = i + (next() % (games.len() - i) as u64) as usize;
        games.swap(i, j);
    }
    games.truncate(n);
    games
}

/// The places a game's testimony stands.
fn places(game: &Game) -> Vec<Place> {
    let record = parse_game(&game.bytes);
    let mut places: Vec<Place> = (0..record.closing_comments.len())
        .map(Place::Comment)
        .collect();
    places.extend([Place::NewComment, Place::Termination]);
    if !record.closing_comments.is_empty() {
        places.push(Place::Padding);
    }
    places
}

/// The game with `text` put at `place`.
fn perturbed(game: &Game, place: Place, text: &str) -> Vec<u8> {
    let bytes = &game.bytes;
    let record = parse_game(bytes);
    let mut edits: Vec<(usize, String)> = Vec::new();
    match place {
        Place::Comment(n) => {
            let end = record.closing_comments[n].end as usize;
            edits.push((end, format!(". {text} ")));
        }
        Place::Padding => {
            for span in &record.closing_comments {
                edits.push((span.start as usize, "  ".into()));
                edits.push((span.end as usize, "  ".into()));
            }
        }
        Place::NewComment => {
            let at = record
                .layout
                .result_token
                .as_ref()
                .map_or(bytes.trim_ascii_end().len(), |r| r.start);
            edits.push((at, format!(" {{{text}}} ")));
        }
        Place::Termination => match &record.layout.ending_tags[0] {
            Some(value) => edits.push((value.end, format!(" - {text}"))),
            None => {
                let at = record.layout.tags_end;
                edits.push((at, format!("\n[Termination \"{text}\"]")));
            }
        },
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = bytes.clone();
    for (at, insert) in edits {
        out.splice(at..at, insert.into_bytes());
    }
    out
}

/// One audited perturbation.
struct Case {
    game: usize,
    place: Place,
    perturbation: &'static Perturbation,
}

/// Perturbs `games`, audits them beside their untouched copies, and
/// returns the count of cases and every case that did not do as expected.
fn run(games: &[Game]) -> (usize, Vec<String>) {
    let mut text = Vec::new();
    let mut cases: Vec<Option<Case>> = Vec::new();
    let mut push = |bytes: &[u8], case: Option<Case>| {
        text.extend_from_slice(bytes.trim_ascii());
        text.extend_from_slice(b"\n\n");
        cases.push(case);
    };
    for (g, game) in games.iter().enumerate() {
        push(&game.bytes, None);
        for place in places(game) {
            for perturbation in PERTURBATIONS {
                let inert = perturbation.expect == Expect::Unchanged;
                let spacing = perturbation.name == "python-chess spacing";
                if (place == Place::Termination && inert) || (place == Place::Padding) != spacing {
                    continue;
                }
                let bytes = perturbed(game, place, &(perturbation.text)(&game.recorded));
                let case = Case {
                    game: g,
                    place,
                    perturbation,
                };
                push(&bytes, Some(case));
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("perturbed.pgn");
    std::fs::write(&file, &text).unwrap();
    let audited = audit(&[file.to_str().unwrap()], None);
    assert_eq!(audited.verdicts.len(), cases.len(), "one row a game");
    let mut original = 0;
    let mut failures = Vec::new();
    let mut count = 0;
    for (i, (row, case)) in audited.verdicts.iter().zip(&cases).enumerate() {
        let Some(case) = case else {
            original = i;
            continue;
        };
        count += 1;
        let before = &audited.verdicts[original];
        let key = |r: &Row| {
            (
                r["status"].clone(),
                r["correct_result"].clone(),
                r["rule"].clone(),
            )
        };
        let held = match case.perturbation.expect {
            Expect::Review => {
                row["status"] == "review" && row["correct_result"] == row["recorded_result"]
            }
            Expect::Unchanged => key(row) == key(before),
        };
        if !held {
            failures.push(format!(
                "{} ({:?}, {}): {:?} -> {:?}: {}",
                games[case.game].label,
                case.place,
                case.perturbation.name,
                key(before),
                key(row),
                row["reason"]
            ));
        }
    }
    (count, failures)
}

#[test]
fn words_that_doubt_send_a_row_to_review_and_inert_text_changes_nothing() {
    let games = eligible_games();
    let eligible = games.len();
    let all = std::env::var("TESTIMONY_GAMES").is_ok_and(|v| v == "all");
    let games = if all { games } else { sample(games, SAMPLED) };
    assert!(games.len() >= SAMPLED.min(100), "{} games", games.len());
    let (cases, failures) = run(&games);
    eprintln!(
        "testimony: {} of {eligible} eligible games, {cases} perturbed records, {} not as expected",
        games.len(),
        failures.len()
    );
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for failure in &failures {
        let kind = failure
            .split(" (")
            .nth(1)
            .unwrap_or_default()
            .split(')')
            .next()
            .unwrap_or_default();
        *kinds.entry(kind.to_string()).or_default() += 1;
    }
    assert!(
        failures.is_empty(),
        "{kinds:?}\n{:#?}",
        &failures[..failures.len().min(40)]
    );
}
