//! The words of a game the record says a player resigned or left (5.1.2
//! of 2023; abandonment on a server).

use std::fmt;

use shakmaty::Color;

use super::side_name;
use crate::laws::finding::left::{AfterLeaving, LeftFinding};

/// Nothing but the result ends the game: the loser resigned.
fn resigned(f: &mut fmt::Formatter<'_>, loser: Color) -> fmt::Result {
    write!(
        f,
        "nothing in the record but the result ends the game, so {} resigned",
        side_name(loser)
    )
}

impl fmt::Display for LeftFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftFinding::ResignedDrawn { mate, clause } => {
                resigned(f, !mate.side)?;
                write!(f, "; but {mate}, so the game is drawn ({clause})")
            }
            LeftFinding::ResignedUndecided { mate, clause } => {
                resigned(f, !mate.side)?;
                write!(
                    f,
                    "; {mate}: if it was a resignation and {} cannot checkmate, {clause} draws \
                     the game",
                    side_name(mate.side)
                )
            }
            LeftFinding::Left {
                says,
                leaver,
                mate,
                then,
            } => {
                write!(
                    f,
                    "{says} says {} left the game; a player who leaves loses whether the arbiter \
                     declares it or his clock runs out",
                    side_name(*leaver)
                )?;
                match then {
                    AfterLeaving::ResultStands => write!(f, ", and {mate}, so the result stands"),
                    AfterLeaving::WinnerCannotMate(clause) => write!(
                        f,
                        "; but {mate}: had his clock run out, the game would be drawn ({clause}), \
                         and the Laws leave the score of a game a player left to the arbiter"
                    ),
                    AfterLeaving::CheckByHand => {
                        write!(
                            f,
                            "; {mate}: check the final position and the result by hand"
                        )
                    }
                }
            }
        }
    }
}
