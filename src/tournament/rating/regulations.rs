//! The texts of FIDE's rating regulations over the years, one dated entry
//! each with its source, and what each sets: K, who counts as a junior,
//! the rating difference counted, K × games within 700. An event is rated
//! by the text in force on its first day for its play; before FIDE rated
//! its play, or before the earliest text held here, it is rated by none,
//! and the terminal says which.

use super::KWhy;
use crate::model::time_control::Category;
use crate::tournament::trf::Born;

/// The play a text rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Standard,
    RapidBlitz,
}

/// K for a player neither a junior nor rated 2400 or more, and whether
/// 2400 brings 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KRule {
    /// `base`, 10 from 2400.
    From2400(u8),
    /// 20 for everyone (rapid and blitz, 2012).
    Flat(u8),
}

/// Who gets K 40 below 2300.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Junior {
    None,
    /// Before the 18th birthday.
    BeforeEighteen,
    /// To the end of the year of the 18th birthday.
    ToYearEnd,
}

/// The rating difference counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// At most this, every game.
    Every(u32),
    /// At most 400, for the higher rated player in one game an event: the
    /// one of the greatest difference (his "one upgrade").
    OncePerEvent,
    /// At most 400, only for a player rated under 2650.
    Under2650,
    /// The table's own end (735).
    TableEnd,
}

/// Whether the text holds K × a player's games within 700.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Within700 {
    Yes,
    No,
    /// The sources here do not say: not applied, and the terminal says so.
    NotKnown,
}

/// One text of FIDE's rating regulations (B.02, or the rapid and blitz
/// ones), for its play, from its first day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingText {
    pub play: Play,
    pub from: (u32, u32, u32),
    pub named: &'static str,
    pub k: KRule,
    pub junior: Junior,
    pub cap: Cap,
    pub within_700: Within700,
    /// Where the project read what it sets.
    pub source: &'static str,
}

const fn text(
    (play, from, named): (Play, (u32, u32, u32), &'static str),
    (k, junior): (KRule, Junior),
    (cap, within_700): (Cap, Within700),
    source: &'static str,
) -> RatingText {
    RatingText {
        play,
        from,
        named,
        k,
        junior,
        cap,
        within_700,
        source,
    }
}

use Play::{RapidBlitz, Standard};

/// Every text, latest first within its play.
pub const TEXTS: [RatingText; 11] = [
    text(
        (
            Standard,
            (2025, 10, 1),
            "of 1 March 2024 and 1 October 2025",
        ),
        (KRule::From2400(20), Junior::ToYearEnd),
        (Cap::Under2650, Within700::Yes),
        "FIDE Council's amendment of 8.3.1, effective 1 October 2025 (FIDE press release, 30 September 2025)",
    ),
    text(
        (Standard, (2024, 3, 1), "of 1 March 2024"),
        (KRule::From2400(20), Junior::ToYearEnd),
        (Cap::Every(400), Within700::Yes),
        "B.02 of 1 March 2024 (8.3.1, 8.3.3); FIDE QC, 1 March 2024: the limit of the 400-point rule to once an event abolished",
    ),
    text(
        (Standard, (2022, 1, 1), "of 1 January 2022"),
        (KRule::From2400(20), Junior::ToYearEnd),
        (Cap::OncePerEvent, Within700::Yes),
        "B.02 of 1 January 2022: 8.3.1 as quoted (one upgrade under the 400-point rule a tournament; FIDE, 'New set of FIDE regulations came into force'); 8.3.3 as FIDE's 'FIDE Rating Regulations 2022.pdf' words it (quoted by lluisalemanypuig/elo-chess-tracker and by ssmanhem.se): K 40 to the end of the year of the 18th birthday under 2300, and K the largest whole number with K x n within 700",
    ),
    text(
        (Standard, (2014, 7, 1), "of 1 July 2014"),
        (KRule::From2400(20), Junior::BeforeEighteen),
        (Cap::Every(400), Within700::NotKnown),
        "B.02 of 1 July 2014: K 40, 20, 10 (chesselo.com, 'Updated 1 July 2014 FIDE Rating System')",
    ),
    text(
        (Standard, (2011, 7, 1), "of 1 July 2011"),
        (KRule::From2400(15), Junior::None),
        (Cap::Every(400), Within700::No),
        "B.02 before July 2014: K 30 new, 15, 10 (chesselo.com)",
    ),
    text(
        (Standard, (2009, 7, 1), "of 1 July 2009"),
        (KRule::From2400(15), Junior::None),
        (Cap::Every(400), Within700::No),
        "FIDE, 'Changes to Title and Rating Regulations effective from July 1st 2009': the 400-point rule",
    ),
    text(
        (Standard, (2008, 7, 1), "of 1 July 2008"),
        (KRule::From2400(15), Junior::None),
        (Cap::Every(350), Within700::No),
        "B.02 as amended by the General Assemblies through 2008 (in force from 1 July 2008 to 30 June 2009): the 350-point rule, K 25 new, 15, 10",
    ),
    text(
        (RapidBlitz, (2024, 3, 1), "of 1 March 2024"),
        (KRule::From2400(20), Junior::ToYearEnd),
        (Cap::Every(400), Within700::Yes),
        "B.02 of 1 March 2024, one text for standard, rapid and blitz",
    ),
    text(
        (
            RapidBlitz,
            (2022, 10, 1),
            "for rapid and blitz of 1 October 2022",
        ),
        (KRule::From2400(20), Junior::ToYearEnd),
        (Cap::OncePerEvent, Within700::Yes),
        "FIDE's rapid and blitz K as the standard one from 1 October 2022 (scacchierando.it, 'Nuove regole FIDE per i rating Rapid&Blitz')",
    ),
    text(
        (
            RapidBlitz,
            (2022, 1, 1),
            "for rapid and blitz of 1 January 2022",
        ),
        (KRule::Flat(20), Junior::None),
        (Cap::OncePerEvent, Within700::Yes),
        "FIDE's rapid and blitz regulations of 1 January 2022: the standard's 400-point rule (chessexpress, 9 December 2021)",
    ),
    text(
        (RapidBlitz, (2012, 1, 1), "for rapid and blitz of 2012"),
        (KRule::Flat(20), Junior::None),
        (Cap::TableEnd, Within700::Yes),
        "FIDE, 'Rapid and blitz rating lists', 16 November 2011: events from 1 January 2012, K 20 in all cases",
    ),
];

/// The text an event without a date is rated by (with `--k`): the
/// 400-point rule in every game, as in all texts but those of 2022 and
/// October 2025.
pub(super) fn undated() -> &'static RatingText {
    TEXTS
        .iter()
        .find(|t| t.cap == Cap::Every(400))
        .unwrap_or(&TEXTS[0])
}

