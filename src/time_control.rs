//! The `TimeControl` tag and the category it puts a game in by 15.1.

use std::fmt;

use crate::clock::Clock;

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
        let Some(periods) = periods(tag) else {
            return Category::Unknown;
        };
        let first = periods[0];
        let secs = (first.base.millis() + 60 * first.increment.millis()) as f64 / 1000.0;
        // One move per day or more: correspondence ("daily") chess.
        if first.moves.is_some_and(|m| m <= 1) && first.base.millis() >= 86_400_000 {
            Category::Daily
        } else if secs <= 600.0 {
            Category::Blitz
        } else if secs < 3600.0 {
            Category::Rapid
        } else {
            Category::Standard
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

/// One period of a time control: `moves` moves (or the rest of the game)
/// in `base`, plus `increment` a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub moves: Option<u32>,
    pub base: Clock,
    pub increment: Clock,
}

/// The periods of a PGN `TimeControl` value (`900+10`, `40/7200:3600`,
/// `40/5400+30:1800+30`), or `None` when it is not in that form.
///
/// ```
/// use pgn_arbiter::time_control::periods;
/// let p = periods("40/5400+30:1800+30").unwrap();
/// assert_eq!(p.len(), 2);
/// assert_eq!(p[0].moves, Some(40));
/// assert_eq!(p[1].increment.millis(), 30_000);
/// assert!(periods("15 min/game").is_none());
/// ```
pub fn periods(tag: &str) -> Option<Vec<Period>> {
    tag.trim()
        .split(':')
        .map(|part| {
            let (moves, clock) = match part.split_once('/') {
                Some((m, c)) => (Some(number(m)?), c),
                None => (None, part),
            };
            let (base, inc) = match clock.split_once('+') {
                Some((b, i)) => (number(b)?, number(i)?),
                None => (number(clock)?, 0.0),
            };
            Some(Period {
                moves: moves.map(|m| m as u32),
                base: Clock((base * 1000.0).round() as u64),
                increment: Clock((inc * 1000.0).round() as u64),
            })
        })
        .collect()
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
