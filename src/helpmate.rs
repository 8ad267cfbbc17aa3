//! Can a side still checkmate "by any possible series of legal moves"?
//!
//! The question behind 15.4.2, 15.4.3 and dead positions is a helpmate
//! question, not a material count: a locked pawn wall can make a side with
//! plenty of material unable to mate, and K+B v K+N can still be mated. It is
//! answered by `chasolver` (Ambrona's unwinnability solver), which works on
//! the `chess` crate's board; positions cross over through FEN.

use std::collections::HashMap;
use std::str::FromStr;

use chasolver::Winnability;
use shakmaty::Position;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
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
    Solver::unbounded().can_checkmate(pos, side)
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
    Solver::unbounded().dead_check(pos)
}

/// Whether neither side can checkmate; see [`dead_check`].
pub fn is_dead(pos: &Chess) -> bool {
    dead_check(pos).dead
}

/// The most full helpmate searches one game may cost. Each is bounded by
/// chasolver itself (under a second on its hardest known positions), so
/// this bounds a game's solver time; past it a game goes to review.
pub const FULL_SEARCHES_PER_GAME: u32 = 24;

/// The helpmate questions of one game: answers remembered by position (a
/// game that shuffles pieces back and forth asks about the same positions
/// again and again), and a bound on the full searches.
#[derive(Debug, Clone)]
pub struct Solver {
    dead: HashMap<u64, DeadCheck>,
    mate: HashMap<(u64, Color), Mate>,
    /// Full searches still allowed; `None` for no bound.
    budget: Option<u32>,
    /// A question went unanswered because the bound was reached.
    pub over_budget: bool,
}

impl Solver {
    /// A solver bounded by [`FULL_SEARCHES_PER_GAME`].
    pub fn for_game() -> Solver {
        Solver::with_budget(FULL_SEARCHES_PER_GAME)
    }

    /// A solver allowed `searches` full searches.
    pub fn with_budget(searches: u32) -> Solver {
        Solver {
            budget: Some(searches),
            ..Solver::unbounded()
        }
    }

    /// A solver without a bound, for one question asked on its own.
    pub fn unbounded() -> Solver {
        Solver {
            dead: HashMap::new(),
            mate: HashMap::new(),
            budget: None,
            over_budget: false,
        }
    }

    /// [`can_checkmate`], remembered and bounded.
    pub fn can_checkmate(&mut self, pos: &Chess, side: Color) -> Mate {
        let key = (key(pos), side);
        if let Some(known) = self.mate.get(&key) {
            return known.clone();
        }
        let Some(board) = to_board(pos) else {
            return Mate::Undecided;
        };
        let mate = if chasolver::is_unwinnable_fast(&board, to_color(side)) {
            Mate::Impossible
        } else {
            self.full(pos, &board, side)
        };
        self.mate.insert(key, mate.clone());
        mate
    }

    /// [`dead_check`], remembered and bounded.
    pub fn dead_check(&mut self, pos: &Chess) -> DeadCheck {
        let key = key(pos);
        if let Some(known) = self.dead.get(&key) {
            return known.clone();
        }
        let Some(board) = to_board(pos) else {
            return DeadCheck {
                dead: false,
                answers: ByColor::default(),
            };
        };
        let mut answers = ByColor::new_with(|side| {
            let known = self.mate.get(&(key, side)).cloned();
            known.or_else(|| {
                chasolver::is_unwinnable_fast(&board, to_color(side)).then_some(Mate::Impossible)
            })
        });
        match (&answers.white, &answers.black) {
            (Some(Mate::Impossible), None) => {
                answers.black = Some(self.full(pos, &board, Color::Black));
            }
            (None, Some(Mate::Impossible)) => {
                answers.white = Some(self.full(pos, &board, Color::White));
            }
            _ => {}
        }
        for side in [Color::White, Color::Black] {
            if let Some(mate) = answers.get(side) {
                self.mate.insert((key, side), mate.clone());
            }
        }
        let dead = answers.iter().all(|a| a == &Some(Mate::Impossible));
        let check = DeadCheck { dead, answers };
        self.dead.insert(key, check.clone());
        check
    }

    fn full(&mut self, pos: &Chess, board: &chess::Board, side: Color) -> Mate {
        match &mut self.budget {
            Some(0) => {
                self.over_budget = true;
                return Mate::Undecided;
            }
            Some(left) => *left -= 1,
            None => {}
        }
        full(pos, board, side)
    }
}

/// A position's identity for the helpmate question: the board, the side to
/// move, castling and en passant rights (as in 9.2).
fn key(pos: &Chess) -> u64 {
    let hash: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    hash.0
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
    fn answers_are_remembered_and_searches_bounded() {
        let kr_v_k = position("4k3/8/8/8/8/K7/8/R7 b - - 0 1").unwrap();
        let kr_v_k2 = position("4k3/8/8/8/8/K7/8/1R6 b - - 0 1").unwrap();
        let mut solver = Solver::with_budget(1);
        assert!(!solver.dead_check(&kr_v_k).dead);
        assert!(matches!(
            solver.can_checkmate(&kr_v_k, Color::White),
            Mate::Possible(_)
        ));
        assert!(!solver.over_budget, "the second question was remembered");
        assert_eq!(
            solver.can_checkmate(&kr_v_k2, Color::White),
            Mate::Undecided
        );
        assert!(solver.over_budget);
        // The fast check needs no search: answered past the bound too.
        assert_eq!(
            solver.can_checkmate(&kr_v_k2, Color::Black),
            Mate::Impossible
        );
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
