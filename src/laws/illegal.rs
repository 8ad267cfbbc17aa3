//! Illegal moves, by the edition's rule for the game's category.
//!
//! Under ru-rapid's 15.4.2 (2014–2017 A.4) an illegal move is completed once
//! the clock is pressed; claimed by the opponent before his next move, or
//! declared by the arbiter, it loses — drawn if the claimant cannot
//! checkmate the offender by any series of legal moves. Unclaimed, it
//! stands. From 2018 (and under 2009's rapid rules) a claimed illegal move
//! is taken back and costs time instead; only a later one loses. Under the
//! ordinary Laws (standard games, supervised events) the arbiter sees every
//! move: each illegal move is taken back and penalised.

use shakmaty::{File, Move};

use super::edition::{Book, Illegal, Penalty, WinOnTime};
use super::finding::ClocksAt;
use super::finding::illegal::{
    ClaimHow, ClaimedLead, Claimer, IllegalFinding, NoEnding, Penalised, Why,
};
use super::{Decision, Game, loss_unless_unwinnable};
use crate::board::replay::Step;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::claim::{ClaimKind, Claimant};
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

pub(super) fn judge(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    castling_allowed(game, book, incidents);
    match book.rules.illegal {
        Illegal::AlwaysPenalised(penalty) => {
            always_penalised(game, book, penalty, recorded, incidents, decisions)
        }
        _ => when_claimed(game, book, recorded, incidents, decisions),
    }
}

/// Why a step is an illegal move under the book: what the replay found, or
/// (from 2018) a clock pressed without a move. Castling after a wrong
/// set-up cites the edition's clause; under 2009 only a king set up on the
/// queen's square may not castle.
pub(super) fn offence(book: &Book, step: &Step) -> Option<Why> {
    if !is_offence(book, step) {
        return None;
    }
    let Some(found) = step.illegal else {
        return Some(Why::NullMove);
    };
    Some(match found.is_set_up() {
        true => Why::SetUp(found, book.rules.setup_clause),
        false => Why::Offence(found),
    })
}

/// Whether a step is an illegal move under the book ([`offence`] without
/// saying why).
#[inline]
pub(super) fn is_offence(book: &Book, step: &Step) -> bool {
    match step.illegal {
        None => step.mv.is_none() && book.edition.null_move_illegal,
        Some(_) if step.castling_disallowed() => {
            let king_on_queen_square =
                matches!(step.mv, Some(Move::Castle { king, .. }) if king.file() == File::D);
            !book.edition.castling_ban_only_reversed || king_on_queen_square
        }
        Some(_) => true,
    }
}

/// Castling after a wrong set-up that the edition allows (2009 forbids it
/// only with a reversed king and queen): reported, not an offence.
fn castling_allowed(game: &Game<'_>, book: &Book, incidents: &mut Vec<Incident>) {
    for (i, step) in game.replay.steps.iter().enumerate() {
        if step.castling_disallowed() && !is_offence(book, step) {
            incidents.push(game.incident(
                i + 1,
                IncidentKind::CastlingDisallowed,
                Some(step.mover),
                Some(book.rules.setup_clause),
                IllegalFinding::CastlingStands {
                    title: book.edition.title,
                    clause: book.rules.setup_clause,
                },
            ));
        }
    }
}

/// Whether the move of `ply` is an illegal one.
fn is_offence_at(game: &Game<'_>, book: &Book, ply: usize) -> bool {
    let step = ply.checked_sub(1).and_then(|i| game.replay.steps.get(i));
    step.is_some_and(|step| is_offence(book, step))
}

