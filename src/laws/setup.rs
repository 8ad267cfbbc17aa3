//! 15.4.1.2: a wrong set-up of the pieces or a wrongly turned board may be
//! claimed only until each player has completed ten moves (three under
//! 2009's A4a; the ordinary Laws set no limit); castling with a king or rook
//! that was placed wrongly is not allowed for the whole game (those moves
//! are reported by [`super::illegal`] as `castling-disallowed`).

use super::edition::Book;
use super::finding::setup::{Completed, SetupFinding};
use super::{Decision, Game};
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
    for claim in game.claims_of(ClaimKind::SetUp) {
        let Claimant::Player(by) = claim.by else {
            continue;
        };
        let ply = claim.ply.min(game.plies());
        let done = || Completed {
            white: game.moves_completed(shakmaty::Color::White, ply),
            black: game.moves_completed(shakmaty::Color::Black, ply),
        };
        let clause = book.rules.setup_clause;
        if let Some(window) = book.rules.window.map(usize::from)
            && done().white >= window
            && done().black >= window
        {
            let detail = SetupFinding::TooLate {
                by,
                window,
                done: done(),
                clause,
            };
            let late = IncidentKind::LateClaim;
            incidents.push(game.incident(ply, late, Some(by), Some(clause), detail));
            continue;
        }
        let Some(wrong) = &game.replay.wrong_setup else {
            let detail = SetupFinding::SetupCorrect { by };
            let kind = IncidentKind::RejectedClaim;
            incidents.push(game.incident(ply, kind, Some(by), None, detail));
            continue;
        };
        let reason = SetupFinding::Upheld {
            by,
            move_text: game.move_text(ply),
            done: done(),
            clause,
            wrong: wrong.clone(),
        };
        let verdict = Verdict::decide(recorded, GameResult::Unfinished, Clause::SetUp, ply, reason);
        decisions.push(Decision::new(ply, 3, verdict.for_review()));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};

    const WRONG: &str =
        "[FEN \"rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1\"]\n[Result \"1-0\"]\n\n";

    #[test]
    fn castling_after_a_wrong_setup_is_reported() {
        let j = judge_pgn(&format!("{WRONG}1. Nf3 Nf6 2. O-O e6 1-0"));
        assert_eq!(kinds(&j), ["castling-disallowed"]);
        assert!(
            j.incidents[0].detail.to_string().contains("15.4.1.2"),
            "{}",
            j.incidents[0].detail
        );
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
    }

    #[test]
    fn setup_claim_in_time_goes_to_review() {
        let j = judge_pgn(&format!(
            "{WRONG}1. Nf3 Nf6 2. g3 {{[%claim setup black]}} 1-0"
        ));
        assert_eq!(j.verdict.clause, Some(Clause::SetUp));
        assert_eq!(j.verdict.status, Status::Review);
        assert_eq!(j.verdict.correct, Some(GameResult::Unfinished));
    }

    #[test]
    fn setup_claim_after_ten_moves_is_late() {
        let moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 \
                     8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 {[%claim setup white]} 11. Nf3";
        let j = judge_pgn(&format!("{WRONG}{moves} 1-0"));
        assert_eq!(kinds(&j), ["late-claim"]);
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
    }

    #[test]
    fn setup_claim_without_a_wrong_setup_is_rejected() {
        let j = judge_pgn("[Result \"*\"]\n\n1. e4 {[%claim setup black]} *");
        assert_eq!(kinds(&j), ["rejected-claim"]);
    }
}
