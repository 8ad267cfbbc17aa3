//! FIDE's tie-breaks (C.07 as of 2023) on a crosstable: Buchholz,
//! Sonneborn-Berger, the average rating of the opponents, the wins, the
//! progressive score, with Cut-1, and the rounds a player did not play
//! counted as the rules say (a dummy opponent with the player's own score;
//! a withdrawn opponent's rounds as draws). Direct encounter is in
//! [`super::direct`].

use std::fmt;
use std::str::FromStr;

use super::crosstable::{Crosstable, Row, Unplayed, points};

/// A tie-break, by its C.07 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// `BH`, `BH/C1`: the opponents' scores.
    Buchholz { cut: bool },
    /// `SB`, `SB/C1`: each opponent's score times the points against him.
    SonnebornBerger { cut: bool },
    /// `ARO`, `ARO/C1`: the opponents' average rating.
    AverageRating { cut: bool },
    /// `WIN`: rounds with a win's points, played or not.
    Wins,
    /// `PS`, `PS/C1`: the sum of the scores after each round.
    Progressive { cut: bool },
    /// `DE`: the games among the tied players.
    DirectEncounter,
}

impl FromStr for TieBreak {
    type Err = String;

    fn from_str(code: &str) -> Result<TieBreak, String> {
        let upper = code.trim().to_uppercase().replace('-', "/");
        let (name, cut) = match upper.strip_suffix("/C1") {
            Some(name) => (name, true),
            None => (upper.as_str(), false),
        };
        Ok(match (name, cut) {
            ("BH", cut) => TieBreak::Buchholz { cut },
            ("SB", cut) => TieBreak::SonnebornBerger { cut },
            ("ARO", cut) => TieBreak::AverageRating { cut },
            ("PS", cut) => TieBreak::Progressive { cut },
            ("WIN", false) => TieBreak::Wins,
            ("DE", false) => TieBreak::DirectEncounter,
            _ => {
                return Err(format!(
                    "the tie-break `{code}` is not one this tool computes (it does BH, BH/C1, SB, \
                     SB/C1, ARO, ARO/C1, WIN, PS, PS/C1 and DE)"
                ));
            }
        })
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, cut) = match *self {
            TieBreak::Buchholz { cut } => ("BH", cut),
            TieBreak::SonnebornBerger { cut } => ("SB", cut),
            TieBreak::AverageRating { cut } => ("ARO", cut),
            TieBreak::Progressive { cut } => ("PS", cut),
            TieBreak::Wins => ("WIN", false),
            TieBreak::DirectEncounter => ("DE", false),
        };
        write!(f, "{name}{}", if cut { "/C1" } else { "" })
    }
}

/// One round's part of a sum: its value, the opponent's score (the least
/// significant part is the one against the lowest-scoring opponent, 14.1),
/// and whether it is a voluntary unplayed round (a cut takes those first,
/// 16.5).
#[derive(Debug, Clone, Copy)]
struct Part {
    value: f64,
    opponent: f64,
    voluntary: bool,
}

impl TieBreak {
    /// The value of a numeric tie-break for one player (`None` for DE,
    /// which ranks a group, and for ARO without a rated opponent).
    pub fn value(self, table: &Crosstable, row: &Row) -> Option<f64> {
        match self {
            TieBreak::Buchholz { cut } => Some(cut_sum(buchholz_parts(table, row), cut, false)),
            TieBreak::SonnebornBerger { cut } => Some(cut_sum(sb_parts(table, row), cut, true)),
            TieBreak::AverageRating { cut } => average_rating(table, row, cut),
            TieBreak::Wins => Some(wins(row)),
            TieBreak::Progressive { cut } => Some(progressive(row, cut)),
            TieBreak::DirectEncounter => None,
        }
    }
}

/// The opponent's score as this player's tie-breaks see it, for each round:
/// the real opponent's adjusted score for a game played, a dummy with the
/// player's own score for a round not played (16.4).
fn opponent_scores(table: &Crosstable, row: &Row) -> Vec<(f64, Option<Unplayed>)> {
    let own = row.points();
    (0..row.rounds.len())
        .map(|r| {
            let cell = &row.rounds[r];
            let opponent = cell.opponent.and_then(|o| table.row(o));
            match (table.played(cell, true), opponent) {
                (true, Some(opponent)) => (opponent.adjusted_points(), None),
                _ => (own, row.unplayed(r).or(Some(Unplayed::Bye))),
            }
        })
        .collect()
}

fn voluntary(unplayed: Option<Unplayed>) -> bool {
    matches!(
        unplayed,
        Some(Unplayed::RequestedBye | Unplayed::ForfeitLoss | Unplayed::Withdrawn)
    )
}

fn buchholz_parts(table: &Crosstable, row: &Row) -> Vec<Part> {
    opponent_scores(table, row)
        .into_iter()
        .map(|(score, unplayed)| Part {
            value: score,
            opponent: score,
            voluntary: voluntary(unplayed),
        })
        .collect()
}

fn sb_parts(table: &Crosstable, row: &Row) -> Vec<Part> {
    opponent_scores(table, row)
        .into_iter()
        .zip(&row.rounds)
        .map(|((score, unplayed), cell)| Part {
            value: score * points(cell.code),
            opponent: score,
            voluntary: voluntary(unplayed),
        })
        .collect()
}

/// The sum, less the least significant part with Cut-1 (the part against
/// the lowest-scoring opponent, the lowest of those). A player with
/// voluntary unplayed rounds loses the lowest of those instead (16.5): in
/// Buchholz always; in Sonneborn-Berger when it is the higher of the two.
fn cut_sum(parts: Vec<Part>, cut: bool, higher_of_two: bool) -> f64 {
    let total: f64 = parts.iter().map(|p| p.value).sum();
    if !cut || parts.is_empty() {
        return total;
    }
    let least = parts
        .iter()
        .min_by(|a, b| {
            a.opponent
                .total_cmp(&b.opponent)
                .then(a.value.total_cmp(&b.value))
        })
        .map_or(0.0, |p| p.value);
    let lowest_voluntary = parts
        .iter()
        .filter(|p| p.voluntary)
        .map(|p| p.value)
        .reduce(f64::min);
    let cut_value = match lowest_voluntary {
        Some(v) if higher_of_two => v.max(least),
        Some(v) => v,
        None => least,
    };
    total - cut_value
}

/// The average rating of the opponents met over the board, rounded to the
/// nearest whole number, a half up (10.1); forfeits do not count.
fn average_rating(table: &Crosstable, row: &Row, cut: bool) -> Option<f64> {
    let mut ratings: Vec<u32> = row
        .rounds
        .iter()
        .filter(|c| c.code.played())
        .filter_map(|c| table.row(c.opponent?)?.rating)
        .collect();
    if cut {
        ratings.sort_unstable();
        if !ratings.is_empty() {
            ratings.remove(0);
        }
    }
    if ratings.is_empty() {
        return None;
    }
    let sum: u32 = ratings.iter().sum();
    Some((f64::from(sum) / ratings.len() as f64 + 0.5).floor())
}

/// Rounds in which the player got a win's points, played or not (7.1).
fn wins(row: &Row) -> f64 {
    row.rounds.iter().filter(|c| points(c.code) == 1.0).count() as f64
}

/// The sum of the player's score after each round (7.5); Cut-1 leaves the
/// first round out.
fn progressive(row: &Row, cut: bool) -> f64 {
    let mut score = 0.0;
    let mut total = 0.0;
    for (r, cell) in row.rounds.iter().enumerate() {
        score += points(cell.code);
        if !(cut && r == 0) {
            total += score;
        }
    }
    total
}
