//! Laws: decide a replayed game's correct result under an edition of the
//! Laws — by default ru-rapid, the Russian rapid-play rules of `RULES.en.md`.
//!
//! [`judge`] is a pure function of a [`Game`] and the [`Judging`]. The edition
//! and the game's category give a [`Book`] ([`placement`]); each clause
//! lives in its own submodule, reads the book, and is tested there on small
//! hand-made games: [`board`] (checkmate, stalemate, dead position),
//! [`automatic`] (9.6: 75 moves, fivefold repetition), [`illegal`] (15.4.2
//! and its successors), [`position`] (15.4.4), [`setup`] (15.4.1.2),
//! [`time`] (15.4.3, 6.9), [`draw`] (10.2, G.5, III.5), [`clocks`]
//! (15.4.1.1), [`resignation`] (5.1.2 of 2023).
//! Each proposes the [`Decision`] it would make and the incidents it saw;
//! the earliest decision ends the game — events are judged in the order
//! they happened on the board.

mod abandonment;
pub mod adjudicate;
mod automatic;
mod board;
mod clocks;
mod draw;
pub mod edition;
pub mod editions;
mod finish;
mod illegal;
pub mod placement;
mod position;
mod resignation;
pub mod rulebook;
mod setup;
mod time;

pub use edition::Book;
pub use placement::{Laws, Placement, Unplaced};

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use shakmaty::{ByColor, Chess, Color};

use crate::model::claim::{Claim, ClaimKind};

use crate::board::helpmate::{FULL_SEARCHES_PER_GAME, Helpmate, Mate, Proof, Solver};
use crate::board::permissive::State;
use crate::board::replay::Replay;
use crate::board::tablebase::Tablebases;
use crate::model::clock::Clock;
use crate::model::incident::{Incident, IncidentKind};
use crate::model::outcome::GameResult;
use crate::model::time_control::Category;
use crate::model::verdict::{Clause, Status, Verdict};
use crate::read::ending::{self, Ending, Statement};
use crate::read::parse::GameRecord;

/// How the games of a run are judged: which Laws, under what supervision,
/// how the helpmate question is answered, with which tablebases and clock
/// tolerance. (The Laws themselves are [`Edition`]s and their [`RuleSet`]s;
/// the [`Book`] is one edition for one game's category.)
#[derive(Debug, Clone)]
pub struct Judging {
    /// Look for dead positions after every move (on by default; off only
    /// to measure what it costs).
    pub dead_position_check: bool,
    /// The edition of the Laws, or `by-date` (`--laws`).
    pub laws: Laws,
    /// The event was supervised as 15.3 (A.3, A.4 of 2023) asks: the
    /// ordinary Laws govern illegal moves (`--supervised`).
    pub supervised: bool,
    /// Games that are not rapid by 15.1 go to review instead of being
    /// judged by the rapid-play rules.
    pub only_rapid: bool,
    /// Endgame tablebases for 10.2 claims (`--syzygy`).
    pub tablebases: Option<Arc<Tablebases>>,
    /// How far a clock may rise past what the rules give before it is a
    /// clock change (15.4.1.1), `--clock-tolerance`; `None` for the
    /// default: [`ROUNDING_TOLERANCE`] for a game played on a server,
    /// [`RELAY_TOLERANCE`] for the rest.
    pub clock_tolerance: Option<Clock>,
    /// How "can this side checkmate?" is answered (`--proof`).
    pub proof: Proof,
}

/// The `regime` column: `15.3` for a supervised event, `15.4` otherwise.
pub fn regime_name(supervised: bool) -> &'static str {
    if supervised { "15.3" } else { "15.4" }
}

impl Judging {
    /// The book a game is judged by.
    pub fn place(&self, record: &GameRecord<'_>) -> Placement {
        self.laws.place(record, self.supervised)
    }
}

/// A server keeps the clocks exactly and its PGN rounds them to the second.
pub const ROUNDING_TOLERANCE: Clock = Clock(1_000);

