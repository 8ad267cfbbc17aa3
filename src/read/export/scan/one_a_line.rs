//! Where an export writes one game a line (NDJSON), a line break ends the
//! game it leaves open, so that one broken line takes no other game. That
//! it does is told by its first game: closed alone on its line, or, its
//! line cut short, followed by a line that begins `{"`.

use std::io::Read;

use super::{JsonSplitter, Pending};

/// Why a game of one a line left open is cut short.
const CUT_AT_LINE_END: &str =
    "the game's JSON ends with its line, not closed: the export writes one game a line";

impl<R: Read> JsonSplitter<R> {
    /// Counts the line break at `chunk[i]`.
    pub(super) fn new_line(&mut self, i: usize) {
        self.line += 1;
        self.line_start = self.base + i as u64 + 1;
    }

    /// What to make of `chunk[i]` where the export's first game is still
    /// open on a later line than its first: `{"` at a line's start is a new
    /// game of one a line, and the first game's line was cut short (a
    /// pretty-printer breaks the line after `{`, and indents what it
    /// nests). The `{` is held until the byte after it says which; held
    /// across a chunk's end by its offset, so the read size changes
    /// nothing.
    pub(super) fn first_game_cut_at(&mut self, i: usize) -> NextLine {
        // Decided at the first game's end: nothing to look at after it.
        if self.one_a_line.is_some() {
            return NextLine::Read;
        }
        let (at, c) = (self.base + i as u64, self.chunk[i]);
        let held = self.brace_at_line_start.take();
        if !self.first_game_open_across_lines() {
            return NextLine::Read;
        }
        if at == self.line_start && c == b'{' {
            self.brace_at_line_start = Some(at);
            return NextLine::Held;
        }
        if held.is_none_or(|brace| brace + 1 != at) {
            return NextLine::Read;
        }
        if c == b'"' {
            return NextLine::NewGame;
        }
        // Not a game's start after all: the `{` is read as it would have been.
        match self.in_string {
            true => self.key_byte(b'{'),
            false => self.open_object(i),
        }
        NextLine::Read
    }

    /// The first game began on an earlier line, at the top, and is open:
    /// whether the export writes one game a line is not yet known.
    fn first_game_open_across_lines(&self) -> bool {
        self.frames.first().is_some_and(|f| f.game)
            && (self.pending.as_ref()).is_some_and(|g| !g.junk && g.line < self.line)
    }

    /// Ends the first game before the `{` held at the line's start (its
    /// bytes gathered up to `chunk[i]`, the `"` after it), as cut short,
    /// and opens the game that `{` begins. Returns where the chunk's bytes
    /// not yet gathered begin.
    pub(super) fn start_after_broken_first_game(&mut self, i: usize) -> usize {
        let Some(mut game) = self.pending.take() else {
            return i;
        };
        if !game.over {
            // The `{`, and the line's end before it, as a game cut at its
            // line's end keeps neither.
            game.bytes.pop();
            while game.bytes.pop_if(|c| matches!(c, b'\n' | b'\r')).is_some() {}
        }
        self.cut_at_line_end(game);
        self.one_a_line = Some(true);
        // The held `{` opens the next game, a byte before `chunk[i]`.
        self.open_object(i);
        if let Some(game) = &mut self.pending {
            game.offset -= 1;
            game.bytes.push(b'{');
        }
        i
    }

    /// A line break outside strings (or one that a string never closed
    /// before): where the export writes one game a line, the game still
    /// open ends here, cut short, and the next line is read afresh, so
    /// that one broken game does not take the games after it. Returns
    /// where the gathered bytes end, when a game ended here.
    pub(super) fn line_end(&mut self, i: usize) -> Option<usize> {
        if !self.cuts_at_line_end() {
            return None;
        }
        self.gather_to(i);
        let game = self.pending.take()?;
        self.cut_at_line_end(game);
        Some(i)
    }

    /// Hands out `game`, left open at its line's end, as cut short, and
    /// leaves the scan where its object was opened.
    fn cut_at_line_end(&mut self, game: Pending) {
        while let Some(frame) = self.frames.pop() {
            if frame.game {
                break;
            }
        }
        (self.in_string, self.escaped, self.key) = (false, false, None);
        self.emit(game, Some(CUT_AT_LINE_END.into()));
    }

    /// Whether a line break ends the game being read: one is, and the
    /// export writes one game a line.
    pub(super) fn cuts_at_line_end(&self) -> bool {
        let open = self.pending.as_ref().is_some_and(|game| !game.junk);
        open && self.one_a_line == Some(true)
    }
}

/// What a byte at the start of a line inside the open first game is.
pub(super) enum NextLine {
    /// Read as ever.
    Read,
    /// A `{` held until the next byte.
    Held,
    /// The `"` after a held `{`: a new game.
    NewGame,
}
