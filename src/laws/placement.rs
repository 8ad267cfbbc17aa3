//! Which Laws judge a game: the edition `--laws` names, or with `by-date`
//! the FIDE edition in force when the game's event started — and the
//! game's category in that edition.

use std::fmt;
use std::str::FromStr;

use super::edition::{Book, Day, Edition};
use super::editions::{ALL, FIDE, RU_RAPID};
use crate::model::date::DateRange;
use crate::read::parse::GameRecord;

/// The `--laws` choice.
#[derive(Debug, Clone, Copy)]
pub enum Laws {
    Edition(&'static Edition),
    /// The FIDE edition in force on the event's start (`EventDate`, else
    /// `Date`).
    ByDate,
}

impl Default for Laws {
    fn default() -> Self {
        Laws::Edition(&RU_RAPID)
    }
}

/// A `--laws` value that names no rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownLaws;

impl fmt::Display for UnknownLaws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = ALL.iter().map(|e| e.name).collect();
        write!(f, "the Laws are one of {}, or by-date", names.join(", "))
    }
}

impl std::error::Error for UnknownLaws {}

impl FromStr for Laws {
    type Err = UnknownLaws;

    fn from_str(s: &str) -> Result<Laws, UnknownLaws> {
        if s == "by-date" {
            return Ok(Laws::ByDate);
        }
        // The name the Russian rules had before they were named for what
        // they are; kept so that old scripts go on working.
        if s == "seed" {
            return Ok(Laws::Edition(&RU_RAPID));
        }
        ALL.iter()
            .find(|e| e.name == s)
            .map(|&e| Laws::Edition(e))
            .ok_or(UnknownLaws)
    }
}

impl fmt::Display for Laws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Laws::Edition(e) => f.write_str(e.name),
            Laws::ByDate => f.write_str("by-date"),
        }
    }
}

/// The book a game is judged by, and why a human must check the choice.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    pub book: Book,
    /// Set when the game's date could not place it in one edition.
    pub unplaced: Option<Unplaced>,
}

/// Why `by-date` cannot place a game in one edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undated {
    /// No EventDate or Date.
    NoDate,
    /// A date that spans editions.
    Vague,
    /// Before every edition held: judged by the 2009 Laws.
    Before2009,
}

/// Why a game has no category: what its record lacks. Ordered as the
/// terminal lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NoCategory {
    /// A control in seconds or minutes, and nothing to tell which.
    UnitUnknown,
    /// A TimeControl tag that cannot be read, and too few clocks.
    ControlUnread,
    /// No TimeControl tag, and too few clocks.
    NoControl,
}

impl NoCategory {
    /// The stable name summary.json counts it under.
    pub fn name(self) -> &'static str {
        match self {
            NoCategory::UnitUnknown => "unit-unknown",
            NoCategory::ControlUnread => "control-unread",
            NoCategory::NoControl => "no-control",
        }
    }
}

/// A game `by-date` could not place in one edition.
#[derive(Debug, Clone, Copy)]
pub struct Unplaced {
    pub why: Undated,
    /// The editions the game may have been played under; when they all
    /// give the same result, the date does not matter.
    pub candidates: &'static [&'static Edition],
    /// Played before any edition the tool holds: only a verdict that no
    /// edition's own clauses decided can stand.
    pub before_all: bool,
}

impl Laws {
    /// Places a game.
    pub fn place(self, record: &GameRecord<'_>, supervised: bool) -> Placement {
        let (edition, unplaced) = match self {
            Laws::Edition(e) => (e, None),
            Laws::ByDate => by_date(record),
        };
        Placement {
            book: Book::for_game(edition, record, supervised),
            unplaced,
        }
    }
}

/// The FIDE edition in force on the event's start day; a date that does
/// not fall in one edition is judged by the nearest reading and flagged.
fn by_date(record: &GameRecord<'_>) -> (&'static Edition, Option<Unplaced>) {
    let tags = &record.tags;
    let date = tags
        .event_date
        .as_deref()
        .and_then(DateRange::parse)
        .or_else(|| tags.date.as_deref().and_then(DateRange::parse));
    let Some(range) = date else {
        // Judged by the newest edition, and checked against every other.
        let unplaced = Unplaced {
            why: Undated::NoDate,
            candidates: &FIDE,
            before_all: false,
        };
        return (FIDE[FIDE.len() - 1], Some(unplaced));
    };
    let vague = Undated::Vague;
    let (first, last) = (in_force(range.first), in_force(range.last));
    let (why, candidates) = match (first, last) {
        (Some(a), Some(b)) if a == b => return (FIDE[a], None),
        (Some(a), Some(b)) => (vague, &FIDE[a..=b]),
        (None, Some(b)) => (vague, &FIDE[..=b]),
        _ => (Undated::Before2009, &FIDE[..1]),
    };
    let unplaced = Unplaced {
        why,
        candidates,
        before_all: first.is_none(),
    };
    (candidates[0], Some(unplaced))
}

/// Which of [`FIDE`] was in force on `day`.
fn in_force(day: Day) -> Option<usize> {
    FIDE.iter().rposition(|e| e.in_force <= day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse::parse_game;

    fn placed(tags: &str) -> (&'static str, bool) {
        let text = format!("{tags}\n1. e4 *\n");
        let record = parse_game(text.as_bytes());
        let p = Laws::ByDate.place(&record, false);
        (p.book.edition.name, p.unplaced.is_some())
    }

    #[test]
    fn by_date_takes_the_edition_in_force_when_the_event_started() {
        assert_eq!(placed("[Date \"2009.07.01\"]"), ("fide-2009", false));
        assert_eq!(placed("[Date \"2014.06.30\"]"), ("fide-2009", false));
        assert_eq!(placed("[Date \"2014.07.01\"]"), ("fide-2014", false));
        assert_eq!(placed("[Date \"2017.07.01\"]"), ("fide-2017", false));
        assert_eq!(placed("[Date \"2018.03.02\"]"), ("fide-2018", false));
        assert_eq!(placed("[Date \"2024.??.??\"]"), ("fide-2023", false));
        // The event's start decides, not the round's day.
        assert_eq!(
            placed("[EventDate \"2017.12.28\"]\n[Date \"2018.01.03\"]"),
            ("fide-2017", false)
        );
    }

    #[test]
    fn a_date_that_cannot_place_the_game_is_flagged() {
        assert_eq!(placed("[Date \"2017.??.??\"]"), ("fide-2014", true));
        // No date: the newest edition, checked against every other; never
        // ru-rapid, which by-date does not choose.
        assert_eq!(placed("[Date \"????.??.??\"]"), ("fide-2023", true));
        assert_eq!(placed(""), ("fide-2023", true));
        assert_eq!(placed("[Date \"2005.01.01\"]"), ("fide-2009", true));
    }

    #[test]
    fn every_edition_is_named_by_laws() {
        for e in ALL {
            assert_eq!(e.name.parse::<Laws>().unwrap().to_string(), e.name);
        }
        assert!(
            "fide-2020"
                .parse::<Laws>()
                .unwrap_err()
                .to_string()
                .contains("fide-2023, us-chess-7, or by-date")
        );
    }
}
