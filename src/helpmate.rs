//! Can a side still checkmate "by any possible series of legal moves"?
//!
//! The question behind 15.4.2, 15.4.3 and dead positions is a helpmate
//! question, not a material count: a locked pawn wall can make a side with
//! plenty of material unable to mate, and K+B v K+N can still be mated. It is
//! answered by `chasolver` (Ambrona's unwinnability solver), which works on
//! the `chess` crate's board; positions cross over through FEN.

use std::str::FromStr;

use chasolver::Winnability;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, CastlingMode, Chess, Color, EnPassantMode, san::SanPlus};

/// The answer to "can `side` checkmate from here?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mate {
    /// Yes; a helpmate line in SAN, moves of both sides, ending in mate.
    Possible(Vec<String>),
    /// No series of legal moves ends with `side` giving checkmate.
    Impossible,
    /// The solver gave up (node limit) or could not read the position.
    Undecided,
}

fn to_board(pos: &Chess) -> Option<chess::Board> {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    chess::Board::from_str(&fen).ok().or_else(|| {
        // Chess960 castling rights (`HAha`) are beyond the `chess` crate;
        // without them the question is the same but for castling moves.
        let mut parts: Vec<&str> = fen.split(' ').collect();
        *parts.get_mut(2)? = "-";
        chess::Board::from_str(&parts.join(" ")).ok()
    })
}

fn to_color(side: Color) -> chess::Color {
    match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Full answer: `chasolver`'s fast proof first, then its complete search.
///
/// ```
/// use pgn_arbiter::helpmate::{can_checkmate, Mate};
/// use shakmaty::{fen::Fen, CastlingMode, Chess, Color};
/// // Locked pawns: Black cannot mate, White can (lichess game ijyj0mHa).
/// let pos: Chess = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1"
///     .parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(can_checkmate(&pos, Color::Black), Mate::Impossible);
/// assert!(matches!(can_checkmate(&pos, Color::White), Mate::Possible(_)));
/// ```
pub fn can_checkmate(pos: &Chess, side: Color) -> Mate {
    let Some(board) = to_board(pos) else {
        return Mate::Undecided;
    };
    if chasolver::is_unwinnable_fast(&board, to_color(side)) {
        return Mate::Impossible;
    }
    full(pos, &board, side)
}

fn full(pos: &Chess, board: &chess::Board, side: Color) -> Mate {
    match chasolver::winnability(board, to_color(side)) {
        Some(Winnability::Unwinnable) => Mate::Impossible,
        Some(Winnability::Winnable { helpmate }) => Mate::Possible(san_line(pos, &helpmate)),
        None => Mate::Undecided,
    }
}

/// What a dead-position check found: whether neither side can checkmate,
/// and each side's answer where the check established it, so that a later
/// question about the same position costs nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadCheck {
    pub dead: bool,
    pub answers: ByColor<Option<Mate>>,
}

/// Whether neither side can checkmate: the game is over (a dead position).
///
/// Runs at the end of every stretch of legal moves, so it must be cheap: it
/// asks `chasolver`'s fast, sound check for both sides and runs the full
/// search only when the fast check proved one side unable to mate and not
/// the other (bare king against pieces, the common near-dead case). A
/// position where the fast check proves neither side is taken as alive;
/// `chasolver`'s fast check found every unwinnable lichess timeout position
/// in its author's 10-million-game test, and the claim paths of the laws ask
/// the full question anyway.
pub fn dead_check(pos: &Chess) -> DeadCheck {
    let Some(board) = to_board(pos) else {
        return DeadCheck {
            dead: false,
            answers: ByColor::default(),
        };
    };
    let mut answers = ByColor::new_with(|side| {
        chasolver::is_unwinnable_fast(&board, to_color(side)).then_some(Mate::Impossible)
    });
    match (&answers.white, &answers.black) {
        (Some(_), None) => answers.black = Some(full(pos, &board, Color::Black)),
        (None, Some(_)) => answers.white = Some(full(pos, &board, Color::White)),
        _ => {}
    }
    let dead = answers.iter().all(|a| a == &Some(Mate::Impossible));
    DeadCheck { dead, answers }
}

/// Whether neither side can checkmate; see [`dead_check`].
pub fn is_dead(pos: &Chess) -> bool {
    dead_check(pos).dead
}

/// The helpmate as SAN, played out from `pos`.
fn san_line(pos: &Chess, line: &[chess::ChessMove]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        let Ok(uci) = UciMove::from_str(&m.to_string()) else {
            break;
        };
        let Ok(mv) = uci.to_move(&pos) else {
            break;
        };
        out.push(SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string());
    }
    out
}

/// Reads a FEN into a position for the helpmate questions (tests, `explain`).
pub fn position(fen: &str) -> Option<Chess> {
    let fen: Fen = fen.parse().ok()?;
    fen.into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_kings_are_dead_and_rook_is_not() {
        assert!(is_dead(&position("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap()));
        assert!(!is_dead(
            &position("8/8/4k3/8/8/3K4/8/7R w - - 0 1").unwrap()
        ));
    }

    #[test]
    fn knight_cannot_mate_queen_but_can_mate_rook() {
        let kn_v_kq = position("8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1").unwrap();
        assert_eq!(can_checkmate(&kn_v_kq, Color::White), Mate::Impossible);
        let kn_v_kr = position("8/8/4k3/r7/8/3K4/5N2/8 b - - 0 1").unwrap();
        let Mate::Possible(line) = can_checkmate(&kn_v_kr, Color::White) else {
            panic!("K+N v K+R admits a helpmate");
        };
        assert!(line.last().unwrap().ends_with('#'), "{line:?}");
    }
}
