//! Clock readings written `a:bb`, with no third field: minutes and
//! seconds (`3:00`, a blitz game), or hours and minutes, as some DGT
//! exports write them (`1:28` in a classical round). Both readings are
//! tried; the one the tag fits, else the one whose first reading is a base
//! people play, is used, and the note says why. Where nothing settles it,
//! the control is not read: a classical round is never called blitz on a
//! guess.

use super::{Control, ControlNote, Reading, Readings, WrittenIn, first_reading};
use crate::model::clock::Clock;

/// How readings written `a:bb` were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockUnit {
    MinutesSeconds,
    HoursMinutes,
    /// Nothing settles which: the control is not read.
    Unsettled,
}

/// Bases people play, in seconds, as a first reading read in minutes and
/// seconds would show them (bullet to rapid).
const SECONDS_BASES: [u64; 12] = [
    60, 120, 180, 300, 420, 600, 900, 1200, 1500, 1800, 2700, 3600,
];

/// Bases people play, in minutes, as a first reading read in hours and
/// minutes would show them (rapid to classical).
const MINUTES_BASES: [u64; 13] = [5, 10, 15, 20, 25, 30, 45, 60, 75, 90, 100, 105, 120];

impl Control {
    /// The control of a game whose clock readings are all written `a:bb`:
    /// `as_read` as minutes and seconds, `in_hours` the same readings as
    /// hours and minutes.
    pub fn read_two_field(
        tag: Option<&str>,
        as_read: [&Readings; 2],
        in_hours: [&Readings; 2],
        written_in: WrittenIn,
    ) -> (Control, ClockUnit) {
        let seconds = Control::read(tag, as_read, true, || written_in);
        let hours = Control::read(tag, in_hours, true, || written_in);
        let fits = |c: &Control| !matches!(c.reading, Reading::Clocks | Reading::None);
        let first = first_reading(as_read).map_or(0, |c| c.millis() / 1000);
        let unit = match (fits(&seconds), fits(&hours)) {
            (true, false) => ClockUnit::MinutesSeconds,
            (false, true) => ClockUnit::HoursMinutes,
            _ => match (
                near(first, &SECONDS_BASES, 15),
                near(first, &MINUTES_BASES, 3),
            ) {
                (true, false) => ClockUnit::MinutesSeconds,
                (false, true) => ClockUnit::HoursMinutes,
                _ => ClockUnit::Unsettled,
            },
        };
        let first = Clock(first * 1000);
        let control = match unit {
            ClockUnit::MinutesSeconds => seconds,
            ClockUnit::HoursMinutes => hours.noted(ControlNote::HoursMinutes { first }),
            ClockUnit::Unsettled => Control {
                periods: None,
                reading: Reading::ClockUnitUnknown,
                notes: vec![ControlNote::ClockUnitUnsettled { first }],
            },
        };
        (control, unit)
    }

    /// The control with `more` said after its notes.
    fn noted(mut self, more: ControlNote) -> Control {
        self.notes.push(more);
        self
    }
}

/// `first`, a reading's number as written, within `below` under or a
/// little over one of `bases`: the first reading is the base less the
/// first move's thinking, plus an increment.
fn near(first: u64, bases: &[u64], below: u64) -> bool {
    bases
        .iter()
        .any(|&b| first + below >= b && first <= b + below / 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(first: &[u64], tag: Option<&str>) -> (Option<String>, ClockUnit) {
        let as_read: Vec<(Clock, Option<Clock>)> =
            first.iter().map(|&s| (Clock(s * 1000), None)).collect();
        let in_hours: Vec<(Clock, Option<Clock>)> =
            first.iter().map(|&s| (Clock(s * 60_000), None)).collect();
        let (c, unit) = Control::read_two_field(
            tag,
            [&as_read, &as_read],
            [&in_hours, &in_hours],
            WrittenIn::Unsaid,
        );
        (c.pgn(), unit)
    }

    #[test]
    fn the_first_reading_settles_the_unit() {
        // The Sabadell round of tests/data/otb/colombia-events-2008-2019.pgn:
        // 1:28, 1:30 … a 90-minute control, not a 90-second one.
        assert_eq!(reads(&[88, 89, 89], None).1, ClockUnit::HoursMinutes);
        // `3:00`, `2:58` …: a three-minute game.
        assert_eq!(reads(&[180, 178, 175], None).1, ClockUnit::MinutesSeconds);
        // `2:00` is two minutes or two hours: nothing settles it.
        assert_eq!(reads(&[120, 119], None), (None, ClockUnit::Unsettled));
    }

    #[test]
    fn the_tag_settles_the_unit() {
        assert_eq!(
            reads(&[120, 119], Some("7200+30")),
            (Some("7200+30".into()), ClockUnit::HoursMinutes)
        );
        assert_eq!(
            reads(&[180, 178], Some("180+2")),
            (Some("180+2".into()), ClockUnit::MinutesSeconds)
        );
        // A tag as unsure as the readings settles nothing.
        assert_eq!(reads(&[120, 119], Some("120+1")).1, ClockUnit::Unsettled);
    }
}
