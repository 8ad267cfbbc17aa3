//! Parse: one game's bytes into tags, mainline move tokens and clock readings.
//!
//! Why not `pgn-reader`'s `Reader`: it drops every movetext token that is not strict SAN
//! without telling its visitor (`e2-e4`, `e8Q`, `Nb1-b3`, `P-K4` vanish and the next
//! `{[%clk]}` lands on the previous move), and it gives no byte offsets. An arbiter must see
//! those tokens and their lines, so movetext is tokenised here; each token is still read by
//! shakmaty's SAN parser in [`crate::board::replay`]. The grammar is small: tags, comments,
//! `;` and `%` lines, variations, NAGs, move numbers, results.

use std::borrow::Cow;
use std::ops::Range;

use encoding_rs::Encoding;

use crate::model::claim::{Claim, ClaimError};
use crate::model::clock::Clock;
use crate::model::outcome::{GameResult, is_result_token};
use crate::model::time_control::{Category, ClockUnit, Control};
use crate::read::bytes::{digits_end, dots_end, is_delimiter, token_end};
use crate::read::encoding;
pub use crate::read::tags::Tags;
use crate::read::tags::decode;
use crate::read::words::{self, Names};
use comment::read_comment;
pub(super) use control::read_control;
use tag_section::read_tags;

/// One mainline move as written, with what its comments said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The token's bytes within the game, move number and `!?` stripped.
    pub span: Range<u32>,
    /// `[%clk]` after the move: the mover's clock once the move was made.
    pub clock: Option<Clock>,
    /// `[%emt]` after the move: time the move took.
    pub emt: Option<Clock>,
}

/// A game as read from the PGN text, before any chess is played.
#[derive(Debug, Clone, Default)]
pub struct GameRecord<'a> {
    pub bytes: &'a [u8],
    pub tags: Tags<'a>,
    pub moves: Vec<MoveToken>,
    /// The termination marker at the end of the movetext, if any.
    pub result_token: Option<GameResult>,
    /// Claims and arbiter's acts written in comments, in order; an entry
    /// that cannot be read says why.
    pub claims: Vec<Result<Claim, ClaimError>>,
    /// What in the text stops the audit, and the byte offset it was seen at.
    pub damage: Option<(String, usize)>,
    /// The line of the game's first byte in its source (1 when unknown).
    pub first_line: u64,
    /// The text was written from a server's JSON object, not found in the
    /// source: a place in it is its object's line, the first.
    pub written: bool,
    /// Where things stand in the bytes, for writing the game back corrected.
    pub layout: Layout,
    /// The time control, read from the tag against the first clocks.
    pub control: Control,
    /// Every comment after the last move, whatever it opens with: between
    /// braces, or after a `;` to the line's end. Where FICS and ICC say how
    /// the game ended, and annotators, arbiters and tools add to it.
    pub closing_comments: Vec<Range<u32>>,
    /// The comments with words between the moves, each with the number of
    /// plies before it: a claim or a ruling may be written there.
    pub move_comments: Vec<(u32, Range<u32>)>,
    /// What text that is not UTF-8 is read as: the file's guessed encoding
    /// (see [`crate::read::encoding`]); `None` for Windows-1252.
    pub legacy_encoding: Option<&'static Encoding>,
}

/// The tags that say how a game ended: the PGN standard's, ICC's, TCEC's.
pub const ENDING_TAGS: [&str; 3] = ["Termination", "ICCResult", "TerminationDetails"];

/// Byte positions within a game's text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The end of the tag section's last line (0 with no tags).
    pub tags_end: usize,
    /// The `Result` tag's value, between its quotes.
    pub result_tag: Option<Range<usize>>,
    /// The values of the tags that say how the game ended, between their
    /// quotes: [`ENDING_TAGS`], in that order.
    pub ending_tags: [Option<Range<usize>>; 3],
    /// The termination marker at the end of the movetext.
    pub result_token: Option<Range<usize>>,
    /// The movetext begins on the line of the last tag
    /// (`[Termination "mate"]1. e4`), as some hand-typed files write it.
    pub moves_on_tag_line: bool,
    /// `[%clk]` readings written `a:bb` (`1:28`: minutes and seconds, or
    /// hours and minutes), and those written otherwise (`0:03:12`).
    pub two_field_clocks: u32,
    pub other_clocks: u32,
    /// How the `a:bb` readings were read, when every reading is one.
    pub clock_unit: Option<ClockUnit>,
    /// A tag's text is not UTF-8: it was read in a legacy encoding.
    pub legacy_text: bool,
    /// Where the values of a server's code tags begin (`LichessStatus` …).
    pub code_tags: Vec<usize>,
}

