//! The words of an illegal move (15.4.2; A.4.2 and 7.5 of later
//! editions): what was illegal, who claimed it, what it cost.

use std::fmt;

use super::side_name;
use crate::board::moves::{Offence, role_name};
use crate::laws::edition::Penalty;
use crate::laws::finding::illegal::{
    ClaimHow, ClaimedLead, Claimer, IllegalFinding, NoEnding, Penalised, Why,
};

/// What a move the replay found against the rules did.
impl fmt::Display for Offence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fixed = match *self {
            Offence::CapturesKing => "captures the king",
            Offence::Unpromoted => "a pawn reaches the last rank without being promoted",
            Offence::ImpossiblePromotion => "an impossible promotion",
            Offence::KingIntoCheck => "moves the king into check",
            Offence::LeavesInCheck => "leaves its own king in check",
            Offence::ExposesKing => "exposes its own king to check",
            Offence::CastlingRightsGone => "castles after the king or that rook has moved",
            Offence::CastlesOutOfCheck => "castles out of check",
            Offence::CastlesThroughAttack => "castles through an attacked square",
            Offence::CastlesIntoCheck => "castles into check",
            Offence::Drop => "a piece drop",
            Offence::NotLegalHere => "it is not a legal move in this position",
            Offence::CannotMove { role, from, to } => {
                let piece = role_name(role);
                return write!(f, "a {piece} cannot move from {from} to {to}");
            }
            Offence::SetUpKing { king } => {
                return write!(
                    f,
                    "castling after a wrong set-up: the king started on {king}, not on the e-file"
                );
            }
            Offence::SetUpRook { rook } => {
                return write!(
                    f,
                    "castling after a wrong set-up: the rook started on {rook}, not in the corner"
                );
            }
        };
        f.write_str(fixed)
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Offence(offence) => write!(f, "{offence}"),
            Why::SetUp(offence, clause) => write!(f, "{offence} ({clause})"),
            Why::NullMove => {
                f.write_str("the clock was pressed without a move (a null move in the record)")
            }
            Why::Unnamed => f.write_str("illegal"),
        }
    }
}

impl fmt::Display for Claimer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claimer::Player(side) => f.write_str(side_name(*side)),
            Claimer::Arbiter => f.write_str("the arbiter"),
        }
    }
}

/// How the illegal move came to be claimed.
impl fmt::Display for ClaimHow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.who;
        match (self.inferred, who) {
            (true, _) => write!(
                f,
                "{who} claimed it before moving (the claim is read from the result)"
            ),
            (false, Claimer::Arbiter) => f.write_str("the arbiter declared it"),
            (false, _) => write!(f, "{who} claimed it before moving"),
        }
    }
}

/// "the position before it is restored and Black gets 2 minutes (A.4.2;
/// illegal move 1 of White's)".
impl fmt::Display for Penalised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Penalised {
            mover,
            penalty,
            clause,
            n,
        } = *self;
        write!(
            f,
            "the position before it is restored and {} gets {} extra {} ({clause}; illegal move \
             {n} of {}'s",
            side_name(!mover),
            penalty.minutes,
            minute_word(penalty),
            side_name(mover),
        )?;
        match penalty.loses_at {
            Penalty::NEVER => f.write_str(")"),
            at => write!(f, "; the {} loses)", ordinal(at)),
        }
    }
}

fn minute_word(penalty: Penalty) -> &'static str {
    if penalty.minutes == 1 {
        "minute"
    } else {
        "minutes"
    }
}

/// "first", "second", "third".
fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "next",
    }
}

impl fmt::Display for IllegalFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalFinding::CastlingStands { title, clause } => write!(
                f,
                "castling after a wrong set-up; {title} forbid it only with a king and queen set \
                 up the wrong way round ({clause}), so this castling stands"
            ),
            IllegalFinding::Unclaimed { why, clause } => write!(
                f,
                "{why}; not claimed: the move stands and the game goes on ({clause})"
            ),
            IllegalFinding::Claimed {
                why,
                penalty: Some(p),
                ..
            } => write!(f, "{why}; claimed: {p}"),
            IllegalFinding::Claimed { why, clause, .. } => {
                write!(f, "{why}; claimed before the claimant moved ({clause})")
            }
            IllegalFinding::LateClaim { who, clause } => write!(
                f,
                "{who} claimed an illegal move after making his own move; once the claimant has \
                 moved the claim is rejected ({clause})"
            ),
            IllegalFinding::LegalAfterAll { who, move_text } => {
                write!(f, "{who} claimed {move_text} was illegal, but it is legal")
            }
            IllegalFinding::WithPenalty { why, penalised } => write!(f, "{why}; {penalised}"),
            IllegalFinding::Nth { why, n, mover } => write!(
                f,
                "{why}; the {} illegal move of {}",
                ordinal(*n),
                side_name(*mover)
            ),
            IllegalFinding::NoEnding(no_ending) => write!(f, "{no_ending}"),
            IllegalFinding::ClaimedLead(lead) => write!(f, "{lead}"),
            IllegalFinding::NthLead {
                move_text,
                n,
                mover,
                why,
                clocks,
                clause,
            } => write!(
                f,
                "{move_text} was the {} illegal move of {} ({why}; {clocks}); the ordinary Laws \
                 apply ({clause})",
                ordinal(*n),
                side_name(*mover)
            ),
        }
    }
}

/// What the penalty rule says of a record that ends at a first claimed
/// illegal move with a win for the claimant.
impl fmt::Display for NoEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NoEnding {
            move_text,
            recorded,
            mover,
            title,
            penalty,
            clause,
            clocks,
        } = self;
        write!(
            f,
            "the record ends at {move_text}, an illegal move, with {recorded}, as if {}'s claim had \
         won; but under {title} a claimed illegal move is taken back and costs {} {} — {} \
         ({clause}; {clocks}) — so the game should have gone on and the recorded result cannot \
         stand without the arbiter's report",
            side_name(!*mover),
            penalty.minutes,
            minute_word(*penalty),
            match penalty.loses_at {
                Penalty::NEVER => "none loses".to_string(),
                at => format!("only the {} loses", ordinal(at)),
            },
        )
    }
}

/// The opening of the verdict on a claimed illegal move.
impl fmt::Display for ClaimedLead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lead = self;
        write!(f, "{} was illegal ({})", lead.move_text, lead.why)?;
        if let Some((n, mover)) = lead.loses_at {
            write!(
                f,
                ", the {} claimed one of {}",
                ordinal(n),
                side_name(mover)
            )?;
        }
        write!(f, "; {} ({}; {})", lead.how, lead.clause, lead.clocks)
    }
}
