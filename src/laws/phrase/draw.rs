//! The sentences of a draw claim in the quickplay finish (10.2; III.4 and
//! III.5 of later editions).

use shakmaty::Color;

use super::side_name;
use crate::laws::edition::{Book, NoQuickplay};
use crate::model::clock::Clock;

/// "White claimed a draw with 0:01:20 left after 60...Kd7 (10.2; clocks
/// White 0:01:20, Black 0:05:00)".
pub(in crate::laws) fn claim(
    claimant: Color,
    clock: Option<Clock>,
    move_text: &str,
    clause: &str,
    clocks: &str,
) -> String {
    let clock_text = clock.map_or("an unrecorded clock".to_string(), |c| format!("{c} left"));
    format!(
        "{} claimed a draw with {clock_text} after {move_text} ({clause}; {clocks})",
        side_name(claimant)
    )
}

/// The claim succeeds: the opponent cannot win by normal means (`why`).
pub(in crate::laws) fn drawn(lead: &str, why: &str, decided: &str) -> String {
    format!("{lead}; {why}, so he cannot win by normal means and the game is drawn ({decided})")
}

/// The claim is the arbiter's to judge (`mates`: what the opponent can
/// still do).
pub(in crate::laws) fn arbiters_judgement(
    lead: &str,
    mates: &str,
    opponent: Color,
    decided: &str,
) -> String {
    format!(
        "{lead}; {mates}: whether {} was making efforts to win by normal means is the arbiter's \
         judgement ({decided})",
        side_name(opponent)
    )
}

/// Play went on after the claim.
pub(in crate::laws) fn postponed(judgement: &str, later: &str) -> String {
    format!(
        "{judgement}; play went on, so the arbiter's final decision ({later}) is not in the record"
    )
}

/// The edition does not allow the claim here (`why`).
pub(in crate::laws) fn not_allowed(claimant: Color, why: &str) -> String {
    format!(
        "{} claimed a draw in the quickplay finish, but {why}",
        side_name(claimant)
    )
}

/// A claim made on the opponent's move.
pub(in crate::laws) fn not_his_move(claimant: Color, clause: &str) -> String {
    format!(
        "{} claimed a draw while it was not his move; only the player to move may claim \
         ({clause})",
        side_name(claimant)
    )
}

/// A claim made with two minutes or more.
pub(in crate::laws) fn too_much_time(claimant: Color, left: Clock, clause: &str) -> String {
    format!(
        "{} claimed a draw with {left} left; a claim needs less than two minutes ({clause})",
        side_name(claimant)
    )
}

/// The tablebases say the opponent cannot force a win.
pub(in crate::laws) fn tablebase_draw(opponent: Color) -> String {
    format!(
        "the endgame tablebases show {} cannot force a win",
        side_name(opponent)
    )
}

/// A recorded draw that only the inadmissible claim (`why`) explains.
pub(in crate::laws) fn resting_on_inadmissible(why: &str) -> String {
    format!(
        "{why}; the recorded draw is the one the claim asked for and nothing else in the record \
         explains it: check the scoresheet"
    )
}

/// The opponent's clock after the claim shows no sign of his two minutes.
pub(in crate::laws) fn no_extra_time(
    opponent: Color,
    before: Clock,
    after: Clock,
    clauses: (&str, &str),
) -> String {
    format!(
        "after the draw claim {}'s clock went from {before} to {after}: no sign of the two extra \
         minutes {} and {} give",
        side_name(opponent),
        clauses.0,
        clauses.1
    )
}

/// Why the book admits no quickplay-finish claim in this game.
pub(in crate::laws) fn no_quickplay(why: NoQuickplay, book: &Book) -> String {
    match why {
        NoQuickplay::InCategory => format!(
            "no quickplay-finish claim exists in a {} game under {}",
            book.category, book.edition.title
        ),
        NoQuickplay::WithIncrement(increment) => format!(
            "a quickplay-finish claim is admissible only in games without increment, and this \
             one has {increment} a move ({})",
            book.rules.quickplay_clauses[0]
        ),
    }
}
