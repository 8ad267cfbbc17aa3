//! US Chess blitz: a win on time, or on a claimed illegal move, needs
//! mating material, at least a pawn, a rook, a queen or two minor pieces
//! (the blitz chapter's 7c); a side without it only draws (8d), whatever
//! it could force, where 14E would look for a forced win. A position in
//! which the winner cannot checkmate by any series of legal moves is no
//! win either (7c leaves out the draws of its section 8).

use shakmaty::{Chess, Color, Position, Role};

use super::edition::MatingMaterial;
use super::finding::time::{AfterFlag, FlagFallLead, TimeFinding};
use super::finding::{Finding, MaterialAnswer, MaterialHas, MaterialOutcome};
use super::verdict::Verdict;
use super::{Decision, Game};
use crate::board::helpmate::Mate;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

/// Whether `side` has mating material in the position after `ply` plies.
pub(super) fn answer(
    game: &Game<'_>,
    ply: usize,
    side: Color,
    rules: MatingMaterial,
) -> MaterialAnswer {
    let has = match game.legal_position(ply) {
        None => MaterialHas::Undecided,
        Some((pos, _)) if !has_mating_material(&pos, side) => MaterialHas::TooLittle,
        Some(_) => match game.can_mate(ply, side).mate {
            Mate::Impossible => MaterialHas::CannotMate,
            Mate::Undecided => MaterialHas::Undecided,
            Mate::Possible(_) | Mate::NotShownImpossible => MaterialHas::Enough,
        },
    };
    MaterialAnswer { side, has, rules }
}

/// The result the answer gives a game the answered side would win, and
/// whether a person must look.
pub(super) fn result(answer: &MaterialAnswer, recorded: GameResult) -> (GameResult, bool) {
    match answer.has {
        MaterialHas::Enough => (GameResult::Win(answer.side), false),
        MaterialHas::TooLittle | MaterialHas::CannotMate => (GameResult::Draw, false),
        MaterialHas::Undecided => (recorded, true),
    }
}

/// `offender`'s offence (`lead`) loses if the opponent has mating material
/// after `ply` plies, else the game is drawn.
pub(super) fn decide(
    game: &Game<'_>,
    rules: MatingMaterial,
    recorded: GameResult,
    ply: usize,
    offender: Color,
    (clause, lead): (Clause, impl Into<Finding>),
) -> Decision {
    let answer = answer(game, ply, !offender, rules);
    let (correct, review) = result(&answer, recorded);
    let clause = match answer.has {
        MaterialHas::Enough | MaterialHas::Undecided => clause,
        MaterialHas::TooLittle => Clause::InsufficientMaterial,
        MaterialHas::CannotMate => Clause::DeadPosition,
    };
    let reason = MaterialOutcome {
        lead: Box::new(lead.into()),
        answer,
        offender,
    };
    let verdict = Verdict::decide(recorded, correct, clause, ply, reason);
    Decision::new(
        ply,
        0,
        if review {
            verdict.for_review()
        } else {
            verdict
        },
    )
}

/// The flag loses if the claimant has mating material; else the game is
/// drawn.
pub(super) fn flag_fall(
    game: &Game<'_>,
    rules: MatingMaterial,
    recorded: GameResult,
    ply: usize,
    lead: FlagFallLead,
) -> Verdict {
    let answer = answer(game, ply, !lead.flagged, rules);
    let (correct, review) = result(&answer, recorded);
    let clause = match correct {
        GameResult::Draw => Clause::InsufficientMaterial,
        _ => Clause::TimeClaim,
    };
    let reason = TimeFinding::FlagFall {
        lead,
        then: Box::new(AfterFlag::Material(answer)),
    };
    let verdict = Verdict::decide(recorded, correct, clause, ply, reason);
    if review {
        verdict.for_review()
    } else {
        verdict
    }
}

/// 7c: a pawn, a rook, a queen, or two minor pieces.
fn has_mating_material(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    let own = board.by_color(side);
    let count = |role| (own & board.by_role(role)).count();
    let majors = count(Role::Pawn) + count(Role::Rook) + count(Role::Queen);
    majors > 0 || count(Role::Bishop) + count(Role::Knight) >= 2
}
