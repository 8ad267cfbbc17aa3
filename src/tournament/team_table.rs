//! A team competition as its standings and tie-breaks see it (C.07 arts.
//! 11–16): each team's rounds, with the match and game points each gave
//! and what a round without a match was. A round a team played is a
//! match; a match whose every board was forfeited is a forfeit (16.2.2,
//! 16.2.4). A TRF16 file has no record of a team's bye, so it is read
//! from the members' cells: a full-point or pairing bye (`F`, `U`) is a
//! pairing-allocated bye, `+` a forfeit won, `H` and `Z` byes asked for;
//! a team none of whose members was paired or scored (`0000 - -`) had the
//! round's pairing-allocated bye when it is the only such team of the
//! round that has not left the event (silent from a round before the last
//! to the end), and was absent otherwise.

use std::sync::OnceLock;

use super::crosstable::{Unplayed, points};
use super::event_kind::{EventKind, everyone_met_once, told};
use super::rules::TieBreakRules;
use super::teams::{MatchOutcome, MatchPoints, TeamMatch, boards_per_match, matches};
use super::trf::{Code, Team, TeamRecords, Trf};

pub use super::team_points::{ByeValue, Score, TeamPoints};

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
        table.round_robin = match told(&trf.kind) {
            Some(kind) => kind == EventKind::RoundRobin,
            None => everyone_met_once(
                table
                    .rows
                    .iter()
                    .map(|r| r.rounds.iter().map(|c| c.opponent)),
            ),
        };
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
/// where no board was played, won or lost (both sides lose a match
/// forfeited by both).
fn match_round(m: &TeamMatch, side: usize, value: MatchPoints) -> TeamRound {
    let mine = m.game_points()[side];
    let forfeit = m.forfeited();
    let (mp, unplayed) = match m.outcome() {
        MatchOutcome::Won(s) if s == side => (value.win, forfeit.then_some(Unplayed::ForfeitWin)),
        MatchOutcome::Won(_) | MatchOutcome::ForfeitedByBoth => {
            (value.loss, forfeit.then_some(Unplayed::ForfeitLoss))
        }
        MatchOutcome::Drawn => (value.draw, None),
    };
    TeamRound {
        opponent: Some(m.teams[1 - side]),
        points: TeamPoints { mp, gp: mine },
        unplayed,
        boards: m.boards.iter().map(|b| b.points[side]).collect(),
    }
}

/// What the members' cells say of a round their team had no match in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Unmatched {
    Bye,
    /// A full-point bye (a `240 F` record).
    FullBye,
    ForfeitWin,
    HalfBye,
    ZeroBye,
    /// No member was paired or scored.
    Silent,
}

/// What a round without a match was: as the TRF-2026 records say (`320`,
/// `240`), else as the members' cells do.
fn unmatched(trf: &Trf, team: &Team, round: usize) -> Unmatched {
    recorded(&trf.team_records, team.number, round)
        .unwrap_or_else(|| from_cells(trf, &team.members, round))
}

fn recorded(records: &TeamRecords, team: u32, round: usize) -> Option<Unmatched> {
    if records.bye_teams.get(round) == Some(&team) {
        return Some(Unmatched::Bye);
    }
    let bye = records
        .byes
        .iter()
        .find(|b| b.round == round && b.team == team);
    if let Some(bye) = bye {
        return Some(match bye.kind {
            'F' => Unmatched::FullBye,
            'H' => Unmatched::HalfBye,
            _ => Unmatched::ZeroBye,
        });
    }
    None
}

