//! 5.1.2 (2023): a player who resigns loses — unless the opponent cannot
//! checkmate by any series of legal moves; then the game is drawn.
//!
//! A record does not say "resigned". A decisive result that nothing else
//! in the record explains (no mate, no flag or claim, no illegal move, no
//! automatic ending), with no stated ending or one that says the game
//! ended normally or by resignation, is read as a resignation.

use super::Game;
use super::edition::Book;
use super::finding::left::LeftFinding;
use crate::board::helpmate::Mate;
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;
use crate::read::ending::{Ending, Statement};

/// The verdict when 5.1.2 turns the record's result, or leaves it to a human.
pub(super) fn judge(game: &Game<'_>, book: &Book, recorded: GameResult) -> Option<Verdict> {
    let clause = book.edition.resignation_draw?;
    let winner = recorded.winner()?;
    if game.replay.stop.is_some() || !reads_as_resignation(game.statement.as_ref()) {
        return None;
    }
    let ply = game.plies();
    let answer = game.can_mate(ply, winner);
    let mate = || answer.for_side(winner);
    match answer.mate {
        Mate::Impossible => Some(Verdict::decide(
            recorded,
            GameResult::Draw,
            Clause::Resignation,
            ply,
            LeftFinding::ResignedDrawn {
                mate: mate(),
                clause,
            },
        )),
        Mate::Undecided => Some(
            Verdict::decide(
                recorded,
                recorded,
                Clause::Resignation,
                ply,
                LeftFinding::ResignedUndecided {
                    mate: mate(),
                    clause,
                },
            )
            .for_review(),
        ),
        Mate::Possible(_) | Mate::NotShownImpossible => None,
    }
}

/// Whether what the record states leaves room for a resignation: nothing,
/// an ending by play (`Normal`), or a resignation.
fn reads_as_resignation(statement: Option<&Statement>) -> bool {
    statement.is_none_or(|s| matches!(s.ending, Ending::Unknown | Ending::Resignation))
}

#[cfg(test)]
mod tests {
    use super::super::Judging;
    use super::super::editions::{FIDE_2018, FIDE_2023};
    use super::super::placement::Laws;
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};

    const BARE_KING_WINS: &str =
        "[FEN \"4k3/8/8/8/8/8/4q3/K7 w - - 0 60\"]\n[Result \"1-0\"]\n\n60. Kb1 Qe4+ 1-0\n";

    fn under(edition: &'static super::super::edition::Edition) -> Judging {
        Judging {
            laws: Laws::Edition(edition),
            ..Judging::default()
        }
    }

    #[test]
    fn resigning_to_a_bare_king_is_a_draw_from_2023() {
        let j = judge_with(BARE_KING_WINS, &under(&FIDE_2023));
        assert_eq!(j.verdict.clause, Some(Clause::Resignation));
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.rule, "5.1.2");
        let j = judge_with(BARE_KING_WINS, &under(&FIDE_2018));
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(j.verdict.status, Status::Confirmed);
    }

    #[test]
    fn a_resignation_where_the_winner_can_mate_stands() {
        let pgn = "[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 0-1";
        let j = judge_with(pgn, &under(&FIDE_2023));
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        let abandoned = BARE_KING_WINS.replace("[Result", "[Termination \"Abandoned\"]\n[Result");
        let j = judge_with(&abandoned, &under(&FIDE_2023));
        assert_eq!(j.verdict.clause, Some(Clause::Abandonment));
        assert_eq!(j.verdict.status, Status::Review);
    }
}
