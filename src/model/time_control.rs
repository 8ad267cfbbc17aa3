//! The `TimeControl` tag and the category it puts a game in by 15.1.

use crate::model::clock::Clock;

mod category;
pub mod words;

pub use category::{Category, RapidFloor};

/// One period of a time control: `moves` moves (or the rest of the game)
/// in `base`, plus `increment` a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub moves: Option<u32>,
    pub base: Clock,
    pub increment: Clock,
}

/// The periods of a PGN `TimeControl` value (`900+10`, `40/7200:3600`,
/// `40/5400+30:1800+30`), or `None` when it is not in that form.
///
/// ```
/// use pgn_arbiter::model::time_control::periods;
/// let p = periods("40/5400+30:1800+30").unwrap();
/// assert_eq!(p.len(), 2);
/// assert_eq!(p[0].moves, Some(40));
/// assert_eq!(p[1].increment.millis(), 30_000);
/// assert!(periods("15 min/game").is_none());
/// // An increment of ten million years is no time control.
/// assert!(periods("0+307445734561825.92").is_none());
/// ```
pub fn periods(tag: &str) -> Option<Vec<Period>> {
    tag.trim()
        .split(':')
        .map(|part| {
            let (moves, clock) = match part.split_once('/') {
                Some((m, c)) => (Some(number(m)?), c),
                None => (None, part),
            };
            let (base, inc) = match clock.split_once('+') {
                Some((b, i)) => (number(b)?, number(i)?),
                None => (number(clock)?, 0.0),
            };
            Some(Period {
                moves: moves.map(|m| m as u32),
                base: Clock((base * 1000.0).round() as u64),
                increment: Clock((inc * 1000.0).round() as u64),
            })
        })
        .collect()
}

/// A number of a `TimeControl` tag; one past any real control (a century
/// of seconds or moves) makes the tag unusable, so that the control is read
/// from the clocks instead of from a value that overflows the arithmetic.
fn number(s: &str) -> Option<f64> {
    const CENTURY: f64 = 100.0 * 365.25 * 86_400.0;
    let s = s.trim();
    let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    ok.then(|| s.parse().ok())
        .flatten()
        .filter(|v: &f64| v.is_finite() && *v <= CENTURY)
}

/// How a game's time control was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The `TimeControl` tag, as written (seconds).
    Tag,
    /// The tag's base was far below the first clock readings and matched
    /// them read in minutes (`90+30`: 90 minutes and 30 seconds a move, as
    /// lichess broadcasts write it).
    TagInMinutes,
    /// The tag in words (`90 minutes +30 seconds increment`, `G/90;d5`),
    /// read into the same periods (see [`words`]).
    TagInWords,
    /// The game's own control could not be read: the tournament report's
    /// (`tournament`, from the report's `222` or `122` line).
    Report,
    /// From the clock readings: there was no tag, it could not be read, or
    /// it contradicted the clocks either way.
    Clocks,
    /// A tag whose base could be seconds or minutes (`90+30`), with no
    /// clock reading and no source to tell which: no control is used.
    UnitUnknown,
    /// Clock readings written `a:bb` that could be hours and minutes or
    /// minutes and seconds, with nothing to settle which: no control is
    /// used.
    ClockUnitUnknown,
    /// Neither a readable tag nor clocks.
    None,
}

impl Reading {
    pub fn as_str(self) -> &'static str {
        match self {
            Reading::Tag => "tag",
            Reading::TagInMinutes => "tag-in-minutes",
            Reading::TagInWords => "tag-in-words",
            Reading::Report => "report",
            Reading::Clocks => "clocks",
            Reading::UnitUnknown => "tag-unit-unknown",
            Reading::ClockUnitUnknown => "clock-unit-unknown",
            Reading::None => "none",
        }
    }
}

/// A game's time control as the audit uses it, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Control {
    pub periods: Option<Vec<Period>>,
    pub reading: Reading,
    /// What was done, for an auditor to check, when not read as written
    /// (worded by `laws/phrase/control.rs`).
    pub notes: Vec<ControlNote>,
}

/// How a control was read where it was not read as written: the facts an
/// auditor checks it by, beside the control they gave (worded with it by
/// `laws::control_notes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ControlNote {
    /// The tag read in words; its bare numbers taken as `hours`, as US Chess
    /// writes them; a `delay` not counted.
    InWords {
        tag: String,
        hours: bool,
        delay: Option<Clock>,
    },
    /// The tag read in minutes.
    InMinutes { tag: String, why: InMinutes },
    /// A base that may be seconds or minutes, and nothing to settle it.
    UnitUnknown { tag: String, base_seconds: u64 },
    /// No control in the game: the tournament report's `line`.
    FromReport { line: String },
    /// Inferred from the first clock readings: there was no tag (`None`),
    /// or it was not used (`against`).
    FromClocks {
        tag: Option<String>,
        against: Against,
    },
    /// Readings written `h:mm`, read so (`first` as minutes and seconds).
    HoursMinutes { first: Clock },
    /// Readings written `a:bb` that nothing settles (`first` as minutes
    /// and seconds).
    ClockUnitUnsettled { first: Clock },
}

