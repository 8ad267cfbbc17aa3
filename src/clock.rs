//! Clock readings: `[%clk 0:03:12]`, `[%emt 0:00:04.2]`, `WhiteClock` tags.

use std::fmt;

/// Time on a clock, or time spent, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Clock(pub u64);

impl Clock {
    pub const ZERO: Clock = Clock(0);

    /// Reads `h:mm:ss`, `m:ss`, `ss`, or `d:hh:mm:ss`, with optional
    /// fractions of a second (`0:04:55.7`, also `0:04:55,7`).
    ///
    /// ```
    /// use pgn_arbiter::clock::Clock;
    /// assert_eq!(Clock::parse("0:03:12"), Some(Clock(192_000)));
    /// assert_eq!(Clock::parse("0:04:55.7"), Some(Clock(295_700)));
    /// assert_eq!(Clock::parse("1:02:00:00"), Some(Clock(93_600_000)));
    /// assert_eq!(Clock::parse("soon"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Clock> {
        let s = s.trim();
        let (whole, frac) = match s.find(['.', ',']) {
            Some(i) => (&s[..i], &s[i + 1..]),
            None => (s, ""),
        };
        let mut fields = 0;
        let mut secs: u64 = 0;
        for (part, unit) in whole.rsplit(':').zip([1, 60, 3600, 86_400]) {
            fields += 1;
            if part.is_empty() || part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            secs += part.parse::<u64>().ok()? * unit;
        }
        if fields == 0 || whole.split(':').count() > 4 || !frac.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let mut millis = 0;
        for (d, scale) in frac.bytes().zip([100, 10, 1]) {
            millis += u64::from(d - b'0') * scale;
        }
        Some(Clock(secs * 1000 + millis))
    }

    pub fn millis(self) -> u64 {
        self.0
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Seconds, as the reports show them (`192`, `295.7`).
    pub fn seconds(self) -> String {
        if self.0.is_multiple_of(1000) {
            (self.0 / 1000).to_string()
        } else {
            let s = format!("{}.{:03}", self.0 / 1000, self.0 % 1000);
            s.trim_end_matches('0').to_string()
        }
    }
}

impl fmt::Display for Clock {
    /// `h:mm:ss`, with tenths when the reading had them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0 / 1000;
        write!(f, "{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)?;
        if !self.0.is_multiple_of(1000) {
            write!(f, ".{}", self.0 % 1000 / 100)?;
        }
        Ok(())
    }
}

/// The `[%name args]` commands embedded in a comment, in order.
///
/// ```
/// use pgn_arbiter::clock::commands;
/// let c: Vec<_> = commands(" [%eval 0.2] [%clk 0:01:00]").collect();
/// assert_eq!(c, [("eval", "0.2"), ("clk", "0:01:00")]);
/// ```
pub fn commands(comment: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = comment;
    std::iter::from_fn(move || {
        loop {
            let open = rest.find("[%")?;
            let after = &rest[open + 2..];
            let close = after.find(']')?;
            let inner = after[..close].trim();
            rest = &after[close + 1..];
            let (name, args) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
            if !name.is_empty() {
                return Some((name, args.trim()));
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forms() {
        assert_eq!(Clock::parse("00:15:19"), Some(Clock(919_000)));
        assert_eq!(Clock::parse("5:07"), Some(Clock(307_000)));
        assert_eq!(Clock::parse("42"), Some(Clock(42_000)));
        assert_eq!(Clock::parse("0:00:00"), Some(Clock::ZERO));
        assert_eq!(Clock::parse("0:00:01,25"), Some(Clock(1_250)));
        assert_eq!(Clock::parse(""), None);
        assert_eq!(Clock::parse("1:2:3:4:5"), None);
        assert_eq!(Clock::parse("-0:01"), None);
    }

    #[test]
    fn displays() {
        assert_eq!(Clock(295_700).to_string(), "0:04:55.7");
        assert_eq!(Clock(295_700).seconds(), "295.7");
        assert_eq!(Clock(3_723_000).to_string(), "1:02:03");
    }

    #[test]
    fn commands_skip_junk() {
        let c: Vec<_> = commands("[%] text [%emt 0:00:02][%clk  0:01:00 ] [%unclosed").collect();
        assert_eq!(c, [("emt", "0:00:02"), ("clk", "0:01:00")]);
    }
}
