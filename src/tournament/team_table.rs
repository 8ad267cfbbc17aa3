//! A team competition as its standings and tie-breaks see it (C.07 arts.
//! 11–16): each team's rounds, with the match and game points each gave
//! and what a round without a match was. A round a team played is a
//! match; a match whose every board was forfeited is a forfeit (16.2.2,
//! 16.2.4), won, lost, or drawn where each team forfeited as much as it
//! won by forfeit. A TRF16 file has no record of a team's bye, so it is read
//! from the members' cells: a full-point or pairing bye (`F`, `U`) is a
//! pairing-allocated bye, `+` a forfeit won, `H` and `Z` byes asked for;
//! a team none of whose members was paired or scored (`0000 - -`) had the
//! round's pairing-allocated bye when it is the only such team of the
//! round that has not left the event (silent from a round before the last
//! to the end), and was absent otherwise.

use std::sync::OnceLock;

use super::crosstable::Unplayed;
use super::event_kind::{round_robin, told};
use super::rules::TieBreakRules;
use super::teams::{MatchOutcome, MatchPoints, TeamMatch, boards_per_match, matches};
use super::trf::Trf;

pub use super::team_points::{ByeValue, Score, TeamPoints};

mod unmatched;

use unmatched::unmatched_rounds;

/// One round of a team.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamRound {
    /// The team met, or was paired with and forfeited against.
    pub opponent: Option<u32>,
    pub points: TeamPoints,
    /// What the round was when no match was played.
    pub unplayed: Option<Unplayed>,
    /// The game points of each board, in board order; a pairing-allocated
    /// or full-point bye a win on every board (art. 12), a half-point or
    /// zero-point bye none.
    pub boards: Vec<f64>,
}

impl TeamRound {
    pub fn played(&self) -> bool {
        self.unplayed.is_none() && self.opponent.is_some()
    }
}

/// A team's line.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamRow {
    pub team: u32,
    pub rounds: Vec<TeamRound>,
}

/// A team's score, with its matches counted.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamScore {
    pub team: u32,
    /// Matches played or forfeited (a bye is none).
    pub matches: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    pub match_points: f64,
    pub game_points: f64,
}

/// Every team's rounds.
#[derive(Debug, Clone)]
pub struct TeamTable {
    /// By team number, from 1.
    pub rows: Vec<TeamRow>,
    pub rounds: usize,
    pub value: MatchPoints,
    /// The most boards a match had.
    pub boards: usize,
    /// What a pairing-allocated bye gave, unless its members' points.
    pub bye: TeamPoints,
    /// A pairing-allocated bye gave its members' own points, and the
    /// match points a drawn match (`MembersDrawn`) or those points give.
    members_bye: Option<ByeValue>,
    pub rules: TieBreakRules,
    /// Pre-determined pairings: the report's `092` says so, or, where it
    /// names no kind, every team met every other once.
    pub round_robin: bool,
    /// The table as Fore Buchholz sees it, made once when first asked
    /// for: every team's FB reads it.
    fore: OnceLock<Box<TeamTable>>,
}

impl TeamTable {
    /// The table of a team report, a pairing-allocated bye worth `bye`.
    pub fn new(trf: &Trf, value: MatchPoints, bye: ByeValue, rules: TieBreakRules) -> TeamTable {
        let all = matches(trf);
        let boards = boards_per_match(&all);
        let (members_bye, bye) = match bye {
            ByeValue::Given(points) => (None, points),
            ByeValue::Members | ByeValue::MembersDrawn | ByeValue::Drawn => (
                (bye != ByeValue::Drawn).then_some(bye),
                TeamPoints {
                    mp: value.draw,
                    gp: boards as f64 / 2.0,
                },
            ),
        };
        let mut slots: Vec<Vec<Option<TeamRound>>> = vec![vec![None; trf.rounds]; trf.teams.len()];
        for m in &all {
            for side in 0..2 {
                slots[m.teams[side] as usize - 1][m.round] = Some(match_round(m, side, value));
            }
        }
        let mut table = TeamTable {
            rows: Vec::new(),
            rounds: trf.rounds,
            value,
            boards,
            bye,
            members_bye,
            rules,
            round_robin: false,
            fore: OnceLock::new(),
        };
        table.rows = unmatched_rounds(trf, &table, slots);
        let opponents = table
            .rows
            .iter()
            .map(|r| r.rounds.iter().map(|c| c.opponent));
        table.round_robin = round_robin(told(&trf.kind), opponents);
        table
    }

