//! The words of a control read other than as written: in words, in
//! minutes, from the clocks, from the tournament's report.

use std::fmt;

use crate::model::clock::Clock;
use crate::model::time_control::{Against, Control, ControlNote, InMinutes};

/// A note with the control it gave, in PGN's form (`read_as`).
struct Said<'a> {
    note: &'a ControlNote,
    read_as: &'a str,
}

impl fmt::Display for Said<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let read_as = self.read_as;
        match self.note {
            ControlNote::InWords { tag, hours, delay } => {
                in_words(f, (tag, read_as), *hours, *delay)
            }
            ControlNote::InMinutes { tag, why } => {
                write!(
                    f,
                    "TimeControl \"{tag}\" read in minutes ({read_as}): {why}"
                )
            }
            ControlNote::UnitUnknown { tag, base_seconds } => write!(
                f,
                "TimeControl \"{tag}\" does not say whether its {base_seconds} is seconds (as PGN \
                 writes a control) or minutes (as broadcasts and club files often write it), and \
                 no clock reading or source settles it: the control, and so the category, is \
                 unknown"
            ),
            ControlNote::FromReport { line } => write!(
                f,
                "no control could be read from the game; the tournament report's \"{line}\" read \
                 as {read_as}"
            ),
            ControlNote::FromClocks { tag, against } => {
                not_used(f, tag.as_deref(), *against)?;
                write!(
                    f,
                    "; the control was inferred from the first clock readings as {read_as}"
                )
            }
            ControlNote::HoursMinutes { first } => write!(
                f,
                "its clock readings are written `h:mm` (the first {first} as written is \
                 {} hours and minutes: a base people play, where {first} minutes and \
                 seconds is not, or the tag says so), and are read so",
                as_written(*first)
            ),
            ControlNote::ClockUnitUnsettled { first } => write!(
                f,
                "its clock readings are written `a:bb` (the first {}), which may be hours and \
                 minutes or minutes and seconds, and neither the tag nor the readings settle \
                 which: the control, and so the category, is unknown",
                as_written(*first)
            ),
        }
    }
}

/// A tag read in words: as what, its numbers as hours, its delay.
fn in_words(
    f: &mut fmt::Formatter<'_>,
    (tag, read_as): (&str, &str),
    hours: bool,
    delay: Option<Clock>,
) -> fmt::Result {
    write!(f, "TimeControl \"{tag}\" read in words as {read_as}")?;
    if hours {
        f.write_str(
            "; its bare numbers are hours, as US Chess writes them: as minutes they give no \
             control anyone plays",
        )?;
    }
    match delay {
        Some(d) => write!(
            f,
            "; its delay of {d} a move is no increment and is not counted as one"
        ),
        None => Ok(()),
    }
}

/// Why the tag was not used, or that there was none.
fn not_used(f: &mut fmt::Formatter<'_>, tag: Option<&str>, against: Against) -> fmt::Result {
    let Some(t) = tag else {
        return f.write_str("there is no TimeControl tag");
    };
    match against {
        Against::Unread => write!(f, "TimeControl \"{t}\" cannot be read"),
        Against::Clocks => write!(f, "TimeControl \"{t}\" contradicts the clocks"),
        Against::Below(first) => write!(
            f,
            "TimeControl \"{t}\" contradicts the clocks: each side's first reading is at most \
             {first}, far below what it gives at the start (the record's clocks are another \
             control's, as in the rapid and blitz tiebreaks relays tag with the classical \
             control)"
        ),
    }
}

impl fmt::Display for InMinutes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InMinutes::FarAbove {
                first,
                base_seconds,
            } => write!(
                f,
                "the first clock reading, {first}, is far above {base_seconds} seconds"
            ),
            InMinutes::Broadcast => {
                f.write_str("as lichess broadcasts write it; no clock reading to check it against")
            }
        }
    }
}

/// `1:28`: a reading as written `a:bb`, its seconds the second field.
fn as_written(first: Clock) -> String {
    let secs = first.millis() / 1000;
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// How a control was read, where not as written, as one clause: `…; …`.
pub fn control_notes(control: &Control) -> Option<String> {
    let read_as = control.pgn().unwrap_or_default();
    let read_as = read_as.as_str();
    let said: Vec<String> = (control.notes.iter())
        .map(|note| Said { note, read_as }.to_string())
        .collect();
    (!said.is_empty()).then(|| said.join("; "))
}
