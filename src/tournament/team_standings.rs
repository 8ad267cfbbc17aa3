//! A team competition's standings: the teams ordered by their primary
//! score (match points unless the report ranks by game points), then by
//! each team tie-break in turn; teams equal on every key share a rank.

use super::rules::TieBreakRules;
use std::cell::RefCell;

use super::standings::{by_value, places, tiers_by};
use super::team_table::{ByeValue, Score, TeamScore, TeamTable};
use super::team_tiebreak::TeamTieBreak;
use super::teams::{MatchPoints, TeamMatch, matches};
use super::trf::{Declared, Team, Trf};

/// What the teams are ranked by.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamOrder {
    pub primary: Score,
    pub tiebreaks: Vec<TeamTieBreak>,
}

impl Default for TeamOrder {
    /// MP, GP, EGGSB, BH:MP: the order of the Friendship Cup and of many
    /// Swiss-Manager team events, used when the report names none.
    fn default() -> TeamOrder {
        TeamOrder {
            primary: Score::Match,
            tiebreaks: ["GP", "EGGSB", "BH:MP"]
                .iter()
                .map(|c| c.parse().expect("a known code"))
                .collect(),
        }
    }
}

/// A team's place.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamStanding {
    pub rank: usize,
    pub score: TeamScore,
    /// In the order's tie-breaks' order; for those that order a group
    /// rather than give a value, the team's place within the group it
    /// split (0: it split none; `None`: the team was not tied).
    pub values: Vec<Option<f64>>,
}

/// The teams ranked by `order`, in team-number order (`rank` says the
/// place).
pub fn team_standings(table: &TeamTable, order: &TeamOrder) -> Vec<TeamStanding> {
    let mut values: Vec<Vec<Option<f64>>> = table
        .rows
        .iter()
        .map(|row| {
            let value = |t: &TeamTieBreak| t.value(table, row, order.primary);
            order.tiebreaks.iter().map(value).collect()
        })
        .collect();
    let all: Vec<u32> = table.rows.iter().map(|r| r.team).collect();
    let placed = RefCell::new(Vec::new());
    let tiers = tiers_by(&all, order.tiebreaks.len() + 1, |tier, depth| {
        let Some(&t) = depth.checked_sub(1).and_then(|i| order.tiebreaks.get(i)) else {
            return by_value(tier, |team| table.row(team).map(|r| r.total(order.primary)));
        };
        if t.orders_groups() {
            let split = t.order(table, tier, order.primary);
            let at = places(&split)
                .into_iter()
                .map(|(team, v)| (team, depth - 1, v));
            placed.borrow_mut().extend(at);
            return split;
        }
        let sign = if t.lower_is_better() { -1.0 } else { 1.0 };
        by_value(tier, |team| {
            values[team as usize - 1][depth - 1].map(|v| sign * v)
        })
    });
    // The group tie-breaks' values: each team's place within the group it split.
    for (team, i, v) in placed.into_inner() {
        values[team as usize - 1][i] = Some(v);
    }
    let mut rank = vec![0; all.len()];
    let mut place = 1;
    for tier in tiers {
        for &team in &tier {
            rank[team as usize - 1] = place;
        }
        place += tier.len();
    }
    table
        .rows
        .iter()
        .zip(values)
        .zip(rank)
        .map(|((row, values), rank)| TeamStanding {
            rank,
            score: row.score(table.value),
            values,
        })
        .collect()
}

/// Everything a team competition's standings follow.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamRanking {
    pub match_points: MatchPoints,
    /// What a pairing-allocated bye gives.
    pub bye: ByeValue,
    pub order: TeamOrder,
    pub rules: TieBreakRules,
}

impl TeamRanking {
    pub fn table(&self, trf: &Trf) -> TeamTable {
        TeamTable::new(trf, self.match_points, self.bye, self.rules)
    }

    pub fn standings(&self, trf: &Trf) -> Vec<TeamStanding> {
        team_standings(&self.table(trf), &self.order)
    }
}

