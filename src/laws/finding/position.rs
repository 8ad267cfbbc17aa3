//! What was found of an illegal position (15.4.4; A.4.4 and later): left
//! on the board past the next move, to be removed, or put right by the
//! arbiter.

use super::ClocksAt;
use crate::board::permissive::IllegalPosition;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionFinding {
    /// The position (`before`) still there once `move_text` was completed
    /// (`still`): drawn.
    StillThere {
        before: IllegalPosition,
        move_text: String,
        still: IllegalPosition,
        clocks: ClocksAt,
        clause: &'static str,
    },
    /// An illegal position the next move must remove.
    ToRemove {
        position: IllegalPosition,
        clause: &'static str,
    },
    /// An illegal position the edition (`title`) has the arbiter put right.
    PutRight {
        position: IllegalPosition,
        title: &'static str,
        clause: &'static str,
    },
}
