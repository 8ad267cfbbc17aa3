//! A player who left the game: a server's disconnection or abandonment.
//!
//! No edition of the Laws has a clause for it. A player who leaves and does
//! not come back loses either way the game can end without him: the arbiter
//! may declare the game lost (the penalties of Article 12), or his clock
//! runs until his flag falls. So the win stands whenever the opponent could
//! still checkmate by some series of legal moves. When he could not, the
//! two ways part: a flag fall would be a draw (the time clause), the
//! arbiter's declaration would not; the Laws leave that score to the
//! arbiter, and so does the audit (review). No flag fall is reported: none
//! is recorded.

use super::Game;
use super::edition::Book;
use super::finding::left::{AfterLeaving, LeftFinding};
use crate::board::helpmate::Mate;
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;
use crate::read::ending::Ending;

/// The verdict on a decisive game the record says a player left.
pub(super) fn judge(game: &Game<'_>, book: &Book, recorded: GameResult) -> Option<Verdict> {
    let statement = game.statement.as_ref()?;
    if statement.ending != Ending::Abandonment || game.replay.stop.is_some() {
        return None;
    }
    let winner = recorded.winner()?;
    // The words name who left, or the result does: a decisive result
    // beside "abandoned" says who.
    let leaver = statement.side().unwrap_or(!winner);
    let ply = game.plies();
    let answer = game.can_mate(ply, winner);
    let decide = |then| {
        let reason = LeftFinding::Left {
            says: statement.words.clone(),
            leaver,
            mate: answer.for_side(winner),
            then,
        };
        Verdict::decide(recorded, recorded, Clause::Abandonment, ply, reason)
    };
    match answer.mate {
        Mate::Possible(_) | Mate::NotShownImpossible if leaver != winner => {
            Some(decide(AfterLeaving::ResultStands))
        }
        Mate::Impossible => {
            let clause = book.rules.time_clause;
            Some(decide(AfterLeaving::WinnerCannotMate(clause)).for_review())
        }
        _ => Some(decide(AfterLeaving::CheckByHand).for_review()),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::super::test_support::*;
    use crate::board::helpmate::Mate;
    use crate::laws::finding::Finding;
    use crate::laws::finding::left::{AfterLeaving, LeftFinding};
    use crate::model::verdict::Status;

    /// Who left, what the winner could still do, and what it came to.
    fn left(j: &crate::laws::Judgement) -> (Color, &Mate, AfterLeaving) {
        match decided(j) {
            Finding::Left(found) => match &**found {
                LeftFinding::Left {
                    leaver, mate, then, ..
                } => (*leaver, &mate.mate, *then),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    const FICS: &str = "[Site \"FICS freechess.org\"]\n[White \"alpha\"]\n[Black \"beta\"]\n";

    #[test]
    fn a_disconnection_loses_when_the_opponent_can_mate() {
        let j = judge_pgn(&format!(
            "{FICS}[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {{beta forfeits by disconnection}} 1-0"
        ));
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.rule, "abandonment");
        let (leaver, mate, then) = left(&j);
        assert_eq!((leaver, then), (Color::Black, AfterLeaving::ResultStands));
        assert!(matches!(mate, Mate::Possible(_)), "{}", j.verdict.reason);
        // Its words.
        assert!(
            j.verdict.reason.to_string().contains("Black left the game"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn a_disconnection_against_a_bare_king_goes_to_review() {
        let j = judge_pgn(&format!(
            "{FICS}[FEN \"8/8/4k3/8/8/3K4/3P4/8 b - - 0 1\"]\n[SetUp \"1\"]\n[Result \"0-1\"]\n\n\
             1... Ke5 {{alpha forfeits by disconnection}} 0-1"
        ));
        assert_eq!(j.verdict.status, Status::Review);
        let (leaver, mate, then) = left(&j);
        assert_eq!(leaver, Color::White);
        assert_eq!(mate, &Mate::Impossible);
        assert!(matches!(then, AfterLeaving::WinnerCannotMate(_)));
    }
}
