//! Rating changes under FIDE's rating regulations (B.02 8.3): for each
//! rated game between rated players, K × (W − We), where We is the
//! expected score the regulations' table gives for the rating difference,
//! counted as the text in force on the event's first day says (its
//! entries, dated and sourced, in [`regulations`]). Not rounded per game.
//! K is each player's: as FIDE's rating list publishes it when one is
//! given, else as that text sets it from the report's rating, birth date
//! and the event's date.

use super::crosstable::points;
use super::rating_list::RatingList;
use super::rules::ymd;
use super::trf::{Code, Player, Trf};
use crate::model::time_control::Category;

pub mod regulations;
pub use regulations::{RatingText, Regulations};

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
    expected_with(own, opponent, Some(400))
}

/// The expected score, the difference counted at most as `cap` (B.02
/// 8.3.1).
fn expected_with(own: u32, opponent: u32, cap: Option<u32>) -> f64 {
    let difference = own.abs_diff(opponent).min(cap.unwrap_or(u32::MAX));
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

/// The change a game brings: K × (score − expected), the difference
/// counted at most as `cap`.
pub fn change(k: f64, (own, opponent): (u32, u32), score: f64, cap: Option<u32>) -> f64 {
    k * (score - expected_with(own, opponent, cap))
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
    /// `--k`, for everyone (or an event with no date).
    Given,
    /// FIDE's rating list (`--rating-list`).
    Listed,
    /// 40: a junior rated under 2300.
    Junior,
    /// 10: a rating of 2400 or more (a published rating once reached, as
    /// far as the report shows).
    From2400,
    /// The text's K for everyone else: 20 (15 before July 2014).
    Standard,
    /// K × the games of the event would pass 700: the largest K below.
    Capped,
}

impl KWhy {
    /// The name ratings.csv gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            KWhy::Given => "given",
            KWhy::Listed => "rating list",
            KWhy::Junior => "junior",
            KWhy::From2400 => "2400",
            KWhy::Standard => "standard",
            KWhy::Capped => "capped",
        }
    }
}

/// What rates the players besides the report: `--k` for everyone, and
/// FIDE's rating list.
#[derive(Debug, Clone, Copy, Default)]
pub struct RatingInputs<'a> {
    pub k: Option<f64>,
    pub list: Option<&'a RatingList>,
}

/// The event as its K depends on it: the regulations, its first day and
/// its kind of play.
#[derive(Debug, Clone, Copy)]
pub struct RatedEvent {
    pub regulations: Regulations,
    pub day: Option<(u32, u32, u32)>,
    pub category: Category,
}

impl RatedEvent {
    /// `trf`'s event, by its `042` date and its control.
    pub fn of(trf: &Trf) -> RatedEvent {
        let (day, category) = (ymd(&trf.start), trf.category());
        RatedEvent {
            regulations: Regulations::on(day, category),
            day,
            category,
        }
    }
}

