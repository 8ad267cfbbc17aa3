//! Where pieces can go on a board, whatever the rules say of checks: how
//! each piece moves, and the squares castling starts from and crosses.

use shakmaty::{Bitboard, CastlingSide, Color, File, Piece, Rank, Role, Setup, Square, attacks};

/// Whether `role` on `from` can move to `to` by how the piece moves, on this
/// board (sliders cannot jump; pawns push onto empty squares and capture
/// diagonally). Says nothing about checks.
pub(super) fn reaches(setup: &Setup, role: Role, color: Color, from: Square, to: Square) -> bool {
    let board = &setup.board;
    let occupied = board.occupied();
    if board.by_color(color).contains(to) {
        return false;
    }
    match role {
        Role::Pawn => {
            let forward: i32 = if color == Color::White { 1 } else { -1 };
            let df = i32::from(to.file()) - i32::from(from.file());
            let dr = i32::from(to.rank()) - i32::from(from.rank());
            let start = if color == Color::White {
                Rank::Second
            } else {
                Rank::Seventh
            };
            if df == 0 && dr == forward {
                !occupied.contains(to)
            } else if df == 0 && dr == 2 * forward && from.rank() == start {
                !occupied.contains(to) && !attacks::between(from, to).intersects(occupied)
            } else {
                attacks::pawn_attacks(color, from).contains(to)
                    && (board.by_color(!color).contains(to) || setup.ep_square == Some(to))
            }
        }
        _ => attacks::attacks(from, Piece { color, role }, occupied).contains(to),
    }
}

/// The king and rook squares for castling on `side`, when both stand where
/// castling needs them: the king on its back rank, a rook beyond it.
pub(super) fn castling_squares(
    setup: &Setup,
    color: Color,
    side: CastlingSide,
) -> Option<(Square, Square)> {
    let board = &setup.board;
    let back = Bitboard::from_rank(color.backrank());
    let king = (board.by_piece(Piece {
        color,
        role: Role::King,
    }) & back)
        .first()?;
    let rooks = board.by_piece(Piece {
        color,
        role: Role::Rook,
    }) & back;
    let beyond = |sq: Square| match side {
        CastlingSide::KingSide => sq > king,
        CastlingSide::QueenSide => sq < king,
    };
    // The rook with castling rights, else the outermost one on that side.
    let with_rights = (rooks & setup.castling_rights)
        .into_iter()
        .find(|&r| beyond(r));
    let outermost = match side {
        CastlingSide::KingSide => rooks.into_iter().rfind(|&r| beyond(r)),
        CastlingSide::QueenSide => rooks.into_iter().find(|&r| beyond(r)),
    };
    Some((king, with_rights.or(outermost)?))
}

/// Whether the squares castling passes over are free of other pieces.
pub(super) fn castling_path_clear(setup: &Setup, color: Color, king: Square, rook: Square) -> bool {
    let side = CastlingSide::from_king_side(rook > king);
    let (king_to, rook_to) = (side.king_to(color), side.rook_to(color));
    let path = attacks::between(king, king_to).with(king_to).with(rook_to)
        | attacks::between(rook, rook_to);
    let others = setup.board.occupied().without(king).without(rook);
    !path.intersects(others)
}

/// The squares the king crosses when castling (including where it lands).
pub(super) fn castling_king_path(color: Color, king: Square, rook: Square) -> Bitboard {
    let side = CastlingSide::from_king_side(rook > king);
    let king_to = side.king_to(color);
    attacks::between(king, king_to).with(king_to)
}

/// Whether the standard castling squares are where the king and rook stood.
pub(super) fn standard_castling_origin(color: Color, king: Square, rook: Square) -> bool {
    let rank = color.backrank();
    king == Square::from_coords(File::E, rank)
        && (rook == Square::from_coords(File::A, rank)
            || rook == Square::from_coords(File::H, rank))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::permissive::apply;
    use shakmaty::Move;
    use shakmaty::fen::Fen;

    fn setup(fen: &str) -> Setup {
        fen.parse::<Fen>().unwrap().into_setup()
    }

    #[test]
    fn reach_rules() {
        let s = setup("4k3/8/8/8/8/8/4P3/RN2K3 w - - 0 1");
        assert!(reaches(
            &s,
            Role::Knight,
            Color::White,
            Square::B1,
            Square::C3
        ));
        assert!(!reaches(
            &s,
            Role::Knight,
            Color::White,
            Square::B1,
            Square::B3
        ));
        assert!(reaches(
            &s,
            Role::Pawn,
            Color::White,
            Square::E2,
            Square::E4
        ));
        assert!(!reaches(
            &s,
            Role::Pawn,
            Color::White,
            Square::E2,
            Square::D3
        ));
        assert!(!reaches(
            &s,
            Role::Rook,
            Color::White,
            Square::A1,
            Square::C1
        ));
    }

    #[test]
    fn castling_geometry() {
        let s = setup("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let (k, r) = castling_squares(&s, Color::White, CastlingSide::KingSide).unwrap();
        assert_eq!((k, r), (Square::E1, Square::H1));
        assert!(castling_path_clear(&s, Color::White, k, r));
        assert!(standard_castling_origin(Color::White, k, r));
        let mut s2 = s.clone();
        apply(&mut s2, Move::Castle { king: k, rook: r });
        assert_eq!(
            s2.board.piece_at(Square::G1),
            Some(Piece {
                color: Color::White,
                role: Role::King
            })
        );
        assert_eq!(
            s2.board.piece_at(Square::F1),
            Some(Piece {
                color: Color::White,
                role: Role::Rook
            })
        );
        assert!(!s2.castling_rights.contains(Square::A1));
    }
}
