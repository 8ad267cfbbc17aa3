//! The words of two fallen flags: what the edition says of them, and what
//! the readings show.

use std::fmt;

use super::side_name;
use crate::laws::edition::BothFlags;
use crate::laws::finding::both_flags::{BothFlagsFinding, ClaimantAtZero, FlagsRule};

/// What the edition says of two fallen flags, for the incident.
impl fmt::Display for FlagsRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let FlagsRule {
            policy,
            clause,
            time_clause,
        } = self;
        match policy {
            BothFlags::Review => write!(f, "the claimant must have time left ({clause})"),
            BothFlags::Draw => write!(f, "both flags down draws the game ({clause})"),
            BothFlags::SuddenDeathDraw => write!(
                f,
                "both flags down in a sudden-death period draws the game; before it the game \
                 goes on ({clause})"
            ),
            BothFlags::LastPeriodDraw => write!(
                f,
                "the claimant must have time left ({time_clause}); if who fell first cannot be \
                 told, the last period is drawn ({clause})"
            ),
            BothFlags::FirstZeroLoses => write!(
                f,
                "the clock that showed zero first loses; a tie in the last period without \
                 increment is drawn ({clause})"
            ),
        }
    }
}

const TIE: &str = "the readings cannot tell which flag fell first";

impl fmt::Display for BothFlagsFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BothFlagsFinding::BothAtZero { readings, rule } if !readings.any() => {
                write!(
                    f,
                    "both flags fell, as the record says ({readings}); {rule}"
                )
            }
            BothFlagsFinding::BothAtZero { readings, rule } => {
                write!(f, "both clocks show zero ({readings}); {rule}")
            }
            BothFlagsFinding::ClaimantAtZero(found) => write!(f, "{found}"),
            BothFlagsFinding::FirstZeroLoses {
                readings,
                loser,
                time_clause,
            } => write!(
                f,
                "both clocks show zero ({readings}); {}'s showed zero first, and the clock that \
                 shows zero first loses ({time_clause})",
                side_name(*loser)
            ),
            BothFlagsFinding::ClaimantFirst {
                readings,
                first,
                time_clause,
            } => write!(
                f,
                "both clocks show zero ({readings}); {}'s showed zero first, so the claimant had \
                 no time left and a claim fails ({time_clause}); who fell first is the arbiter's \
                 finding",
                side_name(*first)
            ),
            BothFlagsFinding::TieDrawn {
                readings,
                without_increment,
                clause,
            } => {
                let period = match without_increment {
                    true => "the last period of a game without increment",
                    false => "the last period",
                };
                write!(
                    f,
                    "both clocks show zero ({readings}) and {TIE}; in {period} that is a draw \
                     ({clause})"
                )
            }
            BothFlagsFinding::Drawn { .. }
            | BothFlagsFinding::BeforeSuddenDeath { .. }
            | BothFlagsFinding::PeriodNotKnown { .. } => drawn_or_goes_on(f, self),
            BothFlagsFinding::TieForTheArbiter { readings, clause } => write!(
                f,
                "both clocks show zero ({readings}) and {TIE}; outside the last period of a game \
                 without increment the Laws leave it to the arbiter ({clause})"
            ),
        }
    }
}

/// Both flags down: drawn, or (US Chess 14G) before a sudden-death period
/// the game goes on, or no telling which period.
fn drawn_or_goes_on(f: &mut fmt::Formatter<'_>, found: &BothFlagsFinding) -> fmt::Result {
    match found {
        BothFlagsFinding::Drawn { readings, clause } => write!(
            f,
            "both flags have fallen ({readings}), so the game is drawn ({clause})"
        ),
        BothFlagsFinding::BeforeSuddenDeath { readings, clause } => write!(
            f,
            "both clocks show zero ({readings}) before any sudden-death period; there the game \
             goes on and neither player may claim a win on time ({clause}), so a record that \
             ends here is for the arbiter"
        ),
        BothFlagsFinding::PeriodNotKnown { readings, clause } => write!(
            f,
            "both clocks show zero ({readings}), but no time control is read to tell whether it \
             was in a sudden-death period, where that draws the game, or before one, where the \
             game goes on ({clause})"
        ),
        other => write!(f, "{other}"),
    }
}

/// ru-rapid: the claimant's own clock shows zero too; without clock
/// readings only the record's words tell that both flags fell.
impl fmt::Display for ClaimantAtZero {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ClaimantAtZero {
            flagged,
            readings,
            stated,
            clause,
        } = self;
        match stated {
            Some(quoted) if !readings.any() => write!(
                f,
                "both flags fell, as {quoted} says, and no clock readings are recorded; a win on \
                 time needs time left on the claimant's clock ({clause}), and the record does \
                 not tell who fell first"
            ),
            _ => write!(
                f,
                "{}'s flag fell but {}'s clock shows zero too ({readings}); a win on time needs \
                 time left on the claimant's clock ({clause}), and clocks rounded to whole \
                 seconds cannot tell who fell first",
                side_name(*flagged),
                side_name(!*flagged)
            ),
        }
    }
}
