//! The sentences an edition says of a game's category and of the claims
//! it admits.

use crate::model::time_control::{Category, RapidFloor};

/// "blitz: 10 minutes or less, so not rapid by 15.1": a category with the
/// threshold that gave it (`by` names the clause or edition).
pub(in crate::laws) fn category(category: Category, floor: RapidFloor, by: &str) -> String {
    let (blitz, rapid) = match floor {
        RapidFloor::Above(m) => (format!("{m} minutes or less"), format!("over {m}")),
        RapidFloor::AtLeast(m) => (format!("under {m} minutes"), format!("{m}")),
    };
    match category {
        Category::Rapid => format!("rapid by {by} ({rapid} and under 60 minutes)"),
        Category::Blitz => format!("blitz: {blitz}, so not rapid by {by}"),
        Category::Standard => format!("standard: 60 minutes or more, so not rapid by {by}"),
        Category::Daily => format!("daily (correspondence), so not rapid by {by}"),
        Category::Unknown => "of unknown category (no usable time control)".to_string(),
    }
}
