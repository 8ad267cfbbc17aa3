//! The words of a clock that went up (15.4.1.1; 10.2's extra time): a
//! change of the clock, or a relay's misreading the next reading undoes.

use std::fmt;

use super::side_name;
use crate::laws::finding::clocks::{ClockFinding, Rise};

impl fmt::Display for ClockFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClockFinding::Misreading {
                side,
                before,
                odd,
                now,
            } => write!(
                f,
                "{}'s clock read {before}, then {odd}, then {now}: one reading out of line that \
                 the next undoes, the relay's misreading and not a change of the clock (no \
                 incident of 15.4.1.1)",
                side_name(side)
            ),
            ClockFinding::Change(rise, clause) => clock_change(f, &rise, clause),
        }
    }
}

/// The `clock-change` incident.
fn clock_change(f: &mut fmt::Formatter<'_>, rise: &Rise, clause: &str) -> fmt::Result {
    let Rise {
        side,
        from,
        to,
        over,
        allowed,
        tolerance,
        like_a_penalty,
    } = rise;
    write!(
        f,
        "{}'s clock went from {from} to {to}: {over} more than the {allowed} the rules give, past \
         the tolerance of {tolerance} for relay and rounding noise ({clause})",
        side_name(*side)
    )?;
    if *like_a_penalty {
        f.write_str(
            "; about two minutes more than the control gives, the time the arbiter adds to the \
             opponent's clock after an illegal move (7.5.5 of the FIDE Laws): look for one here",
        )?;
    }
    Ok(())
}