fn from_cells(trf: &Trf, members: &[u32], round: usize) -> Unmatched {
    let codes: Vec<Code> = members
        .iter()
        .filter_map(|&p| trf.player(p)?.rounds.get(round))
        .map(|c| c.code)
        .collect();
    let any = |wanted: &[Code]| codes.iter().any(|c| wanted.contains(c));
    if any(&[Code::PairingBye]) {
        Unmatched::Bye
    } else if any(&[Code::FullBye]) {
        Unmatched::FullBye
    } else if any(&[Code::ForfeitWin]) {
        Unmatched::ForfeitWin
    } else if any(&[Code::HalfBye]) {
        Unmatched::HalfBye
    } else if any(&[Code::ZeroBye]) {
        Unmatched::ZeroBye
    } else {
        Unmatched::Silent
    }
}

/// The rounds a team had left the event in: silent from some round to the
/// end, over two rounds or more; one silent in the last round alone cannot
/// be told from the round's bye, and is read as the bye. In one pass from
/// each end, so that an event of many rounds costs rounds, not rounds².
fn left(kinds: &[Option<Unmatched>]) -> Vec<bool> {
    let n = kinds.len();
    let mut silent_to_end = vec![false; n + 1];
    silent_to_end[n] = true;
    for r in (0..n).rev() {
        let quiet = matches!(kinds[r], Some(Unmatched::Silent | Unmatched::ZeroBye));
        silent_to_end[r] = quiet && silent_to_end[r + 1];
    }
    // Where the run of silent rounds that reaches each round began.
    let mut from = vec![0; n];
    for r in 0..n {
        let silent = kinds[r] == Some(Unmatched::Silent);
        let continues = r > 0 && silent && kinds[r - 1] == Some(Unmatched::Silent);
        from[r] = if continues { from[r - 1] } else { r };
    }
    (0..n)
        .map(|r| silent_to_end[r] && from[r] + 1 < n)
        .collect()
}

/// The rows, each round without a match read from the members' cells.
fn unmatched_rounds(
    trf: &Trf,
    table: &TeamTable,
    slots: Vec<Vec<Option<TeamRound>>>,
) -> Vec<TeamRow> {
    let kinds: Vec<Vec<Option<Unmatched>>> = trf
        .teams
        .iter()
        .zip(&slots)
        .map(|(t, rounds)| {
            let kind = |(r, slot): (usize, &Option<TeamRound>)| {
                slot.is_none().then(|| unmatched(trf, t, r))
            };
            rounds.iter().enumerate().map(kind).collect()
        })
        .collect();
    let gone: Vec<Vec<bool>> = kinds.iter().map(|k| left(k)).collect();
    let gone = |t: usize, r: usize| gone[t][r];
    let silent: Vec<usize> = (0..trf.rounds)
        .map(|r| {
            (0..kinds.len())
                .filter(|&t| kinds[t][r] == Some(Unmatched::Silent) && !gone(t, r))
                .count()
        })
        .collect();
    let silent_in = |r: usize| silent[r];
    let rows = trf
        .teams
        .iter()
        .zip(slots)
        .enumerate()
        .map(|(t, (team, rounds))| {
            let rounds = rounds.into_iter().enumerate().map(|(r, slot)| {
                slot.unwrap_or_else(|| {
                    let kind = kinds[t][r].unwrap_or(Unmatched::Silent);
                    // A report with `320` lines says which team had the bye.
                    let said = trf.team_records.bye_value.is_some();
                    let only =
                        kind == Unmatched::Silent && !said && !gone(t, r) && silent_in(r) == 1;
                    unmatched_round(
                        trf,
                        table,
                        &team.members,
                        r,
                        if only { Unmatched::Bye } else { kind },
                    )
                })
            });
            TeamRow {
                team: team.number,
                rounds: rounds.collect(),
            }
        });
    rows.map(withdrawals).collect()
}

