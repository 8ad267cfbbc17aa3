//! What the board alone decided: checkmate, stalemate, a dead position,
//! and the automatic draws (75 moves, fivefold repetition).

use shakmaty::Color;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardFinding {
    Checkmated {
        side: Color,
        at: Where,
    },
    Stalemated {
        side: Color,
        at: Where,
    },
    /// The verdict on a dead position.
    Dead(Where),
    /// The `dead-position` incident.
    NoMateForEither,
    /// The 75-move rule drew the game after `move_text`.
    SeventyFive {
        move_text: String,
        clause: &'static str,
    },
    /// The position after `move_text` appeared five times, at `plies`;
    /// `apart`: not on consecutive alternate moves, which 2014's wording
    /// may require (an arbiter decides).
    FiveTimes {
        move_text: String,
        plies: Vec<usize>,
        apart: bool,
        clause: &'static str,
    },
}

/// Where on the board: after a move (`23. Nf3`), or in the starting
/// position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    Start,
    After(String),
}
