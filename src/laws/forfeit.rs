//! A game the record says was not played: `Termination "Unplayed"` (lichess
//! broadcasts), `forfeit`, `no show`, `bye`, a `+/-` result.
//!
//! No clause about play can decide it: there was no play. A decisive
//! result beside such words is a forfeit, won by the side the result
//! names, which stands as recorded (and is no game a federation rates). A
//! draw or no result beside them is not a result the Laws give a game that
//! was not played: a double forfeit, a bye, a postponement? The arbiter
//! says (review).

use super::Game;
use super::finding::unplayed::UnplayedFinding;
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;
use crate::read::ending::{Ending, EndingSource};

/// The most plies a record the words call unplayed may hold: a player who
/// came may have made a first move before the forfeit was declared.
pub(super) const UNPLAYED_PLIES: usize = 2;

/// The verdict on a record whose words say the game was not played, when
/// its moves do not say otherwise.
pub(super) fn judge(game: &Game<'_>, recorded: GameResult) -> Option<Verdict> {
    // A comment is nobody's ruling: `{ forfeit } 1-0` goes to the arbiter
    // as any record with no move does.
    let said = game
        .statement
        .as_ref()
        .filter(|s| s.unplayed() && s.words.source != EndingSource::ResultComment)?;
    let plies = game.plies();
    if plies > UNPLAYED_PLIES || game.replay.stop.is_some() {
        return None;
    }
    let verdict = match recorded {
        GameResult::Win(winner) if said.ending == Ending::Forfeit => Verdict::decide(
            recorded,
            recorded,
            Clause::Forfeit,
            plies,
            UnplayedFinding::Forfeit {
                says: said.words.clone(),
                winner,
                plies,
            },
        ),
        GameResult::Win(_) => Verdict::decide(
            recorded,
            recorded,
            Clause::Unplayed,
            plies,
            UnplayedFinding::Bye {
                says: said.words.clone(),
                recorded,
            },
        ),
        GameResult::Draw | GameResult::Unfinished => Verdict::decide(
            recorded,
            recorded,
            Clause::Unplayed,
            plies,
            UnplayedFinding::Unplayed {
                says: said.words.clone(),
                recorded,
            },
        )
        .for_review(),
    };
    Some(verdict)
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::super::test_support::*;
    use crate::laws::finding::Finding;
    use crate::laws::finding::record::{AtOdds, RecordFinding};
    use crate::laws::finding::unplayed::UnplayedFinding;
    use crate::model::verdict::Status;
    use crate::read::ending::{Ending, EndingSource};

    /// The finding that decided an unplayed game's verdict.
    fn unplayed_finding(j: &crate::laws::Judgement) -> &UnplayedFinding {
        match decided(j) {
            Finding::Unplayed(found) => found,
            other => panic!("not an unplayed game's finding: {other:?}"),
        }
    }

    fn unplayed(result: &str, termination: &str, moves: &str) -> crate::laws::Judgement {
        judge_pgn(&format!(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n\n{moves} {result}"
        ))
    }

    #[test]
    fn a_decisive_unplayed_game_is_a_forfeit_won_by_the_side_the_result_names() {
        let j = unplayed("1-0", "Unplayed", "");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.rule, "forfeit");
        assert_eq!(j.ending, (Ending::Forfeit, EndingSource::TerminationTag));
        assert!(
            matches!(unplayed_finding(&j), UnplayedFinding::Forfeit { says, winner: Color::White, plies: 0 }
                if says.tag == "Termination" && says.text == "Unplayed"),
            "{}",
            j.verdict.reason
        );
        let j = unplayed("0-1", "no show", "1. e4");
        assert_eq!(
            (j.verdict.status, j.verdict.rule),
            (Status::Confirmed, "forfeit")
        );
        assert!(
            matches!(
                unplayed_finding(&j),
                UnplayedFinding::Forfeit {
                    winner: Color::Black,
                    plies: 1,
                    ..
                }
            ),
            "{}",
            j.verdict.reason
        );
        // Its words: one move, in the singular.
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("the 1 move on record does not"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn an_unplayed_draw_or_no_result_goes_to_review() {
        for (result, moves) in [("1/2-1/2", ""), ("1/2-1/2", "1. e4"), ("*", "")] {
            let j = unplayed(result, "Unplayed", moves);
            assert_eq!(j.verdict.status, Status::Review, "{result} {moves}");
            assert_eq!(j.verdict.rule, "unplayed");
            assert_eq!(j.ending, (Ending::Unplayed, EndingSource::TerminationTag));
            assert!(
                matches!(unplayed_finding(&j), UnplayedFinding::Unplayed { says, .. } if says.text == "Unplayed"),
                "{}",
                j.verdict.reason
            );
        }
    }

    #[test]
    fn a_bye_is_no_forfeit_and_its_score_stands() {
        let j = unplayed("1-0", "bye", "");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.rule, "unplayed");
        assert_eq!(j.ending, (Ending::Unplayed, EndingSource::TerminationTag));
        assert!(
            matches!(unplayed_finding(&j), UnplayedFinding::Bye { says, .. } if says.text == "bye"),
            "{}",
            j.verdict.reason
        );
        // Not a word inside another.
        assert_ne!(
            unplayed("1-0", "Goodbye", "1. e4 e5").ending.0,
            Ending::Unplayed
        );
    }

    #[test]
    fn a_forfeit_mark_in_the_result_is_a_forfeit() {
        let j = judge_pgn("[White \"A\"]\n[Black \"B\"]\n[Result \"+/-\"]\n\n1-0");
        assert_eq!(j.verdict.rule, "forfeit");
        assert_eq!(j.ending, (Ending::Forfeit, EndingSource::ResultTag));
        let j = judge_pgn("[White \"A\"]\n[Black \"B\"]\n[Result \"-/+\"]\n\n0-1");
        assert_eq!(
            (j.verdict.rule, j.verdict.correct.map(|c| c.as_str())),
            ("forfeit", Some("0-1"))
        );
    }

    #[test]
    fn a_game_played_out_is_no_forfeit_and_the_words_that_say_otherwise_are_quoted() {
        let j = unplayed("1-0", "Unplayed", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
        assert_eq!(j.verdict.status, Status::Review);
        let why = match decided(&j) {
            Finding::Record(found) => match &**found {
                RecordFinding::ContradictsItself { why, .. } => why,
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        };
        assert!(
            matches!(why, AtOdds::PlayedAfterAll { plies: 6, says } if says.text == "Unplayed"),
            "{}",
            j.verdict.reason
        );
        // A flag is no forfeit of an unplayed game.
        let j = unplayed("1-0", "Time forfeit", "1. e4 e5");
        assert_eq!(j.ending.0, Ending::TimeForfeit);
    }
}
