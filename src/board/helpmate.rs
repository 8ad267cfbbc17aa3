//! Can a side still checkmate "by any possible series of legal moves"?
//!
//! The question behind 15.4.2, 15.4.3 and dead positions is a helpmate
//! question, not a material count: a locked pawn wall can make a side with
//! plenty of material unable to mate, and K+B v K+N can still be mated. It is
//! answered by `chasolver` (Ambrona's unwinnability solver), which works on
//! the `chess` crate's board; positions cross over through FEN.

use rustc_hash::FxHashMap;

mod line;

pub use crate::board::short_mate::{SHORT_MATE_PLIES, SHOWN_MATE_NODES};
pub use line::Helpmate;
use line::helpmate;

use chasolver::Winnability;
use shakmaty::Position;
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{ByColor, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Role};

/// The answer to "can `side` checkmate from here?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mate {
    /// Yes: a helpmate, moves of both sides ending in mate.
    Possible(Helpmate),
    /// No series of legal moves ends with `side` giving checkmate.
    Impossible,
    /// `--proof fast`: the fast check did not prove it impossible, and the
    /// full search that would find a line was not run.
    NotShownImpossible,
    /// The solver gave up (node limit) or could not read the position.
    Undecided,
}

impl Mate {
    /// The helpmate line, when the answer is one.
    pub fn into_helpmate(self) -> Option<Helpmate> {
        match self {
            Mate::Possible(line) => Some(line),
            _ => None,
        }
    }
}

