//! The sentences of an illegal position (15.4.4; A.4.4 and later): left on
//! the board past the next move, to be removed, or put right by the arbiter.

/// The position (`before`) still there once `move_text` was completed
/// (`still`, with the clocks' `note`).
pub(in crate::laws) fn still_there(
    before: &str,
    move_text: &str,
    still: &str,
    note: &str,
    clause: &str,
) -> String {
    format!(
        "the illegal position ({before}) was still on the board after {move_text} was completed \
         ({still}; {note}), so the game is drawn ({clause})"
    )
}

/// An illegal position the next move must remove.
pub(in crate::laws) fn to_remove(what: &str, clause: &str) -> String {
    format!("{what}; the next move must remove it ({clause})")
}

/// An illegal position the edition has the arbiter put right.
pub(in crate::laws) fn put_right(what: &str, title: &str, clause: &str) -> String {
    format!(
        "{what}; under {title} the arbiter puts the position right ({clause}): no clause draws \
         the game for it"
    )
}