/// Why a tag was read in minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InMinutes {
    /// The first clock reading is far above the base in seconds.
    FarAbove { first: Clock, base_seconds: u64 },
    /// The source writes minutes, and no reading checks it.
    Broadcast,
}

impl Default for Control {
    fn default() -> Self {
        Control {
            periods: None,
            reading: Reading::None,
            notes: Vec::new(),
        }
    }
}

/// The first clock readings of one side: `%clk` after each move, with the
/// `%emt` (time the move took) when recorded.
pub type Readings = [(Clock, Option<Clock>)];

/// Relay noise allowed between a first reading and base plus increment.
const NOISE: u64 = 60_000;

impl Control {
    /// Reads the control from the tag, checked against the first clock
    /// readings of each side (their first few moves). `written_in` says
    /// what the source writes the base in; it is asked only when no clock
    /// reading settles it (finding the source searches the game's
    /// address). A base of 120 or less that neither settles reads as no
    /// control: the unit is unknown, and so is the category. Readings far
    /// below what the tag gives contradict it too when they are the game's
    /// first (`from_move_one`: no set-up position) and give a control of
    /// their own.
    ///
    /// ```
    /// use pgn_arbiter::model::clock::Clock;
    /// use pgn_arbiter::model::time_control::{Category, Control, Reading, WrittenIn};
    /// let secs = |s: u64| (Clock(s * 1000), None);
    /// // A broadcast's tag in minutes: the first readings are 1:30:56 and 1:30:46.
    /// let c = Control::read(Some("90+30"), [&[secs(5456)], &[secs(5446)]], true, || WrittenIn::Unsaid);
    /// assert_eq!((c.reading, c.category()), (Reading::TagInMinutes, Category::Standard));
    /// assert_eq!(c.pgn().as_deref(), Some("5400+30"));
    /// // No tag: 4 minutes and 2 seconds a move, from `%clk` and `%emt`
    /// // (the first %emt of a DGT board counts the time before the start).
    /// let with_emt = |c: u64, e: u64| (Clock(c * 1000), Some(Clock(e * 1000)));
    /// let white = vec![with_emt(243, 491), with_emt(243, 2), with_emt(244, 1)];
    /// let black = vec![with_emt(222, 23), with_emt(223, 1), with_emt(224, 1)];
    /// let c = Control::read(None, [&white, &black], true, || WrittenIn::Unsaid);
    /// assert_eq!((c.reading, c.pgn().as_deref()), (Reading::Clocks, Some("240+2")));
    /// assert_eq!(c.category(), Category::Blitz);
    /// ```
    pub fn read(
        tag: Option<&str>,
        sides: [&Readings; 2],
        from_move_one: bool,
        written_in: impl FnOnce() -> WrittenIn,
    ) -> Control {
        let Some(written) = tag.and_then(periods) else {
            let words = tag.zip(tag.and_then(words::in_words));
            let why = match words {
                Some(_) => Against::Clocks,
                None => Against::Unread,
            };
            return words
                .and_then(|(tag, read)| Control::from_words(tag, read, sides, from_move_one))
                .unwrap_or_else(|| Control::from_clocks(tag, why, sides));
        };
        let tag = tag.unwrap_or_default();
        let first = first_reading(sides);
        let Some(first) = first else {
            return unit::unchecked(tag, written, written_in());
        };
        // A daily control's clock shows the time left for the move only
        // (chess.com's `%clk` under a day-a-move control): a reading far
        // below it says nothing against it.
        if written.first().is_some_and(category::daily) {
            return Control::as_written(written);
        }
        let start = |p: &[Period]| p[0].base.millis().saturating_add(p[0].increment.millis());
        if first.millis() <= start(&written) + NOISE {
            let below = from_move_one && far_below(first, start(&written));
            let clocks =
                below.then(|| Control::from_clocks(Some(tag), Against::Below(first), sides));
            return clocks
                .filter(|c| c.periods.is_some())
                .unwrap_or_else(|| Control::as_written(written));
        }
        let minutes = in_minutes_form(&written);
        let in_minutes = start(&minutes);
        if first.millis() <= in_minutes + NOISE && first.millis() + 10 * NOISE >= in_minutes {
            let why = InMinutes::FarAbove {
                first,
                base_seconds: written[0].base.millis() / 1000,
            };
            return Control::in_minutes(tag, minutes, why);
        }
        Control::from_clocks(Some(tag), Against::Clocks, sides)
    }

