//! What the check found of a pairing and its game, and of a player's
//! points column: facts, worded by `tournament/phrase/pairing.rs` for
//! `pairings.csv`, `standings.csv` and the tournament page.

use super::matching::{Disagreement, Pairing};
use crate::model::verdict::Status;

/// Why a pairing's row says what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct PairingNote {
    /// The two lines of the pairing disagree, said first.
    pub lines: Option<Disagreement>,
    pub finding: PairingFinding,
}

/// What the check found of a game or a pairing.
#[derive(Debug, Clone, PartialEq)]
pub enum PairingFinding {
    /// The game fits these pairings: a human must say which.
    FitsSeveral(Vec<Pairing>),
    /// No pairing has the game's players, and it names no round.
    NoPairing,
    /// None in the round its tag names; they met in `met_in` (1-based).
    NotInRound { round: usize, met_in: usize },
    /// None in its round, nor in any other.
    NotInAnyRound { round: usize },
    /// The report has a game played here, and no game matches it.
    Missing,
    /// The first line has no game played here (a forfeit), and none
    /// matches it.
    NoGame,
    /// A matched game that applies nothing, and why.
    Held { why: Held, audit: Audit },
    /// The report has a forfeit (its result), the PGN a game.
    ForfeitPlayed { result: String, audit: Audit },
    /// A matched game compared: the colours turned, whether the audit's
    /// result is applied.
    Compared {
        colours_turned: bool,
        audit: Audit,
        applied: bool,
    },
}

/// Why a matched game applies nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// A second game with the same result: only the first is applied.
    SecondGame,
    /// Games that give different results: an arbiter says which.
    Conflicting,
    /// The other player's line does not confirm the pairing.
    Unconfirmed,
    /// The audit leaves the game to a human.
    ToAHuman,
    /// The record ends unfinished.
    Unfinished,
}

/// The audit's verdict on a matched game, as the row quotes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audit {
    pub status: Status,
    pub reason: String,
}

/// A player whose points column disagrees with the round codes; the codes
/// are used, while the team standings count `unopposed` rounds (1-based)
/// as boards won, as the points column does.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsNote {
    pub written: f64,
    pub by_codes: f64,
    pub unopposed: Vec<usize>,
}
