//! The words any verdict may carry, whichever clause decided: the result
//! against the record, what else bears on it, moves after the end, what a
//! human must check, and a record with nothing to judge.

use std::fmt;

use crate::board::helpmate::FULL_SEARCHES_PER_GAME;
use crate::board::notation::Irregular;
use crate::laws::finding::Reason;
use crate::laws::finding::edition::CategoryBy;
use crate::laws::finding::verdict::{Borne, Unjudged, VerdictFinding};
use crate::model::outcome::GameResult;
use crate::read::ending::Quote;

impl fmt::Display for VerdictFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerdictFinding::ResultMismatch {
                recorded,
                correct,
                rule,
            } => write!(f, "recorded {recorded}, the rules give {correct} ({rule})"),
            VerdictFinding::MovesAfterEnd { extra, rule } => moves_after_end(f, *extra, rule),
            VerdictFinding::WhatBears {
                named,
                more,
                decided,
            } => what_bears(f, named, *more, *decided),
            VerdictFinding::InOurWords { rule, words } => {
                write!(f, "{rule} in our words: “{words}”")
            }
            VerdictFinding::AfterAPass {
                label,
                recorded,
                reading,
            } => after_a_pass(f, label, *recorded, reading),
            VerdictFinding::NotRapid {
                category,
                ru_rapid,
                reading,
            } => not_rapid(f, category, *ru_rapid, reading),
            VerdictFinding::RestsOnRejectedClaim { rejected, recorded } => {
                rests_on_rejection(f, rejected, *recorded)
            }
            VerdictFinding::OverBudget => write!(
                f,
                "but this game needed more than {FULL_SEARCHES_PER_GAME} full helpmate searches, \
                 the bound per game, and a question past it went unanswered: check it by hand \
                 (`pgn-arbiter explain`)"
            ),
            VerdictFinding::Unreadable { line, label, stop } => {
                write!(f, "line {line}: {label} {stop}")
            }
            VerdictFinding::CannotBeRead(why) => {
                write!(f, "the move text cannot be read: {why}")
            }
            VerdictFinding::NoResult => f.write_str(
                "the record holds no result (`*`) and nothing on the board ended the game",
            ),
            VerdictFinding::AsRecorded {
                recorded,
                overturns,
                said,
            } => as_recorded(f, *recorded, *overturns, said.as_ref()),
            VerdictFinding::ResultOnly { recorded } => write!(
                f,
                "no move is recorded, only the result {recorded} (a pairing program's round): it \
                 stands as recorded, unchecked"
            ),
            VerdictFinding::UnplayedOrUnrecorded { recorded, comment } => {
                unplayed_or_unrecorded(f, *recorded, comment.as_deref())
            }
            VerdictFinding::ReadAsMeant(what) => write!(f, "{what}; read as meant"),
        }
    }
}

/// A null move at `label`: the recorded result kept, and what the rest of
/// the record reads.
fn after_a_pass(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    recorded: GameResult,
    reading: &Reason,
) -> fmt::Result {
    write!(
        f,
        "the record holds a null move at {label}: a pass is no move of a game, so the \
         positions after it are not the game's and nothing on the board after it can decide; the \
         recorded {recorded} is kept until an arbiter reads the record (read as if the pass were \
         a move: {reading})"
    )
}

/// `--only-rapid` and a game of another category: what the rules would
/// have decided.
fn not_rapid(
    f: &mut fmt::Formatter<'_>,
    category: &CategoryBy,
    ru_rapid: bool,
    reading: &Reason,
) -> fmt::Result {
    let rules = match ru_rapid {
        true => "the rapid-play rules do not apply; judged by them",
        false => "judged by the rules of its category",
    };
    write!(
        f,
        "not a rapid game ({category}); {rules} it would be: {reading}"
    )
}

