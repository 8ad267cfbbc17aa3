//! The words an edition says of a game's category.

use std::fmt;

use crate::laws::finding::edition::CategoryBy;
use crate::model::time_control::{Category, RapidFloor};

/// "blitz: 10 minutes or less, so not rapid by 15.1".
impl fmt::Display for CategoryBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.by;
        let (blitz, rapid) = match self.floor {
            RapidFloor::Above(m) => (format!("{m} minutes or less"), format!("over {m}")),
            RapidFloor::AtLeast(m) => (format!("under {m} minutes"), format!("{m}")),
        };
        match self.category {
            Category::Rapid => write!(f, "rapid by {by} ({rapid} and under 60 minutes)"),
            Category::Blitz => write!(f, "blitz: {blitz}, so not rapid by {by}"),
            Category::Standard => write!(f, "standard: 60 minutes or more, so not rapid by {by}"),
            Category::Daily => write!(f, "daily (correspondence), so not rapid by {by}"),
            Category::Unknown => f.write_str("of unknown category (no usable time control)"),
        }
    }
}
