//! Corrected PGN (`--fixed-pgn FILE`): every game written back as it was
//! read, except that a `corrected` game gets the correct result in its
//! `Result` tag and termination marker, keeps the recorded one in a
//! `RecordedResult` tag, and carries a comment at the deciding move naming
//! the clause — so that a rating database can be reloaded from it.

use std::borrow::Cow;

use crate::laws::Book;
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::outcome::{colour_word, side_name};
use crate::model::verdict::{Clause, Status};
use crate::read::ending::{OWN_ENDING_NOTE_END, OWN_NOTE, Stated, reads_back, tells_an_ending};
use crate::read::parse::{ENDING_TAGS, GameRecord};
use shakmaty::Color;

/// One change to a game's bytes: replace `at..at + remove` with `insert`.
struct Edit {
    at: usize,
    remove: usize,
    insert: Vec<u8>,
}

/// The game's bytes, corrected if the verdict corrects it; the note names
/// `edition` (a FIDE edition's name; `None` for ru-rapid's bare numbers).
///
/// ```
/// use pgn_arbiter::report::fixed::corrected;
/// use pgn_arbiter::model::outcome::GameResult;
/// use pgn_arbiter::read::parse::parse_game;
/// use pgn_arbiter::laws::finding::board::{BoardFinding, Where};
/// use pgn_arbiter::laws::verdict::Verdict;
/// use pgn_arbiter::model::verdict::Clause;
/// use shakmaty::Color;
/// let pgn = b"[Event \"e\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
/// let record = parse_game(pgn);
/// let verdict = Verdict::decide(
///     GameResult::parse("1-0").unwrap(),
///     GameResult::parse("0-1").unwrap(),
///     Clause::Checkmate,
///     4,
///     BoardFinding::Checkmated {
///         side: Color::White,
///         at: Where::After("2...Qh4#".into()),
///     },
/// );
/// let fixed = String::from_utf8(corrected(&record, &verdict, None).into_owned()).unwrap();
/// assert_eq!(
///     fixed,
///     "[Event \"e\"]\n[Result \"0-1\"]\n[RecordedResult \"1-0\"]\n\n\
///      1. f3 e5 2. g4 Qh4# {pgn-arbiter: checkmate: White is checkmated after 2...Qh4#} 0-1\n"
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
    // A byte-order mark belongs to the file, not to a game: dropped (first,
    // before anything is inserted at the start), never moved inside it.
    let mut edits: Vec<Edit> = bytes
        .starts_with(BOM)
        .then_some(Edit {
            at: 0,
            remove: BOM.len(),
            insert: Vec::new(),
        })
        .into_iter()
        .collect();
    edits.extend(result_tag_edits(record, correct, eol));
    edits.push(note_edit(record, verdict, edition, eol));
    edits.extend(ending_edits(record, verdict, correct, eol));
    if let Some(token) = &record.layout.result_token {
        edits.push(Edit {
            at: token.start,
            remove: token.len(),
            insert: correct.to_string().into_bytes(),
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
                insert: format!("[Result \"{correct}\"]{recorded_tag}{eol}{eol}").into_bytes(),
            },
            end => Edit {
                at: end,
                remove: 0,
                insert: format!("{eol}[Result \"{correct}\"]{recorded_tag}").into_bytes(),
            },
        }];
    };
    // `[Result 1-0]` (no quotes) is written back quoted.
    let quoted = value.start > 0 && bytes[value.start - 1] == b'"';
    vec![
        Edit {
            at: value.start,
            remove: value.len(),
            insert: if quoted {
                correct.to_string().into_bytes()
            } else {
                format!("\"{correct}\"").into_bytes()
            },
        },
        Edit {
            at: line_end(bytes, value.end),
            remove: 0,
            insert: recorded_tag.into_bytes(),
        },
    ]
}

