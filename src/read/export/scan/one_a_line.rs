//! Where an export writes its games one a line (NDJSON, or a list or a
//! month one game a line), a line break ends whatever the line left open,
//! so that one broken line takes no other game. That it does is told by
//! its first lines ([`JsonLayout`](crate::read::input::JsonLayout)) or by
//! its first game, closed on the line it opened.

use std::io::Read;

use super::{JsonSplitter, Pending};
use crate::read::split::GameSlice;

/// Why a game of one a line left open is cut short.
const CUT_AT_LINE_END: &str =
    "the game's JSON ends with its line, not closed: the export writes one game a line";

/// Why a line that opened a list (or a month) and left it open, no game
/// read from it, gets a row of its own.
const LIST_LEFT_OPEN: &str = "a line of the export opens a list and leaves it open, no game read \
     from it: the export writes one game a line";

/// Where a value at the games' depth began, and how many rows the export
/// had given before it: a value left open that gave none gets a row.
#[derive(Debug, Clone, Copy)]
pub(super) struct Stretch {
    offset: u64,
    line: u64,
    rows_before: u64,
}

impl<R: Read> JsonSplitter<R> {
    /// Counts the line break at `chunk[i]`.
    pub(super) fn new_line(&mut self) {
        self.line += 1;
    }

    /// The brackets open around a game: none until the first game has
    /// ended (a month opens as a game).
    pub(super) fn depth_of_games(&self) -> usize {
        self.games_depth.unwrap_or(0)
    }

    /// How many rows the export has given so far.
    fn rows(&self) -> u64 {
        self.games_emitted + self.block.games.len() as u64
    }

    /// Notes where a value opened at `chunk[i]` begins, if it opens at the
    /// games' depth.
    pub(super) fn open_stretch(&mut self, i: usize) {
        if self.frames.len() == self.depth_of_games() {
            self.stretch = Some(Stretch {
                offset: self.base + i as u64,
                line: self.line,
                rows_before: self.rows(),
            });
        }
    }

    /// A line break outside strings (or one that a string never closed
    /// before): where the export writes one game a line, what is still
    /// open ends here — a game cut short, or a list that gave no game —
    /// and the next line is read afresh. Returns where the gathered bytes
    /// end, when a game ended here.
    pub(super) fn line_end(&mut self, i: usize) -> Option<usize> {
        let string_cut = std::mem::take(&mut self.string_cut);
        if !self.cuts_at_line_end() || !string_cut && self.opening_line() {
            return None;
        }
        if self.pending.as_ref().is_some_and(|game| !game.junk) {
            self.gather_to(i);
            let game = self.pending.take()?;
            self.cut_at_line_end(game);
            return Some(i);
        }
        self.stretch_left_open(LIST_LEFT_OPEN);
        None
    }

    /// Whether the line ended where the export's first games are awaited:
    /// after the `[` of a list or a month's `games`, no game read yet, and
    /// no string left open.
    fn opening_line(&self) -> bool {
        let awaits_games = |top: &super::Frame| top.array && (top.games || top.games_untold);
        // A list in a list (`[[[`) opens no export.
        let nested = self
            .frames
            .windows(2)
            .any(|pair| pair[0].array && pair[1].array);
        self.games_depth.is_none() && !nested && self.frames.last().is_some_and(awaits_games)
    }

    /// Hands out `game`, left open at its line's end, as cut short, and
    /// leaves the scan at the games' depth.
    fn cut_at_line_end(&mut self, game: Pending) {
        self.games_depth.get_or_insert(game.depth);
        self.frames.truncate(game.depth.min(self.depth_of_games()));
        (self.in_string, self.escaped, self.key) = (false, false, None);
        self.stretch = None;
        self.emit(game, Some(CUT_AT_LINE_END.into()));
    }

    /// A value opened at the games' depth and left open (at its line's
    /// end, or the export's): a row of its own if it gave none, and the
    /// scan back at the games' depth.
    pub(super) fn stretch_left_open(&mut self, why: &str) {
        if let Some(stretch) = self.stretch.take()
            && self.rows() == stretch.rows_before
        {
            let start = self.block.data.len();
            self.block.games.push(GameSlice {
                bytes: start..start,
                offset: stretch.offset,
                line: stretch.line,
                problem: Some(why.to_string()),
                head_only: false,
            });
        }
        self.frames.truncate(self.depth_of_games());
        (self.in_string, self.escaped, self.key) = (false, false, None);
    }

    /// Whether a line break ends a string left open: wherever the export
    /// writes one game a line, in a game or in a line that is no JSON (a
    /// quote in it must not take the lines after it).
    pub(super) fn strings_end_at_line_end(&self) -> bool {
        self.one_a_line == Some(true)
    }

    /// Whether a line break ends what is open: the export writes one game
    /// a line, and a game, or a value deeper than the games, is open.
    pub(super) fn cuts_at_line_end(&self) -> bool {
        let game_open = self.pending.as_ref().is_some_and(|game| !game.junk);
        self.one_a_line == Some(true) && (game_open || self.frames.len() > self.depth_of_games())
    }
}
