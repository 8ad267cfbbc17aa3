//! A position that also holds what the rules forbid.
//!
//! Under 15.4.2 an unclaimed illegal move stands and play goes on, so the
//! replay must carry on from positions shakmaty's `Chess` refuses to hold: a
//! king left in check on the wrong side's move, a pawn on the last rank.
//! [`State`] keeps shakmaty's `Chess` while the position is legal (the fast
//! path, nearly always) and falls back to a bare `Setup` that this module
//! moves pieces on, with the checks and castling rules written out.

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, Piece,
    Position, PositionError, PositionErrorKinds, Rank, Role, Setup, Square,
};

/// What makes a position illegal under 15.4.4 (its `Display` is in
/// `laws/phrase/position.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalPosition {
    pub both_in_check: bool,
    /// Pawns on the rank farthest from where they started.
    pub stuck_pawns: Vec<(Color, Square)>,
}

/// A position, legal or not.
#[derive(Debug, Clone)]
pub enum State {
    Legal(Chess),
    Loose(Setup),
}

impl State {
    /// Sets up a position; only a board without exactly one king per side
    /// is refused. What shakmaty refuses that no Law forbids — a check no
    /// last move could give, more material than promotions make, an en
    /// passant square with no pawn behind it — is a position like any
    /// other (after an illegal move it happens): judged on the fast path,
    /// mates and stalemates seen. Only 15.4.4's illegal positions (the side
    /// not to move in check, a pawn on its last rank) stay loose.
    pub fn from_setup(
        setup: Setup,
        mode: CastlingMode,
    ) -> Result<State, Box<PositionError<Chess>>> {
        match Chess::from_setup(setup.clone(), mode)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_too_much_material)
        {
            Ok(pos) => Ok(State::Legal(pos)),
            Err(e)
                if e.kinds().intersects(
                    PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS,
                ) =>
            {
                Err(Box::new(e))
            }
            Err(_) => Ok(State::Loose(setup)),
        }
    }

    pub fn setup(&self) -> Setup {
        match self {
            State::Legal(pos) => pos.to_setup(EnPassantMode::Legal),
            State::Loose(setup) => setup.clone(),
        }
    }

    pub fn as_chess(&self) -> Option<&Chess> {
        match self {
            State::Legal(pos) => Some(pos),
            State::Loose(_) => None,
        }
    }

    pub fn turn(&self) -> Color {
        match self {
            State::Legal(pos) => pos.turn(),
            State::Loose(setup) => setup.turn,
        }
    }

    pub fn fullmoves(&self) -> u32 {
        match self {
            State::Legal(pos) => pos.fullmoves().get(),
            State::Loose(setup) => setup.fullmoves.get(),
        }
    }

    pub fn board(&self) -> &shakmaty::Board {
        match self {
            State::Legal(pos) => pos.board(),
            State::Loose(setup) => &setup.board,
        }
    }

    pub fn fen(&self) -> String {
        let fen = match self {
            State::Legal(pos) => Fen::from_position(pos, EnPassantMode::Legal),
            State::Loose(setup) => Fen::try_from_setup(setup.clone())
                .unwrap_or_else(shakmaty::fen::LossyFenError::ignore),
        };
        // Appended to a string of a FEN's most length, not written through
        // `Display` a character at a time: every incident row has one.
        let mut text = String::with_capacity(96);
        fen.append_to_string(&mut text);
        text
    }

    /// Plays a move. `legal` says the replay found it legal here, so the
    /// fast path may take it.
    pub fn play(&mut self, m: Move, legal: bool, mode: CastlingMode) {
        if legal && let State::Legal(pos) = self {
            pos.play_unchecked(m);
            return;
        }
        let mut setup = self.setup();
        apply(&mut setup, m);
        *self = State::from_setup(setup.clone(), mode).unwrap_or(State::Loose(setup));
    }

    /// A pass: the other side is to move.
    pub fn pass(&mut self, mode: CastlingMode) {
        let mut setup = self.setup();
        setup.turn = !setup.turn;
        setup.ep_square = None;
        if setup.turn == Color::White {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        *self = State::from_setup(setup.clone(), mode).unwrap_or(State::Loose(setup));
    }

    /// What makes the position illegal under 15.4.4: both kings in check,
    /// or a pawn on the rank farthest from where it started.
    pub fn illegal_position(&self) -> Option<IllegalPosition> {
        if matches!(self, State::Legal(_)) {
            return None;
        }
        let board = self.board();
        let both_in_check = in_check(board, Color::White) && in_check(board, Color::Black);
        let mut stuck_pawns = Vec::new();
        for (color, rank) in [(Color::White, Rank::Eighth), (Color::Black, Rank::First)] {
            let stuck = board.by_piece(Piece {
                color,
                role: Role::Pawn,
            }) & Bitboard::from_rank(rank);
            stuck_pawns.extend(stuck.into_iter().map(|sq| (color, sq)));
        }
        let found = IllegalPosition {
            both_in_check,
            stuck_pawns,
        };
        (found.both_in_check || !found.stuck_pawns.is_empty()).then_some(found)
    }
}

