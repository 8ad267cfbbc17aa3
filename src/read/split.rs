//! Split: cut a decompressed PGN stream into blocks of whole games.
//!
//! The reader thread runs this; the blocks then travel to the worker pool.
//! Game boundaries are decided here, once, sequentially, so that the games a
//! block holds never depend on the block size or on the number of threads.
//!
//! A new game starts at a tag line that follows movetext (the usual case, and
//! the only one in files that glue `[Event` right after a result), at a tag
//! whose name the current game already has (two tag sections with no
//! movetext between them), or at the first line after a blank line that
//! follows a result token (tagless games separated by blank lines). A blank
//! line anywhere else does not end a game: ChessBase writes one inside the
//! tag section, and comments may hold them too. Lines end at `\n`, `\r\n` or
//! a lone `\r`.
//!
//! Memory stays bounded whatever the input: a game larger than the limit is
//! not kept whole. Its first [`HEAD`] bytes are kept (for its tags), the rest
//! is scanned for the next boundary and dropped, and the game is handed on
//! with a [`GameSlice::problem`] that says so.

use std::io::{self, Read};
use std::ops::Range;

use scan::{Mark, Scan, has_content, leading_blank_lines, text_len};
pub(crate) use scan::{after_name, movetext_after_tag, tag_name_end};

mod bounded;
mod scan;

/// How much of an oversized game is kept: enough for any tag section.
pub const HEAD: usize = 64 * 1024;

/// The default limit on one game's size.
pub const MAX_GAME_BYTES: usize = 16 * 1024 * 1024;

/// One game within a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSlice {
    /// The game's bytes within [`Block::data`] (only the head of an
    /// oversized game).
    pub bytes: Range<usize>,
    /// Offset of the game's first byte in the decompressed stream.
    pub offset: u64,
    /// 1-based line of the game's first byte in the stream.
    pub line: u64,
    /// Why the game cannot be read whole: too large, or cut off by a read
    /// error.
    pub problem: Option<String>,
    /// Only the head of the game was kept (too large, cut off): its text
    /// cannot be copied out.
    pub head_only: bool,
}

/// Whole games cut from one source.
#[derive(Debug, Default)]
pub struct Block {
    /// 0-based index of the block's first game within its source.
    pub first_game: u64,
    pub data: Vec<u8>,
    /// The games, in input order.
    pub games: Vec<GameSlice>,
    /// What the source's text that is not UTF-8 is read as, once decided
    /// for the whole source ([`crate::read::encoding::FileEncoding`]).
    pub legacy: Option<&'static encoding_rs::Encoding>,
    /// The games are a server's JSON objects, each written as PGN before
    /// it is read ([`crate::read::export`]).
    pub json: bool,
}

impl Block {
    /// Keeps only the games that start within `range` of the stream (a
    /// shard), numbered as before.
    pub fn keep_starting_in(&mut self, range: &Range<u64>) {
        let before = self
            .games
            .iter()
            .take_while(|g| g.offset < range.start)
            .count();
        self.games.retain(|g| range.contains(&g.offset));
        self.first_game += before as u64;
    }
}

/// A game start found in the buffer.
#[derive(Debug, Clone)]
struct Start {
    at: usize,
    offset: u64,
    line: u64,
    problem: Option<String>,
    /// Not yet known to be a game start: a block must not be cut here.
    tentative: bool,
    /// Where its first line with text begins, once scanned: blank lines
    /// before a game are no part of its size.
    text: Option<usize>,
}

/// Reads a stream and hands out [`Block`]s of at least `target` bytes
/// (except the last), each ending on a game boundary.
pub struct Splitter<R> {
    reader: R,
    target: usize,
    max_game: usize,
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    base: u64,
    /// Bytes dropped from the buffer (inside an oversized game, or blank
    /// text after a game) since `base`: the bytes from `dropped_at` on sit
    /// that much further on in the stream.
    dropped: u64,
    dropped_at: usize,
    /// The end of the last byte of the last game that is not white space:
    /// a game's size is up to there, blank text after it is not its own.
    content_end: usize,
    /// White space longer than a game may be was dropped from the last
    /// game: more text in it makes it oversized.
    blank_dropped: bool,
    /// Bytes of `buf` already scanned.
    scanned: usize,
    /// `scanned` is inside a line whose start was consumed already.
    mid_line: bool,
    /// `buf[scanned..searched]` holds no line end.
    searched: usize,
    /// 1-based line number at `scanned`.
    line: u64,
    /// Starts of the games found in `buf`, ascending.
    starts: Vec<Start>,
    scan: Scan,
    /// The last game is over the size limit and is being skipped.
    oversized: bool,
    games_emitted: u64,
    eof: bool,
}

impl<R: Read> Splitter<R> {
    pub fn new(reader: R, target: usize) -> Self {
        Self::with_limit(reader, target, MAX_GAME_BYTES)
    }

