//! What any verdict may carry, whichever clause decided: the result
//! against the record, what else bears on it, moves after the end, what a
//! human must check, and a record with nothing to judge.

use super::edition::CategoryBy;
use super::{Finding, Reason};
use crate::board::notation::Irregular;
use crate::board::replay::{ReplayError, Stop};
use crate::model::outcome::GameResult;
use crate::read::ending::Quote;

#[derive(Debug, Clone, PartialEq)]
pub enum VerdictFinding {
    /// The `result-mismatch` incident.
    ResultMismatch {
        recorded: GameResult,
        correct: GameResult,
        rule: &'static str,
    },
    /// The `moves-after-end` incident: `extra` plies.
    MovesAfterEnd { extra: usize, rule: &'static str },
    /// What bears on the result and does not change it (`more` past those
    /// `named`); `decided`: a clause decided the game later.
    WhatBears {
        named: Vec<Borne>,
        more: usize,
        decided: bool,
    },
    /// The cited clause in the project's words, closing a reason.
    InOurWords { rule: &'static str, words: String },
    /// A null move at `label`: the recorded result kept; `reading`, what
    /// the rest of the record reads.
    AfterAPass {
        label: String,
        recorded: GameResult,
        reading: Reason,
    },
    /// A helpmate question the per-game bound left open.
    OverBudget,
    /// The recorded result is what a claim at the end of the record asked
    /// for, and the claim fails (`rejected`, the incident's finding): only
    /// a decision the record does not hold could give it.
    RestsOnRejectedClaim {
        rejected: Box<Finding>,
        recorded: GameResult,
    },
    /// `--only-rapid` and a game of another category: what the rapid-play
    /// rules (`ru_rapid`), or its category's, would have decided.
    NotRapid {
        category: CategoryBy,
        ru_rapid: bool,
        reading: Reason,
    },
    /// A move that cannot be read, on `line`, at `label`.
    Unreadable {
        line: u64,
        label: String,
        stop: Stop,
    },
    /// The `error` verdict of a move that cannot be read.
    CannotBeRead(Box<VerdictFinding>),
    /// `*`, and nothing on the board ended the game.
    NoResult,
    /// The record stands: nothing in it `overturns` (or contradicts) the
    /// result; `said`, the record's words on how it ended.
    AsRecorded {
        recorded: GameResult,
        overturns: bool,
        said: Option<Quote>,
    },
    /// A record with no move, and `recorded`: not played, or not recorded;
    /// the comment before the result, if any.
    UnplayedOrUnrecorded {
        recorded: GameResult,
        comment: Option<String>,
    },
    /// A result and no move, nor any word: a pairing program's round (it
    /// writes no moves); `recorded` stands unchecked.
    ResultOnly { recorded: GameResult },
    /// A move written irregularly, read as meant.
    ReadAsMeant(Irregular),
}

/// An incident named in a reason, with its move.
#[derive(Debug, Clone, PartialEq)]
pub struct Borne {
    /// `23.` or `23...`.
    pub move_label: String,
    pub san: String,
    pub detail: Finding,
}

/// Why a record could not be judged: its `error` verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unjudged {
    /// The splitter or the parser could not keep its text whole.
    Damaged { line: u64, what: String },
    /// It cannot be replayed at all (a variant, a FEN that cannot be set up).
    Replay(ReplayError),
    /// A chess library panicked on it (the panic's message).
    LibraryPanic(String),
}
