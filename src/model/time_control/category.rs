//! The category a time control puts a game in: by the Laws' thresholds on
//! `base + 60 × increment` (15.1 and each FIDE edition's), or by US Chess's
//! minutes and seconds added.

use std::fmt;

use super::{Period, periods};
use crate::model::clock::Clock;

/// Rapid, blitz, standard or daily, by clause 15.1 of `RULES.en.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    Rapid,
    Blitz,
    Standard,
    /// Rated both as a standard ("regular") and as a rapid ("quick") game:
    /// US Chess's controls of 30 to 65 minutes and seconds (its 5C).
    Dual,
    Daily,
    /// A control read whole that the edition's categories leave out: US
    /// Chess's 5C rates no game of a total under 5 minutes and seconds,
    /// nor a quick, dual or regular one of a primary time under 5 minutes.
    Unrated,
    Unknown,
}

impl Category {
    /// Classifies a PGN `TimeControl` value.
    ///
    /// `base + 60 × increment` strictly between 600 s and 3600 s is rapid;
    /// at most 600 s is blitz; at least 3600 s is standard. For multi-period
    /// controls (`40/7200:3600`) the first period decides. `1/259200` (one
    /// move in days) is daily.
    ///
    /// ```
    /// use pgn_arbiter::model::time_control::Category;
    /// assert_eq!(Category::of("900+10"), Category::Rapid);
    /// assert_eq!(Category::of("600"), Category::Blitz);
    /// assert_eq!(Category::of("40/7200:3600"), Category::Standard);
    /// assert_eq!(Category::of("1/259200"), Category::Daily);
    /// assert_eq!(Category::of("15 min/game"), Category::Unknown);
    /// ```
    pub fn of(tag: &str) -> Category {
        periods(tag).map_or(Category::Unknown, |p| Category::of_periods(&p))
    }

    /// Classifies periods already read (see [`Category::of`]).
    pub fn of_periods(periods: &[Period]) -> Category {
        Category::of_periods_from(periods, RapidFloor::RULE_15_1)
    }

    /// Classifies periods with rapid starting at `floor` (the editions of
    /// the Laws draw that line differently); rapid ends below 60 minutes.
    pub fn of_periods_from(periods: &[Period], floor: RapidFloor) -> Category {
        let Some(&first) = periods.first() else {
            return Category::Unknown;
        };
        let millis =
            (first.base.millis()).saturating_add(first.increment.millis().saturating_mul(60));
        let rapid = match floor {
            RapidFloor::AtLeast(minutes) => millis >= u64::from(minutes) * 60_000,
            RapidFloor::Above(minutes) => millis > u64::from(minutes) * 60_000,
            RapidFloor::UsChess => return Category::by_us_total(periods, Clock::ZERO),
        };
        if daily(&first) {
            Category::Daily
        } else if millis >= 3_600_000 {
            Category::Standard
        } else if rapid {
            Category::Rapid
        } else {
            Category::Blitz
        }
    }

    /// US Chess's categories (its 5C): the minutes of every period and the
    /// seconds of the increment or the delay, added as minutes (`G/60;d5`
    /// is 65), the minutes not rounded (630 s is 10.5): over 65 regular
    /// (standard), 30 to 65 both regular and quick (dual), over 10 and
    /// under 30 quick (rapid), 5 to 10 blitz. Regular, dual and quick need
    /// a primary time of at least 5 minutes; a control 5C does not rate is
    /// [`Category::Unrated`].
    ///
    /// ```
    /// use pgn_arbiter::model::clock::Clock;
    /// use pgn_arbiter::model::time_control::{periods, Category};
    /// let us = |tc: &str, delay: u64| Category::by_us_total(&periods(tc).unwrap(), Clock(delay * 1000));
    /// assert_eq!(us("3600", 5), Category::Dual); // G/60;d5: 65
    /// assert_eq!(us("2700+30", 0), Category::Standard); // G/45 inc/30: 75
    /// assert_eq!(us("1500", 4), Category::Rapid); // G/25;d4: 29
    /// assert_eq!(us("1500", 5), Category::Dual); // G/25;d5: 30
    /// assert_eq!(us("300", 5), Category::Blitz); // G/5;d5: 10
    /// assert_eq!(us("40/5400:1800", 5), Category::Standard); // 90 + 30 + 5
    /// assert_eq!(us("240+25", 0), Category::Unrated); // G/4 inc/25: 29, but 4 minutes
    /// assert_eq!(us("630", 0), Category::Rapid); // 10.5
    /// ```
    pub fn by_us_total(periods: &[Period], delay: Clock) -> Category {
        let Some(first) = periods.first() else {
            return Category::Unknown;
        };
        if daily(first) {
            return Category::Daily;
        }
        const MINUTE: u64 = 60_000;
        let base: u64 = periods.iter().map(|p| p.base.millis()).sum();
        let seconds = first.increment.max(delay).millis() / 1000;
        let total = base.saturating_add(seconds.saturating_mul(MINUTE));
        let primary = first.base.millis() >= 5 * MINUTE;
        match total {
            t if t > 65 * MINUTE && primary => Category::Standard,
            t if t >= 30 * MINUTE && primary => Category::Dual,
            t if t > 10 * MINUTE && t < 30 * MINUTE && primary => Category::Rapid,
            t if (5 * MINUTE..=10 * MINUTE).contains(&t) => Category::Blitz,
            _ => Category::Unrated,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Rapid => "rapid",
            Category::Blitz => "blitz",
            Category::Standard => "standard",
            Category::Dual => "dual",
            Category::Daily => "daily",
            Category::Unrated => "unrated",
            Category::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where rapid starts, on `base + 60 × increment` of the first period:
/// 2009's Laws say "at least 15 minutes", 15.1 and the Laws from 2014
/// "more than 10 minutes".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RapidFloor {
    AtLeast(u32),
    Above(u32),
    /// US Chess draws its lines on the minutes and seconds added
    /// ([`Category::by_us_total`]).
    UsChess,
}

impl RapidFloor {
    /// 15.1 of `RULES.en.md`.
    pub const RULE_15_1: RapidFloor = RapidFloor::Above(10);
}

/// One move per day or more: correspondence ("daily") chess.
pub(super) fn daily(first: &Period) -> bool {
    first.moves.is_some_and(|m| m <= 1) && first.base.millis() >= 86_400_000
}
