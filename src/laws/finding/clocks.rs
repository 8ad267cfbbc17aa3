//! What a clock that went up shows (15.4.1.1; 10.2's extra time): a change
//! of the clock, or a relay's misreading the next reading undoes.

use shakmaty::Color;

use crate::model::clock::Clock;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockFinding {
    /// One reading out of line (`before`, `odd`, then `now`) that the next
    /// undoes: the relay's, not a change of the clock.
    Misreading {
        side: Color,
        before: Clock,
        odd: Clock,
        now: Clock,
    },
    /// A rise past what the rules give.
    Change(Rise, &'static str),
}

/// A clock's rise past what the rules give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rise {
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
