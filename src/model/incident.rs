//! Incidents: the things in a game an arbiter would want to see.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IncidentKind {
    FlagFall,
    BothFlags,
    DeadPosition,
    MovesAfterEnd,
    UnreadableMove,
    ResultMismatch,
    /// A move the rules forbid that was carried out on the board (15.4.2).
    IllegalMove,
    /// Castling that a wrong set-up forbade (15.4.1.2).
    CastlingDisallowed,
    /// Both kings in check, or a pawn on its last rank (15.4.4).
    IllegalPosition,
    /// A move written in irregular notation, read as meant.
    Notation,
    /// A claim made too late: after the claimant moved (15.4.2), or a
    /// set-up claim after ten moves each (15.4.1.2).
    LateClaim,
    /// A claim the record does not bear out.
    RejectedClaim,
    /// A 10.2 draw claim that may not be made (two minutes or more left).
    InadmissibleClaim,
    /// A clock that went up by more than the rules give (15.4.1.1, 10.2).
    ClockChange,
    /// One clock reading out of line with the readings either side of it,
    /// which the next reading undoes: a relay's misreading, not the clock's
    /// setting. A note, bound to no clause.
    ClockReading,
    /// A `--events` line that matches no game.
    UnmatchedEvent,
}

impl IncidentKind {
    /// Whether what follows from the incident is a clause that differs
    /// between editions of the Laws (a flag, an illegal move, a claim).
    pub fn is_rule_bound(self) -> bool {
        matches!(
            self,
            IncidentKind::FlagFall
                | IncidentKind::BothFlags
                | IncidentKind::IllegalMove
                | IncidentKind::CastlingDisallowed
                | IncidentKind::IllegalPosition
                | IncidentKind::LateClaim
                | IncidentKind::RejectedClaim
                | IncidentKind::InadmissibleClaim
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            IncidentKind::FlagFall => "flag-fall",
            IncidentKind::BothFlags => "both-flags",
            IncidentKind::DeadPosition => "dead-position",
            IncidentKind::MovesAfterEnd => "moves-after-end",
            IncidentKind::UnreadableMove => "unreadable-move",
            IncidentKind::ResultMismatch => "result-mismatch",
            IncidentKind::IllegalMove => "illegal-move",
            IncidentKind::CastlingDisallowed => "castling-disallowed",
            IncidentKind::IllegalPosition => "illegal-position",
            IncidentKind::Notation => "notation",
            IncidentKind::LateClaim => "late-claim",
            IncidentKind::RejectedClaim => "rejected-claim",
            IncidentKind::InadmissibleClaim => "inadmissible-claim",
            IncidentKind::ClockChange => "clock-change",
            IncidentKind::ClockReading => "clock-reading",
            IncidentKind::UnmatchedEvent => "unmatched-event",
        }
    }
}

impl fmt::Display for IncidentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
