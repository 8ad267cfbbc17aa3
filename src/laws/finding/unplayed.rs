//! What was found of a game the record says was not played.

use shakmaty::Color;

use crate::model::outcome::GameResult;

/// `says`: the record's words, quoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnplayedFinding {
    /// A win by forfeit: `winner`'s, with `plies` on record.
    Forfeit {
        says: String,
        winner: Color,
        plies: usize,
    },
    /// A bye beside a decisive result: the pairing's score, no game.
    Bye { says: String, recorded: GameResult },
    /// An unplayed game beside a draw or no result.
    Unplayed { says: String, recorded: GameResult },
}