/// Over-the-board clocks reach a record through a relay that samples them
/// late: on the lichess broadcast of `tests/data/otb/` the noise reaches
/// 33 s over the increment, and the jumps above a minute there look like
/// real changes or a relay reading the wrong board.
pub const RELAY_TOLERANCE: Clock = Clock(60_000);

impl Default for Judging {
    fn default() -> Self {
        Judging {
            dead_position_check: true,
            laws: Laws::default(),
            supervised: false,
            only_rapid: false,
            tablebases: None,
            clock_tolerance: None,
            proof: Proof::Full,
        }
    }
}

/// A game as recorded and as replayed on the board, with its claims.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub record: &'a GameRecord<'a>,
    pub replay: Replay,
    /// Claims from the record's comments and from `--events`; an entry that
    /// could not be read says why.
    pub claims: Vec<Result<Claim, String>>,
    /// How the record says the game ended (a tag, a server's comment).
    pub statement: Option<Statement>,
    /// The game's helpmate questions, remembered by position and bounded:
    /// the dead-position check and the claims ask about the same
    /// positions, and the search is the costliest step of an audit. Shared
    /// by the judgements of one record under several editions
    /// ([`Game::sharing_solver`]), so that the bound is one per game.
    solver: Rc<RefCell<Solver>>,
    /// The plies after which each side's `%clk` was recorded: made once,
    /// so that asking at every incident stays linear in the game's length.
    clock_plies: std::cell::OnceCell<ByColor<Vec<u32>>>,
}

/// The verdict and the incidents behind it, in ply order.
#[derive(Debug, Clone)]
pub struct Judgement {
    pub verdict: Verdict,
    pub incidents: Vec<Incident>,
    /// The helpmate behind the verdict, when one shows that a side could
    /// still checkmate: whole, for `explain` and the HTML page to step
    /// through (the reason shows a shortened line).
    pub helpmate: Option<Helpmate>,
    /// The Laws the game was judged by.
    pub book: Book,
    /// How the game ended, and where that was read.
    pub ending: (Ending, ending::EndingSource),
}

/// The answer to "can this side still mate?" about a game's position.
#[derive(Debug, Clone)]
pub(crate) struct MateAnswer {
    pub mate: Mate,
    /// Says which position was judged when it is not the one asked about.
    pub note: String,
}

/// What one clause would decide, and when.
#[derive(Debug, Clone)]
pub(crate) struct Decision {
    /// The ply after which the game is over.
    pub ply: usize,
    /// Among decisions at the same ply, the lower acts first: a claim on
    /// the move itself comes before what the move did on the board.
    pub rank: u8,
    pub verdict: Verdict,
    /// Incidents that belong to this decision only.
    pub incidents: Vec<Incident>,
    /// The helpmate the verdict rests on, if any.
    pub helpmate: Option<Helpmate>,
}

