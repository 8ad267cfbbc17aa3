//! Corrected PGN (`--fixed-pgn FILE`): every game written back as it was
//! read, except that a `corrected` game gets the correct result in its
//! `Result` tag and termination marker, keeps the recorded one in a
//! `RecordedResult` tag, and carries a comment at the deciding move naming
//! the clause — so that a rating database can be reloaded from it.

use std::borrow::Cow;

use crate::laws::Book;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Status, Verdict};
use crate::read::parse::GameRecord;

/// One change to a game's bytes: replace `at..at + remove` with `insert`.
struct Edit {
    at: usize,
    remove: usize,
    insert: String,
}

/// The game's bytes, corrected if the verdict corrects it; the note names
/// `edition` (a FIDE edition's name; `None` for ru-rapid's bare numbers).
///
/// ```
/// use pgn_arbiter::report::fixed::corrected;
/// use pgn_arbiter::model::outcome::GameResult;
/// use pgn_arbiter::read::parse::parse_game;
/// use pgn_arbiter::model::verdict::{Clause, Verdict};
/// let pgn = b"[Event \"e\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
/// let record = parse_game(pgn);
/// let verdict = Verdict::decide(
///     GameResult::parse("1-0").unwrap(),
///     GameResult::parse("0-1").unwrap(),
///     Clause::Checkmate,
///     4,
///     "White is checkmated".into(),
/// );
/// let fixed = String::from_utf8(corrected(&record, &verdict, None).into_owned()).unwrap();
/// assert_eq!(
///     fixed,
///     "[Event \"e\"]\n[Result \"0-1\"]\n[RecordedResult \"1-0\"]\n\n\
///      1. f3 e5 2. g4 Qh4# {pgn-arbiter: checkmate: White is checkmated} 0-1\n"
/// );
/// ```
pub fn corrected<'a>(
    record: &GameRecord<'a>,
    verdict: &Verdict,
    edition: Option<&str>,
) -> Cow<'a, [u8]> {
    let bytes = record.bytes;
    let (Status::Corrected, Some(correct)) = (verdict.status, verdict.correct) else {
        return Cow::Borrowed(bytes);
    };
    let eol = if memchr::memmem::find(bytes, b"\r\n").is_some() {
        "\r\n"
    } else {
        "\n"
    };
    let mut edits = result_tag_edits(record, correct, eol);
    edits.push(note_edit(record, verdict, edition, eol));
    if let Some(token) = &record.layout.result_token {
        edits.push(Edit {
            at: token.start,
            remove: token.len(),
            insert: correct.to_string(),
        });
    }
    Cow::Owned(apply(bytes, edits))
}