/// The record stands: nothing in it `overturns` (or contradicts) the
/// result, and how its words say it ended.
fn as_recorded(
    f: &mut fmt::Formatter<'_>,
    recorded: GameResult,
    overturns: bool,
    said: Option<&Quote>,
) -> fmt::Result {
    let verb = match overturns {
        false => "contradicts",
        true => "overturns",
    };
    write!(f, "nothing in the record {verb} {recorded}")?;
    match said {
        Some(said) => write!(f, " ({said})"),
        None => Ok(()),
    }
}

/// What bears on the result and does not change it, each incident with
/// its move; `more` past those named (incidents.csv has them all).
fn what_bears(
    f: &mut fmt::Formatter<'_>,
    named: &[Borne],
    more: usize,
    decided: bool,
) -> fmt::Result {
    let mut told: Vec<String> = named
        .iter()
        .map(|i| {
            // An incident after the last move (a flag fall) has no move
            // to name: its detail says when.
            if i.san.is_empty() {
                return i.detail.to_string();
            }
            let gap = if i.move_label.ends_with("...") {
                ""
            } else {
                " "
            };
            format!("{}{gap}{}: {}", i.move_label, i.san, i.detail)
        })
        .collect();
    if more > 0 {
        told.push(format!("and {more} more (see incidents.csv)"));
    }
    let lead = match decided {
        false => "what bears on the result does not change it",
        true => "earlier, and not deciding it",
    };
    write!(f, "{lead}: {}", told.join("; "))
}

/// A record with no move: not played, or not recorded. A comment before
/// the result is quoted: its words may say forfeit, but a comment is
/// nobody's ruling, so the game still goes to the arbiter.
fn unplayed_or_unrecorded(
    f: &mut fmt::Formatter<'_>,
    recorded: GameResult,
    comment: Option<&str>,
) -> fmt::Result {
    let what = match (recorded, comment.filter(|c| !c.is_empty())) {
        (GameResult::Unfinished, _) => "no move and no result".to_string(),
        (_, Some(comment)) => {
            // An annotator's paragraph is quoted by its start.
            let cut: String = comment.chars().take(80).collect();
            let more = if cut.len() < comment.len() { "…" } else { "" };
            format!("no move, and {recorded} after the comment “{cut}{more}”")
        }
        _ => format!("no move, and {recorded} without a word that the game was forfeited"),
    };
    write!(
        f,
        "unplayed or not recorded: the record holds {what}; whether the game was played, and how \
         it ended, is for the arbiter to say"
    )
}

impl std::fmt::Display for Irregular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Irregular::CastlingWithZeros => "castling written with zeros",
            Irregular::CastlingOtherwise => "castling written in lower case or with other dashes",
            Irregular::NullMove => "null move",
            Irregular::EnPassantMarked => "en passant marked with `e.p.`",
            Irregular::LongAlgebraic => "long algebraic notation",
            Irregular::Uci => "UCI notation",
            Irregular::PromotionWithoutEquals => "promotion written without `=`",
            Irregular::CaptureWithoutX => "capture written without `x`",
            Irregular::XWithoutCapture => "`x` written on a move that captures nothing",
        })
    }
}

impl std::fmt::Display for Unjudged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unjudged::Damaged { line, what } => write!(f, "line {line}: {what}"),
            Unjudged::Replay(why) => why.fmt(f),
            Unjudged::LibraryPanic(what) => write!(
                f,
                "the chess library failed on this game ({what}); please report it with the game"
            ),
        }
    }
}

/// A result that only a rejected claim explains.
fn rests_on_rejection(
    f: &mut fmt::Formatter<'_>,
    rejected: &crate::laws::finding::Finding,
    recorded: GameResult,
) -> fmt::Result {
    write!(
        f,
        "{rejected}; the recorded result {recorded} is the one the claim asked for and nothing \
         else in the record explains it: check the scoresheet"
    )
}

/// "2 plies (half-moves) recorded after the game ended (15.4.3)".
fn moves_after_end(f: &mut fmt::Formatter<'_>, extra: usize, rule: &str) -> fmt::Result {
    let plies = if extra == 1 { "ply" } else { "plies" };
    write!(
        f,
        "{extra} {plies} (half-moves) recorded after the game ended ({rule})"
    )
}