/// What rates an event: a text, or why none does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regulations {
    Text(&'static RatingText),
    /// FIDE rated no event of this play before its first text (rapid and
    /// blitz before 2012).
    NotRated(&'static RatingText),
    /// Before the earliest text the project holds.
    NoText(&'static RatingText),
    /// The report gives no date its `042` line can be read as: every
    /// player gets `--k`.
    Undated,
}

impl Regulations {
    /// The text in force on `day` for a `category` of play: rapid and
    /// blitz have texts of their own, the rest the standard ones.
    pub fn on(day: Option<(u32, u32, u32)>, category: Category) -> Regulations {
        let play = match category {
            Category::Rapid | Category::Blitz => RapidBlitz,
            _ => Standard,
        };
        let Some(day) = day else {
            return Regulations::Undated;
        };
        let mut texts = TEXTS.iter().filter(|t| t.play == play);
        if let Some(text) = texts.clone().find(|t| day >= t.from) {
            return Regulations::Text(text);
        }
        let earliest = texts.next_back().unwrap_or(&TEXTS[0]);
        match play {
            RapidBlitz => Regulations::NotRated(earliest),
            Standard => Regulations::NoText(earliest),
        }
    }

    /// The text, where one rates the event.
    pub fn text(self) -> Option<&'static RatingText> {
        match self {
            Regulations::Text(text) => Some(text),
            _ => None,
        }
    }
}

impl RatingText {
    /// The difference counted in each of a player's games (own rating
    /// `own`, the opponents' `theirs`), `None` where the table's end is the
    /// limit.
    pub(super) fn caps(&self, own: u32, theirs: &[u32]) -> Vec<Option<u32>> {
        let above = |t: u32| own > t && own - t > 400;
        let upgrade = theirs
            .iter()
            .enumerate()
            .filter(|(_, t)| above(**t))
            .max_by_key(|(i, t)| (own - **t, usize::MAX - i))
            .map(|(i, _)| i);
        let cap = |(i, &t): (usize, &u32)| match self.cap {
            Cap::Every(points) => Some(points),
            Cap::TableEnd => None,
            Cap::Under2650 if own >= 2650 => None,
            Cap::Under2650 => Some(400),
            Cap::OncePerEvent if above(t) && Some(i) != upgrade => None,
            Cap::OncePerEvent => Some(400),
        };
        theirs.iter().enumerate().map(cap).collect()
    }

    /// Whether K × a player's games is held within 700.
    pub(super) fn games_cap(&self) -> bool {
        self.within_700 == Within700::Yes
    }

    /// K for a rating, and the junior's K where `junior` holds.
    pub(super) fn k(&self, rating: u32, junior: bool) -> (f64, KWhy) {
        match self.k {
            KRule::Flat(k) => (f64::from(k), KWhy::Standard),
            KRule::From2400(_) if rating >= 2400 => (10.0, KWhy::From2400),
            _ if junior && rating < 2300 => (40.0, KWhy::Junior),
            KRule::From2400(k) => (f64::from(k), KWhy::Standard),
        }
    }

    /// Whether a player born on `born` counts as a junior on `day` (a
    /// birth date without month and day, in the year of the 18th
    /// birthday, is not taken as before it).
    pub(super) fn junior(&self, born: Born, (year, month, date): (u32, u32, u32)) -> bool {
        let eighteen = born.year + 18;
        match self.junior {
            Junior::None => false,
            Junior::ToYearEnd => year <= eighteen,
            Junior::BeforeEighteen => match born.month_day {
                _ if year != eighteen => year < eighteen,
                Some(birthday) => (month, date) < birthday,
                None => false,
            },
        }
    }
}
