//! Rating changes under FIDE's rating regulations (B.02 8.3): for each
//! rated game between rated players, K × (W − We), where We is the
//! expected score the regulations' table gives for the rating difference
//! (a difference over 400 counted as 400; from 1 October 2025 only for a
//! player rated under 2650). Not rounded per game. K is each player's, as
//! the texts of 1 March 2024 and 1 October 2025 set it from the report's
//! rating, birth date and the event's date; an earlier event is rated with
//! one K for everyone (`--k`).

use super::crosstable::points;
use super::rules::ymd;
use super::trf::{Code, Player, Trf};
use crate::model::time_control::Category;

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
    expected_with(own, opponent, true)
}

/// The expected score, a difference over 400 counted as 400 where
/// `capped` (B.02 8.3.1; from 1 October 2025 only for players under 2650).
fn expected_with(own: u32, opponent: u32, capped: bool) -> f64 {
    let difference = match capped {
        true => own.abs_diff(opponent).min(400),
        false => own.abs_diff(opponent),
    };
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

/// The change a game brings: K × (score − expected), the difference over
/// 400 counted as 400 where `capped`.
pub fn change(k: f64, (own, opponent): (u32, u32), score: f64, capped: bool) -> f64 {
    k * (score - expected_with(own, opponent, capped))
}

/// Which text of FIDE's rating regulations (B.02) rates an event, by its
/// first day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regulations {
    /// From 1 October 2025: the 400-point rule only for a player rated
    /// under 2650.
    From2025,
    /// From 1 March 2024.
    From2024,
    /// An event before 1 March 2024, or with no date the report gives: the
    /// earlier texts are not modelled, and every player gets `--k`.
    Earlier,
    /// A rapid or blitz event, by the report's control: FIDE's rapid and
    /// blitz rating regulations are not modelled, and every player gets
    /// `--k`.
    RapidOrBlitz,
}

impl Regulations {
    /// The regulations of `trf`'s event: the standard ones in force on its
    /// `042` date, unless its control makes it rapid or blitz.
    pub fn of(trf: &Trf) -> Regulations {
        match trf.category() {
            Category::Rapid | Category::Blitz => Regulations::RapidOrBlitz,
            _ => Regulations::for_start(&trf.start),
        }
    }

    /// The standard text in force on the report's `042` date.
    pub fn for_start(date: &str) -> Regulations {
        match ymd(date) {
            Some(day) if day >= (2025, 10, 1) => Regulations::From2025,
            Some(day) if day >= (2024, 3, 1) => Regulations::From2024,
            _ => Regulations::Earlier,
        }
    }

    /// Whether a difference over 400 counts as 400 for a player rated `own`.
    fn capped(self, own: u32) -> bool {
        self != Regulations::From2025 || own < 2650
    }
}

/// A player's development coefficient, and what set it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coefficient {
    pub k: f64,
    pub why: KWhy,
}

/// What set a player's K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KWhy {
    /// `--k`, for everyone (or the regulations the tool does not model).
    Given,
    /// 40: rated under 2300 in or before the year of the 18th birthday.
    Junior,
    /// 10: a rating of 2400 or more (a published rating once reached, as
    /// far as the report shows).
    From2400,
    /// 20: everyone else.
    Standard,
    /// K × the games of the event would pass 700: the largest K below.
    Capped,
}

impl KWhy {
    /// The name ratings.csv gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            KWhy::Given => "given",
            KWhy::Junior => "junior",
            KWhy::From2400 => "2400",
            KWhy::Standard => "standard",
            KWhy::Capped => "capped",
        }
    }
}

/// B.02's K for `player`, with `games` rated games in the event; `given`
/// (`--k`) overrides, and rates every player of an event the modelled
/// texts do not cover. A player new to the list (K 40 until 30 games) is
/// not known from a report: none is taken as new.
pub fn coefficient(
    player: &Player,
    year: Option<u32>,
    games: usize,
    given: Option<f64>,
) -> Coefficient {
    if let Some(k) = given {
        return Coefficient {
            k,
            why: KWhy::Given,
        };
    }
    let rating = player.rating.unwrap_or(0);
    let junior = matches!((player.born, year), (Some(born), Some(year)) if year <= born + 18);
    let (k, why) = match rating {
        r if r >= 2400 => (10.0, KWhy::From2400),
        r if r < 2300 && junior => (40.0, KWhy::Junior),
        _ => (20.0, KWhy::Standard),
    };
    let n = games as f64;
    match k * n > 700.0 {
        true => Coefficient {
            k: (700.0 / n).floor(),
            why: KWhy::Capped,
        },
        false => Coefficient { k, why },
    }
}

