//! An edition of the Laws as data: when it took effect, how it sorts games
//! into categories, and for each category the rules a record can be judged
//! by. The clause modules read these values; an edition is one file in
//! [`super::editions`] filling them in.
//!
//! [`Book`] is what one game is judged by: an edition, the game's category
//! in that edition, and whether the event was supervised.

use super::finding::edition::CategoryBy;
use crate::board::replay::TakeBack;
use crate::model::clock::Clock;
use crate::model::time_control::Category;
pub use crate::model::time_control::RapidFloor;
use crate::model::verdict::Clause;
use crate::read::parse::GameRecord;

pub use crate::model::date::Day;

/// What happens to an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// Claimed (or seen by the arbiter) before the opponent moves, it loses;
    /// otherwise it stands.
    LosesWhenClaimed,
    /// Claimed or seen, the position is reinstated and the opponent gets
    /// time; the `loses_at`-th such move of a player loses. A move the
    /// record shows played on from was not seen: it stands. (The ordinary
    /// Laws in an unsupervised event are read this way too: an illegal move
    /// "found during the game" is one claimed or seen.)
    PenalisedWhenClaimed(Penalty),
    /// A supervised event (15.3, A.3, A.4 of 2023): the arbiter sees every
    /// move and the record is his, so every illegal move in it was taken
    /// back and penalised, and the next move in the record replaces it.
    AlwaysPenalised(Penalty),
}

/// The time an illegal move gives the opponent, and which one loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Penalty {
    pub minutes: u8,
    pub loses_at: u8,
}

impl Penalty {
    /// `loses_at` where no number of illegal moves loses (US Chess 11D:
    /// each gives the opponent time).
    pub const NEVER: u8 = u8::MAX;

    pub fn extra(self) -> Clock {
        Clock(u64::from(self.minutes) * 60_000)
    }
}

/// Both flags down, with a claim of a win on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BothFlags {
    /// The claimant must have time left; rounded clocks cannot show who
    /// fell first: review (ru-rapid's reading).
    Review,
    /// The game is drawn (2009 A4d3).
    Draw,
    /// Drawn in a sudden-death period; before it the game goes on and
    /// neither player may claim (US Chess 14G).
    SuddenDeathDraw,
    /// Who fell first cannot be known from the record: drawn in the last
    /// period, else review (6.11 b of 2009–2017).
    LastPeriodDraw,
    /// The clock that showed zero first loses (the flag indicator); a tie
    /// is drawn in the last period of a game without increment (III.3.1.2),
    /// else review (2018 on).
    FirstZeroLoses,
}

/// Fivefold repetition (9.6): none, on consecutive alternate moves (2014),
/// or any five times (from July 2017).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fivefold {
    None,
    Consecutive,
    AnyFive,
}

/// When a quickplay-finish draw claim (10.2, G.5, III.5) may be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quickplay {
    /// Never (blitz from 2009 on).
    Never,
    /// In any game (10.2 of ru-rapid and of 2009).
    Any,
    /// Only in games without increment (G.3 of 2014, III.2.2 of 2018).
    WithoutIncrement,
    /// Only in games with neither increment nor delay, with less than
    /// this left (US Chess 14H1: two minutes; its blitz chapter: one).
    WithoutIncrementOrDelay(Clock),
}

impl Quickplay {
    /// What a claim needs less than on the claimant's clock, as a rule
    /// set writes it: two minutes (10.2, G.5, III.5, US Chess 14H).
    pub const TWO_MINUTES: Clock = Clock(120_000);

    /// A claim needs less than this on the claimant's clock.
    pub fn time_limit(self) -> Clock {
        match self {
            Quickplay::WithoutIncrementOrDelay(limit) => limit,
            _ => Quickplay::TWO_MINUTES,
        }
    }
}

