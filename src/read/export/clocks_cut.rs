//! lichess's `clocks` read ahead of serde_json and cut out of the object
//! it then reads. serde_json's typed reading of that list of numbers was a
//! third of a lichess object's reading (issue 66: a game of NDJSON no
//! slower than a game of PGN), and it passes over a value it is told to
//! skip, or to keep raw, digit by digit as well; `atoi_simd` reads each
//! number eight bytes at a time, without the branch on its length that a
//! loop a byte missed once a number. What is ours is only where the list
//! stands and whether it may be cut.
//!
//! The cut is made only where its reading cannot differ from serde's:
//! the object holds no backslash (so every `"` parts strings, and a key
//! reads as it is written), the string `clocks` stands in it once, as a
//! key followed by `:[`, and the list is JSON's plain integers parted by
//! commas. Whether that key was the object's own (not one inside a player)
//! is left to serde, which must read `clocks` as an empty list from the
//! object cut ([`ClocksCut::is_read_in`]); else the object is read whole.

use std::ops::Range;
use std::sync::LazyLock;

use memchr::memmem::Finder;

use super::object::GameObject;

/// A lichess object's `clocks`, read, and where their numbers stand.
#[derive(Debug)]
pub(super) struct ClocksCut {
    /// The numbers between `[` and `]`.
    numbers: Range<usize>,
    clocks: Vec<u64>,
}

impl ClocksCut {
    /// The clocks of `json`, where they can be cut (above).
    pub(super) fn find(json: &[u8]) -> Option<ClocksCut> {
        const KEY: &[u8] = b"\"clocks\"";
        // Built once: a searcher's set-up costs as much as a search here.
        static FINDER: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(KEY));
        if memchr::memchr(b'\\', json).is_some() {
            return None;
        }
        let at = FINDER.find(json)?;
        let after = &json[at + KEY.len()..];
        if !after.starts_with(b":[") || FINDER.find(after).is_some() {
            return None;
        }
        let start = at + KEY.len() + 2;
        let end = start + memchr::memchr(b']', &json[start..])?;
        let clocks = integers(&json[start..end])?;
        Some(ClocksCut {
            numbers: start..end,
            clocks,
        })
    }

    /// `json` without the numbers of its clocks (`"clocks":[]`), into `out`.
    pub(super) fn write_without(&self, json: &[u8], out: &mut Vec<u8>) {
        out.clear();
        out.reserve(json.len() - self.numbers.len());
        out.extend_from_slice(&json[..self.numbers.start]);
        out.extend_from_slice(&json[self.numbers.end..]);
    }

    /// Whether `game`, read from the object cut, read the cut list as its
    /// own `clocks`: an empty list, which no other key gives it.
    pub(super) fn is_read_in(&self, game: &GameObject) -> bool {
        game.clocks.as_ref().is_some_and(Vec::is_empty)
    }

    /// `game` given the clocks cut from its object.
    pub(super) fn put_back(self, game: &mut GameObject) {
        game.clocks = Some(self.clocks);
    }
}

/// The numbers of `list` (`60003,59870,…`), where each is a JSON integer
/// (no sign, point, exponent or leading zero) that a `u64` holds and no
/// white space stands between them; `None` for an empty list, which has
/// nothing to cut. Each number is read eight bytes at a time, without a
/// branch that turns on its length (which a byte at a time missed once a
/// number).
fn integers(list: &[u8]) -> Option<Vec<u64>> {
    // A clock and its comma take about five bytes.
    let mut numbers = Vec::with_capacity(list.len() / 4 + 1);
    let mut rest = list;
    loop {
        let (number, len) = atoi_simd::parse_prefix_pos::<u64, false>(rest).ok()?;
        if len > 1 && rest[0] == b'0' {
            return None;
        }
        numbers.push(number);
        match rest.get(len) {
            None => return Some(numbers),
            Some(b',') => rest = &rest[len + 1..],
            Some(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_integers_are_read() {
        assert_eq!(integers(b"6000,5990,0"), Some(vec![6000, 5990, 0]));
        let max = b"0,18446744073709551615";
        assert_eq!(integers(max), Some(vec![0, u64::MAX]));
        for list in [
            &b""[..],
            b"18446744073709551616",
            b"0,01",
            b"+1",
            b"01",
            b"1,,2",
            b"1,",
            b",1",
            b"1, 2",
            b"-1",
            b"1.5",
            b"1e3",
            b"\"1\"",
            b"[1]",
            b"null",
        ] {
            assert_eq!(integers(list), None, "{}", String::from_utf8_lossy(list));
        }
    }

    #[test]
    fn the_cut_is_made_only_where_the_key_is_plain_and_once() {
        let cut = |json: &str| ClocksCut::find(json.as_bytes()).map(|c| c.clocks);
        assert_eq!(
            cut(r#"{"moves":"e4","clocks":[300,290],"clock":{}}"#),
            Some(vec![300, 290])
        );
        for json in [
            r#"{"clocks":[]}"#,
            r#"{"clocks": [300]}"#,
            r#"{"clocks":null}"#,
            r#"{"a":"x\"y","clocks":[300]}"#,
            r#"{"\u0063locks":[1],"clocks":[300]}"#,
            r#"{"clocks":[300],"players":{"clocks":[1]}}"#,
            r#"{"players":{"clocks":[1]},"clocks":[300]}"#,
            r#"{"a":"clocks","clocks":[300]}"#,
        ] {
            assert_eq!(cut(json), None, "{json}");
        }
        let json = br#"{"moves":"e4 e5","clocks":[300,290],"clock":{"initial":3}}"#;
        let mut out = Vec::new();
        ClocksCut::find(json).unwrap().write_without(json, &mut out);
        assert_eq!(
            out,
            br#"{"moves":"e4 e5","clocks":[],"clock":{"initial":3}}"#
        );
    }
}
