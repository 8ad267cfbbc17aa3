//! The memory bound of a split: a line longer than a game may be is
//! consumed in parts, blank text after a game is dropped, and of a game
//! over the limit only the head is kept.

use std::io::Read;

use super::{HEAD, Splitter};

impl<R: Read> Splitter<R> {
    /// Drops `buf[from..scanned]`, scanned already and not kept.
    pub(super) fn drop_scanned(&mut self, from: usize) {
        if self.scanned <= from {
            return;
        }
        self.buf.drain(from..self.scanned);
        self.searched -= (self.scanned - from).min(self.searched);
        self.dropped_at = match self.dropped {
            0 => from,
            _ => self.dropped_at.min(from),
        };
        self.dropped += (self.scanned - from) as u64;
        self.scanned = from;
    }

    /// A line longer than a game may be, with no end yet: consumed in
    /// parts. A shorter one waits for its end, and is read whole: where a
    /// game near the limit ends, the next game's first line may cross a
    /// read, and it must still be seen as a tag line (round seven's r52:
    /// the game after was lost, and rows differed by where reads fell).
    pub(super) fn long_line(&mut self) {
        if self.buf.len() - self.scanned <= self.max_game {
            return;
        }
        let start = self.scanned;
        self.scan.chunk(&self.buf[start..]);
        self.scanned = self.buf.len();
        self.mid_line = true;
        self.measure(start);
    }

    /// After `buf[from..scanned]` was scanned: the last game grows by its
    /// text, not by blank space after it (blank space longer than a game
    /// may be is dropped, so that it costs no memory either).
    pub(super) fn measure(&mut self, from: usize) {
        let blank = self.buf[from..self.scanned]
            .iter()
            .all(u8::is_ascii_whitespace);
        if !blank {
            self.oversized |= self.blank_dropped;
            self.content_end = self.scanned;
            if let Some(s) = self.starts.last_mut() {
                s.text.get_or_insert(from.max(s.at));
            }
        }
        let game_start = self.starts.last().map_or(0, |s| s.text.unwrap_or(s.at));
        let text_end = self.content_end.max(game_start);
        self.oversized |= text_end - game_start > self.max_game;
        if !self.oversized && self.scanned - text_end > self.max_game {
            self.drop_scanned(text_end);
            self.blank_dropped = true;
        }
    }

    /// The last game is over the limit: once it is alone at the front of
    /// the buffer, keep its head and drop what was scanned beyond it (once
    /// per read, not per line: each drop moves the rest of the buffer).
    pub(super) fn drop_oversized(&mut self) {
        if !self.oversized || self.starts.len() != 1 || self.starts[0].at != 0 {
            return; // `next_block` first hands out the games before it.
        }
        self.drop_scanned(HEAD);
        self.content_end = self.content_end.min(HEAD);
    }
}