/// The clause numbers and rules of one category of games in one edition.
#[derive(Debug, Clone, Copy)]
pub struct RuleSet {
    pub illegal: Illegal,
    pub illegal_clause: &'static str,
    /// The claimant must have time left on his own clock.
    pub time_remaining: bool,
    pub both_flags: BothFlags,
    pub time_clause: &'static str,
    pub both_flags_clause: &'static str,
    /// `None` where no clause draws a game for an illegal position left on
    /// the board (2009: the arbiter reinstates; the Competition Judging treat
    /// it as an illegal move).
    pub position_clause: Option<&'static str>,
    /// Moves each player must have completed before a set-up claim is
    /// late, and the clock setting may no longer change; `None`: no window
    /// (the ordinary Laws cancel a wrongly set-up game whenever found).
    pub window: Option<u8>,
    pub setup_clause: &'static str,
    pub clock_clause: &'static str,
    pub quickplay: Quickplay,
    /// The claim, the arbiter's decision, his postponement, the rejection.
    pub quickplay_clauses: [&'static str; 4],
    /// What a flag fall gives the claimant, by what he could still do.
    pub win_on_time: WinOnTime,
}

/// What a fallen flag gives the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinOnTime {
    /// The win, unless he cannot checkmate by any series of legal moves
    /// (FIDE; 15.4.3 of ru-rapid).
    UnlessNoMate,
    /// The win, unless his material is too little to win on time (US
    /// Chess 14E).
    UnlessInsufficient(TooLittleToWin),
    /// The win, if he has mating material; else a draw, whatever he could
    /// force (US Chess blitz).
    WithMatingMaterial(MatingMaterial),
}

/// The clauses of US Chess's blitz chapter on a win that needs mating
/// material: what it is (`rule`: at least a pawn, a rook, a queen or two
/// minor pieces), the draw without it (`draw`), a dead position (`dead`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatingMaterial {
    pub rule: &'static str,
    pub draw: &'static str,
    pub dead: &'static str,
}

/// The clauses of a rule that draws a flag fall by the opponent's
/// material: only a king (`lone_king`), a king and one bishop or knight
/// (`minor`), or a king and two knights against no pawns (`two_knights`),
/// the last two without a forced win; a dead position is drawn (`dead`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLittleToWin {
    pub rule: &'static str,
    pub lone_king: &'static str,
    pub minor: &'static str,
    pub two_knights: &'static str,
    pub dead: &'static str,
}

/// One edition of the Laws.
#[derive(Debug, Clone, Copy)]
pub struct Edition {
    /// As `--laws` and the `laws` column write it.
    pub name: &'static str,
    pub title: &'static str,
    /// For events starting on or after this day.
    pub in_force: Day,
    pub rapid_floor: RapidFloor,
    /// Every category is judged by the rapid rules (ru-rapid).
    pub rapid_rules_for_all: bool,
    pub rapid: RuleSet,
    pub blitz: RuleSet,
    /// The ordinary Laws, for standard games; with `AlwaysPenalised` and
    /// these minutes for a rapid and blitz game they are the rules of a
    /// supervised event.
    pub standard: RuleSet,
    pub supervised_minutes: ByCategory,
    /// Only a king and queen placed the wrong way round forbid castling
    /// (2009); later, any misplaced king or rook.
    pub castling_ban_only_reversed: bool,
    /// Pressing the clock without moving is an illegal move (2018 on).
    pub null_move_illegal: bool,
    /// 75 moves without capture or pawn move end the game (2014 on).
    pub seventy_five: Option<&'static str>,
    pub fivefold: Fivefold,
    pub fivefold_clause: &'static str,
    /// A resignation where the winner cannot checkmate is a draw (2023).
    pub resignation_draw: Option<&'static str>,
    /// The claimed draws: the same position three times, fifty moves.
    pub claimed_draws: [&'static str; 2],
    /// The project's paraphrase of each clause it cites.
    pub texts: Texts,
}

/// Where an edition's clause texts are.
#[derive(Debug, Clone, Copy)]
pub enum Texts {
    /// `RULES.en.md`, through [`crate::laws::rulebook`].
    WorkingText,
    /// The project's paraphrases, by clause number.
    Own(&'static [(&'static str, &'static str)]),
    /// New paraphrases first, then an earlier edition's.
    Amending(
        &'static [(&'static str, &'static str)],
        &'static [(&'static str, &'static str)],
    ),
}

/// Penalty minutes for a supervised rapid and blitz game.
#[derive(Debug, Clone, Copy)]
pub struct ByCategory {
    pub rapid: u8,
    pub blitz: u8,
}

impl Edition {
    /// Whether this is ru-rapid, the Russian rapid-play rules of `RULES.en.md`: its reports cite
    /// bare clause numbers and quote it through [`crate::laws::rulebook`].
    pub fn is_ru_rapid(&self) -> bool {
        matches!(self.texts, Texts::WorkingText)
    }

