//! A team competition's standings: match points, game points, then the
//! tie-breaks EGGSB and BH:MP (the order of the Friendship Cup's and many
//! Swiss-Manager events; choosing them from the report's `202`/`212` line
//! and `--tiebreaks` is still to come), with a team bye worth a drawn
//! match and half the boards' game points (C.04.6's default: TRF16 does
//! not say what its event gave).

use super::team_tiebreak::{TeamTieBreaks, tie_breaks};
use super::teams::{MatchPoints, TeamScore, boards_per_match, matches, scores};
use super::trf::Trf;

/// A team's place.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamStanding {
    pub rank: usize,
    pub score: TeamScore,
    pub tie_breaks: TeamTieBreaks,
}

/// The teams ranked by `value`'s match points, in the report's team order (`rank` says the place);
/// teams equal on every value share a rank.
pub fn team_standings(trf: &Trf, value: MatchPoints) -> Vec<TeamStanding> {
    let all = matches(trf);
    let bye_gp = boards_per_match(&all) as f64 / 2.0;
    let scores = scores(trf, &all, value, (value.draw, bye_gp));
    let tbs = tie_breaks(&scores, &all, bye_gp);
    let key = |i: usize| {
        let (s, t) = (&scores[i], &tbs[i]);
        [s.match_points, s.game_points, t.eggsb, t.bh_mp]
    };
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| {
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut rank = vec![0; scores.len()];
    for (place, &i) in order.iter().enumerate() {
        let tied = place > 0 && key(order[place - 1]) == key(i);
        rank[i] = if tied {
            rank[order[place - 1]]
        } else {
            place + 1
        };
    }
    scores
        .into_iter()
        .zip(tbs)
        .zip(rank)
        .map(|((score, tie_breaks), rank)| TeamStanding {
            rank,
            score,
            tie_breaks,
        })
        .collect()
}
