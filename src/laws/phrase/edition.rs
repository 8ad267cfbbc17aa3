//! The words an edition says of a game's category.

use std::fmt;

use crate::laws::finding::edition::CategoryBy;
use crate::model::time_control::{Category, RapidFloor};

/// "blitz: 10 minutes or less, so not rapid by 15.1".
impl fmt::Display for CategoryBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.by;
        let (blitz, rapid) = match self.floor {
            RapidFloor::UsChess => return us_category(f, self.category, by),
            RapidFloor::Above(m) => (format!("{m} minutes or less"), format!("over {m}")),
            RapidFloor::AtLeast(m) => (format!("under {m} minutes"), format!("{m}")),
        };
        match self.category {
            Category::Rapid => write!(f, "rapid by {by} ({rapid} and under 60 minutes)"),
            Category::Blitz => write!(f, "blitz: {blitz}, so not rapid by {by}"),
            Category::Standard => write!(f, "standard: 60 minutes or more, so not rapid by {by}"),
            Category::Dual => write!(f, "rated both standard and rapid by {by}"),
            Category::Daily => write!(f, "daily (correspondence), so not rapid by {by}"),
            Category::Unrated => write!(f, "of no category by {by}"),
            Category::Unknown => f.write_str(UNKNOWN),
        }
    }
}

const UNKNOWN: &str = "of unknown category (no usable time control)";

/// US Chess's categories, on the minutes and seconds of the control added.
fn us_category(f: &mut fmt::Formatter<'_>, category: Category, by: &str) -> fmt::Result {
    let total = "minutes and seconds of the control added";
    match category {
        Category::Standard => write!(f, "regular: over 65 {total} ({by})"),
        Category::Dual => write!(f, "dual-rated, regular and quick: 30 to 65 {total} ({by})"),
        Category::Rapid => write!(f, "quick: over 10 and under 30 {total} ({by})"),
        Category::Blitz => write!(f, "blitz: 5 to 10 {total} ({by})"),
        Category::Daily => f.write_str("daily (correspondence)"),
        Category::Unrated => write!(
            f,
            "of no US Chess category: under 5 {total}, or a primary time under 5 minutes \
             where quick, dual and regular need 5 ({by}); judged by the rules of regular and \
             quick chess"
        ),
        Category::Unknown => f.write_str(UNKNOWN),
    }
}
