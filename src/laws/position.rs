//! 15.4.4: an illegal position on the board — both kings in check, or a pawn
//! on the rank farthest from where it started. The arbiter waits until the
//! next move is completed; if the illegal position is still there, the game
//! is drawn (A.4.4 of 2014–2018, A.5.4 of 2023). The 2009 rapid rules have
//! the arbiter put the position right instead, and under the ordinary Laws
//! the move that made it is an illegal move: no draw, only the incident.

use super::edition::Book;
use super::finding::ClocksAt;
use super::finding::position::PositionFinding;
use super::{Decision, Game};
use crate::board::permissive::IllegalPosition;
use crate::board::replay::TakeBack;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
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
    let replay = &game.replay;
    // Only a move that is not legal, or a set-up, can make a position illegal.
    if book.take_back() == TakeBack::All
        || replay.start.as_chess().is_some() && replay.steps.iter().all(|s| s.legal)
    {
        return;
    }
    let Some(clause) = book.rules.position_clause else {
        return unremedied(game, book, incidents);
    };
    let mut state = replay.start.clone();
    let mut previous: Option<IllegalPosition> = None;
    for ply in 0..=replay.plies() {
        if ply > 0 {
            replay.play_ply(&mut state, ply);
        }
        let now = state.illegal_position();
        match (&previous, &now) {
            (Some(before), Some(still)) => {
                let reason = PositionFinding::StillThere {
                    before: before.clone(),
                    move_text: game.move_text(ply),
                    still: still.clone(),
                    clocks: ClocksAt::of(game, ply),
                    clause,
                };
                let verdict = Verdict::decide(
                    recorded,
                    GameResult::Draw,
                    Clause::IllegalPosition,
                    ply,
                    reason,
                );
                decisions.push(Decision::new(ply, 2, verdict));
                return;
            }
            (None, Some(what)) => incidents.push(game.incident(
                ply,
                IncidentKind::IllegalPosition,
                None,
                Some(clause),
                PositionFinding::ToRemove {
                    position: what.clone(),
                    clause,
                },
            )),
            _ => {}
        }
        previous = now;
    }
}

/// Reports illegal positions where no clause draws the game for them.
fn unremedied(game: &Game<'_>, book: &Book, incidents: &mut Vec<Incident>) {
    let mut state = game.replay.start.clone();
    let mut previous = false;
    for ply in 0..=game.plies() {
        if ply > 0 {
            game.replay.play_ply(&mut state, ply);
        }
        let now = state.illegal_position();
        if let (false, Some(what)) = (previous, &now) {
            incidents.push(game.incident(
                ply,
                IncidentKind::IllegalPosition,
                None,
                Some(book.rules.illegal_clause),
                PositionFinding::PutRight {
                    position: what.clone(),
                    title: book.edition.title,
                    clause: book.rules.illegal_clause,
                },
            ));
        }
        previous = now.is_some();
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};

    #[test]
    fn illegal_position_left_on_the_board_is_a_draw() {
        // 1. a8 leaves an unpromoted pawn on a8; Black's reply leaves it there.
        let j = judge_pgn(
            "[FEN \"4k3/P7/8/8/8/8/8/4K2R w - - 0 1\"]\n[Result \"1-0\"]\n\n1. a8 Kd7 2. Rh7+ 1-0",
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::IllegalPosition),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.decided_at_ply, Some(2));
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(
            kinds(&j),
            [
                "illegal-move",
                "illegal-position",
                "result-mismatch",
                "moves-after-end"
            ]
        );
    }

    #[test]
    fn next_move_removes_the_illegal_position() {
        // The pawn on a8 is taken at once: play goes on.
        let j = judge_pgn(
            "[FEN \"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. b8 Rxb8 2. Kd2 *",
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::Unfinished),
            "{}",
            j.verdict.reason
        );
        assert_eq!(kinds(&j), ["illegal-move", "illegal-position"]);
    }
}
