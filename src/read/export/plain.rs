//! A game object read by hand where it is plain: no backslash, no control
//! byte in a string, each field of the type it is read as (a string, a
//! bool, a plain integer, an object of the fields read, or `null`), no
//! field twice, JSON's own grammar in what is skipped. What is not plain
//! is `None`, and serde_json reads it; what is read equals what serde_json
//! reads from the same bytes (a test mutates real objects byte by byte and
//! holds the two equal wherever this reads one).
//!
//! Why by hand (issue 66: a game of NDJSON no slower than a game of PGN):
//! serde_json's derived reading of the object ran through about 60 KiB of
//! code a game, which the instruction cache does not hold (cachegrind:
//! 180 misses a game reading alone, against 0.6 for the PGN parse); sonic-rs
//! and jiter measured no faster. This is one loop over the keys of a few
//! objects, the strings found eight bytes at a time.

use std::borrow::Cow;

use crate::read::bytes::{digits_end, json_string_end};

use super::object::{
    ChessComPlayer, GameObject, LichessClock, LichessPlayer, Named, Opening, Players, Str, Text,
    User,
};

/// `json`'s fields, where it is plain (above).
pub(super) fn read(json: &[u8]) -> Option<GameObject<'_>> {
    let text = std::str::from_utf8(json).ok()?;
    let mut cursor = Cursor { text, at: 0 };
    let game = cursor.fields(Cursor::game_field)?;
    cursor.space();
    (cursor.at == json.len()).then_some(game)
}

/// Where the reading stands in the object's text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

/// How deep a skipped value may nest before serde_json is left to read it.
const DEPTH: usize = 32;