/// Whether `color`'s king is attacked.
pub fn in_check(board: &shakmaty::Board, color: Color) -> bool {
    board
        .king_of(color)
        .is_some_and(|k| board.attacks_to(k, !color, board.occupied()).any())
}

/// Moves pieces as the move says, whatever the rules think of it.
pub fn apply(setup: &mut Setup, m: Move) {
    let color = setup.turn;
    setup.ep_square = None;
    let reset_clock = match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => apply_normal(setup, role, from, capture, to, promotion),
        Move::EnPassant { from, to } => {
            let board = &mut setup.board;
            board.discard_piece_at(from);
            board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
            board.set_piece_at(to, color.pawn());
            true
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook > king);
            let board = &mut setup.board;
            board.discard_piece_at(king);
            board.discard_piece_at(rook);
            board.set_piece_at(side.king_to(color), color.king());
            board.set_piece_at(side.rook_to(color), color.rook());
            setup.castling_rights &= !Bitboard::from_rank(color.backrank());
            false
        }
        Move::Put { role, to } => {
            setup.board.set_piece_at(to, Piece { color, role });
            false
        }
    };
    setup.halfmoves = if reset_clock {
        0
    } else {
        setup.halfmoves.saturating_add(1)
    };
    if color == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !color;
}

/// A normal move carried out on the board, castling rights and the en
/// passant square kept up; whether it resets the fifty-move count.
fn apply_normal(
    setup: &mut Setup,
    role: Role,
    from: Square,
    capture: Option<Role>,
    to: Square,
    promotion: Option<Role>,
) -> bool {
    let color = setup.turn;
    let board = &mut setup.board;
    board.discard_piece_at(from);
    let reset_clock = role == Role::Pawn || capture.is_some() || board.piece_at(to).is_some();
    let role_after = promotion.unwrap_or(role);
    board.set_piece_at(
        to,
        Piece {
            color,
            role: role_after,
        },
    );
    if role == Role::King {
        setup.castling_rights &= !Bitboard::from_rank(color.backrank());
    }
    setup.castling_rights.discard(from);
    setup.castling_rights.discard(to);
    if role == Role::Pawn && from.distance(to) == 2 && from.file() == to.file() {
        let rank = if color == Color::White {
            Rank::Third
        } else {
            Rank::Sixth
        };
        setup.ep_square = Some(Square::from_coords(from.file(), rank));
    }
    reset_clock
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(fen: &str) -> Setup {
        fen.parse::<Fen>().unwrap().into_setup()
    }

    #[test]
    fn holds_positions_chess_refuses() {
        // White to move while Black's king is in check from the rook.
        let state = State::from_setup(
            setup("4k3/8/8/8/8/8/8/K3R3 w - - 0 1"),
            CastlingMode::Standard,
        )
        .unwrap();
        assert!(state.as_chess().is_none());
        assert_eq!(state.illegal_position(), None);
        let state = State::from_setup(
            setup("P3k3/8/8/8/8/8/8/K7 w - - 0 1"),
            CastlingMode::Standard,
        )
        .unwrap();
        let found = state.illegal_position().unwrap();
        assert!(!found.both_in_check);
        assert_eq!(found.stuck_pawns, [(Color::White, Square::A8)]);
        assert!(
            State::from_setup(setup("8/8/8/8/8/8/8/K7 w - - 0 1"), CastlingMode::Standard).is_err()
        );
    }

    #[test]
    fn illegal_move_then_back_to_legal() {
        let mv = |role, from, to| Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        };
        let mode = CastlingMode::Standard;
        let mut state = State::from_setup(setup("r3k3/8/8/8/8/8/8/4K3 w - - 0 1"), mode).unwrap();
        // 1. Ke2?? stays on... no: Kd1 is fine; Ka... use Kd2 after Ra1+? Simpler:
        // the king walks onto the a-file, into the rook's line.
        state.play(mv(Role::King, Square::E1, Square::D2), true, mode);
        state.play(mv(Role::Rook, Square::A8, Square::D8), true, mode);
        // White is in check from d8 and "moves" the king along the file.
        state.play(mv(Role::King, Square::D2, Square::D3), false, mode);
        assert!(state.as_chess().is_none());
        assert!(in_check(state.board(), Color::White));
        // Black moves the rook away: the position is legal again.
        state.play(mv(Role::Rook, Square::D8, Square::A8), false, mode);
        assert!(state.as_chess().is_some());
    }
}
