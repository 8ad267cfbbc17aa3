//! Can a side still checkmate "by any possible series of legal moves"?
//!
//! The question behind 15.4.2, 15.4.3 and dead positions is a helpmate
//! question, not a material count: a locked pawn wall can make a side with
//! plenty of material unable to mate, and K+B v K+N can still be mated. It is
//! answered by `chasolver` (Ambrona's unwinnability solver), which works on
//! the `chess` crate's board; positions cross over through FEN.

use std::collections::HashMap;

use crate::board::short_mate::shortest_within;
pub use crate::board::short_mate::{SHORT_MATE_NODES, SHORT_MATE_PLIES, SHOWN_MATE_NODES};

use chasolver::Winnability;
use shakmaty::Position;
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    ByColor, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, Move, Role, Square,
    san::SanPlus,
};

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

/// A helpmate found by the solver, kept as moves: turning a line of 50 to
/// 90 plies into SAN costs a legal-move generation per move, and a report
/// shows a dozen of them (the CSV) or all (`explain`, the HTML page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Helpmate {
    start: Chess,
    moves: Vec<Move>,
}

impl Helpmate {
    /// The line to show whole: a shorter helpmate from the same position,
    /// searched with a larger bound ([`SHOWN_MATE_NODES`]) than a reason's.
    pub fn for_display(&self) -> Helpmate {
        let mut end = self.start.clone();
        for m in &self.moves {
            end.play_unchecked(*m);
        }
        match shortest_within(&self.start, end.turn(), self.moves.len(), SHOWN_MATE_NODES) {
            Some(moves) => Helpmate {
                start: self.start.clone(),
                moves,
            },
            None => self.clone(),
        }
    }

    /// The plies of the line.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position the line starts from.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The whole line in SAN.
    pub fn san(&self) -> Vec<String> {
        self.san_where(|_| true)
            .into_iter()
            .map(|(_, s)| s)
            .collect()
    }

    /// The SAN of the plies `shown` picks (0-based), with their indices;
    /// the others are only played.
    pub fn san_where(&self, shown: impl Fn(usize) -> bool) -> Vec<(usize, String)> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for (i, &m) in self.moves.iter().enumerate() {
            if shown(i) {
                out.push((
                    i,
                    SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string(),
                ));
            } else {
                pos.play_unchecked(m);
            }
        }
        out
    }

    /// `41...Kg8 42. Qg7#`: the line with move numbers. Unless `whole`, a
    /// line of more than twelve plies is shortened to its first ten and its
    /// last two, with its length (the solver's helpmates are proofs, not
    /// the shortest ones).
    ///
    /// ```
    /// use pgn_arbiter::board::helpmate::{can_checkmate, position, Mate};
    /// use shakmaty::Color;
    /// let pos = position("8/8/4k3/r7/8/3K4/5N2/8 b - - 0 1").unwrap();
    /// let Mate::Possible(line) = can_checkmate(&pos, Color::White) else { panic!() };
    /// let whole = line.text(true);
    /// assert!(whole.starts_with("1..."), "{whole}");
    /// assert!(whole.ends_with('#'), "{whole}");
    /// if line.len() > 12 {
    ///     assert!(line.text(false).ends_with(&format!("a helpmate of {} plies", line.len())));
    /// }
    /// ```
    pub fn text(&self, whole: bool) -> String {
        const SHOWN: usize = 12;
        let n = self.len();
        let short = !whole && n > SHOWN;
        let shown = |i: usize| !short || i < SHOWN - 2 || i >= n - 2;
        let white_first = self.start.turn() == Color::White;
        let first = self.start.fullmoves().get() as usize;
        let mut out = Vec::with_capacity(n.min(SHOWN));
        for (i, san) in self.san_where(shown) {
            // Plies before this one, counted from White's move of `first`.
            let k = i + usize::from(!white_first);
            let number = first + k / 2;
            let after_gap = short && i == n - 2;
            out.push(match k % 2 {
                0 => format!("{number}. {san}"),
                _ if i == 0 || after_gap => format!("{number}...{san}"),
                _ => san,
            });
        }
        if short {
            let tail = out.split_off(SHOWN - 2);
            return format!(
                "{} … {}, a helpmate of {n} plies",
                out.join(" "),
                tail.join(" ")
            );
        }
        out.join(" ")
    }

    /// The moves as played, for stepping through them on a board.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
}

