//! The rounds a team had no match in, read from the TRF-2026 records or
//! the members' cells (see the module above): byes of each kind, an
//! absence, a withdrawal, a forfeit won.

use super::{ByeValue, Score, TeamPoints};
use super::{TeamRound, TeamRow, TeamTable};
use crate::tournament::crosstable::{Unplayed, points};
use crate::tournament::trf::{Code, Team, TeamRecords, Trf};

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
pub(super) fn unmatched_rounds(
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
