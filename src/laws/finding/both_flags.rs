//! What two fallen flags came to: what the edition says of them, and what
//! the readings show.

use shakmaty::Color;

use super::LastReadings;
use crate::laws::edition::BothFlags;
use crate::read::ending::Quote;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BothFlagsFinding {
    /// The incident: both clocks at zero, and the edition's rule.
    BothAtZero {
        readings: LastReadings,
        rule: FlagsRule,
    },
    /// ru-rapid: the claimant's own clock shows zero too.
    ClaimantAtZero(ClaimantAtZero),
    /// The edition draws every game with both flags down.
    Drawn {
        readings: LastReadings,
        clause: &'static str,
    },
    /// The clock that showed zero first (`loser`'s) loses.
    FirstZeroLoses {
        readings: LastReadings,
        loser: Color,
        time_clause: &'static str,
    },
    /// The claimant's (`first`'s) clock showed zero first: no time left.
    ClaimantFirst {
        readings: LastReadings,
        first: Color,
        time_clause: &'static str,
    },
    /// No telling which fell first, in the last period (without increment
    /// only, from 2023: `without_increment`): drawn.
    TieDrawn {
        readings: LastReadings,
        without_increment: bool,
        clause: &'static str,
    },
    /// No telling which fell first, outside the last period.
    TieForTheArbiter {
        readings: LastReadings,
        clause: &'static str,
    },
    /// US Chess 14G: both flags down before the sudden-death period (or
    /// in a control without one); the game goes on and neither may claim.
    BeforeSuddenDeath {
        readings: LastReadings,
        clause: &'static str,
    },
    /// US Chess 14G: no control read, so no telling whether both flags
    /// fell in the sudden-death period.
    PeriodNotKnown {
        readings: LastReadings,
        clause: &'static str,
    },
}

/// What an edition says of two fallen flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagsRule {
    pub policy: BothFlags,
    pub clause: &'static str,
    pub time_clause: &'static str,
}

/// ru-rapid: the claimant's own clock shows zero too; `stated`, the
/// record's words when they say both flags fell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimantAtZero {
    pub flagged: Color,
    pub readings: LastReadings,
    pub stated: Option<Quote>,
    pub clause: &'static str,
}
