//! The sentences of what the board alone decides: checkmate, stalemate, a
//! dead position, and the automatic draws (75 moves, fivefold repetition).

use shakmaty::Color;

use super::side_name;

/// Where on the board: "after 23. Nf3", or the starting position (`None`).
pub(in crate::laws) fn after(move_text: Option<&str>) -> String {
    match move_text {
        None => "in the starting position".to_string(),
        Some(text) => format!("after {text}"),
    }
}

pub(in crate::laws) fn checkmated(side: Color, after: &str) -> String {
    format!("{} is checkmated {after}", side_name(side))
}

pub(in crate::laws) fn stalemated(side: Color, after: &str) -> String {
    format!("{} is stalemated {after}", side_name(side))
}

/// The `dead-position` incident.
pub(in crate::laws) const NO_MATE_FOR_EITHER: &str =
    "no series of legal moves lets either side checkmate";

pub(in crate::laws) fn dead(after: &str) -> String {
    format!("the position is dead {after}: {NO_MATE_FOR_EITHER}")
}

/// The 75-move rule drew the game after `move_text`.
pub(in crate::laws) fn seventy_five(move_text: &str, clause: &str) -> String {
    format!(
        "after {move_text} each player had made 75 moves without a capture or a pawn move, so \
         the game ended drawn at that move, without a claim ({clause})"
    )
}

/// The position after `move_text` appeared five times, at `plies`.
pub(in crate::laws) fn five_times(move_text: &str, plies: &[usize]) -> String {
    let plies: Vec<String> = plies.iter().map(|p| format!("ply {p}")).collect();
    format!(
        "the position after {move_text} had appeared five times ({})",
        plies.join(", ")
    )
}

/// Five times, but not on consecutive alternate moves, which 2014's
/// wording may require.
pub(in crate::laws) fn five_times_apart(lead: &str, clause: &str) -> String {
    format!(
        "{lead}, but not on five consecutive alternate moves: whether {clause} of the 2014 Laws \
         ended the game is a reading of its wording (the July 2017 text would draw it), so an \
         arbiter must decide"
    )
}

/// An automatic draw (`lead` says which) at that move.
pub(in crate::laws) fn drawn_without_claim(lead: &str, clause: &str) -> String {
    format!("{lead}, so the game ended drawn at that move, without a claim ({clause})")
}
