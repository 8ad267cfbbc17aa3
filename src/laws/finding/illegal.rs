//! What the illegal-move clause found (15.4.2; A.4.2 and 7.5 of later
//! editions): what was illegal, who claimed it, what it cost.

use shakmaty::Color;

use super::ClocksAt;
use crate::board::moves::Offence;
use crate::laws::edition::Penalty;
use crate::model::outcome::GameResult;

/// Why a move is illegal under the edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// What the replay found against the rules.
    Offence(Offence),
    /// Castling that a wrong set-up forbids, with the edition's clause.
    SetUp(Offence, &'static str),
    /// A clock pressed without a move, illegal from 2018.
    NullMove,
    /// A move the record shows illegal, the offence not named.
    Unnamed,
}

/// Who claimed an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claimer {
    Player(Color),
    Arbiter,
}

/// How an illegal move came to be claimed: by whom, and whether the claim
/// is read from the result alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimHow {
    pub who: Claimer,
    pub inferred: bool,
}

/// A claimed illegal move taken back and penalised: the `n`-th of the
/// mover's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Penalised {
    pub mover: Color,
    pub penalty: Penalty,
    pub clause: &'static str,
    pub n: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalFinding {
    /// Castling after a wrong set-up that the edition (`title`) allows.
    CastlingStands {
        title: &'static str,
        clause: &'static str,
    },
    /// An illegal move nobody claimed: it stands.
    Unclaimed { why: Why, clause: &'static str },
    /// A claimed illegal move, and its penalty when it does not lose.
    Claimed {
        why: Why,
        penalty: Option<Penalised>,
        clause: &'static str,
    },
    /// A claim made after the claimant's own move.
    LateClaim { who: Claimer, clause: &'static str },
    /// A claim against a legal move (`move_text`).
    LegalAfterAll { who: Claimer, move_text: String },
    /// Under the ordinary Laws, an illegal move taken back and penalised.
    WithPenalty { why: Why, penalised: Penalised },
    /// The illegal move that loses under the ordinary Laws.
    Nth { why: Why, n: u8, mover: Color },
    /// A record ending at a first claimed illegal move with a win for the
    /// claimant, where the edition (`title`) penalises it instead.
    NoEnding(NoEnding),
    /// What a claimed illegal move was, leading the verdict; `loses_at`,
    /// under a penalty rule, the claimed illegal move that loses.
    ClaimedLead(ClaimedLead),
    /// The illegal move that loses under the ordinary Laws, leading the
    /// verdict.
    NthLead {
        move_text: String,
        n: u8,
        mover: Color,
        why: Why,
        clocks: ClocksAt,
        clause: &'static str,
    },
}

/// A record ending at a first claimed illegal move with a win for the
/// claimant, where the edition (`title`) takes the move back instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoEnding {
    pub move_text: String,
    pub recorded: GameResult,
    pub mover: Color,
    pub title: &'static str,
    pub penalty: Penalty,
    pub clause: &'static str,
    pub clocks: ClocksAt,
}

/// What a claimed illegal move was, leading the verdict; `loses_at`, under
/// a penalty rule, the claimed illegal move that loses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedLead {
    pub move_text: String,
    pub why: Why,
    pub loses_at: Option<(u8, Color)>,
    pub how: ClaimHow,
    pub clause: &'static str,
    pub clocks: ClocksAt,
}
