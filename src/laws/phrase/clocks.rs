//! The sentences of a clock that went up (15.4.1.1; 10.2's extra time): a
//! change of the clock, or a relay's misreading the next reading undoes.

use shakmaty::Color;

use super::side_name;
use crate::model::clock::Clock;

/// One reading out of line: `before`, `odd`, then `now`.
pub(in crate::laws) fn misreading(side: Color, before: Clock, odd: Clock, now: Clock) -> String {
    format!(
        "{}'s clock read {before}, then {odd}, then {now}: one reading out of line that the next \
         undoes, the relay's misreading and not a change of the clock (no incident of 15.4.1.1)",
        side_name(side)
    )
}

/// A clock's rise past what the rules give.
pub(in crate::laws) struct Rise {
    pub side: Color,
    pub from: Clock,
    pub to: Clock,
    /// How much more than `allowed`.
    pub over: Clock,
    pub allowed: Clock,
    pub tolerance: Clock,
    /// About two minutes over: the time an illegal move gives.
    pub like_a_penalty: bool,
}

/// The `clock-change` incident.
pub(in crate::laws) fn clock_change(rise: &Rise, clause: &str) -> String {
    let Rise {
        side,
        from,
        to,
        over,
        allowed,
        tolerance,
        like_a_penalty,
    } = rise;
    let penalty = match like_a_penalty {
        true => {
            "; about two minutes more than the control gives, the time the arbiter adds to the \
             opponent's clock after an illegal move (7.5.5 of the FIDE Laws): look for one here"
        }
        false => "",
    };
    format!(
        "{}'s clock went from {from} to {to}: {over} more than the {allowed} the rules give, past \
         the tolerance of {tolerance} for relay and rounding noise ({clause}){penalty}",
        side_name(*side)
    )
}
