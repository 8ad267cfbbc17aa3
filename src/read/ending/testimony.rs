//! Testimony: every text of a record that can bear on how its game ended,
//! each an entry of one ledger, read whole, inert or unread.
//!
//! The entries are the ending tags (`Termination`, ICC's `ICCResult`,
//! TCEC's `TerminationDetails`), every comment after the last move
//! whatever it opens with (`{(claim rejected)}`, `{"Black resigned"}`, a
//! `;` comment), and the words of the `Result` tag; a server's codes are
//! read apart ([`super::server_code`]). Inside a comment, what a known
//! template writes is no testimony: the `[%clk …]`-style commands (wherever
//! they stand: python-chess writes `{ Black resigned [%clk 0:00:05] }`) and
//! lichess's analysis (`(0.25 → -1.20) Mistake. Nf3 was best.`).

use std::borrow::Cow;

use super::{EndingSource, Quote};
use crate::model::claim::ClaimError;
use crate::read::parse::{GameRecord, Tags};
use crate::read::words::{self, Read};

/// One text of the ledger, as quoted, and how it reads.
pub(super) struct Entry {
    pub words: Quote,
    pub reading: Read,
}

/// The record's testimony, in the order the statement is chosen from:
/// the tags, the comments after the last move, the `Result` tag's words.
pub(super) fn ledger(record: &GameRecord<'_>) -> Vec<Entry> {
    let writer = server(&record.tags);
    let names = record.names();
    // chess.com names players by their usernames only: its `White won on
    // time` is the player called `White`.
    let by_name = record.tags.server() == Some("chess.com");
    let mut entries = Vec::new();
    for (tag, text) in ending_tags(record) {
        let reading = match by_name {
            true => words::read_by_name(text, names, true),
            false => words::read(text, names, true),
        };
        let words = quote(EndingSource::TerminationTag, tag, text, writer);
        entries.push(Entry { words, reading });
    }
    entries.extend(comments(record, writer));
    // `0:1 kampflos` is quoted whole and its words read.
    if let (Some(read), Some(tag)) = (record.result_words(), record.tags.result.as_deref()) {
        entries.push(Entry {
            words: quote(EndingSource::ResultTag, "Result", tag, None),
            reading: words::read(read, names, true),
        });
    }
    entries
}

/// The first claim or ruling the record writes where this reader does not
/// read one: a comment between the moves that speaks of a claim, an appeal
/// or a ruling (with the plies before it), else a `[%claim …]` of a kind
/// it does not know.
pub(super) fn unread_claim(record: &GameRecord<'_>) -> Option<(Quote, Option<usize>)> {
    let spoken = record
        .move_texts()
        .find(|(_, text)| words::mentions_a_claim(&readable(text)));
    if let Some((ply, text)) = spoken {
        let words = quote(EndingSource::ResultComment, "", &text, server(&record.tags));
        return Some((words, Some(ply as usize)));
    }
    let error = record.claims.iter().find_map(|c| c.as_ref().err())?;
    let command = match error {
        ClaimError::UnknownKind(kind) => format!("[%claim {kind} …]"),
        ClaimError::UnknownSide(side) => format!("[%claim … {side}]"),
        ClaimError::Unreadable { name, args } => format!("[%{name} {args}]"),
        ClaimError::NotACommand(command) => command.clone(),
    };
    Some((quote(EndingSource::Claim, "", &command, None), None))
}

/// The ending tags the record holds, but a lichess `Termination` that says
/// no more than the status beside it (its "Time forfeit" is also a player
/// who left).
fn ending_tags<'r>(record: &'r GameRecord<'_>) -> Vec<(&'static str, &'r str)> {
    let tags = &record.tags;
    let coded = tags
        .lichess_status
        .as_deref()
        .and_then(super::server_code::lichess_termination);
    let said_by_code = |tag: &str, text: &str| {
        tag == "Termination" && coded.is_some_and(|t| t.eq_ignore_ascii_case(text.trim()))
    };
    [
        ("Termination", &tags.termination),
        ("ICCResult", &tags.icc_result),
        ("TerminationDetails", &tags.termination_details),
    ]
    .into_iter()
    .filter_map(|(tag, text)| Some((tag, text.as_deref()?)))
    .filter(|(tag, text)| !said_by_code(tag, text))
    .collect()
}