/// B.02's K for `player`, with `games` rated games in the event: `--k`
/// where given (or where the event has no date), else the rating list's
/// K, else the regulations' from the report's rating and birth date, and
/// within 700 for the games where the text says so. A player new to the
/// list (K 40 until 30 games) is known only from the list.
pub fn coefficient(
    player: &Player,
    event: RatedEvent,
    games: usize,
    inputs: RatingInputs,
) -> Coefficient {
    let given = match event.regulations.text() {
        None => inputs.k.or(Some(DEFAULT_K)),
        Some(_) => inputs.k,
    };
    let (Some(text), None) = (event.regulations.text(), given) else {
        return Coefficient {
            k: given.unwrap_or(DEFAULT_K),
            why: KWhy::Given,
        };
    };
    let listed = inputs
        .list
        .zip(player.fide_id.trim().parse().ok())
        .and_then(|(list, id)| list.listed(id, event.category)?.k);
    let (k, why) = match listed {
        Some(k) => (f64::from(k), KWhy::Listed),
        None => {
            let junior = matches!((player.born, event.day), (Some(born), Some(day))
                if text.junior(born, day));
            text.k(player.rating.unwrap_or(0), junior)
        }
    };
    let n = games as f64;
    match text.games_cap() && k * n > 700.0 {
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
/// game against a rated opponent, summed, not rounded; K and the
/// difference counted as the regulations of the event's first day give
/// them, unless `inputs` say otherwise.
pub(super) fn rating_changes(
    trf: &Trf,
    after: &[Player],
    inputs: RatingInputs,
) -> Vec<RatingChange> {
    let event = RatedEvent::of(trf);
    let text = match event.regulations {
        Regulations::Text(text) => text,
        Regulations::Undated => regulations::undated(),
        Regulations::NotRated(_) | Regulations::NoText(_) => return Vec::new(),
    };
    // The ratings are the report's, before and after alike.
    // A game only one line has is rated for neither player.
    let games = |p: &Player| -> Vec<(u32, f64)> {
        (p.rounds.iter().enumerate())
            .filter(|(_, c)| matches!(c.code, Code::Win | Code::Draw | Code::Loss))
            .filter(|(r, c)| c.opponent.is_some_and(|o| trf.confirms(p.start_no, o, *r)))
            .filter_map(|(_, c)| Some((trf.player(c.opponent?)?.rating?, points(c.code))))
            .collect()
    };
    let total = |own: u32, k: f64, games: &[(u32, f64)]| -> f64 {
        let theirs: Vec<u32> = games.iter().map(|g| g.0).collect();
        let caps = text.caps(own, &theirs);
        // Folded from +0: an empty `sum` of floats is −0, written "-0.00".
        games
            .iter()
            .zip(caps)
            .map(|(&(theirs, score), cap)| change(k, (own, theirs), score, cap))
            .fold(0.0, |sum, d| sum + d)
    };
    trf.players
        .iter()
        .zip(after)
        .filter_map(|(b, a)| {
            let own = b.rating?;
            let (before, after) = (games(b), games(a));
            let coefficient = coefficient(b, event, before.len(), inputs);
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

/// The games rated players played against opponents without a rating:
/// left out of the changes here, which FIDE rates (its notice of July
/// 2009) by the rating the opponent obtains, which the report lacks.
pub fn games_against_unrated(trf: &Trf) -> usize {
    let unrated = |no: u32| trf.player(no).is_some_and(|p| p.rating.is_none());
    trf.players
        .iter()
        .filter(|p| p.rating.is_some())
        .flat_map(|p| &p.rounds)
        .filter(|c| matches!(c.code, Code::Win | Code::Draw | Code::Loss))
        .filter(|c| c.opponent.is_some_and(unrated))
        .count()
}

/// `--k` for an event with no date: the coefficient of most players.
pub const DEFAULT_K: f64 = 20.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::trf::Born;
    use std::collections::HashSet;

    fn player(rating: u32, born: Option<u32>) -> Player {
        Player {
            line: 0,
            start_no: 1,
            name: String::new(),
            rating: Some(rating),
            federation: String::new(),
            fide_id: "5045886".to_string(),
            born: born.map(|year| Born {
                year,
                month_day: None,
            }),
            points: None,
            rank: None,
            rounds: Vec::new(),
        }
    }

    fn event(day: (u32, u32, u32), category: Category) -> RatedEvent {
        RatedEvent {
            regulations: Regulations::on(Some(day), category),
            day: Some(day),
            category,
        }
    }

    fn k_in(day: (u32, u32, u32), rating: u32, born: Option<u32>, games: usize) -> Coefficient {
        let standard = event(day, Category::Standard);
        coefficient(
            &player(rating, born),
            standard,
            games,
            RatingInputs::default(),
        )
    }

    #[test]
    fn k_is_each_players_as_b02_sets_it() {
        let k = |rating, born, games| k_in((2025, 6, 1), rating, born, games);
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
        let standard = event((2025, 6, 1), Category::Standard);
        let given = RatingInputs {
            k: Some(15.0),
            list: None,
        };
        assert_eq!(
            coefficient(&player(2450, None), standard, 9, given),
            Coefficient {
                k: 15.0,
                why: KWhy::Given
            }
        );
    }

    #[test]
    fn earlier_texts_give_their_own_k() {
        // July 2014 to February 2024: a junior until the 18th birthday.
        let mut born = player(2000, Some(2000));
        let k = |p: &Player, day| {
            coefficient(
                p,
                event(day, Category::Standard),
                9,
                RatingInputs::default(),
            )
        };
        born.born = Some(Born {
            year: 2000,
            month_day: Some((6, 15)),
        });
        assert_eq!(k(&born, (2018, 6, 14)).k, 40.0);
        assert_eq!(k(&born, (2018, 6, 15)).k, 20.0);
        // From March 2024, to the end of that year.
        assert_eq!(k(&born, (2018 + 6, 6, 15)).why, KWhy::Standard);
        born.born = Some(Born {
            year: 2006,
            month_day: Some((6, 15)),
        });
        assert_eq!(k(&born, (2024, 12, 31)).k, 40.0);
        // Before July 2014: 15, or 10 from 2400, and no 700 rule.
        assert_eq!(k_in((2013, 5, 1), 2000, Some(2000), 60).k, 15.0);
        assert_eq!(k_in((2013, 5, 1), 2400, None, 9).k, 10.0);
        // The 700 rule is applied from the text of March 2024 only.
        assert_eq!(k_in((2016, 5, 1), 1900, None, 40).k, 20.0);
        assert_eq!(k_in((2024, 5, 1), 1900, None, 40).k, 17.0);
    }

    #[test]
    fn rapid_and_blitz_follow_their_own_texts() {
        let rapid = |day, rating, born, games| {
            let e = event(day, Category::Rapid);
            coefficient(&player(rating, born), e, games, RatingInputs::default())
        };
        // 2012 to September 2022: 20 for everyone, within 700.
        assert_eq!(rapid((2019, 1, 1), 2500, Some(2010), 9).k, 20.0);
        assert_eq!(rapid((2019, 1, 1), 2500, None, 40).k, 17.0);
        // From October 2022 the standard K.
        assert_eq!(rapid((2023, 1, 1), 2500, None, 9).k, 10.0);
        // No 400-point rule before 2022; once an event in 2022 and 2023;
        // every game from March 2024.
        let cap = |day| {
            let text = Regulations::on(Some(day), Category::Rapid).text().unwrap();
            text.caps(2300, &[1800, 1700])
        };
        assert_eq!(cap((2021, 12, 31)), [None, None]);
        assert_eq!(cap((2023, 1, 1)), [None, Some(400)]);
        assert_eq!(cap((2024, 3, 1)), [Some(400), Some(400)]);
        let standard = Regulations::on(Some((2008, 9, 1)), Category::Standard);
        assert_eq!(standard.text().unwrap().caps(1800, &[1000]), [Some(350)]);
        // Before 2012 FIDE rated no rapid event; before July 2008 no text is held.
        assert!(matches!(
            Regulations::on(Some((2011, 12, 31)), Category::Rapid),
            Regulations::NotRated(first) if first.from == (2012, 1, 1)
        ));
        assert!(matches!(
            Regulations::on(Some((2008, 6, 30)), Category::Standard),
            Regulations::NoText(_)
        ));
    }

    #[test]
    fn the_rating_lists_k_goes_before_the_derived_one() {
        let text = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN25 Gms K  B-day Flag
5045886        Player, New                                                  IND M                                2100  4   40 1964
";
        let list = RatingList::read(text.as_bytes(), &HashSet::from([5045886])).unwrap();
        let inputs = RatingInputs {
            k: None,
            list: Some(&list),
        };
        let standard = event((2025, 6, 1), Category::Standard);
        // A player new to the list, which a report cannot tell.
        let listed = coefficient(&player(2100, None), standard, 9, inputs);
        assert_eq!(
            listed,
            Coefficient {
                k: 40.0,
                why: KWhy::Listed
            }
        );
        // The list's K is held within 700 too; --k still overrides it.
        assert_eq!(
            coefficient(&player(2100, None), standard, 20, inputs).k,
            35.0
        );
        let given = RatingInputs {
            k: Some(12.0),
            ..inputs
        };
        assert_eq!(coefficient(&player(2100, None), standard, 9, given).k, 12.0);
        // A player the list does not hold: the regulations' K.
        let mut absent = player(2100, None);
        absent.fide_id = "1".to_string();
        assert_eq!(
            coefficient(&absent, standard, 9, inputs).why,
            KWhy::Standard
        );
    }

    #[test]
    fn the_400_point_rule_holds_from_2650_only_until_october_2025() {
        let on = |day| {
            Regulations::on(Some(day), Category::Standard)
                .text()
                .unwrap()
        };
        assert_eq!(on((2021, 12, 31)).named, "of 1 July 2014");
        assert_eq!(on((2024, 2, 29)).named, "of 1 January 2022");
        assert_eq!(on((2024, 3, 1)).named, "of 1 March 2024");
        assert_eq!(on((2025, 10, 1)).cap, regulations::Cap::Under2650);
        assert_eq!(
            Regulations::on(None, Category::Standard),
            Regulations::Undated
        );
        // 2700 beats 1800: 900 points apart.
        let win = |text: &RatingText| change(20.0, (2700, 1800), 1.0, text.caps(2700, &[1800])[0]);
        assert!((win(on((2024, 3, 1))) - 1.6).abs() < 1e-9);
        assert_eq!(win(on((2025, 10, 1))), 0.0);
        // The 1800 player keeps the rule: his loss counts 400 points.
        let cap = on((2025, 10, 1)).caps(1800, &[2700])[0];
        assert_eq!(cap, Some(400));
        assert!((change(20.0, (1800, 2700), 0.0, cap) + 1.6).abs() < 1e-9);
    }

    /// B.02 8.3.1 from January 2022 to February 2024 (round seven's d54):
    /// the higher rated player's one upgrade is the game of the greatest
    /// difference; the lower rated keeps the rule in every game.
    #[test]
    fn the_400_point_rule_once_an_event_in_2022_and_2023() {
        let text = Regulations::on(Some((2023, 11, 1)), Category::Standard)
            .text()
            .unwrap();
        assert_eq!(
            text.caps(2200, &[1600, 1700, 2100]),
            [Some(400), None, Some(400)]
        );
        assert_eq!(
            text.caps(2200, &[1700, 1600, 1600]),
            [None, Some(400), None]
        );
        assert_eq!(text.caps(1600, &[2200, 2300]), [Some(400), Some(400)]);
        // Alpha (2200) beats 1600 and 1700: 20 × ((1 − 0.92) + (1 − 0.96)).
        let caps = text.caps(2200, &[1600, 1700]);
        let total =
            change(20.0, (2200, 1600), 1.0, caps[0]) + change(20.0, (2200, 1700), 1.0, caps[1]);
        assert!((total - 2.4).abs() < 1e-9, "{total}");
    }
}
