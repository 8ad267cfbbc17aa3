//! The sentences of a game the Laws cannot be placed for: a date that
//! leaves the edition open, a category no record of the control gives.

use std::fmt;

use crate::laws::placement::{NoCategory, Undated};
use crate::laws::verdict::Verdict;
use crate::model::time_control::Category;
use crate::model::verdict::Status;

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

/// One edition's verdict where it differs: "fide-2009 gives corrected 0-1
/// (A4b)".
pub(in crate::laws) fn edition_gives(edition: &str, verdict: &Verdict) -> String {
    let status: Status = verdict.status;
    format!(
        "{edition} gives {status} {} ({})",
        result(verdict),
        verdict.rule
    )
}

/// One category's reading: "as blitz, 1-0 (B.3.c)".
pub(in crate::laws) fn as_category(category: Category, verdict: &Verdict) -> String {
    format!("as {category}, {} ({})", result(verdict), verdict.rule)
}

fn result(verdict: &Verdict) -> String {
    verdict
        .correct
        .map_or("no result".to_string(), |r| r.to_string())
}

/// Every edition the date allows (`names`) gives this result; `why` the
/// date leaves it open.
pub(in crate::laws) fn every_edition_agrees(why: Undated, names: &[&str]) -> String {
    format!(
        "{why}, but every edition it may have been played under ({}) gives this result",
        names.join(", ")
    )
}

/// The editions the date allows differ (each as [`edition_gives`] says).
pub(in crate::laws) fn editions_differ(why: Undated, differing: &[String]) -> String {
    let editions = if differing.is_empty() {
        String::new()
    } else {
        format!(": {}", differing.join("; "))
    };
    format!("{why}, so an arbiter must say which applied{editions}")
}

/// Every category's clauses give this result; `why` it is unknown.
pub(in crate::laws) fn every_category_agrees(why: NoCategory) -> String {
    format!(
        "the game's category is unknown ({why}), but the clauses of every category give this \
         result"
    )
}

/// The categories' clauses differ (each reading as [`as_category`]).
pub(in crate::laws) fn categories_differ(why: NoCategory, readings: &[String]) -> String {
    format!(
        "but the game's category is unknown ({why}) and its clauses differ by category, so an \
         arbiter must say which applied: {}",
        readings.join("; ")
    )
}