/// A player's rating change before and after the corrections.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub start_no: u32,
    pub games: usize,
    pub coefficient: Coefficient,
    pub before: f64,
    pub after: f64,
}

/// The rating change of each rated player: K × (W − We) for each rated
/// game against a rated opponent, summed, not rounded; K and the 400-point
/// rule as the regulations of the event's first day give them, unless
/// `given`.
pub(super) fn rating_changes(trf: &Trf, after: &[Player], given: Option<f64>) -> Vec<RatingChange> {
    let regulations = Regulations::of(trf);
    let given = match regulations {
        Regulations::Earlier | Regulations::RapidOrBlitz => Some(given.unwrap_or(DEFAULT_K)),
        _ => given,
    };
    let year = ymd(&trf.start).map(|(y, _, _)| y);
    // The ratings are the report's, before and after alike.
    let games = |p: &Player| -> Vec<(u32, f64)> {
        p.rounds
            .iter()
            .filter(|c| matches!(c.code, Code::Win | Code::Draw | Code::Loss))
            .filter_map(|c| Some((trf.player(c.opponent?)?.rating?, points(c.code))))
            .collect()
    };
    let total = |own: u32, k: f64, games: &[(u32, f64)]| -> f64 {
        let capped = regulations.capped(own);
        // Folded from +0: an empty `sum` of floats is −0, written "-0.00".
        games
            .iter()
            .map(|&(theirs, score)| change(k, (own, theirs), score, capped))
            .fold(0.0, |sum, d| sum + d)
    };
    trf.players
        .iter()
        .zip(after)
        .filter_map(|(b, a)| {
            let own = b.rating?;
            let (before, after) = (games(b), games(a));
            let coefficient = coefficient(b, year, before.len(), given);
            Some(RatingChange {
                start_no: b.start_no,
                games: before.len(),
                coefficient,
                before: total(own, coefficient.k, &before),
                after: total(own, coefficient.k, &after),
            })
        })
        .collect()
}

/// `--k` where the regulations are not modelled: the coefficient of most
/// players.
pub const DEFAULT_K: f64 = 20.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: u32, born: Option<u32>) -> Player {
        Player {
            line: 0,
            start_no: 1,
            name: String::new(),
            rating: Some(rating),
            federation: String::new(),
            fide_id: String::new(),
            born,
            points: None,
            rank: None,
            rounds: Vec::new(),
        }
    }

    #[test]
    fn k_is_each_players_as_b02_sets_it() {
        let k = |rating, born, games| coefficient(&player(rating, born), Some(2025), games, None);
        // Under 2300 in the year of the 18th birthday: 40; the year after, 20.
        assert_eq!(
            k(2250, Some(2007), 9),
            Coefficient {
                k: 40.0,
                why: KWhy::Junior
            }
        );
        assert_eq!(k(2250, Some(2006), 9).k, 20.0);
        // A junior rated 2300 or more: 20; from 2400: 10, at any age.
        assert_eq!(k(2350, Some(2010), 9).k, 20.0);
        assert_eq!(
            k(2450, Some(2010), 9),
            Coefficient {
                k: 10.0,
                why: KWhy::From2400
            }
        );
        // No birth date: not taken as a junior.
        assert_eq!(
            k(1800, None, 9),
            Coefficient {
                k: 20.0,
                why: KWhy::Standard
            }
        );
        // K × n within 700: 40 × 20 games would be 800, so 35.
        assert_eq!(
            k(1800, Some(2012), 20),
            Coefficient {
                k: 35.0,
                why: KWhy::Capped
            }
        );
        // --k for everyone.
        let given = coefficient(&player(2450, None), Some(2025), 9, Some(15.0));
        assert_eq!(
            given,
            Coefficient {
                k: 15.0,
                why: KWhy::Given
            }
        );
    }

    #[test]
    fn the_400_point_rule_holds_from_2650_only_until_october_2025() {
        assert_eq!(Regulations::for_start("2024/02/29"), Regulations::Earlier);
        assert_eq!(Regulations::for_start("2024-03-01"), Regulations::From2024);
        assert_eq!(Regulations::for_start("2025/10/01"), Regulations::From2025);
        assert_eq!(Regulations::for_start(""), Regulations::Earlier);
        // 2700 beats 1800: 900 points apart.
        let win =
            |regulations: Regulations| change(20.0, (2700, 1800), 1.0, regulations.capped(2700));
        assert!((win(Regulations::From2024) - 1.6).abs() < 1e-9);
        assert_eq!(win(Regulations::From2025), 0.0);
        // The 1800 player keeps the rule: his loss counts 400 points.
        assert!(Regulations::From2025.capped(1800));
        assert!((change(20.0, (1800, 2700), 0.0, true) + 1.6).abs() < 1e-9);
    }
}
