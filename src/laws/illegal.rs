//! 15.4.2: illegal moves — and, under 15.3, Article 7.4 b of the ordinary
//! Laws (2009).
//!
//! Under 15.4.2 an illegal move is completed once the clock is pressed. The
//! opponent may claim a win before making his next move, or the arbiter may
//! declare it; either way the game is drawn if the claimant cannot checkmate
//! the offender by any series of legal moves. Unclaimed, the move stands.
//!
//! Under 15.3 the arbiter sees every move: the position is restored, the
//! opponent gets two minutes for each of the first two illegal moves of a
//! player, and the third loses — with the same exception.

use super::{Decision, Game, Rules, loss_unless_unwinnable, side_name};
use crate::claim::{ClaimKind, Claimant};
use crate::incident::{Incident, IncidentKind};
use crate::outcome::GameResult;
use crate::replay::Regime;
use crate::verdict::Clause;

pub(super) fn judge(
    game: &Game<'_>,
    rules: &Rules,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    match rules.regime {
        Regime::Rapid => rapid(game, recorded, incidents, decisions),
        Regime::Standard => standard(game, recorded, incidents, decisions),
    }
}

fn rapid(
    game: &Game<'_>,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    let mut claimed = vec![false; game.plies() + 1];
    let mut explicit = false;
    for claim in game.claims_of(ClaimKind::Illegal) {
        explicit = true;
        let ply = claim.ply.min(game.plies());
        let illegal = ply
            .checked_sub(1)
            .and_then(|i| game.replay.steps.get(i))
            .and_then(|s| s.illegal.as_ref());
        let who = match claim.by {
            Claimant::Player(c) => side_name(c),
            Claimant::Arbiter => "the arbiter",
        };
        match (claim.by, illegal) {
            (Claimant::Player(c), _) if ply == 0 || game.replay.mover(ply) == c => incidents.push(game.incident(
                ply,
                IncidentKind::LateClaim,
                Some(c),
                format!(
                    "{who} claimed an illegal move after making his own move; once the claimant has \
                     moved the claim is rejected (15.4.2)"
                ),
            )),
            (_, None) => incidents.push(game.incident(
                ply,
                IncidentKind::RejectedClaim,
                match claim.by {
                    Claimant::Player(c) => Some(c),
                    Claimant::Arbiter => None,
                },
                format!("{who} claimed {} was illegal, but it is legal", game.move_text(ply)),
            )),
            (_, Some(_)) => {
                claimed[ply] = true;
                decisions.push(decide(game, recorded, ply, who, false));
            }
        }
    }
    // No claim written: a decisive result for the opponent right after an
    // illegal last move means he claimed it — only where the record ends
    // there (text after it that could not be read is no claim).
    let last = game.plies();
    if !explicit
        && last > 0
        && game.replay.stop.is_none()
        && game.record.moves.len() == last
        && game.replay.steps[last - 1].illegal.is_some()
        && recorded.winner() == Some(!game.replay.mover(last))
    {
        claimed[last] = true;
        let who = side_name(!game.replay.mover(last));
        decisions.push(decide(game, recorded, last, who, true));
    }
    for (i, step) in game.replay.steps.iter().enumerate() {
        let Some(why) = &step.illegal else {
            continue;
        };
        let ply = i + 1;
        let fate = if claimed[ply] {
            "claimed before the claimant moved (15.4.2)"
        } else {
            "not claimed: the move stands and the game goes on (15.4.2)"
        };
        let kind = if step.castling_disallowed.is_some() {
            IncidentKind::CastlingDisallowed
        } else {
            IncidentKind::IllegalMove
        };
        incidents.push(game.incident(ply, kind, Some(step.mover), format!("{why}; {fate}")));
    }
}

/// The claimed (or observed) illegal move of ply `ply` loses, unless the
/// claimant cannot checkmate.
fn decide(
    game: &Game<'_>,
    recorded: GameResult,
    ply: usize,
    who: &str,
    inferred: bool,
) -> Decision {
    let step = &game.replay.steps[ply - 1];
    let how = if inferred {
        format!("{who} claimed it before moving (the claim is read from the result)")
    } else if who == "the arbiter" {
        "the arbiter declared it".to_string()
    } else {
        format!("{who} claimed it before moving")
    };
    let lead = format!(
        "{} was illegal ({}); {how} (15.4.2; {})",
        game.move_text(ply),
        step.illegal.as_deref().unwrap_or("illegal"),
        game.clocks_note(ply),
    );
    loss_unless_unwinnable(
        game,
        recorded,
        ply,
        ply,
        step.mover,
        Clause::IllegalMove,
        lead,
    )
}

