//! Team tie-breaks (C.07, arts. 13 and 16): the extended Sonneborn-Berger
//! (EGGSB, 13.2.4) and the Buchholz on match points (BH:MP, art. 8 on the
//! team score). A team's bye is an unplayed round (16.2.1): for its own
//! tie-breaks, a match against a dummy whose score is its own final score
//! (16.4, as in force from 2023 to 2026; the 2026 cap is not applied).

use std::collections::HashMap;

use super::teams::{TeamMatch, TeamScore};

/// A team's tie-break values.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TeamTieBreaks {
    /// Σ opponent's final game points × game points scored against it.
    pub eggsb: f64,
    /// Σ opponents' final match points.
    pub bh_mp: f64,
}

/// Each team's EGGSB and BH:MP, in `scores`' order; `bye_gp` is what a
/// bye gives in game points.
pub fn tie_breaks(scores: &[TeamScore], matches: &[TeamMatch], bye_gp: f64) -> Vec<TeamTieBreaks> {
    let by_team: HashMap<u32, &TeamScore> = scores.iter().map(|s| (s.team, s)).collect();
    scores
        .iter()
        .map(|own| {
            let mut t = TeamTieBreaks::default();
            for m in matches {
                let Some(side) = m.teams.iter().position(|&team| team == own.team) else {
                    continue;
                };
                let opponent = by_team[&m.teams[1 - side]];
                t.eggsb += opponent.game_points * m.game_points()[side];
                t.bh_mp += opponent.match_points;
            }
            // Each bye: a match against a dummy as strong as the team.
            let byes = f64::from(own.byes);
            t.eggsb += byes * own.game_points * bye_gp;
            t.bh_mp += byes * own.match_points;
            t
        })
        .collect()
}
