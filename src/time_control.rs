//! The `TimeControl` tag and the category it puts a game in by 15.1.

use std::fmt;

/// Rapid, blitz, standard or daily, by clause 15.1 of `RULES.en.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    Rapid,
    Blitz,
    Standard,
    Daily,
    Unknown,
}

impl Category {
    /// Classifies a PGN `TimeControl` value.
    ///
    /// `base + 60 × increment` strictly between 600 s and 3600 s is rapid;
    /// at most 600 s is blitz; at least 3600 s is standard. For multi-period
    /// controls (`40/7200:3600`) the first period decides. `1/259200` (one
    /// move in days) is daily.
    ///
    /// ```
    /// use pgn_arbiter::time_control::Category;
    /// assert_eq!(Category::of("900+10"), Category::Rapid);
    /// assert_eq!(Category::of("600"), Category::Blitz);
    /// assert_eq!(Category::of("40/7200:3600"), Category::Standard);
    /// assert_eq!(Category::of("1/259200"), Category::Daily);
    /// assert_eq!(Category::of("15 min/game"), Category::Unknown);
    /// ```
    pub fn of(tag: &str) -> Category {
        match game_seconds(tag.trim()) {
            Some(Period::Daily) => Category::Daily,
            Some(Period::Seconds(s)) if s <= 600.0 => Category::Blitz,
            Some(Period::Seconds(s)) if s < 3600.0 => Category::Rapid,
            Some(Period::Seconds(_)) => Category::Standard,
            None => Category::Unknown,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Rapid => "rapid",
            Category::Blitz => "blitz",
            Category::Standard => "standard",
            Category::Daily => "daily",
            Category::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

enum Period {
    /// `base + 60 × increment` of the first period, in seconds.
    Seconds(f64),
    Daily,
}

fn game_seconds(tag: &str) -> Option<Period> {
    let first = tag.split(':').next()?;
    let (moves, clock) = match first.split_once('/') {
        Some((m, c)) => (Some(number(m)?), c),
        None => (None, first),
    };
    let (base, inc) = match clock.split_once('+') {
        Some((b, i)) => (number(b)?, number(i)?),
        None => (number(clock)?, 0.0),
    };
    // One move per day or more: correspondence ("daily") chess.
    if moves.is_some_and(|m| m <= 1.0) && base >= 86_400.0 {
        return Some(Period::Daily);
    }
    Some(Period::Seconds(base + 60.0 * inc))
}

fn number(s: &str) -> Option<f64> {
    let s = s.trim();
    let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    ok.then(|| s.parse().ok())
        .flatten()
        .filter(|v: &f64| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_15_1_boundaries() {
        assert_eq!(Category::of("600+0"), Category::Blitz);
        assert_eq!(Category::of("601"), Category::Rapid);
        assert_eq!(Category::of("3599"), Category::Rapid);
        assert_eq!(Category::of("3600+0"), Category::Standard);
        assert_eq!(Category::of("300+5"), Category::Blitz);
        assert_eq!(Category::of("300+6"), Category::Rapid);
        assert_eq!(Category::of("180+2"), Category::Blitz);
        assert_eq!(Category::of("40/5400+30:1800+30"), Category::Standard);
        assert_eq!(Category::of("10.931+0.109"), Category::Blitz);
    }

    #[test]
    fn unknowns_are_not_errors() {
        for tag in [
            "-",
            "?",
            "",
            "abc",
            "+5",
            "1/",
            "40/",
            "nan",
            "15 min/game + 10 sec/move",
        ] {
            assert_eq!(Category::of(tag), Category::Unknown, "{tag}");
        }
    }
}
