//! FIDE's tie-breaks (C.07 as of 2023) on a crosstable: Buchholz,
//! Sonneborn-Berger, the average rating of the opponents, the wins, the
//! games won, played with Black and won with Black, the progressive score,
//! with Cut-1, and the rounds a player did not play
//! counted as the rules say (a dummy opponent with the player's own score;
//! a withdrawn opponent's rounds as draws). Direct encounter is in
//! [`super::direct`].

use crate::tournament::value_error::ValueError;
use std::fmt;
use std::str::FromStr;

use super::crosstable::{Crosstable, Row, Unplayed, points};
use super::modifier::{Modifier, Part, modified_sum};
use super::trf::{Cell, Code, Colour};

/// A tie-break, by its C.07 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// `BH`, `BH/C1`, `BH/C2`, `BH/M1`, `BH/M2`: the opponents' scores.
    Buchholz(Modifier),
    /// `SB` and its cuts and medians: each opponent's score times the
    /// points against him.
    SonnebornBerger(Modifier),
    /// `ARO`, `ARO/C1`: the opponents' average rating.
    AverageRating { cut: bool },
    /// `WIN`: rounds with a win's points, played or not.
    Wins,
    /// `WON`, `BPG`, `BWG` (7.2–7.4): games won, games played with Black,
    /// games won with Black, over the board.
    Games { won: bool, black: bool },
    /// `PS`, `PS/C1`: the sum of the scores after each round.
    Progressive { cut: bool },
    /// `DE`: the games among the tied players.
    DirectEncounter,
}

impl FromStr for TieBreak {
    type Err = ValueError;

    fn from_str(code: &str) -> Result<TieBreak, ValueError> {
        let upper = code.trim().to_uppercase().replace('-', "/");
        let (name, suffix) = upper.split_once('/').unwrap_or((upper.as_str(), ""));
        let modifier = Modifier::parse(suffix).or((suffix.is_empty()).then_some(Modifier::None));
        let cut = match suffix {
            "" => Some(false),
            "C1" => Some(true),
            _ => None,
        };
        Ok(match (name, modifier, cut) {
            ("BH", Some(m), _) => TieBreak::Buchholz(m),
            ("SB", Some(m), _) => TieBreak::SonnebornBerger(m),
            ("ARO", _, Some(cut)) => TieBreak::AverageRating { cut },
            ("PS", _, Some(cut)) => TieBreak::Progressive { cut },
            ("WIN", _, Some(false)) => TieBreak::Wins,
            ("WON", _, Some(false)) => TieBreak::Games {
                won: true,
                black: false,
            },
            ("BPG", _, Some(false)) => TieBreak::Games {
                won: false,
                black: true,
            },
            ("BWG", _, Some(false)) => TieBreak::Games {
                won: true,
                black: true,
            },
            ("DE", _, Some(false)) => TieBreak::DirectEncounter,
            _ => return Err(ValueError::TieBreak(code.to_string())),
        })
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = |cut: bool| {
            if cut {
                Modifier::Cut(1)
            } else {
                Modifier::None
            }
        };
        let (name, modifier) = match *self {
            TieBreak::Buchholz(m) => ("BH", m),
            TieBreak::SonnebornBerger(m) => ("SB", m),
            TieBreak::AverageRating { cut: c } => ("ARO", cut(c)),
            TieBreak::Progressive { cut: c } => ("PS", cut(c)),
            TieBreak::Wins => ("WIN", Modifier::None),
            TieBreak::Games { won, black } => match (won, black) {
                (true, false) => ("WON", Modifier::None),
                (false, _) => ("BPG", Modifier::None),
                (true, true) => ("BWG", Modifier::None),
            },
            TieBreak::DirectEncounter => ("DE", Modifier::None),
        };
        write!(f, "{name}{modifier}")
    }
}

