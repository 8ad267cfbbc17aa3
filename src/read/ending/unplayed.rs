//! A game not played, written in the result itself: a forfeit mark.

use super::{Ending, EndingSource, Party, Quote, Role, Stated, Statement};
use crate::model::ending::Naming;
use crate::model::outcome::GameResult;
use crate::read::parse::GameRecord;

/// A forfeit written in the result itself: `+/-`, `-/+`, ChessBase's
/// `+--` and `--+`, a double forfeit `-/-` or `--`. (A forfeit in words,
/// `0:1 kampflos`, is read by the grammar.)
pub(super) fn forfeit_mark(record: &GameRecord<'_>) -> Option<Statement> {
    let text = record.tags.result.as_deref()?.trim();
    let double = matches!(text, "-/-" | "--" | "-:-" | "0-0" | "0:0");
    if !text.contains('+') && !double {
        return None;
    }
    let recorded = record.recorded_result();
    let (ending, party, result) = match recorded {
        // The mark names the winner: the `+` stands on his side.
        GameResult::Win(winner) => {
            let party = Party {
                side: winner,
                role: Role::Winner,
                named: Naming::Colour,
            };
            (Ending::Forfeit, Some(party), Stated::Win(winner))
        }
        _ => (Ending::Unplayed, None, Stated::Nothing),
    };
    Some(Statement {
        ending,
        party,
        result,
        by_play: false,
        words: Quote {
            source: EndingSource::ResultTag,
            tag: "Result",
            text: text.to_string(),
            server: None,
        },
    })
}
