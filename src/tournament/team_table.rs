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
use super::rules::TieBreakRules;
use super::teams::{MatchPoints, TeamMatch, boards_per_match, matches};
use super::trf::{Code, Team, TeamRecords, Trf};

/// Which of a team's two scores (C.07 11.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Match points (`MP`).
    Match,
    /// Game points (`GP`).
    Game,
}

impl Score {
    pub fn other(self) -> Score {
        match self {
            Score::Match => Score::Game,
            Score::Game => Score::Match,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Score::Match => "MP",
            Score::Game => "GP",
        }
    }
}

/// Match and game points.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TeamPoints {
    pub mp: f64,
    pub gp: f64,
}

impl TeamPoints {
    pub fn get(self, score: Score) -> f64 {
        match score {
            Score::Match => self.mp,
            Score::Game => self.gp,
        }
    }
}

/// One round of a team.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamRound {
    /// The team met, or was paired with and forfeited against.
    pub opponent: Option<u32>,
    pub points: TeamPoints,
    /// What the round was when no match was played.
    pub unplayed: Option<Unplayed>,
    /// The game points of each board, in board order; a pairing-allocated
    /// bye a win on every board, a bye asked for none (art. 12).
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
    /// What a pairing-allocated bye gave.
    pub bye: TeamPoints,
    pub rules: TieBreakRules,
    /// Every team met every other once.
    pub round_robin: bool,
    /// The table as Fore Buchholz sees it, made once when first asked
    /// for: every team's FB reads it.
    fore: OnceLock<Box<TeamTable>>,
}

impl TeamTable {
    /// The table of a team report; a pairing-allocated bye is worth `bye`,
    /// a drawn match with half the boards' points when `None` (C.04.6).
    pub fn new(
        trf: &Trf,
        value: MatchPoints,
        bye: Option<TeamPoints>,
        rules: TieBreakRules,
    ) -> TeamTable {
        let all = matches(trf);
        let boards = boards_per_match(&all);
        let bye = bye.unwrap_or(TeamPoints {
            mp: value.draw,
            gp: boards as f64 / 2.0,
        });
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
            rules,
            round_robin: false,
            fore: OnceLock::new(),
        };
        table.rows = unmatched_rounds(trf, &table, slots);
        table.round_robin = is_round_robin(&table.rows);
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

/// A side's round of a match: played, or forfeited when no board was
/// played (both sides lose a match forfeited by both).
fn match_round(m: &TeamMatch, side: usize, value: MatchPoints) -> TeamRound {
    let gp = m.game_points();
    let (mine, theirs) = (gp[side], gp[1 - side]);
    let forfeit = !m.boards.is_empty() && m.boards.iter().all(|b| b.forfeit);
    let (mp, unplayed) = match (forfeit, mine.total_cmp(&theirs)) {
        (false, std::cmp::Ordering::Greater) => (value.win, None),
        (false, std::cmp::Ordering::Less) => (value.loss, None),
        (false, std::cmp::Ordering::Equal) => (value.draw, None),
        (true, std::cmp::Ordering::Greater) => (value.win, Some(Unplayed::ForfeitWin)),
        (true, _) => (value.loss, Some(Unplayed::ForfeitLoss)),
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
    let bye = records.byes.iter().find(|b| b.1 == round && b.2 == team);
    if let Some(&(kind, _, _)) = bye {
        return Some(match kind {
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
    if any(&[Code::FullBye, Code::PairingBye]) {
        Unmatched::Bye
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

/// A team silent from some round to the end, over two rounds or more,
/// left the event; one silent in the last round alone cannot be told from
/// the round's bye, and is read as the bye.
fn left(kinds: &[Option<Unmatched>], round: usize) -> bool {
    let silent_to_end = kinds[round..]
        .iter()
        .all(|k| matches!(k, Some(Unmatched::Silent | Unmatched::ZeroBye)));
    let from = (0..=round)
        .rev()
        .take_while(|&q| kinds[q] == Some(Unmatched::Silent))
        .last()
        .unwrap_or(round);
    silent_to_end && from + 1 < kinds.len()
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
    let gone = |t: usize, r: usize| left(&kinds[t], r);
    let silent_in = |r: usize| {
        (0..kinds.len())
            .filter(|&t| kinds[t][r] == Some(Unmatched::Silent) && !gone(t, r))
            .count()
    };
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
/// pairing-allocated or full-point bye a win on each; a bye asked for
/// none; a forfeit won the members' own forfeits).
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
        Unmatched::Bye => (table.bye, Unplayed::Bye, vec![1.0; n]),
        Unmatched::FullBye => (win, Unplayed::Bye, vec![1.0; n]),
        // Worth a drawn match, whatever the members' cells give.
        Unmatched::HalfBye => (draw, Unplayed::RequestedBye, Vec::new()),
        Unmatched::ZeroBye | Unmatched::Silent => {
            (TeamPoints::default(), Unplayed::RequestedBye, Vec::new())
        }
        Unmatched::ForfeitWin => {
            let mut boards: Vec<f64> = members
                .iter()
                .filter_map(|&p| trf.player(p)?.rounds.get(round))
                .map(|c| points(c.code))
                .collect();
            boards.truncate(n);
            let gp = boards.iter().sum();
            let points = TeamPoints {
                mp: table.value.win,
                gp,
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

/// Every team met every other exactly once: pre-determined pairings.
fn is_round_robin(rows: &[TeamRow]) -> bool {
    let n = rows.len();
    n > 2
        && rows.iter().all(|row| {
            let mut met: Vec<u32> = row.rounds.iter().filter_map(|r| r.opponent).collect();
            let paired = met.len();
            met.sort_unstable();
            met.dedup();
            met.len() == n - 1 && paired == n - 1
        })
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

impl std::str::FromStr for TeamPoints {
    type Err = String;

    /// `MP,GP`: `1,3` for a drawn match of six boards.
    fn from_str(text: &str) -> Result<TeamPoints, String> {
        let numbers: Option<Vec<f64>> = text.split(',').map(|n| n.trim().parse().ok()).collect();
        match numbers.as_deref() {
            Some(&[mp, gp]) if (0.0..=100.0).contains(&mp) && (0.0..=100.0).contains(&gp) => {
                Ok(TeamPoints { mp, gp })
            }
            _ => Err(format!(
                "`{text}`: give a bye's match points and game points, as 1,3 (neither below 0 \
                 nor above 100)"
            )),
        }
    }
}

impl std::fmt::Display for TeamPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} MP, {} GP", self.mp, self.gp)
    }
}
