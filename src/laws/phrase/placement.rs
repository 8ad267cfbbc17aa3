//! The sentences of a game the Laws cannot be placed for: a date that
//! leaves the edition open, a category no record of the control gives.

use std::fmt;

use crate::laws::finding::placement::{PlacementFinding, ReadingUnder, Under};
use crate::laws::placement::{NoCategory, Undated};

impl fmt::Display for Undated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Undated::NoDate => {
                "the game has no EventDate or Date that places it in an edition of the Laws"
            }
            Undated::Vague => {
                "the game's date is too vague to tell which edition of the Laws was in force"
            }
            Undated::Before2009 => {
                "the game was played before 1 July 2009, earlier than any edition the tool \
                 holds; judged by the 2009 Laws"
            }
        })
    }
}

impl fmt::Display for NoCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoCategory::UnitUnknown => {
                "a TimeControl tag in seconds or minutes, and no clock reading or source to tell \
                 which"
            }
            NoCategory::NoControl => "no TimeControl tag, and too few clock readings to infer one",
            NoCategory::ControlUnread => {
                "a TimeControl tag that cannot be read, and too few clock readings to infer one"
            }
        })
    }
}

/// "fide-2009 gives corrected 0-1 (A4b)"; "as blitz, 1-0 (B.3.c)".
impl fmt::Display for ReadingUnder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self
            .correct
            .map_or("no result".to_string(), |r| r.to_string());
        match self.under {
            Under::Edition(edition) => write!(
                f,
                "{edition} gives {} {result} ({})",
                self.status, self.rule
            ),
            Under::Category(category) => write!(f, "as {category}, {result} ({})", self.rule),
        }
    }
}

impl fmt::Display for PlacementFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let joined = |readings: &[ReadingUnder]| -> String {
            let all: Vec<String> = readings.iter().map(ReadingUnder::to_string).collect();
            all.join("; ")
        };
        match self {
            PlacementFinding::EveryEditionAgrees { why, names } => write!(
                f,
                "{why}, but every edition it may have been played under ({}) gives this result",
                names.join(", ")
            ),
            PlacementFinding::EditionsDiffer { why, differing } => {
                write!(f, "{why}, so an arbiter must say which applied")?;
                match differing.is_empty() {
                    true => Ok(()),
                    false => write!(f, ": {}", joined(differing)),
                }
            }
            PlacementFinding::EveryCategoryAgrees(why) => write!(
                f,
                "the game's category is unknown ({why}), but the clauses of every category give \
                 this result"
            ),
            PlacementFinding::CategoriesDiffer { why, readings } => write!(
                f,
                "but the game's category is unknown ({why}) and its clauses differ by category, \
                 so an arbiter must say which applied: {}",
                joined(readings)
            ),
        }
    }
}