/// The comments after the last move, each an entry; those before this
/// tool's own note on the ending are the record's, which the note replaced.
fn comments(record: &GameRecord<'_>, writer: Option<&'static str>) -> Vec<Entry> {
    let names = record.names();
    let mut entries = Vec::new();
    for written in record.closing_texts() {
        let text = match own_note(&written) {
            Some(OwnNote::Ending(words)) => {
                entries.clear();
                Cow::Owned(words.to_string())
            }
            Some(OwnNote::Deciding) => continue,
            None => readable(&written),
        };
        if text.trim().is_empty() {
            continue;
        }
        entries.push(Entry {
            words: quote(EndingSource::ResultComment, "", &written, writer),
            reading: words::read(&text, names, false),
        });
    }
    entries
}

/// A comment's text without what a known template writes: its commands
/// and lichess's analysis. Empty when nothing else is left.
pub(super) fn readable(comment: &str) -> Cow<'_, str> {
    let text = without_arena_footer(without_commands(comment));
    let template = |t: &str| is_analysis(t) || is_engine_output(t);
    match template(text.trim()) {
        true => Cow::Borrowed(""),
        false => text,
    }
}

/// An engine's output as TCEC and cutechess write it after a move: items
/// `key=value` apart by commas (`ev=#20, d=22, pd=Kh8, mt=00:00:12, …`),
/// each value figures or moves, never words.
fn is_engine_output(text: &str) -> bool {
    let figures = |word: &str| {
        word.bytes().any(|b| b.is_ascii_digit()) || matches!(word, "kN/s" | "O-O" | "O-O-O")
    };
    text.contains('=')
        && text.split(',').all(|item| {
            item.trim().split_once('=').is_some_and(|(key, value)| {
                !key.is_empty()
                    && key.chars().all(|c| c.is_ascii_alphanumeric())
                    && value.split_whitespace().all(figures)
            })
        })
}