impl<'a> GameRecord<'a> {
    /// The game's category by 15.1, from its time control as read.
    pub fn category(&self) -> Category {
        self.control.category()
    }

    /// The text of a move token.
    pub fn token(&self, m: &MoveToken) -> &'a [u8] {
        &self.bytes[m.span.start as usize..m.span.end as usize]
    }

    /// The recorded result: the `Result` tag, else the termination marker,
    /// else `*`. The tag is read as people write it: a mark (`1-0`, `½:½`,
    /// `0,5-0,5`), a mark and words (`0-1 (forfeit)`, `0:1 kampflos`), or
    /// words that give a result (`remis`, `ничья`, `Weiß gewinnt`).
    pub fn recorded_result(&self) -> GameResult {
        self.tag_result()
            .or(self.result_token)
            .unwrap_or(GameResult::Unfinished)
    }

    /// The result the `Result` tag gives, if it gives one.
    pub fn tag_result(&self) -> Option<GameResult> {
        let tag = self.tags.result.as_deref()?;
        GameResult::parse(tag).or_else(|| match result_tag_parts(tag) {
            (Some(mark), _) => Some(mark),
            (None, words) => words.and_then(|w| words::result_of(w, self.names())),
        })
    }

    /// The words of the `Result` tag beside or instead of a result mark:
    /// `forfeit` of `0-1 (forfeit)`, all of `remis`.
    pub fn result_words(&self) -> Option<&str> {
        let tag = self.tags.result.as_deref()?;
        match GameResult::parse(tag) {
            Some(_) => None,
            None => result_tag_parts(tag).1,
        }
    }

    /// The players as the tags name them, for reading words about them.
    pub(crate) fn names(&self) -> Names<'_> {
        Names {
            white: self.tags.white.as_deref(),
            black: self.tags.black.as_deref(),
        }
    }

    /// The `Result` tag and the movetext's termination marker, as written,
    /// when they name different results (`[Result "1-0"]` … `0-1`,
    /// `[Result "remis"]` … `1-0`).
    pub fn results_disagree(&self) -> Option<(&str, &str)> {
        let tag = self.tags.result.as_deref()?;
        let token = self.layout.result_token.clone()?;
        let marker = std::str::from_utf8(&self.bytes[token]).ok()?;
        let differ = self
            .tag_result()
            .is_some_and(|t| Some(t) != self.result_token);
        differ.then_some((tag, marker))
    }

    /// The texts of [`GameRecord::closing_comments`], trimmed, decoded as
    /// the tags are, in order.
    pub fn closing_texts(&self) -> impl Iterator<Item = Cow<'a, str>> + '_ {
        self.closing_comments.iter().map(|span| self.text_of(span))
    }

    /// The texts of [`GameRecord::move_comments`], each with its ply.
    pub fn move_texts(&self) -> impl Iterator<Item = (u32, Cow<'a, str>)> + '_ {
        self.move_comments
            .iter()
            .map(|(ply, span)| (*ply, self.text_of(span)))
    }

    /// A comment's text, trimmed, decoded as the tags are.
    fn text_of(&self, span: &Range<u32>) -> Cow<'a, str> {
        let raw = &self.bytes[span.start as usize..span.end as usize];
        match decode(raw, self.legacy()) {
            Cow::Borrowed(text) => Cow::Borrowed(text.trim()),
            Cow::Owned(text) => Cow::Owned(text.trim().to_string()),
        }
    }

    /// What text that is not UTF-8 is read as.
    pub(crate) fn legacy(&self) -> &'static Encoding {
        self.legacy_encoding.unwrap_or(encoding_rs::WINDOWS_1252)
    }

    /// The encoding its text not in UTF-8 (tags; comments too, where the
    /// source's was decided) was read in.
    pub fn text_encoding(&self) -> Option<&'static Encoding> {
        let comments = self.legacy_encoding.is_some() && std::str::from_utf8(self.bytes).is_err();
        (self.layout.legacy_text || comments).then(|| self.legacy())
    }

    /// The line in the source of a byte offset within the game.
    pub fn line_of(&self, offset: usize) -> u64 {
        if self.written {
            return self.first_line.max(1);
        }
        let before = &self.bytes[..offset.min(self.bytes.len())];
        // Lines end at `\n`, `\r\n` or a lone `\r`.
        let breaks = memchr::memchr2_iter(b'\n', b'\r', before)
            .filter(|&i| !(before[i] == b'\r' && before.get(i + 1) == Some(&b'\n')))
            .count();
        self.first_line.max(1) + breaks as u64
    }
}

