//! The sentences of a game the record says was not played.

use shakmaty::Color;

use super::super::side_name;
use crate::model::outcome::GameResult;
use crate::read::ending::Statement;

/// "not played: the Termination tag “Unplayed” says so, and 1-0 is a win
/// by forfeit: Black lost it without play …".
pub(in crate::laws) fn forfeit(said: &Statement, winner: Color, plies: usize) -> String {
    format!(
        "not played: {} says so, and {} is a win by forfeit ({} lost it without play){}; it \
         stands as recorded, and is no played game to rate",
        said.quoted(),
        GameResult::Win(winner),
        side_name(!winner),
        moves_on_record(plies)
    )
}

/// A bye beside a decisive result: the pairing's score, no game.
pub(in crate::laws) fn bye(said: &Statement, recorded: GameResult) -> String {
    format!(
        "not played: {} says it was a bye; {recorded} is the score the pairing gave, which \
         stands as recorded and is no played game to rate",
        said.quoted()
    )
}

/// An unplayed game beside a draw or no result.
pub(in crate::laws) fn unplayed(said: &Statement, recorded: GameResult) -> String {
    let result = match recorded {
        GameResult::Unfinished => "no result".to_string(),
        other => format!("{other}"),
    };
    format!(
        "not played: {} says so, beside {result}; a game not played has no result the Laws \
         give it (a double forfeit, a bye, a postponed game?), and a federation does not rate \
         it: the arbiter says what it was",
        said.quoted()
    )
}

/// The words call the game unplayed, yet it holds more moves than a
/// forfeit leaves.
pub(in crate::laws) fn played_after_all(said: &Statement, plies: usize) -> String {
    format!(
        "{} says the game was not played, but the record holds {plies} plies",
        said.quoted()
    )
}

fn moves_on_record(plies: usize) -> String {
    match plies {
        0 => String::new(),
        1 => "; the 1 move on record does not make it a played game".into(),
        n => format!("; the {n} moves on record do not make it a played game"),
    }
}
