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

/// The sentence of a clause that mentions `about` (case-insensitive), or
/// its first sentence.
///
/// ```
/// use pgn_arbiter::laws::rulebook::sentence;
/// let s = sentence("15.4.2", "stands").unwrap();
/// assert!(s.starts_with("If the opponent does not claim"), "{s}");
/// ```
pub fn sentence(number: &str, about: &str) -> Option<String> {
    let text = clause(number)?;
    let sentences: Vec<&str> = text
        .split_inclusive(". ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let about = about.to_lowercase();
    let found = sentences
        .iter()
        .find(|s| s.to_lowercase().contains(&about))
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
}