impl Decision {
    /// A decision with no incidents of its own.
    fn new(ply: usize, rank: u8, verdict: Verdict) -> Decision {
        Decision {
            ply,
            rank,
            verdict,
            incidents: Vec::new(),
            helpmate: None,
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
        claims: Vec<Result<Claim, String>>,
    ) -> Self {
        Game {
            record,
            replay,
            claims,
            statement: Statement::read(record),
            solver: Rc::new(RefCell::new(Solver::for_game())),
            clock_plies: std::cell::OnceCell::new(),
        }
    }

    /// The same record replayed another way (under another edition), asking
    /// its helpmate questions of `other`'s solver: its answers and its
    /// budget are the game's, not the edition's.
    pub fn sharing_solver(mut self, other: &Game<'_>) -> Self {
        self.solver = Rc::clone(&other.solver);
        self
    }

    /// Whether a position of the game is dead.
    fn is_dead(&self, pos: &Chess) -> bool {
        self.solver.borrow_mut().is_dead(pos)
    }

    /// Whether a helpmate question went unanswered: the game's searches
    /// reached [`FULL_SEARCHES_PER_GAME`].
    fn solver_over_budget(&self) -> bool {
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
    fn claims_of(&self, kind: ClaimKind) -> impl Iterator<Item = Claim> + '_ {
        self.claims
            .iter()
            .filter_map(|c| c.as_ref().ok())
            .filter(move |c| c.kind == kind)
            .copied()
    }

    /// The last `%clk` of `side` among plies `1..=ply`.
    pub fn clock(&self, side: Color, ply: usize) -> Option<Clock> {
        let plies = self.clock_plies.get_or_init(|| {
            let mut plies = ByColor::<Vec<u32>>::default();
            for k in 1..=self.plies() {
                if self.record.moves[k - 1].clock.is_some() {
                    plies.get_mut(self.replay.mover(k)).push(k as u32);
                }
            }
            plies
        });
        let side_plies = plies.get(side);
        let before = side_plies.partition_point(|&k| k as usize <= ply);
        let k = *side_plies.get(before.checked_sub(1)?)? as usize;
        self.record.moves[k - 1].clock
    }

    /// The clock of `side` when the record ends: the `WhiteClock` or
    /// `BlackClock` tag (a broadcast's last reading), else the last `%clk`.
    pub fn final_clock(&self, side: Color) -> Option<Clock> {
        let tag = match side {
            Color::White => &self.record.tags.white_clock,
            Color::Black => &self.record.tags.black_clock,
        };
        // FICS writes these tags with the clocks at the start of the game.
        let tag = tag.as_ref().filter(|_| !self.record.tags.is_fics());
        tag.map(String::as_str)
            .and_then(Clock::parse)
            .or_else(|| self.clock(side, self.plies()))
    }

    /// The clock of `side` once `ply` plies were played.
    fn clock_after(&self, side: Color, ply: usize) -> Option<Clock> {
        if ply >= self.plies() {
            self.final_clock(side)
        } else {
            self.clock(side, ply)
        }
    }

    /// Both clocks once `ply` plies were played, for a reason sentence.
    fn clocks_text(&self, ply: usize) -> String {
        let show = |c: Option<Clock>| c.map_or_else(|| "unknown".to_string(), |c| c.to_string());
        format!(
            "White {}, Black {}",
            show(self.clock_after(Color::White, ply)),
            show(self.clock_after(Color::Black, ply))
        )
    }

    /// "clocks White 0:01:20, Black 0:05:00", or "no clocks recorded".
    fn clocks_note(&self, ply: usize) -> String {
        let (white, black) = (
            self.clock_after(Color::White, ply),
            self.clock_after(Color::Black, ply),
        );
        if white.is_none() && black.is_none() {
            return "no clocks recorded".into();
        }
        format!("clocks {}", self.clocks_text(ply))
    }

    /// The move of ply `ply` as the record writes it.
    fn written(&self, ply: usize) -> String {
        ply.checked_sub(1)
            .and_then(|i| self.record.moves.get(i))
            .map(|m| String::from_utf8_lossy(self.record.token(m)).into_owned())
            .unwrap_or_default()
    }

    /// `23. Nf3` or `23...Nf6` as written.
    fn move_text(&self, ply: usize) -> String {
        self.replay.numbered(ply, &self.written(ply))
    }

    /// An incident at the move of ply `ply` (1-based; one past the last
    /// played move for events after it, such as a flag fall).
    fn incident(
        &self,
        ply: usize,
        kind: IncidentKind,
        side: Option<Color>,
        detail: String,
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
            detail,
        }
    }

    /// The legal position nearest before or at `ply`, and its ply: the
    /// question "can this side still mate?" needs a legal position, and the
    /// one just after an illegal move may not be one.
    fn legal_position(&self, ply: usize) -> Option<(Chess, usize)> {
        if ply >= self.plies()
            && let State::Legal(pos) = &self.replay.end
        {
            return Some((pos.clone(), self.plies()));
        }
        self.replay.last_legal(ply)
    }

