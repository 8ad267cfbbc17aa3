//! Why a move carried out on the board is against the rules: what breaks
//! (how the piece moves, a check, castling rights, a promotion), named as an
//! [`Offence`], which the laws word (`laws/phrase/illegal.rs`).

use shakmaty::{CastlingSide, Color, Move, Role, Setup, Square};

use super::building::leaves_in_check;
use super::geometry::{castling_king_path, reaches, standard_castling_origin};
use crate::board::permissive::in_check;

/// Why a move carried out on the board is against the rules: what the
/// replay found, as data (the laws word it, `laws/phrase/illegal.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offence {
    CapturesKing,
    /// The piece cannot move so.
    CannotMove {
        role: Role,
        from: Square,
        to: Square,
    },
    /// A pawn on the last rank, not promoted.
    Unpromoted,
    /// A promotion off the last rank, or to a king or a pawn.
    ImpossiblePromotion,
    /// The king moves into check.
    KingIntoCheck,
    /// A move that leaves its own king, in check, in check.
    LeavesInCheck,
    /// A move that exposes its own king to check.
    ExposesKing,
    /// Castling after the king or that rook moved.
    CastlingRightsGone,
    CastlesOutOfCheck,
    CastlesThroughAttack,
    CastlesIntoCheck,
    /// Castling with a king a wrong set-up put off the e-file.
    SetUpKing {
        king: Square,
    },
    /// Castling with a rook a wrong set-up put out of the corner.
    SetUpRook {
        rook: Square,
    },
    /// A drop, which chess has not.
    Drop,
    /// A move shakmaty refused in a legal position, for no reason the
    /// replay names.
    NotLegalHere,
}

impl Offence {
    /// Castling that a wrong set-up forbade: the king or the rook was not
    /// where castling starts from.
    pub fn is_set_up(self) -> bool {
        matches!(self, Offence::SetUpKing { .. } | Offence::SetUpRook { .. })
    }
}

/// Why a move that can be carried out is against the rules.
pub(super) fn why_illegal(setup: &Setup, m: Move, wrong_setup: bool) -> Option<Offence> {
    let checked = in_check(&setup.board, setup.turn);
    match m {
        Move::Castle { king, rook } => why_castling_illegal(setup, m, king, rook, wrong_setup),
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            if capture == Some(Role::King) {
                Some(Offence::CapturesKing)
            } else if !reaches(setup, role, setup.turn, from, to) {
                Some(Offence::CannotMove { role, from, to })
            } else {
                promotion_fault(setup.turn, role, to, promotion)
                    .or_else(|| check_reason(setup, m, role, checked))
            }
        }
        Move::EnPassant { .. } => check_reason(setup, m, Role::Pawn, checked),
        Move::Put { .. } => Some(Offence::Drop),
    }
}

/// What is wrong with a move's promotion, if anything.
fn promotion_fault(
    color: Color,
    role: Role,
    to: Square,
    promotion: Option<Role>,
) -> Option<Offence> {
    let last_rank = to.rank() == (!color).backrank();
    if role == Role::Pawn && last_rank && promotion.is_none() {
        return Some(Offence::Unpromoted);
    }
    let impossible = role == Role::Pawn && !last_rank && promotion.is_some()
        || matches!(promotion, Some(Role::King | Role::Pawn));
    impossible.then_some(Offence::ImpossiblePromotion)
}

/// Why castling is illegal, if it is: first, a wrong set-up that put the
/// king or the rook elsewhere.
fn why_castling_illegal(
    setup: &Setup,
    m: Move,
    king: Square,
    rook: Square,
    wrong_setup: bool,
) -> Option<Offence> {
    let color = setup.turn;
    if wrong_setup && !standard_castling_origin(color, king, rook) {
        let offence = if king.file() != shakmaty::File::E {
            Offence::SetUpKing { king }
        } else {
            Offence::SetUpRook { rook }
        };
        return Some(offence);
    }
    let attacked = |sq: Square| {
        setup
            .board
            .attacks_to(sq, !color, setup.board.occupied())
            .any()
    };
    let path = castling_king_path(color, king, rook);
    let landing = CastlingSide::from_king_side(rook > king).king_to(color);
    Some(if !setup.castling_rights.contains(rook) {
        Offence::CastlingRightsGone
    } else if in_check(&setup.board, color) {
        Offence::CastlesOutOfCheck
    } else if path.without(landing).into_iter().any(attacked) {
        Offence::CastlesThroughAttack
    } else if leaves_in_check(setup, m) {
        Offence::CastlesIntoCheck
    } else {
        return None;
    })
}

fn check_reason(setup: &Setup, m: Move, role: Role, checked: bool) -> Option<Offence> {
    if !leaves_in_check(setup, m) {
        return None;
    }
    Some(if role == Role::King {
        Offence::KingIntoCheck
    } else if checked {
        Offence::LeavesInCheck
    } else {
        Offence::ExposesKing
    })
}
