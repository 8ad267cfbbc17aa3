//! A move carried out as it is written, whether the rules allow it or not,
//! and why they do not: the piece the record names is moved, and what the
//! move breaks (how the piece moves, a check, castling rights, a promotion)
//! is named as an [`Offence`], which the laws word.

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Color, Move, Piece, Rank, Role, Setup, Square};

use crate::board::notation::Written;
use crate::board::permissive::{
    apply, castling_king_path, castling_path_clear, castling_squares, in_check, reaches,
    standard_castling_origin,
};
use crate::model::outcome::side_name;

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

/// The name of a piece, as a sentence says it.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// A move that can be carried out on the board as written, legal or not.
pub(crate) fn physical_move(
    setup: &Setup,
    written: Written,
    mode: CastlingMode,
) -> Result<Move, String> {
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
        Written::San(San::Put { .. }) => Err("a piece drop is not a move in chess".into()),
        Written::San(San::Null) | Written::Null => Err("a null move".into()),
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
) -> Result<Move, String> {
    let color = setup.turn;
    let board = &setup.board;
    if board.by_color(color).contains(to) {
        return Err(format!("{to} holds a piece of the side to move"));
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
    let whose = side_name(color);
    if reaching.len() > 1 && pick(setup, reaching.clone()).is_none() {
        let piece = role_name(role);
        return Err(format!(
            "ambiguous: more than one {piece} of {whose}'s can move to {to}"
        ));
    }
    pick(setup, reaching)
        .or(only)
        .ok_or_else(|| format!("no {} of {whose}'s can move to {to}", role_name(role)))
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
) -> Result<Move, String> {
    let color = setup.turn;
    let board = &setup.board;
    let Some(piece) = board.piece_at(from).filter(|p| p.color == color) else {
        return Err(format!("no piece of the side to move stands on {from}"));
    };
    if role.is_some_and(|r| r != piece.role) {
        return Err(format!(
            "the piece on {from} is a {}",
            role_name(piece.role)
        ));
    }
    if board.by_color(color).contains(to) {
        // King onto its own rook: castling, as Chess960 UCI writes it.
        if piece.role == Role::King && board.role_at(to) == Some(Role::Rook) {
            return castle(setup, color, CastlingSide::from_king_side(to > from));
        }
        return Err(format!("{to} holds a piece of the side to move"));
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

fn castle(setup: &Setup, color: Color, side: CastlingSide) -> Result<Move, String> {
    let (king, rook) =
        castling_squares(setup, color, side).ok_or("there is no king and rook to castle with")?;
    if !castling_path_clear(setup, color, king, rook) {
        return Err("pieces stand between the king and the rook".into());
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

fn leaves_in_check(setup: &Setup, m: Move) -> bool {
    let mut after = setup.clone();
    apply(&mut after, m);
    in_check(&after.board, setup.turn)
}

/// Why a move that can be carried out is against the rules.
pub(crate) fn why_illegal(setup: &Setup, m: Move, wrong_setup: bool) -> Option<Offence> {
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
