//! Judging one game: every clause proposes what it would decide, the
//! earliest decision ends the game, and the verdict gets what a human must
//! check and the words of the clause it cites.
//!
//! Judging is a function of the game and the [`Judging`] options but for
//! one thing it changes: the game's solver remembers the helpmate answers it
//! found (a memo, shared by the editions a game is judged under).

use super::edition::Book;
use super::finding::Finding;
use super::finding::draw::DrawFinding;
use super::finding::verdict::{Borne, VerdictFinding};
use super::server_draw::draw_the_laws_do_not_have;
use super::{
    Decision, Game, Judgement, Judging, Placement, abandonment, automatic, board, claimed_draw,
    clocks, draw, finish, forfeit, illegal, position, resignation, setup, time,
};
use crate::board::helpmate::Helpmate;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::claim::{ClaimKind, Claimant};
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::time_control::Category;
use crate::model::verdict::{Clause, Status};
use crate::read::ending::Ending;

/// Decides the correct result of a replayed game.
pub fn judge(game: &Game<'_>, rules: &Judging) -> Judgement {
    judge_placed(game, rules, rules.place(game.record))
}

/// [`judge`] with the book already chosen (the replay needed it first).
pub fn judge_placed(game: &Game<'_>, rules: &Judging, placement: Placement) -> Judgement {
    game.use_proof_of(rules);
    let book = &placement.book;
    let recorded = game.recorded();
    let (mut incidents, decisions, postponed) = propose(game, rules, book, recorded);
    let (verdict, helpmate) = settle(game, book, recorded, decisions, &mut incidents);
    let (ending, mut verdict) = finish::ending(game, verdict);
    verdict = add_caveats(game, rules, &placement, verdict, postponed);
    verdict = after_a_pass(game, recorded, verdict);
    quote_the_rule(&mut verdict, book);
    if verdict.status == Status::Corrected {
        let correct = verdict.correct.unwrap_or(GameResult::Unfinished);
        incidents.push(game.incident(
            verdict.decided_at_ply.unwrap_or(0),
            IncidentKind::ResultMismatch,
            None,
            Some(verdict.rule),
            VerdictFinding::ResultMismatch {
                recorded,
                correct,
                rule: verdict.rule,
            },
        ));
    }
    incidents.sort_by_key(|i| i.ply);
    let mut judgement = Judgement {
        verdict,
        incidents,
        helpmate,
        book: placement.book,
        ending,
    };
    // A reason a person will read quotes the short line (rows that are not
    // confirmed, or all with `--short-lines all`); a confirmed one cites
    // the solver's own, which costs no search. Every door shows the line
    // chosen here.
    if rules.short_lines.apply_to(judgement.verdict.status) {
        judgement.quote_the_short_line();
    }
    judgement
}

/// What every clause proposes, with the incidents it found, and a 10.2
/// claim the arbiter postponed.
fn propose(
    game: &Game<'_>,
    rules: &Judging,
    book: &Book,
    recorded: GameResult,
) -> (Vec<Incident>, Vec<Decision>, Option<DrawFinding>) {
    let mut incidents = Vec::new();
    let mut decisions = Vec::new();
    board::ended_on_board(game, rules, recorded, &mut decisions);
    automatic::judge(game, book, recorded, &mut decisions);
    illegal::judge(game, book, recorded, &mut incidents, &mut decisions);
    position::judge(game, book, recorded, &mut incidents, &mut decisions);
    setup::judge(game, book, recorded, &mut incidents, &mut decisions);
    let judged_by = (book, rules.tablebases.as_deref());
    time::judge(game, judged_by, recorded, &mut incidents, &mut decisions);
    claimed_draw::judge(game, book, recorded, &mut incidents, &mut decisions);
    let postponed = draw::judge(game, rules, book, recorded, &mut incidents, &mut decisions);
    clocks::judge(game, rules, book, &mut incidents);
    notation(game, &mut incidents);
    unread_claims(game, &mut incidents);
    decisions.extend(resting_on_a_rejected_claim(game, recorded, &incidents));
    (incidents, decisions, postponed)
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
        None => match forfeit::judge(game, recorded)
            .map(|v| (v, None))
            .or_else(|| draw_the_laws_do_not_have(game, recorded))
        {
            Some((verdict, helpmate)) => (verdict, None, helpmate),
            None => {
                let verdict = resignation::judge(game, book, recorded)
                    .or_else(|| abandonment::judge(game, book, recorded))
                    .unwrap_or_else(|| unmoved_verdict(game, recorded, incidents));
                (verdict, None, None)
            }
        },
    };
    verdict.rule = verdict.clause.map_or("", |c| book.cite(c));
    name_what_bears_on_it(&mut verdict, incidents, end);
    let recorded_moves = game.record.moves.len();
    if let Some(end) = end.filter(|&end| recorded_moves > end)
        && verdict.status != Status::Error
    {
        let extra = recorded_moves - end;
        incidents.push(game.incident(
            end + 1,
            IncidentKind::MovesAfterEnd,
            None,
            Some(verdict.rule),
            VerdictFinding::MovesAfterEnd {
                extra,
                rule: verdict.rule,
            },
        ));
    }
    (verdict, helpmate)
}

