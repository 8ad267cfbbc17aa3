//! 10.2: a draw claim in the quickplay finish.
//!
//! The player to move, with under two minutes on his clock, may claim a
//! draw. The arbiter declares it drawn if the opponent is making no effort to
//! win by normal means or cannot win by normal means; otherwise he postpones
//! or rejects, and the opponent gets two extra minutes. What a machine can
//! show is the strongest case: an opponent who cannot checkmate by any
//! series of legal moves cannot win by normal means. The rest is the
//! arbiter's judgement, and goes to review.

use shakmaty::Color;

use super::edition::Book;
use super::finding::draw::{CannotWin, DrawClaim, DrawFinding, Inadmissible, Judgement};
use super::finding::{ClocksAt, Finding};
use super::{Decision, Game, Judging, MateAnswer};
use crate::board::helpmate::Mate;
use crate::board::tablebase::TableOutcome;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::claim::{ClaimKind, Claimant};
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};

const TWO_MINUTES: Clock = Clock(120_000);

/// Judges the draw claims; returns what the final verdict must mention when
/// a claim was left to the arbiter and play went on.
pub(super) fn judge(
    game: &Game<'_>,
    rules: &Judging,
    book: &Book,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) -> Option<DrawFinding> {
    let [claim_clause, decided, later, _] = book.rules.quickplay_clauses;
    let mut postponed = None;
    for claim in game.claims_of(ClaimKind::Draw) {
        let Claimant::Player(claimant) = claim.by else {
            continue;
        };
        let ply = claim.ply.min(game.plies());
        let clock = game.clock_after(claimant, ply);
        if let Some(why) = inadmissible(game, book, ply, claimant, clock) {
            let at = (ply, claimant, why);
            refuse(game, book, recorded, at, incidents, decisions);
            continue;
        }
        let opponent = !claimant;
        let answer = game.can_mate(ply, opponent);
        let claim = claim_at(game, ply, claimant, clock, claim_clause);
        if let Some(why) = cannot_win(game, rules, ply, opponent, &answer) {
            let reason = DrawFinding::Drawn {
                claim,
                why,
                decided,
            };
            let clause = Clause::QuickplayFinish;
            let verdict = Verdict::decide(recorded, GameResult::Draw, clause, ply, reason);
            decisions.push(Decision::new(ply, 3, verdict));
            return postponed;
        }
        let judgement = Judgement {
            claim,
            mate: answer.for_side(opponent),
            decided,
        };
        if ply >= game.plies() {
            let reason = DrawFinding::ArbitersJudgement(judgement);
            let verdict = Verdict::decide(recorded, recorded, Clause::QuickplayFinish, ply, reason);
            decisions.push(Decision::new(ply, 3, verdict.for_review()));
            return postponed;
        }
        // Play went on: the claim was postponed or rejected, and the
        // opponent should have received two minutes (10.2.2, 10.2.3).
        extra_time(game, book, ply, opponent, incidents);
        postponed.get_or_insert(DrawFinding::Postponed { judgement, later });
    }
    postponed
}

/// The verdict once a claim the arbiter postponed (10.2.2) is weighed,
/// and the doubt left for a human, if any. The record's result stands as
/// his decision where it is one he could give — the draw, or the
/// opponent's win — and the verdict confirms it, or where it is the draw he
/// may declare once the claimant's flag has fallen.
pub(super) fn after_postponed(
    recorded: GameResult,
    verdict: Verdict,
    postponed: DrawFinding,
) -> (Verdict, Option<DrawFinding>) {
    let DrawFinding::Postponed { judgement, later } = postponed else {
        return (verdict, Some(postponed));
    };
    let claimant = judgement.claim.claimant;
    let flag_fell = verdict.clause == Some(Clause::TimeClaim)
        && verdict.correct == Some(GameResult::Win(!claimant));
    // A claimant's win is no decision on his claim for a draw: how it came
    // about after the claim is for a human to read.
    let decision = recorded == GameResult::Draw || recorded == GameResult::Win(!claimant);
    let confirmed = verdict.status == Status::Confirmed && decision;
    let drawn_at_flag =
        verdict.status == Status::Corrected && recorded == GameResult::Draw && flag_fell;
    if !confirmed && !drawn_at_flag {
        return (verdict, Some(DrawFinding::Postponed { judgement, later }));
    }
    let stands = DrawFinding::DecisionStands { judgement, later };
    if confirmed {
        let mut verdict = verdict;
        verdict.reason.and(Finding::from(stands));
        return (verdict, None);
    }
    let ply = verdict.decided_at_ply.unwrap_or(0);
    let clause = Clause::QuickplayFinish;
    (
        Verdict::decide(recorded, recorded, clause, ply, stands),
        None,
    )
}

