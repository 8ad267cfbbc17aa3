//! Comment: a movetext comment read at once — the clocks and claims it
//! holds for the move before it, and, after the last move, its place among
//! the record's testimony about the ending.

use super::GameRecord;
use crate::model::claim::Claim;
use crate::model::clock::{Clock, commands};
use crate::read::bytes::digits_end;

/// Reads the comment opening at `b[i]` (at the top level, its clocks,
/// claims and words); returns the offset after it.
pub(super) fn read_comment(b: &[u8], i: usize, depth: usize, game: &mut GameRecord<'_>) -> usize {
    if depth == 0
        && let Some(after) = lone_clock(b, i, game)
    {
        return after;
    }
    // Comments are short (`{ [%clk 0:03:12] }`): a plain loop beats
    // memchr's set-up on them.
    let end = b[i + 1..]
        .iter()
        .position(|&c| c == b'}')
        .map(|p| i + 1 + p);
    let text_end = end.unwrap_or(b.len());
    if depth == 0 {
        let text = &b[i + 1..text_end];
        annotate(text, game);
        if !only_commands(text) {
            game.closing_comments.push(i as u32 + 1..text_end as u32);
        }
    }
    if end.is_none() && game.damage.is_none() {
        game.damage = Some(("comment `{` is never closed".into(), i));
    }
    text_end + 1
}

/// Whether a comment holds nothing but `[%command …]`s (a DGT clock, an
/// evaluation): no testimony about the ending.
fn only_commands(text: &[u8]) -> bool {
    let mut rest = text.trim_ascii_start();
    while let Some(command) = rest.strip_prefix(b"[%") {
        match command.iter().position(|&c| c == b']') {
            Some(close) => rest = command[close + 1..].trim_ascii_start(),
            None => return false,
        }
    }
    rest.is_empty()
}

/// `{ [%clk 0:03:12] }`, the comment a server writes after nearly every
/// move, read at once: the clock of the move before it, no claim, no words.
/// Returns the offset after it; `None` for any other comment.
fn lone_clock(b: &[u8], i: usize, game: &mut GameRecord<'_>) -> Option<usize> {
    let comment = b.get(i..i + 18)?;
    if !comment.starts_with(b"{ [%clk ") || !comment.ends_with(b"] }") {
        return None;
    }
    let last = game.moves.last_mut()?;
    last.clock = Some(Clock::hms(&comment[8..15])?);
    game.layout.other_clocks += 1;
    Some(i + 18)
}

/// Applies a comment's `[%clk]` and `[%emt]` to the move before it, and
/// collects its claims.
fn annotate(comment: &[u8], game: &mut GameRecord<'_>) {
    let ply = game.moves.len();
    for (name, args) in commands(comment) {
        match (name, game.moves.last_mut()) {
            (b"clk", Some(last)) => {
                last.clock = Clock::parse(args).or(last.clock);
                match two_fields(args) {
                    true => game.layout.two_field_clocks += 1,
                    false => game.layout.other_clocks += 1,
                }
            }
            (b"emt", Some(last)) => last.emt = Clock::parse(args).or(last.emt),
            _ => {
                if let Some(claim) = Claim::read(ply, name, args) {
                    game.claims.push(claim);
                }
            }
        }
    }
    if let Some(last) = game.moves.last_mut()
        && last.clock.is_none()
        && let Some(left) = engine_time_left(comment)
    {
        last.clock = Some(left);
        game.layout.other_clocks += 1;
    }
}

/// TCEC's and cutechess's engine comments give the time left after the
/// move in milliseconds, `tl=4206438` among `d=27, sd=49, mt=33540, …`: a
/// clock reading where no `[%clk]` gives one.
fn engine_time_left(comment: &[u8]) -> Option<Clock> {
    let at = memchr::memmem::find(comment, b"tl=")?;
    let key_starts = at == 0 || matches!(comment[at - 1], b' ' | b',' | b'{');
    let digits = &comment[at + 3..digits_end(comment, at + 3)];
    let millis: u64 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (key_starts && !digits.is_empty()).then_some(Clock(millis))
}

/// A reading written `a:bb` (`1:28`, `0:15.40`): two fields, which may be
/// minutes and seconds or hours and minutes.
fn two_fields(args: &[u8]) -> bool {
    let whole = args
        .trim_ascii()
        .split(|&b| b == b'.')
        .next()
        .unwrap_or_default();
    whole.iter().filter(|&&b| b == b':').count() == 1
}