/// The most incidents a reason names; the rest are counted (incidents.csv
/// has them all).
const NAMED_INCIDENTS: usize = 5;

/// Names in the reason every incident that bears on the result (an illegal
/// move, a set-up, a flag, a claim) and that the deciding clause does not
/// already tell: each with what the record shows and why it does not
/// change the result. `end` is the deciding ply, if a clause decided.
fn name_what_bears_on_it(verdict: &mut Verdict, incidents: &[Incident], end: Option<usize>) {
    if verdict.status == Status::Error {
        return;
    }
    let bearing = bearing(verdict.clause, incidents, end);
    if bearing.is_empty() {
        return;
    }
    let named = &bearing[..bearing.len().min(NAMED_INCIDENTS)];
    let more = bearing.len() - named.len();
    let named = named.iter().map(|i| Borne {
        move_label: i.move_label.clone(),
        san: i.san.clone(),
        detail: i.detail.clone(),
    });
    verdict.reason.and(VerdictFinding::WhatBears {
        named: named.collect(),
        more,
        decided: end.is_some(),
    });
}

/// The incidents that bear on the result (rule-bound) before `end`, the
/// deciding ply, in ply order; not those a 15.4.4 verdict tells itself (the
/// illegal position and the move that made it).
fn bearing(clause: Option<Clause>, incidents: &[Incident], end: Option<usize>) -> Vec<&Incident> {
    let told = |i: &Incident| {
        clause == Some(Clause::IllegalPosition)
            && incidents
                .iter()
                .any(|p| p.kind == IncidentKind::IllegalPosition && p.ply == i.ply)
    };
    let mut bearing: Vec<&Incident> = incidents
        .iter()
        .filter(|i| i.kind.is_rule_bound() && end.is_none_or(|end| i.ply < end) && !told(i))
        .collect();
    bearing.sort_by_key(|i| i.ply);
    bearing
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
        let rule = verdict.rule;
        verdict
            .reason
            .and(VerdictFinding::InOurWords { rule, words });
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
    postponed: Option<DrawFinding>,
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
                | Clause::RepetitionClaim
                | Clause::FiftyMovesClaim
                | Clause::SeventyFiveMoves
                | Clause::FivefoldRepetition
        )
    );
    let mut doubts = Vec::new();
    if let Some(why) = postponed.filter(|_| !settled_on_board) {
        let doubt;
        (verdict, doubt) = draw::after_postponed(game.recorded(), verdict, why);
        doubts.extend(doubt.map(Finding::from));
    }
    verdict = outside_the_rapid_rules(rules, &placement.book, verdict);
    if game.solver_over_budget() {
        doubts.push(VerdictFinding::OverBudget.into());
    }
    for doubt in doubts {
        verdict.reason.and(doubt);
        verdict = verdict.for_review();
    }
    verdict
}

/// A null move (`--`) in the main line: a pass is no move of a game, so
/// what the board shows after it is no position the game had, and no
/// verdict can rest on it (pgn-extract refuses such records). The recorded
/// result is kept until an arbiter reads the record.
fn after_a_pass(game: &Game<'_>, recorded: GameResult, verdict: Verdict) -> Verdict {
    let pass = game.replay.steps.iter().position(|s| s.mv.is_none());
    let Some(ply) = pass.filter(|_| verdict.status != Status::Error) else {
        return verdict;
    };
    let written = game.record.moves.get(ply).map(|m| game.record.token(m));
    let written = String::from_utf8_lossy(written.unwrap_or(b"--"));
    let label = format!("{} (`{written}`)", game.replay.move_label(ply + 1));
    let reason = VerdictFinding::AfterAPass {
        label,
        recorded,
        reading: verdict.reason.clone(),
    };
    Verdict {
        status: Status::Review,
        correct: Some(recorded),
        reason: reason.into(),
        ..verdict
    }
}

