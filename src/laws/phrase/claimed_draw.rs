//! The words of a claimed draw (9.2, 9.3).

use std::fmt;

use super::side_name;
use crate::laws::finding::claimed_draw::{ClaimedDrawFinding, Ground};

impl fmt::Display for ClaimedDrawFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimedDrawFinding::Upheld {
                by,
                move_text,
                ground,
                clause,
            } => write!(
                f,
                "{} claimed a draw after {move_text} ({clause}), and the board upholds it: {ground}; \
                 the game was drawn there",
                side_name(*by)
            ),
            ClaimedDrawFinding::NotSo {
                by,
                move_text,
                ground,
                clause,
            } => write!(
                f,
                "{} claimed a draw after {move_text} ({clause}), but {ground}; the game went on",
                side_name(*by)
            ),
        }
    }
}

/// "the position had stood 3 times", "98 plies had passed without a
/// capture or a pawn move".
impl fmt::Display for Ground {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ground::Repetition { times: 1 } => f.write_str("the position had not stood before"),
            Ground::Repetition { times } => write!(f, "the position had stood {times} times"),
            Ground::FiftyMoves { plies } => write!(
                f,
                "{plies} plies had passed without a capture or a pawn move (a hundred are needed)"
            ),
        }
    }
}