/// A claim by `claimant` with `clock` left once `ply` plies were played.
fn claim_at(
    game: &Game<'_>,
    ply: usize,
    claimant: Color,
    clock: Option<Clock>,
    clause: &'static str,
) -> DrawClaim {
    DrawClaim {
        claimant,
        clock,
        move_text: game.move_text(ply),
        clause,
        clocks: ClocksAt::of(game, ply),
    }
}

/// Why a draw claim is not admissible, if it is not: the edition or the
/// increment rules it out, it was not the claimant's move, or he had two
/// minutes or more.
fn inadmissible(
    game: &Game<'_>,
    book: &Book,
    ply: usize,
    claimant: Color,
    clock: Option<Clock>,
) -> Option<Inadmissible> {
    let clause = book.rules.quickplay_clauses[0];
    let control = &game.record.control;
    if let Err(why) = book.quickplay_admissible(control.increment(), control.delay()) {
        return Some(Inadmissible::NotAllowed {
            claimant,
            why,
            category: book.category,
            title: book.edition.title,
            clause,
        });
    }
    if game.replay.position_at(ply).turn() != claimant {
        return Some(Inadmissible::NotHisMove { claimant, clause });
    }
    let limit = book.rules.quickplay.time_limit();
    clock
        .filter(|&c| c >= limit)
        .map(|left| Inadmissible::TooMuchTime {
            claimant,
            left,
            limit,
            clause,
        })
}

/// Why the opponent cannot win by normal means, when the record shows it:
/// he cannot checkmate at all, or (with `--syzygy`) the tablebases show he
/// cannot force a win.
fn cannot_win(
    game: &Game<'_>,
    rules: &Judging,
    ply: usize,
    opponent: Color,
    answer: &MateAnswer,
) -> Option<CannotWin> {
    if answer.mate == Mate::Impossible {
        return Some(CannotWin::CannotMate(answer.for_side(opponent)));
    }
    let tablebases = rules.tablebases.as_ref()?;
    let pos = game.replay.position_at(ply).as_chess().cloned()?;
    let outcome = tablebases.outcome_for(&pos, opponent)?;
    (outcome == TableOutcome::CannotWin).then_some(CannotWin::Tablebases(opponent))
}

/// An inadmissible claim: its incident, and the verdict when the recorded
/// draw rests on it.
fn refuse(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    (ply, claimant, why): (usize, Color, Inadmissible),
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    incidents.push(game.incident(
        ply,
        IncidentKind::InadmissibleClaim,
        Some(claimant),
        Some(book.rules.quickplay_clauses[0]),
        DrawFinding::Inadmissible(why),
    ));
    rests_on_claim(game, recorded, ply, why, decisions);
}

/// A recorded draw that only an inadmissible claim at the end of the
/// record explains rests on that claim: a human must look.
fn rests_on_claim(
    game: &Game<'_>,
    recorded: GameResult,
    ply: usize,
    why: Inadmissible,
    decisions: &mut Vec<Decision>,
) {
    if ply < game.plies() || recorded != GameResult::Draw {
        return;
    }
    let reason = DrawFinding::RestingOnInadmissible(why);
    let verdict = Verdict::decide(recorded, recorded, Clause::QuickplayFinish, ply, reason);
    decisions.push(Decision::new(ply, 4, verdict.for_review()));
}

