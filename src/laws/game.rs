//! The game the clauses look at: its record, its replay, its claims and
//! the ending it states, with what they ask of it — clock readings, moves as
//! written, incidents, the legal position nearest a ply, and "can this side
//! still checkmate?" through the game's solver.

use std::cell::RefCell;
use std::rc::Rc;

use shakmaty::{ByColor, Chess, Color};

use super::Judging;
use crate::board::helpmate::{Mate, Solver};
use crate::board::no_move::NoMove;
use crate::board::permissive::State;
use crate::board::replay::Replay;
use crate::laws::finding::{CanMate, Finding, Judged};
use crate::laws::incident::Incident;
use crate::model::claim::{Claim, ClaimError, ClaimKind};
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::read::ending::{Doubt, Reading, Statement};
use crate::read::parse::GameRecord;

/// A game as recorded and as replayed on the board, with its claims.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub record: &'a GameRecord<'a>,
    pub replay: Replay,
    /// Claims from the record's comments and from `--events`; an entry that
    /// could not be read says why.
    pub claims: Vec<Result<Claim, ClaimError>>,
    /// How the record says the game ended (a tag, a server's comment),
    /// understood.
    pub statement: Option<Statement>,
    /// Words about the ending the audit cannot take: not understood, or
    /// two statements that disagree.
    pub doubt: Option<Doubt>,
    /// The game's helpmate questions, remembered by position and bounded:
    /// the dead-position check and the claims ask about the same
    /// positions, and the search is the costliest step of an audit. Shared
    /// by the judgements of one record under several editions
    /// ([`Game::sharing_solver`]), so that the bound is one per game.
    solver: Rc<RefCell<Solver>>,
    /// The plies after which each side's `%clk` was recorded: made once,
    /// so that asking at every incident stays linear in the game's length.
    clock_plies: std::cell::OnceCell<ByColor<Vec<u32>>>,
    /// Checkmate or stalemate in the final position: the board's clauses
    /// and the ending's mark both ask, and the answer generates every
    /// legal move.
    end_on_board: std::cell::OnceCell<Option<NoMove>>,
}

/// The answer to "can this side still mate?" about a game's position.
#[derive(Debug, Clone)]
pub(crate) struct MateAnswer {
    pub mate: Mate,
    /// Which position was judged.
    pub judged: Judged,
}

impl MateAnswer {
    /// The answer as a reason quotes it, for `side`.
    pub fn for_side(&self, side: Color) -> CanMate {
        CanMate {
            side,
            mate: self.mate.clone(),
            judged: self.judged.clone(),
        }
    }
}

impl<'a> Game<'a> {
    /// A game with the claims its record holds.
    pub fn new(record: &'a GameRecord<'a>, replay: Replay) -> Self {
        Game::with_claims(record, replay, record.claims.clone())
    }

    /// A game with claims from the record and elsewhere (`--events`).
    pub fn with_claims(
        record: &'a GameRecord<'a>,
        replay: Replay,
        claims: Vec<Result<Claim, ClaimError>>,
    ) -> Self {
        let reading = Reading::of(record);
        Game {
            record,
            replay,
            claims,
            statement: reading.statement,
            doubt: reading.doubt,
            solver: Rc::new(RefCell::new(Solver::for_game())),
            clock_plies: std::cell::OnceCell::new(),
            end_on_board: std::cell::OnceCell::new(),
        }
    }

    /// The same record replayed another way (under another edition), asking
    /// its helpmate questions of `other`'s solver: its answers and its
    /// budget are the game's, not the edition's.
    pub fn sharing_solver(mut self, other: &Game<'_>) -> Self {
        self.solver = Rc::clone(&other.solver);
        self
    }

    /// Checkmate or stalemate in the final position, if it is legal and
    /// one of them.
    pub(super) fn end_on_board(&self) -> Option<NoMove> {
        let State::Legal(pos) = &self.replay.end else {
            return None;
        };
        *self.end_on_board.get_or_init(|| NoMove::at(pos))
    }

    /// Whether a position of the game is dead.
    pub(super) fn is_dead(&self, pos: &Chess) -> bool {
        self.solver.borrow_mut().is_dead(pos)
    }

    /// Whether a helpmate question went unanswered: the game's searches
    /// reached [`FULL_SEARCHES_PER_GAME`].
    pub(super) fn solver_over_budget(&self) -> bool {
        self.solver.borrow().over_budget
    }

    /// The recorded result.
    pub fn recorded(&self) -> GameResult {
        self.record.recorded_result()
    }

    pub fn plies(&self) -> usize {
        self.replay.plies()
    }

