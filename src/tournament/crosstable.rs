//! The crosstable the standings and tie-breaks are computed on: each
//! player's rounds with their points, and what FIDE's tie-break rules
//! (C.07, 2023) make of the rounds a player did not play.

use std::collections::HashMap;

use super::event_kind::{EventKind, round_robin};
use super::rules::TieBreakRules;
use super::trf::ScoreSystem;
use super::trf::{Cell, Code, Player, start_numbers};

/// A tournament's results, one row per player.
#[derive(Debug, Clone)]
pub struct Crosstable {
    pub rows: Vec<Row>,
    /// Start number → place in `rows`.
    by_start_no: HashMap<u32, usize>,
    /// Pre-determined pairings, where a forfeit counts as a game for most
    /// tie-breaks and a round with no opponent is a rest (C.07 15.2).
    pub round_robin: bool,
    /// How the rounds are scored and the tie-breaks computed.
    pub scoring: Scoring,
}

/// How a crosstable is scored: the points of each result, the text of
/// C.07 the tie-breaks follow, and the rating an unrated opponent counts
/// as in ARO (none: not counted).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Scoring {
    pub system: ScoreSystem,
    pub rules: TieBreakRules,
    pub unrated: Option<u32>,
    /// The kind of event the report names (`092`); none: a round robin
    /// where every player met every other once.
    pub kind: Option<EventKind>,
}

/// One player's line.
#[derive(Debug, Clone)]
pub struct Row {
    pub start_no: u32,
    pub rating: Option<u32>,
    pub rounds: Vec<Cell>,
    /// Each round's points under the score system.
    pub scores: Vec<f64>,
    /// A draw's points, for the rounds after a withdrawal.
    draw: f64,
    /// The table is a round robin's: a round with no opponent is a rest.
    round_robin: bool,
}

/// What an unplayed round is, for the tie-breaks (C.07 16.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unplayed {
    /// A pairing-allocated or full-point bye.
    Bye,
    ForfeitWin,
    /// A half- or zero-point bye the player asked for, with a round he
    /// played (or was paired in) after it.
    RequestedBye,
    ForfeitLoss,
    /// A requested bye followed only by voluntary unplayed rounds, or in
    /// the last round: a player who withdrew.
    Withdrawn,
    /// A round robin's round with no opponent: the player's rest, which
    /// no tie-break counts (C.07 15.2: there only forfeits are unplayed).
    Rest,
    /// A team match drawn with no board played (each team forfeited as
    /// many points as it won by forfeit): unplayed, as FIDE's calculator
    /// reads it, a forfeit neither side lost.
    ForfeitDrawn,
}

/// The points a round's code gives (a win 1, a draw ½, a pairing bye as a
/// win).
pub fn points(code: Code) -> f64 {
    match code {
        Code::Win | Code::ForfeitWin | Code::UnratedWin | Code::FullBye | Code::PairingBye => 1.0,
        Code::Draw | Code::UnratedDraw | Code::HalfBye => 0.5,
        Code::Loss | Code::ForfeitLoss | Code::UnratedLoss | Code::ZeroBye => 0.0,
    }
}

/// A voluntary unplayed round: a requested bye or a forfeit loss (16.1.2).
fn voluntary(code: Code) -> bool {
    matches!(code, Code::HalfBye | Code::ZeroBye | Code::ForfeitLoss)
}

impl Crosstable {
    pub fn new(players: &[Player], rounds: usize) -> Crosstable {
        Crosstable::ranked(players, rounds, Scoring::default())
    }

    /// The table scored as `scoring` says.
    pub fn ranked(players: &[Player], rounds: usize, scoring: Scoring) -> Crosstable {
        let system = scoring.system;
        let rows: Vec<Row> = players
            .iter()
            .map(|p| {
                let mut cells = p.rounds.clone();
                cells.resize(rounds, Cell::absent());
                let scores = cells
                    .iter()
                    .map(|c| system.points(c.code, c.colour))
                    .collect();
                Row {
                    start_no: p.start_no,
                    rating: p.rating,
                    rounds: cells,
                    scores,
                    draw: system.draw_points(),
                    round_robin: false,
                }
            })
            .collect();
        let opponents = rows.iter().map(|r| r.rounds.iter().map(|c| c.opponent));
        let round_robin = round_robin(scoring.kind, opponents);
        let rows = rows
            .into_iter()
            .map(|row| Row { round_robin, ..row })
            .collect();
        Crosstable {
            rows,
            by_start_no: start_numbers(players),
            round_robin,
            scoring,
        }
    }

    pub fn rounds(&self) -> usize {
        self.rows.first().map_or(0, |r| r.rounds.len())
    }

    /// The row of start number `start_no`.
    pub fn row(&self, start_no: u32) -> Option<&Row> {
        self.by_start_no.get(&start_no).map(|&i| &self.rows[i])
    }

    /// A round counts as a game played: over the board, or a forfeit in a
    /// round robin (15.2) where the caller allows it.
    pub fn played(&self, cell: &Cell, forfeits_count: bool) -> bool {
        cell.opponent.is_some()
            && (cell.code.played()
                || forfeits_count
                    && self.round_robin
                    && matches!(cell.code, Code::ForfeitWin | Code::ForfeitLoss))
    }
}

impl Row {
    pub fn points(&self) -> f64 {
        self.scores.iter().sum()
    }

    /// What each round is, when it was not played over the board.
    pub fn unplayed(&self, round: usize) -> Option<Unplayed> {
        let cell = &self.rounds[round];
        if cell.code.played() && cell.opponent.is_some() {
            return None;
        }
        // A `-` with no opponent is no forfeit: nobody was paired with the
        // player, who was absent (C.07 15.1), as a zero-point bye.
        let absent = cell.code == Code::ForfeitLoss && cell.opponent.is_none();
        Some(match cell.code {
            _ if self.round_robin && cell.opponent.is_none() => Unplayed::Rest,
            Code::ForfeitWin => Unplayed::ForfeitWin,
            Code::ForfeitLoss if !absent => Unplayed::ForfeitLoss,
            Code::HalfBye | Code::ZeroBye | Code::ForfeitLoss => {
                let later = &self.rounds[round + 1..];
                if later.iter().all(|c| voluntary(c.code)) {
                    Unplayed::Withdrawn
                } else {
                    Unplayed::RequestedBye
                }
            }
            _ => Unplayed::Bye,
        })
    }

    /// The score the player's opponents see in their tie-breaks: a
    /// withdrawn player's rounds count as draws (16.3).
    pub fn adjusted_points(&self) -> f64 {
        (0..self.rounds.len())
            .map(|r| match self.unplayed(r) {
                Some(Unplayed::Withdrawn) => self.draw,
                _ => self.scores[r],
            })
            .sum()
    }
}

impl Cell {
    /// A round with no cell in the line: not paired, no points.
    pub fn absent() -> Cell {
        Cell {
            opponent: None,
            colour: super::trf::Colour::None,
            code: Code::ZeroBye,
        }
    }
}
