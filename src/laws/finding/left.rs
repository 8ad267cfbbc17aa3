//! What was found of a game the record says a player resigned or left
//! (5.1.2 of 2023; abandonment on a server).

use shakmaty::Color;

use super::CanMate;
use crate::read::ending::Quote;

#[derive(Debug, Clone, PartialEq)]
pub enum LeftFinding {
    /// Read as a resignation, and the winner (`mate.side`) cannot
    /// checkmate: drawn by `clause`.
    ResignedDrawn { mate: CanMate, clause: &'static str },
    /// Read as a resignation, and the solver could not say whether the
    /// winner can checkmate.
    ResignedUndecided { mate: CanMate, clause: &'static str },
    /// The record (`says`, quoted) says `leaver` left; what the winner's
    /// chances make of it.
    Left {
        says: Quote,
        leaver: Color,
        mate: CanMate,
        then: AfterLeaving,
    },
}

/// What a game a player left comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterLeaving {
    /// The winner could still checkmate: the result stands.
    ResultStands,
    /// The winner cannot checkmate: a flag fall would draw by the time
    /// clause; the arbiter decides.
    WinnerCannotMate(&'static str),
    /// Nothing sure either way.
    CheckByHand,
}