    /// Whose thresholds give a game's category: 15.1, or the edition.
    pub fn category_source(&self) -> &'static str {
        match self.rapid_floor {
            _ if self.is_ru_rapid() => "15.1",
            RapidFloor::UsChess => "5C",
            _ => self.name,
        }
    }

    /// A category as the edition names it: US Chess rates standard games
    /// "regular" and rapid ones "quick".
    pub fn category_name(&self, category: Category) -> &'static str {
        match (self.rapid_floor, category) {
            (RapidFloor::UsChess, Category::Standard) => "regular",
            (RapidFloor::UsChess, Category::Rapid) => "quick",
            _ => category.as_str(),
        }
    }

    /// A game's category with the threshold that gave it, for a reader who
    /// does not know the thresholds: "blitz: 10 minutes or less, so not
    /// rapid by 15.1". (The minutes count the base and 60 moves' increment.)
    pub fn category_by(&self, category: Category) -> CategoryBy {
        CategoryBy {
            category,
            floor: self.rapid_floor,
            by: self.category_source(),
        }
    }

    /// The words of clause `number` (`15.3/7.5.b` reads as `7.5.b`).
    pub fn text(&self, number: &str) -> Option<String> {
        let find = |table: &[(&str, &'static str)]| {
            table
                .iter()
                .find(|(n, _)| *n == number)
                .map(|(_, t)| t.to_string())
        };
        match self.texts {
            Texts::WorkingText => crate::laws::rulebook::clause(number.split('/').next()?),
            Texts::Own(table) => find(table),
            Texts::Amending(new, old) => find(new).or_else(|| find(old)),
        }
    }
}

/// What one game is judged by.
#[derive(Debug, Clone, Copy)]
pub struct Book {
    pub edition: &'static Edition,
    pub category: Category,
    pub supervised: bool,
    /// The rules in force for this game.
    pub rules: RuleSet,
}

impl Book {
    /// The book of `edition` for a game, in its category there.
    pub fn for_game(edition: &'static Edition, record: &GameRecord<'_>, supervised: bool) -> Book {
        let category = record.control.category_from(edition.rapid_floor);
        Book::new(edition, category, supervised)
    }

    /// The rules of `edition` for a game of `category`; unknown categories
    /// are judged as rapid games, the tool's own subject.
    pub fn new(edition: &'static Edition, category: Category, supervised: bool) -> Book {
        let by_category = match category {
            _ if edition.rapid_rules_for_all => edition.rapid,
            Category::Blitz => edition.blitz,
            Category::Standard | Category::Dual | Category::Daily => edition.standard,
            // A control the edition does not rate is judged by its
            // general rules, which for US Chess are the rapid game's.
            Category::Rapid | Category::Unrated | Category::Unknown => edition.rapid,
        };
        let rules = if supervised && !edition.rapid_rules_for_all {
            let minutes = match category {
                Category::Blitz => edition.supervised_minutes.blitz,
                Category::Standard | Category::Dual | Category::Daily => {
                    edition.standard_penalty().minutes
                }
                _ => edition.supervised_minutes.rapid,
            };
            RuleSet {
                illegal: Illegal::AlwaysPenalised(Penalty {
                    minutes,
                    ..edition.standard_penalty()
                }),
                ..edition.standard
            }
        } else if supervised {
            RuleSet {
                illegal: edition.standard.illegal,
                illegal_clause: edition.standard.illegal_clause,
                position_clause: None,
                ..by_category
            }
        } else {
            by_category
        };
        Book {
            edition,
            category,
            supervised,
            rules,
        }
    }

