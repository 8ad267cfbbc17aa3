//! What the scan of an export keeps of its structure: the open brackets,
//! the start of a key, and which bytes inside a value it must look at.

/// One open `{` or `[`.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Frame {
    pub(super) array: bool,
    /// An object at a game's place: a game, unless a `games` list turns
    /// it into a month.
    pub(super) game: bool,
    /// An object holding a `games` list (chess.com's month).
    pub(super) month: bool,
    /// A list whose objects are games: one at the top, a month's `games`,
    /// and a list inside either.
    pub(super) games: bool,
    /// A `games` list of an object at a game's place that has named no
    /// field of a game before it: its first value tells whether it holds
    /// games (an object or a list: the object is a month) or is a field.
    pub(super) games_untold: bool,
    /// An object's next string is a key.
    pub(super) expect_key: bool,
    /// The key just read is `games`.
    pub(super) key_is_games: bool,
    /// A key that names a field of a game (`id`, `moves`, `url` …) was
    /// read: a `games` list after it is that game's field.
    pub(super) named_a_game_field: bool,
}

/// The first bytes of a key being read, its escapes undone (`"g\u0061mes"`
/// is `games`, as every JSON reader reads it): a key is told only from a
/// few names, so no key is kept whole (the reader thread reads every key of
/// an export).
#[derive(Debug, Default)]
pub(super) struct KeyStart {
    bytes: [u8; 8],
    len: usize,
    escape: bool,
    /// The hex digits of a `\u` escape read so far, and their value.
    unicode: Option<(u8, u32)>,
}

/// The keys that name a game's own fields, in lichess's and chess.com's
/// exports.
const GAME_FIELDS: [&[u8]; 7] = [
    b"id", b"moves", b"pgn", b"url", b"status", b"players", b"white",
];

impl KeyStart {
    /// The key's next byte as written, a `\` and its escape included.
    pub(super) fn push(&mut self, c: u8) {
        if let Some((digits, value)) = self.unicode {
            let value = value * 16 + char::from(c).to_digit(16).unwrap_or(0);
            match digits + 1 {
                4 => {
                    self.unicode = None;
                    // Only ASCII names are told apart: any other letter
                    // is one that no name holds.
                    self.decoded(
                        u8::try_from(value)
                            .ok()
                            .filter(u8::is_ascii)
                            .unwrap_or(0xff),
                    );
                }
                n => self.unicode = Some((n, value)),
            }
            return;
        }
        if self.escape {
            self.escape = false;
            match c {
                b'u' => self.unicode = Some((0, 0)),
                b'n' => self.decoded(b'\n'),
                b't' => self.decoded(b'\t'),
                b'r' => self.decoded(b'\r'),
                b'b' => self.decoded(0x08),
                b'f' => self.decoded(0x0c),
                other => self.decoded(other),
            }
            return;
        }
        match c {
            b'\\' => self.escape = true,
            _ => self.decoded(c),
        }
    }

    fn decoded(&mut self, c: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = c;
        }
        self.len += 1;
    }

    pub(super) fn is(&self, key: &[u8]) -> bool {
        self.len == key.len() && self.bytes.get(..self.len) == Some(key)
    }

    /// Whether the key names one of a game's own fields.
    pub(super) fn names_a_game_field(&self) -> bool {
        GAME_FIELDS.iter().any(|field| self.is(field))
    }
}

/// The first byte from `i` on that a scan inside a value must look at: a
/// quote, a bracket, a line break, and in an object (not `in_list`) a comma
/// or a colon; `bytes.len()` if none.
pub(super) fn next_structural(bytes: &[u8], i: usize, in_list: bool) -> usize {
    const fn table(in_list: bool) -> [bool; 256] {
        let mut table = [false; 256];
        let mut k = 0;
        while k < 256 {
            table[k] = match k as u8 {
                b'"' | b'{' | b'}' | b'[' | b']' | b'\n' => true,
                b',' | b':' => !in_list,
                _ => false,
            };
            k += 1;
        }
        table
    }
    const IN_OBJECT: [bool; 256] = table(false);
    const IN_LIST: [bool; 256] = table(true);
    let structural = if in_list { &IN_LIST } else { &IN_OBJECT };
    bytes[i..]
        .iter()
        .position(|&b| structural[usize::from(b)])
        .map_or(bytes.len(), |p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(written: &[u8]) -> KeyStart {
        let mut key = KeyStart::default();
        written.iter().for_each(|&c| key.push(c));
        key
    }

    #[test]
    fn a_key_is_read_with_its_escapes_undone() {
        for written in [
            &b"games"[..],
            b"g\\u0061mes",
            b"\\u0067\\u0041mes".as_slice(),
        ] {
            let k = key(written);
            assert_eq!(
                k.is(b"games"),
                written != b"\\u0067\\u0041mes",
                "{written:?}"
            );
        }
        assert!(key(b"g\\u0061me\\u0073").is(b"games"));
        assert!(!key(b"game\\u00e9").is(b"games"));
        assert!(!key(b"gamess").is(b"games"));
        assert!(key(b"\\u0069d").names_a_game_field());
        assert!(!key(b"idx").names_a_game_field());
    }
}
