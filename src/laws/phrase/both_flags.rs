//! The sentences of two fallen flags: what the edition says of them, and
//! what the readings show.

use shakmaty::Color;

use super::side_name;
use crate::laws::edition::BothFlags;

/// The period a tie is drawn in: any last period, or (2023) only one
/// without increment.
pub(in crate::laws) fn last_period(without_increment: bool) -> &'static str {
    match without_increment {
        true => "the last period of a game without increment",
        false => "the last period",
    }
}

/// What the edition says of two fallen flags, for the incident.
pub(in crate::laws) fn rule(policy: BothFlags, clause: &str, time_clause: &str) -> String {
    match policy {
        BothFlags::Review => format!("the claimant must have time left ({clause})"),
        BothFlags::Draw => format!("both flags down draws the game ({clause})"),
        BothFlags::LastPeriodDraw => format!(
            "the claimant must have time left ({time_clause}); if who fell first cannot be told, \
             the last period is drawn ({clause})"
        ),
        BothFlags::FirstZeroLoses => format!(
            "the clock that showed zero first loses; a tie in the last period without increment \
             is drawn ({clause})"
        ),
    }
}

/// ru-rapid: the claimant's own clock shows zero too; `stated`, the
/// record's words when they say both flags fell (and then, without clock
/// readings, only the words tell it).
pub(in crate::laws) fn claimant_at_zero(
    flagged: Color,
    readings: &str,
    stated: Option<&str>,
    clause: &str,
) -> String {
    if let Some(quoted) = stated.filter(|_| readings == super::NO_READINGS) {
        return format!(
            "both flags fell, as {quoted} says, and no clock readings are recorded; a win on time \
             needs time left on the claimant's clock ({clause}), and the record does not tell who \
             fell first"
        );
    }
    format!(
        "{}'s flag fell but {}'s clock shows zero too ({readings}); a win on time needs time left \
         on the claimant's clock ({clause}), and clocks rounded to whole seconds cannot tell who \
         fell first",
        side_name(flagged),
        side_name(!flagged)
    )
}

/// The edition draws every game with both flags down.
pub(in crate::laws) fn drawn(readings: &str, clause: &str) -> String {
    format!("both flags have fallen ({readings}), so the game is drawn ({clause})")
}

/// The clock that showed zero first loses (`loser`'s).
pub(in crate::laws) fn first_zero_loses(readings: &str, loser: Color, time_clause: &str) -> String {
    format!(
        "both clocks show zero ({readings}); {}'s showed zero first, and the clock that shows \
         zero first loses ({time_clause})",
        side_name(loser)
    )
}

/// `first`'s clock showed zero first: the claimant had no time left.
pub(in crate::laws) fn claimant_first(readings: &str, first: Color, time_clause: &str) -> String {
    format!(
        "both clocks show zero ({readings}); {}'s showed zero first, so the claimant had no time \
         left and a claim fails ({time_clause}); who fell first is the arbiter's finding",
        side_name(first)
    )
}

const TIE: &str = "the readings cannot tell which flag fell first";

/// No telling which fell first, in the last period (`period` says which).
pub(in crate::laws) fn tie_drawn(readings: &str, period: &str, clause: &str) -> String {
    format!("both clocks show zero ({readings}) and {TIE}; in {period} that is a draw ({clause})")
}

/// No telling which fell first, outside the last period.
pub(in crate::laws) fn tie_for_the_arbiter(readings: &str, clause: &str) -> String {
    format!(
        "both clocks show zero ({readings}) and {TIE}; outside the last period of a game without \
         increment the Laws leave it to the arbiter ({clause})"
    )
}
