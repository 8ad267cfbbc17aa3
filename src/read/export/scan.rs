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
use crate::read::input::JsonLayout;
use one_a_line::Stretch;
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
    /// How many brackets were open outside it.
    depth: usize,
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
    /// Whether the export writes its games one a line (NDJSON, or a list
    /// or a month one game a line): told by its first lines
    /// ([`JsonLayout`]) or by its first game, closed on the line it opened.
    /// Then a line break inside a game ends it, cut short, rather than the
    /// next lines being read into it.
    one_a_line: Option<bool>,
    /// How many brackets are open around a game (0 at the top, 1 in a
    /// list, 2 in a month's `games`), from the first game.
    games_depth: Option<usize>,
    /// Where the value open at the games' depth began.
    stretch: Option<Stretch>,
    /// A string was left open at the line's end just read.
    string_cut: bool,
}

impl<R: Read> JsonSplitter<R> {
    /// A splitter that hands out blocks of about `target` bytes and treats
    /// a game of more than `max_game` bytes as oversized.
    pub fn with_limit(reader: R, layout: JsonLayout, target: usize, max_game: usize) -> Self {
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
            one_a_line: (layout == JsonLayout::OneALine).then_some(true),
            games_depth: None,
            stretch: None,
            string_cut: false,
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
        } else if !self.frames.is_empty() {
            self.stretch_left_open(
                "the export ends inside a list that gave no game: the file is cut short",
            );
        }
        self.frames.clear();
    }

    /// Scans `chunk[..n]`, gathering the bytes of the game it is inside.
    fn scan(&mut self, n: usize) {
        let mut from = 0; // the chunk's bytes not yet gathered
        let mut i = 0;
        while i < n {
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
                self.new_line();
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
            // A line break escapes nothing: where it ends the game, it is
            // read as the line's end (a line cut after a `\`).
            if self.chunk[i] == b'\n' && self.strings_end_at_line_end() {
                (self.in_string, self.key, self.string_cut) = (false, None, true);
                return i;
            }
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
            // game a line, the string ends here (in a game, or in a line
            // that is no JSON), and the scan outside strings counts the
            // line and cuts the game; elsewhere the string is read on.
            if !self.strings_end_at_line_end() {
                self.new_line();
                self.key_byte(b'\n');
                return i + 1;
            }
            (self.in_string, self.key, self.string_cut) = (false, None, true);
            return i;
        }
        if self.chunk[i] == b'\\' {
            self.escaped = true;
            self.key_byte(b'\\');
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
            top.named_a_game_field |= key.names_a_game_field();
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
        if self.frames.last().is_some_and(|top| top.games_untold) && c != b'\n' {
            self.tell_games(c);
        }
        match c {
            b'"' => {
                self.in_string = true;
                let key = self.frames.last().is_some_and(|f| !f.array && f.expect_key);
                self.key = key.then(KeyStart::default);
            }
            b'{' => self.open_object(i),
            b'[' => self.open_array(i),
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

    /// Whether a value opened now is at a game's place: at the top, or in
    /// a list of games (a list at the top, a month's `games`, a list in
    /// either).
    fn at_a_games_place(&self) -> bool {
        self.frames.last().is_none_or(|top| top.array && top.games)
    }

    fn open_object(&mut self, i: usize) {
        let game = self.pending.is_none() && self.at_a_games_place();
        self.open_stretch(i);
        if game {
            self.pending = Some(self.pending_at(i, false));
        }
        self.frames.push(Frame {
            game,
            expect_key: true,
            ..Frame::default()
        });
    }

    /// A list: of games at a game's place; in an object at a game's place
    /// that has named no field of a game, its `games` list is told by its
    /// first value ([`JsonSplitter::tell_games`]); anywhere else a field.
    fn open_array(&mut self, i: usize) {
        let games = self.at_a_games_place();
        let games_untold = self.frames.last().is_some_and(|top| {
            !top.array && top.key_is_games && (top.game || top.month) && !top.named_a_game_field
        });
        self.open_stretch(i);
        self.frames.push(Frame {
            array: true,
            games,
            games_untold,
            ..Frame::default()
        });
    }

    /// The first value of a `games` list told apart: an object or a list
    /// makes the object around it a month, and the list its games; anything
    /// else leaves it a game with a field of that name.
    fn tell_games(&mut self, c: u8) {
        let holds_games = matches!(c, b'{' | b'[');
        let n = self.frames.len();
        let Some(list) = self.frames.last_mut() else {
            return;
        };
        list.games_untold = false;
        list.games = holds_games;
        if !holds_games || n < 2 {
            return;
        }
        let owner = &mut self.frames[n - 2];
        if owner.game {
            owner.game = false;
            self.pending = None;
        }
        owner.month = true;
    }

    fn close(&mut self, i: usize) -> Option<usize> {
        let frame = self.frames.pop()?;
        if self.frames.len() <= self.depth_of_games() {
            self.stretch = None;
        }
        if !frame.game {
            return None;
        }
        self.gather_to(i + 1);
        let game = self.pending.take()?;
        self.one_a_line.get_or_insert(game.line == self.line);
        self.games_depth.get_or_insert(game.depth);
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
            depth: self.frames.len(),
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
            head_only: game.over,
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
