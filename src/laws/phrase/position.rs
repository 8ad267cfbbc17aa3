//! The words of an illegal position (15.4.4; A.4.4 and later): left on the
//! board past the next move, to be removed, or put right by the arbiter.

use std::fmt;

use crate::board::permissive::IllegalPosition;
use crate::laws::finding::position::PositionFinding;
use crate::model::outcome::colour_word;

/// What makes a position illegal: `both kings are in check and a white pawn
/// stands on a8`.
impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let checks = self
            .both_in_check
            .then(|| "both kings are in check".to_string());
        let pawns = (self.stuck_pawns.iter())
            .map(|(color, sq)| format!("a {} pawn stands on {sq}", colour_word(*color)));
        let parts: Vec<String> = checks.into_iter().chain(pawns).collect();
        f.write_str(&parts.join(" and "))
    }
}

impl fmt::Display for PositionFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionFinding::StillThere {
                before,
                move_text,
                still,
                clocks,
                clause,
            } => write!(
                f,
                "the illegal position ({before}) was still on the board after {move_text} was \
                 completed ({still}; {clocks}), so the game is drawn ({clause})"
            ),
            PositionFinding::ToRemove { position, clause } => {
                write!(f, "{position}; the next move must remove it ({clause})")
            }
            PositionFinding::PutRight {
                position,
                title,
                clause,
            } => write!(
                f,
                "{position}; under {title} the arbiter puts the position right ({clause}): no \
                 clause draws the game for it"
            ),
        }
    }
}