    /// The readable claims of one kind, in order.
    pub(super) fn claims_of(&self, kind: ClaimKind) -> impl Iterator<Item = Claim> + '_ {
        self.claims
            .iter()
            .filter_map(|c| c.as_ref().ok())
            .filter(move |c| c.kind == kind)
            .copied()
    }

    /// The last `%clk` of `side` among plies `1..=ply`.
    pub fn clock(&self, side: Color, ply: usize) -> Option<Clock> {
        self.record.moves[self.clock_ply(side, ply)? - 1].clock
    }

    /// The ply of the last `%clk` of `side` among plies `1..=ply`.
    pub(super) fn clock_ply(&self, side: Color, ply: usize) -> Option<usize> {
        let plies = self.clock_plies.get_or_init(|| {
            let half = self.plies() / 2 + 1;
            let mut plies = ByColor::new_with(|_| Vec::with_capacity(half));
            let steps = self.replay.steps.iter().zip(&self.record.moves);
            for (k, (step, m)) in steps.enumerate() {
                if m.clock.is_some() {
                    plies.get_mut(step.mover).push(k as u32 + 1);
                }
            }
            plies
        });
        let side_plies = plies.get(side);
        let before = side_plies.partition_point(|&k| k as usize <= ply);
        side_plies.get(before.checked_sub(1)?).map(|&k| k as usize)
    }

    /// A record with no move that no server or broadcast kept (they record
    /// the moves played): a pairing program writes none.
    pub(super) fn no_moves_written(&self) -> bool {
        let tags = &self.record.tags;
        self.plies() == 0 && !tags.lichess_relay() && tags.server().is_none()
    }

    /// A result and no move, and no word about the ending (inert words are
    /// none, as the ledger reads them), nor a claim: a pairing program's
    /// round, whose result stands unchecked (ending `no-moves`).
    pub(super) fn result_only(&self) -> bool {
        self.no_moves_written()
            && self.statement.is_none()
            && self.doubt.is_none()
            && self.record.claims.is_empty()
            && matches!(self.recorded(), GameResult::Win(_) | GameResult::Draw)
    }

    /// The clock of `side` when the record ends: the `WhiteClock` or
    /// `BlackClock` tag (a broadcast's last reading), else the last `%clk`.
    pub fn final_clock(&self, side: Color) -> Option<Clock> {
        let tag = match side {
            Color::White => &self.record.tags.white_clock,
            Color::Black => &self.record.tags.black_clock,
        };
        // FICS writes these tags with the clocks at the start of the game.
        let tag = tag.as_deref().filter(|_| !self.record.tags.is_fics());
        tag.and_then(Clock::parse)
            .or_else(|| self.clock(side, self.plies()))
    }

    /// The clock of `side` once `ply` plies were played.
    pub(super) fn clock_after(&self, side: Color, ply: usize) -> Option<Clock> {
        if ply >= self.plies() {
            self.final_clock(side)
        } else {
            self.clock(side, ply)
        }
    }

    /// The move of ply `ply` as the record writes it.
    pub(super) fn written(&self, ply: usize) -> String {
        ply.checked_sub(1)
            .and_then(|i| self.record.moves.get(i))
            .map(|m| String::from_utf8_lossy(self.record.token(m)).into_owned())
            .unwrap_or_default()
    }

    /// `23. Nf3` or `23...Nf6` as written.
    pub(super) fn move_text(&self, ply: usize) -> String {
        self.replay.numbered(ply, &self.written(ply))
    }

    /// An incident at the move of ply `ply` (1-based; one past the last
    /// played move for events after it, such as a flag fall).
    pub(super) fn incident(
        &self,
        ply: usize,
        kind: IncidentKind,
        side: Option<Color>,
        clause: Option<&'static str>,
        detail: impl Into<Finding>,
    ) -> Incident {
        let before = self.replay.position_at(ply.saturating_sub(1));
        let clocks_at = ply.saturating_sub(1);
        Incident {
            ply,
            move_label: if ply == 0 {
                String::new()
            } else {
                self.replay.move_label(ply)
            },
            kind,
            side,
            san: self.written(ply),
            fen_before: before.fen(),
            white_clock: self.clock_after(Color::White, clocks_at),
            black_clock: self.clock_after(Color::Black, clocks_at),
            clause,
            stands: false,
            detail: detail.into(),
        }
    }

    /// The legal position nearest before or at `ply`, and its ply: the
    /// question "can this side still mate?" needs a legal position, and the
    /// one just after an illegal move may not be one.
    pub(super) fn legal_position(&self, ply: usize) -> Option<(Chess, usize)> {
        if ply >= self.plies()
            && let State::Legal(pos) = &self.replay.end
        {
            return Some((pos.clone(), self.plies()));
        }
        self.replay.last_legal(ply)
    }

    /// Can `side` still checkmate once `ply` plies were played?
    pub(super) fn can_mate(&self, ply: usize, side: Color) -> MateAnswer {
        let Some((pos, at)) = self.legal_position(ply) else {
            return MateAnswer {
                mate: Mate::Undecided,
                judged: Judged::NoLegalPosition,
            };
        };
        let mate = self.solver.borrow_mut().can_checkmate(&pos, side);
        let judged = match at {
            _ if at == ply => Judged::AsAsked,
            0 => Judged::AtStart,
            _ => Judged::After(self.move_text(at)),
        };
        MateAnswer { mate, judged }
    }

    /// How many moves `side` has completed once `ply` plies were played.
    pub(super) fn moves_completed(&self, side: Color, ply: usize) -> usize {
        self.replay.steps[..ply.min(self.plies())]
            .iter()
            .filter(|s| s.mover == side && !s.restored)
            .count()
    }
}

impl Game<'_> {
    /// The loser by the result when the record states no ending and his
    /// last clock reads zero: a flag fall only the clocks show.
    pub(super) fn loser_on_clocks(&self, recorded: GameResult) -> Option<Color> {
        if self.statement.is_some() || self.doubt.is_some() {
            return None;
        }
        let loser = !recorded.winner()?;
        self.final_clock(loser).filter(|c| c.is_zero())?;
        Some(loser)
    }

    /// The solver answers as the run's proof mode asks.
    pub(super) fn use_proof_of(&self, rules: &Judging) {
        self.solver.borrow_mut().proof = rules.proof;
    }
}
