//! The move a SAN token names, found the short way when only one piece can
//! make it.
//!
//! Why not shakmaty's `San::to_move` for every move: it builds the list of
//! legal candidates (a `MoveList` of up to 256 moves, returned by value)
//! for each token, and the replay spent more there than anywhere else.
//! Most recorded moves have a single piece of the named kind that reaches
//! the square; that piece's move is legal when its king is not attacked
//! once it moved (the definition of a legal move other than castling and
//! en passant). Every other case — castling, en passant, promotion, two
//! candidates, a candidate that would leave its king attacked, a token that
//! names no move — is left to `San::to_move`.

use shakmaty::san::San;
use shakmaty::{Bitboard, Chess, Move, Position, Rank, Role, Square, attacks};

/// The legal move `san` names in `pos` when a single piece can make it
/// and no castling, en passant or promotion is involved; `None` otherwise.
/// Where it gives a move, `san.to_move(pos)` gives the same one.
pub(crate) fn single_legal(pos: &Chess, san: San) -> Option<Move> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    } = san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let captured = board.role_at(to);
    // A capture of nothing is en passant (or a wrong `x`), and a move
    // onto one's own piece is no move: both for shakmaty.
    if board.by_color(us).contains(to) || capture != captured.is_some() {
        return None;
    }
    let reach = match role {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, board.occupied()),
        Role::Rook => attacks::rook_attacks(to, board.occupied()),
        Role::Queen => attacks::queen_attacks(to, board.occupied()),
        Role::King => attacks::king_attacks(to),
        Role::Pawn => pawn_origin(pos, file, capture, to)?,
    };
    let mut from = (reach & board.by_piece(role.of(us)))
        .into_iter()
        .filter(|sq| file.is_none_or(|f| f == sq.file()) && rank.is_none_or(|r| r == sq.rank()));
    let (Some(from), None) = (from.next(), from.next()) else {
        return None;
    };
    let king = if role == Role::King {
        to
    } else {
        board.king_of(us)?
    };
    // Attackers of the king once the piece stands on `to`: the vacated
    // square opens lines, the occupied one closes them, and a captured
    // piece attacks nothing.
    let occupied = board.occupied().without(from).with(to);
    let attackers = board.attacks_to(king, !us, occupied).without(to);
    attackers.is_empty().then_some(Move::Normal {
        role,
        from,
        capture: captured,
        to,
        promotion: None,
    })
}

/// The square a pawn moving to `to` comes from (as a set of one), when the
/// move is a push or an ordinary capture that does not promote.
fn pawn_origin(
    pos: &Chess,
    file: Option<shakmaty::File>,
    capture: bool,
    to: Square,
) -> Option<Bitboard> {
    let us = pos.turn();
    if to.rank() == us.relative_rank(Rank::Eighth) {
        return None;
    }
    let back = |sq: Square| sq.offset(us.fold_wb(-8, 8));
    let behind = back(to)?;
    if capture {
        let file = file?;
        let from = Square::from_coords(file, behind.rank());
        return (file.distance(to.file()) == 1).then_some(Bitboard::from_square(from));
    }
    if file.is_some_and(|f| f != to.file()) {
        return None;
    }
    if pos.board().occupied().contains(behind) || to.rank() != us.relative_rank(Rank::Fourth) {
        return Some(Bitboard::from_square(behind));
    }
    back(behind).map(Bitboard::from_square)
}

#[cfg(test)]
mod tests;
