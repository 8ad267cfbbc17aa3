//! Both clocks at zero: who fell first when the readings tell, and what
//! each edition does when they do not (the claimant's time under ru-rapid,
//! a draw, the last period, the first flag indicator).

use shakmaty::Color;

use super::edition::{Book, BothFlags};
use super::finding::LastReadings;
use super::finding::both_flags::{BothFlagsFinding, ClaimantAtZero, FlagsRule};
use super::{Decision, Game, loss_unless_unwinnable};
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::time_control::Reading;
use crate::model::verdict::Clause;
use crate::read::ending::Quote;

/// What the edition says of two fallen flags, for the incident.
fn both_flags_rule(book: &Book) -> FlagsRule {
    let rules = &book.rules;
    FlagsRule {
        policy: rules.both_flags,
        clause: rules.both_flags_clause,
        time_clause: rules.time_clause,
    }
}

/// The incident of both clocks at zero once `ply` plies were played, with
/// what the edition says of it.
pub(super) fn both_at_zero(
    game: &Game<'_>,
    book: &Book,
    ply: usize,
    readings: &LastReadings,
) -> Incident {
    let detail = BothFlagsFinding::BothAtZero {
        readings: readings.clone(),
        rule: both_flags_rule(book),
    };
    let clause = Some(book.rules.both_flags_clause);
    game.incident(ply + 1, IncidentKind::BothFlags, None, clause, detail)
}

/// Both clocks show zero once `ply` plies were played; `flagged` is the
/// side the claim or result says fell; then the clock readings, and the
/// record's words when they state both flags.
pub(super) fn both_flags(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    ply: usize,
    flagged: Color,
    (readings, stated): (LastReadings, Option<Quote>),
) -> Decision {
    let clause = book.rules.both_flags_clause;
    let review = |clause: Clause, why: BothFlagsFinding| {
        let verdict = Verdict::decide(recorded, recorded, clause, ply, why);
        Decision::new(ply, 3, verdict.for_review())
    };
    match (book.rules.both_flags, first_at_zero(game, flagged, ply)) {
        // ru-rapid's reading is the claimant's condition of 15.4.3.
        (BothFlags::Review, _) => review(
            Clause::TimeClaim,
            BothFlagsFinding::ClaimantAtZero(ClaimantAtZero {
                flagged,
                readings,
                stated,
                clause,
            }),
        ),
        (BothFlags::Draw, _) => {
            let why = BothFlagsFinding::Drawn { readings, clause };
            let verdict = Verdict::decide(recorded, GameResult::Draw, Clause::BothFlags, ply, why);
            Decision::new(ply, 3, verdict)
        }
        (BothFlags::SuddenDeathDraw, _) => sudden_death(game, recorded, ply, readings, clause),
        (BothFlags::FirstZeroLoses, Some(loser)) => {
            // No clause for games with increment: the clock's flag
            // indicator decides, as the Arbiters' Manual reads the time rule.
            let lead = BothFlagsFinding::FirstZeroLoses {
                readings,
                loser,
                time_clause: book.rules.time_clause,
            };
            let d =
                loss_unless_unwinnable(game, recorded, ply, ply, loser, Clause::TimeClaim, lead);
            Decision { rank: 3, ..d }
        }
        (BothFlags::LastPeriodDraw, Some(first)) => review(
            Clause::TimeClaim,
            BothFlagsFinding::ClaimantFirst {
                readings,
                first,
                time_clause: book.rules.time_clause,
            },
        ),
        (policy, None) => tied_flags(game, book, recorded, ply, flagged, policy, readings),
    }
}