impl<'a> Cursor<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.at).copied()
    }

    /// JSON's white space.
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        self.space();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        let end = self.at + word.len();
        (self.text.get(self.at..end) == Some(word)).then(|| self.at = end)
    }

    /// Whether the value here is `null` (read).
    fn null(&mut self) -> bool {
        self.space();
        self.literal("null").is_some()
    }

    /// An object: each key handed to `field`, which reads its value.
    fn object(&mut self, mut field: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            self.space();
            let key = self.string()?;
            self.eat(b':')?;
            field(self, key)?;
            if self.eat(b'}').is_some() {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// An object read into a `T` by `field`, which reads each key's value
    /// (bit `n` of its `u32` for its `n`th field: [`once`]).
    fn fields<T: Default>(
        &mut self,
        mut field: impl FnMut(&mut Self, &mut T, &mut u32, &'a str) -> Option<()>,
    ) -> Option<T> {
        let (mut value, mut seen) = (T::default(), 0);
        self.object(|c, key| field(c, &mut value, &mut seen, key))?;
        Some(value)
    }

    /// A string without escapes or control bytes, found eight bytes at a
    /// time (`memchr`'s set-up cost more than a key's few bytes).
    fn string(&mut self) -> Option<&'a str> {
        if self.peek() != Some(b'"') {
            return None;
        }
        let start = self.at + 1;
        let end = json_string_end(self.bytes(), start);
        if self.bytes().get(end) != Some(&b'"') {
            return None;
        }
        self.at = end + 1;
        self.text.get(start..end)
    }

    fn text(&mut self) -> Option<Text<'a>> {
        if self.null() {
            return Some(None);
        }
        Some(Some(Str(Cow::Borrowed(self.string()?))))
    }

    fn named(&mut self) -> Option<Option<Named<'a>>> {
        Some(self.text()?.map(|Str(name)| Named(name)))
    }

    fn bool(&mut self) -> Option<Option<bool>> {
        if self.null() {
            return Some(None);
        }
        if self.literal("true").is_some() {
            return Some(Some(true));
        }
        self.literal("false").map(|()| Some(false))
    }

    /// Digits as JSON writes an integer (no leading zero), and what they
    /// make, where a `u64` holds it and no fraction or exponent follows.
    #[inline]
    fn digits(&mut self) -> Option<u64> {
        let rest = &self.bytes()[self.at..];
        // Eight bytes at a time, without a branch on the number's length
        // (a byte loop missed one a number, in a list of clocks).
        let (number, len) = atoi_simd::parse_prefix_pos::<u64, false>(rest).ok()?;
        let leading_zero = len > 1 && rest[0] == b'0';
        if leading_zero || matches!(rest.get(len), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        self.at += len;
        Some(number)
    }

    fn unsigned(&mut self) -> Option<Option<u64>> {
        if self.null() {
            return Some(None);
        }
        self.digits().map(Some)
    }

    fn signed(&mut self) -> Option<Option<i64>> {
        if self.null() {
            return Some(None);
        }
        let negative = self.peek() == Some(b'-');
        self.at += usize::from(negative);
        let magnitude = i128::from(self.digits()?);
        // serde_json reads `-0` as a float, which no integer field takes.
        if negative && magnitude == 0 {
            return None;
        }
        let value = if negative { -magnitude } else { magnitude };
        i64::try_from(value).ok().map(Some)
    }

    /// A list of plain integers, as `clocks`.
    fn integers(&mut self) -> Option<Option<Vec<u64>>> {
        if self.null() {
            return Some(None);
        }
        self.eat(b'[')?;
        // A number and its comma take about five bytes.
        let list = memchr::memchr(b']', &self.bytes()[self.at..])?;
        let mut numbers = Vec::with_capacity(list / 4 + 1);
        if self.eat(b']').is_some() {
            return Some(Some(numbers));
        }
        loop {
            self.space();
            numbers.push(self.digits()?);
            // As lichess writes them, a comma straight after each number.
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Some(Some(numbers));
                }
                _ if self.eat(b']').is_some() => return Some(Some(numbers)),
                _ => self.eat(b',')?,
            }
        }
    }

    /// Any value, read by JSON's grammar and dropped.
    fn skip(&mut self, depth: usize) -> Option<()> {
        self.space();
        match self.peek()? {
            _ if depth > DEPTH => None,
            b'"' => self.string().map(drop),
            b'{' => self.object(|c, _| c.skip(depth + 1)),
            b'[' => self.list(depth),
            b't' => self.literal("true"),
            b'f' => self.literal("false"),
            b'n' => self.literal("null"),
            _ => self.number(),
        }
    }

    fn list(&mut self, depth: usize) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            self.skip(depth + 1)?;
            if self.eat(b']').is_some() {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// A number as JSON writes one: `-`, an integer part without a leading
    /// zero, a fraction, an exponent.
    fn number(&mut self) -> Option<()> {
        self.at += usize::from(self.peek() == Some(b'-'));
        let whole = self.run_of_digits();
        if whole == 0 || (whole > 1 && self.bytes()[self.at - whole] == b'0') {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            (self.run_of_digits() > 0).then_some(())?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            self.at += usize::from(matches!(self.peek(), Some(b'+' | b'-')));
            (self.run_of_digits() > 0).then_some(())?;
        }
        Some(())
    }

    /// Passes the digits here; how many there were.
    fn run_of_digits(&mut self) -> usize {
        let start = self.at;
        self.at = digits_end(self.bytes(), start);
        self.at - start
    }
}

/// A field's value read into `slot`, unless the field (bit `field` of
/// `seen`) was read before, `null` or not: serde refuses a field twice,
/// and is left to say so.
fn once<T>(
    seen: &mut u32,
    field: u32,
    slot: &mut Option<T>,
    value: Option<Option<T>>,
) -> Option<()> {
    let first = *seen & (1 << field) == 0;
    *seen |= 1 << field;
    *slot = value.filter(|_| first)?;
    Some(())
}