/// The rapid and blitz rules: only a claim (or the arbiter) acts on an
/// illegal move, before the opponent's next move.
fn when_claimed(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    let (mut claimed, explicit) = claims_in_time(game, book, incidents);
    let last = game.plies();
    let inferred = !explicit && claim_read_from_result(game, book, recorded);
    claimed[last] |= inferred;
    let clause = book.rules.illegal_clause;
    let mut counts = [0u8; 2];
    for (i, step) in game.replay.steps.iter().enumerate() {
        let ply = i + 1;
        let Some(why) = offence(book, step) else {
            continue;
        };
        let kind = if step.castling_disallowed() {
            IncidentKind::CastlingDisallowed
        } else {
            IncidentKind::IllegalMove
        };
        if !claimed[ply] {
            let detail = IllegalFinding::Unclaimed { why, clause };
            let incident = game.incident(ply, kind, Some(step.mover), Some(clause), detail);
            incidents.push(Incident {
                stands: true,
                ..incident
            });
            continue;
        }
        let n = &mut counts[step.mover as usize];
        *n += 1;
        let penalty = penalised(book, step.mover, *n);
        let detail = IllegalFinding::Claimed {
            why,
            penalty,
            clause,
        };
        incidents.push(game.incident(ply, kind, Some(step.mover), Some(clause), detail));
        match penalty {
            Some(p) => {
                if ply == last && recorded.winner() == Some(!step.mover) {
                    decisions.push(penalty_is_no_ending(game, book, p.penalty, recorded, ply));
                }
            }
            None => {
                let by_result = inferred && ply == last;
                let how = ClaimHow {
                    who: claimant(game, ply, by_result),
                    inferred: by_result,
                };
                decisions.push(decide(game, book, recorded, ply, how));
                return;
            }
        }
    }
}

/// The penalty for `mover`'s `n`-th claimed illegal move, where the edition
/// takes it back and it does not lose.
fn penalised(book: &Book, mover: shakmaty::Color, n: u8) -> Option<Penalised> {
    match book.rules.illegal {
        Illegal::PenalisedWhenClaimed(penalty) if n < penalty.loses_at => Some(Penalised {
            mover,
            penalty,
            clause: book.rules.illegal_clause,
            n,
        }),
        _ => None,
    }
}

/// The plies whose illegal move was claimed in time (before the claimant
/// moved), and whether the record holds any illegal-move claim; late claims
/// and claims against legal moves become incidents.
fn claims_in_time(
    game: &Game<'_>,
    book: &Book,
    incidents: &mut Vec<Incident>,
) -> (Vec<bool>, bool) {
    let clause = book.rules.illegal_clause;
    let mut claimed = vec![false; game.plies() + 1];
    let mut explicit = false;
    for claim in game.claims_of(ClaimKind::Illegal) {
        explicit = true;
        let ply = claim.ply.min(game.plies());
        let (who, side) = match claim.by {
            Claimant::Player(c) => (Claimer::Player(c), Some(c)),
            Claimant::Arbiter => (Claimer::Arbiter, None),
        };
        if side.is_some() && (ply == 0 || Some(game.replay.mover(ply)) == side) {
            let detail = IllegalFinding::LateClaim { who, clause };
            let incident = game.incident(ply, IncidentKind::LateClaim, side, Some(clause), detail);
            incidents.push(incident);
        } else if !is_offence_at(game, book, ply) {
            let move_text = game.move_text(ply);
            let detail = IllegalFinding::LegalAfterAll { who, move_text };
            incidents.push(game.incident(ply, IncidentKind::RejectedClaim, side, None, detail));
        } else {
            claimed[ply] = true;
        }
    }
    (claimed, explicit)
}

/// No claim written: a decisive result for the opponent right after an
/// illegal last move means he claimed it — only where the record ends
/// there (text after it that could not be read is no claim).
fn claim_read_from_result(game: &Game<'_>, book: &Book, recorded: GameResult) -> bool {
    let last = game.plies();
    last > 0
        && game.replay.stop.is_none()
        && game.record.moves.len() == last
        && is_offence_at(game, book, last)
        && recorded.winner() == Some(!game.replay.mover(last))
}

