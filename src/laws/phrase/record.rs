//! The sentences of a record at odds with itself: its words against the
//! final position or its result, its Result tag against its movetext.

use shakmaty::Color;

use super::side_name;
use crate::model::outcome::GameResult;

/// What the final position shows that the record's words deny.
pub(in crate::laws) enum Shown {
    /// Checkmate, where the words tell another ending.
    Checkmate,
    /// No checkmate, where the words say checkmate.
    NoCheckmate,
    /// No stalemate, where the words say stalemate.
    NoStalemate,
}

/// The record's words (`says`, quoted) against the final position.
pub(in crate::laws) fn against_the_board(says: &str, shown: Shown) -> String {
    match shown {
        Shown::Checkmate => {
            format!("{says} says the game ended another way, but the final position is checkmate")
        }
        Shown::NoCheckmate => {
            format!("{says} says checkmate, but the final position is not checkmate")
        }
        Shown::NoStalemate => {
            format!("{says} says stalemate, but the final position is not stalemate")
        }
    }
}

/// Words naming `named` as the winner (or the loser) of a game the result
/// gives the other way.
pub(in crate::laws) fn names_the_other(
    says: &str,
    named: Color,
    winner: bool,
    recorded: GameResult,
) -> String {
    let role = if winner { "winner" } else { "loser" };
    format!(
        "{says} names {} as the {role}, but the recorded result is {recorded}",
        side_name(named)
    )
}

/// Words telling a draw beside a decisive result.
pub(in crate::laws) fn tells_a_draw(says: &str, recorded: GameResult) -> String {
    format!("{says} tells a draw, but the recorded result is {recorded}")
}

/// Words saying the game did not count (aborted, adjourned) beside a
/// result.
pub(in crate::laws) fn did_not_count(says: &str, recorded: GameResult) -> String {
    format!("{says} says the game did not count, but the recorded result is {recorded}")
}

/// The Result tag and the movetext's marker name different results.
pub(in crate::laws) fn two_results(tag: &str, marker: &str) -> String {
    format!("the Result tag says “{tag}”, but the movetext ends with “{marker}”")
}

/// A record whose words contradict its result (`why`): the recorded
/// result kept until an arbiter decides, and what the rest of the record
/// reads (`reading`).
pub(in crate::laws) fn contradicts_itself(
    why: &str,
    recorded: GameResult,
    reading: &str,
) -> String {
    format!(
        "the record contradicts itself: {why}; no correct result can be read from it, so the \
         recorded {recorded} is kept until an arbiter decides (read by the rest of the record: \
         {reading})"
    )
}
