//! Incidents: the things in a game an arbiter would want to see.

use std::fmt;

use shakmaty::Color;

use crate::clock::Clock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IncidentKind {
    FlagFall,
    BothFlags,
    DeadPosition,
    MovesAfterEnd,
    UnreadableMove,
    ResultMismatch,
}

impl IncidentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            IncidentKind::FlagFall => "flag-fall",
            IncidentKind::BothFlags => "both-flags",
            IncidentKind::DeadPosition => "dead-position",
            IncidentKind::MovesAfterEnd => "moves-after-end",
            IncidentKind::UnreadableMove => "unreadable-move",
            IncidentKind::ResultMismatch => "result-mismatch",
        }
    }
}

impl fmt::Display for IncidentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One incident, located at a ply of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    /// The ply of the move concerned, or of the position for events
    /// between moves (a flag fall, the end of the game).
    pub ply: usize,
    /// `23.` or `23...`.
    pub move_label: String,
    pub kind: IncidentKind,
    pub side: Option<Color>,
    /// The move as written in the record, when a move is concerned.
    pub san: String,
    pub fen_before: String,
    pub white_clock: Option<Clock>,
    pub black_clock: Option<Clock>,
    pub detail: String,
}
