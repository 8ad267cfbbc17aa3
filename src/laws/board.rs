//! The game ends on the board: checkmate, stalemate, dead position.
//!
//! Each ends the game at once, so moves recorded after one do not count and
//! the result is the one at that ply. They are looked for at the end of each
//! stretch of legal moves: a mated or stalemated side has no legal move, so
//! the game cannot go on legally after one; and deadness is monotone along
//! legal moves (every position reachable from a dead one is dead), so when a
//! stretch ends dead, bisection finds its first dead ply.

use shakmaty::Chess;

use crate::board::no_move::NoMove;

use super::finding::board::{BoardFinding, Where};
use super::{Decision, Game, Judging};
use crate::board::permissive::State;
use crate::laws::verdict::Verdict;
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

pub(super) fn ended_on_board(
    game: &Game<'_>,
    rules: &Judging,
    recorded: GameResult,
    decisions: &mut Vec<Decision>,
) {
    let replay = &game.replay;
    let plies = replay.plies();
    // Nearly every game is one stretch of legal moves: only its end counts.
    if replay.steps.iter().all(|s| s.legal) {
        if let State::Legal(pos) = &replay.end
            && let Some(decision) = end_of_stretch(game, rules, recorded, pos, 0, plies)
        {
            decisions.push(decision);
        }
        return;
    }
    // Otherwise walk the game once, asking at the end of each stretch.
    let mut stretch_start = 0;
    let mut state = replay.start.clone();
    for ply in 0..=plies {
        if ply > 0 {
            replay.play_ply(&mut state, ply);
            if !replay.steps[ply - 1].legal {
                stretch_start = ply;
            }
        }
        let ends_stretch = ply == plies || !replay.steps[ply].legal;
        if ends_stretch
            && let State::Legal(pos) = &state
            && let Some(decision) = end_of_stretch(game, rules, recorded, pos, stretch_start, ply)
        {
            decisions.push(decision);
            return;
        }
    }
}

fn end_of_stretch(
    game: &Game<'_>,
    rules: &Judging,
    recorded: GameResult,
    pos: &Chess,
    start: usize,
    ply: usize,
) -> Option<Decision> {
    // The final position's answer is the game's, found once.
    let no_move = match ply == game.replay.plies() {
        true => game.end_on_board(),
        false => NoMove::at(pos),
    };
    let (clause, ply) = match no_move {
        Some(NoMove::Checkmate) => (Clause::Checkmate, ply),
        Some(NoMove::Stalemate) => (Clause::Stalemate, ply),
        None if rules.dead_position_check && game.is_dead(pos) => {
            (Clause::DeadPosition, first_dead_ply(game, start, ply))
        }
        None => return None,
    };
    let at = match ply {
        0 => Where::Start,
        _ => Where::After(game.move_text(ply)),
    };
    let to_move = game.replay.position_at(ply).turn();
    let mut incidents = Vec::new();
    let (correct, reason) = match clause {
        Clause::Checkmate => (
            GameResult::Win(!to_move),
            BoardFinding::Checkmated { side: to_move, at },
        ),
        Clause::Stalemate => (
            GameResult::Draw,
            BoardFinding::Stalemated { side: to_move, at },
        ),
        _ => {
            incidents.push(game.incident(
                ply,
                IncidentKind::DeadPosition,
                None,
                None,
                BoardFinding::NoMateForEither,
            ));
            (GameResult::Draw, BoardFinding::Dead(at))
        }
    };
    Some(Decision {
        ply,
        rank: 1,
        verdict: Verdict::decide(recorded, correct, clause, ply, reason),
        incidents,
        helpmate: None,
    })
}

/// The first dead ply of a stretch of legal moves whose last position is dead.
fn first_dead_ply(game: &Game<'_>, start: usize, end: usize) -> usize {
    let (mut lo, mut hi) = (start, end);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let dead = game
            .replay
            .position_at(mid)
            .as_chess()
            .is_some_and(|pos| game.is_dead(pos));
        if dead {
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
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};
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
                .to_string()
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
        // After 1. Bxb2 only kings and a light bishop remain; the game goes on.
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

    #[test]
    fn dead_position_before_an_illegal_move_still_ends_the_game() {
        // Dead after 1. Bxb2; the illegal 2. Kc3 (two squares) comes after.
        let j = judge_pgn(
            "[FEN \"4k3/8/8/8/8/8/1n6/K1B5 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Bxb2 Kd7 2. Ka1-c3 1-0",
        );
        assert_eq!(j.verdict.clause, Some(Clause::DeadPosition));
        assert_eq!(j.verdict.decided_at_ply, Some(1));
        assert!(!kinds(&j).contains(&"illegal-move"));
    }
}