/// Who claimed the illegal move of `ply`.
fn claimant(game: &Game<'_>, ply: usize, inferred: bool) -> Claimer {
    let by_arbiter = !inferred
        && game
            .claims_of(ClaimKind::Illegal)
            .any(|c| c.ply.min(game.plies()) == ply && c.by == Claimant::Arbiter);
    if by_arbiter {
        Claimer::Arbiter
    } else {
        Claimer::Player(!game.replay.mover(ply))
    }
}

/// A record that ends at a first illegal move with a win for the opponent:
/// under a penalty rule the game went on, so the result cannot stand.
fn penalty_is_no_ending(
    game: &Game<'_>,
    book: &Book,
    penalty: Penalty,
    recorded: GameResult,
    ply: usize,
) -> Decision {
    let reason = IllegalFinding::NoEnding(NoEnding {
        move_text: game.move_text(ply),
        recorded,
        mover: game.replay.mover(ply),
        title: book.edition.title,
        penalty,
        clause: book.rules.illegal_clause,
        clocks: ClocksAt::of(game, ply),
    });
    let verdict = Verdict::decide(recorded, recorded, Clause::IllegalMove, ply, reason);
    Decision::new(ply, 0, verdict.for_review())
}

/// The claimed (or observed) illegal move of ply `ply` loses, unless the
/// claimant cannot checkmate.
fn decide(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    ply: usize,
    how: ClaimHow,
) -> Decision {
    let step = &game.replay.steps[ply - 1];
    let loses_at = match book.rules.illegal {
        Illegal::PenalisedWhenClaimed(p) => Some((p.loses_at, step.mover)),
        _ => None,
    };
    let lead = IllegalFinding::ClaimedLead(ClaimedLead {
        move_text: game.move_text(ply),
        why: offence(book, step).unwrap_or(Why::Unnamed),
        loses_at,
        how,
        clause: book.rules.illegal_clause,
        clocks: ClocksAt::of(game, ply),
    });
    if let WinOnTime::WithMatingMaterial(rules) = book.rules.win_on_time {
        let lead = (Clause::IllegalMove, lead);
        return super::mating_material::decide(game, rules, recorded, ply, step.mover, lead);
    }
    // A penalised move is taken back: the question is asked before it.
    let mate_ply = match book.rules.illegal {
        Illegal::PenalisedWhenClaimed(_) => ply - 1,
        _ => ply,
    };
    loss_unless_unwinnable(
        game,
        recorded,
        ply,
        mate_ply,
        step.mover,
        Clause::IllegalMove,
        lead,
    )
}

/// The ordinary Laws: every illegal move in the record is taken back and
/// penalised; the `loses_at`-th of a player loses.
fn always_penalised(
    game: &Game<'_>,
    book: &Book,
    penalty: Penalty,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    let clause = book.rules.illegal_clause;
    let mut count = [0u8; 2];
    for (i, step) in game.replay.steps.iter().enumerate() {
        let Some(why) = offence(book, step) else {
            continue;
        };
        let ply = i + 1;
        let n = &mut count[step.mover as usize];
        *n += 1;
        let (mover, n) = (step.mover, *n);
        if n < penalty.loses_at {
            let penalised = Penalised {
                mover,
                penalty,
                clause,
                n,
            };
            let detail = IllegalFinding::WithPenalty { why, penalised };
            let kind = IncidentKind::IllegalMove;
            incidents.push(game.incident(ply, kind, Some(mover), Some(clause), detail));
            continue;
        }
        let detail = IllegalFinding::Nth { why, n, mover };
        let kind = IncidentKind::IllegalMove;
        incidents.push(game.incident(ply, kind, Some(mover), Some(clause), detail));
        let lead = IllegalFinding::NthLead {
            move_text: game.move_text(ply),
            n,
            mover,
            why,
            clocks: ClocksAt::of(game, ply),
            clause,
        };
        // The position was restored: the question is asked before the move.
        decisions.push(loss_unless_unwinnable(
            game,
            recorded,
            ply,
            ply - 1,
            step.mover,
            Clause::IllegalMove,
            lead,
        ));
        return;
    }
}

#[cfg(test)]
mod tests;
