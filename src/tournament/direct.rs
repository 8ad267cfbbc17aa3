//! Direct encounter (C.07 art. 6): players tied on the keys before it are
//! ordered by the games they played among themselves — when all of them
//! met, by those scores; when some did not, one is placed ahead only if no
//! result of the missing games could catch him (6.3). Forfeits do not count
//! but in a round robin (15.2); two players who met twice count the
//! average of their games.

use std::collections::HashMap;

use super::crosstable::Crosstable;

/// The tied players (start numbers), ordered into tiers: the players of a
/// tier remain tied.
pub fn order(table: &Crosstable, tied: &[u32]) -> Vec<Vec<u32>> {
    tiers(&Encounters::among(table, tied), tied)
}

/// The tied participants (numbers) in tiers by their encounters.
pub(crate) fn tiers(games: &Encounters, tied: &[u32]) -> Vec<Vec<u32>> {
    if tied.len() < 2 {
        return vec![tied.to_vec()];
    }
    if games.all_met(tied) {
        return by_scores(games, tied);
    }
    one_by_one(games, tied)
}

/// The average score of each pair's games among the tied players.
pub(crate) struct Encounters {
    /// (player, opponent) → the player's average score against him.
    score: HashMap<(u32, u32), f64>,
    /// The most a game not yet played could give.
    most: f64,
}

impl Encounters {
    fn among(table: &Crosstable, tied: &[u32]) -> Encounters {
        let mut games = Vec::new();
        for &player in tied {
            let Some(row) = table.row(player) else {
                continue;
            };
            for (cell, &points) in row.rounds.iter().zip(&row.scores) {
                let Some(opponent) = cell.opponent.filter(|o| tied.contains(o)) else {
                    continue;
                };
                if table.played(cell, true) {
                    games.push((player, opponent, points));
                }
            }
        }
        Encounters::of(games, table.scoring.system.win_points())
    }

    /// From each game's (participant, opponent, the participant's score);
    /// `most`: what a win gives.
    pub(crate) fn of(games: impl IntoIterator<Item = (u32, u32, f64)>, most: f64) -> Encounters {
        let mut sums: HashMap<(u32, u32), (f64, u32)> = HashMap::new();
        for (player, opponent, score) in games {
            let entry = sums.entry((player, opponent)).or_default();
            entry.0 += score;
            entry.1 += 1;
        }
        let score = sums
            .into_iter()
            .map(|(pair, (sum, n))| (pair, sum / f64::from(n)))
            .collect();
        Encounters { score, most }
    }

    fn met(&self, a: u32, b: u32) -> bool {
        self.score.contains_key(&(a, b))
    }

    fn all_met(&self, players: &[u32]) -> bool {
        players
            .iter()
            .all(|&a| players.iter().all(|&b| a == b || self.met(a, b)))
    }

    /// A player's score against the others of `players`.
    fn total(&self, player: u32, players: &[u32]) -> f64 {
        players
            .iter()
            .filter_map(|&o| self.score.get(&(player, o)))
            .sum()
    }

    /// Games still missing between `player` and the others.
    fn missing(&self, player: u32, players: &[u32]) -> usize {
        players
            .iter()
            .filter(|&&o| o != player && !self.met(player, o))
            .count()
    }
}

/// All met: the separate standings, each tie within them ordered again by
/// art. 6 among its own players (6.2).
fn by_scores(games: &Encounters, tied: &[u32]) -> Vec<Vec<u32>> {
    let mut scored: Vec<(f64, u32)> = tied.iter().map(|&p| (games.total(p, tied), p)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut tiers = Vec::new();
    let mut i = 0;
    while i < scored.len() {
        let j = (i..scored.len())
            .find(|&k| scored[k].0 != scored[i].0)
            .unwrap_or(scored.len());
        let tier: Vec<u32> = scored[i..j].iter().map(|s| s.1).collect();
        if tier.len() == tied.len() {
            return vec![tier]; // nothing separates them
        }
        tiers.extend(self::tiers(games, &tier));
        i = j;
    }
    tiers
}

/// Not all met (6.3): the top place of the separate standings goes to a
/// player no result of the missing games could catch, then the next place
/// the same way; the players left are ordered again by art. 6.
fn one_by_one(games: &Encounters, tied: &[u32]) -> Vec<Vec<u32>> {
    let mut rest = tied.to_vec();
    let mut tiers = Vec::new();
    while rest.len() > 1 {
        let Some(leader) = alone_at_top(games, tied, &rest) else {
            break;
        };
        tiers.push(vec![leader]);
        rest.retain(|&p| p != leader);
    }
    match rest.len() {
        0 => {}
        n if n == tied.len() => tiers.push(rest),
        _ => tiers.extend(self::tiers(games, &rest)),
    }
    tiers
}

/// The player of `rest` whose least possible score in the separate
/// standings of `tied` exceeds the greatest of every other in `rest`.
fn alone_at_top(games: &Encounters, tied: &[u32], rest: &[u32]) -> Option<u32> {
    rest.iter().copied().find(|&p| {
        let least = games.total(p, tied);
        rest.iter().all(|&q| {
            q == p || games.total(q, tied) + games.missing(q, tied) as f64 * games.most < least
        })
    })
}
