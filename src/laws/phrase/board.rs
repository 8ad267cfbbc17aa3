//! The words of what the board alone decides: checkmate, stalemate, a dead
//! position, and the automatic draws (75 moves, fivefold repetition).

use std::fmt;

use super::side_name;
use crate::laws::finding::board::{BoardFinding, Where};

const NO_MATE_FOR_EITHER: &str = "no series of legal moves lets either side checkmate";

impl fmt::Display for Where {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Where::Start => f.write_str("in the starting position"),
            Where::After(text) => write!(f, "after {text}"),
        }
    }
}

impl fmt::Display for BoardFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardFinding::Checkmated { side, at } => {
                write!(f, "{} is checkmated {at}", side_name(*side))
            }
            BoardFinding::Stalemated { side, at } => {
                write!(f, "{} is stalemated {at}", side_name(*side))
            }
            BoardFinding::Dead(at) => write!(f, "the position is dead {at}: {NO_MATE_FOR_EITHER}"),
            BoardFinding::NoMateForEither => f.write_str(NO_MATE_FOR_EITHER),
            BoardFinding::SeventyFive { move_text, clause } => write!(
                f,
                "after {move_text} each player had made 75 moves without a capture or a pawn \
                 move, so the game ended drawn at that move, without a claim ({clause})"
            ),
            BoardFinding::FiveTimes {
                move_text,
                plies,
                apart,
                clause,
            } => {
                let plies: Vec<String> = plies.iter().map(|p| format!("ply {p}")).collect();
                write!(
                    f,
                    "the position after {move_text} had appeared five times ({})",
                    plies.join(", ")
                )?;
                match apart {
                    true => write!(
                        f,
                        ", but not on five consecutive alternate moves: whether {clause} of the \
                         2014 Laws ended the game is a reading of its wording (the July 2017 \
                         text would draw it), so an arbiter must decide"
                    ),
                    false => write!(
                        f,
                        ", so the game ended drawn at that move, without a claim ({clause})"
                    ),
                }
            }
        }
    }
}
