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
//! tag section, and comments may hold them too.

use std::io::{self, Read};
use std::ops::Range;

/// Whole games cut from one source.
#[derive(Debug, Default)]
pub struct Block {
    /// 0-based index of the block's first game within its source.
    pub first_game: u64,
    /// Offset of `data[0]` in the decompressed stream.
    pub base: u64,
    pub data: Vec<u8>,
    /// Each game's bytes within `data`, in input order.
    pub games: Vec<Range<usize>>,
}

/// Where the boundary scanner is between two lines.
#[derive(Debug, Default)]
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
}

/// Reads a stream and hands out [`Block`]s of at least `target` bytes
/// (except the last), each ending on a game boundary.
pub struct Splitter<R> {
    reader: R,
    target: usize,
    buf: Vec<u8>,
    /// Bytes of `buf` already scanned (always at a line start).
    scanned: usize,
    /// Starts of the games found in `buf`, ascending.
    starts: Vec<usize>,
    scan: Scan,
    base: u64,
    games_emitted: u64,
    eof: bool,
}

impl<R: Read> Splitter<R> {
    pub fn new(reader: R, target: usize) -> Self {
        Splitter {
            reader,
            target: target.max(1),
            buf: Vec::with_capacity(target + 64 * 1024),
            scanned: 0,
            starts: Vec::new(),
            scan: Scan::default(),
            base: 0,
            games_emitted: 0,
            eof: false,
        }
    }

    /// The next block, or `None` at the end of the stream. A read error is
    /// returned once; the games read before it are still handed out by the
    /// following calls.
    pub fn next_block(&mut self) -> io::Result<Option<Block>> {
        loop {
            // Cut when enough is buffered and a game starts after the first.
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
            let want = (self.target / 2).max(64 * 1024);
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
                    return Err(e);
                }
            }
        }
    }

    /// The last scanned game start after the first game, if any.
    fn cut_point(&self) -> Option<usize> {
        let first = *self.starts.first()?;
        self.starts
            .iter()
            .rev()
            .copied()
            .find(|&s| s > first && s <= self.scanned)
    }

    /// How many games the blocks handed out so far hold.
    pub fn games_emitted(&self) -> u64 {
        self.games_emitted
    }

    /// Hands out `buf[..end]` as a block; `end` is a game start or the end.
    fn cut(&mut self, end: usize) -> Block {
        let rest = self.buf.split_off(end);
        let data = std::mem::replace(&mut self.buf, rest);
        let split = self.starts.partition_point(|&s| s < end);
        let mut starts: Vec<usize> = self.starts.drain(..split).collect();
        for s in &mut self.starts {
            *s -= end;
        }
        self.scanned -= end.min(self.scanned);
        let mut games = Vec::with_capacity(starts.len());
        for (i, &s) in starts.iter().enumerate() {
            let e = starts.get(i + 1).copied().unwrap_or(data.len());
            let s = s + leading_space(&data[s..e]);
            if has_content(&data[s..e]) {
                games.push(s..e);
            }
        }
        starts.clear();
        let block = Block {
            first_game: self.games_emitted,
            base: self.base,
            data,
            games,
        };
        self.games_emitted += block.games.len() as u64;
        self.base += end as u64;
        block
    }

    /// Scans every complete line of `buf` past `scanned`; at the end of the
    /// stream also the unterminated last line.
    fn scan_lines(&mut self, at_eof: bool) {
        if self.starts.is_empty() && self.scanned == 0 {
            self.starts.push(0);
        }
        while self.scanned < self.buf.len() {
            let rest = &self.buf[self.scanned..];
            let len = match memchr::memchr(b'\n', rest) {
                Some(i) => i + 1,
                None if at_eof => rest.len(),
                None => return,
            };
            let start = self.scanned;
            if self.scan.line(&self.buf[start..start + len]) {
                self.starts.push(start);
            }
            self.scanned += len;
        }
    }
}

impl Scan {
    /// Scans one line; returns whether a new game starts at its first byte.
    fn line(&mut self, line: &[u8]) -> bool {
        let mut i = 0;
        if self.in_comment {
            // An unclosed `{` must not swallow the rest of the archive.
            if line.starts_with(b"[Event \"") {
                self.in_comment = false;
            } else {
                match memchr::memchr(b'}', line) {
                    Some(close) => {
                        self.in_comment = false;
                        i = close + 1;
                    }
                    None => return false,
                }
            }
        }
        let body = &line[i..];
        let trimmed = trim_start(body);
        if i == 0 {
            if trimmed.first() == Some(&b'[') {
                let hash = tag_name_hash(&trimmed[1..]);
                let boundary =
                    self.has_movetext || self.pending_boundary || self.tag_names.contains(&hash);
                if boundary {
                    self.start_game();
                }
                self.tag_names.push(hash);
                return boundary;
            }
            if body.first() == Some(&b'%') {
                return false;
            }
            if trimmed.is_empty() {
                if self.has_movetext && self.after_result {
                    self.pending_boundary = true;
                }
                return false;
            }
        }
        let boundary = i == 0 && self.pending_boundary;
        if boundary {
            self.start_game();
        }
        self.scan_movetext(body);
        boundary
    }

    fn start_game(&mut self) {
        *self = Scan::default();
    }

    fn scan_movetext(&mut self, text: &[u8]) {
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'{' => match memchr::memchr(b'}', &text[i + 1..]) {
                    Some(close) => i += close + 2,
                    None => {
                        self.in_comment = true;
                        return;
                    }
                },
                b';' => return,
                c if c.is_ascii_whitespace() || c == b'(' || c == b')' => i += 1,
                _ => {
                    let end = text[i..]
                        .iter()
                        .position(|&c| c.is_ascii_whitespace() || b"{;()".contains(&c))
                        .map_or(text.len(), |p| i + p);
                    self.has_movetext = true;
                    self.after_result = crate::outcome::is_result_token(&text[i..end]);
                    i = end;
                }
            }
        }
    }
}

/// A line without leading white space or byte-order mark (files glued
/// together keep the mark of each).
fn trim_start(s: &[u8]) -> &[u8] {
    let s = &s[leading_space(s)..];
    s.strip_prefix(b"\xef\xbb\xbf").unwrap_or(s)
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

    fn games(pgn: &str, target: usize) -> Vec<String> {
        let mut s = Splitter::new(pgn.as_bytes(), target);
        let mut out = Vec::new();
        while let Some(b) = s.next_block().unwrap() {
            for g in &b.games {
                out.push(
                    String::from_utf8_lossy(&b.data[g.clone()])
                        .trim()
                        .to_string(),
                );
            }
        }
        out
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
    fn blank_line_in_tags_or_comment_is_not_a_boundary() {
        let pgn = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 {one\n\n[Site \"no\"] two} e5 1-0\n";
        assert_eq!(games(pgn, 1 << 20).len(), 1);
    }

    #[test]
    fn byte_order_mark_before_tags() {
        assert_eq!(
            games(
                "\u{feff}[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n\u{feff}[Event \"c\"]\n*\n",
                1 << 20
            )
            .len(),
            2
        );
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
    }

    #[test]
    fn block_size_does_not_change_the_games() {
        let mut pgn = String::new();
        for i in 0..300 {
            pgn.push_str(&format!(
                "[Event \"g{i}\"]\n[Site \"s\"]\n\n1. e4 {{c\n\nc}} e5 2. Nf3 1-0\n\n"
            ));
        }
        let big = games(&pgn, 1 << 20);
        assert_eq!(big.len(), 300);
        for target in [1, 7, 100, 4096] {
            assert_eq!(games(&pgn, target), big, "target {target}");
        }
    }
}