fn standard(
    game: &Game<'_>,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    let mut count = [0usize; 2];
    for (i, step) in game.replay.steps.iter().enumerate() {
        let Some(why) = &step.illegal else {
            continue;
        };
        let ply = i + 1;
        let n = &mut count[step.mover as usize];
        *n += 1;
        let opponent = side_name(!step.mover);
        if *n < 3 {
            incidents.push(game.incident(
                ply,
                IncidentKind::IllegalMove,
                Some(step.mover),
                format!(
                    "{why}; illegal move number {n} of {}: the position is restored and {opponent} \
                     gets two extra minutes (15.3, Laws 7.4 b)",
                    side_name(step.mover)
                ),
            ));
            continue;
        }
        incidents.push(game.incident(
            ply,
            IncidentKind::IllegalMove,
            Some(step.mover),
            format!("{why}; the third illegal move of {}", side_name(step.mover)),
        ));
        let lead = format!(
            "{} was the third illegal move of {} ({why}; {}); under 15.3 the ordinary Laws apply \
             (7.4 b)",
            game.move_text(ply),
            side_name(step.mover),
            game.clocks_note(ply),
        );
        // The position was restored: the question is asked before the move.
        decisions.push(loss_unless_unwinnable(
            game,
            recorded,
            ply,
            ply - 1,
            step.mover,
            Clause::LawsIllegalMove,
            lead,
        ));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rules;
    use super::super::test_support::*;
    use crate::outcome::GameResult;
    use crate::replay::Regime;
    use crate::verdict::{Clause, Status};
    use shakmaty::Color;

    // 3...Nf6 ignores the check from the bishop on b5.
    const KING_INTO_CHECK: &str = "1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6";

    #[test]
    fn claimed_illegal_move_loses() {
        let j = judge_pgn(&format!(
            "[Result \"1-0\"]\n\n{KING_INTO_CHECK} {{[%claim illegal white]}} 1-0"
        ));
        assert_eq!(
            j.verdict.clause,
            Some(Clause::IllegalMove),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.decided_at_ply, Some(6));
        assert!(
            j.verdict
                .reason
                .contains("3...Nf6 was illegal (leaves its own king in check)"),
            "{}",
            j.verdict.reason
        );
        assert_eq!(kinds(&j), ["illegal-move"]);
        assert!(
            j.incidents[0]
                .detail
                .ends_with("claimed before the claimant moved (15.4.2)")
        );
    }

    #[test]
    fn claim_is_inferred_from_the_result() {
        let j = judge_pgn(&format!("[Result \"1-0\"]\n\n{KING_INTO_CHECK} 1-0"));
        assert_eq!(j.verdict.clause, Some(Clause::IllegalMove));
        assert!(
            j.verdict.reason.contains("read from the result"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn unreadable_text_after_an_illegal_move_is_no_claim() {
        for result in ["1-0", "0-1"] {
            let pgn = format!("[Result \"{result}\"]\n\n{KING_INTO_CHECK} Zz9 {result}");
            let j = judge_pgn(&pgn);
            assert_ne!(
                j.verdict.clause,
                Some(Clause::IllegalMove),
                "{}",
                j.verdict.reason
            );
            assert!(!j.verdict.reason.contains("read from the result"));
        }
    }

    #[test]
    fn claimant_who_cannot_mate_gets_a_draw() {
        // White: king and knight; Black's king steps next to White's king.
        let j = judge_pgn(
            "[FEN \"8/8/8/3k4/8/3K4/5N2/7q b - - 0 1\"]\n[Result \"1-0\"]\n\n1... Kd4?? {[%claim illegal white]} 1-0",
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::IllegalMove),
            "{}",
            j.verdict.reason
        );
        assert_eq!(
            j.verdict.correct,
            Some(GameResult::Draw),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.status, Status::Corrected);
        assert!(
            j.verdict
                .reason
                .contains("no series of legal moves lets White checkmate"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn claim_after_own_move_is_late() {
        let j = judge_pgn(&format!(
            "[Result \"*\"]\n\n{KING_INTO_CHECK} 4. d3 {{[%claim illegal white]}} *"
        ));
        assert_ne!(j.verdict.clause, Some(Clause::IllegalMove));
        assert_eq!(kinds(&j), ["illegal-move", "late-claim"]);
        assert!(
            j.incidents[0]
                .detail
                .contains("not claimed: the move stands")
        );
    }

    #[test]
    fn unclaimed_illegal_move_stands() {
        let j = judge_pgn(&format!(
            "[Result \"1/2-1/2\"]\n\n{KING_INTO_CHECK} 4. d3 Ke7 1/2-1/2"
        ));
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(kinds(&j), ["illegal-move"]);
    }

    #[test]
    fn arbiter_declares_and_claims_of_legal_moves_fail() {
        let j = judge_pgn(&format!(
            "[Result \"*\"]\n\n{KING_INTO_CHECK} {{[%arbiter illegal]}} *"
        ));
        assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::White)));
        assert!(j.verdict.reason.contains("the arbiter declared it"));
        let j = judge_pgn("[Result \"*\"]\n\n1. e4 e5 {[%claim illegal white]} *");
        assert_eq!(kinds(&j), ["rejected-claim"]);
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    }

    #[test]
    fn under_15_3_the_third_illegal_move_loses() {
        let rules = Rules {
            regime: Regime::Standard,
            ..Rules::default()
        };
        let two = "1. e4 e5 2. Ke1-e3 2. Ke1-e3 2. Nf3";
        let j =
            super::super::test_support::judge_with(&format!("[Result \"*\"]\n\n{two} *"), &rules);
        assert_eq!(
            kinds(&j),
            ["illegal-move", "notation", "illegal-move", "notation"]
        );
        assert!(j.incidents[0].detail.contains("the position is restored"));
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
        let j = super::super::test_support::judge_with(
            "[Result \"*\"]\n\n1. e4 e5 2. Ke1-e3 2. Ke1-e3 2. Ke1-e3 *",
            &rules,
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::LawsIllegalMove),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::Black)));
        assert_eq!(j.verdict.decided_at_ply, Some(5));
    }
}
