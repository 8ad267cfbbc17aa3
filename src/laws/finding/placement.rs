//! What was found of a game the Laws cannot be placed for: a date that
//! leaves the edition open, a category no record of the control gives.

use crate::laws::placement::{NoCategory, Undated};
use crate::model::outcome::GameResult;
use crate::model::time_control::Category;
use crate::model::verdict::Status;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementFinding {
    /// Every edition the date allows (`names`) gives this result.
    EveryEditionAgrees {
        why: Undated,
        names: Vec<&'static str>,
    },
    /// The editions the date allows differ: an arbiter says which applied.
    EditionsDiffer {
        why: Undated,
        differing: Vec<ReadingUnder>,
    },
    /// Every category's clauses give this result.
    EveryCategoryAgrees(NoCategory),
    /// The categories' clauses differ: an arbiter says which applied.
    CategoriesDiffer {
        why: NoCategory,
        readings: Vec<ReadingUnder>,
    },
}

/// What one edition, or one category's clauses, make of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadingUnder {
    pub under: Under,
    pub status: Status,
    pub correct: Option<GameResult>,
    pub rule: &'static str,
}

/// The rules a [`ReadingUnder`] is under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Under {
    Edition(&'static str),
    Category(Category),
}
