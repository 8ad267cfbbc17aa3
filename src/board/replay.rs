//! Replay: play a parsed game's moves on the board, from the standard
//! position or its `FEN`/`SetUp` tags, standard chess or Chess960 —
//! through illegal moves too, since under 15.4.2 an unclaimed illegal move
//! stands and the game goes on.
//!
//! Each recorded move is read in any notation ([`crate::board::notation`]) and
//! matched first against shakmaty's legal moves (the fast path); a move that
//! is not legal but can be carried out on the board is played on the
//! [`crate::board::permissive`] position and remembered with what makes it illegal.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Color, Move, Piece, Rank, Role, Square};

use crate::board::moves::{Offence, Resolved, resolve};
pub use crate::board::moves::{Unplayable, role_name};
use crate::board::notation::{Irregular, read};
use crate::board::permissive::State;
use crate::model::claim::{Claim, ClaimError, ClaimKind, Claimant};
use crate::read::parse::GameRecord;

/// Which illegal moves the arbiter took back, so that the record goes on
/// from the position before them (the next move in it replaces them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TakeBack {
    /// None: an illegal move stands unless claimed, and a claim ends the
    /// game (ru-rapid's 15.4.2).
    #[default]
    None,
    /// Those claimed before the opponent's next move (from 2018, and in
    /// 2009's rapid rules: a claim costs time, the game goes on).
    Claimed,
    /// Every one: the arbiter supervised and kept the record (15.3).
    All,
}

/// One recorded move as it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// `None` for a null move (a pass).
    pub mv: Option<Move>,
    pub mover: Color,
    /// The full-move number the move was made at.
    pub fullmove: u32,
    /// Legal in the position it was made in (the fast path may replay it).
    pub legal: bool,
    /// Why the move is illegal (15.4.2), when it is.
    pub illegal: Option<Offence>,
    /// What was irregular about how the move was written.
    pub notation: Option<Irregular>,
    /// The arbiter took the illegal move back ([`TakeBack`]): it is not
    /// played.
    pub restored: bool,
}

impl Step {
    /// A resolved move, made by the side to move in `before`.
    fn of(resolved: Resolved, before: &State) -> Step {
        Step {
            mv: resolved.mv,
            mover: before.turn(),
            fullmove: before.fullmoves(),
            legal: resolved.legal,
            illegal: resolved.illegal,
            notation: resolved.notation,
            restored: false,
        }
    }

    /// Castling that the wrong set-up forbade (15.4.1.2); the offence says
    /// which piece stood wrong.
    pub fn castling_disallowed(&self) -> bool {
        self.illegal.is_some_and(Offence::is_set_up)
    }
}

/// A game played out on the board.
#[derive(Debug, Clone)]
pub struct Replay {
    pub start: State,
    pub castling_mode: CastlingMode,
    /// One step per recorded move that could be read; `steps[k]` is ply `k + 1`.
    pub steps: Vec<Step>,
    /// The position after the last step.
    pub end: State,
    /// Set when a recorded move could not be read or played: replay stopped.
    pub stop: Option<Stop>,
    /// The start was a wrong set-up of the pieces (15.4.1.2).
    pub wrong_setup: Option<WrongSetup>,
    /// The position after every [`CHECKPOINT`]-th ply, so that asking for
    /// any position costs at most that many plies, not the whole game.
    checkpoints: Vec<State>,
}

/// Plies between two kept positions: a long game's incidents each ask for
/// a position, and replaying from the start for each would be quadratic.
const CHECKPOINT: usize = 64;

