//! The rules' own words: clause texts from `RULES.en.md` (the English
//! working text of Articles 15 and 10, kept beside the laws), for quoting in
//! explanations.

const RULES: &str = include_str!("RULES.en.md");

/// The text of a clause (`"15.4.2"`), without its markup.
///
/// ```
/// use pgn_arbiter::laws::rulebook::clause;
/// assert!(clause("15.4.4").unwrap().starts_with("If the arbiter observes both kings in check"));
/// assert!(clause("99.9").is_none());
/// ```
pub fn clause(number: &str) -> Option<String> {
    let marker = format!("**{number}**");
    let start = RULES.find(&marker)? + marker.len();
    let rest = &RULES[start..];
    // A clause runs to the next clause or the next blank line.
    let end = ["\n- **", "\n  - **", "\n\n", "\n**"]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
        .unwrap_or(rest.len());
    let text: String = rest[..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("**", "");
    Some(text.trim_start_matches([':', ' ']).to_string())
}

/// What an explanation rests on in a clause: the sentence of the clause
/// that says it. The caller names it by what was decided, never by words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// An unclaimed illegal move stands (15.4.2).
    Stands,
    /// The opponent may claim a win (15.4.2).
    ClaimAWin,
    /// Castling a wrong set-up forbids (15.4.1.2).
    Castling,
    /// The illegal position still on the board (15.4.4).
    StillOnBoard,
    /// The claimant's time remaining (15.4.3).
    TimeRemaining,
    /// A claim and when it may be made (15.4.1.2).
    Claim,
    /// Under two minutes left (10.2).
    TwoMinutes,
    /// A wrong clock setting (15.4.1.1).
    ClockSetting,
    /// The game is drawn.
    Drawn,
}

impl Point {
    /// Where the sentence is in the working text: words only it has.
    fn marker(self) -> &'static str {
        match self {
            Point::Stands => "stands",
            Point::ClaimAWin => "claim a win",
            Point::Castling => "castling",
            Point::StillOnBoard => "still on the board",
            Point::TimeRemaining => "time remaining",
            Point::Claim => "claim",
            Point::TwoMinutes => "two minutes",
            Point::ClockSetting => "clock setting",
            Point::Drawn => "drawn",
        }
    }
}

/// The sentence of a clause that says `point`, or its first sentence.
///
/// ```
/// use pgn_arbiter::laws::rulebook::{Point, sentence};
/// let s = sentence("15.4.2", Some(Point::Stands)).unwrap();
/// assert!(s.starts_with("If the opponent does not claim"), "{s}");
/// ```
pub fn sentence(number: &str, point: Option<Point>) -> Option<String> {
    let text = clause(number)?;
    let sentences: Vec<&str> = text
        .split_inclusive(". ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let marker = point.map_or("", Point::marker);
    let found = sentences
        .iter()
        .find(|s| s.to_lowercase().contains(marker))
        .or(sentences.first())?;
    Some(found.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_the_reports_cite_is_in_the_text() {
        for number in [
            "15.1", "15.4.1.1", "15.4.1.2", "15.4.2", "15.4.3", "15.4.4", "10.2", "10.2.1",
            "10.2.2",
        ] {
            let text = clause(number).unwrap_or_else(|| panic!("{number}"));
            assert!(text.len() > 30, "{number}: {text}");
            assert!(!text.contains("**"), "{number}: {text}");
        }
    }

    /// Each point is found in the clauses that cite it, not left to the
    /// first sentence: the working text cannot drift from the table.
    #[test]
    fn every_point_names_a_sentence_of_its_clause() {
        let cases = [
            ("15.4.2", Point::Stands, "If the opponent does not claim"),
            (
                "15.4.2",
                Point::ClaimAWin,
                "If the arbiter does not intervene",
            ),
            ("15.4.2", Point::Drawn, "However, the game is drawn"),
            (
                "15.4.1.2",
                Point::Castling,
                "If the king was placed incorrectly",
            ),
            (
                "15.4.4",
                Point::StillOnBoard,
                "If the illegal position is then",
            ),
            ("15.4.3", Point::TimeRemaining, "For the claim to succeed"),
            ("15.4.3", Point::Drawn, "However, the game is drawn"),
            ("10.2", Point::TwoMinutes, "If the player to move has less"),
            ("10.2.1", Point::Drawn, "If the arbiter agrees"),
        ];
        for (number, point, start) in cases {
            let found = sentence(number, Some(point)).unwrap();
            assert!(found.starts_with(start), "{number} {point:?}: {found}");
        }
    }
}
