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
    /// The list of a month's games.
    pub(super) games: bool,
    /// An object's next string is a key.
    pub(super) expect_key: bool,
    /// The key just read is `games`.
    pub(super) key_is_games: bool,
}

/// The first bytes of a key being read: a key is told only from `games`,
/// so no key is kept whole (the reader thread reads every key of an export).
#[derive(Debug, Default)]
pub(super) struct KeyStart {
    bytes: [u8; 6],
    len: usize,
}

impl KeyStart {
    pub(super) fn push(&mut self, c: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = c;
        }
        self.len += 1;
    }

    pub(super) fn is(&self, key: &[u8]) -> bool {
        self.len == key.len() && self.bytes.get(..self.len) == Some(key)
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
