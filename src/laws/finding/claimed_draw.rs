//! What came of a claimed draw (9.2, 9.3): upheld by the board, or not so.

use shakmaty::Color;

/// Which draw was claimed, and what the board showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// The same position: how many times it had stood.
    Repetition { times: usize },
    /// Fifty moves: the plies without a capture or a pawn move.
    FiftyMoves { plies: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimedDrawFinding {
    /// The board upholds the claim made after `move_text`: the game is
    /// drawn there.
    Upheld {
        by: Color,
        move_text: String,
        ground: Ground,
        clause: &'static str,
    },
    /// The board does not: the position had not stood three times, or
    /// fewer than fifty moves had passed; the game went on.
    NotSo {
        by: Color,
        move_text: String,
        ground: Ground,
        clause: &'static str,
    },
}