    /// The row of team `team`.
    pub fn row(&self, team: u32) -> Option<&TeamRow> {
        self.rows.get((team as usize).checked_sub(1)?)
    }

    /// A draw's points in a round.
    pub fn draw(&self, score: Score) -> f64 {
        match score {
            Score::Match => self.value.draw,
            Score::Game => self.boards as f64 / 2.0,
        }
    }

    /// The points of a won match.
    pub fn win(&self, score: Score) -> f64 {
        match score {
            Score::Match => self.value.win,
            Score::Game => self.boards as f64,
        }
    }
}

impl TeamRow {
    pub fn total(&self, score: Score) -> f64 {
        self.rounds.iter().map(|r| r.points.get(score)).sum()
    }

    /// The score the team's opponents see in their tie-breaks: the rounds
    /// after it left the event count as draws (16.3).
    pub fn adjusted(&self, table: &TeamTable, score: Score) -> f64 {
        self.rounds
            .iter()
            .map(|r| match r.unplayed {
                Some(Unplayed::Withdrawn) => table.draw(score),
                _ => r.points.get(score),
            })
            .sum()
    }

    pub fn score(&self, value: MatchPoints) -> TeamScore {
        let mut s = TeamScore {
            team: self.team,
            match_points: self.total(Score::Match),
            game_points: self.total(Score::Game),
            ..TeamScore::default()
        };
        for r in &self.rounds {
            if r.opponent.is_none() {
                s.byes += 1;
                continue;
            }
            s.matches += 1;
            match r.points.mp {
                mp if mp == value.win => s.wins += 1,
                mp if mp == value.loss => s.losses += 1,
                _ => s.draws += 1,
            }
        }
        s
    }
}

/// A side's round of a match, scored by its outcome; an unplayed round
/// where no board was played, won, drawn or lost (both sides lose a match
/// forfeited by both), each board then counting the match's result, as
/// FIDE's calculator counts an unplayed match's boards (BC, 12.1).
fn match_round(m: &TeamMatch, side: usize, value: MatchPoints) -> TeamRound {
    let mine = m.game_points()[side];
    let forfeit = m.forfeited();
    let (mp, unplayed, board) = match m.outcome() {
        MatchOutcome::Won(s) if s == side => (value.win, Unplayed::ForfeitWin, 1.0),
        MatchOutcome::Won(_) | MatchOutcome::ForfeitedByBoth => {
            (value.loss, Unplayed::ForfeitLoss, 0.0)
        }
        MatchOutcome::Drawn => (value.draw, Unplayed::ForfeitDrawn, 0.5),
    };
    let boards = match forfeit {
        true => vec![board; m.boards.len()],
        false => m.boards.iter().map(|b| b.points[side]).collect(),
    };
    TeamRound {
        opponent: Some(m.teams[1 - side]),
        points: TeamPoints { mp, gp: mine },
        unplayed: forfeit.then_some(unplayed),
        boards,
    }
}

impl TeamTable {
    /// The table as Fore Buchholz sees it (8.3): every final-round
    /// pairing a drawn match.
    pub fn fore(&self) -> &TeamTable {
        self.fore.get_or_init(|| {
            let mut fore = TeamTable {
                fore: OnceLock::new(),
                ..self.clone()
            };
            let draw = TeamPoints {
                mp: self.draw(Score::Match),
                gp: self.draw(Score::Game),
            };
            for row in &mut fore.rows {
                if let Some(last) = row.rounds.last_mut().filter(|r| r.opponent.is_some()) {
                    last.points = draw;
                    last.unplayed = None;
                }
            }
            Box::new(fore)
        })
    }
}
