//! The game ends on the board: checkmate, stalemate, dead position.
//!
//! Each ends the game at once, so moves recorded after one do not count and
//! the result is the one at that ply. Deadness is monotone along legal moves
//! (every position reachable from a dead one is dead), so only the last
//! position of the replay is examined; when it is dead, bisection finds the
//! first dead ply.

use shakmaty::Position;

use super::{Game, Rules, side_name};
use crate::helpmate::is_dead;
use crate::incident::{Incident, IncidentKind};
use crate::outcome::GameResult;
use crate::verdict::{Clause, Verdict};

enum End {
    Checkmate,
    Stalemate,
    Dead,
}

pub(super) fn ended_on_board(
    game: &Game<'_>,
    rules: &Rules,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
) -> Option<Verdict> {
    let replay = &game.replay;
    let last = replay.moves.len();
    let (end, ply) = if replay.end.is_checkmate() {
        (End::Checkmate, last)
    } else if replay.end.is_stalemate() {
        (End::Stalemate, last)
    } else if rules.dead_position_check && is_dead(&replay.end) {
        (End::Dead, first_dead_ply(game))
    } else {
        return None;
    };
    let pos = replay.position_at(ply);
    let after = if ply == 0 {
        "in the starting position".to_string()
    } else {
        let before = replay.position_at(ply - 1);
        format!("after {}", replay.numbered(ply, &replay.san(&before, ply)))
    };
    let (correct, clause, reason) = match end {
        End::Checkmate => {
            let winner = !pos.turn();
            (
                GameResult::Win(winner),
                Clause::Checkmate,
                format!("{} is checkmated {after}", side_name(pos.turn())),
            )
        }
        End::Stalemate => (
            GameResult::Draw,
            Clause::Stalemate,
            format!("{} is stalemated {after}", side_name(pos.turn())),
        ),
        End::Dead => {
            incidents.push(game.incident(
                ply,
                IncidentKind::DeadPosition,
                None,
                "no series of legal moves lets either side checkmate".into(),
            ));
            (
                GameResult::Draw,
                Clause::DeadPosition,
                format!(
                    "the position is dead {after}: no series of legal moves lets either side checkmate"
                ),
            )
        }
    };
    let recorded_moves = game.record.moves.len();
    if recorded_moves > ply {
        let extra = recorded_moves - ply;
        incidents.push(game.incident(
            ply + 1,
            IncidentKind::MovesAfterEnd,
            None,
            format!(
                "{extra} move{} recorded after the game ended ({})",
                if extra == 1 { "" } else { "s" },
                clause
            ),
        ));
    }
    Some(Verdict::decide(recorded, correct, clause, ply, reason))
}

/// The first ply whose position is dead, given that the last one is.
fn first_dead_ply(game: &Game<'_>) -> usize {
    let (mut lo, mut hi) = (0, game.replay.moves.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if is_dead(&game.replay.position_at(mid)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::outcome::GameResult;
    use crate::verdict::{Clause, Status};
    use shakmaty::Color;

    #[test]
    fn checkmate_then_more_moves() {
        // Fool's mate, then the record goes on.
        let j = judge_pgn("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 Qxf2 1-0");
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::Black)));
        assert_eq!(j.verdict.clause, Some(Clause::Checkmate));
        assert_eq!(j.verdict.decided_at_ply, Some(4));
        assert!(
            j.verdict
                .reason
                .contains("White is checkmated after 2...Qh4#"),
            "{}",
            j.verdict.reason
        );
        assert_eq!(kinds(&j), ["result-mismatch", "moves-after-end"]);
        assert_eq!(j.incidents[1].ply, 5);
        assert_eq!(j.incidents[1].san, "Kf2");
    }

    #[test]
    fn checkmate_confirmed() {
        let j = judge_pgn("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::Checkmate));
        assert!(j.incidents.is_empty());
    }

    #[test]
    fn decisive_result_on_stalemate() {
        let j =
            judge_pgn("[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Qf7 1-0");
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.clause, Some(Clause::Stalemate));
    }

    #[test]
    fn dead_position_mid_game() {
        // After 2. Kxb2 only kings and a light bishop remain; the game goes on.
        let j = judge_pgn(
            "[FEN \"4k3/8/8/8/8/8/1n6/K1B5 w - - 0 1\"]\n[Result \"1-0\"]\n\n\
             1. Bxb2 Kd7 2. Kb1 Kc6 3. Kc2 Kb5 1-0",
        );
        assert_eq!(j.verdict.clause, Some(Clause::DeadPosition));
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.decided_at_ply, Some(1));
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(
            kinds(&j),
            ["dead-position", "result-mismatch", "moves-after-end"]
        );
        assert_eq!(j.incidents[2].ply, 2);
    }
}
