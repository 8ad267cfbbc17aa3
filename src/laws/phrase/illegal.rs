//! The sentences of an illegal move (15.4.2; A.4.2 and 7.5 of later
//! editions): what was illegal, who claimed it, what it cost.

use std::borrow::Cow;

use shakmaty::Color;

use super::side_name;
use crate::board::moves::{Offence, role_name};
use crate::laws::edition::Penalty;
use crate::model::outcome::GameResult;

/// What a move the replay found against the rules did.
pub(in crate::laws) fn offence(offence: Offence) -> Cow<'static, str> {
    let fixed = match offence {
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
            return Cow::Owned(format!("a {piece} cannot move from {from} to {to}"));
        }
        Offence::SetUpKing { king } => {
            return Cow::Owned(format!(
                "castling after a wrong set-up: the king started on {king}, not on the e-file"
            ));
        }
        Offence::SetUpRook { rook } => {
            return Cow::Owned(format!(
                "castling after a wrong set-up: the rook started on {rook}, not in the corner"
            ));
        }
    };
    Cow::Borrowed(fixed)
}

/// A clock pressed without a move, illegal from 2018.
pub(in crate::laws) const NULL_MOVE: &str =
    "the clock was pressed without a move (a null move in the record)";

/// Who claims an illegal move when no player did.
pub(in crate::laws) const THE_ARBITER: &str = "the arbiter";

/// An illegal move (`why`) and its penalty (`note`).
pub(in crate::laws) fn with_penalty(why: &str, note: &str) -> String {
    format!("{why}; {note}")
}

/// Castling a wrong set-up forbids, with the edition's clause.
pub(in crate::laws) fn setup_offence(why: &str, clause: &str) -> String {
    format!("{why} ({clause})")
}

/// Castling after a wrong set-up that the edition allows.
pub(in crate::laws) fn castling_stands(title: &str, clause: &str) -> String {
    format!(
        "castling after a wrong set-up; {title} forbid it only with a king and queen set up the \
         wrong way round ({clause}), so this castling stands"
    )
}

/// An illegal move nobody claimed.
pub(in crate::laws) fn unclaimed(why: &str, clause: &str) -> String {
    format!("{why}; not claimed: the move stands and the game goes on ({clause})")
}

/// A claimed illegal move and its fate (`penalty`, the time it cost, when
/// it does not lose).
pub(in crate::laws) fn claimed(why: &str, penalty: Option<String>, clause: &str) -> String {
    match penalty {
        Some(p) => format!("{why}; claimed: {p}"),
        None => format!("{why}; claimed before the claimant moved ({clause})"),
    }
}

/// A claim made after the claimant's own move.
pub(in crate::laws) fn late_claim(who: &str, clause: &str) -> String {
    format!(
        "{who} claimed an illegal move after making his own move; once the claimant has moved \
         the claim is rejected ({clause})"
    )
}

/// A claim against a legal move.
pub(in crate::laws) fn legal_after_all(who: &str, move_text: &str) -> String {
    format!("{who} claimed {move_text} was illegal, but it is legal")
}

/// "the position before it is restored and Black gets 2 minutes (A.4.2;
/// illegal move 1 of White's)".
pub(in crate::laws) fn penalised(mover: Color, penalty: Penalty, clause: &str, n: u8) -> String {
    format!(
        "the position before it is restored and {} gets {} extra {} ({clause}; illegal move {n} \
         of {}'s; the {} loses)",
        side_name(!mover),
        penalty.minutes,
        minute_word(penalty),
        side_name(mover),
        ordinal(penalty.loses_at)
    )
}

fn minute_word(penalty: Penalty) -> &'static str {
    if penalty.minutes == 1 {
        "minute"
    } else {
        "minutes"
    }
}

/// "first", "second", "third".
pub(in crate::laws) fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "next",
    }
}

/// What the penalty rule says of a record that ends at a first claimed
/// illegal move with a win for the claimant.
pub(in crate::laws) struct NoEnding<'a> {
    pub move_text: &'a str,
    pub recorded: GameResult,
    pub mover: Color,
    pub title: &'a str,
    pub penalty: Penalty,
    pub clause: &'a str,
    pub clocks: &'a str,
}

impl NoEnding<'_> {
    pub(in crate::laws) fn sentence(&self) -> String {
        format!(
            "the record ends at {}, an illegal move, with {}, as if {}'s claim had won; but \
             under {} a claimed illegal move is taken back and costs {} {} — only the {} loses \
             ({}; {}) — so the game should have gone on and the recorded result cannot stand \
             without the arbiter's report",
            self.move_text,
            self.recorded,
            side_name(!self.mover),
            self.title,
            self.penalty.minutes,
            minute_word(self.penalty),
            ordinal(self.penalty.loses_at),
            self.clause,
            self.clocks
        )
    }
}

/// How the illegal move came to be claimed.
pub(in crate::laws) fn claim_how(who: &str, inferred: bool) -> String {
    if inferred {
        format!("{who} claimed it before moving (the claim is read from the result)")
    } else if who == "the arbiter" {
        "the arbiter declared it".to_string()
    } else {
        format!("{who} claimed it before moving")
    }
}

/// The opening of the verdict on a claimed illegal move; `loses_at`, under
/// a penalty rule, the claimed illegal move that loses.
pub(in crate::laws) fn claimed_lead(
    move_text: &str,
    offence: &str,
    loses_at: Option<(u8, Color)>,
    how: &str,
    clause: &str,
    clocks: &str,
) -> String {
    let count = loses_at.map_or(String::new(), |(n, mover)| {
        format!(", the {} claimed one of {}", ordinal(n), side_name(mover))
    });
    format!("{move_text} was illegal ({offence}){count}; {how} ({clause}; {clocks})")
}

/// The incident of the illegal move that loses under the ordinary Laws.
pub(in crate::laws) fn nth_illegal(why: &str, n: u8, mover: Color) -> String {
    format!(
        "{why}; the {} illegal move of {}",
        ordinal(n),
        side_name(mover)
    )
}

/// The opening of the verdict on it.
pub(in crate::laws) fn nth_lead(
    move_text: &str,
    n: u8,
    mover: Color,
    why: &str,
    clocks: &str,
    clause: &str,
) -> String {
    format!(
        "{move_text} was the {} illegal move of {} ({why}; {clocks}); the ordinary Laws apply \
         ({clause})",
        ordinal(n),
        side_name(mover)
    )
}
