//! What the clauses found, as values: a verdict's [`Reason`] and an
//! incident's detail are [`Finding`]s, with the facts as fields (sides,
//! clocks, plies, the clause, the words quoted); `laws/phrase/` words
//! them, and only the outputs, `explain` and Python ask it to.

use std::fmt;

use shakmaty::Color;

use super::Game;
use crate::board::helpmate::{Helpmate, Mate};
use crate::model::claim::ClaimError;
use crate::model::clock::Clock;

pub mod board;
pub mod both_flags;
pub mod claimed_draw;
pub mod clocks;
pub mod draw;
pub mod edition;
pub mod illegal;
pub mod left;
pub mod placement;
pub mod position;
pub mod record;
pub mod server;
pub mod setup;
pub mod time;
pub mod unplayed;
pub mod verdict;

use board::BoardFinding;
use both_flags::BothFlagsFinding;
use claimed_draw::ClaimedDrawFinding;
use clocks::ClockFinding;
use draw::DrawFinding;
use illegal::IllegalFinding;
use left::LeftFinding;
use placement::PlacementFinding;
use position::PositionFinding;
use record::RecordFinding;
use server::ServerFinding;
use setup::SetupFinding;
use time::TimeFinding;
use unplayed::UnplayedFinding;
use verdict::{Unjudged, VerdictFinding};

/// The `Finding` enum, a `From` for each kind and its `Display`, which
/// hands each kind to its own words in `laws/phrase/`. Each kind is boxed:
/// a finding is made once per game or incident, and the kinds differ
/// widely in size.
macro_rules! findings {
    ($($(#[$doc:meta])* $variant:ident($kind:ty)),* $(,)?) => {
        /// One thing a clause found.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Finding {
            $($(#[$doc])* $variant(Box<$kind>)),*
        }

        $(impl From<$kind> for Finding {
            fn from(found: $kind) -> Finding {
                Finding::$variant(Box::new(found))
            }
        })*

        impl fmt::Display for Finding {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Finding::$variant(found) => fmt::Display::fmt(found, f)),*
                }
            }
        }
    };
}

findings! {
    /// An offence, and what the opponent's chances make of it.
    Outcome(Outcome),
    /// An offence, and what the opponent's mating material makes of it.
    MaterialOutcome(MaterialOutcome),
    Illegal(IllegalFinding),
    Left(LeftFinding),
    Server(ServerFinding),
    Time(TimeFinding),
    BothFlags(BothFlagsFinding),
    Draw(DrawFinding),
    ClaimedDraw(ClaimedDrawFinding),
    Position(PositionFinding),
    Board(BoardFinding),
    Clock(ClockFinding),
    Setup(SetupFinding),
    Record(RecordFinding),
    Unplayed(UnplayedFinding),
    Placement(PlacementFinding),
    Verdict(VerdictFinding),
    /// A record that could not be judged: an `error` verdict.
    Unjudged(Unjudged),
    /// A claim in the record or an events file that cannot be read.
    UnreadClaim(ClaimError),
}

/// An offence (`lead`) and what follows from whether the opponent can
/// still checkmate: the offender loses, or (`drawn`) the game is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub lead: Box<Finding>,
    pub mate: CanMate,
    pub drawn: bool,
    pub offender: Color,
}

/// US Chess blitz: whether `side` has the mating material a win needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialAnswer {
    pub side: Color,
    pub has: MaterialHas,
    pub rules: crate::laws::edition::MatingMaterial,
}

/// What a side's mating material comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaterialHas {
    /// Mating material: he wins.
    Enough,
    /// A lone king, or a king and one minor piece: drawn.
    TooLittle,
    /// Mating material, but no series of legal moves mates: drawn.
    CannotMate,
    /// The solver could not say whether he can still checkmate.
    Undecided,
}

/// An offence (`lead`, `offender`'s) and whether the opponent has mating
/// material (US Chess blitz): the offender loses, or the game is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct MaterialOutcome {
    pub lead: Box<Finding>,
    pub answer: MaterialAnswer,
    pub offender: Color,
}

impl Finding {
    /// Hands `visit` each "can this side still checkmate?" answer the
    /// finding quotes, in the order its words give them, until `visit`
    /// says it is done.
    fn answers_mut(&mut self, visit: &mut dyn FnMut(&mut CanMate) -> bool) -> bool {
        use draw::{CannotWin, DrawFinding as D};
        use record::RecordFinding as R;
        use verdict::VerdictFinding as V;
        match self {
            Finding::Outcome(o) => o.lead.answers_mut(visit) || visit(&mut o.mate),
            Finding::MaterialOutcome(o) => o.lead.answers_mut(visit),
            Finding::Left(left) => match &mut **left {
                LeftFinding::ResignedDrawn { mate, .. }
                | LeftFinding::ResignedUndecided { mate, .. }
                | LeftFinding::Left { mate, .. } => visit(mate),
            },
            Finding::Server(server) => match &mut **server {
                ServerFinding::NotInTheLaws { mate, .. } => visit(mate),
                _ => false,
            },
            Finding::Time(time) => match &mut **time {
                TimeFinding::FlagFall { then, .. } => match &mut **then {
                    time::AfterFlag::Wins { mate, .. } => visit(mate),
                    _ => false,
                },
                _ => false,
            },
            Finding::Draw(draw) => match &mut **draw {
                D::Drawn {
                    why: CannotWin::CannotMate(mate),
                    ..
                } => visit(mate),
                D::ArbitersJudgement(judgement)
                | D::Postponed { judgement, .. }
                | D::DecisionStands { judgement, .. } => visit(&mut judgement.mate),
                _ => false,
            },
            Finding::Record(record) => match &mut **record {
                R::Unread { reading, .. } | R::ContradictsItself { reading, .. } => {
                    reading.answers_mut(visit)
                }
                _ => false,
            },
            Finding::Verdict(found) => match &mut **found {
                V::AfterAPass { reading, .. } | V::NotRapid { reading, .. } => {
                    reading.answers_mut(visit)
                }
                V::WhatBears { named, .. } => named.iter_mut().any(|b| b.detail.answers_mut(visit)),
                _ => false,
            },
            _ => false,
        }
    }
}