/// A `Result` tag that is no plain mark, cut into the mark it starts with
/// (`0:1` of `0:1 kampflos`) and the words after it, or all words.
fn result_tag_parts(tag: &str) -> (Option<GameResult>, Option<&str>) {
    let tag = tag.trim();
    let cut = tag
        .find(|c: char| c.is_whitespace() || c == '(')
        .unwrap_or(tag.len());
    match GameResult::parse(&tag[..cut]) {
        Some(mark) if cut > 0 => (Some(mark), bare_words(&tag[cut..])),
        _ => (None, bare_words(tag)),
    }
}

/// Words without the brackets around them, if any are left.
fn bare_words(words: &str) -> Option<&str> {
    let words = words
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    (!words.is_empty()).then_some(words)
}

/// Parses one game's bytes (as cut by [`crate::read::split`]). Tags that
/// are not UTF-8 are read in the encoding the game's bytes are guessed to
/// be in (see [`crate::read::encoding`]).
pub fn parse_game(bytes: &[u8]) -> GameRecord<'_> {
    parse(bytes, None, true)
}

/// [`parse_game`], text that is not UTF-8 read in `legacy` (Windows-1252
/// when `None`).
pub fn parse_game_in<'a>(bytes: &'a [u8], legacy: Option<&'static Encoding>) -> GameRecord<'a> {
    parse(bytes, legacy, false)
}

/// A game's record; with `guess`, tags found not to be UTF-8 are read
/// again in the encoding guessed from the game's bytes. Only the tags:
/// the movetext is read the same in any encoding (its comments are
/// decoded when asked for).
fn parse<'a>(bytes: &'a [u8], legacy: Option<&'static Encoding>, guess: bool) -> GameRecord<'a> {
    let start = if bytes.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    let mut game = GameRecord {
        bytes,
        first_line: 1,
        legacy_encoding: legacy,
        ..GameRecord::default()
    };
    let mut i = read_tags(bytes, start, &mut game);
    if guess && game.layout.legacy_text {
        game = GameRecord {
            bytes,
            first_line: 1,
            legacy_encoding: Some(encoding::guess(bytes)),
            ..GameRecord::default()
        };
        i = read_tags(bytes, start, &mut game);
    }
    // Real records spend 15 to 30 bytes a ply, clocks included: one
    // allocation for most games instead of a string of regrowths.
    game.moves = Vec::with_capacity((bytes.len() / 16).min(1024));
    read_movetext(bytes, i, &mut game);
    read_control(&mut game);
    game
}

/// Where the line holding `b[i]` ends (`\n`, `\r\n` or a lone `\r`).
fn line_end(b: &[u8], i: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &b[i.min(b.len())..]).map_or(b.len(), |p| i + p)
}

fn at_line_start(b: &[u8], i: usize) -> bool {
    i == 0 || matches!(b[i - 1], b'\n' | b'\r')
}

fn read_movetext(b: &[u8], mut i: usize, game: &mut GameRecord<'_>) {
    let mut depth = 0usize;
    while i < b.len() {
        i = match b[i] {
            // The bytes met most, first: a space, a move, a comment (a
            // server's clock after nearly every move) and a move number
            // (which has nothing to keep).
            b' ' => i + 1,
            c if c.is_ascii_alphabetic() => {
                let end = token_end(b, i);
                if depth == 0 {
                    a_move(b, i, end, game);
                }
                end
            }
            b'{' => read_comment(b, i, depth, game),
            _ if let Some(after) = move_number_end(b, i) => after,
            _ => read_other(b, i, &mut depth, game),
        };
    }
}

