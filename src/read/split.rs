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
}

/// Whole games cut from one source.
#[derive(Debug, Default)]
pub struct Block {
    /// 0-based index of the block's first game within its source.
    pub first_game: u64,
    pub data: Vec<u8>,
    /// The games, in input order.
    pub games: Vec<GameSlice>,
}

/// Where the boundary scanner is between two lines.
#[derive(Debug, Default, Clone)]
struct Scan {
    in_comment: bool,
    /// The current game has movetext (anything outside tags and comments).
    has_movetext: bool,
    /// The last movetext token was a result (`1-0`, `*`, …).
    after_result: bool,
    /// A blank line followed a result: the next content starts a game.
    pending_boundary: bool,
    /// Hashes of the current game's tag names, to see a second tag section.
    tag_names: Vec<u64>,
    /// A blank line came after the last tag: a repeated tag name now opens
    /// a second tag section, not a duplicate inside the first.
    blank_after_tags: bool,
    /// An `[Event` line met inside a comment opened a game that its next
    /// lines may still show to be comment text: the state to go back to.
    tentative: Option<Box<Scan>>,
}

/// What one line means for the game boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    /// A game starts at this line.
    Start,
    /// A game may start at this line: an `[Event` line inside a comment.
    Tentative,
    /// The tentative start stands.
    Confirm,
    /// The tentative start stands, and another game starts at this line.
    ConfirmAndStart,
    /// The tentative start was comment text after all.
    Retract,
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
    /// Bytes dropped from the buffer (inside an oversized game) since
    /// `base`: later bytes sit that much further on in the stream.
    dropped: u64,
    /// Bytes of `buf` already scanned.
    scanned: usize,
    /// `scanned` is inside a line whose start was consumed already.
    mid_line: bool,
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
            buf: Vec::with_capacity(target.min(1 << 24) + 64 * 1024),
            base: 0,
            dropped: 0,
            scanned: 0,
            mid_line: false,
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
            let want = (self.target / 2).clamp(64 * 1024, 1 << 22);
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
        let rest = self.buf.split_off(end);
        let data = std::mem::replace(&mut self.buf, rest);
        let split = self.starts.partition_point(|s| s.at < end);
        let starts: Vec<Start> = self.starts.drain(..split).collect();
        let skipped_inside = self.oversized && self.starts.is_empty();
        let mut games = Vec::with_capacity(starts.len());
        for (i, s) in starts.iter().enumerate() {
            let e = starts.get(i + 1).map_or(data.len(), |n| n.at);
            let first = s.at + leading_blank_lines(&data[s.at..e]);
            if !has_content(&data[s.at..e]) {
                continue;
            }
            let next_offset = self.base + self.dropped + e as u64;
            let mut problem = s.problem.clone();
            if e - s.at > self.max_game || (skipped_inside && i + 1 == starts.len()) {
                problem.get_or_insert(format!(
                    "the game is {} bytes long, over the limit of {} bytes \
                     (raise it with --max-game-bytes)",
                    next_offset - s.offset,
                    self.max_game
                ));
            }
            // Only the head of an oversized game is handed on.
            let end = if problem.is_some() {
                e.min(s.at + HEAD).max(first)
            } else {
                e
            };
            games.push(GameSlice {
                bytes: first..end,
                offset: s.offset + (first - s.at) as u64,
                line: s.line,
                problem,
            });
        }
        for s in &mut self.starts {
            s.at -= end;
        }
        self.scanned -= end.min(self.scanned);
        let block = Block {
            first_game: self.games_emitted,
            data,
            games,
        };
        self.games_emitted += block.games.len() as u64;
        self.base += self.dropped + end as u64;
        self.dropped = 0;
        if self.starts.is_empty() {
            self.oversized = false;
        }
        block
    }

    fn push_start(&mut self, at: usize) {
        let offset = self.base + self.dropped + at as u64;
        if self.oversized
            && let Some(s) = self.starts.last_mut()
        {
            // The oversized game ends here.
            let size = offset - s.offset;
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
            let (len, ends_line) = match memchr::memchr2(b'\n', b'\r', rest) {
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
                // A line longer than a game may be: consume it in parts.
                let game_start = self.starts.last().map_or(0, |s| s.at);
                if self.buf.len() - game_start > self.max_game && !rest.is_empty() {
                    let chunk_len = rest.len();
                    self.scan
                        .chunk(&self.buf[self.scanned..self.scanned + chunk_len]);
                    self.scanned += chunk_len;
                    self.mid_line = true;
                    self.oversized = true;
                }
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
            let game_start = self.starts.last().map_or(0, |s| s.at);
            if self.scanned - game_start > self.max_game {
                self.oversized = true;
            }
        }
        self.drop_oversized();
    }

    /// The last game is over the limit: once it is alone at the front of
    /// the buffer, keep its head and drop what was scanned beyond it (once
    /// per read, not per line: each drop moves the rest of the buffer).
    fn drop_oversized(&mut self) {
        if !self.oversized || self.starts.len() != 1 || self.starts[0].at != 0 {
            return; // `next_block` first hands out the games before it.
        }
        if self.scanned > HEAD {
            self.buf.drain(HEAD..self.scanned);
            self.dropped += (self.scanned - HEAD) as u64;
            self.scanned = HEAD;
        }
    }
}

