//! A side to move without a legal move: the game is over on the board,
//! by checkmate or by stalemate.

use shakmaty::{Chess, Position};

/// How a position without a legal move for the side to move ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoMove {
    /// The side to move is in check.
    Checkmate,
    /// The side to move is not in check.
    Stalemate,
}

impl NoMove {
    /// Which it is in `pos`, if either.
    ///
    /// ```
    /// use pgn_arbiter::board::no_move::NoMove;
    /// use shakmaty::{fen::Fen, CastlingMode, Chess};
    /// let pos: Chess = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    ///     .parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    /// assert_eq!(NoMove::at(&pos), Some(NoMove::Stalemate));
    /// assert_eq!(NoMove::at(&Chess::default()), None);
    /// ```
    pub fn at(pos: &Chess) -> Option<NoMove> {
        match (pos.legal_moves().is_empty(), pos.is_check()) {
            (false, _) => None,
            (true, true) => Some(NoMove::Checkmate),
            (true, false) => Some(NoMove::Stalemate),
        }
    }
}
