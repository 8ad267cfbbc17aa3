//! Writing PGN from an export's fields: tag pairs, dates from the servers'
//! epoch milliseconds, clock readings from centiseconds, and tags added to
//! a PGN the server wrote itself.

use crate::model::date::Day;

/// A tag section being written.
#[derive(Debug, Default)]
pub(super) struct TagSection(String);

impl TagSection {
    pub(super) fn with_capacity(capacity: usize) -> TagSection {
        TagSection(String::with_capacity(capacity))
    }

    /// Adds `[name "value"]`, the value escaped as PGN escapes it.
    pub(super) fn tag(&mut self, name: &str, value: &str) -> &mut Self {
        let out = &mut self.0;
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        if !is_escaped(value) {
            out.push_str(value);
            out.push_str("\"]\n");
            return self;
        }
        for c in value.chars() {
            match c {
                '\\' | '"' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' | '\r' => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
        self
    }

    /// Adds the tag where there is a value.
    pub(super) fn tag_if(&mut self, name: &str, value: Option<&str>) -> &mut Self {
        if let Some(value) = value {
            self.tag(name, value);
        }
        self
    }

    pub(super) fn into_string(self) -> String {
        self.0
    }
}

/// Whether a tag value is written otherwise than as it is: a backslash or
/// a `"` escaped, a line break made a space.
pub(super) fn is_escaped(value: &str) -> bool {
    value
        .bytes()
        .any(|b| matches!(b, b'\\' | b'"' | b'\n' | b'\r'))
}

/// `tags` put at the end of a PGN's tag section (before its first line
/// that is not a tag pair), or in front of a PGN with none. The server's
/// text is read as python-chess reads it: a byte-order mark before it is
/// none of its text, and a line may end with CR, LF or both.
pub(super) fn with_tags(pgn: &str, tags: &str) -> String {
    let pgn = pgn.strip_prefix('\u{feff}').unwrap_or(pgn);
    let pgn = match pgn.contains('\r') {
        true => std::borrow::Cow::Owned(pgn.replace("\r\n", "\n").replace('\r', "\n")),
        false => std::borrow::Cow::Borrowed(pgn),
    };
    let mut at = 0;
    for line in pgn.split_inclusive('\n') {
        if !line.trim_start().starts_with('[') {
            break;
        }
        at += line.len();
    }
    let mut out = String::with_capacity(pgn.len() + tags.len() + 2);
    out.push_str(&pgn[..at]);
    if at > 0 && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(tags);
    if at == 0 {
        out.push('\n');
    }
    out.push_str(&pgn[at..]);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The UTC date (`2017.08.30`) of epoch milliseconds; `????.??.??`
/// outside the calendar [`Day`] holds.
pub(super) fn utc_date(millis: i64) -> String {
    let days = millis.div_euclid(1000).div_euclid(86_400);
    let mut date = String::with_capacity(10);
    match Day::from_days_since_epoch(days) {
        Some(day) => {
            push_padded(&mut date, i64::from(day.year), 4);
            for part in [day.month, day.day] {
                date.push('.');
                push_padded(&mut date, i64::from(part), 2);
            }
        }
        None => date.push_str("????.??.??"),
    }
    date
}

/// The UTC time of day (`20:40:27`) of epoch milliseconds.
pub(super) fn utc_time(millis: i64) -> String {
    let of_day = millis.div_euclid(1000).rem_euclid(86_400);
    let mut time = String::with_capacity(8);
    for (i, part) in [of_day / 3600, of_day / 60 % 60, of_day % 60]
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            time.push(':');
        }
        push_padded(&mut time, part, 2);
    }
    time
}

/// A number in decimal (no `fmt` machinery: a game's clocks are written
/// by the hundred).
pub(super) fn push_number(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// A number of at least `width` digits, zeros in front.
fn push_padded(out: &mut String, n: i64, width: usize) {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(n);
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(digits);
}

/// A clock reading of centiseconds as `%clk` writes it (`0:04:59.85`),
/// written into `out` (through a buffer on the stack: a game's clocks are
/// written by the hundred).
pub(super) fn clock(centis: u64, out: &mut String) {
    let secs = centis / 100;
    let mut hours = itoa::Buffer::new();
    out.push_str(hours.format(secs / 3600));
    let two = |n: u64| [b'0' + (n / 10 % 10) as u8, b'0' + (n % 10) as u8];
    let [m1, m2] = two(secs / 60 % 60);
    let [s1, s2] = two(secs % 60);
    let [c1, c2] = two(centis % 100);
    let text = [b':', m1, m2, b':', s1, s2, b'.', c1, c2];
    let len = if centis.is_multiple_of(100) { 6 } else { 9 };
    // ASCII digits and punctuation only.
    out.push_str(std::str::from_utf8(&text[..len]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_clocks() {
        let utc = |millis| (utc_date(millis), utc_time(millis));
        assert_eq!(utc(1504125627542), ("2017.08.30".into(), "20:40:27".into()));
        assert_eq!(utc(0), ("1970.01.01".into(), "00:00:00".into()));
        assert_eq!(utc(951_782_400_000).0, "2000.02.29");
        assert_eq!(utc(-1), ("1969.12.31".into(), "23:59:59".into()));
        let written = |centis| {
            let mut out = String::new();
            clock(centis, &mut out);
            out
        };
        assert_eq!(written(30003), "0:05:00.03");
        assert_eq!(written(0), "0:00:00");
        assert_eq!(written(360_050), "1:00:00.50");
    }

    #[test]
    fn tags_go_after_the_tag_section() {
        let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 1-0";
        assert_eq!(
            with_tags(pgn, "[A \"b\"]\n"),
            "[Event \"x\"]\n[Result \"1-0\"]\n[A \"b\"]\n\n1. e4 1-0\n"
        );
        assert_eq!(
            with_tags("1. e4 *", "[A \"b\"]\n"),
            "[A \"b\"]\n\n1. e4 *\n"
        );
        let mut tags = TagSection::default();
        tags.tag("White", "a \"b\"").tag_if("Black", None);
        assert_eq!(tags.into_string(), "[White \"a \\\"b\\\"\"]\n");
    }
}