/// Reports when the opponent's next clock reading shows no sign of the two
/// extra minutes.
fn extra_time(
    game: &Game<'_>,
    book: &Book,
    ply: usize,
    opponent: shakmaty::Color,
    incidents: &mut Vec<Incident>,
) {
    let before = game.clock(opponent, ply);
    let next = (ply + 1..=game.plies()).find(|&k| game.replay.mover(k) == opponent);
    let (Some(before), Some(next)) = (before, next) else {
        return;
    };
    let Some(after) = game.record.moves[next - 1].clock else {
        return;
    };
    let spent = game.record.moves[next - 1].emt.unwrap_or(Clock::ZERO);
    if after.millis() + spent.millis() < before.millis() + TWO_MINUTES.millis() / 2 {
        incidents.push(game.incident(
            next,
            IncidentKind::ClockChange,
            Some(opponent),
            Some(book.rules.quickplay_clauses[2]),
            DrawFinding::NoExtraTime {
                opponent,
                before,
                after,
                clauses: [
                    book.rules.quickplay_clauses[2],
                    book.rules.quickplay_clauses[3],
                ],
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};

    #[test]
    fn claim_against_an_opponent_who_cannot_mate_is_good() {
        // Black has only a king: White claims with 0:01:20 left.
        let j = judge_pgn(
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 60\"]\n[Result \"0-1\"]\n\n\
             60. Kd2 {[%clk 0:01:20]} Kd7 {[%clk 0:05:00] [%claim draw white]} 0-1",
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::QuickplayFinish),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.status, Status::Corrected);
    }

    #[test]
    fn tablebase_draw_makes_the_claim_good() {
        use crate::board::tablebase::Tablebases;
        use crate::laws::Judging;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
        let rules = Judging {
            tablebases: Some(std::sync::Arc::new(Tablebases::open(&dir).unwrap())),
            ..Judging::default()
        };
        // Rook against rook: Black could be helpmated, but cannot be beaten.
        let rook_v_rook = "[FEN \"8/8/4k3/8/2r5/8/3RK3/8 w - - 0 60\"]\n[Result \"1/2-1/2\"]\n\n\
                           60. Rd3 {[%clk 0:01:00]} Kf5 {[%clk 0:04:00] [%claim draw white]} 1/2-1/2";
        let j = super::super::test_support::judge_with(rook_v_rook, &rules);
        assert_eq!(j.verdict.status, Status::Confirmed, "{}", j.verdict.reason);
        assert!(
            j.verdict.reason.to_string().contains("tablebases"),
            "{}",
            j.verdict.reason
        );
        // Without the tables it is the arbiter's judgement.
        assert_eq!(judge_pgn(rook_v_rook).verdict.status, Status::Review);
        // Queen against rook: the tables say Black can force a win.
        let queen_v_rook = "[FEN \"8/8/4k3/8/2q5/8/3RK3/8 w - - 0 60\"]\n[Result \"1/2-1/2\"]\n\n\
                            60. Rd3 {[%clk 0:01:00]} Kc5 {[%clk 0:04:00] [%claim draw white]} 1/2-1/2";
        let j = super::super::test_support::judge_with(queen_v_rook, &rules);
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
    }

    #[test]
    fn claim_with_two_minutes_is_inadmissible() {
        let j = judge_pgn(
            "[Result \"*\"]\n\n1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00] [%claim draw white]} *",
        );
        assert_eq!(kinds(&j), ["inadmissible-claim"]);
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    }

    #[test]
    fn arbiters_judgement_goes_to_review() {
        let j = judge_pgn(
            "[Result \"1/2-1/2\"]\n\n1. e4 {[%clk 0:01:00]} e5 {[%clk 0:03:00] [%claim draw white]} 1/2-1/2",
        );
        assert_eq!(j.verdict.status, Status::Review);
        assert_eq!(j.verdict.clause, Some(Clause::QuickplayFinish));
        assert!(
            j.verdict.reason.to_string().contains("arbiter's judgement"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn postponed_claim_without_extra_time() {
        let j = judge_pgn(
            "[Result \"1-0\"]\n\n1. e4 {[%clk 0:01:00]} e5 {[%clk 0:03:00] [%claim draw white]} \
             2. Nf3 {[%clk 0:00:50]} Nc6 {[%clk 0:02:55]} 1-0",
        );
        assert_eq!(kinds(&j), ["clock-change"]);
        assert_eq!(j.verdict.status, Status::Review);
        assert!(
            j.verdict.reason.to_string().contains("play went on"),
            "{}",
            j.verdict.reason
        );
    }
}