    /// A splitter that treats games larger than `max_game` bytes as
    /// oversized.
    pub fn with_limit(reader: R, target: usize, max_game: usize) -> Self {
        Splitter {
            reader,
            target: target.max(1),
            max_game: max_game.max(HEAD),
            buf: Vec::with_capacity(buffer_size(target)),
            base: 0,
            dropped: 0,
            dropped_at: 0,
            content_end: 0,
            blank_dropped: false,
            scanned: 0,
            mid_line: false,
            searched: 0,
            line: 1,
            starts: Vec::new(),
            scan: Scan::default(),
            oversized: false,
            games_emitted: 0,
            eof: false,
        }
    }

    /// How many games the blocks handed out so far hold.
    pub fn games_emitted(&self) -> u64 {
        self.games_emitted
    }

    /// How many lines were scanned (all of them, once the stream is read).
    pub fn lines_scanned(&self) -> u64 {
        self.line - 1
    }

    /// Whether a game would start at `line`, were it the stream's next
    /// line. From a start on, the scan's state is the same whatever came
    /// before it (`read::ranges` rests on it).
    pub fn starts_game_at(&self, line: &[u8]) -> bool {
        self.scan.settled() && !self.mid_line && self.scan.clone().line(line) == Mark::Start
    }

    /// The next block, or `None` at the end of the stream. A read error is
    /// returned once; the games read before it are handed out by the
    /// following calls, the last of them marked as cut off.
    pub fn next_block(&mut self) -> io::Result<Option<Block>> {
        loop {
            // An oversized game is skipped from the front of the buffer:
            // hand out the games before it first.
            // (Not at a start still tentative: it may yet be comment text.)
            if self.oversized
                && self.starts.len() > 1
                && self.starts.last().is_some_and(|s| !s.tentative)
            {
                let last = self.starts[self.starts.len() - 1].at;
                let block = self.cut(last);
                self.drop_oversized();
                return Ok(Some(block));
            }
            if self.buf.len() >= self.target
                && let Some(cut) = self.cut_point()
            {
                return Ok(Some(self.cut(cut)));
            }
            if self.eof {
                self.scan_lines(true);
                if self.buf.is_empty() {
                    return Ok(None);
                }
                let end = self.buf.len();
                return Ok(Some(self.cut(end)));
            }
            let old = self.buf.len();
            let want = read_size(self.target);
            self.buf.resize(old + want, 0);
            let n = loop {
                match self.reader.read(&mut self.buf[old..]) {
                    Ok(n) => break Ok(n),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => break Err(e),
                }
            };
            match n {
                Ok(n) => {
                    self.buf.truncate(old + n);
                    if n == 0 {
                        self.eof = true;
                    } else {
                        self.scan_lines(false);
                    }
                }
                Err(e) => {
                    self.buf.truncate(old);
                    self.eof = true;
                    self.scan_lines(true);
                    if let Some(last) = self.starts.last_mut() {
                        last.problem.get_or_insert(format!(
                            "the input ends inside this game: {e}; it may be truncated or corrupt"
                        ));
                    }
                    return Err(e);
                }
            }
        }
    }

    /// The last scanned game start after the first game, if any.
    fn cut_point(&self) -> Option<usize> {
        let first = self.starts.first()?.at;
        let limit = if self.oversized {
            self.starts.len() - 1
        } else {
            self.starts.len()
        };
        self.starts[..limit]
            .iter()
            .rev()
            .filter(|s| !s.tentative)
            .map(|s| s.at)
            .find(|&s| s > first && s <= self.scanned)
    }

    /// Hands out `buf[..end]` as a block; `end` is a game start or the end.
    fn cut(&mut self, end: usize) -> Block {
        let data = self.take_front(end);
        let split = self.starts.partition_point(|s| s.at < end);
        let starts: Vec<Start> = self.starts.drain(..split).collect();
        let skipped_inside = self.oversized && self.starts.is_empty();
        let mut games = Vec::with_capacity(starts.len());
        for (i, s) in starts.iter().enumerate() {
            let e = starts.get(i + 1).map_or(data.len(), |n| n.at);
            let cut_inside = skipped_inside && i + 1 == starts.len();
            games.extend(self.slice(&data, s, e, cut_inside));
        }
        for s in &mut self.starts {
            s.at -= end;
            s.text = s.text.map(|t| t.saturating_sub(end));
        }
        self.scanned -= end.min(self.scanned);
        self.searched -= end.min(self.searched);
        let block = Block {
            first_game: self.games_emitted,
            data,
            games,
            legacy: None,
            json: false,
        };
        self.games_emitted += block.games.len() as u64;
        self.base = self.offset_of(end);
        if end > self.dropped_at {
            self.dropped = 0;
        }
        self.dropped_at = self.dropped_at.saturating_sub(end);
        self.content_end = self.content_end.saturating_sub(end);
        if self.starts.is_empty() {
            self.oversized = false;
        }
        block
    }

