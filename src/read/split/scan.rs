//! The boundary scanner: reads a PGN stream line by line and says where
//! games start (the rules are in [`super`]'s documentation).

use crate::read::bytes::name_end;

/// Where the boundary scanner is between two lines.
#[derive(Debug, Default, Clone)]
pub(super) struct Scan {
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
pub(super) enum Mark {
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

impl Scan {
    /// Scans one line; says whether a game starts at its first byte.
    pub(super) fn line(&mut self, line: &[u8]) -> Mark {
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
                self.tag_line(b"Event");
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
            if let Some(name_end) = tag_name_end(trimmed) {
                let mark = self.tag_line(&trimmed[1..name_end]);
                if let Some(moves) = moves_after_tag(trimmed, name_end) {
                    self.scan_movetext(moves);
                }
                return mark;
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
    fn tag_line(&mut self, name: &[u8]) -> Mark {
        let hash = tag_name_hash(name);
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
    pub(super) fn chunk(&mut self, mut bytes: &[u8]) {
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

    /// No comment is open and no doubtful start waits for its answer.
    pub(super) fn settled(&self) -> bool {
        !self.in_comment && self.tentative.is_none()
    }

    fn start_game(&mut self) {
        // The names' vector is kept: one allocation for the whole stream,
        // not four regrowths a game.
        let mut tag_names = std::mem::take(&mut self.tag_names);
        tag_names.clear();
        *self = Scan {
            tag_names,
            ..Scan::default()
        };
    }

    /// Notes whether `text` (movetext, not in a comment) holds a token,
    /// whether its last token is a result, and whether it leaves a comment
    /// open. Only the last token of each stretch between comments matters,
    /// so each stretch is read from its end.
    fn scan_movetext(&mut self, text: &[u8]) {
        if let Some(token) = token_after_last_comment(text) {
            self.has_movetext = true;
            self.after_result = crate::model::outcome::is_result_token(token);
            return;
        }
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

/// The line's last token when it stands after the line's last comment, seen
/// from the end: a server's movetext line holds a comment after every move,
/// and reading it from the start cost two searches a move. `None` where
/// only the reading from the start can tell (a `;`, a `{` left open, a
/// line ending in a comment, a token glued to the `}`).
fn token_after_last_comment(text: &[u8]) -> Option<&[u8]> {
    let close = memchr::memrchr2(b'{', b'}', text)?;
    let tail = &text[close + 1..];
    let apart = tail
        .first()
        .is_some_and(|c| c.is_ascii_whitespace() || matches!(c, b'(' | b')'));
    if text[close] != b'}' || !apart || memchr::memchr(b';', text).is_some() {
        return None;
    }
    last_token(tail)
}

/// The last token of a stretch of movetext without comments: tokens end at
/// white space and parentheses.
fn last_token(text: &[u8]) -> Option<&[u8]> {
    let gap = |c: &u8| c.is_ascii_whitespace() || *c == b'(' || *c == b')';
    let end = text.iter().rposition(|c| !gap(c))? + 1;
    let start = text[..end].iter().rposition(gap).map_or(0, |p| p + 1);
    Some(&text[start..end])
}

/// The movetext after a tag on its line (`[Termination "mate"]1. e4 c5`,
/// as some hand-typed files write every game); `None` for a line that ends
/// with its tag, as nearly every line does (one look at its last byte).
pub(crate) fn moves_after_tag(line: &[u8], name_end: usize) -> Option<&[u8]> {
    let line = &line[..memchr::memchr2(b'\n', b'\r', line).unwrap_or(line.len())];
    let last = line.iter().rposition(|c| !c.is_ascii_whitespace())?;
    if line[last] == b']' {
        return None;
    }
    let rest = &line[name_end..];
    let close = match memchr::memmem::find(rest, b"\"]") {
        Some(q) => q + 2,
        None => memchr::memchr(b']', rest)? + 1,
    };
    let after = &rest[close..];
    movetext_after_tag(after).map(|at| &after[at..])
}

/// Where movetext starts in `rest`, the text of a line after a tag's `]`:
/// `None` when nothing follows but spaces, or another tag does.
pub(crate) fn movetext_after_tag(rest: &[u8]) -> Option<usize> {
    let at = rest.iter().position(|c| !matches!(c, b' ' | b'\t'))?;
    (rest[at] != b'[' && !matches!(rest[at], b'\n' | b'\r')).then_some(at)
}

/// Whether a line opens with a tag pair: `[Name "value"]`, or an unquoted
/// value after a name of the seven-tag roster (`[Result 1-0]`). Anything
/// else after a `[` at the start of a line — `[41.Bc4 Rxb6]`, a variation
/// some exports write in square brackets — is movetext. `line` may run on
/// past its line's end: nothing after the first line break is looked at.
pub(crate) fn is_tag_pair(line: &[u8]) -> bool {
    tag_name_end(line).is_some()
}

/// Where the name ends (`line[1..end]`) when `line` opens with a tag pair
/// (see [`is_tag_pair`]).
pub(crate) fn tag_name_end(line: &[u8]) -> Option<usize> {
    let [b'[', first, ..] = line else {
        return None;
    };
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let name_end = name_end(line, 2);
    if line.get(name_end..name_end + 2) == Some(b" \"") {
        return Some(name_end); // as nearly every tag is written
    }
    let after = after_name(&line[name_end..]);
    if after.len() == line.len() - name_end {
        return None; // no space between name and value
    }
    if after.first() == Some(&b'"') {
        return Some(name_end);
    }
    const ROSTER: [&[u8]; 7] = [
        b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result",
    ];
    let closed = after
        .iter()
        .take_while(|&&c| c != b'\n' && c != b'\r')
        .any(|&c| c == b']');
    (ROSTER.contains(&&line[1..name_end]) && closed).then_some(name_end)
}

/// What follows a tag's name and the space after it (a byte-order mark
/// there counts as space: files glued together keep the mark of each).
pub(crate) fn after_name(s: &[u8]) -> &[u8] {
    let space = s
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\x0c'))
        .unwrap_or(s.len());
    let s = &s[space..];
    s.strip_prefix(b"\xef\xbb\xbf").unwrap_or(s)
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
pub(super) fn leading_blank_lines(s: &[u8]) -> usize {
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
pub(super) fn has_content(s: &[u8]) -> bool {
    let s = s.strip_prefix(b"\xef\xbb\xbf").unwrap_or(s);
    s.iter().any(|c| !c.is_ascii_whitespace())
}

fn tag_name_hash(name: &[u8]) -> u64 {
    // Eight bytes at a time: tag names are short and this runs once per
    // tag line.
    name.chunks(8).fold(name.len() as u64, |h, chunk| {
        let mut word = [0; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x517c_c1b7_2722_0a95)
    })
}

/// A game's size: up to its last byte that is not white space (blank
/// text after a game is not its own; see `Splitter::measure`).
pub(super) fn text_len(game: &[u8]) -> usize {
    game.iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |last| last + 1)
}
