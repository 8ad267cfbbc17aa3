//! A source's games, whichever way it holds them: PGN cut by
//! [`crate::read::split`], or a server's JSON export cut by
//! [`crate::read::export`], both handed out as [`Block`]s.

use std::io::{self, Read};

use super::export::JsonSplitter;
use super::input::Format;
use super::split::{Block, Splitter};

/// The splitter a source's format calls for.
pub enum Games<R> {
    Pgn(Splitter<R>),
    Json(JsonSplitter<R>),
}

impl<R: Read> Games<R> {
    /// Blocks of about `target` bytes; a game over `max_game` bytes is
    /// handed on as oversized.
    pub fn new(reader: R, format: Format, target: usize, max_game: usize) -> Self {
        match format {
            Format::Pgn => Games::Pgn(Splitter::with_limit(reader, target, max_game)),
            Format::Json(layout) => {
                Games::Json(JsonSplitter::with_limit(reader, layout, target, max_game))
            }
        }
    }

    /// The next block, or `None` at the end; see [`Splitter::next_block`].
    pub fn next_block(&mut self) -> io::Result<Option<Block>> {
        match self {
            Games::Pgn(split) => split.next_block(),
            Games::Json(split) => split.next_block(),
        }
    }

    /// How many games the blocks handed out so far hold.
    pub fn games_emitted(&self) -> u64 {
        match self {
            Games::Pgn(split) => split.games_emitted(),
            Games::Json(split) => split.games_emitted(),
        }
    }
}
