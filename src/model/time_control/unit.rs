//! Seconds or minutes: PGN writes a control's base in seconds, lichess
//! broadcasts and many club files in minutes. The clock readings settle
//! it where there are some; else the source; else a base that could be
//! either is no control at all.

use super::{Control, ControlNote, InMinutes, Period, Reading, in_minutes_form};

/// What a game's source says of the unit of its `TimeControl` tag's base,
/// which PGN writes in seconds and lichess broadcasts and many club files
/// in minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrittenIn {
    /// A server's own game (lichess, chess.com, FICS, ICC): PGN's seconds.
    Seconds,
    /// A lichess broadcast: minutes.
    Minutes,
    /// Nothing says.
    Unsaid,
}

/// The largest base, in the tag's own number, that could be minutes as
/// well as seconds: 120 read as seconds is a bullet or blitz control, as
/// minutes a classical one.
const EITHER_UNIT: u64 = 120_000;

/// A tag no clock reading can check: read in the unit its source
/// writes, or as PGN's seconds where the base could not be minutes.
pub(super) fn unchecked(tag: &str, written: Vec<Period>, unit: WrittenIn) -> Control {
    match unit {
        WrittenIn::Minutes => {
            Control::in_minutes(tag, in_minutes_form(&written), InMinutes::Broadcast)
        }
        WrittenIn::Unsaid if either_unit(&written) => Control {
            periods: None,
            reading: Reading::UnitUnknown,
            notes: vec![ControlNote::UnitUnknown {
                tag: tag.to_string(),
                base_seconds: written[0].base.millis() / 1000,
            }],
        },
        _ => Control::as_written(written),
    }
}

/// Whether the tag's base could be minutes as well as seconds: at most
/// 120, and in whole numbers (a fraction of a second, base or increment,
/// is an engine match's control in seconds: `10+0.05`, `10.931+0.109`).
fn either_unit(written: &[Period]) -> bool {
    let whole = |c: crate::model::clock::Clock| c.millis().is_multiple_of(1000);
    written[0].base.millis() <= EITHER_UNIT
        && written.iter().all(|p| whole(p.base) && whole(p.increment))
}
