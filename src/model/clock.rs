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
    /// use pgn_arbiter::model::clock::Clock;
    /// assert_eq!(Clock::parse("0:03:12"), Some(Clock(192_000)));
    /// assert_eq!(Clock::parse("0:04:55.7"), Some(Clock(295_700)));
    /// assert_eq!(Clock::parse("1:02:00:00"), Some(Clock(93_600_000)));
    /// assert_eq!(Clock::parse("soon"), None);
    /// ```
    pub fn parse(s: impl AsRef<[u8]>) -> Option<Clock> {
        let s = s.as_ref().trim_ascii();
        if let Some(clock) = Clock::hms(s) {
            return Some(clock);
        }
        let mut parts = [0u64; 4];
        let mut fields = 1;
        let mut digits = 0;
        let mut millis = 0;
        for (i, &c) in s.iter().enumerate() {
            match c {
                b'0'..=b'9' => {
                    digits += 1;
                    if digits > 9 {
                        return None;
                    }
                    parts[fields - 1] = parts[fields - 1] * 10 + u64::from(c - b'0');
                }
                b':' if digits > 0 && fields < 4 => (fields, digits) = (fields + 1, 0),
                b'.' | b',' if digits > 0 => {
                    let frac = &s[i + 1..];
                    if !frac.iter().all(u8::is_ascii_digit) {
                        return None;
                    }
                    for (d, scale) in frac.iter().zip([100, 10, 1]) {
                        millis += u64::from(d - b'0') * scale;
                    }
                    break;
                }
                _ => return None,
            }
        }
        if digits == 0 {
            return None;
        }
        let secs: u64 = parts[..fields]
            .iter()
            .rev()
            .zip([1, 60, 3600, 86_400])
            .map(|(v, unit)| v * unit)
            .sum();
        Some(Clock(secs * 1000 + millis))
    }

    /// `h:mm:ss` exactly, the form nearly every server and relay writes
    /// (`0:03:12`): it runs for every move of every game, so it is read at
    /// once, without the general form's loop.
    pub(crate) fn hms(s: &[u8]) -> Option<Clock> {
        let &[h, b':', m1, m2, b':', s1, s2] = s else {
            return None;
        };
        let d = |c: u8| c.wrapping_sub(b'0');
        let [h, m1, m2, s1, s2] = [d(h), d(m1), d(m2), d(s1), d(s2)];
        if h > 9 || m1 > 9 || m2 > 9 || s1 > 9 || s2 > 9 {
            return None;
        }
        let secs = u64::from(h) * 3600 + u64::from(m1 * 10 + m2) * 60 + u64::from(s1 * 10 + s2);
        Some(Clock(secs * 1000))
    }

    /// A reading of centiseconds, as lichess's `clocks` give them; `None`
    /// past what [`Clock::parse`] reads when it is written out (hours of
    /// more than nine digits).
    ///
    /// ```
    /// use pgn_arbiter::model::clock::Clock;
    /// assert_eq!(Clock::of_centis(30003), Some(Clock(300_030)));
    /// assert_eq!(Clock::of_centis(u64::MAX), None);
    /// ```
    pub fn of_centis(centis: u64) -> Option<Clock> {
        (centis / 360_000 < 1_000_000_000).then_some(Clock(centis * 10))
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
/// use pgn_arbiter::model::clock::commands;
/// let c: Vec<_> = commands(b" [%eval 0.2] [%clk 0:01:00]").collect();
/// assert_eq!(c, [(&b"eval"[..], &b"0.2"[..]), (&b"clk"[..], &b"0:01:00"[..])]);
/// ```
pub fn commands(comment: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = comment;
    std::iter::from_fn(move || {
        loop {
            // A plain search for `[`, not memchr or memmem: a comment holds
            // one or two commands in a few dozen bytes, and their set-up
            // costs more than the search.
            let open = rest.iter().position(|&c| c == b'[')?;
            if rest.get(open + 1) != Some(&b'%') {
                rest = &rest[open + 1..];
                continue;
            }
            let after = &rest[open + 2..];
            let close = after.iter().position(|&c| c == b']')?;
            let inner = after[..close].trim_ascii();
            rest = &after[close + 1..];
            let split = inner
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(inner.len());
            let (name, args) = inner.split_at(split);
            if !name.is_empty() {
                return Some((name, args.trim_ascii()));
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
        assert_eq!(Clock::parse("1::2"), None);
        assert_eq!(Clock::parse(":5"), None);
        assert_eq!(Clock::parse("5."), Some(Clock(5_000)));
        assert_eq!(Clock::parse("1:00:00:00.5"), Some(Clock(86_400_500)));
    }

    #[test]
    fn the_fixed_form_is_read_at_once() {
        assert_eq!(Clock::hms(b"0:03:12"), Some(Clock(192_000)));
        assert_eq!(Clock::hms(b"9:59:59"), Some(Clock(35_999_000)));
        assert_eq!(Clock::hms(b"1:96:00"), Some(Clock(3_600_000 + 96 * 60_000)));
        assert_eq!(Clock::hms(b"0:0a:12"), None);
        assert_eq!(Clock::hms(b"0:03:1:"), None);
        assert_eq!(Clock::hms(b"00:03:12"), None);
    }

    #[test]
    fn displays() {
        assert_eq!(Clock(295_700).to_string(), "0:04:55.7");
        assert_eq!(Clock(295_700).seconds(), "295.7");
        assert_eq!(Clock(3_723_000).to_string(), "1:02:03");
    }

    #[test]
    fn commands_skip_junk() {
        let c: Vec<_> = commands(b"[%] text [%emt 0:00:02][%clk  0:01:00 ] [%unclosed").collect();
        assert_eq!(
            c,
            [
                (&b"emt"[..], &b"0:00:02"[..]),
                (&b"clk"[..], &b"0:01:00"[..])
            ]
        );
    }
}