impl<'a> Cursor<'a> {
    fn game_field(&mut self, g: &mut GameObject<'a>, seen: &mut u32, key: &str) -> Option<()> {
        match key {
            "id" => once(seen, 0, &mut g.id, self.text()),
            "rated" => once(seen, 1, &mut g.rated, self.bool()),
            "variant" => once(seen, 2, &mut g.variant, self.named()),
            "speed" => once(seen, 3, &mut g.speed, self.text()),
            "perf" => once(seen, 4, &mut g.perf, self.text()),
            "createdAt" => once(seen, 5, &mut g.created_at, self.signed()),
            "status" => once(seen, 6, &mut g.status, self.named()),
            "players" => once(seen, 7, &mut g.players, self.nested(Self::players)),
            "winner" => once(seen, 8, &mut g.winner, self.text()),
            "opening" => once(seen, 9, &mut g.opening, self.nested(Self::opening)),
            "moves" => once(seen, 10, &mut g.moves, self.text()),
            "pgn" => once(seen, 11, &mut g.pgn, self.text()),
            "clock" => once(seen, 12, &mut g.clock, self.nested(Self::clock)),
            "clocks" => once(seen, 13, &mut g.clocks, self.integers()),
            "daysPerTurn" => once(seen, 14, &mut g.days_per_turn, self.unsigned()),
            "initialFen" => once(seen, 15, &mut g.initial_fen, self.text()),
            "tournament" => once(seen, 16, &mut g.tournament, self.text()),
            "swiss" => once(seen, 17, &mut g.swiss, self.text()),
            "url" => once(seen, 18, &mut g.url, self.text()),
            "time_control" => once(seen, 19, &mut g.time_control, self.text()),
            "rules" => once(seen, 20, &mut g.rules, self.text()),
            "initial_setup" => once(seen, 21, &mut g.initial_setup, self.text()),
            "tcn" => once(seen, 22, &mut g.tcn, self.text()),
            "end_time" => once(seen, 23, &mut g.end_time, self.signed()),
            "white" => once(seen, 24, &mut g.white, self.nested(Self::chess_com_player)),
            "black" => once(seen, 25, &mut g.black, self.nested(Self::chess_com_player)),
            _ => self.skip(0),
        }
    }

    /// An object read by `read`, or `null`.
    fn nested<T>(&mut self, read: fn(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.null() {
            return Some(None);
        }
        read(self).map(Some)
    }

    fn players(&mut self) -> Option<Players<'a>> {
        self.fields(|c, players: &mut Players<'a>, seen, key| match key {
            "white" => once(seen, 0, &mut players.white, c.nested(Self::lichess_player)),
            "black" => once(seen, 1, &mut players.black, c.nested(Self::lichess_player)),
            _ => c.skip(1),
        })
    }

    fn lichess_player(&mut self) -> Option<LichessPlayer<'a>> {
        self.fields(|c, p: &mut LichessPlayer<'a>, seen, key| match key {
            "user" => once(seen, 0, &mut p.user, c.nested(Self::user)),
            "aiLevel" => once(seen, 1, &mut p.ai_level, c.unsigned()),
            "name" => once(seen, 2, &mut p.name, c.text()),
            "rating" => once(seen, 3, &mut p.rating, c.signed()),
            "ratingDiff" => once(seen, 4, &mut p.rating_diff, c.signed()),
            _ => c.skip(2),
        })
    }

    fn user(&mut self) -> Option<User<'a>> {
        self.fields(|c, u: &mut User<'a>, seen, key| match key {
            "name" => once(seen, 0, &mut u.name, c.text()),
            "title" => once(seen, 1, &mut u.title, c.text()),
            _ => c.skip(3),
        })
    }

    fn opening(&mut self) -> Option<Opening<'a>> {
        self.fields(|c, o: &mut Opening<'a>, seen, key| match key {
            "eco" => once(seen, 0, &mut o.eco, c.text()),
            "name" => once(seen, 1, &mut o.name, c.text()),
            _ => c.skip(1),
        })
    }

    fn clock(&mut self) -> Option<LichessClock> {
        self.fields(|c, k: &mut LichessClock, seen, key| match key {
            "initial" => once(seen, 0, &mut k.initial, c.unsigned()),
            "increment" => once(seen, 1, &mut k.increment, c.unsigned()),
            _ => c.skip(1),
        })
    }

    fn chess_com_player(&mut self) -> Option<ChessComPlayer<'a>> {
        self.fields(|c, p: &mut ChessComPlayer<'a>, seen, key| match key {
            "username" => once(seen, 0, &mut p.username, c.text()),
            "rating" => once(seen, 1, &mut p.rating, c.signed()),
            "result" => once(seen, 2, &mut p.result, c.text()),
            _ => c.skip(1),
        })
    }
}

#[cfg(test)]
mod tests;
