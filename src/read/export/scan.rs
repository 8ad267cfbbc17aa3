//! The split of a server's JSON export into one object a game, decided once
//! on the reader thread as [`crate::read::split`] decides PGN games: lichess
//! NDJSON (one game a line), game objects one after another or in a list,
//! chess.com's month (`{"games": [ … ]}`), one a line or in a list.
//!
//! The scan keeps only the game it is inside: the bytes between games (a
//! month's wrapper, a list's commas) are read and dropped, so memory stays
//! one game (or the head of one over the limit) whatever the export's size.

use std::io::{self, Read};

use super::super::split::{Block, GameSlice, HEAD};
use one_a_line::NextLine;
use structure::{Frame, KeyStart, next_structural};

/// How much is read at a time.
const CHUNK: usize = 64 * 1024;

/// A game's bytes being gathered, from its `{` on.
struct Pending {
    offset: u64,
    line: u64,
    bytes: Vec<u8>,
    over: bool,
    /// Text at the top level that is no JSON object.
    junk: bool,
}

/// Reads a JSON export and hands out [`Block`]s of whole game objects.
pub struct JsonSplitter<R> {
    reader: R,
    target: usize,
    max_game: usize,
    chunk: Vec<u8>,
    /// Stream offset of `chunk[0]`.
    base: u64,
    line: u64,
    frames: Vec<Frame>,
    in_string: bool,
    escaped: bool,
    /// A key's first bytes (enough to tell `games`), while it is read.
    key: Option<KeyStart>,
    pending: Option<Pending>,
    block: Block,
    games_emitted: u64,
    eof: bool,
    /// Whether the export writes one game a line (NDJSON): its first game
    /// stood alone on its line, at the top. Then a line break inside a game
    /// ends it, cut short, rather than the next lines being read into it.
    one_a_line: Option<bool>,
    /// Stream offset of the current line's first byte.
    line_start: u64,
    /// Stream offset of a `{` that began a line inside the first game
    /// while it was still open ([`JsonSplitter::first_game_cut_at`]).
    brace_at_line_start: Option<u64>,
}

impl<R: Read> JsonSplitter<R> {
    /// A splitter that hands out blocks of about `target` bytes and treats
    /// a game of more than `max_game` bytes as oversized.
    pub fn with_limit(reader: R, target: usize, max_game: usize) -> Self {
        JsonSplitter {
            reader,
            target: target.max(1),
            max_game: max_game.max(HEAD),
            chunk: vec![0; CHUNK],
            base: 0,
            line: 1,
            frames: Vec::new(),
            in_string: false,
            escaped: false,
            key: None,
            pending: None,
            block: Block {
                json: true,
                ..Block::default()
            },
            games_emitted: 0,
            eof: false,
            one_a_line: None,
            line_start: 0,
            brace_at_line_start: None,
        }
    }

    /// How many games the blocks handed out so far hold.
    pub fn games_emitted(&self) -> u64 {
        self.games_emitted
    }

