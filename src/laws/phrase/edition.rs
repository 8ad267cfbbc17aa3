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

/// The `regime` column: the part of the rule set that judged the game —
/// under the Russian rules its Article 15 regime; under FIDE's, the
/// appendix (`A.4`, `A.5`, `B.3`) or `Laws` (a standard game, or a
/// supervised one); under US Chess's, `US Chess`, or `US Chess blitz` (its
/// blitz rules).
///
/// ```
/// use pgn_arbiter::laws::{regime_of, edition::Book, editions};
/// use pgn_arbiter::model::time_control::Category;
/// let edition = |name| *editions::ALL.iter().find(|e| e.name == name).unwrap();
/// let book = |e, c, s| regime_of(&Book::new(edition(e), c, s));
/// assert_eq!(book("ru-rapid", Category::Blitz, false), "15.4");
/// assert_eq!(book("fide-2023", Category::Rapid, false), "A.5");
/// assert_eq!(book("fide-2023", Category::Standard, false), "Laws");
/// assert_eq!(book("us-chess-7", Category::Rapid, false), "US Chess");
/// ```
pub fn regime_of(book: &crate::laws::edition::Book) -> &'static str {
    if book.edition.is_ru_rapid() {
        return crate::laws::regime_name(book.supervised);
    }
    let clause = book.rules.illegal_clause;
    if book.edition.name.starts_with("us-chess") {
        return match clause.starts_with('B') {
            true => "US Chess blitz",
            false => "US Chess",
        };
    }
    let appendix = clause.starts_with(|c: char| c.is_ascii_uppercase());
    match clause.match_indices('.').nth(1) {
        Some((second, _)) if appendix => &clause[..second],
        _ if appendix => clause,
        _ => "Laws",
    }
}
