//! The words of a game the record says was not played.

use std::fmt;

use super::super::side_name;
use crate::laws::finding::unplayed::UnplayedFinding;
use crate::model::outcome::GameResult;

impl fmt::Display for UnplayedFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnplayedFinding::Forfeit {
                says,
                winner,
                plies,
            } => {
                write!(
                    f,
                    "not played: {says} says so, and {} is a win by forfeit ({} lost it without \
                     play)",
                    GameResult::Win(*winner),
                    side_name(!*winner),
                )?;
                match plies {
                    0 => {}
                    1 => f.write_str("; the 1 move on record does not make it a played game")?,
                    n => write!(f, "; the {n} moves on record do not make it a played game")?,
                }
                f.write_str("; it stands as recorded, and is no played game to rate")
            }
            UnplayedFinding::Bye { says, recorded } => write!(
                f,
                "not played: {says} says it was a bye; {recorded} is the score the pairing gave, \
                 which stands as recorded and is no played game to rate"
            ),
            UnplayedFinding::Unplayed { says, recorded } => {
                let result = match recorded {
                    GameResult::Unfinished => "no result".to_string(),
                    other => format!("{other}"),
                };
                write!(
                    f,
                    "not played: {says} says so, beside {result}; a game not played has no \
                     result the Laws give it (a double forfeit, a bye, a postponed game?), and a \
                     federation does not rate it: the arbiter says what it was"
                )
            }
        }
    }
}