impl Scan {
    /// Scans one line; says whether a game starts at its first byte.
    fn line(&mut self, line: &[u8]) -> Mark {
        if let Some(saved) = self.tentative.take() {
            return self.settle(line, saved);
        }
        let mut i = 0;
        if self.in_comment {
            if line.starts_with(b"[Event \"") {
                // An unclosed `{` must not swallow the rest of the archive,
                // but a comment may quote a tag: the lines after it decide.
                let saved = Box::new(self.clone());
                self.start_game();
                self.tag_line(line);
                self.tentative = Some(saved);
                return Mark::Tentative;
            }
            match memchr::memchr(b'}', line) {
                Some(close) => {
                    self.in_comment = false;
                    i = close + 1;
                }
                None => return Mark::None,
            }
        }
        let body = &line[i..];
        let trimmed = trim_start(body);
        if i == 0 {
            if is_tag_pair(trimmed) {
                return self.tag_line(trimmed);
            }
            if body.first() == Some(&b'%') {
                return Mark::None;
            }
            if trimmed.is_empty() {
                if self.has_movetext && self.after_result {
                    self.pending_boundary = true;
                }
                self.blank_after_tags = !self.tag_names.is_empty();
                return Mark::None;
            }
        }
        let boundary = i == 0 && self.pending_boundary;
        if boundary {
            self.start_game();
        }
        self.scan_movetext(body);
        if boundary { Mark::Start } else { Mark::None }
    }

    /// A tag pair at the start of a line: it opens a game after movetext,
    /// after a result and a blank line, or when its name was seen before a
    /// blank line (a second tag section; within one section a repeated
    /// name is only a duplicate).
    fn tag_line(&mut self, trimmed: &[u8]) -> Mark {
        let hash = tag_name_hash(&trimmed[1..]);
        let repeated = self.blank_after_tags && self.tag_names.contains(&hash);
        let boundary = self.has_movetext || self.pending_boundary || repeated;
        if boundary {
            self.start_game();
        }
        self.tag_names.push(hash);
        self.blank_after_tags = false;
        if boundary { Mark::Start } else { Mark::None }
    }

    /// After an `[Event` line inside a comment: tag and blank lines keep
    /// the question open; the first other line answers it. If that line
    /// closes a comment before opening one, the `[Event` line was comment
    /// text; otherwise (the movetext of a game after a comment left open)
    /// the game starts there.
    fn settle(&mut self, line: &[u8], saved: Box<Scan>) -> Mark {
        let trimmed = trim_start(line);
        if trimmed.is_empty() || is_tag_pair(trimmed) {
            let mark = self.line(line);
            if mark == Mark::Start {
                // A second game opened: the first was one, and is settled.
                return Mark::ConfirmAndStart;
            }
            self.tentative = Some(saved);
            return mark;
        }
        let closes = memchr::memchr(b'}', line);
        let opens = memchr::memchr(b'{', line);
        if closes.is_some() && (opens.is_none() || closes < opens) {
            *self = *saved;
            self.line(line);
            return Mark::Retract;
        }
        self.line(line);
        Mark::Confirm
    }

