//! A recorded move resolved on the board, in one place: the legal move it
//! names when the position is legal (the fast path, [`san_move`]), else the
//! move carried out as written ([`building`]) with why the rules forbid it
//! ([`offence`]), on the board's geometry ([`geometry`]). [`resolve`] is the
//! one entry, which the replay calls once a move; the position it plays on
//! is [`crate::board::permissive`]'s.

mod building;
mod geometry;
mod offence;
mod san_move;

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Color, Move, Piece, Position, Rank, Role, Square};

use crate::board::notation::{Irregular, Reading, Written};
use crate::board::permissive::State;
use crate::model::outcome::side_name;
use building::physical_move;
pub use offence::Offence;
use offence::why_illegal;
use san_move::single_legal;

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

/// A recorded move matched against the position it was made in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Resolved {
    /// `None` for a null move (a pass).
    pub mv: Option<Move>,
    /// Legal in the position (the fast path may replay it).
    pub legal: bool,
    /// Why the move is illegal, when it is.
    pub illegal: Option<Offence>,
    /// What was irregular about how the move was written.
    pub notation: Option<Irregular>,
}

/// Why a recorded move cannot be played on the board at all: the replay
/// stops there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unplayable {
    /// The token reads as no move in any notation.
    NotAMove { text: String },
    /// A piece drop, which chess has not.
    Drop,
    /// A null move where no pass can stand.
    Null,
    /// The target square holds a piece of the side to move.
    OwnPieceOn { to: Square },
    /// Several pieces of the kind can go there and none is preferred.
    Ambiguous { piece: Piece, to: Square },
    /// No piece of the kind could be meant.
    NoneReaches { piece: Piece, to: Square },
    /// No piece of the side to move stands on the square written.
    NoPieceOn { from: Square },
    /// The square written holds another kind of piece.
    OtherPiece { from: Square, role: Role },
    /// No king and rook stand where castling needs them.
    NoCastlingPieces,
    /// Pieces stand between the king and the rook.
    CastlingBlocked,
    /// More than one legal move fits the token.
    AmbiguousLegal,
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let named = |p: &Piece| (role_name(p.role), side_name(p.color));
        match self {
            Unplayable::NotAMove { text } => write!(f, "`{text}` is not a move"),
            Unplayable::Drop => f.write_str("a piece drop is not a move in chess"),
            Unplayable::Null => f.write_str("a null move"),
            Unplayable::OwnPieceOn { to } => write!(f, "{to} holds a piece of the side to move"),
            Unplayable::Ambiguous { piece, to } => {
                let (role, whose) = named(piece);
                write!(
                    f,
                    "ambiguous: more than one {role} of {whose}'s can move to {to}"
                )
            }
            Unplayable::NoneReaches { piece, to } => {
                let (role, whose) = named(piece);
                write!(f, "no {role} of {whose}'s can move to {to}")
            }
            Unplayable::NoPieceOn { from } => {
                write!(f, "no piece of the side to move stands on {from}")
            }
            Unplayable::OtherPiece { from, role } => {
                write!(f, "the piece on {from} is a {}", role_name(*role))
            }
            Unplayable::NoCastlingPieces => f.write_str("there is no king and rook to castle with"),
            Unplayable::CastlingBlocked => {
                f.write_str("pieces stand between the king and the rook")
            }
            Unplayable::AmbiguousLegal => f.write_str("ambiguous: more than one legal move fits"),
        }
    }
}

impl std::error::Error for Unplayable {}

/// Matches a reading against the position: a legal move if one fits, else a
/// move that can be carried out on the board, with why it is illegal.
pub(crate) fn resolve(
    state: &State,
    reading: Reading,
    mode: CastlingMode,
    wrong_setup: bool,
) -> Result<Resolved, Unplayable> {
    let mut resolved = Resolved {
        mv: None,
        legal: false,
        illegal: None,
        notation: reading.irregular,
    };
    if let Written::Null = reading.written {
        return Ok(resolved);
    }
    if let (State::Legal(pos), Written::San(san)) = (state, reading.written)
        && let Some(m) = single_legal(pos, san).or_else(|| san.to_move(pos).ok())
    {
        // The fast path: strict SAN naming a legal move.
        resolved.mv = Some(m);
        resolved.legal = true;
        return Ok(resolved);
    }
    if let State::Legal(pos) = state
        && let Some((m, capture_note)) = legal_match(pos, reading.written)?
    {
        resolved.mv = Some(m);
        resolved.legal = true;
        resolved.notation = resolved.notation.or(capture_note);
        return Ok(resolved);
    }
    let setup = state.setup();
    let m = physical_move(&setup, reading.written, mode)?;
    resolved.mv = Some(m);
    let illegal = why_illegal(&setup, m, wrong_setup);
    // Legal-looking moves in a legal position that shakmaty refused.
    resolved.illegal = illegal.or_else(|| state.as_chess().map(|_| Offence::NotLegalHere));
    Ok(resolved)
}

/// The legal move a reading names, if exactly one; a wrong `x` is a
/// notation matter.
fn legal_match(
    pos: &shakmaty::Chess,
    written: Written,
) -> Result<Option<(Move, Option<Irregular>)>, Unplayable> {
    let legal = pos.legal_moves();
    let mut found = legal
        .iter()
        .filter(|&&m| loosely_matches(written, m, pos.castles().mode()));
    let Some(&m) = found.next() else {
        return Ok(None);
    };
    if found.next().is_some() {
        return Err(Unplayable::AmbiguousLegal);
    }
    let note = match written {
        Written::San(San::Normal { capture, .. }) if capture != m.is_capture() => {
            Some(if capture {
                Irregular::XWithoutCapture
            } else {
                Irregular::CaptureWithoutX
            })
        }
        _ => None,
    };
    Ok(Some((m, note)))
}

fn loosely_matches(written: Written, m: Move, mode: CastlingMode) -> bool {
    match written {
        Written::San(San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        }) => {
            m.role() == role
                && m.to() == to
                && m.promotion() == promotion
                && !m.is_castle()
                && m.from().is_some_and(|f| {
                    file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                })
        }
        Written::San(San::Castle(side)) => m.castling_side() == Some(side),
        Written::Squares {
            role,
            from,
            to,
            promotion,
        } => {
            role.is_none_or(|r| r == m.role())
                && m.from() == Some(from)
                && (m.to() == to || m.is_castle() && m.to_square_for_king(mode) == Some(to))
                && m.promotion() == promotion
        }
        _ => false,
    }
}

trait KingTarget {
    fn to_square_for_king(self, mode: CastlingMode) -> Option<Square>;
}

impl KingTarget for Move {
    /// Where the king lands when castling (`e1g1` in UCI), in standard chess.
    fn to_square_for_king(self, mode: CastlingMode) -> Option<Square> {
        match (self, mode) {
            (Move::Castle { king, rook }, CastlingMode::Standard) => {
                let side = CastlingSide::from_king_side(rook > king);
                Some(side.king_to(Color::from_white(king.rank() == Rank::First)))
            }
            _ => None,
        }
    }
}