    /// The next block, or `None` at the end. A read error is returned once;
    /// the games before it are handed out by the next call, the one it cut
    /// marked so.
    pub fn next_block(&mut self) -> io::Result<Option<Block>> {
        while !self.eof && self.block.data.len() < self.target {
            let n = match self.reader.read(&mut self.chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.finish("a read error cut this game short");
                    return Err(e);
                }
            };
            if n == 0 {
                self.finish("the export ends inside this game: the file is cut short");
                break;
            }
            self.scan(n);
            self.base += n as u64;
        }
        Ok(self.hand_out())
    }

    fn hand_out(&mut self) -> Option<Block> {
        if self.block.games.is_empty() {
            return None;
        }
        let first_game = self.games_emitted;
        self.games_emitted += self.block.games.len() as u64;
        let block = std::mem::replace(
            &mut self.block,
            Block {
                json: true,
                ..Block::default()
            },
        );
        Some(Block {
            first_game,
            ..block
        })
    }

    /// The end of the input: a game still open is handed out as cut short.
    fn finish(&mut self, why: &str) {
        self.eof = true;
        if let Some(game) = self.pending.take() {
            let problem = match game.junk {
                true => junk_problem(&game.bytes),
                false => why.to_string(),
            };
            self.emit(game, Some(problem));
        }
        self.frames.clear();
    }

    /// Scans `chunk[..n]`, gathering the bytes of the game it is inside.
    fn scan(&mut self, n: usize) {
        let mut from = 0; // the chunk's bytes not yet gathered
        let mut i = 0;
        while i < n {
            match self.first_game_cut_at(i) {
                NextLine::Read => {}
                NextLine::Held => {
                    i += 1;
                    continue;
                }
                NextLine::NewGame => {
                    self.gather(from, i);
                    from = self.start_after_broken_first_game(i);
                }
            }
            if self.in_string {
                i = self.in_string_until(i, n);
                continue;
            }
            if let Some(top) = self.frames.last() {
                // Inside a value: numbers, `true`, white space, and in a
                // list its commas (a game's clocks are most of its bytes
                // outside strings) change no state.
                i = next_structural(&self.chunk[..n], i, top.array);
                if i == n {
                    break;
                }
            }
            let c = self.chunk[i];
            if c == b'\n' {
                self.new_line(i);
            }
            let ended = match c == b'\n' {
                true => self.line_end(i),
                false => None,
            };
            if let Some(end) = ended.or_else(|| self.structure(c, i)) {
                self.gather(from, end);
                from = end;
            }
            i += 1;
        }
        self.gather(from, n);
    }

    /// Inside a string: to its closing quote (or the chunk's end).
    fn in_string_until(&mut self, mut i: usize, n: usize) -> usize {
        if self.escaped {
            self.escaped = false;
            self.key_byte(self.chunk[i]);
            return i + 1;
        }
        let Some(at) = memchr::memchr3(b'"', b'\\', b'\n', &self.chunk[i..n]) else {
            self.key_bytes(i, n);
            return n;
        };
        self.key_bytes(i, i + at);
        i += at;
        if self.chunk[i] == b'\n' {
            // JSON writes no line break in a string: in an export of one
            // game a line, the string ends here, and the scan outside
            // strings counts the line and cuts the game; elsewhere the
            // string is read on, the line counted.
            if !self.cuts_at_line_end() {
                self.new_line(i);
                self.key_byte(b'\n');
                return i + 1;
            }
            (self.in_string, self.key) = (false, None);
            return i;
        }
        if self.chunk[i] == b'\\' {
            self.escaped = true;
        } else {
            self.in_string = false;
            self.key_end();
        }
        i + 1
    }

    fn key_bytes(&mut self, from: usize, to: usize) {
        if let Some(key) = &mut self.key {
            for &c in &self.chunk[from..to] {
                key.push(c);
            }
        }
    }

    fn key_byte(&mut self, c: u8) {
        if let Some(key) = &mut self.key {
            key.push(c);
        }
    }

    fn key_end(&mut self) {
        if let Some(key) = self.key.take()
            && let Some(top) = self.frames.last_mut()
        {
            top.key_is_games = key.is(b"games");
        }
    }

    /// One byte outside strings. Returns where the chunk's bytes gathered
    /// so far end, when a game ended at this byte.
    fn structure(&mut self, c: u8, i: usize) -> Option<usize> {
        if let Some(game) = &self.pending
            && game.junk
        {
            return (c == b'\n').then(|| self.end_junk(i));
        }
        if self.frames.is_empty() && !matches!(c, b'{' | b'[' | b']' | b',') {
            let byte_order_mark = self.base + i as u64 <= 2 && c >= 0xbb;
            if !(c.is_ascii_whitespace() || byte_order_mark) {
                self.start_junk(i);
            }
            return None;
        }
        match c {
            b'"' => {
                self.in_string = true;
                let key = self.frames.last().is_some_and(|f| !f.array && f.expect_key);
                self.key = key.then(KeyStart::default);
            }
            b'{' => self.open_object(i),
            b'[' => self.open_array(),
            b'}' | b']' => return self.close(i),
            b',' => self.comma(),
            b':' => {
                if let Some(top) = self.frames.last_mut() {
                    top.expect_key = false;
                }
            }
            _ => {}
        }
        None
    }

    fn comma(&mut self) {
        if let Some(top) = self.frames.last_mut()
            && !top.array
        {
            top.expect_key = true;
        }
    }

    /// Whether an object opened now is a game: at the top, in a list at
    /// the top, or in a month's `games`.
    fn at_a_games_place(&self) -> bool {
        match self.frames.as_slice() {
            [] => true,
            [only] => only.array,
            [.., top] => top.games,
        }
    }

    fn open_object(&mut self, i: usize) {
        let game = self.pending.is_none() && self.at_a_games_place();
        if game {
            self.pending = Some(self.pending_at(i, false));
        }
        self.frames.push(Frame {
            game,
            expect_key: true,
            ..Frame::default()
        });
    }

    /// A list; a `games` list in an object at a game's place makes that
    /// object a month, and its objects the games.
    fn open_array(&mut self) {
        let mut games = false;
        if let Some(top) = self.frames.last_mut()
            && !top.array
            && top.key_is_games
            && (top.game || top.month)
        {
            if top.game {
                top.game = false;
                self.pending = None;
            }
            top.month = true;
            games = true;
        }
        self.frames.push(Frame {
            array: true,
            games,
            ..Frame::default()
        });
    }

    fn close(&mut self, i: usize) -> Option<usize> {
        let frame = self.frames.pop()?;
        if !frame.game {
            return None;
        }
        self.gather_to(i + 1);
        let game = self.pending.take()?;
        let alone = self.frames.is_empty() && game.line == self.line;
        self.one_a_line.get_or_insert(alone);
        self.emit(game, None);
        Some(i + 1)
    }

    fn start_junk(&mut self, i: usize) {
        self.pending = Some(self.pending_at(i, true));
    }

    /// A game (or text that is none) starting at `chunk[i]`.
    fn pending_at(&self, i: usize, junk: bool) -> Pending {
        Pending {
            offset: self.base + i as u64,
            line: self.line,
            bytes: Vec::new(),
            over: false,
            junk,
        }
    }

    fn end_junk(&mut self, i: usize) -> usize {
        self.gather_to(i);
        if let Some(junk) = self.pending.take() {
            let why = junk_problem(&junk.bytes);
            self.emit(junk, Some(why));
        }
        // The line's end is counted by the caller.
        i
    }

    /// Adds `chunk[from..to]` to the game being gathered, if any.
    fn gather(&mut self, from: usize, to: usize) {
        let Some(game) = &mut self.pending else {
            return;
        };
        let start = match game.offset >= self.base {
            true => (game.offset - self.base) as usize,
            false => 0,
        };
        let from = from.max(start);
        if from >= to {
            return;
        }
        let room = match game.over {
            true => 0,
            false => (self.max_game + 1).saturating_sub(game.bytes.len()),
        };
        game.bytes
            .extend_from_slice(&self.chunk[from..to.min(from + room)]);
        if game.bytes.len() > self.max_game {
            game.over = true;
            game.bytes.truncate(HEAD);
        }
    }

    /// Gathers the chunk up to `to` (called at a game's end, with the
    /// chunk's bytes before it not yet gathered by `scan`).
    fn gather_to(&mut self, to: usize) {
        let Some(game) = &self.pending else {
            return;
        };
        // The stream offset of the game's next byte not yet gathered.
        let next = game.offset + game.bytes.len() as u64;
        let from = match game.over {
            true => to,
            false => (next.saturating_sub(self.base) as usize).min(to),
        };
        self.gather(from, to);
    }

    fn emit(&mut self, game: Pending, problem: Option<String>) {
        let problem = problem.or_else(|| {
            game.over.then(|| {
                format!(
                    "the game's JSON is larger than --max-game-bytes ({} bytes)",
                    self.max_game
                )
            })
        });
        let start = self.block.data.len();
        self.block.data.extend_from_slice(&game.bytes);
        self.block.games.push(GameSlice {
            bytes: start..self.block.data.len(),
            offset: game.offset,
            line: game.line,
            problem,
        });
    }
}

/// Why text at the top of an export is no game: quoted, cut short.
fn junk_problem(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    let shown: String = text.chars().take(60).collect();
    let more = if shown.len() < text.len() { "…" } else { "" };
    format!("a line of the export that is no JSON object: “{shown}{more}”")
}

mod one_a_line;
mod structure;
#[cfg(test)]
mod tests;
