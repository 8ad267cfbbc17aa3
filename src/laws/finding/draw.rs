//! What came of a draw claim in the quickplay finish (10.2; III.4 and
//! III.5 of later editions).

use shakmaty::Color;

use super::{CanMate, ClocksAt};
use crate::laws::edition::NoQuickplay;
use crate::model::clock::Clock;
use crate::model::time_control::Category;

#[derive(Debug, Clone, PartialEq)]
pub enum DrawFinding {
    /// A claim the rules do not admit.
    Inadmissible(Inadmissible),
    /// A recorded draw that only the inadmissible claim explains.
    RestingOnInadmissible(Inadmissible),
    /// The claim succeeds: the opponent cannot win by normal means
    /// (`decided`, the clause that declares it drawn).
    Drawn {
        claim: DrawClaim,
        why: CannotWin,
        decided: &'static str,
    },
    /// The claim is the arbiter's to judge.
    ArbitersJudgement(Judgement),
    /// The claim was the arbiter's to judge and play went on: the final
    /// decision (`later`'s) is not in the record.
    Postponed {
        judgement: Judgement,
        later: &'static str,
    },
    /// The claim was postponed and play went on; the record's result is
    /// one the arbiter could give on it (`later`'s), with nothing in the
    /// record against it: it stands as his decision.
    DecisionStands {
        judgement: Judgement,
        later: &'static str,
    },
    /// The opponent's clock after the claim (`before` to `after`) shows no
    /// sign of the two extra minutes the `clauses` give.
    NoExtraTime {
        opponent: Color,
        before: Clock,
        after: Clock,
        clauses: [&'static str; 2],
    },
}

/// A claim: who, with what left (`None`: not recorded), after which move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawClaim {
    pub claimant: Color,
    pub clock: Option<Clock>,
    pub move_text: String,
    pub clause: &'static str,
    pub clocks: ClocksAt,
}

/// Why the opponent cannot win by normal means.
#[derive(Debug, Clone, PartialEq)]
pub enum CannotWin {
    /// He cannot checkmate at all.
    CannotMate(CanMate),
    /// The endgame tablebases show he cannot force a win.
    Tablebases(Color),
}

/// A claim left to the arbiter, with what the opponent (`mate.side`) can
/// still do; `decided`, the clause the arbiter decides by.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    pub claim: DrawClaim,
    pub mate: CanMate,
    pub decided: &'static str,
}

/// Why a draw claim is not admissible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inadmissible {
    /// The edition (`title`) has no such claim here (`clause`, its first
    /// quickplay clause).
    NotAllowed {
        claimant: Color,
        why: NoQuickplay,
        category: Category,
        title: &'static str,
        clause: &'static str,
    },
    /// A claim made on the opponent's move.
    NotHisMove {
        claimant: Color,
        clause: &'static str,
    },
    /// A claim made with `limit` or more (`left`).
    TooMuchTime {
        claimant: Color,
        left: Clock,
        limit: Clock,
        clause: &'static str,
    },
}
