//! The sentences of a game the Laws cannot be placed for: a date that
//! leaves the edition open, a category no record of the control gives.

use crate::model::time_control::Category;
use crate::model::verdict::{Status, Verdict};

/// Why `by-date` cannot place a game: no date.
pub(in crate::laws) const NO_DATE: &str =
    "the game has no EventDate or Date that places it in an edition of the Laws";

/// Why `by-date` cannot place a game: a date that spans editions.
pub(in crate::laws) const VAGUE_DATE: &str =
    "the game's date is too vague to tell which edition of the Laws was in force";

/// Why `by-date` cannot place a game: a date before every edition held.
pub(in crate::laws) const BEFORE_2009: &str = "the game was played before 1 July 2009, earlier \
    than any edition the tool holds; judged by the 2009 Laws";

/// Why a game has no category: a control whose unit is unknown.
pub(in crate::laws) const UNIT_UNKNOWN: &str =
    "a TimeControl tag in seconds or minutes, and no clock reading or source to tell which";

/// Why a game has no category: no control.
pub(in crate::laws) const NO_CONTROL: &str =
    "no TimeControl tag, and too few clock readings to infer one";

/// Why a game has no category: a control that cannot be read.
pub(in crate::laws) const CONTROL_UNREAD: &str =
    "a TimeControl tag that cannot be read, and too few clock readings to infer one";

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
pub(in crate::laws) fn every_edition_agrees(why: &str, names: &[&str]) -> String {
    format!(
        "{why}, but every edition it may have been played under ({}) gives this result",
        names.join(", ")
    )
}

/// The editions the date allows differ (each as [`edition_gives`] says).
pub(in crate::laws) fn editions_differ(why: &str, differing: &[String]) -> String {
    let editions = if differing.is_empty() {
        String::new()
    } else {
        format!(": {}", differing.join("; "))
    };
    format!("{why}, so an arbiter must say which applied{editions}")
}

/// Every category's clauses give this result; `why` it is unknown.
pub(in crate::laws) fn every_category_agrees(why: &str) -> String {
    format!(
        "the game's category is unknown ({why}), but the clauses of every category give this \
         result"
    )
}

/// The categories' clauses differ (each reading as [`as_category`]).
pub(in crate::laws) fn categories_differ(why: &str, readings: &[String]) -> String {
    format!(
        "but the game's category is unknown ({why}) and its clauses differ by category, so an \
         arbiter must say which applied: {}",
        readings.join("; ")
    )
}
