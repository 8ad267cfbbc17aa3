//! The sentences any verdict may carry, whichever clause decided: the
//! result against the record, what else bears on it, moves after the end,
//! what a human must check, and a record with nothing to judge.

use crate::board::helpmate::FULL_SEARCHES_PER_GAME;
use crate::board::notation::Irregular;
use crate::laws::incident::Incident;
use crate::model::outcome::GameResult;

/// The `result-mismatch` incident.
pub(in crate::laws) fn result_mismatch(
    recorded: GameResult,
    correct: GameResult,
    rule: &str,
) -> String {
    format!("recorded {recorded}, the rules give {correct} ({rule})")
}

/// The `moves-after-end` incident.
pub(in crate::laws) fn moves_after_end(extra: usize, rule: &str) -> String {
    let plies = if extra == 1 { "ply" } else { "plies" };
    format!("{extra} {plies} (half-moves) recorded after the game ended ({rule})")
}

/// What bears on the result and does not change it, each incident with
/// its move; `more` past those named (incidents.csv has them all);
/// `decided`: a clause decided the game later.
pub(in crate::laws) fn what_bears(named: &[&Incident], more: usize, decided: bool) -> String {
    let mut told: Vec<String> = named
        .iter()
        .map(|i| {
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
    format!("{lead}: {}", told.join("; "))
}

/// An edition's clause in the project's words, closing a reason.
pub(in crate::laws) fn in_our_words(rule: &str, words: &str) -> String {
    format!("{rule} in our words: “{words}”")
}

/// A null move at `label`: the recorded result kept, and what the rest of
/// the record reads (`reading`).
pub(in crate::laws) fn after_a_pass(label: &str, recorded: GameResult, reading: &str) -> String {
    format!(
        "the record holds a null move (`--`) at {label}: a pass is no move of a game, so the \
         positions after it are not the game's and nothing on the board after it can decide; \
         the recorded {recorded} is kept until an arbiter reads the record (read as if the pass \
         were a move: {reading})"
    )
}

/// A helpmate question the per-game bound left open.
pub(in crate::laws) fn over_budget() -> String {
    format!(
        "but this game needed more than {FULL_SEARCHES_PER_GAME} full helpmate searches, the \
         bound per game, and a question past it went unanswered: check it by hand \
         (`pgn-arbiter explain`)"
    )
}

/// `--only-rapid` and a game of another category (`category` as the
/// edition words it): what the rapid-play rules would have decided.
pub(in crate::laws) fn not_rapid(category: &str, ru_rapid: bool, reason: &str) -> String {
    let rules = if ru_rapid {
        "the rapid-play rules do not apply; judged by them"
    } else {
        "judged by the rules of its category"
    };
    format!("not a rapid game ({category}); {rules} it would be: {reason}")
}

/// A move that cannot be read, where it stands.
pub(in crate::laws) fn unreadable(line: impl std::fmt::Display, label: &str, why: &str) -> String {
    format!("line {line}: {label} {why}")
}

/// The `error` verdict of a move that cannot be read.
pub(in crate::laws) fn cannot_be_read(why: &str) -> String {
    format!("the move text cannot be read: {why}")
}

/// `*`, and nothing on the board ended the game.
pub(in crate::laws) const NO_RESULT: &str =
    "the record holds no result (`*`) and nothing on the board ended the game";

/// The record stands: nothing in it `overturns` (or contradicts) the
/// result; `said`, where the record says how it ended.
pub(in crate::laws) fn as_recorded(
    recorded: GameResult,
    overturns: bool,
    said: Option<String>,
) -> String {
    let verb = match overturns {
        false => "contradicts",
        true => "overturns",
    };
    let said = said.map(|s| format!(" ({s})")).unwrap_or_default();
    format!("nothing in the record {verb} {recorded}{said}")
}

/// A record with no move, and `recorded`: not played, or not recorded.
/// A comment before the result is quoted: its words may say forfeit, but
/// a comment is nobody's ruling, so the game still goes to the arbiter.
pub(in crate::laws) fn unplayed_or_unrecorded(
    recorded: GameResult,
    comment: Option<&str>,
) -> String {
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
    format!(
        "unplayed or not recorded: the record holds {what}; whether the game was played, and how \
         it ended, is for the arbiter to say"
    )
}

/// A move written irregularly (`what` it was), read as meant.
pub(in crate::laws) fn read_as_meant(what: Irregular) -> String {
    format!("{what}; read as meant")
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
