//! A move carried out as it is written, whether the rules allow it or not:
//! the piece the record names is moved, or the record names no move that
//! can be made on this board ([`Unplayable`]).

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Color, Move, Piece, Rank, Role, Setup, Square};

use super::Unplayable;
use super::geometry::{castling_path_clear, castling_squares, reaches};
use crate::board::notation::Written;
use crate::board::permissive::{apply, in_check};

/// A move that can be carried out on the board as written, legal or not.
pub(super) fn physical_move(
    setup: &Setup,
    written: Written,
    mode: CastlingMode,
) -> Result<Move, Unplayable> {
    match written {
        Written::San(San::Castle(side)) => castle(setup, setup.turn, side),
        Written::San(San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        }) => san_move(setup, role, (file, rank), to, promotion),
        Written::San(San::Put { .. }) => Err(Unplayable::Drop),
        Written::San(San::Null) | Written::Null => Err(Unplayable::Null),
        Written::Squares {
            role,
            from,
            to,
            promotion,
        } => squares_move(setup, role, from, to, promotion, mode),
    }
}

/// A SAN move carried out by the piece it names, whether or not it may
/// move so: the piece that can reach the square, else the only one of its
/// kind that could be meant.
fn san_move(
    setup: &Setup,
    role: Role,
    (file, rank): (Option<shakmaty::File>, Option<Rank>),
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, Unplayable> {
    let color = setup.turn;
    let board = &setup.board;
    if board.by_color(color).contains(to) {
        return Err(Unplayable::OwnPieceOn { to });
    }
    // A pawn that does not capture stays on its file.
    let file = file.or((role == Role::Pawn).then(|| to.file()));
    let pieces: Vec<Square> = (board.by_piece(Piece { color, role }))
        .into_iter()
        .filter(|from| {
            file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
        })
        .collect();
    let reaching: Vec<Move> = pieces
        .iter()
        .filter(|&&from| reaches(setup, role, color, from, to))
        .map(|&from| normal(setup, role, from, to, promotion))
        .collect();
    // No piece can get there by how it moves: if only one piece of that
    // kind could be meant, it was moved the way it cannot.
    let only = match pieces.as_slice() {
        [from] if reaching.is_empty() => Some(normal(setup, role, *from, to, promotion)),
        _ => None,
    };
    let piece = Piece { color, role };
    if reaching.len() > 1 && pick(setup, reaching.clone()).is_none() {
        return Err(Unplayable::Ambiguous { piece, to });
    }
    pick(setup, reaching)
        .or(only)
        .ok_or(Unplayable::NoneReaches { piece, to })
}

/// A move written by its squares (`e2e4`, `Ng1-f3`), carried out as
/// written; a king two squares along its rank, or onto its own rook,
/// castles.
fn squares_move(
    setup: &Setup,
    role: Option<Role>,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    mode: CastlingMode,
) -> Result<Move, Unplayable> {
    let color = setup.turn;
    let board = &setup.board;
    let Some(piece) = board.piece_at(from).filter(|p| p.color == color) else {
        return Err(Unplayable::NoPieceOn { from });
    };
    if role.is_some_and(|r| r != piece.role) {
        return Err(Unplayable::OtherPiece {
            from,
            role: piece.role,
        });
    }
    if board.by_color(color).contains(to) {
        // King onto its own rook: castling, as Chess960 UCI writes it.
        if piece.role == Role::King && board.role_at(to) == Some(Role::Rook) {
            return castle(setup, color, CastlingSide::from_king_side(to > from));
        }
        return Err(Unplayable::OwnPieceOn { to });
    }
    if piece.role == Role::King
        && mode == CastlingMode::Standard
        && from.distance(to) == 2
        && from.rank() == to.rank()
    {
        return castle(setup, color, CastlingSide::from_king_side(to > from));
    }
    Ok(normal(setup, piece.role, from, to, promotion))
}

fn normal(setup: &Setup, role: Role, from: Square, to: Square, promotion: Option<Role>) -> Move {
    let capture = setup.board.role_at(to);
    if role == Role::Pawn
        && capture.is_none()
        && setup.ep_square == Some(to)
        && from.file() != to.file()
    {
        return Move::EnPassant { from, to };
    }
    Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    }
}

fn castle(setup: &Setup, color: Color, side: CastlingSide) -> Result<Move, Unplayable> {
    let (king, rook) = castling_squares(setup, color, side).ok_or(Unplayable::NoCastlingPieces)?;
    if !castling_path_clear(setup, color, king, rook) {
        return Err(Unplayable::CastlingBlocked);
    }
    Ok(Move::Castle { king, rook })
}

/// Of several moves that fit, the one that does not leave the king in check.
fn pick(setup: &Setup, candidates: Vec<Move>) -> Option<Move> {
    if candidates.len() <= 1 {
        return candidates.into_iter().next();
    }
    let safe: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|&m| !leaves_in_check(setup, m))
        .collect();
    (safe.len() == 1).then(|| safe[0])
}

pub(super) fn leaves_in_check(setup: &Setup, m: Move) -> bool {
    let mut after = setup.clone();
    apply(&mut after, m);
    in_check(&after.board, setup.turn)
}
