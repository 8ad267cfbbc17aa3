//! What was found of a record at odds with itself: its words against the
//! final position or its result, its Result tag against its movetext.

use shakmaty::Color;

use super::Reason;
use crate::model::outcome::GameResult;
use crate::read::ending::{Disagreement, Doubt, Quote};

#[derive(Debug, Clone, PartialEq)]
pub enum RecordFinding {
    /// The record's words (`says`, quoted) against the final position.
    AgainstTheBoard { says: Quote, shown: Shown },
    /// Something the record says against itself, told beside a verdict the
    /// board settled.
    AtOdds(AtOdds),
    /// Words about the ending the audit could not take, where the board
    /// settled the game whatever they say.
    UnreadNote(Doubt),
    /// Words the audit did not understand, beside a result the board does
    /// not settle: the recorded result kept until an arbiter reads them;
    /// `reading`, what the rest of the record reads.
    Unread {
        doubt: Doubt,
        recorded: GameResult,
        reading: Reason,
    },
    /// A record that contradicts itself (`why`): the recorded result kept
    /// until an arbiter decides; `reading`, what the rest of the record
    /// reads.
    ContradictsItself {
        why: AtOdds,
        recorded: GameResult,
        reading: Reason,
    },
}

/// What the final position shows that the record's words deny.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Checkmate, where the words tell another ending.
    Checkmate,
    /// No checkmate, where the words say checkmate.
    NoCheckmate,
    /// No stalemate, where the words say stalemate.
    NoStalemate,
}

/// How a record contradicts itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AtOdds {
    /// Its words (`says`, quoted) against its result; `named`, the player
    /// they name and whether as the winner.
    Words {
        says: Quote,
        disagreement: Disagreement,
        named: Option<(Color, bool)>,
        recorded: GameResult,
    },
    /// Its words call the game unplayed, yet it holds `plies` plies.
    PlayedAfterAll { says: Quote, plies: usize },
    /// The Result tag and the movetext's marker name different results.
    TwoResults { tag: String, marker: String },
    /// Two statements about the ending that disagree.
    Disagree(Doubt),
}
