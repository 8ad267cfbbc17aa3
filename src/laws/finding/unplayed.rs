//! What was found of a game the record says was not played.

use shakmaty::Color;

use crate::model::outcome::GameResult;
use crate::read::ending::Quote;

/// `says`: the record's words, quoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnplayedFinding {
    /// A win by forfeit: `winner`'s, with `plies` on record.
    Forfeit {
        says: Quote,
        winner: Color,
        plies: usize,
    },
    /// A bye beside a decisive result: the pairing's score, no game.
    Bye { says: Quote, recorded: GameResult },
    /// An unplayed game beside a draw or no result.
    Unplayed { says: Quote, recorded: GameResult },
}