    /// Can `side` still checkmate once `ply` plies were played?
    fn can_mate(&self, ply: usize, side: Color) -> MateAnswer {
        let Some((pos, at)) = self.legal_position(ply) else {
            return MateAnswer {
                mate: Mate::Undecided,
                note: " (no legal position to judge)".into(),
            };
        };
        let mate = self.solver.borrow_mut().can_checkmate(&pos, side);
        let note = match at {
            _ if at == ply => String::new(),
            0 => " (judged in the starting position, the last legal one)".into(),
            _ => format!(
                " (judged in the last legal position, after {})",
                self.move_text(at)
            ),
        };
        MateAnswer { mate, note }
    }

    /// How many moves `side` has completed once `ply` plies were played.
    fn moves_completed(&self, side: Color, ply: usize) -> usize {
        self.replay.steps[..ply.min(self.plies())]
            .iter()
            .filter(|s| s.mover == side && !s.restored)
            .count()
    }
}

pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `offender` loses at `ply` — unless the opponent cannot checkmate (asked
/// once `mate_ply` plies were played), then it is a draw (15.4.2, 7.5).
/// `lead` says what happened; an undecided helpmate question goes to review.
fn loss_unless_unwinnable(
    game: &Game<'_>,
    recorded: GameResult,
    ply: usize,
    mate_ply: usize,
    offender: Color,
    clause: Clause,
    lead: String,
) -> Decision {
    let answer = game.can_mate(mate_ply, !offender);
    let (correct, outcome) = match answer.mate {
        Mate::Impossible => (GameResult::Draw, "so the game is drawn".to_string()),
        _ => (
            GameResult::Win(!offender),
            format!("so {} loses", side_name(offender)),
        ),
    };
    let reason = format!("{lead}: {}, {outcome}", mate_phrase(!offender, &answer));
    let verdict = Verdict::decide(recorded, correct, clause, ply, reason);
    let verdict = if answer.mate == Mate::Undecided {
        verdict.for_review()
    } else {
        verdict
    };
    Decision {
        helpmate: answer.mate.into_helpmate(),
        ..Decision::new(ply, 0, verdict)
    }
}

/// "can still checkmate (for example 41...Kg8 42. Qg7#)" or "cannot
/// checkmate by any series of legal moves".
fn mate_phrase(side: Color, answer: &MateAnswer) -> String {
    let name = side_name(side);
    let note = &answer.note;
    match &answer.mate {
        Mate::Possible(line) => format!(
            "{name} can still checkmate (for example {}){note}",
            line.text(false)
        ),
        Mate::Impossible => format!("no series of legal moves lets {name} checkmate{note}"),
        Mate::NotShownImpossible => {
            format!("{name} is not shown unable to checkmate (fast check){note}")
        }
        Mate::Undecided => {
            format!("the helpmate solver could not decide whether {name} can still checkmate{note}")
        }
    }
}

/// Decides the correct result of a replayed game.
pub fn judge(game: &Game<'_>, rules: &Judging) -> Judgement {
    judge_placed(game, rules, rules.place(game.record))
}

/// [`judge`] with the book already chosen (the replay needed it first).
pub fn judge_placed(game: &Game<'_>, rules: &Judging, placement: Placement) -> Judgement {
    game.solver.borrow_mut().proof = rules.proof;
    let book = &placement.book;
    let recorded = game.recorded();
    let mut incidents = Vec::new();
    let mut decisions = Vec::new();
    board::ended_on_board(game, rules, recorded, &mut decisions);
    automatic::judge(game, book, recorded, &mut decisions);
    illegal::judge(game, book, recorded, &mut incidents, &mut decisions);
    position::judge(game, book, recorded, &mut incidents, &mut decisions);
    setup::judge(game, book, recorded, &mut incidents, &mut decisions);
    time::judge(game, book, recorded, &mut incidents, &mut decisions);
    let postponed = draw::judge(game, rules, book, recorded, &mut incidents, &mut decisions);
    clocks::judge(game, rules, book, &mut incidents);
    notation(game, &mut incidents);
    for claim in game.claims.iter().filter_map(|c| c.as_ref().err()) {
        incidents.push(game.incident(
            game.plies(),
            IncidentKind::RejectedClaim,
            None,
            claim.clone(),
        ));
    }
    let (verdict, helpmate) = settle(game, book, recorded, decisions, &mut incidents);
    let (ending, mut verdict) = finish::ending(game, verdict);
    verdict = add_caveats(game, rules, &placement, verdict, postponed);
    quote_the_rule(&mut verdict, book);
    if verdict.status == Status::Corrected {
        let correct = verdict.correct.unwrap_or(GameResult::Unfinished);
        incidents.push(game.incident(
            verdict.decided_at_ply.unwrap_or(0),
            IncidentKind::ResultMismatch,
            None,
            format!(
                "recorded {recorded}, the rules give {correct} ({})",
                verdict.rule
            ),
        ));
    }
    incidents.sort_by_key(|i| i.ply);
    Judgement {
        verdict,
        incidents,
        helpmate,
        book: placement.book,
        ending,
    }
}

/// The earliest decision ends the game; what was recorded after it does
/// not count. With none, the record stands (or 5.1.2 turns it).
fn settle(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    decisions: Vec<Decision>,
    incidents: &mut Vec<Incident>,
) -> (Verdict, Option<Helpmate>) {
    let chosen = decisions.into_iter().min_by_key(|d| (d.ply, d.rank));
    let (mut verdict, end, helpmate) = match chosen {
        Some(d) => {
            incidents.retain(|i| i.ply <= d.ply);
            incidents.extend(d.incidents);
            (d.verdict, Some(d.ply), d.helpmate)
        }
        None => {
            let verdict = resignation::judge(game, book, recorded)
                .or_else(|| abandonment::judge(game, book, recorded))
                .unwrap_or_else(|| unmoved_verdict(game, recorded, incidents));
            (verdict, None, None)
        }
    };
    verdict.rule = verdict.clause.map_or("", |c| book.cite(c));
    let recorded_moves = game.record.moves.len();
    if let Some(end) = end.filter(|&end| recorded_moves > end)
        && verdict.status != Status::Error
    {
        let extra = recorded_moves - end;
        incidents.push(game.incident(
            end + 1,
            IncidentKind::MovesAfterEnd,
            None,
            format!(
                "{extra} pl{} (half-moves) recorded after the game ended ({})",
                if extra == 1 { "y" } else { "ies" },
                verdict.rule
            ),
        ));
    }
    (verdict, helpmate)
}

/// Under a FIDE edition the reason ends with the cited clause in the
/// project's words: clause numbers differ between editions, and a reader
/// of the CSV should not need the edition's text beside it. (ru-rapid's
/// reasons name clauses that `RULES.en.md`, shipped with the tool, holds.)
fn quote_the_rule(verdict: &mut Verdict, book: &Book) {
    if book.edition.is_ru_rapid() {
        return;
    }
    if let Some(words) = book.edition.text(verdict.rule) {
        verdict.reason = format!(
            "{}; {} in our words: “{words}”",
            verdict.reason, verdict.rule
        );
    }
}

/// What a human must check before the verdict stands: a claim left to the
/// arbiter, a game outside the rapid rules (`--only-rapid`), a helpmate
/// question past the bound. (A date that placed no edition is the
/// caller's: see [`crate::laws::adjudicate`].)
fn add_caveats(
    game: &Game<'_>,
    rules: &Judging,
    placement: &Placement,
    mut verdict: Verdict,
    postponed: Option<String>,
) -> Verdict {
    if verdict.status == Status::Error {
        return verdict;
    }
    let settled_on_board = matches!(
        verdict.clause,
        Some(
            Clause::Checkmate
                | Clause::Stalemate
                | Clause::DeadPosition
                | Clause::QuickplayFinish
                | Clause::SeventyFiveMoves
                | Clause::FivefoldRepetition
        )
    );
    let mut doubts = Vec::new();
    if let Some(why) = postponed.filter(|_| !settled_on_board) {
        doubts.push(why);
    }
    verdict = outside_the_rapid_rules(rules, &placement.book, verdict);
    if game.solver_over_budget() {
        doubts.push(format!(
            "but this game needed more than {FULL_SEARCHES_PER_GAME} full helpmate searches, \
             the bound per game, and a question past it went unanswered: check it by hand \
             (`pgn-arbiter explain`)"
        ));
    }
    for doubt in doubts {
        verdict.reason = format!("{}; {doubt}", verdict.reason);
        verdict = verdict.for_review();
    }
    verdict
}

/// A game that is not rapid: with `--only-rapid` it goes to review; under a
/// rule set that judges every game as rapid, the reason says so.
fn outside_the_rapid_rules(rules: &Judging, book: &Book, mut verdict: Verdict) -> Verdict {
    let category = book.category;
    let phrase = book.edition.category_phrase(category);
    if rules.only_rapid && category != Category::Rapid {
        let rules = if book.edition.is_ru_rapid() {
            "the rapid-play rules do not apply; judged by them"
        } else {
            "judged by the rules of its category"
        };
        verdict.reason = format!(
            "not a rapid game ({phrase}); {rules} it would be: {}",
            verdict.reason
        );
        return verdict.for_review();
    }
    let not_rapid = matches!(
        category,
        Category::Blitz | Category::Standard | Category::Daily
    );
    if book.edition.rapid_rules_for_all && not_rapid {
        verdict.reason = format!(
            "{}; the game is {phrase}, and {} judges it by the rapid-play rules all the same",
            verdict.reason, book.edition.name
        );
    }
    verdict
}

/// No clause ended the game: an unreadable move stops the audit, else the
/// record stands.
fn unmoved_verdict(
    game: &Game<'_>,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
) -> Verdict {
    if let Some(stop) = &game.replay.stop {
        let ply = stop.token + 1;
        let line = game
            .record
            .line_of(game.record.moves[stop.token].span.start as usize);
        let side = game.replay.mover(ply);
        let why = format!("line {line}: {} {}", game.replay.move_label(ply), stop.why);
        incidents.push(game.incident(ply, IncidentKind::UnreadableMove, Some(side), why.clone()));
        return Verdict::error(format!("the move text cannot be read: {why}"));
    }
    let plies = game.plies();
    if recorded == GameResult::Unfinished {
        return Verdict::decide(
            recorded,
            recorded,
            Clause::Unfinished,
            plies,
            "the record holds no result (`*`) and nothing on the board ended the game".into(),
        );
    }
    Verdict::decide(
        recorded,
        recorded,
        Clause::AsRecorded,
        plies,
        format!(
            "nothing in the record contradicts {recorded}{}",
            game.statement
                .as_ref()
                .map(|s| format!(" ({})", s.quoted()))
                .unwrap_or_default()
        ),
    )
}

/// Moves written in irregular notation: read as meant, reported, no effect.
fn notation(game: &Game<'_>, incidents: &mut Vec<Incident>) {
    for (i, step) in game.replay.steps.iter().enumerate() {
        if let Some(what) = step.notation {
            incidents.push(game.incident(
                i + 1,
                IncidentKind::Notation,
                Some(step.mover),
                format!("{what}; read as meant"),
            ));
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::board::replay::replay;
    use crate::read::parse::parse_game;

    /// Judges a game given as PGN text.
    pub fn judge_pgn(pgn: &str) -> Judgement {
        judge_with(pgn, &Judging::default())
    }

    pub fn judge_with(pgn: &str, rules: &Judging) -> Judgement {
        let record = parse_game(pgn.as_bytes());
        let placement = rules.place(&record);
        let replay = replay(&record, placement.book.take_back()).expect("replayable");
        judge_placed(&Game::new(&record, replay), rules, placement)
    }

    pub fn kinds(j: &Judgement) -> Vec<&'static str> {
        j.incidents.iter().map(|i| i.kind.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;

    #[test]
    fn a_game_past_the_search_bound_goes_to_review() {
        // A bishop walks to a new square every move, beside a knight that
        // could mate, while the bare king jumps illegally: each stretch of
        // legal moves ends in a new position whose dead check needs a full
        // search (a queen or rook would need none).
        let squares: Vec<&str> = "c1 d2 e1 f2 g1 h2 g3 h4 g5 h6 g7 f8 e7 f6 e5 f4 e3 d4 c5 d6 \
                                  c7 b8 a7 b6 a5 b4 c3 b2"
            .split_whitespace()
            .collect();
        let mut moves = String::new();
        let mut king = ["e8", "e6"];
        for pair in squares.windows(2) {
            moves.push_str(&format!(
                "B{}-{} K{}-{} ",
                pair[0], pair[1], king[0], king[1]
            ));
            king.swap(0, 1);
        }
        let pgn = format!(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/K7/8/N1B5 w - - 0 1\"]\n[Result \"1-0\"]\n\n{moves}1-0\n"
        );
        let j = judge_pgn(&pgn);
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
        assert!(
            j.verdict.reason.contains("the bound per game"),
            "{}",
            j.verdict.reason
        );
    }
    use super::*;

    #[test]
    fn resignation_stands_as_recorded() {
        let j = judge_pgn("[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Qh5 Nc6 0-1");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(j.verdict.decided_at_ply, Some(4));
        assert!(j.incidents.is_empty());
    }

    #[test]
    fn unfinished_game() {
        let j = judge_pgn("1. e4 *");
        assert_eq!(j.verdict.correct, Some(GameResult::Unfinished));
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    }

    #[test]
    fn unreadable_move_is_an_error_with_its_line() {
        let j = judge_pgn("[Result \"1-0\"]\n\n1. e4 e5\n2. Nf9 1-0");
        assert_eq!(j.verdict.status, Status::Error);
        assert!(
            j.verdict.reason.contains("2. `Nf9`"),
            "{}",
            j.verdict.reason
        );
        assert!(j.verdict.reason.contains("line 4"), "{}", j.verdict.reason);
        assert_eq!(kinds(&j), ["unreadable-move"]);
        assert_eq!(j.incidents[0].san, "Nf9");
        assert_eq!(j.incidents[0].move_label, "2.");
    }

    #[test]
    fn notation_is_reported_without_effect() {
        let j = judge_pgn("[Result \"1/2-1/2\"]\n\n1. e2-e4 e5 2. g1f3 1/2-1/2");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(kinds(&j), ["notation", "notation"]);
        assert_eq!(j.incidents[1].detail, "UCI notation; read as meant");
    }

    #[test]
    fn only_rapid_sends_other_games_to_review() {
        let rules = Judging {
            only_rapid: true,
            ..Judging::default()
        };
        let blitz = judge_with(
            "[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert_eq!(blitz.verdict.status, Status::Review);
        assert!(
            blitz
                .verdict
                .reason
                .starts_with("not a rapid game (blitz: 10 minutes or less, so not rapid by 15.1)")
        );
        let rapid = judge_with(
            "[TimeControl \"900+10\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert_eq!(rapid.verdict.status, Status::Confirmed);
        // Without --only-rapid the reason says what the rules govern.
        let plain = judge_pgn("[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0");
        assert_eq!(plain.verdict.status, Status::Confirmed);
        assert!(
            plain.verdict.reason.ends_with(
                "the game is blitz: 10 minutes or less, so not rapid by 15.1, and ru-rapid judges \
                 it by the rapid-play rules all the same"
            ),
            "{}",
            plain.verdict.reason
        );
        // 840 s is rapid by 15.1 and by 2014's A.1, blitz by 2009's B1.
        let rules = Judging {
            laws: Laws::Edition(&editions::FIDE_2009),
            ..rules
        };
        let blitz = judge_with(
            "[TimeControl \"840\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert!(
            blitz.verdict.reason.starts_with(
                "not a rapid game (blitz: under 15 minutes, so not rapid by fide-2009)"
            ),
            "{}",
            blitz.verdict.reason
        );
    }
}