/// A game that is not rapid: with `--only-rapid` it goes to review.
/// (That a rule set judges every game by the rapid-play rules is said once,
/// in the summary and by explain, not in every row.)
fn outside_the_rapid_rules(rules: &Judging, book: &Book, mut verdict: Verdict) -> Verdict {
    let category = book.category;
    if !rules.only_rapid || category == Category::Rapid {
        return verdict;
    }
    let category = book.edition.category_by(category);
    let ru_rapid = book.edition.is_ru_rapid();
    let reading = std::mem::replace(&mut verdict.reason, VerdictFinding::NoResult.into());
    verdict.reason = VerdictFinding::NotRapid {
        category,
        ru_rapid,
        reading,
    }
    .into();
    verdict.for_review()
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
        let why = VerdictFinding::Unreadable {
            line,
            label: game.replay.move_label(ply),
            stop: stop.clone(),
        };
        let kind = IncidentKind::UnreadableMove;
        incidents.push(game.incident(ply, kind, Some(side), None, why.clone()));
        return Verdict::error(VerdictFinding::CannotBeRead(Box::new(why)));
    }
    let plies = game.plies();
    if let Some(verdict) = unplayed(game, recorded) {
        return verdict;
    }
    if recorded == GameResult::Unfinished {
        return Verdict::decide(
            recorded,
            recorded,
            Clause::Unfinished,
            plies,
            VerdictFinding::NoResult,
        );
    }
    // "Contradicts" would read oddly before the list of what happened that
    // the reason goes on to name.
    let overturns = !bearing(Some(Clause::AsRecorded), incidents, None).is_empty();
    let said = game.statement.as_ref().map(|s| s.words.clone());
    let reason = VerdictFinding::AsRecorded {
        recorded,
        overturns,
        said,
    };
    Verdict::decide(recorded, recorded, Clause::AsRecorded, plies, reason)
}

/// A record with no move, and no result or a decisive one without a
/// forfeit stated: the game was not played, or its moves were not
/// recorded; the record cannot tell which, so a human must. A server's
/// `{Black resigns} 1-0` before the first move states how it ended (a
/// forfeit stated is [`forfeit::judge`]'s).
fn unplayed(game: &Game<'_>, recorded: GameResult) -> Option<Verdict> {
    if game.plies() > 0 {
        return None;
    }
    // A pairing program's round: its result stands unchecked.
    if game.result_only() {
        let reason = VerdictFinding::ResultOnly { recorded };
        return Some(Verdict::decide(
            recorded,
            recorded,
            Clause::AsRecorded,
            0,
            reason,
        ));
    }
    if recorded == GameResult::Draw {
        return None;
    }
    let forfeit = game.statement.as_ref().is_some_and(|s| {
        matches!(
            s.ending,
            Ending::Resignation
                | Ending::TimeForfeit
                | Ending::Abandonment
                | Ending::Adjudication
                | Ending::RulesInfraction
        )
    });
    let clause = match recorded {
        GameResult::Unfinished => Clause::Unfinished,
        _ if forfeit => return None,
        _ => Clause::AsRecorded,
    };
    let reason = VerdictFinding::UnplayedOrUnrecorded {
        recorded,
        comment: game.record.closing_texts().last().map(|c| c.to_string()),
    };
    Some(Verdict::decide(recorded, recorded, clause, 0, reason).for_review())
}

/// A claim at the end of the record that fails, beside the result it asked
/// for (an illegal-move or time claim: the claimant's win; a draw claim: a
/// draw): the result rests on a decision the record does not hold, and a
/// human must look. Whatever the claim; a clause that decides it more
/// closely (15.4.3's own) comes first.
fn resting_on_a_rejected_claim(
    game: &Game<'_>,
    recorded: GameResult,
    incidents: &[Incident],
) -> Option<Decision> {
    let end = game.plies();
    let rejected = incidents
        .iter()
        .find(|i| i.kind == IncidentKind::RejectedClaim && i.ply >= end && i.side.is_some())?;
    let claimant = rejected.side?;
    let asked = game
        .claims
        .iter()
        .filter_map(|c| c.as_ref().ok())
        .filter(|c| c.ply >= end && c.by == Claimant::Player(claimant))
        .find_map(|c| match c.kind {
            ClaimKind::Illegal | ClaimKind::Time => Some(GameResult::Win(claimant)),
            ClaimKind::Draw | ClaimKind::Repetition | ClaimKind::FiftyMoves => {
                Some(GameResult::Draw)
            }
            ClaimKind::SetUp => None,
        })?;
    (asked == recorded).then(|| {
        let reason = VerdictFinding::RestsOnRejectedClaim {
            rejected: Box::new(rejected.detail.clone()),
            recorded,
        };
        let verdict = Verdict::decide(recorded, recorded, Clause::AsRecorded, end, reason);
        Decision::new(end, 9, verdict.for_review())
    })
}

/// Claims that cannot be read: reported at the end, no effect.
fn unread_claims(game: &Game<'_>, incidents: &mut Vec<Incident>) {
    for claim in game.claims.iter().filter_map(|c| c.as_ref().err()) {
        let (ply, kind) = (game.plies(), IncidentKind::RejectedClaim);
        let found = Finding::from(claim.clone());
        incidents.push(game.incident(ply, kind, None, None, found));
    }
}

/// Moves written in irregular notation: read as meant, reported, no effect.
fn notation(game: &Game<'_>, incidents: &mut Vec<Incident>) {
    for (i, step) in game.replay.steps.iter().enumerate() {
        if let Some(what) = step.notation {
            incidents.push(game.incident(
                i + 1,
                IncidentKind::Notation,
                Some(step.mover),
                None,
                VerdictFinding::ReadAsMeant(what),
            ));
        }
    }
}
