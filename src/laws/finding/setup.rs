//! What came of a set-up claim (15.4.1.2; A4a of 2009): too late, on a
//! correct set-up, or upheld.

use shakmaty::Color;

use crate::board::replay::WrongSetup;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupFinding {
    /// A claim made after the `window` of moves the edition gives.
    TooLate {
        by: Color,
        window: usize,
        done: Completed,
        clause: &'static str,
    },
    /// A claim against a set-up the record shows correct.
    SetupCorrect { by: Color },
    /// An upheld claim, made after `move_text`: the game is void.
    Upheld {
        by: Color,
        move_text: String,
        done: Completed,
        clause: &'static str,
        wrong: WrongSetup,
    },
}

/// Moves each player had completed when a claim was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completed {
    pub white: usize,
    pub black: usize,
}
