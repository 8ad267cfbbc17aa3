//! A game's date: the days a date tag may mean, and the calendar day it
//! names when it names one.
//!
//! PGN writes `2017.07.01`, and `2017.??.??` for a year; files also write
//! `2017-07-01` and, with the year last, `30/09/2025, 20:37:26`. A date with
//! the year last is read as day/month or month/day only where one of the
//! two cannot be a month; otherwise it means its whole year.
//!
//! ```
//! use pgn_arbiter::model::date::{DateRange, Day};
//! let exact = |t: &str| DateRange::parse(t).and_then(|r| r.exact());
//! assert_eq!(exact("2024.02.07"), Some(Day::new(2024, 2, 7)));
//! assert_eq!(exact("30/09/2025, 20:37:26"), Some(Day::new(2025, 9, 30)));
//! assert_eq!(exact("2017.??.??"), None);
//! assert_eq!(DateRange::parse("2017.??.??").map(|r| r.last), Some(Day::new(2017, 12, 31)));
//! assert_eq!(Day::new(1970, 1, 2).days_since_epoch(), Some(1));
//! ```

/// A calendar day, as a PGN date tag writes it (`2017.07.01`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Day {
    pub const fn new(year: u16, month: u8, day: u8) -> Day {
        Day { year, month, day }
    }

    /// Days since 1970-01-01 (Arrow's `date32`); `None` for a day the
    /// calendar does not have (`2023.02.30`).
    pub fn days_since_epoch(self) -> Option<i32> {
        let (y, m, d) = (
            i64::from(self.year),
            i64::from(self.month),
            i64::from(self.day),
        );
        if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
            return None;
        }
        // Howard Hinnant's days_from_civil: years start in March.
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let day_of_year = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        i32::try_from(era * 146_097 + day_of_era - 719_468).ok()
    }

    /// The day `days` after 1970-01-01 (Hinnant's civil_from_days, the
    /// inverse of [`Day::days_since_epoch`]); `None` outside years 0–65535.
    ///
    /// ```
    /// use pgn_arbiter::model::date::Day;
    /// assert_eq!(Day::from_days_since_epoch(19_782), Some(Day::new(2024, 2, 29)));
    /// assert_eq!(Day::from_days_since_epoch(-1), Some(Day::new(1969, 12, 31)));
    /// ```
    pub fn from_days_since_epoch(days: i64) -> Option<Day> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Some(Day::new(u16::try_from(year).ok()?, month, day))
    }
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The days exporters write for "no date": the first days of the
/// spreadsheets' calendars.
const NO_DATE: [Day; 3] = [
    Day::new(1899, 12, 30),
    Day::new(1899, 12, 31),
    Day::new(1900, 1, 1),
];

/// The days a date may mean: `2017.??.??` is all of 2017.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub first: Day,
    pub last: Day,
}

impl DateRange {
    /// Reads a date tag; `None` when it names no year, or is what an
    /// exporter writes for none: the first day of the spreadsheets'
    /// calendars, 1899-12-30 (OLE's day 0: ChessArbiter's empty date) and
    /// 1900-01-01 (Excel's day 1), and `0000.00.00`.
    pub fn parse(text: &str) -> Option<DateRange> {
        Self::written(text).filter(|range| !NO_DATE.contains(&range.first))
    }

    fn written(text: &str) -> Option<DateRange> {
        // A time after the date (`30/09/2025, 20:37:26`) says nothing more.
        let date = text.trim().split([',', ' ', 'T']).next()?;
        // Read for every row of a typed table: three parts, no vector.
        let mut parts = date.split(['.', '-', '/']);
        let (first, second, third) = (parts.next()?, parts.next(), parts.next());
        let year = |p: &str| p.parse::<u16>().ok().filter(|y| (1000..3000).contains(y));
        let number = |p: Option<&str>, max: u8| {
            p.and_then(|p| p.parse::<u8>().ok())
                .filter(|&n| (1..=max).contains(&n))
        };
        if let Some(y) = year(first) {
            return Some(DateRange::of(y, number(second, 12), number(third, 31)));
        }
        // The year last: day and month in an order only a number over 12
        // tells.
        let y = third.and_then(year)?;
        let (a, b) = (number(Some(first), 31)?, number(second, 31)?);
        Some(match (a > 12, b > 12) {
            (true, false) => DateRange::of(y, Some(b), Some(a)),
            (false, true) => DateRange::of(y, Some(a), Some(b)),
            _ => DateRange::of(y, None, None),
        })
    }

    fn of(year: u16, month: Option<u8>, day: Option<u8>) -> DateRange {
        match (month, day) {
            (None, _) => DateRange {
                first: Day::new(year, 1, 1),
                last: Day::new(year, 12, 31),
            },
            (Some(m), None) => DateRange {
                first: Day::new(year, m, 1),
                last: Day::new(year, m, 31),
            },
            (Some(m), Some(d)) => DateRange {
                first: Day::new(year, m, d),
                last: Day::new(year, m, d),
            },
        }
    }

    /// The one day the date names, if it names one.
    pub fn exact(&self) -> Option<Day> {
        (self.first == self.last).then_some(self.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_real_files_write() {
        let exact = |t: &str| DateRange::parse(t).and_then(|r| r.exact());
        assert_eq!(exact("2024-02-07"), Some(Day::new(2024, 2, 7)));
        assert_eq!(exact("2024/02/07"), Some(Day::new(2024, 2, 7)));
        assert_eq!(exact("09/30/2025"), Some(Day::new(2025, 9, 30)));
        // Day and month both 12 or under: the year only.
        assert_eq!(exact("05/06/2025"), None);
        assert_eq!(
            DateRange::parse("05/06/2025").map(|r| r.first.year),
            Some(2025)
        );
        assert_eq!(exact("2024.02.??"), None);
        assert_eq!(DateRange::parse("????.??.??"), None);
        assert_eq!(DateRange::parse(""), None);
        // What exporters write for none (round seven: ChessArbiter's empty
        // date was judged under the 2009 Laws by --laws by-date).
        for none in [
            "1899-12-30",
            "1899.12.30",
            "30/12/1899",
            "1900-01-01",
            "0000.00.00",
        ] {
            assert_eq!(DateRange::parse(none), None, "{none}");
        }
        assert_eq!(exact("1900.05.20"), Some(Day::new(1900, 5, 20)));
    }

    #[test]
    fn days_since_the_epoch() {
        assert_eq!(Day::new(1970, 1, 1).days_since_epoch(), Some(0));
        assert_eq!(Day::new(2000, 3, 1).days_since_epoch(), Some(11_017));
        assert_eq!(Day::new(2024, 2, 29).days_since_epoch(), Some(19_782));
        assert_eq!(Day::new(1969, 12, 31).days_since_epoch(), Some(-1));
        assert_eq!(Day::new(2023, 2, 29).days_since_epoch(), None);
        assert_eq!(Day::new(2023, 4, 31).days_since_epoch(), None);
    }
}
