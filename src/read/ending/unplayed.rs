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

/// A bye written as a player (`[Black "BYE"]`, a pairing program's round),
/// beside no move: the game was not played.
pub(super) fn bye(record: &GameRecord<'_>) -> Option<Statement> {
    if !record.moves.is_empty() {
        return None;
    }
    let is_bye = |name: Option<&str>| {
        name.map(|n| n.trim().trim_matches(['(', ')', '-', ' ']))
            .is_some_and(|n| n.eq_ignore_ascii_case("bye"))
    };
    let tag = match (
        is_bye(record.tags.white.as_deref()),
        is_bye(record.tags.black.as_deref()),
    ) {
        (true, false) => "White",
        (false, true) => "Black",
        _ => return None,
    };
    let text = match tag {
        "White" => record.tags.white.as_deref(),
        _ => record.tags.black.as_deref(),
    };
    Some(Statement {
        ending: Ending::Unplayed,
        party: None,
        result: Stated::Nothing,
        by_play: false,
        words: Quote {
            source: EndingSource::PlayerTag,
            tag,
            text: text.unwrap_or_default().to_string(),
            server: None,
        },
    })
}