/// The `Result` tag set to the correct result (added if missing), and the
/// recorded one kept in a `RecordedResult` tag after it.
fn result_tag_edits(record: &GameRecord<'_>, correct: GameResult, eol: &str) -> Vec<Edit> {
    let (bytes, layout) = (record.bytes, &record.layout);
    let recorded_tag = format!("{eol}[RecordedResult \"{}\"]", record.recorded_result());
    let Some(value) = &layout.result_tag else {
        return vec![match layout.tags_end {
            0 => Edit {
                at: 0,
                remove: 0,
                insert: format!("[Result \"{correct}\"]{recorded_tag}{eol}{eol}"),
            },
            end => Edit {
                at: end,
                remove: 0,
                insert: format!("{eol}[Result \"{correct}\"]{recorded_tag}"),
            },
        }];
    };
    // `[Result 1-0]` (no quotes) is written back quoted.
    let quoted = value.start > 0 && bytes[value.start - 1] == b'"';
    let line_end = value.end
        + bytes[value.end..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .unwrap_or(bytes.len() - value.end);
    vec![
        Edit {
            at: value.start,
            remove: value.len(),
            insert: if quoted {
                correct.to_string()
            } else {
                format!("\"{correct}\"")
            },
        },
        Edit {
            at: line_end,
            remove: 0,
            insert: recorded_tag,
        },
    ]
}

/// The comment naming the clause, after the deciding move (or before the
/// first move; for a game of tags only, as its movetext).
fn note_edit(record: &GameRecord<'_>, verdict: &Verdict, edition: Option<&str>, eol: &str) -> Edit {
    let (bytes, layout) = (record.bytes, &record.layout);
    // ru-rapid is the default and its notes cite bare numbers; another
    // edition is named, for the numbers differ between editions.
    let clause = match edition {
        None => verdict.rule.to_string(),
        Some(name) => format!("{name} {}", verdict.rule),
    };
    // A comment ends at the first `}`: keep the reason from closing it early.
    let note = format!(
        "{{pgn-arbiter: {clause}: {}}}",
        verdict.reason.replace('}', ")")
    );
    let ply = verdict.decided_at_ply.unwrap_or(0);
    if let Some(m) = ply.checked_sub(1).and_then(|i| record.moves.get(i)) {
        return Edit {
            at: m.span.end as usize,
            remove: 0,
            insert: format!(" {note}"),
        };
    }
    let movetext = bytes[layout.tags_end..]
        .iter()
        .position(|c| !c.is_ascii_whitespace());
    match movetext {
        Some(p) => Edit {
            at: layout.tags_end + p,
            remove: 0,
            insert: format!("{note} "),
        },
        // Tags only: the note and the result become the movetext, on lines
        // of their own so the next game's tags stay whole.
        None => Edit {
            at: layout.tags_end,
            remove: 0,
            insert: format!(
                "{eol}{eol}{note} {}{eol}",
                verdict.correct.map_or("*", |c| c.as_str())
            ),
        },
    }
}

/// The bytes with the edits made, in the order of their places.
fn apply(bytes: &[u8], mut edits: Vec<Edit>) -> Vec<u8> {
    edits.sort_by_key(|e| e.at);
    let mut out = Vec::with_capacity(bytes.len() + 256);
    let mut pos = 0;
    for edit in edits {
        out.extend_from_slice(&bytes[pos..edit.at.max(pos)]);
        out.extend_from_slice(edit.insert.as_bytes());
        pos = edit.at.max(pos) + edit.remove;
    }
    out.extend_from_slice(&bytes[pos.min(bytes.len())..]);
    out
}

/// Appends the game's bytes, corrected, to a corrected PGN: ending in a
/// newline, so that the last game of a file without a final newline does
/// not run into the first tag of the next.
pub fn write_back(record: &GameRecord<'_>, verdict: &Verdict, book: &Book, out: &mut Vec<u8>) {
    let edition = (!book.edition.is_ru_rapid()).then_some(book.edition.name);
    out.extend_from_slice(&corrected(record, verdict, edition));
    if !out.ends_with(b"\n") && !out.ends_with(b"\r") {
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::Clause;
    use crate::read::parse::parse_game;

    fn fix(pgn: &str, correct: &str, ply: usize) -> String {
        let record = parse_game(pgn.as_bytes());
        let verdict = Verdict::decide(
            record.recorded_result(),
            GameResult::parse(correct).unwrap(),
            Clause::DeadPosition,
            ply,
            "dead {after} 1. Bxb2}".into(),
        );
        String::from_utf8(corrected(&record, &verdict, None).into_owned()).unwrap()
    }

    #[test]
    fn confirmed_games_are_untouched() {
        let pgn = "[Result \"1-0\"]\n\n1. e4 1-0\n";
        let record = parse_game(pgn.as_bytes());
        let verdict = Verdict::decide(
            record.recorded_result(),
            record.recorded_result(),
            Clause::AsRecorded,
            1,
            String::new(),
        );
        assert!(matches!(
            corrected(&record, &verdict, None),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn crlf_and_missing_result_tag() {
        let fixed = fix("[Event \"e\"]\r\n\r\n1. e4 e5 1-0\r\n", "1/2-1/2", 2);
        assert_eq!(
            fixed,
            "[Event \"e\"]\r\n[Result \"1/2-1/2\"]\r\n[RecordedResult \"1-0\"]\r\n\r\n\
             1. e4 e5 {pgn-arbiter: dead-position: dead {after) 1. Bxb2)} 1/2-1/2\r\n"
        );
    }

    #[test]
    fn unquoted_result_and_tags_only() {
        let fixed = fix("[Result 1-0]\n\n1. e4 1-0\n", "1/2-1/2", 1);
        assert!(fixed.starts_with("[Result \"1/2-1/2\"]\n[RecordedResult \"1-0\"]\n"));
        let fixed = fix("[Event \"e\"]\n[Result \"1-0\"]\n\n", "1/2-1/2", 0);
        assert_eq!(
            fixed,
            "[Event \"e\"]\n[Result \"1/2-1/2\"]\n[RecordedResult \"1-0\"]\n\n\
             {pgn-arbiter: dead-position: dead {after) 1. Bxb2)} 1/2-1/2\n\n\n"
        );
    }

    #[test]
    fn decided_at_the_start() {
        let fixed = fix("[Result \"1-0\"]\n\n1. e4 1-0\n", "1/2-1/2", 0);
        assert!(
            fixed.contains("\n\n{pgn-arbiter: dead-position:"),
            "{fixed}"
        );
        assert!(fixed.ends_with("} 1. e4 1/2-1/2\n"), "{fixed}");
    }
}
