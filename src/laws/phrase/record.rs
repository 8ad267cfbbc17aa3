//! The sentences of a record at odds with itself: its words against the
//! final position or its result, its Result tag against its movetext.

use shakmaty::Color;

use super::side_name;
use crate::model::outcome::GameResult;
use crate::read::ending::Doubt;

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

/// Words that give the game to a side, naming nobody, beside another
/// result.
pub(in crate::laws) fn gives_another_result(says: &str, recorded: GameResult) -> String {
    format!("{says} gives another result than the recorded {recorded}")
}

/// Words telling a decisive ending (a resignation, a mate) beside a draw.
pub(in crate::laws) fn tells_a_decision(says: &str, recorded: GameResult) -> String {
    format!("{says} tells a decisive ending, but the recorded result is {recorded}")
}

/// Words saying `side`'s flag fell beside a result that gives him the
/// game.
pub(in crate::laws) fn flagged_side_won(says: &str, side: Color, recorded: GameResult) -> String {
    let name = side_name(side);
    format!(
        "{says} says {name}'s flag fell, but the recorded result {recorded} gives {name} the game"
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

/// Words about the ending the audit could not take, beside a result the
/// board does not settle: the recorded result kept until an arbiter reads
/// them, and what the rest of the record reads (`reading`).
pub(in crate::laws) fn unread(doubt: &Doubt, recorded: GameResult, reading: &str) -> String {
    match doubt {
        Doubt::NotUnderstood(_) => format!(
            "{}, and it may say another result: the recorded {recorded} is kept until an \
             arbiter reads it (read by the rest of the record: {reading})",
            doubt.quoted()
        ),
        Doubt::Disagree(..) => contradicts_itself(&doubt.quoted(), recorded, reading),
    }
}

/// Words about the ending the audit could not take, where the board
/// settled the game whatever they say.
pub(in crate::laws) fn unread_note(doubt: &Doubt) -> String {
    format!("{} (the board decides here)", doubt.quoted())
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