/// The record's own words about how the game ended, which the correction
/// contradicts or leaves unclear, made to agree with it: each tag that
/// says how it ended (`Termination`, `ICCResult`, `TerminationDetails`)
/// is set to words the audit reads back as the correct result, its value
/// kept in a `Recorded…` tag after it; a comment before the result that
/// tells an ending (FICS's `{Black resigns}`) is followed by a note saying
/// the result, so that the corrected file's own audit confirms it.
fn ending_edits(
    record: &GameRecord<'_>,
    verdict: &Verdict,
    correct: GameResult,
    eol: &str,
) -> Vec<Edit> {
    let bytes = record.bytes;
    let words = ending_words(record, verdict, correct);
    let mut edits = Vec::new();
    for (name, value) in ENDING_TAGS.iter().zip(&record.layout.ending_tags) {
        let Some(value) = value.clone() else { continue };
        // The value as written, in whatever encoding the file is in.
        let mut recorded = format!("{eol}[Recorded{name} \"").into_bytes();
        recorded.extend_from_slice(&bytes[value.clone()]);
        recorded.extend_from_slice(b"\"]");
        edits.push(Edit {
            at: value.start,
            remove: value.len(),
            insert: words.clone().into_bytes(),
        });
        edits.push(Edit {
            at: line_end(bytes, value.end),
            remove: 0,
            insert: recorded,
        });
    }
    // A server's code states the recorded ending: kept as recorded, under
    // a name the audit does not read.
    for &value in &record.layout.code_tags {
        if let Some(open) = bytes[..value].iter().rposition(|&c| c == b'[') {
            edits.push(Edit {
                at: open + 1,
                remove: 0,
                insert: b"Recorded".to_vec(),
            });
        }
    }
    edits.extend(ending_note(record, verdict, &words, eol));
    edits
}

/// The note saying the result, after the last comment that tells an
/// ending, which it replaces for a reader (after a `;` comment, on a line
/// of its own).
fn ending_note(record: &GameRecord<'_>, verdict: &Verdict, words: &str, eol: &str) -> Option<Edit> {
    let telling = record
        .closing_comments
        .iter()
        .zip(record.closing_texts())
        .filter(|(_, text)| tells_an_ending(text, record))
        .map(|(span, _)| span.clone())
        .last();
    let end = telling?.end as usize;
    let braced = record.bytes.get(end) == Some(&b'}');
    let note = format!(
        "{{{OWN_NOTE} {words} ({}){OWN_ENDING_NOTE_END}}}",
        verdict.rule
    );
    Some(Edit {
        at: if braced { end + 1 } else { end },
        remove: 0,
        insert: match braced {
            true => format!(" {note}"),
            false => format!("{eol}{note}"),
        }
        .into_bytes(),
    })
}

/// Words the audit reads back as `correct`, and as the ending where the
/// deciding clause is one (`White wins by checkmate`, `Black lost on
/// time`, `Game drawn by stalemate`). A player is named so that the words
/// read back one way: by colour, by `the white player` where a name is a
/// colour word, else by name.
fn ending_words(record: &GameRecord<'_>, verdict: &Verdict, correct: GameResult) -> String {
    let draw = correct == GameResult::Draw;
    let GameResult::Win(winner) = correct else {
        let words = match verdict.clause {
            Some(Clause::Stalemate) if draw => "Game drawn by stalemate",
            Some(Clause::DeadPosition) if draw => "Game drawn by dead position",
            Some(Clause::FivefoldRepetition) if draw => "Game drawn by fivefold repetition",
            Some(Clause::SeventyFiveMoves) if draw => "Game drawn by the 75 move rule",
            _ if draw => "drawn",
            _ => "unterminated",
        };
        return words.to_string();
    };
    let (named, sentence): (Color, fn(&str) -> String) = match verdict.clause {
        Some(Clause::Checkmate) => (winner, |p| format!("{p} wins by checkmate")),
        Some(Clause::TimeClaim) => (!winner, |p| format!("{p} lost on time")),
        _ => (winner, |p| format!("{p} wins")),
    };
    let meant = Some((Stated::Win(winner), Some(!winner)));
    let reads_right = |text: &String| {
        reads_back(text, record, true) == meant && reads_back(text, record, false) == meant
    };
    let name = record
        .names()
        .of(named)
        .filter(|n| !n.contains(['"', '{', '}', '\\']));
    [
        Some(side_name(named).to_string()),
        Some(format!("the {} player", colour_word(named))),
        name.map(str::to_string),
    ]
    .into_iter()
    .flatten()
    .map(|player| sentence(&player))
    .find(reads_right)
    .unwrap_or_else(|| sentence(side_name(named)))
}