/// `text` without Arena's footer, wherever it stands: `GameDuration =
/// 04:54:28, Finalposition <FEN>` (and the `}` that closes the braces its
/// `;` lines open, as TCEC's files write them).
fn without_arena_footer(text: Cow<'_, str>) -> Cow<'_, str> {
    let Some(at) = text.find("GameDuration = ") else {
        return text;
    };
    let Some(end) = arena_footer_end(&text[at..]) else {
        return text;
    };
    Cow::Owned(format!("{} {}", &text[..at], &text[at + end..]))
}

/// Where the footer at the start of `text` ends, if it is one.
fn arena_footer_end(text: &str) -> Option<usize> {
    let rest = text.strip_prefix("GameDuration = ")?;
    let (duration, fen) = rest.split_once(", Finalposition ")?;
    if !duration.chars().all(|c| c.is_ascii_digit() || c == ':') {
        return None;
    }
    // Five fields and the move number's digits.
    let mut end = text.len() - fen.len();
    for field in fen.split_inclusive(' ').take(5) {
        end += field.len();
    }
    end += text[end..].len()
        - text[end..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    let fields: Vec<&str> = text[text.len() - fen.len()..end]
        .split_whitespace()
        .collect();
    if fields.len() != 6 || fields[0].matches('/').count() != 7 {
        return None;
    }
    let closing = text[end..].trim_start();
    Some(match closing.strip_prefix('}') {
        Some(after) => text.len() - after.len(),
        None => end,
    })
}

/// `text` without its `[%name …]` commands (clocks, evaluations, arrows).
fn without_commands(text: &str) -> Cow<'_, str> {
    if !text.contains("[%") {
        return Cow::Borrowed(text);
    }
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        kept.push_str(&rest[..at]);
        match rest[at..].find(']') {
            Some(close) => {
                kept.push(' ');
                rest = &rest[at + close + 1..];
            }
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    kept.push_str(rest);
    Cow::Owned(kept)
}

/// lichess's analysis of a move, as its server writes it:
/// `(0.25 → -1.20) Mistake. Nf3 was best.`, `(0.00 → Mate in 1) Checkmate
/// is now unavoidable. Rb2 was best.` — the evaluation and the best move
/// may be left out.
fn is_analysis(text: &str) -> bool {
    let rest = match text.strip_prefix('(') {
        Some(inner) => match inner.split_once(") ") {
            Some((evals, rest)) if is_eval_change(evals) => rest,
            _ => return false,
        },
        None => text,
    };
    let Some((judgement, best)) = rest.split_once('.') else {
        return false;
    };
    let best = best.trim();
    ANALYSIS.contains(&judgement)
        && (best.is_empty()
            || best
                .strip_suffix(" was best.")
                .is_some_and(|m| !m.is_empty() && !m.contains(char::is_whitespace)))
}

/// The judgements lichess's analysis writes.
const ANALYSIS: [&str; 6] = [
    "Inaccuracy",
    "Mistake",
    "Blunder",
    "Checkmate is now unavoidable",
    "Lost forced checkmate sequence",
    "Not the best checkmate sequence",
];

/// `0.25 → -1.20`, `0.00 → Mate in 1`, `Mate in 3 → 2.50`.
fn is_eval_change(text: &str) -> bool {
    let eval = |e: &str| {
        let e = e.trim();
        let number = e.strip_prefix("Mate in ").unwrap_or(e);
        let number = number.trim_start_matches(['-', '+', '#']);
        !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    text.split_once('→')
        .is_some_and(|(a, b)| eval(a) && eval(b))
}

/// A note this tool wrote into a corrected game.
enum OwnNote<'t> {
    /// On the ending, after a comment of the record that told another
    /// (`pgn-arbiter: Black lost on time (15.4.3); the comment before it was
    /// in the record`): its statement, the words before the rule.
    Ending(&'t str),
    /// At the deciding move (`pgn-arbiter: 15.4.3: …`): it explains, it
    /// states no ending.
    Deciding,
}

fn own_note(comment: &str) -> Option<OwnNote<'_>> {
    let note = comment.trim().strip_prefix(OWN_NOTE)?;
    Some(match note.strip_suffix(OWN_ENDING_NOTE_END) {
        Some(words) => OwnNote::Ending(words.split(" (").next().unwrap_or(words)),
        None => OwnNote::Deciding,
    })
}

/// How a note this tool writes into a corrected game begins.
pub const OWN_NOTE: &str = "pgn-arbiter:";

/// How its note on the ending, after a comment of the record that told
/// another, ends.
pub const OWN_ENDING_NOTE_END: &str = "; the comment before it was in the record";

pub(super) fn quote(
    source: EndingSource,
    tag: &'static str,
    text: &str,
    server: Option<&'static str>,
) -> Quote {
    Quote {
        source,
        tag,
        text: text.trim().trim_end_matches('.').to_string(),
        server,
    }
}

/// The server a record comes from, when its tags say.
fn server(tags: &Tags) -> Option<&'static str> {
    if tags.is_icc() {
        Some("ICC")
    } else if tags.is_fics() {
        Some("FICS")
    } else {
        tags.server()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_no_testimony() {
        for analysis in [
            "(0.25 → -1.20) Mistake. Nf3 was best.",
            "(0.00 → Mate in 1) Checkmate is now unavoidable. Rb2 was best.",
            "Checkmate is now unavoidable. Qf8 was best.",
            "(1.46 → 0.37) Inaccuracy. f5 was best.",
            "Blunder.",
        ] {
            assert!(is_analysis(analysis), "{analysis}");
        }
        for not in [
            "Mistake. White resigned.",
            "Checkmate is now unavoidable. White resigned was best.",
            "(White flagged → 0.5) Mistake.",
            "Checkmate.",
        ] {
            assert!(!is_analysis(not), "{not}");
        }
        assert_eq!(
            readable(" Black resigned [%clk 0:00:05] ").trim(),
            "Black resigned"
        );
        assert_eq!(
            readable("[%clk 0:00:00] Black resigned").trim(),
            "Black resigned"
        );
        assert_eq!(readable("[%eval 0.3] [%clk 0:01:00]").trim(), "");
        let tcec = "ev=#20, d=22, pd=Kh8, mt=00:00:12, tl=00:23:43, s=22775 kN/s, pv=Rg7 Kh8";
        assert_eq!(readable(tcec), "");
        assert_ne!(readable("d=22, Black resigned").trim(), "");
        assert_ne!(readable("d=22, note=Black resigned").trim(), "");
        let arena =
            "GameDuration = 04:54:28, Finalposition 3r1nk1/6R1/5K1P/1P6/8/8/8/1B6 b - - 2 83";
        assert_eq!(readable(arena).trim(), "");
        assert_eq!(readable(&format!("{arena} }}")).trim(), "");
        assert_eq!(
            readable(&format!("{arena}. Claim rejected")).trim(),
            ". Claim rejected"
        );
        assert_eq!(
            readable("[%clk 0:01:00 Black resigned").trim(),
            "[%clk 0:01:00 Black resigned"
        );
    }
}