/// The `chess` crate's board for a position, built square by square (no
/// FEN text in between). Chess960 castling rights are beyond that crate:
/// without them the question is the same but for castling moves.
fn to_board(pos: &Chess) -> Option<chess::Board> {
    let pieces: Vec<(chess::Square, chess::Piece, chess::Color)> = pos
        .board()
        .iter()
        .map(|(sq, piece)| {
            let role = match piece.role {
                Role::Pawn => chess::Piece::Pawn,
                Role::Knight => chess::Piece::Knight,
                Role::Bishop => chess::Piece::Bishop,
                Role::Rook => chess::Piece::Rook,
                Role::Queen => chess::Piece::Queen,
                Role::King => chess::Piece::King,
            };
            (
                chess::ALL_SQUARES[usize::from(sq)],
                role,
                to_color(piece.color),
            )
        })
        .collect();
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
    let turn = to_color(pos.turn());
    let with = chess::BoardBuilder::setup(
        &pieces,
        turn,
        rights(Color::White),
        rights(Color::Black),
        ep,
    );
    chess::Board::try_from(with).ok().or_else(|| {
        let none = chess::CastleRights::NoRights;
        chess::Board::try_from(chess::BoardBuilder::setup(&pieces, turn, none, none, ep)).ok()
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
    /// Whether a position is dead, for every position checked.
    dead: HashMap<u64, bool>,
    /// Each side's answer, where one was established.
    mate: HashMap<(u64, Color), Mate>,
    /// Full searches still allowed; `None` for no bound.
    budget: Option<u32>,
    /// A question went unanswered because the bound was reached.
    pub over_budget: bool,
    pub proof: Proof,
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
            proof: Proof::Full,
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

    /// [`is_dead`], remembered and bounded; what it learns about each side
    /// is remembered for [`Solver::can_checkmate`] too.
    pub fn is_dead(&mut self, pos: &Chess) -> bool {
        let key = key(pos);
        if let Some(&known) = self.dead.get(&key) {
            return known;
        }
        let Some(board) = to_board(pos) else {
            return false;
        };
        let fast = |side: Color| {
            let known = self.mate.get(&(key, side)).cloned();
            known.or_else(|| {
                chasolver::is_unwinnable_fast(&board, to_color(side)).then_some(Mate::Impossible)
            })
        };
        let white = fast(Color::White);
        // Under --proof fast a side not proven unable means a live
        // position: the other side's question cannot change that.
        let black = if white.is_none() && self.proof == Proof::Fast {
            None
        } else {
            fast(Color::Black)
        };
        let mut answers = ByColor { white, black };
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
        for (side, mate) in [(Color::White, answers.white), (Color::Black, answers.black)] {
            if let Some(mate) = mate {
                self.mate.insert((key, side), mate);
            }
        }
        self.dead.insert(key, dead);
        dead
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

/// The solver's helpmate as moves of `pos`, read off the board without
/// asking for legal moves (the solver's line is legal).
fn helpmate(pos: &Chess, line: &[chess::ChessMove]) -> Helpmate {
    let mut board = pos.clone();
    let mut moves = Vec::with_capacity(line.len());
    for m in line {
        let Some(mv) = to_move(&board, *m) else {
            break;
        };
        board.play_unchecked(mv);
        moves.push(mv);
    }
    // The side the line mates is the one to move at its end.
    let loser = board.turn();
    let moves = shortest_within(pos, loser, moves.len(), SHORT_MATE_NODES).unwrap_or(moves);
    Helpmate {
        start: pos.clone(),
        moves,
    }
}

fn to_move(pos: &Chess, m: chess::ChessMove) -> Option<Move> {
    let from = Square::new(m.get_source().to_index() as u32);
    let to = Square::new(m.get_dest().to_index() as u32);
    let board = pos.board();
    let role = board.role_at(from)?;
    if role == Role::King && from.file().distance(to.file()) == 2 {
        let rook = if to.file() > from.file() {
            File::H
        } else {
            File::A
        };
        return Some(Move::Castle {
            king: from,
            rook: Square::from_coords(rook, from.rank()),
        });
    }
    let capture = board.role_at(to);
    if role == Role::Pawn && from.file() != to.file() && capture.is_none() {
        return Some(Move::EnPassant { from, to });
    }
    let promotion = m.get_promotion().map(|p| match p {
        chess::Piece::Knight => Role::Knight,
        chess::Piece::Bishop => Role::Bishop,
        chess::Piece::Rook => Role::Rook,
        _ => Role::Queen,
    });
    Some(Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    })
}

/// Reads a FEN into a position for the helpmate questions (tests, `explain`).
pub fn position(fen: &str) -> Option<Chess> {
    position_or_why(fen).ok()
}

/// [`position`], or why the FEN gives none ("not a FEN: …", "illegal
/// position: missing king").
///
/// ```
/// use pgn_arbiter::board::helpmate::position_or_why;
/// let why = position_or_why("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
/// assert!(why.contains("missing king"), "{why}");
/// ```
pub fn position_or_why(fen: &str) -> Result<Chess, String> {
    let parsed: Fen = fen.parse().map_err(|e| {
        format!("not a FEN ({e}): six fields, the board first, as `8/8/4k3/8/8/3K4/8/7R w - - 0 1`")
    })?;
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
        .map_err(|e| e.to_string())
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
    fn a_queen_or_rook_against_a_bare_king_can_always_be_helped_to_mate() {
        // The dead check takes these as alive without a search; the full
        // search agrees on each, crowded and cornered ones included.
        for fen in [
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            "8/8/8/3k4/8/8/PPPPPPPP/R3K3 w - - 0 1",
            "7k/5K2/8/8/8/8/8/q7 b - - 0 1",
            "K7/8/8/8/8/8/8/k6r w - - 0 1",
            "8/8/8/8/8/2k5/8/K1R5 b - - 0 1",
        ] {
            let pos = position(fen).unwrap();
            let side = if pos.board().by_color(Color::White).count() == 1 {
                Color::Black
            } else {
                Color::White
            };
            assert!(major_against_bare_king(&pos, side), "{fen}");
            assert!(!is_dead(&pos), "{fen}");
            assert!(
                matches!(can_checkmate(&pos, side), Mate::Possible(_)),
                "{fen}"
            );
        }
    }

    fn line(fen: &str, sans: &[&str]) -> Helpmate {
        let start = position(fen).unwrap();
        let mut pos = start.clone();
        let moves = sans
            .iter()
            .map(|s| {
                let m = s
                    .parse::<shakmaty::san::San>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect();
        Helpmate { start, moves }
    }

    #[test]
    fn helpmate_lines_are_numbered_and_shortened() {
        let fen = "7k/8/6K1/8/8/8/8/R7 b - - 0 40";
        let mate = line(fen, &["Kg8", "Ra8#"]);
        assert_eq!(mate.text(false), "40...Kg8 41. Ra8#");
        let mut long = ["Kg8", "Rb1", "Kh8", "Ra1"].repeat(3);
        long.extend(["Kg8", "Ra8#"]);
        let mate = line(fen, &long);
        assert_eq!(mate.len(), 14);
        assert_eq!(
            mate.text(false),
            "40...Kg8 41. Rb1 Kh8 42. Ra1 Kg8 43. Rb1 Kh8 44. Ra1 Kg8 45. Rb1 … 46...Kg8 47. Ra8#, \
             a helpmate of 14 plies"
        );
        assert_eq!(mate.text(true).matches('#').count(), 1);
        assert!(mate.text(true).starts_with("40...Kg8 41. Rb1"));
    }

    #[test]
    fn answers_are_remembered_and_searches_bounded() {
        let kr_v_k = position("4k3/8/8/8/8/K7/8/R7 b - - 0 1").unwrap();
        let kr_v_k2 = position("4k3/8/8/8/8/K7/8/1R6 b - - 0 1").unwrap();
        let mut solver = Solver::with_budget(1);
        assert!(!solver.is_dead(&kr_v_k));
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
        let san = line.san();
        assert!(san.last().unwrap().ends_with('#'), "{san:?}");
        let shown = line.san_where(|i| i + 1 == line.len());
        assert_eq!(shown, [(line.len() - 1, san.last().unwrap().clone())]);
    }
}
