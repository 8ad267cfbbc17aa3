//! An incident as the laws hand it on: where in the game, what kind, the
//! clause, and what was found.

use shakmaty::Color;

use crate::laws::finding::Finding;
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;

/// One incident, located at a ply of a game.
#[derive(Debug, Clone, PartialEq)]
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
    /// The clause the incident falls under, numbered as the edition that
    /// judged the game numbers it (`15.4.2`, `7.5.3`); `None` for a note
    /// bound to no clause (a move written irregularly, a relay's
    /// misreading).
    pub clause: Option<&'static str>,
    /// An illegal move nobody claimed, which stands and the game goes on
    /// (15.4.2).
    pub stands: bool,
    /// What happened, as a finding; its `Display` words it.
    pub detail: Finding,
}