/// Why a verdict is what it is: what decided it, then what else bears on
/// it, in the order a reader takes them.
///
/// ```
/// use pgn_arbiter::laws::finding::board::{BoardFinding, Where};
/// use pgn_arbiter::laws::finding::{Finding, Reason};
/// use shakmaty::Color;
///
/// let mate = BoardFinding::Checkmated {
///     side: Color::Black,
///     at: Where::After("23. Qh7#".into()),
/// };
/// let reason = Reason::from(mate);
/// assert!(matches!(&reason.parts()[0], Finding::Board(found)
///     if matches!(**found, BoardFinding::Checkmated { side: Color::Black, .. })));
/// assert_eq!(reason.to_string(), "Black is checkmated after 23. Qh7#");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Reason {
    parts: Vec<Finding>,
}

impl Reason {
    /// The findings, first the one that decided.
    pub fn parts(&self) -> &[Finding] {
        &self.parts
    }

    /// The reason with `more` said after it.
    pub(crate) fn and(&mut self, more: impl Into<Finding>) {
        self.parts.push(more.into());
    }

    /// The reason quoting `line`'s short line where it quoted the solver's
    /// own; `None` when it does not quote `line` or no shorter one was
    /// found. (A reason is made while the clauses decide, before the
    /// game's status is settled; which line it should show is known only
    /// then.)
    pub(crate) fn with_short_line(&self, line: &Helpmate) -> Option<Reason> {
        let short = line.short();
        if short.len() >= line.len() {
            return None;
        }
        let mut reason = self.clone();
        let mut swap = |answer: &mut CanMate| {
            let quoted = answer.line() == Some(line);
            if quoted {
                answer.mate = Mate::Possible(short.clone());
            }
            quoted
        };
        reason.answers_mut(&mut swap).then_some(reason)
    }

    fn answers_mut(&mut self, visit: &mut dyn FnMut(&mut CanMate) -> bool) -> bool {
        self.parts.iter_mut().any(|part| part.answers_mut(visit))
    }
}

impl<T: Into<Finding>> From<T> for Reason {
    fn from(first: T) -> Reason {
        Reason {
            parts: vec![first.into()],
        }
    }
}

/// The findings joined as one sentence's clauses.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

/// "Can this side still checkmate?", answered, as a reason quotes it.
#[derive(Debug, Clone, PartialEq)]
pub struct CanMate {
    pub side: Color,
    pub mate: Mate,
    pub judged: Judged,
}

impl CanMate {
    /// The helpmate line the answer shows, if it is one.
    pub fn line(&self) -> Option<&Helpmate> {
        match &self.mate {
            Mate::Possible(line) => Some(line),
            _ => None,
        }
    }
}

/// Which position a "can this side still checkmate?" answer judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// The one asked about.
    AsAsked,
    /// The starting position, the last legal one.
    AtStart,
    /// The last legal position, after the move quoted (`23. Nf3`).
    After(String),
    /// None: the game holds no legal position to judge.
    NoLegalPosition,
}

/// Each side's clock once some plies were played, `None` where the record
/// has no reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClocksAt {
    pub white: Option<Clock>,
    pub black: Option<Clock>,
}

impl ClocksAt {
    pub(super) fn of(game: &Game<'_>, ply: usize) -> ClocksAt {
        ClocksAt {
            white: game.clock_after(Color::White, ply),
            black: game.clock_after(Color::Black, ply),
        }
    }
}

/// Each side's last clock reading up to a ply and where it was written;
/// `None` when neither side has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastReadings(pub Option<[LastReading; 2]>);

/// One side's last clock reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LastReading {
    NotRecorded,
    /// The reading and the move it was written after (`41. Kg2`).
    After(Clock, String),
    /// A reading the record gives at its end, after no move.
    AtEnd(Clock),
}

impl LastReadings {
    pub(super) fn of(game: &Game<'_>, ply: usize) -> LastReadings {
        let unknown = |side| game.clock_after(side, ply).is_none();
        if unknown(Color::White) && unknown(Color::Black) {
            return LastReadings(None);
        }
        let reading = |side| {
            let at = game.clock_ply(side, ply.min(game.plies()));
            match (game.clock_after(side, ply), at) {
                (None, _) => LastReading::NotRecorded,
                (Some(c), Some(k)) if game.record.moves[k - 1].clock == Some(c) => {
                    LastReading::After(c, game.move_text(k))
                }
                (Some(c), _) => LastReading::AtEnd(c),
            }
        };
        LastReadings(Some([reading(Color::White), reading(Color::Black)]))
    }

    /// Whether the record has a reading for either side.
    pub fn any(&self) -> bool {
        self.0.is_some()
    }
}