/// A recorded move that could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// Index of the move token in the record (= its ply minus one).
    pub token: usize,
    /// The token as the record writes it.
    pub text: String,
    pub why: Unplayable,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}`: {}", self.text, self.why)
    }
}

/// The pieces of a wrong set-up (15.4.1.2): every piece that stands off
/// its square in the standard arrangement, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrongSetup {
    pub misplaced: Vec<(Piece, Square)>,
}

/// Why a game cannot be replayed at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    Variant(String),
    Setup(String),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Variant(v) => write!(f, "variant \"{v}\" is not standard chess"),
            ReplayError::Setup(why) => write!(f, "the FEN tag cannot be set up: {why}"),
        }
    }
}

impl Replay {
    /// The position after `ply` plies (0 = the start).
    pub fn position_at(&self, ply: usize) -> State {
        if ply >= self.steps.len() {
            return self.end.clone();
        }
        let kept = ply / CHECKPOINT;
        let mut state = match kept.checked_sub(1) {
            Some(i) => self.checkpoints[i].clone(),
            None => self.start.clone(),
        };
        for step in &self.steps[kept * CHECKPOINT..ply] {
            advance(&mut state, step, self.castling_mode);
        }
        state
    }

    /// The legal position nearest before or at `ply`, and its ply; walks
    /// back one stretch of [`CHECKPOINT`] plies at a time.
    pub fn last_legal(&self, ply: usize) -> Option<(shakmaty::Chess, usize)> {
        let ply = ply.min(self.steps.len());
        for chunk in (0..=ply / CHECKPOINT).rev() {
            let from = chunk * CHECKPOINT;
            let mut state = self.position_at(from);
            let mut best = state.as_chess().map(|c| (c.clone(), from));
            for k in from + 1..=ply.min(from + CHECKPOINT - 1) {
                self.play_ply(&mut state, k);
                if let State::Legal(pos) = &state {
                    best = Some((pos.clone(), k));
                }
            }
            if best.is_some() {
                return best;
            }
        }
        None
    }

    /// Plays ply `ply` (1-based) on `state`, the position before it: for
    /// walking a game once instead of asking [`Replay::position_at`] at
    /// every ply.
    pub fn play_ply(&self, state: &mut State, ply: usize) {
        advance(state, &self.steps[ply - 1], self.castling_mode);
    }

    /// The number of plies played.
    pub fn plies(&self) -> usize {
        self.steps.len()
    }

    /// The side that makes ply `ply` (1-based); past the end, the side to
    /// move at the end.
    pub fn mover(&self, ply: usize) -> Color {
        match ply.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(step) => step.mover,
            None => self.end.turn(),
        }
    }

    /// `23.` or `23...`: the move number of ply `ply` (1-based).
    pub fn move_label(&self, ply: usize) -> String {
        let (mover, number) = match ply.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(step) => (step.mover, step.fullmove),
            None => {
                let setup = self.end.setup();
                (setup.turn, setup.fullmoves.get())
            }
        };
        match mover {
            Color::White => format!("{number}."),
            Color::Black => format!("{number}..."),
        }
    }

    /// `23. Nf3` or `23...Nf6`: a move with its number.
    pub fn numbered(&self, ply: usize, san: &str) -> String {
        // Written onto the label: a `format!` here grew its string twice,
        // once for every reason and incident that names a move.
        let mut text = self.move_label(ply);
        if !text.ends_with("...") {
            text.push(' ');
        }
        text.push_str(san);
        text
    }
}

fn advance(state: &mut State, step: &Step, mode: CastlingMode) {
    if step.restored {
        return;
    }
    match step.mv {
        Some(m) => state.play(m, step.legal, mode),
        None => state.pass(mode),
    }
}

/// Which rules of movement a game's `Variant` tag asks for.
fn castling_mode(variant: Option<&str>) -> Result<Option<CastlingMode>, ReplayError> {
    let Some(v) = variant else {
        return Ok(None);
    };
    let norm: String = v
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match norm.as_str() {
        "" | "standard" | "normal" | "fromposition" | "chess" => Ok(None),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "freestyle" => {
            Ok(Some(CastlingMode::Chess960))
        }
        _ => Err(ReplayError::Variant(v.to_string())),
    }
}

fn setup(
    record: &GameRecord<'_>,
) -> Result<(State, CastlingMode, Option<WrongSetup>), ReplayError> {
    let declared = castling_mode(record.tags.variant.as_deref())?;
    let Some(fen) = record.tags.fen.as_deref().filter(|f| !f.trim().is_empty()) else {
        let mode = declared.unwrap_or(CastlingMode::Standard);
        return Ok((State::Legal(shakmaty::Chess::default()), mode, None));
    };
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e| ReplayError::Setup(format!("{e} in \"{fen}\"")))?;
    // A FEN whose castling rights only make sense in Chess960 is Chess960.
    let mode = declared.unwrap_or_else(|| {
        let strict = fen
            .clone()
            .into_position::<shakmaty::Chess>(CastlingMode::Standard);
        let is_960 = strict.is_err()
            && fen
                .clone()
                .into_position::<shakmaty::Chess>(CastlingMode::Chess960)
                .is_ok();
        if is_960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    });
    let setup = fen.into_setup();
    let wrong = (mode == CastlingMode::Standard)
        .then(|| wrong_setup(&setup.board))
        .flatten();
    let state = State::from_setup(setup, mode).map_err(|e| ReplayError::Setup(e.to_string()))?;
    Ok((state, mode, wrong))
}

/// A wrong set-up (15.4.1.2): all 32 pieces on their home ranks, but not in
/// the standard arrangement.
fn wrong_setup(board: &shakmaty::Board) -> Option<WrongSetup> {
    let standard = shakmaty::Board::default();
    if board == &standard {
        return None;
    }
    let home = Bitboard::from_rank(Rank::First)
        | Bitboard::from_rank(Rank::Second)
        | Bitboard::from_rank(Rank::Seventh)
        | Bitboard::from_rank(Rank::Eighth);
    let pawns_home = board.by_piece(Piece {
        color: Color::White,
        role: Role::Pawn,
    }) == Bitboard::from_rank(Rank::Second)
        && board.by_piece(Piece {
            color: Color::Black,
            role: Role::Pawn,
        }) == Bitboard::from_rank(Rank::Seventh);
    if board.occupied() != home || !pawns_home || board.material() != standard.material() {
        return None;
    }
    let misplaced = Square::ALL
        .into_iter()
        .filter(|&sq| board.piece_at(sq) != standard.piece_at(sq))
        .filter_map(|sq| board.piece_at(sq).map(|p| (p, sq)))
        .collect();
    Some(WrongSetup { misplaced })
}

/// Plays every recorded move that can be read, legal or not.
pub fn replay(record: &GameRecord<'_>, take_back: TakeBack) -> Result<Replay, ReplayError> {
    replay_with_claims(record, take_back, &record.claims)
}

/// [`replay`] with the claims from elsewhere too (`--events`): under
/// [`TakeBack::Claimed`] they say which moves were taken back.
pub fn replay_with_claims(
    record: &GameRecord<'_>,
    take_back: TakeBack,
    claims: &[Result<Claim, ClaimError>],
) -> Result<Replay, ReplayError> {
    let claimed = |ply: usize, mover: Color| {
        claims.iter().filter_map(|c| c.as_ref().ok()).any(|c| {
            c.kind == ClaimKind::Illegal && c.ply == ply && c.by != Claimant::Player(mover)
        })
    };
    let (start, castling_mode, wrong) = setup(record)?;
    let mut state = start.clone();
    let mut steps = Vec::with_capacity(record.moves.len());
    let mut stop = None;
    let mut checkpoints = Vec::new();
    for (i, token) in record.moves.iter().enumerate() {
        let text = record.token(token);
        let resolved = read(text)
            .ok_or_else(|| Unplayable::NotAMove {
                text: String::from_utf8_lossy(text).into_owned(),
            })
            .and_then(|reading| resolve(&state, reading, castling_mode, wrong.is_some()));
        match resolved {
            Ok(resolved) => {
                let mut step = Step::of(resolved, &state);
                let offence = step.illegal.is_some() || step.mv.is_none();
                step.restored = match take_back {
                    TakeBack::None => false,
                    TakeBack::Claimed => offence && claimed(i + 1, step.mover),
                    TakeBack::All => step.illegal.is_some(),
                };
                advance(&mut state, &step, castling_mode);
                steps.push(step);
                if steps.len() % CHECKPOINT == 0 {
                    checkpoints.push(state.clone());
                }
            }
            Err(why) => {
                let text = String::from_utf8_lossy(text).into_owned();
                stop = Some(Stop {
                    token: i,
                    text,
                    why,
                });
                break;
            }
        }
    }
    Ok(Replay {
        start,
        castling_mode,
        steps,
        end: state,
        stop,
        wrong_setup: wrong,
        checkpoints,
    })
}

#[cfg(test)]
mod tests;