/// What a pairing-allocated bye gave where neither `--team-bye` nor a
/// `320` line says: its members' points (`U` cells) when the report's
/// `310` totals count them so (as game points, the match points of a drawn
/// match as FIDE's calculator reads them, or those the game points give)
/// and not as C.04.6's drawn match; the drawn match otherwise, the file
/// giving no value.
pub fn bye_the_totals_count(trf: &Trf, value: MatchPoints, rules: TieBreakRules) -> ByeValue {
    let drawn = TeamTable::new(trf, value, ByeValue::Drawn, rules);
    let agrees = |table: &TeamTable, team: &Team| {
        let (Some(row), Some(d)) = (table.row(team.number), team.declared) else {
            return false;
        };
        let same = |declared: Option<f64>, score| {
            declared.is_some_and(|v| (v - row.total(score)).abs() < 1e-9)
        };
        same(d.match_points, Score::Match) && same(d.game_points, Score::Game)
    };
    // Which rounds were byes does not depend on what a bye is worth.
    let with_bye: Vec<&Team> = trf
        .teams
        .iter()
        .filter(|t| {
            drawn
                .row(t.number)
                .is_some_and(|r| r.had_paired_bye(trf, t))
        })
        .collect();
    if with_bye.is_empty() || with_bye.iter().all(|t| agrees(&drawn, t)) {
        return ByeValue::Drawn;
    }
    let counted = |reading: ByeValue| {
        let members = TeamTable::new(trf, value, reading, rules);
        with_bye.iter().all(|t| agrees(&members, t))
    };
    [ByeValue::MembersDrawn, ByeValue::Members]
        .into_iter()
        .find(|&reading| counted(reading))
        .unwrap_or(ByeValue::Drawn)
}

/// A team whose `310` line declares other points or another rank than
/// its matches give.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    pub team: u32,
    pub declared: Declared,
    pub computed: TeamStanding,
}

/// The teams whose declared match points, game points or rank differ
/// from `standings` (computed from the same report).
pub fn disagreements(trf: &Trf, standings: &[TeamStanding]) -> Vec<Disagreement> {
    let differs = |declared: Option<f64>, computed: f64| {
        declared.is_some_and(|d| (d - computed).abs() > 1e-9)
    };
    trf.teams
        .iter()
        .zip(standings)
        .filter_map(|(team, s)| {
            let d = team.declared?;
            let rank = d.rank.is_some_and(|r| r as usize != s.rank);
            (differs(d.match_points, s.score.match_points)
                || differs(d.game_points, s.score.game_points)
                || rank)
                .then(|| Disagreement {
                    team: team.number,
                    declared: d,
                    computed: s.clone(),
                })
        })
        .collect()
}

/// A team competition before and after the corrections.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamOutcome {
    pub before: Vec<TeamStanding>,
    pub after: Vec<TeamStanding>,
    /// Each match as reported and as corrected (the same pairings).
    pub matches: Vec<(TeamMatch, TeamMatch)>,
}

impl TeamOutcome {
    /// The `310` lines' totals the corrections change, as the corrected
    /// matches give them: each declared match points, game points and rank
    /// of a team whose score or place moved (a field the report leaves
    /// blank stays blank).
    pub fn team_totals(&self, report: &Trf) -> Vec<crate::tournament::trf::Edit> {
        let mut edits = Vec::new();
        for ((team, b), a) in report.teams.iter().zip(&self.before).zip(&self.after) {
            let Some(d) = team.declared else { continue };
            let moved = b.rank != a.rank
                || b.score.match_points != a.score.match_points
                || b.score.game_points != a.score.game_points;
            if !moved {
                continue;
            }
            let values = [
                (d.match_points, a.score.match_points),
                (d.game_points, a.score.game_points),
                (d.rank.map(f64::from), a.rank as f64),
            ];
            for (field, (declared, value)) in values.into_iter().enumerate() {
                if declared.is_some_and(|d| d != value) {
                    let line = team.line;
                    edits.push(crate::tournament::trf::Edit::TeamTotal { line, field, value });
                }
            }
        }
        edits
    }
}

impl TeamRanking {
    /// The standings and matches of `report` and of `corrected`, the same
    /// report with the audit's results applied.
    pub fn outcome(&self, report: &Trf, corrected: &Trf) -> TeamOutcome {
        TeamOutcome {
            before: self.standings(report),
            after: self.standings(corrected),
            matches: matches(report)
                .into_iter()
                .zip(matches(corrected))
                .collect(),
        }
    }
}