/// UTF-8's byte-order mark, which Notepad writes at the start of a file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Where the line holding `bytes[at]` ends.
fn line_end(bytes: &[u8], at: usize) -> usize {
    at + bytes[at..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .unwrap_or(bytes.len() - at)
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
        "{{{OWN_NOTE} {clause}: {}}}",
        verdict.reason.to_string().replace('}', ")")
    );
    let ply = verdict.decided_at_ply.unwrap_or(0);
    if let Some(m) = ply.checked_sub(1).and_then(|i| record.moves.get(i)) {
        return Edit {
            at: m.span.end as usize,
            remove: 0,
            insert: format!(" {note}").into_bytes(),
        };
    }
    let movetext = bytes[layout.tags_end..]
        .iter()
        .position(|c| !c.is_ascii_whitespace());
    match movetext {
        Some(p) => Edit {
            at: layout.tags_end + p,
            remove: 0,
            insert: format!("{note} ").into_bytes(),
        },
        // Tags only: the note and the result become the movetext, on lines
        // of their own so the next game's tags stay whole.
        None => Edit {
            at: layout.tags_end,
            remove: 0,
            insert: format!(
                "{eol}{eol}{note} {}{eol}",
                verdict.correct.map_or("*", |c| c.as_str())
            )
            .into_bytes(),
        },
    }
}

/// The PGN standard's tags but the result, as it writes them unknown.
const SEVEN_TAGS: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// The bytes with the edits made, in the order of their places.
fn apply(bytes: &[u8], mut edits: Vec<Edit>) -> Vec<u8> {
    edits.sort_by_key(|e| e.at);
    let mut out = Vec::with_capacity(bytes.len() + 256);
    let mut pos = 0;
    for edit in edits {
        out.extend_from_slice(&bytes[pos..edit.at.max(pos)]);
        out.extend_from_slice(&edit.insert);
        pos = edit.at.max(pos) + edit.remove;
    }
    out.extend_from_slice(&bytes[pos.min(bytes.len())..]);
    out
}

/// Appends the game's bytes, corrected, to a corrected PGN, followed by a
/// blank line whatever the input's layout: a game that runs into the next
/// one's tags (an export without blank lines, the last game of a file
/// without a final newline) is misread by other readers, and by the audit
/// of the corrected file itself. A game with no tag section gets the PGN
/// standard's seven tags, unknown but for its result: in one file after
/// another file's game, nothing else would tell where it starts.
pub fn write_back(record: &GameRecord<'_>, verdict: &Verdict, book: &Book, out: &mut Vec<u8>) {
    let edition = (!book.edition.is_ru_rapid()).then_some(book.edition.name);
    let whole = corrected(record, verdict, edition);
    let game = whole.strip_prefix(BOM).unwrap_or(&whole);
    let bytes = record.bytes.strip_prefix(BOM).unwrap_or(record.bytes);
    let eol: &[u8] = match memchr::memmem::find(game, b"\r\n") {
        Some(_) => b"\r\n",
        None => b"\n",
    };
    if record.layout.tags_end == 0 && record.tags.result.is_none() && game.starts_with(bytes) {
        let eol = std::str::from_utf8(eol).unwrap_or("\n");
        let result = record.recorded_result();
        for (name, value) in SEVEN_TAGS {
            out.extend_from_slice(format!("[{name} \"{value}\"]{eol}").as_bytes());
        }
        out.extend_from_slice(format!("[Result \"{result}\"]{eol}{eol}").as_bytes());
    }
    out.extend_from_slice(game);
    let text_end = game
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(0, |p| p + 1);
    let breaks = game[text_end..].iter().filter(|&&c| c == b'\n').count();
    for _ in breaks..2 {
        out.extend_from_slice(eol);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::finding::board::{BoardFinding, Where};
    use crate::model::outcome::GameResult;
    use crate::read::parse::parse_game;

    fn fix(pgn: &str, correct: &str, ply: usize) -> String {
        let record = parse_game(pgn.as_bytes());
        let verdict = Verdict::decide(
            record.recorded_result(),
            GameResult::parse(correct).unwrap(),
            Clause::DeadPosition,
            ply,
            // A move as the record writes it may hold a brace.
            BoardFinding::Dead(Where::After("1. Bxb2{}".into())),
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
            BoardFinding::NoMateForEither,
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
             1. e4 e5 {pgn-arbiter: dead-position: the position is dead after 1. Bxb2{): no series of legal moves lets either side checkmate} 1/2-1/2\r\n"
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
             {pgn-arbiter: dead-position: the position is dead after 1. Bxb2{): no series of legal moves lets either side checkmate} 1/2-1/2\n\n\n"
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