    /// Scans bytes from the middle of a line: only comments matter.
    fn chunk(&mut self, mut bytes: &[u8]) {
        self.has_movetext = true;
        self.after_result = false;
        loop {
            let needle = if self.in_comment { b'}' } else { b'{' };
            match memchr::memchr(needle, bytes) {
                Some(i) => {
                    self.in_comment = !self.in_comment;
                    bytes = &bytes[i + 1..];
                }
                None => return,
            }
        }
    }

    fn start_game(&mut self) {
        *self = Scan::default();
    }

    /// Notes whether `text` (movetext, not in a comment) holds a token,
    /// whether its last token is a result, and whether it leaves a comment
    /// open. Only the last token of each stretch between comments matters,
    /// so each stretch is read from its end.
    fn scan_movetext(&mut self, text: &[u8]) {
        let mut rest = text;
        loop {
            let stop = memchr::memchr2(b'{', b';', rest);
            if let Some(token) = last_token(&rest[..stop.unwrap_or(rest.len())]) {
                self.has_movetext = true;
                self.after_result = crate::model::outcome::is_result_token(token);
            }
            let Some(at) = stop.filter(|&i| rest[i] == b'{') else {
                return; // the end of the line, or a `;` comment to its end
            };
            match memchr::memchr(b'}', &rest[at + 1..]) {
                Some(close) => rest = &rest[at + close + 2..],
                None => {
                    self.in_comment = true;
                    return;
                }
            }
        }
    }
}

/// The last token of a stretch of movetext without comments: tokens end at
/// white space and parentheses.
fn last_token(text: &[u8]) -> Option<&[u8]> {
    let gap = |c: &u8| c.is_ascii_whitespace() || *c == b'(' || *c == b')';
    let end = text.iter().rposition(|c| !gap(c))? + 1;
    let start = text[..end].iter().rposition(gap).map_or(0, |p| p + 1);
    Some(&text[start..end])
}

/// Whether a line opens with a tag pair: `[Name "value"]`, or an unquoted
/// value after a name of the seven-tag roster (`[Result 1-0]`). Anything
/// else after a `[` at the start of a line — `[41.Bc4 Rxb6]`, a variation
/// some exports write in square brackets — is movetext.
pub(crate) fn is_tag_pair(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name_len = rest
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    if name_len == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let after = trim_start(&rest[name_len..]);
    if after.len() == rest.len() - name_len {
        return false; // no space between name and value
    }
    if after.first() == Some(&b'"') {
        return true;
    }
    const ROSTER: [&[u8]; 7] = [
        b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result",
    ];
    ROSTER.contains(&&rest[..name_len]) && memchr::memchr(b']', after).is_some()
}

/// A line without leading white space or byte-order mark (files glued
/// together keep the mark of each).
fn trim_start(s: &[u8]) -> &[u8] {
    let s = &s[leading_space(s)..];
    s.strip_prefix(b"\xef\xbb\xbf").unwrap_or(s)
}

/// The whole blank lines at the start: a game starts at its first line
/// with content, indentation and all, so that its text means the same when
/// written back (an indented `%` is text, not an escape line).
fn leading_blank_lines(s: &[u8]) -> usize {
    let space = leading_space(s);
    s[..space]
        .iter()
        .rposition(|&c| c == b'\n' || c == b'\r')
        .map_or(0, |p| p + 1)
}

fn leading_space(s: &[u8]) -> usize {
    s.iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(s.len())
}

/// Whether a game's bytes hold anything but white space and a byte-order mark.
fn has_content(s: &[u8]) -> bool {
    let s = s.strip_prefix(b"\xef\xbb\xbf").unwrap_or(s);
    s.iter().any(|c| !c.is_ascii_whitespace())
}

