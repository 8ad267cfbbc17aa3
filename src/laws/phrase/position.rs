//! The sentences of an illegal position (15.4.4; A.4.4 and later): left on
//! the board past the next move, to be removed, or put right by the arbiter.

use crate::board::permissive::IllegalPosition;
use crate::model::outcome::colour_word;

/// What makes a position illegal: `both kings are in check and a white pawn
/// stands on a8`.
fn what(position: &IllegalPosition) -> String {
    let checks = position
        .both_in_check
        .then(|| "both kings are in check".to_string());
    let pawns = (position.stuck_pawns.iter())
        .map(|(color, sq)| format!("a {} pawn stands on {sq}", colour_word(*color)));
    checks
        .into_iter()
        .chain(pawns)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The position (`before`) still there once `move_text` was completed
/// (`still`, with the clocks' `note`).
pub(in crate::laws) fn still_there(
    before: &IllegalPosition,
    move_text: &str,
    still: &IllegalPosition,
    note: &str,
    clause: &str,
) -> String {
    let (before, still) = (what(before), what(still));
    format!(
        "the illegal position ({before}) was still on the board after {move_text} was completed \
         ({still}; {note}), so the game is drawn ({clause})"
    )
}

/// An illegal position the next move must remove.
pub(in crate::laws) fn to_remove(position: &IllegalPosition, clause: &str) -> String {
    format!(
        "{}; the next move must remove it ({clause})",
        what(position)
    )
}

/// An illegal position the edition has the arbiter put right.
pub(in crate::laws) fn put_right(position: &IllegalPosition, title: &str, clause: &str) -> String {
    let what = what(position);
    format!(
        "{what}; under {title} the arbiter puts the position right ({clause}): no clause draws \
         the game for it"
    )
}
