//! The order in which the short helpmate search tries a position's moves.
//!
//! The search stops at the first mate of the length it is asked for, so the
//! order decides how soon it stops. In a full board a short mate is found
//! quickly when the side that mates tries checks, promotions and moves
//! toward the other king first, and the side mated walks its king toward
//! the mating pieces and crowds its own king's squares; shakmaty's order
//! (by piece, then square) found a 4-ply line only after tens of thousands
//! of positions.

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Board, Chess, Color, Move, MoveList, Position, Role, Square};

use super::Checks;

/// `moves` of `pos`, the most promising for a mate of `loser` first.
pub(super) fn by_promise(pos: &Chess, loser: Color, moves: &mut MoveList) {
    let board = pos.board();
    let (Some(loser_king), Some(winner_king)) = (board.king_of(loser), board.king_of(!loser))
    else {
        return;
    };
    if pos.turn() == loser {
        let toward = mating_force(board, !loser).unwrap_or(winner_king);
        let shelter = king_attacks(loser_king);
        moves.sort_by_key(|&m| -loser_score(m, toward, shelter));
    } else {
        let checks = Checks::new(pos);
        moves.sort_by_key(|&m| -winner_score(m, loser_king, checks.as_ref()));
    }
}

/// The square the mated side's king should walk to: its opponent's
/// strongest piece but the king.
fn mating_force(board: &Board, winner: Color) -> Option<Square> {
    [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .into_iter()
    .find_map(|role| (board.by_role(role) & board.by_color(winner)).first())
}

/// The mating side: checks, then promotions, then approach to the king.
fn winner_score(m: Move, king: Square, checks: Option<&Checks>) -> i32 {
    let mut score = approach(m, king);
    if checks.is_some_and(|c| c.may_give(m)) {
        score += 64;
    }
    match m.promotion() {
        Some(Role::Queen) => score += 48,
        Some(_) => score -= 8,
        None => {}
    }
    score
}

/// The mated side: its king toward the mating force, its other pieces
/// onto its king's squares, and no captures of the mating material.
fn loser_score(m: Move, toward: Square, shelter: Bitboard) -> i32 {
    if m.role() == Role::King {
        return approach(m, toward) + 2;
    }
    let mut score = 0;
    if shelter.contains(m.to()) {
        score += 6;
    }
    if m.from().is_some_and(|f| shelter.contains(f)) {
        score -= 2;
    }
    if m.is_capture() {
        score -= 8;
    }
    score
}

/// How much closer the moved piece comes to `target`, in king steps, times
/// four.
fn approach(m: Move, target: Square) -> i32 {
    let from = m.from().map_or(0, |f| f.distance(target));
    4 * (from as i32 - m.to().distance(target) as i32)
}