impl TieBreak {
    /// The value of a numeric tie-break for one player (`None` for DE,
    /// which ranks a group, and for ARO without a rated opponent).
    pub fn value(self, table: &Crosstable, row: &Row) -> Option<f64> {
        match self {
            TieBreak::Buchholz(m) => Some(modified_sum(buchholz_parts(table, row), m, false)),
            TieBreak::SonnebornBerger(m) => Some(modified_sum(sb_parts(table, row), m, true)),
            TieBreak::AverageRating { cut } => average_rating(table, row, cut),
            TieBreak::Wins => Some(wins(row)),
            TieBreak::Games { won, black } => Some(games(table, row, won, black)),
            TieBreak::Progressive { cut } => Some(progressive(row, cut)),
            TieBreak::DirectEncounter => None,
        }
    }
}

/// The opponent's score as this player's tie-breaks see it, for each round
/// but a round robin's rest (15.2), with the round: the real opponent's
/// adjusted score for a game played, a dummy with the player's own score
/// for a round not played (16.4), capped under the 2026 text by the
/// forfeit's scheduled opponent's score or a draw in every round.
fn opponent_scores(table: &Crosstable, row: &Row) -> Vec<(usize, f64, Option<Unplayed>)> {
    let own = row.points();
    let draws = table.scoring.system.draw_points() * row.rounds.len() as f64;
    (0..row.rounds.len())
        .filter(|&r| row.unplayed(r) != Some(Unplayed::Rest))
        .map(|r| {
            let cell = &row.rounds[r];
            let opponent = cell.opponent.and_then(|o| table.row(o));
            let (score, unplayed) = match (table.played(cell, true), opponent) {
                (true, Some(opponent)) => (opponent.adjusted_points(), None),
                (false, scheduled) => {
                    let cap = scheduled.map_or(draws, Row::adjusted_points);
                    let unplayed = row.unplayed(r).or(Some(Unplayed::Bye));
                    (table.scoring.rules.dummy(own, cap), unplayed)
                }
                (true, None) => (own, Some(Unplayed::Bye)),
            };
            (r, score, unplayed)
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
        .map(|(_, score, unplayed)| Part {
            value: score,
            opponent: score,
            voluntary: voluntary(unplayed),
        })
        .collect()
}

fn sb_parts(table: &Crosstable, row: &Row) -> Vec<Part> {
    opponent_scores(table, row)
        .into_iter()
        .map(|(r, score, unplayed)| Part {
            value: score * row.scores[r],
            opponent: score,
            voluntary: voluntary(unplayed),
        })
        .collect()
}

/// The average rating of the opponents met over the board, rounded to the
/// nearest whole number, a half up (10.1); forfeits do not count, an
/// unrated opponent counts at the rating the event's rules give, if any.
fn average_rating(table: &Crosstable, row: &Row, cut: bool) -> Option<f64> {
    let mut ratings: Vec<u32> = row
        .rounds
        .iter()
        .filter(|c| c.code.played())
        .filter_map(|c| {
            let opponent = table.row(c.opponent?)?;
            opponent.rating.or(table.scoring.unrated)
        })
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

/// Games over the board (7.2–7.4), only those `won`, only those with
/// `black`. In a round robin a forfeit won counts as a game won, and a
/// forfeit lost stays unplayed (15.2, its exception for art. 7).
fn games(table: &Crosstable, row: &Row, won: bool, black: bool) -> f64 {
    let over_the_board = |c: &&Cell| {
        c.code.played() || table.round_robin && c.code == Code::ForfeitWin && c.opponent.is_some()
    };
    (row.rounds.iter())
        .filter(over_the_board)
        .filter(|c| !black || c.colour == Colour::Black)
        .filter(|c| !won || points(c.code) == 1.0)
        .count() as f64
}

/// The sum of the player's score after each round (7.5); Cut-1 leaves the
/// first round out.
fn progressive(row: &Row, cut: bool) -> f64 {
    let mut score = 0.0;
    let mut total = 0.0;
    for (r, points) in row.scores.iter().enumerate() {
        score += points;
        if !(cut && r == 0) {
            total += score;
        }
    }
    total
}
