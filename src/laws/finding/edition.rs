//! What an edition says of a game's category.

use crate::model::time_control::{Category, RapidFloor};

/// A category with the threshold that gave it (`by` names the clause or
/// the edition), for a reader who does not know the thresholds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryBy {
    pub category: Category,
    pub floor: RapidFloor,
    pub by: &'static str,
}