    /// The tag read in words, unless the first clock readings are far
    /// above or below what it gives (then the clocks are read instead).
    fn from_words(
        tag: &str,
        read: words::InWords,
        sides: [&Readings; 2],
        from_move_one: bool,
    ) -> Option<Control> {
        let first = first_reading(sides);
        let p = &read.periods[0];
        let start = p.base.millis().saturating_add(p.increment.millis());
        if first.is_some_and(|f| f.millis() > start + NOISE) {
            return None;
        }
        if let Some(f) = first.filter(|&f| from_move_one && far_below(f, start)) {
            let clocks = Control::from_clocks(Some(tag), Against::Below(f), sides);
            if clocks.periods.is_some() {
                return Some(clocks);
            }
        }
        let note = ControlNote::InWords {
            tag: tag.to_string(),
            hours: read.hours,
            delay: read.delay,
        };
        Some(Control {
            periods: Some(read.periods),
            reading: Reading::TagInWords,
            notes: vec![note],
        })
    }

    pub(super) fn as_written(periods: Vec<Period>) -> Control {
        Control {
            periods: Some(periods),
            reading: Reading::Tag,
            notes: Vec::new(),
        }
    }

    pub(super) fn in_minutes(tag: &str, minutes: Vec<Period>, why: InMinutes) -> Control {
        let note = ControlNote::InMinutes {
            tag: tag.to_string(),
            why,
        };
        Control {
            periods: Some(minutes),
            reading: Reading::TagInMinutes,
            notes: vec![note],
        }
    }

    /// A tournament report's control (`line`, its text), for the games
    /// whose own cannot be read.
    pub fn of_report(periods: Vec<Period>, line: &str) -> Control {
        let note = ControlNote::FromReport {
            line: line.to_string(),
        };
        Control {
            periods: Some(periods),
            reading: Reading::Report,
            notes: vec![note],
        }
    }

    /// The category by 15.1 of the control as read.
    pub fn category(&self) -> Category {
        self.category_from(RapidFloor::RULE_15_1)
    }

    /// The category of the control as read, rapid starting at `floor`.
    pub fn category_from(&self, floor: RapidFloor) -> Category {
        let Some(periods) = self.periods.as_deref() else {
            return Category::Unknown;
        };
        match floor {
            RapidFloor::UsChess => Category::by_us_total(periods, self.delay()),
            _ => Category::of_periods_from(periods, floor),
        }
    }

    /// The delay a move the control was written with (`G/90;d5`), zero
    /// where it has none: it adds nothing to a clock.
    pub fn delay(&self) -> Clock {
        let written = self.notes.iter().find_map(|note| match note {
            ControlNote::InWords { delay, .. } => *delay,
            _ => None,
        });
        written.unwrap_or(Clock::ZERO)
    }

    /// The largest increment of any period; zero for a game "without
    /// increment"; `None` when the control is unknown.
    pub fn increment(&self) -> Option<Clock> {
        let periods = self.periods.as_deref()?;
        periods.iter().map(|p| p.increment).max()
    }

    /// The control in PGN form, in seconds (`5400+30`, `40/7200:3600`).
    pub fn pgn(&self) -> Option<String> {
        self.periods.as_deref().map(pgn_form)
    }
}

/// The periods with each base read in minutes (increments stay seconds).
pub(super) fn in_minutes_form(periods: &[Period]) -> Vec<Period> {
    periods
        .iter()
        .map(|p| Period {
            base: Clock(p.base.millis().saturating_mul(60)),
            ..*p
        })
        .collect()
}

/// Periods in PGN form, in seconds (`5400+30`, `40/7200:1800`). Written
/// into one string: it fills a column of every verdict row.
pub fn pgn_form(periods: &[Period]) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(16);
    let secs = |text: &mut String, c: Clock| {
        let ms = c.millis();
        if ms.is_multiple_of(1000) {
            text.push_str(itoa::Buffer::new().format(ms / 1000));
        } else {
            write!(text, "{}", ms as f64 / 1000.0).expect("a String takes any text");
        }
    };
    for (i, p) in periods.iter().enumerate() {
        if i > 0 {
            text.push(':');
        }
        if let Some(moves) = p.moves {
            text.push_str(itoa::Buffer::new().format(moves));
            text.push('/');
        }
        secs(&mut text, p.base);
        if p.increment.millis() != 0 {
            text.push('+');
            secs(&mut text, p.increment);
        }
    }
    text
}

mod clock_unit;
mod clocks;
mod unit;
pub use clock_unit::ClockUnit;
pub use clocks::Against;
use clocks::{far_below, first_reading};

pub use unit::WrittenIn;

#[cfg(test)]
mod tests;