/// The `chess` crate's board for a position, built square by square (no
/// FEN text, no list in between: it runs at the end of every game).
/// Chess960 castling rights are beyond that crate: without them the
/// question is the same but for castling moves.
fn to_board(pos: &Chess) -> Option<chess::Board> {
    let mut with = chess::BoardBuilder::new();
    for (sq, piece) in pos.board() {
        let role = match piece.role {
            Role::Pawn => chess::Piece::Pawn,
            Role::Knight => chess::Piece::Knight,
            Role::Bishop => chess::Piece::Bishop,
            Role::Rook => chess::Piece::Rook,
            Role::Queen => chess::Piece::Queen,
            Role::King => chess::Piece::King,
        };
        with[chess::ALL_SQUARES[usize::from(sq)]] = Some((role, to_color(piece.color)));
    }
    let rights = |color: Color| {
        let castles = pos.castles();
        match (
            castles.has(color, CastlingSide::KingSide),
            castles.has(color, CastlingSide::QueenSide),
        ) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        }
    };
    let ep = pos
        .ep_square(EnPassantMode::Legal)
        .map(|sq| chess::File::from_index(usize::from(sq.file())));
    with.side_to_move(to_color(pos.turn()))
        .castle_rights(chess::Color::White, rights(Color::White))
        .castle_rights(chess::Color::Black, rights(Color::Black))
        .en_passant(ep);
    chess::Board::try_from(&with).ok().or_else(|| {
        let none = chess::CastleRights::NoRights;
        with.castle_rights(chess::Color::White, none)
            .castle_rights(chess::Color::Black, none);
        chess::Board::try_from(&with).ok()
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
/// use pgn_arbiter::board::helpmate::{can_checkmate, Mate};
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

/// chasolver's complete search: a helpmate, a proof that none exists, or
/// `Undecided` when it gives up.
fn search(pos: &Chess, board: &chess::Board, side: Color) -> Mate {
    match chasolver::winnability(board, to_color(side)) {
        Some(Winnability::Unwinnable) => Mate::Impossible,
        Some(Winnability::Winnable { helpmate: line }) => Mate::Possible(helpmate(pos, &line)),
        None => Mate::Undecided,
    }
}

/// Whether chasolver's fast check proves that `side` can never checkmate
/// from `pos` (sound, not complete: `false` proves nothing).
pub(crate) fn cannot_mate_fast(pos: &Chess, side: Color) -> bool {
    pos.board().by_color(side).count() == 1
        || to_board(pos).is_some_and(|b| chasolver::is_unwinnable_fast(&b, to_color(side)))
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
pub fn is_dead(pos: &Chess) -> bool {
    Solver::unbounded().is_dead(pos)
}

/// How the question is answered: `full` (chasolver's fast proof, then its
/// complete search, which finds a helpmate line or proves there is none)
/// or `fast` (the fast proof alone: sound when it says "cannot mate", and
/// otherwise [`Mate::NotShownImpossible`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Proof {
    #[default]
    Full,
    Fast,
}

/// The most full helpmate searches one game may cost. Each is bounded by
/// chasolver itself (under a second on its hardest known positions), so
/// this bounds a game's solver time; past it a game goes to review.
pub const FULL_SEARCHES_PER_GAME: u32 = 24;

#[cfg(test)]
thread_local! {
    /// Full searches made on this thread, whatever solver made them: what a
    /// game cost, for the tests of the bound.
    pub(crate) static FULL_SEARCHES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The helpmate questions of one game: answers remembered by position (a
/// game that shuffles pieces back and forth asks about the same positions
/// again and again), and a bound on the full searches.
#[derive(Debug, Clone)]
pub struct Solver {
    /// What is known of each position asked about, by its Zobrist hash
    /// (already a hash: no second one over it).
    known: FxHashMap<u64, Known>,
    /// Full searches still allowed; `None` for no bound.
    budget: Option<u32>,
    /// A question went unanswered because the bound was reached.
    pub over_budget: bool,
    pub proof: Proof,
}

/// What one position's questions have established.
#[derive(Debug, Clone, Default)]
struct Known {
    dead: Option<bool>,
    mate: ByColor<Option<Mate>>,
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
            known: FxHashMap::default(),
            budget: None,
            over_budget: false,
            proof: Proof::Full,
        }
    }

    /// [`can_checkmate`], remembered and bounded.
    pub fn can_checkmate(&mut self, pos: &Chess, side: Color) -> Mate {
        let key = key(pos);
        if let Some(known) = self.answer(key, side) {
            return known;
        }
        let Some(board) = to_board(pos) else {
            return Mate::Undecided;
        };
        let mate = if chasolver::is_unwinnable_fast(&board, to_color(side)) {
            Mate::Impossible
        } else {
            self.full(pos, &board, side)
        };
        *self.known.entry(key).or_default().mate.get_mut(side) = Some(mate.clone());
        mate
    }

    /// [`is_dead`], remembered and bounded; what it learns about each side
    /// is remembered for [`Solver::can_checkmate`] too.
    pub fn is_dead(&mut self, pos: &Chess) -> bool {
        let key = key(pos);
        if let Some(dead) = self.known.get(&key).and_then(|known| known.dead) {
            return dead;
        }
        let Some(board) = to_board(pos) else {
            return false;
        };
        // Under --proof fast a side the fast check does not prove unable
        // has its answer already: what `can_checkmate` would say.
        let unproven = (self.proof == Proof::Fast).then_some(Mate::NotShownImpossible);
        let fast = |side: Color| {
            self.answer(key, side).or_else(|| {
                if chasolver::is_unwinnable_fast(&board, to_color(side)) {
                    Some(Mate::Impossible)
                } else {
                    unproven.clone()
                }
            })
        };
        // The side not to move first: after a flag fall it is the one the
        // time rule asks about next, and its answer is kept.
        let first = !pos.turn();
        let first_answer = fast(first);
        // Under --proof fast a side not proven unable means a live
        // position: the other side's question cannot change that.
        let second = if first_answer != Some(Mate::Impossible) && self.proof == Proof::Fast {
            None
        } else {
            fast(!first)
        };
        let mut answers = ByColor::<Option<Mate>>::default();
        *answers.get_mut(first) = first_answer;
        *answers.get_mut(!first) = second;
        let open = match (&answers.white, &answers.black) {
            (Some(Mate::Impossible), None) => Some(Color::Black),
            (None, Some(Mate::Impossible)) => Some(Color::White),
            _ => None,
        };
        // A queen or rook against a bare king is alive without a search; the
        // side's question stays open for a claim that needs its line.
        if let Some(side) = open.filter(|&side| !major_against_bare_king(pos, side)) {
            *answers.get_mut(side) = Some(self.full(pos, &board, side));
        }
        let dead = answers.iter().all(|a| a == &Some(Mate::Impossible));
        let known = self.known.entry(key).or_default();
        for side in [Color::White, Color::Black] {
            if let Some(mate) = answers.get_mut(side).take() {
                *known.mate.get_mut(side) = Some(mate);
            }
        }
        known.dead = Some(dead);
        dead
    }

    /// `side`'s answer at the position `key`, where one was established.
    fn answer(&self, key: u64, side: Color) -> Option<Mate> {
        self.known.get(&key)?.mate.get(side).clone()
    }

    fn full(&mut self, pos: &Chess, board: &chess::Board, side: Color) -> Mate {
        if self.proof == Proof::Fast {
            return Mate::NotShownImpossible;
        }
        match &mut self.budget {
            Some(0) => {
                self.over_budget = true;
                return Mate::Undecided;
            }
            Some(left) => *left -= 1,
            None => {}
        }
        #[cfg(test)]
        FULL_SEARCHES.with(|n| n.set(n.get() + 1));
        search(pos, board, side)
    }
}

/// Whether `side` has a queen or a rook and the other side only its king:
/// with the bare king's help such a side can always mate (the king walks to
/// an edge, the queen or rook mates on it; the side's other pieces can only
/// be blocked by its own, which can move), so the position is alive.
fn major_against_bare_king(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    let majors = board.by_color(side) & (board.queens() | board.rooks());
    board.by_color(!side).count() == 1 && majors.any()
}

/// A position's identity for the helpmate question: the board, the side to
/// move, castling and en passant rights (as in 9.2).
fn key(pos: &Chess) -> u64 {
    let hash: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    hash.0
}

/// Reads a FEN into a position for the helpmate questions (tests, `explain`).
pub fn position(fen: &str) -> Option<Chess> {
    position_or_why(fen).ok()
}

/// [`position`], or why the FEN gives none.
///
/// ```
/// use pgn_arbiter::board::helpmate::{FenError, position_or_why};
/// let why = position_or_why("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
/// assert!(matches!(why, FenError::Illegal(_)));
/// assert!(why.to_string().contains("missing king"), "{why}");
/// ```
pub fn position_or_why(fen: &str) -> Result<Chess, FenError> {
    let parsed: Fen = fen.parse().map_err(FenError::NotAFen)?;
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
        .map_err(|e| FenError::Illegal(Box::new(e)))
}

/// Why a FEN gives no position to ask about.
#[derive(Debug)]
pub enum FenError {
    /// Not a FEN at all.
    NotAFen(shakmaty::fen::ParseFenError),
    /// A FEN whose position chess cannot have (a missing king).
    Illegal(Box<shakmaty::PositionError<Chess>>),
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenError::NotAFen(e) => write!(
                f,
                "not a FEN ({e}): six fields, the board first, as `8/8/4k3/8/8/3K4/8/7R w - - 0 1`"
            ),
            FenError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FenError {}

#[cfg(test)]
mod tests;
