//! 9.2 and 9.3 (US Chess 14C, 14F): a draw claimed on the same position
//! standing three times, or on fifty moves by each player without a
//! capture or a pawn move. A claim the board upholds draws the game where it
//! was made, and the moves written after it are not the game's; one it does
//! not uphold is rejected, and the game goes on.
//!
//! A claim is written `[%claim repetition white]` (or `threefold`) and
//! `[%claim fifty black]` after the move that made the position. The
//! position is judged as it stands on the board, whatever came before it:
//! the same position is the same pieces, side to move, castling and en
//! passant rights (9.2.3).

use shakmaty::Position;

use super::automatic::position_key;
use super::edition::Book;
use super::finding::claimed_draw::{ClaimedDrawFinding, Ground};
use super::{Decision, Game};
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::claim::{ClaimKind, Claimant};
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

/// Plies without a capture or a pawn move that 9.3 asks for.
const FIFTY_MOVES: u32 = 100;

pub(super) fn judge(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    for kind in [ClaimKind::Repetition, ClaimKind::FiftyMoves] {
        for claim in game.claims_of(kind) {
            let Claimant::Player(by) = claim.by else {
                continue;
            };
            let ply = claim.ply.min(game.plies());
            let clause = match kind {
                ClaimKind::Repetition => Clause::RepetitionClaim,
                _ => Clause::FiftyMovesClaim,
            };
            let Some((ground, upheld)) = ground(game, kind, ply) else {
                continue;
            };
            let move_text = game.move_text(ply);
            let cited = book.cite(clause);
            if upheld {
                let reason = ClaimedDrawFinding::Upheld {
                    by,
                    move_text,
                    ground,
                    clause: cited,
                };
                let verdict = Verdict::decide(recorded, GameResult::Draw, clause, ply, reason);
                decisions.push(Decision::new(ply, 3, verdict));
                return;
            }
            let detail = ClaimedDrawFinding::NotSo {
                by,
                move_text,
                ground,
                clause: cited,
            };
            let kind = IncidentKind::RejectedClaim;
            incidents.push(game.incident(ply, kind, Some(by), Some(cited), detail));
        }
    }
}

/// What the board shows of a claim made after `ply` plies, and whether it
/// upholds it; `None` where the position then is not a legal one (an
/// illegal position is 15.4.4's).
fn ground(game: &Game<'_>, kind: ClaimKind, ply: usize) -> Option<(Ground, bool)> {
    let state = game.replay.position_at(ply);
    let pos = state.as_chess()?;
    if kind == ClaimKind::FiftyMoves {
        let plies = pos.halfmoves();
        return Some((Ground::FiftyMoves { plies }, plies >= FIFTY_MOVES));
    }
    let key = position_key(pos);
    let mut state = game.replay.start.clone();
    let mut times = usize::from(state.as_chess().is_some_and(|p| position_key(p) == key));
    for at in 1..=ply {
        game.replay.play_ply(&mut state, at);
        let restored = game.replay.steps[at - 1].restored;
        let same = state.as_chess().is_some_and(|p| position_key(p) == key);
        times += usize::from(same && !restored);
    }
    Some((Ground::Repetition { times }, times >= 3))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::model::verdict::Status;

    const KNIGHTS: &str = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";

    #[test]
    fn a_repetition_the_board_shows_draws_where_it_was_claimed() {
        let j = judge_pgn(&format!(
            "[Result \"1-0\"]\n\n{KNIGHTS} {{[%claim repetition white]}} 5. e4 e5 1-0"
        ));
        assert_eq!(j.verdict.status, Status::Corrected, "{}", j.verdict.reason);
        assert_eq!(j.verdict.correct.map(|c| c.as_str()), Some("1/2-1/2"));
        assert_eq!(j.verdict.rule, "9.2");
        assert_eq!(j.verdict.decided_at_ply, Some(8));
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("the position had stood 3 times")
        );
    }

    #[test]
    fn a_claim_the_board_does_not_uphold_is_rejected_and_a_draw_resting_on_it_is_review() {
        let j = judge_pgn(
            "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 {[%claim threefold white]} 1/2-1/2",
        );
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("the position had stood 2 times"),
            "{}",
            j.verdict.reason
        );
        // The game went on after it: the rejected claim is an incident only.
        let j =
            judge_pgn("[Result \"1-0\"]\n\n1. Nf3 Nf6 {[%claim repetition black]} 2. e4 e5 1-0");
        assert_eq!(j.verdict.status, Status::Confirmed, "{}", j.verdict.reason);
    }

    #[test]
    fn fifty_moves_are_counted_from_the_board() {
        let start = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/8/7R w - - 99 80\"]\n";
        let j = judge_pgn(&format!(
            "{start}[Result \"1-0\"]\n\n80. Rh2 {{[%claim fifty black]}} Ke5 1-0"
        ));
        assert_eq!(
            j.verdict.correct.map(|c| c.as_str()),
            Some("1/2-1/2"),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.rule, "9.3");
        let start = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/8/7R w - - 90 80\"]\n";
        let j = judge_pgn(&format!(
            "{start}[Result \"1/2-1/2\"]\n\n80. Rh2 {{[%claim fifty black]}} 1/2-1/2"
        ));
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
    }
}
