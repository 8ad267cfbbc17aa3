//! Byte classes tested eight bytes at a time, for the short runs the reading
//! meets at every token: a tag's name, a move, a move number's digits and
//! dots.
//!
//! Why not a byte loop: such runs have every length in turn (`e4`, `Nf3`,
//! `exd8=Q+`), so the loop's exit is a mispredicted branch per token; one
//! test of a word finds the end without it. Why not `memchr`: it looks for
//! at most three bytes, and its set-up costs more than these runs. Each
//! test below is exact byte by byte: the high bit of every byte is cleared
//! before the arithmetic, so no carry crosses from one byte to the next.

/// The high bit of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// `c` in every byte.
const fn splat(c: u8) -> u64 {
    0x0101_0101_0101_0101 * c as u64
}

/// The eight bytes at `b[i..]`, first byte lowest, when there are eight.
fn word(b: &[u8], i: usize) -> Option<u64> {
    let bytes = b.get(i..i + 8)?;
    Some(u64::from_le_bytes(bytes.try_into().ok()?))
}

/// The index of the first byte flagged in `mask` (a high bit per byte).
fn first(mask: u64) -> usize {
    mask.trailing_zeros() as usize / 8
}

/// Flags the bytes of `low` (seven-bit bytes) at least `n` (1 to 128).
fn at_least(low: u64, n: u8) -> u64 {
    low.wrapping_add(splat(0x80 - n)) & HIGH
}

/// Flags the bytes of `low` (seven-bit bytes) equal to `c` (below 128).
fn equal(low: u64, c: u8) -> u64 {
    !(low ^ splat(c)).wrapping_add(splat(0x7f)) & HIGH
}

/// Flags the bytes of `low` (seven-bit bytes) from `from` to `to`.
fn between(low: u64, from: u8, to: u8) -> u64 {
    at_least(low, from) & !at_least(low, to + 1)
}

/// Where the run starting at `b[i]` ends: at the first byte `stop` flags
/// (given a word's seven-bit bytes and their high bits), found eight at a
/// time, the last few bytes one at a time with `stops`.
fn run_end(
    b: &[u8],
    mut i: usize,
    stop: impl Fn(u64, u64) -> u64,
    stops: impl Fn(u8) -> bool,
) -> usize {
    while let Some(x) = word(b, i) {
        let mask = stop(x & !HIGH, x & HIGH);
        if mask != 0 {
            return i + first(mask);
        }
        i += 8;
    }
    b[i..]
        .iter()
        .position(|&c| stops(c))
        .map_or(b.len(), |p| i + p)
}

/// Where the tag name starting at `b[i]` ends: the first byte that is not
/// an ASCII letter, digit or `_`.
pub(crate) fn name_end(b: &[u8], i: usize) -> usize {
    let not_name = |low: u64, high: u64| {
        let letter = between(low | splat(0x20), b'a', b'z');
        let name = letter | between(low, b'0', b'9') | equal(low, b'_');
        high | (HIGH & !name)
    };
    run_end(b, i, not_name, |c| {
        !(c.is_ascii_alphanumeric() || c == b'_')
    })
}

/// Where the inside of a JSON string starting at `b[i]` ends: at its
/// closing quote, a backslash, or a control byte (which JSON writes only
/// escaped). Bytes of UTF-8 past ASCII are the string's.
pub(crate) fn json_string_end(b: &[u8], i: usize) -> usize {
    let stop = |low: u64, high: u64| {
        let control = HIGH & !at_least(low, 0x20);
        (equal(low, b'"') | equal(low, b'\\') | control) & !high
    };
    run_end(b, i, stop, ends_json_string)
}

/// Whether `c` ends the inside of a JSON string (above).
fn ends_json_string(c: u8) -> bool {
    matches!(c, b'"' | b'\\' | 0..0x20)
}

/// Where the digits starting at `b[i]` end.
pub(crate) fn digits_end(b: &[u8], i: usize) -> usize {
    let not_digit = |low: u64, high: u64| high | (HIGH & !between(low, b'0', b'9'));
    run_end(b, i, not_digit, |c| !c.is_ascii_digit())
}

/// Where the dots starting at `b[i]` end.
pub(crate) fn dots_end(b: &[u8], i: usize) -> usize {
    let not_dot = |low: u64, high: u64| high | (HIGH & !equal(low, b'.'));
    run_end(b, i, not_dot, |c| c != b'.')
}

/// Where the movetext token starting at `b[i]` ends: at the first white
/// space or `{}()[];`.
#[inline]
pub(crate) fn token_end(b: &[u8], i: usize) -> usize {
    let at = run_end(b, i, maybe_delimiter, is_delimiter);
    if at < b.len() && !is_delimiter(b[at]) {
        return token_end_after_control(b, at);
    }
    at
}

/// Flags white space and `{}()[];`, and with them the control bytes that
/// are not white space: too rare to be worth telling apart here.
fn maybe_delimiter(low: u64, high: u64) -> u64 {
    let punctuation = equal(low & splat(0x7e), b'(')
        | equal(low & splat(0x5f), b'[')
        | equal(low & splat(0x5f), b']')
        | equal(low, b';');
    (punctuation | (HIGH & !at_least(low, 0x21))) & !high
}

/// [`token_end`] past a control byte that is not white space.
#[cold]
fn token_end_after_control(b: &[u8], mut at: usize) -> usize {
    while at < b.len() && !is_delimiter(b[at]) {
        at = run_end(b, at + 1, maybe_delimiter, is_delimiter);
    }
    at
}

/// Whether `c` ends a movetext token: white space or `{}()[];`.
pub(crate) fn is_delimiter(c: u8) -> bool {
    // A table: this runs for every byte the word tests leave over.
    const DELIMITERS: [bool; 256] = {
        let mut table = [false; 256];
        let mut i = 0;
        while i < 256 {
            let c = i as u8;
            table[i] = c.is_ascii_whitespace()
                || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']');
            i += 1;
        }
        table
    };
    DELIMITERS[usize::from(c)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte in every place of a word and of the tail, in a run of
    /// `inside`, against the one-byte definition.
    fn agrees(end: fn(&[u8], usize) -> usize, stops: fn(u8) -> bool, inside: u8) {
        for c in 0..=255u8 {
            for at in 0..12 {
                let mut b = vec![inside; 12];
                b[at] = c;
                let want = b.iter().position(|&x| stops(x)).unwrap_or(b.len());
                assert_eq!(end(&b, 0), want, "byte {c:#04x} at {at}");
            }
        }
    }

    #[test]
    fn each_class_agrees_with_its_definition_for_every_byte() {
        agrees(
            name_end,
            |c| !(c.is_ascii_alphanumeric() || c == b'_'),
            b'a',
        );
        agrees(token_end, is_delimiter, b'a');
        agrees(digits_end, |c| !c.is_ascii_digit(), b'5');
        agrees(dots_end, |c| c != b'.', b'.');
        agrees(json_string_end, ends_json_string, b'a');
        agrees(json_string_end, ends_json_string, 0xa2);
    }

    #[test]
    fn runs_end_where_the_text_says() {
        assert_eq!(name_end(b"[WhiteRatingDiff \"+5\"]", 1), 16);
        assert_eq!(token_end(b"exd8=Q+ {", 0), 7);
        assert_eq!(token_end(b"Nf3", 0), 3);
        assert_eq!(digits_end(b"123456789012. e4", 0), 12);
        assert_eq!(dots_end(b"12... Nf6", 2), 5);
    }
}