/// US Chess 14G: drawn in a sudden-death period; before it the game goes
/// on, so a record that ends there is for the arbiter, as is one whose
/// period cannot be told.
fn sudden_death(
    game: &Game<'_>,
    recorded: GameResult,
    ply: usize,
    readings: LastReadings,
    clause: &'static str,
) -> Decision {
    let why = match in_sudden_death(game, ply) {
        Some(true) => BothFlagsFinding::Drawn { readings, clause },
        Some(false) => BothFlagsFinding::BeforeSuddenDeath { readings, clause },
        None => BothFlagsFinding::PeriodNotKnown { readings, clause },
    };
    let drawn = matches!(why, BothFlagsFinding::Drawn { .. });
    let correct = if drawn { GameResult::Draw } else { recorded };
    let verdict = Verdict::decide(recorded, correct, Clause::BothFlags, ply, why);
    Decision::new(ply, 3, if drawn { verdict } else { verdict.for_review() })
}

/// Which side's clock showed zero first, when the readings tell.
fn first_at_zero(game: &Game<'_>, flagged: Color, ply: usize) -> Option<Color> {
    let first = |side| first_zero(game, side, ply);
    match (first(flagged), first(!flagged)) {
        (Some(a), Some(b)) if a != b => Some(if a < b { flagged } else { !flagged }),
        _ => None,
    }
}

/// Both flags down and no telling which fell first: drawn in the last
/// period (from 2018 only without increment), else the arbiter's call.
fn tied_flags(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    ply: usize,
    flagged: Color,
    policy: BothFlags,
    readings: LastReadings,
) -> Decision {
    let clause = book.rules.both_flags_clause;
    let last_period = in_last_period(game, flagged, ply);
    let drawn = match policy {
        BothFlags::FirstZeroLoses => {
            last_period && game.record.control.increment() == Some(Clock::ZERO)
        }
        _ => last_period,
    };
    if drawn {
        let why = BothFlagsFinding::TieDrawn {
            readings,
            without_increment: policy == BothFlags::FirstZeroLoses,
            clause,
        };
        let verdict = Verdict::decide(recorded, GameResult::Draw, Clause::BothFlags, ply, why);
        return Decision::new(ply, 3, verdict);
    }
    let why = BothFlagsFinding::TieForTheArbiter { readings, clause };
    let verdict = Verdict::decide(recorded, recorded, Clause::BothFlags, ply, why);
    Decision::new(ply, 3, verdict.for_review())
}

/// The first ply (up to `ply`) after which `side`'s clock read zero; the
/// end of the record if only its final clock does.
fn first_zero(game: &Game<'_>, side: Color, ply: usize) -> Option<usize> {
    (1..=ply.min(game.plies()))
        .find(|&k| {
            game.replay.mover(k) == side && game.record.moves[k - 1].clock == Some(Clock::ZERO)
        })
        .or_else(|| {
            game.final_clock(side)
                .filter(|c| c.is_zero())
                .map(|_| ply + 1)
        })
}

/// Whether both sides were in a sudden-death period (the last, of no move
/// count) once `ply` plies were played; `None` with no control written (a
/// control guessed from the clocks cannot tell a period of 40 moves).
fn in_sudden_death(game: &Game<'_>, ply: usize) -> Option<bool> {
    let control = &game.record.control;
    if control.reading == Reading::Clocks {
        return None;
    }
    let periods = control.periods.as_deref()?;
    let sudden_death = periods.last().is_some_and(|p| p.moves.is_none());
    Some(
        sudden_death
            && [Color::White, Color::Black]
                .into_iter()
                .all(|side| in_last_period(game, side, ply)),
    )
}

/// Whether `side` was in the period in which all remaining moves must be
/// made, once `ply` plies were played.
fn in_last_period(game: &Game<'_>, side: Color, ply: usize) -> bool {
    let Some(periods) = &game.record.control.periods else {
        return false;
    };
    let before_last: u32 = periods[..periods.len().saturating_sub(1)]
        .iter()
        .map(|p| p.moves.unwrap_or(u32::MAX))
        .fold(0, u32::saturating_add);
    game.moves_completed(side, ply) as u32 >= before_last
}