/// Reads what stands at `b[i]` when it is no move, no comment and no move
/// number; returns the offset after it.
fn read_other(b: &[u8], i: usize, depth: &mut usize, game: &mut GameRecord<'_>) -> usize {
    match b[i] {
        b';' => {
            let end = line_end(b, i);
            if *depth == 0 {
                game.closing_comments.push(i as u32 + 1..end as u32);
            }
            end
        }
        b'%' if at_line_start(b, i) => line_end(b, i),
        // Some exports write variations in square brackets (the
        // splitter leaves a `[` that opens no tag pair in the movetext);
        // forum markup such as `[pgn]` has no space inside and is skipped.
        b'[' if let Some(close) = markup_end(b, i) => close + 1,
        b'(' | b'[' => {
            *depth += 1;
            i + 1
        }
        b')' | b']' => {
            *depth = depth.saturating_sub(1);
            i + 1
        }
        b'$' => digits_end(b, i + 1),
        c if is_delimiter(c) => i + 1,
        _ => {
            let end = token_end(b, i);
            if *depth == 0 {
                token(b, i, end, game);
            }
            end
        }
    }
}

/// The end of the move number (`12.`, `12...`, `12`) that starts at `b[i]`,
/// if one does: digits, then dots, then a delimiter.
fn move_number_end(b: &[u8], i: usize) -> Option<usize> {
    let j = number_end(b, i);
    // `0000` is UCI's null move, no move number.
    let number = j > i && &b[i..j] != b"0000";
    (number && (j == b.len() || is_delimiter(b[j]))).then_some(j)
}

/// Where the digits at `b[i]` and the dots after them end (`i` when no
/// digit stands there).
fn number_end(b: &[u8], i: usize) -> usize {
    let digits = digits_end(b, i);
    if digits == i {
        return i;
    }
    dots_end(b, digits)
}

/// The `]` closing a `[word]` that holds no white space.
fn markup_end(b: &[u8], i: usize) -> Option<usize> {
    let close = b[i + 1..]
        .iter()
        .position(|&c| c == b']' || c.is_ascii_whitespace() || c == b'[')?;
    (b[i + 1 + close] == b']').then_some(i + 1 + close)
}

/// Classifies one mainline token: move number, result, NAG or move.
fn token(b: &[u8], mut start: usize, end: usize, game: &mut GameRecord<'_>) {
    let whole = &b[start..end];
    if is_result_token(whole) {
        game.result_token = GameResult::parse(&String::from_utf8_lossy(whole));
        game.layout.result_token = Some(start..end);
        return;
    }
    // `12.e4`, `12...Nf6`: the number is dropped (a number standing alone
    // never comes here: `move_number_end` took it).
    let number = number_end(b, start);
    if number > start && b[number - 1] == b'.' {
        start = number;
    }
    a_move(b, start, end, game);
}

/// Keeps the token `b[start..end]` as a move, without its leading dots and
/// its `!?`, unless it is an annotation.
fn a_move(b: &[u8], mut start: usize, mut end: usize, game: &mut GameRecord<'_>) {
    while start < end && b[start] == b'.' {
        start += 1;
    }
    while end > start && matches!(b[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if start == end || is_annotation(&b[start..end]) {
        return;
    }
    let ply = game.moves.len() as u32;
    let before = game.closing_comments.drain(..).map(|span| (ply, span));
    game.move_comments.extend(before);
    game.moves.push(MoveToken {
        span: start as u32..end as u32,
        clock: None,
        emt: None,
    });
}

/// `e.p.` after a capture, and evaluation glyphs (`+-`, `⩱`, `=`), which
/// are annotations, not moves; `--` and `@@@@` are null moves.
fn is_annotation(text: &[u8]) -> bool {
    match text[0] {
        // The common case, a move from a piece letter or a file, needs no
        // UTF-8 decoding.
        b'e' => matches!(text, b"e.p." | b"ep" | b"e.p"),
        c if c.is_ascii_alphanumeric() => false,
        _ => {
            !matches!(text, b"--" | b"@@@@")
                && std::str::from_utf8(text)
                    .is_ok_and(|t| t.chars().all(|c| !c.is_alphanumeric() && !c.is_control()))
        }
    }
}

mod comment;
mod control;
mod tag_section;
#[cfg(test)]
mod tests;
