//! The words and marks of a game that was not played: a forfeit, or a
//! game the record says did not take place.

use shakmaty::Color;

use super::{Ending, EndingSource, Said, Statement};
use crate::read::parse::GameRecord;

/// A forfeit written in the result itself: `+/-`, `-/+`, ChessBase's
/// `+--` and `--+`, a double forfeit `-/-` or `--`.
pub(super) fn forfeit_mark(record: &GameRecord<'_>) -> Option<Statement> {
    let text = record.tags.result.as_deref()?.trim();
    let double = matches!(text, "-/-" | "--" | "-:-" | "0-0" | "0:0");
    if !text.contains('+') && !double {
        return None;
    }
    let loser = record.recorded_result().winner().map(|w| !w);
    let ending = match loser {
        Some(_) => Ending::Forfeit,
        None => Ending::Unplayed,
    };
    Some(Statement {
        ending,
        source: EndingSource::ResultTag,
        side: loser,
        winner_named: false,
        text: text.to_string(),
        server: None,
    })
}

/// The words of a game that was not played: lichess broadcasts'
/// `Unplayed`, `forfeit`, `not played`, `no show`, `bye`, `walkover`, `by
/// default`. A forfeit names its loser by the result; an unplayed game
/// beside a draw or no result names none. (`forfeits on time` and `time
/// forfeit` are flags, read by the server's phrases and the PGN words.)
pub(super) fn not_played(t: &str, loser: Option<Color>) -> Option<Said> {
    let has = |w: &str| t.contains(w);
    let words = [
        "unplayed",
        "not played",
        "no show",
        "no-show",
        "noshow",
        "walkover",
        "default",
        "forfeit",
    ];
    let bye = t.split(|c: char| !c.is_alphanumeric()).any(|w| w == "bye");
    let on_time = has("time") || has("connection") || has("disconnect") || has("abandon");
    if on_time || !(bye || words.iter().any(|w| has(w))) {
        return None;
    }
    // A bye is no forfeit: nobody lost it; its score is the pairing's.
    let ending = match loser {
        Some(_) if !bye => Ending::Forfeit,
        _ => Ending::Unplayed,
    };
    Some(Said::of(ending, loser))
}
