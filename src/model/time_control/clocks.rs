//! A control inferred from the clock readings: where there is no tag, it
//! cannot be read, or the readings contradict it (far above what it gives,
//! or far below).

use super::{Control, ControlNote, Period, Reading, Readings};
use crate::model::clock::Clock;

impl Control {
    /// Infers one period, base and increment, from the first readings;
    /// `against` says why the tag was not used, for the note.
    pub(super) fn from_clocks(
        tag: Option<&str>,
        against: Against,
        sides: [&Readings; 2],
    ) -> Control {
        let Some(increment) = increment(sides) else {
            return Control::default();
        };
        // A reading after one of the first moves is the base plus the
        // increments so far less the time used: the highest of each side's
        // first two, less one increment, is the base or a little under it
        // (%emt is not added back: a DGT board's first %emt counts the time
        // before the clock started). Rounded to the minute.
        let base = sides
            .iter()
            .flat_map(|s| s.iter().take(2))
            .map(|(clk, _)| clk.millis())
            .max()
            .map(|top| top.saturating_sub(increment))
            .map(|b| (b + 30_000) / 60_000 * 60_000)
            .filter(|&b| b > 0);
        let Some(base) = base else {
            return Control::default();
        };
        let periods = vec![Period {
            moves: None,
            base: Clock(base),
            increment: Clock(increment),
        }];
        let note = ControlNote::FromClocks {
            tag: tag.map(str::to_string),
            against,
        };
        Control {
            periods: Some(periods),
            reading: Reading::Clocks,
            notes: vec![note],
        }
    }
}

/// Why a tag was not used, for the note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Against {
    /// It cannot be read.
    Unread,
    /// The first readings are far above what it gives.
    Clocks,
    /// The first readings, at most this, are far below what it gives.
    Below(Clock),
}

/// The highest of each side's first clock reading: one side's late
/// arrival (his clock ran before his first move) leaves the other's high.
pub(super) fn first_reading(sides: [&Readings; 2]) -> Option<Clock> {
    sides.iter().filter_map(|s| s.first()).map(|r| r.0).max()
}

/// Whether the first readings are far below what the control gives at the
/// start: both sides under half of it and more than two minutes short.
/// Clocks far below contradict a tag as clocks far above it do.
pub(super) fn far_below(first: Clock, start: u64) -> bool {
    first.millis() * 2 < start && start - first.millis() > 120_000
}

/// The increment. With `%emt`, a reading's gain over the side's previous
/// one plus the time the move took is the increment exactly: the median of
/// those. Without it, a quick move gains nearly the whole increment, and a
/// relay's late reading a little more: the upper quartile of the gains,
/// snapped to the nearest usual increment. `None` without two readings.
fn increment(sides: [&Readings; 2]) -> Option<u64> {
    let mut exact: Vec<u64> = Vec::new();
    let mut gains: Vec<u64> = Vec::new();
    for side in sides {
        for pair in side.windows(2) {
            let (before, (after, emt)) = (pair[0].0.millis(), pair[1]);
            match emt {
                Some(emt) => exact.push((after.millis() + emt.millis()).saturating_sub(before)),
                None => gains.push(after.millis().saturating_sub(before)),
            }
        }
    }
    if exact.len() >= 2 {
        exact.sort_unstable();
        return Some((exact[exact.len() / 2] + 500) / 1000 * 1000);
    }
    if gains.is_empty() {
        return None;
    }
    gains.sort_unstable();
    let quartile = gains[gains.len() * 3 / 4];
    const USUAL: [u64; 10] = [0, 1, 2, 3, 5, 10, 15, 20, 30, 60];
    USUAL
        .iter()
        .map(|s| s * 1000)
        .min_by_key(|&u| u.abs_diff(quartile))
}