    /// The number a verdict of `clause` cites in this book.
    pub fn cite(&self, clause: Clause) -> &'static str {
        let r = &self.rules;
        let e = self.edition;
        match clause {
            Clause::SetUp => r.setup_clause,
            Clause::IllegalMove => r.illegal_clause,
            Clause::TimeClaim => r.time_clause,
            Clause::BothFlags => r.both_flags_clause,
            Clause::IllegalPosition => r.position_clause.unwrap_or(r.illegal_clause),
            Clause::QuickplayFinish => r.quickplay_clauses[0],
            Clause::SeventyFiveMoves => e.seventy_five.unwrap_or("9.6"),
            Clause::FivefoldRepetition => e.fivefold_clause,
            Clause::Resignation => e.resignation_draw.unwrap_or("5.1.2"),
            Clause::RepetitionClaim => e.claimed_draws[0],
            Clause::FiftyMovesClaim => e.claimed_draws[1],
            Clause::InsufficientMaterial => match r.win_on_time {
                WinOnTime::UnlessInsufficient(clauses) => clauses.rule,
                WinOnTime::WithMatingMaterial(clauses) => clauses.draw,
                WinOnTime::UnlessNoMate => r.time_clause,
            },
            Clause::DeadPosition => match r.win_on_time {
                WinOnTime::UnlessInsufficient(clauses) => clauses.dead,
                WinOnTime::WithMatingMaterial(clauses) => clauses.dead,
                WinOnTime::UnlessNoMate => Clause::DeadPosition.as_str(),
            },
            other => other.as_str(),
        }
    }

    /// Which illegal moves the replay takes back under this book.
    pub fn take_back(&self) -> TakeBack {
        match self.rules.illegal {
            Illegal::LosesWhenClaimed => TakeBack::None,
            Illegal::PenalisedWhenClaimed(_) => TakeBack::Claimed,
            Illegal::AlwaysPenalised(_) => TakeBack::All,
        }
    }

    /// Whether a quickplay-finish claim may be made in a game with
    /// `increment` ([`crate::model::time_control::Control::increment`]).
    /// `delay` a move (US Chess's `d5`).
    pub fn quickplay_admissible(
        &self,
        increment: Option<Clock>,
        delay: Clock,
    ) -> Result<(), NoQuickplay> {
        let with_increment = increment.filter(|inc| !inc.is_zero());
        match (self.rules.quickplay, with_increment) {
            (Quickplay::Any, _) => Ok(()),
            (Quickplay::Never, _) => Err(NoQuickplay::InCategory),
            (Quickplay::WithoutIncrement | Quickplay::WithoutIncrementOrDelay(_), Some(inc)) => {
                Err(NoQuickplay::WithIncrement(inc))
            }
            (Quickplay::WithoutIncrementOrDelay(_), None) if !delay.is_zero() => {
                Err(NoQuickplay::WithDelay(delay))
            }
            _ => Ok(()),
        }
    }
}

/// Why a book admits no quickplay-finish claim in a game (a fact of
/// [`crate::laws::finding::draw::Inadmissible`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoQuickplay {
    /// None exists in the book's category.
    InCategory,
    /// Only games without increment have it; this one has the increment.
    WithIncrement(Clock),
    /// Only games without delay have it (US Chess 14H1); this one has it.
    WithDelay(Clock),
}

impl Edition {
    fn standard_penalty(&self) -> Penalty {
        match self.standard.illegal {
            Illegal::AlwaysPenalised(p) | Illegal::PenalisedWhenClaimed(p) => p,
            Illegal::LosesWhenClaimed => Penalty {
                minutes: 2,
                loses_at: 2,
            },
        }
    }
}

#[cfg(test)]
mod tests;
