//! The texts of FIDE's rating regulations over the years, and what each
//! sets: K, who counts as a junior, and the rating difference counted.

use super::KWhy;
use crate::model::time_control::Category;
use crate::tournament::trf::Born;

/// Which text of FIDE's rating regulations (B.02) rates an event: the one
/// in force on its first day, for its kind of play. The dates and values
/// are those of the texts as published (docs/tournament.md gives them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regulations {
    /// Before 1 July 2009: K 25 new, 15, 10 from 2400; the 350-point rule.
    Before2009,
    /// From 1 July 2009: the 400-point rule.
    From2009,
    /// From 1 July 2011: K 30 for a player new to the list.
    From2011,
    /// From 1 July 2014: K 40 new and under 18 below 2300, 20, 10 from
    /// 2400.
    From2014,
    /// From 1 March 2024 (standard, rapid and blitz in one text): K 40 to
    /// the end of the year of the 18th birthday.
    From2024,
    /// From 1 October 2025: the 400-point rule only under 2650.
    From2025,
    /// FIDE's rapid and blitz ratings from 2012: K 20 for everyone within
    /// 700, no 400-point rule.
    RapidBlitz2012,
    /// Rapid and blitz from 1 October 2022: the standard K.
    RapidBlitz2022,
    /// The report gives no date its `042` line can be read as: every
    /// player gets `--k`.
    Undated,
}

impl Regulations {
    /// The text in force on `day` for a `category` of play: rapid and
    /// blitz have texts of their own, the rest the standard ones.
    pub fn on(day: Option<(u32, u32, u32)>, category: Category) -> Regulations {
        let rapid = matches!(category, Category::Rapid | Category::Blitz);
        let Some(day) = day else {
            return Regulations::Undated;
        };
        let texts: &[((u32, u32, u32), Regulations)] = match rapid {
            false => &[
                ((2025, 10, 1), Regulations::From2025),
                ((2024, 3, 1), Regulations::From2024),
                ((2014, 7, 1), Regulations::From2014),
                ((2011, 7, 1), Regulations::From2011),
                ((2009, 7, 1), Regulations::From2009),
            ],
            true => &[
                ((2025, 10, 1), Regulations::From2025),
                ((2024, 3, 1), Regulations::From2024),
                ((2022, 10, 1), Regulations::RapidBlitz2022),
            ],
        };
        let earliest = match rapid {
            false => Regulations::Before2009,
            true => Regulations::RapidBlitz2012,
        };
        texts
            .iter()
            .find(|(from, _)| day >= *from)
            .map_or(earliest, |&(_, text)| text)
    }

    /// The rating difference counted at most, for a player rated `own`;
    /// none where the table's own end (735) is the limit.
    pub(super) fn difference_cap(self, own: u32) -> Option<u32> {
        match self {
            Regulations::Before2009 => Some(350),
            Regulations::From2025 if own >= 2650 => None,
            Regulations::RapidBlitz2012 | Regulations::RapidBlitz2022 => None,
            _ => Some(400),
        }
    }

    /// Whether K × a player's games must stay within 700: in the texts
    /// that say so. The standard text of July 2014 as quoted does not; when
    /// the rule joined it before March 2024 the sources here do not tell
    /// (it was in force by October 2022), so it is not applied before.
    pub(super) fn games_cap(self) -> bool {
        matches!(
            self,
            Regulations::From2024
                | Regulations::From2025
                | Regulations::RapidBlitz2012
                | Regulations::RapidBlitz2022
        )
    }

    /// K for a rating (`From2400` from 2400, else the text's own), and
    /// the junior's K where `junior` holds.
    pub(super) fn k(self, rating: u32, junior: bool) -> (f64, KWhy) {
        match self {
            Regulations::RapidBlitz2012 => (20.0, KWhy::Standard),
            _ if rating >= 2400 => (10.0, KWhy::From2400),
            Regulations::Before2009 | Regulations::From2009 | Regulations::From2011 => {
                (15.0, KWhy::Standard)
            }
            _ if junior && rating < 2300 => (40.0, KWhy::Junior),
            _ => (20.0, KWhy::Standard),
        }
    }

    /// Whether a player born on `born` counts as a junior on `day`: to the
    /// end of the year of the 18th birthday from 2024, before the 18th
    /// birthday from July 2014 (a birth date without month and day, in the
    /// year of that birthday, is not taken as one).
    pub(super) fn junior(self, born: Born, (year, month, date): (u32, u32, u32)) -> bool {
        let eighteen = born.year + 18;
        match self {
            Regulations::From2024 | Regulations::From2025 => year <= eighteen,
            Regulations::From2014 | Regulations::RapidBlitz2022 => match born.month_day {
                _ if year != eighteen => year < eighteen,
                Some(birthday) => (month, date) < birthday,
                None => false,
            },
            _ => false,
        }
    }

    /// The texts' dates, as the summary names them.
    pub fn named(self) -> &'static str {
        match self {
            Regulations::Before2009 => "before 1 July 2009",
            Regulations::From2009 => "of 1 July 2009",
            Regulations::From2011 => "of 1 July 2011",
            Regulations::From2014 => "of 1 July 2014",
            Regulations::From2024 => "of 1 March 2024",
            Regulations::From2025 => "of 1 March 2024 and 1 October 2025",
            Regulations::RapidBlitz2012 => "for rapid and blitz of 2012",
            Regulations::RapidBlitz2022 => "for rapid and blitz of 1 October 2022",
            Regulations::Undated => "(none: the report gives no date)",
        }
    }
}
