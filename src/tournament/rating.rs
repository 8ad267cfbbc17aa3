//! Rating changes under FIDE's rating regulations (B.02 8.3): for each
//! rated game between rated players, K × (W − We), where We is the
//! expected score the regulations' table gives for the rating difference
//! (a difference over 400 counted as 400). Not rounded per game.

use super::crosstable::points;
use super::trf::{Code, Player, Trf};

/// The largest rating difference for each expected score of the higher
/// rated player, from 0.50 up (B.02, table 8.1.2); beyond the last, 1.00.
const UPPER_BOUNDS: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The expected score of a player rated `own` against `opponent`.
///
/// ```
/// use pgn_arbiter::tournament::rating::expected;
/// assert_eq!(expected(2000, 2000), 0.5);
/// assert_eq!(expected(2100, 2000), 0.64);
/// assert_eq!(expected(2000, 2100), 0.36);
/// assert_eq!(expected(2700, 2000), 0.92); // 700 counts as 400
/// ```
pub fn expected(own: u32, opponent: u32) -> f64 {
    let difference = own.abs_diff(opponent).min(400);
    let step = UPPER_BOUNDS
        .iter()
        .position(|&upper| difference <= upper)
        .unwrap_or(UPPER_BOUNDS.len());
    let higher = 50 + step as u32;
    let hundredths = if own >= opponent {
        higher
    } else {
        100 - higher
    };
    f64::from(hundredths) / 100.0
}

/// The change a game brings: K × (score − expected).
pub fn change(k: f64, own: u32, opponent: u32, score: f64) -> f64 {
    k * (score - expected(own, opponent))
}

/// A player's rating change before and after the corrections.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub start_no: u32,
    pub games: usize,
    pub before: f64,
    pub after: f64,
}

/// The rating change of each rated player: K × (W − We) for each rated
/// game against a rated opponent, summed, not rounded.
pub(super) fn rating_changes(trf: &Trf, after: &[Player], k: f64) -> Vec<RatingChange> {
    // The ratings are the report's, before and after alike.
    let total = |p: &Player| -> (usize, f64) {
        let Some(own) = p.rating else {
            return (0, 0.0);
        };
        let rated = p.rounds.iter().filter_map(|c| {
            let theirs = trf.player(c.opponent?)?.rating?;
            matches!(c.code, Code::Win | Code::Draw | Code::Loss)
                .then(|| change(k, own, theirs, points(c.code)))
        });
        rated.fold((0, 0.0), |(n, sum), d| (n + 1, sum + d))
    };
    trf.players
        .iter()
        .zip(after)
        .filter(|(p, _)| p.rating.is_some())
        .map(|(b, a)| {
            let (games, before) = total(b);
            RatingChange {
                start_no: b.start_no,
                games,
                before,
                after: total(a).1,
            }
        })
        .collect()
}