fn tag_name_hash(s: &[u8]) -> u64 {
    let end = s
        .iter()
        .position(|&c| c.is_ascii_whitespace() || c == b'"' || c == b']')
        .unwrap_or(s.len());
    // FNV-1a: tag names are short and this runs once per tag line.
    s[..end].iter().fold(0xcbf2_9ce4_8422_2325, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(
        pgn: &[u8],
        target: usize,
        max_game: usize,
    ) -> Vec<(String, u64, u64, Option<String>)> {
        let mut s = Splitter::with_limit(pgn, target, max_game);
        let mut out = Vec::new();
        while let Some(b) = s.next_block().unwrap() {
            for g in &b.games {
                let text = String::from_utf8_lossy(&b.data[g.bytes.clone()])
                    .trim()
                    .to_string();
                out.push((text, g.offset, g.line, g.problem.clone()));
            }
        }
        out
    }

    fn games(pgn: &str, target: usize) -> Vec<String> {
        split(pgn.as_bytes(), target, MAX_GAME_BYTES)
            .into_iter()
            .map(|g| g.0)
            .collect()
    }

    #[test]
    fn splits_on_tags_after_movetext() {
        let pgn =
            "[Event \"a\"]\n\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 0-1\n";
        assert_eq!(
            games(pgn, 1 << 20),
            [
                "[Event \"a\"]\n\n1. e4 e5 1-0",
                "[Event \"b\"]\n1. d4 *",
                "[Event \"c\"]\n\n1. c4 0-1"
            ]
        );
    }

    #[test]
    fn offsets_and_lines() {
        let pgn = "\n[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\r\n\r\n1. d4 *\r\n";
        let got = split(pgn.as_bytes(), 1 << 20, MAX_GAME_BYTES);
        assert_eq!(got[0].1, 1);
        assert_eq!(got[1].1, pgn.find("[Event \"b\"]").unwrap() as u64);
        assert_eq!((got[0].2, got[1].2), (1, 6));
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let pgn = "[Event \"a\"]\r\r1. e4 1-0\r[Event \"b\"]\r\r1. d4 *\r";
        assert_eq!(games(pgn, 1 << 20).len(), 2);
        assert_eq!(games(pgn, 3).len(), 2);
    }

    #[test]
    fn blank_line_in_tags_or_comment_is_not_a_boundary() {
        let pgn = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 {one\n\n[Site \"no\"] two} e5 1-0\n";
        assert_eq!(games(pgn, 1 << 20).len(), 1);
    }

    #[test]
    fn byte_order_mark_before_tags() {
        let pgn = "\u{feff}[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n\u{feff}[Event \"c\"]\n*\n";
        assert_eq!(games(pgn, 1 << 20).len(), 2);
    }

    #[test]
    fn repeated_tag_starts_a_game_and_tagless_games_split_after_results() {
        assert_eq!(
            games("[Event \"a\"]\n\n[Event \"b\"]\n\n*\n", 1 << 20).len(),
            2
        );
        assert_eq!(games("1. e4 1-0\n\n1. d4 0-1\n\n\n", 1 << 20).len(), 2);
    }

    #[test]
    fn unclosed_comment_stops_at_next_event() {
        let pgn = "[Event \"a\"]\n1. e4 {oops\n[Event \"b\"]\n1. d4 *\n";
        assert_eq!(games(pgn, 1 << 20).len(), 2);
        let pgn = "[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n[Site \"s\"]\n\n\
                   1. d4 {[%clk 0:03:00]} *\n\n[Event \"c\"]\n\n[Event \"d\"]\n\n*\n";
        assert_eq!(games(pgn, 1 << 20).len(), 4);
        for target in [1, 7, 1 << 20] {
            assert_eq!(games(pgn, target).len(), 4, "block size {target}");
        }
    }

    #[test]
    fn a_tag_quoted_in_a_comment_is_comment_text() {
        let pgn = "[Event \"a\"]\n\n1. e4 {note\n[Event \"quoted\"]\nstill} e5 1-0\n\n\
                   [Event \"b\"]\n\n1. d4 {c2\n\n[Event \"in var\"]\n} d5 *\n";
        for target in [1, 5, 1 << 20] {
            let got = games(pgn, target);
            assert_eq!(got.len(), 2, "block size {target}: {got:?}");
            assert!(got[0].ends_with("e5 1-0"), "{got:?}");
        }
    }

    #[test]
    fn a_game_keeps_the_indentation_of_its_first_line() {
        // Written back without it, ` %…` would become an escape line.
        let got = split(b"\n\n  %x 1. e4 *\n", 1 << 20, MAX_GAME_BYTES);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].1, 2, "the offset of the line, indentation included");
    }

    #[test]
    fn a_repeated_tag_within_one_section_is_a_duplicate() {
        let pgn = "[Event \"a\"]\n[Site \"x\"]\n[Event \"dup\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(games(pgn, 1 << 20).len(), 2);
    }

    #[test]
    fn square_bracket_variations_are_movetext() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3\n[2. f4 exf4] 2... Nc6\n[Result 1-0]\n\
                   1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let got = games(pgn, 1 << 20);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[0].contains("[2. f4 exf4] 2... Nc6"), "{got:?}");
        assert!(is_tag_pair(b"[Result 1-0]"));
        assert!(is_tag_pair(b"[WhiteFideId \"1\"]"));
        assert!(!is_tag_pair(b"[41.Bc4 Rxb6]"));
        assert!(!is_tag_pair(b"[Nf3 Nc6 2. e4]"));
        assert!(!is_tag_pair(b"[%clk 0:01:00] }"));
    }

    #[test]
    fn block_size_does_not_change_the_games() {
        let mut pgn = String::new();
        for i in 0..300 {
            pgn.push_str(&format!(
                "[Event \"g{i}\"]\n[Site \"s\"]\n\n1. e4 {{c\n\nc}} e5 2. Nf3 1-0\n\n"
            ));
        }
        let big = split(pgn.as_bytes(), 1 << 20, MAX_GAME_BYTES);
        assert_eq!(big.len(), 300);
        for target in [1, 7, 100, 4096] {
            assert_eq!(
                split(pgn.as_bytes(), target, MAX_GAME_BYTES),
                big,
                "target {target}"
            );
        }
    }

    #[test]
    fn oversized_games_keep_their_head_and_reading_resumes() {
        let huge_comment = "x".repeat(400_000);
        let long_line = "e4 ".repeat(100_000);
        let pgn = format!(
            "[Event \"before\"]\n\n1. e4 *\n\n[Event \"comment\"]\n\n1. e4 {{{huge_comment}}} *\n\n\
             [Event \"lines\"]\n\n{}*\n\n[Event \"line\"]\n\n{long_line}*\n\n[Event \"after\"]\n\n1. d4 *\n",
            "1. e4 e5\n".repeat(40_000)
        );
        for target in [1, 1000, 1 << 20] {
            let got = split(pgn.as_bytes(), target, HEAD * 2);
            let names: Vec<&str> = got
                .iter()
                .map(|g| &g.0[..g.0.find('\n').unwrap_or(g.0.len())])
                .collect();
            assert_eq!(
                names,
                [
                    "[Event \"before\"]",
                    "[Event \"comment\"]",
                    "[Event \"lines\"]",
                    "[Event \"line\"]",
                    "[Event \"after\"]"
                ],
                "target {target}"
            );
            let problems: Vec<bool> = got.iter().map(|g| g.3.is_some()).collect();
            assert_eq!(
                problems,
                [false, true, true, true, false],
                "target {target}"
            );
            assert!(got[1].3.as_ref().unwrap().contains("--max-game-bytes"));
            assert!(got.iter().all(|g| g.0.len() <= HEAD));
            // Offsets still point at each game in the stream.
            for g in &got {
                assert!(
                    pgn[g.1 as usize..].starts_with(&g.0[..10]),
                    "target {target}"
                );
            }
            assert_eq!(
                got[4].2 as usize,
                pgn[..got[4].1 as usize].matches('\n').count() + 1
            );
        }
    }

    #[test]
    fn read_error_marks_the_last_game() {
        struct Failing<'a>(&'a [u8], bool);
        impl Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    if std::mem::replace(&mut self.1, true) {
                        return Ok(0);
                    }
                    return Err(io::Error::other("corrupt deflate stream"));
                }
                let n = buf.len().min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut s = Splitter::new(
            Failing(
                b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 2.",
                false,
            ),
            1 << 20,
        );
        let mut games = Vec::new();
        let mut errors = 0;
        loop {
            match s.next_block() {
                Ok(Some(b)) => games.extend(b.games),
                Ok(None) => break,
                Err(_) => errors += 1,
            }
        }
        assert_eq!(errors, 1);
        assert_eq!(games.len(), 2);
        assert!(games[0].problem.is_none());
        assert!(
            games[1]
                .problem
                .as_ref()
                .unwrap()
                .contains("corrupt deflate stream")
        );
    }
}
