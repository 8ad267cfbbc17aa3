//! The board: a record replayed move by move, illegal moves and the
//! positions they leave included; the notations moves are written in; the
//! positions the rules allow and those they do not; "can this side still
//! checkmate?" (the helpmate question) and endgame tablebases.

pub mod forced_mate;
pub mod helpmate;
pub(crate) mod moves;
pub mod no_move;
pub mod notation;
pub(crate) mod permissive;
pub mod replay;
pub(crate) mod short_mate;
pub mod tablebase;

/// Why a move is illegal, as [`replay::Step::illegal`] holds it.
pub use moves::Offence;
