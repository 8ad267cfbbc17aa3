//! The team tie-breaks that order a tied group rather than give each team
//! a value: the extended direct encounter (C.07 13.3) with the board
//! steps its variants take, and the board tie-breaks TBR and BBE (art. 12).

use super::direct::{Encounters, tiers};
use super::team_table::{Score, TeamTable};
use super::team_tiebreak::{BoardSteps, TeamTieBreak, board_count, board_totals};

impl TeamTieBreak {
    /// The tied teams in tiers, for the tie-breaks that order a group
    /// (the others: by value, in the standings).
    pub fn order(self, table: &TeamTable, tied: &[u32], primary: Score) -> Vec<Vec<u32>> {
        match self {
            TeamTieBreak::TopBoards => by_key(tied, |t| board_totals(table, t)),
            TeamTieBreak::BottomBoardsOut => by_key(tied, |t| without_bottom(table, t)),
            TeamTieBreak::PrimaryEncounter { forfeits_played } => {
                let among = Among {
                    table,
                    forfeits_played,
                };
                tiers(&among.encounters(tied, primary), tied)
            }
            TeamTieBreak::DirectEncounter {
                steps,
                forfeits_played,
            } => Among {
                table,
                forfeits_played,
            }
            .direct(tied, primary, steps),
            _ => vec![tied.to_vec()],
        }
    }
}

/// The game points without the bottom board, then without the two
/// bottom boards, and so on (12.3).
fn without_bottom(table: &TeamTable, team: u32) -> Vec<f64> {
    let mut totals = board_totals(table, team);
    let mut keys = Vec::with_capacity(totals.len());
    while totals.pop().is_some() && !totals.is_empty() {
        keys.push(totals.iter().sum());
    }
    keys
}

/// Tiers by a list of values compared in turn, the highest first.
fn by_key(tied: &[u32], key: impl Fn(u32) -> Vec<f64>) -> Vec<Vec<u32>> {
    let whole = |v: Vec<f64>| v.into_iter().map(|x| (x * 1000.0).round() as i64).collect();
    let mut keyed: Vec<(Vec<i64>, u32)> = tied.iter().map(|&t| (whole(key(t)), t)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut tiers: Vec<Vec<u32>> = Vec::new();
    for (i, (k, t)) in keyed.iter().enumerate() {
        match tiers.last_mut() {
            Some(tier) if i > 0 && keyed[i - 1].0 == *k => tier.push(*t),
            _ => tiers.push(vec![*t]),
        }
    }
    tiers
}

/// The encounters among a tied group, and whether a forfeited match counts
/// as played (`/P`, 6.1.1; in a round robin it always does, 15.2).
struct Among<'a> {
    table: &'a TeamTable,
    forfeits_played: bool,
}

impl Among<'_> {
    /// The matches among the tied teams on `score`.
    fn encounters(&self, tied: &[u32], score: Score) -> Encounters {
        let table = self.table;
        let mut games = Vec::new();
        for &team in tied {
            for round in table.row(team).map_or(&[][..], |r| &r.rounds) {
                let forfeit =
                    round.unplayed.is_some() && (table.round_robin || self.forfeits_played);
                match round.opponent {
                    Some(o) if tied.contains(&o) && (round.played() || forfeit) => {
                        games.push((team, o, round.points.get(score)));
                    }
                    _ => {}
                }
            }
        }
        Encounters::of(games, table.win(score))
    }

    /// Extended direct encounter (13.3): the matches among the tied teams on
    /// the primary score, then, if that separates none, on the other; then the
    /// board steps the variant names, for teams still equal on both scores;
    /// each new tied group starts again (13.3.3).
    fn direct(&self, tied: &[u32], primary: Score, steps: BoardSteps) -> Vec<Vec<u32>> {
        let table = self.table;
        if tied.len() < 2 {
            return vec![tied.to_vec()];
        }
        let mut split = tiers(&self.encounters(tied, primary), tied);
        if split.len() == 1 {
            split = tiers(&self.encounters(tied, primary.other()), tied);
        }
        let secondary = |t: u32| {
            table
                .row(t)
                .map(|r| (r.total(primary.other()) * 1000.0).round() as i64)
        };
        let level = tied.iter().all(|&t| secondary(t) == secondary(tied[0]));
        for step in steps.steps() {
            if split.len() > 1 || !level {
                break;
            }
            split = match step {
                TeamTieBreak::BoardCount => by_key(tied, |t| vec![-board_count_of(table, t)]),
                other => other.order(table, tied, primary),
            };
        }
        if split.len() == 1 {
            return split;
        }
        split
            .into_iter()
            .flat_map(|group| self.direct(&group, primary, steps))
            .collect()
    }
}

fn board_count_of(table: &TeamTable, team: u32) -> f64 {
    table.row(team).map_or(0.0, board_count)
}