/// A round without a match: what it gave, and its boards (art. 12: a
/// pairing-allocated or full-point bye a win on each; a half-point or
/// zero-point bye or an absence nothing; a forfeit won the members' own
/// forfeits).
fn unmatched_round(
    trf: &Trf,
    table: &TeamTable,
    members: &[u32],
    round: usize,
    kind: Unmatched,
) -> TeamRound {
    let n = table.boards;
    let win = TeamPoints {
        mp: table.value.win,
        gp: n as f64,
    };
    let draw = TeamPoints {
        mp: table.value.draw,
        gp: table.draw(Score::Game),
    };
    let (points, unplayed, boards) = match kind {
        Unmatched::Bye if table.members_bye.is_some() && paired_bye(trf, members, round) => {
            let boards = members_points(trf, members, round, n);
            (table.by_game_points(&boards), Unplayed::Bye, boards)
        }
        Unmatched::Bye => (table.bye, Unplayed::Bye, vec![1.0; n]),
        Unmatched::FullBye => (win, Unplayed::Bye, vec![1.0; n]),
        // A drawn match, whatever the members' cells give; no board's points
        // (art. 12, Held's exercise 48; docs/tournament.md).
        Unmatched::HalfBye => (draw, Unplayed::RequestedBye, Vec::new()),
        Unmatched::ZeroBye | Unmatched::Silent => {
            (TeamPoints::default(), Unplayed::RequestedBye, Vec::new())
        }
        Unmatched::ForfeitWin => {
            let boards = members_points(trf, members, round, n);
            let points = TeamPoints {
                mp: table.value.win,
                gp: boards.iter().sum(),
            };
            (points, Unplayed::ForfeitWin, boards)
        }
    };
    TeamRound {
        opponent: None,
        points,
        unplayed: Some(unplayed),
        boards,
    }
}

/// Some member's cell of `round` is a pairing-allocated bye (`U`): the
/// members' points say what the team's bye gave.
fn paired_bye(trf: &Trf, members: &[u32], round: usize) -> bool {
    members.iter().any(|&p| {
        trf.player(p)
            .and_then(|p| p.rounds.get(round))
            .is_some_and(|c| c.code == Code::PairingBye)
    })
}

impl TeamRow {
    /// The team had a pairing-allocated bye its members' cells give.
    pub fn had_paired_bye(&self, trf: &Trf, team: &Team) -> bool {
        let byes = self.rounds.iter().enumerate();
        byes.filter(|(_, r)| r.unplayed == Some(Unplayed::Bye))
            .any(|(round, _)| paired_bye(trf, &team.members, round))
    }
}

/// The members' points in `round`, board by board, at most `boards`.
fn members_points(trf: &Trf, members: &[u32], round: usize, boards: usize) -> Vec<f64> {
    let mut points: Vec<f64> = members
        .iter()
        .filter_map(|&p| trf.player(p)?.rounds.get(round))
        .map(|c| points(c.code))
        .collect();
    points.truncate(boards);
    points
}

impl TeamTable {
    /// The match and game points of a round whose boards gave `boards`:
    /// a match won, drawn or lost as they are above, at or below half (a
    /// drawn match, as FIDE's calculator reads them, under `MembersDrawn`).
    fn by_game_points(&self, boards: &[f64]) -> TeamPoints {
        let gp: f64 = boards.iter().sum();
        let half = self.boards as f64 / 2.0;
        let mp = if self.members_bye == Some(ByeValue::MembersDrawn) {
            self.value.draw
        } else if gp > half {
            self.value.win
        } else if gp < half {
            self.value.loss
        } else {
            self.value.draw
        };
        TeamPoints { mp, gp }
    }
}

/// A requested bye or absence followed only by voluntary unplayed rounds
/// is a withdrawal (16.2.5).
fn withdrawals(mut row: TeamRow) -> TeamRow {
    let voluntary = |r: &TeamRound| {
        matches!(
            r.unplayed,
            Some(Unplayed::RequestedBye | Unplayed::ForfeitLoss | Unplayed::Withdrawn)
        )
    };
    for r in 0..row.rounds.len() {
        let left = row.rounds[r].unplayed == Some(Unplayed::RequestedBye)
            && row.rounds[r + 1..].iter().all(voluntary);
        if left {
            row.rounds[r].unplayed = Some(Unplayed::Withdrawn);
        }
    }
    row
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
