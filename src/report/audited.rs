//! One game as the run audited it: what every output receives. The
//! workers hand it over; each output formats it its own way.

use crate::laws::{Game, Judgement};
use crate::read::parse::GameRecord;

/// Where a game stands in the input.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    /// The source's place among the run's inputs.
    pub input: usize,
    /// The source as given (`-` for standard input).
    pub source: &'a str,
    /// 1-based index within the source.
    pub game: u64,
    /// Offset of the game's first byte in the decompressed stream.
    pub offset: u64,
}

impl Origin<'_> {
    /// An error's reason where the source and the game are not in view
    /// (a CSV cell, a page about a game that could not be replayed).
    pub fn locate(&self, reason: &impl std::fmt::Display) -> String {
        let source = match self.source {
            "-" => "standard input",
            path => path,
        };
        format!("{source}, game {}: {reason}", self.game)
    }
}

/// A game, its replay and its judgement.
pub struct AuditedGame<'a> {
    pub origin: Origin<'a>,
    pub record: &'a GameRecord<'a>,
    /// False when only the head of an oversized game was kept: the record
    /// is cut short and cannot be copied.
    pub whole: bool,
    /// The replay, when the game could be replayed (not for `error` rows).
    pub game: Option<&'a Game<'a>>,
    /// The verdict, the incidents, the Laws used and the ending; for a game
    /// that could not be judged, an `error` verdict and nothing else.
    pub judgement: &'a Judgement,
}
