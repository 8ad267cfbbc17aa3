//! The sentences of a game the record says a player resigned or left
//! (5.1.2 of 2023; abandonment on a server).

use shakmaty::Color;

use super::side_name;

/// Nothing but the result ends the game: the loser resigned.
pub(in crate::laws) fn resigned(loser: Color) -> String {
    format!(
        "nothing in the record but the result ends the game, so {} resigned",
        side_name(loser)
    )
}

/// A resignation where the winner cannot checkmate: drawn.
pub(in crate::laws) fn resigned_drawn(lead: &str, mate: &str, clause: &str) -> String {
    format!("{lead}; but {mate}, so the game is drawn ({clause})")
}

/// A resignation where the solver could not say whether `winner` can
/// checkmate.
pub(in crate::laws) fn resigned_undecided(
    lead: &str,
    mate: &str,
    winner: Color,
    clause: &str,
) -> String {
    format!(
        "{lead}; {mate}: if it was a resignation and {} cannot checkmate, {clause} draws the game",
        side_name(winner)
    )
}

/// The record (`says`, quoted) says `leaver` left the game.
pub(in crate::laws) fn left(says: &str, leaver: Color) -> String {
    format!(
        "{says} says {} left the game; a player who leaves loses whether the arbiter declares it \
         or his clock runs out",
        side_name(leaver)
    )
}

pub(in crate::laws) fn left_result_stands(lead: &str, mate: &str) -> String {
    format!("{lead}, and {mate}, so the result stands")
}

/// The winner of a game the loser left cannot checkmate.
pub(in crate::laws) fn left_winner_cannot_mate(lead: &str, mate: &str, clause: &str) -> String {
    format!(
        "{lead}; but {mate}: had his clock run out, the game would be drawn ({clause}), and the \
         Laws leave the score of a game a player left to the arbiter"
    )
}

pub(in crate::laws) fn left_check_by_hand(lead: &str, mate: &str) -> String {
    format!("{lead}; {mate}: check the final position and the result by hand")
}