    /// The game from `s` to `e` of a block's `data`, if it holds text: its
    /// text from its first line with any, only the head of one over the
    /// limit (or `cut_inside`: its end was skipped) with the problem said.
    fn slice(&self, data: &[u8], s: &Start, e: usize, cut_inside: bool) -> Option<GameSlice> {
        if !has_content(&data[s.at..e]) {
            return None;
        }
        let first = s.at + leading_blank_lines(&data[s.at..e]);
        let offset = s.offset + (first - s.at) as u64;
        let mut problem = s.problem.clone();
        if text_len(&data[first..e]) > self.max_game || cut_inside {
            problem.get_or_insert(format!(
                "the game is {} bytes long, over the limit of {} bytes \
                 (raise it with --max-game-bytes)",
                self.offset_of(e) - offset,
                self.max_game
            ));
        }
        let end = match problem {
            Some(_) => e.min(s.at + HEAD).max(first),
            None => e,
        };
        Some(GameSlice {
            bytes: first..end,
            offset,
            line: s.line,
            head_only: problem.is_some(),
            problem,
        })
    }

    /// `buf[..end]`, the rest moved to a buffer of the full size, so that
    /// the reads to come do not grow it step by step (a copy at each).
    fn take_front(&mut self, end: usize) -> Vec<u8> {
        let mut rest = Vec::with_capacity(buffer_size(self.target).max(self.buf.len() - end));
        rest.extend_from_slice(&self.buf[end..]);
        self.buf.truncate(end);
        std::mem::replace(&mut self.buf, rest)
    }

    /// The stream offset of `buf[at]`.
    fn offset_of(&self, at: usize) -> u64 {
        let dropped = if at > self.dropped_at {
            self.dropped
        } else {
            0
        };
        self.base + dropped + at as u64
    }

    fn push_start(&mut self, at: usize) {
        let offset = self.offset_of(at);
        self.content_end = at;
        self.blank_dropped = false;
        if self.oversized
            && let Some(s) = self.starts.last_mut()
        {
            // The oversized game ends here; its size counts from its text.
            let lead = s.text.map_or(0, |t| t - s.at) as u64;
            let size = offset - s.offset - lead;
            s.problem.get_or_insert(format!(
                "the game is {size} bytes long, over the limit of {} bytes (raise it with --max-game-bytes)",
                self.max_game
            ));
            self.oversized = false;
        }
        self.starts.push(Start {
            at,
            offset,
            line: self.line,
            problem: None,
            tentative: false,
            text: None,
        });
    }

    fn mark(&mut self, mark: Mark, at: usize) {
        match mark {
            Mark::None => {}
            Mark::Start => self.push_start(at),
            Mark::Tentative => {
                self.push_start(at);
                if let Some(s) = self.starts.last_mut() {
                    s.tentative = true;
                }
            }
            Mark::Confirm | Mark::ConfirmAndStart => {
                if let Some(s) = self.starts.iter_mut().rev().find(|s| s.tentative) {
                    s.tentative = false;
                }
                if mark == Mark::ConfirmAndStart {
                    self.push_start(at);
                }
            }
            Mark::Retract => {
                if let Some(i) = self.starts.iter().rposition(|s| s.tentative) {
                    self.starts.remove(i);
                }
            }
        }
    }

    /// Scans every complete line of `buf` past `scanned`; at the end of the
    /// stream also the unterminated last line. Keeps an oversized game's
    /// head only.
    fn scan_lines(&mut self, at_eof: bool) {
        if self.starts.is_empty() && self.scanned == 0 && self.base == 0 && self.dropped == 0 {
            self.push_start(0);
        }
        while self.scanned < self.buf.len() {
            let rest = &self.buf[self.scanned..];
            // An unfinished line is searched on from where the last read's
            // search stopped, not from its start: one long line (a comment
            // without a line end) costs time linear in its length.
            let from = self.searched.saturating_sub(self.scanned).min(rest.len());
            let found = memchr::memchr2(b'\n', b'\r', &rest[from..]).map(|i| i + from);
            self.searched = self.scanned + found.unwrap_or(rest.len());
            let (len, ends_line) = match found {
                Some(i) if rest[i] == b'\r' && i + 1 == rest.len() && !at_eof => {
                    // `\r` at the end of what was read: `\n` may follow.
                    (0, false)
                }
                Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i + 2, true),
                Some(i) => (i + 1, true),
                None if at_eof => (rest.len(), true),
                None => (0, false),
            };
            if !ends_line {
                self.long_line();
                break;
            }
            let start = self.scanned;
            let line = &self.buf[start..start + len];
            let mark = if std::mem::take(&mut self.mid_line) {
                self.scan.chunk(line);
                Mark::None
            } else {
                self.scan.line(line)
            };
            self.mark(mark, start);
            self.scanned += len;
            self.line += 1;
            self.measure(start);
        }
        self.drop_oversized();
    }
}

/// How much one read asks for.
fn read_size(target: usize) -> usize {
    (target / 2).clamp(64 * 1024, 1 << 22)
}

/// The buffer a block is read into: under a block's bytes, and a read
/// (an oversized game grows it beyond; the next buffer is this size again).
fn buffer_size(target: usize) -> usize {
    target.min(1 << 24) + read_size(target)
}

#[cfg(test)]
mod tests;
