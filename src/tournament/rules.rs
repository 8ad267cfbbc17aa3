//! Which text of FIDE's tie-break regulations (C.07) the tie-breaks follow.
//! The text in force from August 2024 scores a participant's own unplayed
//! round as a game against a dummy as strong as the participant (16.4);
//! the text in force from March 2026 caps that dummy (16.4.1, 16.4.2).
//! Earlier events are judged by the 2024 text too: the virtual opponent
//! of the texts before 2023 is not computed.

use crate::tournament::value_error::ValueError;
use std::str::FromStr;

/// A text of C.07, by the year it came into force.
///
/// ```
/// use pgn_arbiter::tournament::rules::TieBreakRules;
///
/// assert_eq!("2026".parse::<TieBreakRules>(), Ok(TieBreakRules::Y2026));
/// assert_eq!(TieBreakRules::for_start(Some("2026/03/01")), TieBreakRules::Y2026);
/// assert_eq!(TieBreakRules::for_start(Some("2025/12/30")), TieBreakRules::Y2024);
/// assert_eq!(TieBreakRules::for_start(Some("02.03.2026")), TieBreakRules::Y2026);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieBreakRules {
    /// In force from 2024-08 (and used for earlier events).
    #[default]
    Y2024,
    /// In force from 2026-03: the dummy's score capped.
    Y2026,
}

/// The first day of the 2026 text.
const FROM_2026: (u32, u32, u32) = (2026, 3, 1);
/// The first day of the 2024 text.
const FROM_2024: (u32, u32, u32) = (2024, 8, 1);

impl TieBreakRules {
    /// The text in force on an event's first day, written as a TRF's `042`
    /// line writes it (`2026/03/01`, `2026-03-01`, `01.03.2026`); the 2024
    /// text when the date cannot be read.
    pub fn for_start(date: Option<&str>) -> TieBreakRules {
        match date.and_then(ymd) {
            Some(day) if day >= FROM_2026 => TieBreakRules::Y2026,
            _ => TieBreakRules::Y2024,
        }
    }

    /// The date can be read as a day (`for_start` then follows it).
    pub fn readable(date: &str) -> bool {
        ymd(date).is_some()
    }

    /// The event began before the 2024 text was in force.
    pub fn predates(date: &str) -> bool {
        ymd(date).is_some_and(|day| day < FROM_2024)
    }

    /// The score of the dummy a participant meets in an unplayed round
    /// (16.4): his own final score, capped under the 2026 text by `cap`
    /// (a forfeit's scheduled opponent's score, 16.4.1; else a draw's
    /// points times the rounds, 16.4.2).
    pub fn dummy(self, own: f64, cap: f64) -> f64 {
        match self {
            TieBreakRules::Y2024 => own,
            TieBreakRules::Y2026 => own.min(cap),
        }
    }
}

/// A date year first (`2026/03/01`), day first (`01.03.2026`) or with
/// the month's English name (`May 10, 2020`, `10 May 2020`, as some
/// programs write the `042` line).
pub(super) fn ymd(date: &str) -> Option<(u32, u32, u32)> {
    if date.chars().any(|c| c.is_ascii_alphabetic()) {
        return named_month(date);
    }
    let mut parts = date.trim().split(['/', '-', '.']);
    let mut next = || parts.next()?.trim().parse::<u32>().ok();
    let (a, m, b) = (next()?, next()?, next()?);
    match (a > 1000, b > 1000) {
        (true, _) => Some((a, m, b)),
        (false, true) => Some((b, m, a)),
        _ => None,
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `May 10, 2020` or `10 May 2020`: one month name, a year, a day.
fn named_month(date: &str) -> Option<(u32, u32, u32)> {
    let words: Vec<&str> = date
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let [first, second, third] = words[..] else {
        return None;
    };
    let month = |word: &str| {
        let word = word.to_ascii_lowercase();
        let at = MONTHS.iter().position(|m| word.starts_with(m))?;
        Some(at as u32 + 1)
    };
    let (month, day, year) = match (month(first), month(second)) {
        (Some(m), None) => (m, second, third),
        (None, Some(m)) => (m, first, third),
        _ => return None,
    };
    let (day, year) = (day.parse().ok()?, year.parse::<u32>().ok()?);
    ((1..=31).contains(&day) && year > 1000).then_some((year, month, day))
}

impl FromStr for TieBreakRules {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<TieBreakRules, ValueError> {
        match text.trim() {
            "2024" => Ok(TieBreakRules::Y2024),
            "2026" => Ok(TieBreakRules::Y2026),
            _ => Err(ValueError::Rules(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ymd;

    #[test]
    fn a_042_date_is_read_as_the_reports_write_it() {
        assert_eq!(ymd("2026/03/01"), Some((2026, 3, 1)));
        assert_eq!(ymd("01.03.2026"), Some((2026, 3, 1)));
        assert_eq!(ymd("May 10, 2020"), Some((2020, 5, 10)));
        assert_eq!(ymd("10 May 2020"), Some((2020, 5, 10)));
        assert_eq!(ymd("Jun 26, 2020"), Some((2020, 6, 26)));
        // Two-digit years, or no month, cannot be told.
        assert_eq!(ymd("11.09.26"), None);
        assert_eq!(ymd("Spring 2020"), None);
        assert_eq!(ymd("May 2020"), None);
    }
}
