//! The tag section: each `[Name "value"]` pair the audit reads, kept as
//! the game's [`Tags`](crate::read::tags::Tags), borrowed from its bytes.

use std::ops::Range;

use super::{GameRecord, at_line_start, line_end};
use crate::read::split::{after_name, movetext_after_tag, tag_name_end};
use crate::read::tags::{decode, quoted};

/// Reads the tag pairs from `b[i]` on; returns where the movetext starts.
pub(super) fn read_tags<'a>(b: &'a [u8], mut i: usize, game: &mut GameRecord<'a>) -> usize {
    loop {
        let line_start = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            return i;
        }
        match b[i] {
            b'[' if let Some(name_end) = tag_name_end(&b[i..]) => {
                let eol;
                (i, eol) = read_tag(b, i + 1..i + name_end, game);
                game.layout.tags_end = eol;
            }
            b'%' if at_line_start(b, i) => i = line_end(b, i),
            _ => return line_start.max(i),
        }
    }
}

/// Reads the tag whose name stands at `name`, up to its `]`; returns the
/// offset after the tag and the end of its line.
fn read_tag<'a>(b: &'a [u8], name: Range<usize>, game: &mut GameRecord<'a>) -> (usize, usize) {
    if let Some(value) = plain_value(b, name.end) {
        let eol = value.end + 2;
        keep(b, &b[name], value, game);
        return (eol, eol);
    }
    let rest = after_name(&b[name.end..]);
    let mut i = b.len() - rest.len();
    let name = &b[name];
    if i >= b.len() || b[i] != b'"' {
        return read_unquoted(b, i, name, game);
    }
    i += 1;
    let eol = line_end(b, i);
    let close = closing_quote(b, i, eol);
    let end = close.unwrap_or_else(|| {
        // Unclosed quote: the value runs to `]` or the end of the line.
        let stop = b[i..eol]
            .iter()
            .rposition(|&c| c == b']')
            .map_or(eol, |r| i + r);
        let mut e = stop;
        while e > i && b[e - 1].is_ascii_whitespace() {
            e -= 1;
        }
        // `[Black "Zeta"` without its bracket: the quote still closes.
        if e > i && b[e - 1] == b'"' {
            e -= 1;
        }
        e
    });
    keep(b, name, i..end, game);
    match close {
        Some(q) => after_the_tag(b, q + 1, eol, game),
        None => (eol, eol),
    }
}

/// What follows a tag's closing quote on its line: its `]`, then another
/// tag, nothing, or the movetext. Hand-typed files write the first move
/// right after the last tag (`[Termination "mate"]1. e4 c5`): that text is
/// read as if a line break stood before it, and the record says so.
fn after_the_tag(b: &[u8], from: usize, eol: usize, game: &mut GameRecord<'_>) -> (usize, usize) {
    let bracket = b[from..eol].iter().position(|&c| c == b']');
    let bracket_end = bracket.map_or(from, |p| from + p + 1);
    match movetext_after_tag(&b[bracket_end..eol]) {
        Some(at) => {
            game.layout.moves_on_tag_line = true;
            (bracket_end + at, bracket_end)
        }
        None => (next_tag(b, bracket_end, eol), eol),
    }
}

/// Another tag later on the line, or the line's end.
fn next_tag(b: &[u8], from: usize, eol: usize) -> usize {
    memchr::memchr(b'[', &b[from..eol]).map_or(eol, |p| from + p)
}

/// The value of a tag written `[Name "value"]` alone on its line, as
/// nearly every tag is (one space, no escape, the `]` right after the
/// quote): found without the searches the other forms need.
fn plain_value(b: &[u8], name_end: usize) -> Option<Range<usize>> {
    let start = name_end + 2;
    if b.get(name_end..start)? != b" \"" {
        return None;
    }
    let stops = |c: &u8| matches!(c, b'"' | b'\\' | b'\n' | b'\r');
    let end = start + b[start..].iter().position(stops)?;
    let closed = b[end] == b'"'
        && b.get(end + 1) == Some(&b']')
        && matches!(b.get(end + 2), None | Some(b'\n' | b'\r'));
    closed.then_some(start..end)
}

/// Keeps the quoted value at `b[value]` if the audit reads the tag.
fn keep<'a>(b: &'a [u8], name: &[u8], value: Range<usize>, game: &mut GameRecord<'a>) {
    match name {
        b"Result" => game.layout.result_tag = Some(value.clone()),
        b"Termination" => game.layout.ending_tags[0] = Some(value.clone()),
        b"ICCResult" => game.layout.ending_tags[1] = Some(value.clone()),
        b"TerminationDetails" => game.layout.ending_tags[2] = Some(value.clone()),
        b"LichessStatus" | b"LichessWinner" | b"ChessComWhiteResult" | b"ChessComBlackResult" => {
            game.layout.code_tags.push(value.start)
        }
        _ => {}
    }
    let raw = &b[value];
    if !raw.is_ascii() && std::str::from_utf8(raw).is_err() {
        game.layout.legacy_text = true;
    }
    let legacy = game.legacy();
    if let Some(slot) = game.tags.slot(name) {
        *slot = Some(quoted(raw, legacy));
    }
}

/// The quote closing a tag value opened before `b[i]`: the first `"`
/// followed by `]`, so that an unescaped quote inside the value does not
/// cut it short; a `\\` escapes the byte after it.
fn closing_quote(b: &[u8], mut i: usize, eol: usize) -> Option<usize> {
    while i < eol {
        let at = i + memchr::memchr2(b'"', b'\\', &b[i..eol])?;
        if b[at] == b'\\' {
            i = at + 2;
            continue;
        }
        let next = b[at + 1..eol].iter().find(|c| !matches!(c, b' ' | b'\t'));
        if next == Some(&b']') {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// `[Result 1-0]`: a value without quotes runs to the `]`.
fn read_unquoted<'a>(
    b: &'a [u8],
    i: usize,
    name: &[u8],
    game: &mut GameRecord<'a>,
) -> (usize, usize) {
    let eol = line_end(b, i);
    let Some(close) = memchr::memchr(b']', &b[i..eol]).map(|p| i + p) else {
        return (eol, eol);
    };
    let mut end = close;
    while end > i && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    if end > i {
        if name == b"Result" {
            game.layout.result_tag = Some(i..end);
        }
        let legacy = game.legacy();
        if let Some(slot) = game.tags.slot(name) {
            *slot = Some(decode(&b[i..end], legacy));
        }
    }
    (close + 1, eol)
}
