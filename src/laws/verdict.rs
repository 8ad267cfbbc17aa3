//! The audit's decision on one game: the correct result, the clause, and
//! the reason as the clauses found it.

use crate::laws::finding::Reason;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};

/// The audit's decision on one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub status: Status,
    /// `None` only for [`Status::Error`].
    pub correct: Option<GameResult>,
    pub clause: Option<Clause>,
    /// The clause number the verdict cites, in the edition that judged it
    /// (empty until [`crate::laws::judge`] sets it, and for errors).
    pub rule: &'static str,
    /// Ply of the deciding event (0 = the initial position).
    pub decided_at_ply: Option<usize>,
    /// The evidence, as findings; its `Display` is one plain sentence.
    pub reason: Reason,
}

impl Verdict {
    /// A decision; the status follows from comparing with `recorded`, unless
    /// the caller asks for review.
    pub fn decide(
        recorded: GameResult,
        correct: GameResult,
        clause: Clause,
        ply: usize,
        reason: impl Into<Reason>,
    ) -> Verdict {
        let status = if recorded == correct {
            Status::Confirmed
        } else {
            Status::Corrected
        };
        Verdict {
            status,
            correct: Some(correct),
            clause: Some(clause),
            rule: clause.as_str(),
            decided_at_ply: Some(ply),
            reason: reason.into(),
        }
    }

    /// A game that could not be audited.
    pub fn error(reason: impl Into<Reason>) -> Verdict {
        Verdict {
            status: Status::Error,
            correct: None,
            clause: None,
            rule: "",
            decided_at_ply: None,
            reason: reason.into(),
        }
    }

    /// Marks the decision as one a human must confirm.
    pub fn for_review(mut self) -> Verdict {
        self.status = Status::Review;
        self
    }
}
