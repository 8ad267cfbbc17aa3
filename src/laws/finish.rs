//! How the game ended: what the record states (a tag, a server's comment),
//! checked against the final position and the result; the board fills in
//! what the record leaves unsaid. A statement the board contradicts is said
//! in the reason; words that contradict the result, or that are not
//! understood, send the game to review unless the board settled it.

use shakmaty::{Chess, Position};

use super::Game;
use super::automatic::position_key;
use super::finding::record::{AtOdds, RecordFinding, Shown};
use crate::board::no_move::NoMove;
use crate::board::permissive::State;
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};
use crate::read::ending::{self, Doubt, Ending, EndingSource, Role, Statement};

/// The game's ending and where it was read, and the verdict with any
/// contradiction between the record's words and the board added.
pub(super) fn ending(game: &Game<'_>, mut verdict: Verdict) -> ((Ending, EndingSource), Verdict) {
    let recorded = game.recorded();
    let mark = final_mark(game, &verdict);
    let stated = game.statement.as_ref();
    if verdict.status != Status::Error {
        verdict = weigh_the_words(game, verdict, mark);
    }
    let ending = match stated {
        Some(s) if s.ending != Ending::Unknown => (s.ending, s.words.source),
        _ => mark
            .or_else(|| ended_before_the_record(&verdict))
            .or_else(|| drawn_by_play(game, recorded))
            .map(|b| (b, EndingSource::Board))
            .or_else(|| by_play(stated, recorded))
            .or_else(|| {
                game.loser_on_clocks(recorded)
                    .map(|_| (Ending::TimeForfeit, EndingSource::Clocks))
            })
            .or_else(|| {
                game.result_only()
                    .then_some((Ending::NoMoves, EndingSource::ResultTag))
            })
            .unwrap_or((Ending::Unknown, EndingSource::None)),
    };
    (ending, verdict)
}

/// The record's words against the board and the result: a contradiction
/// of the board is said; one of the result, two results, or words not
/// understood send the game to review unless the board settled it.
fn weigh_the_words(game: &Game<'_>, mut verdict: Verdict, mark: Option<Ending>) -> Verdict {
    let recorded = game.recorded();
    let stated = game.statement.as_ref();
    if let Some(note) = stated.and_then(|s| contradiction(s, mark)) {
        verdict.reason.and(note);
    }
    let words = stated
        .filter(|_| !decided_on_board(&verdict))
        .and_then(|s| against_the_result(s, recorded).or_else(|| played_after_all(game, s)));
    if let Some(why) = words {
        return self_contradiction(verdict, recorded, why);
    }
    // The board ends a game whatever either result says and whatever the
    // words; the reason still says what the record holds.
    let on_board = ended_on_board(&verdict);
    if let Some(why) = two_results(game) {
        match on_board {
            true => verdict.reason.and(RecordFinding::AtOdds(why)),
            false => return self_contradiction(verdict, recorded, why),
        }
    }
    if let Some(doubt) = &game.doubt {
        match on_board {
            true => verdict.reason.and(RecordFinding::UnreadNote(doubt.clone())),
            false => return unread(verdict, recorded, doubt),
        }
    }
    verdict
}

/// What the final position shows at a glance: mate, stalemate, too little
/// material, or the dead position or automatic draw the laws found.
fn final_mark(game: &Game<'_>, verdict: &Verdict) -> Option<Ending> {
    let automatic = match verdict.clause {
        Some(Clause::DeadPosition) => Some(Ending::DeadPosition),
        Some(Clause::FivefoldRepetition) => Some(Ending::Repetition),
        Some(Clause::SeventyFiveMoves) => Some(Ending::SeventyFiveMoves),
        _ => None,
    };
    let State::Legal(pos) = &game.replay.end else {
        return automatic;
    };
    if let Some(no_move) = game.end_on_board() {
        Some(match no_move {
            NoMove::Checkmate => Ending::Checkmate,
            NoMove::Stalemate => Ending::Stalemate,
        })
    } else if pos.is_insufficient_material() {
        Some(Ending::InsufficientMaterial)
    } else {
        automatic
    }
}

/// A mate or stalemate the laws found before the record's last move: the
/// moves written after it are incidents, the game ended there.
fn ended_before_the_record(verdict: &Verdict) -> Option<Ending> {
    match verdict.clause {
        Some(Clause::Checkmate) => Some(Ending::Checkmate),
        Some(Clause::Stalemate) => Some(Ending::Stalemate),
        _ => None,
    }
}

/// A recorded draw whose final position stood three times, or came after
/// fifty moves without capture or pawn move. Asked only when the record
/// states no ending: it replays the game.
fn drawn_by_play(game: &Game<'_>, recorded: GameResult) -> Option<Ending> {
    let State::Legal(pos) = &game.replay.end else {
        return None;
    };
    if recorded != GameResult::Draw {
        None
    } else if repeated_three_times(game, pos) {
        Some(Ending::Repetition)
    } else {
        (pos.halfmoves() >= 100).then_some(Ending::FiftyMoves)
    }
}

/// Whether the final position stood on the board three times.
fn repeated_three_times(game: &Game<'_>, last: &Chess) -> bool {
    let want = position_key(last);
    let mut state = game.replay.start.clone();
    let mut seen = usize::from(matches!(&state, State::Legal(p) if position_key(p) == want));
    for ply in 1..=game.plies() {
        game.replay.play_ply(&mut state, ply);
        if matches!(&state, State::Legal(p) if position_key(p) == want) {
            seen += 1;
        }
    }
    seen >= 3
}

/// A `Termination "Normal"` game ended by play: a decisive one that the
/// board does not show mated was resigned; a draw not on the board was
/// agreed. The tag does not say so: the ending is inferred, and marked so.
fn by_play(stated: Option<&Statement>, recorded: GameResult) -> Option<(Ending, EndingSource)> {
    stated.filter(|s| s.ending == Ending::Unknown && s.by_play)?;
    let ending = match recorded {
        GameResult::Win(_) => Ending::Resignation,
        GameResult::Draw => Ending::Agreement,
        GameResult::Unfinished => return None,
    };
    Some((ending, EndingSource::Inferred))
}

/// The record's words against the board.
fn contradiction(s: &Statement, mark: Option<Ending>) -> Option<RecordFinding> {
    if s.ending == Ending::Unknown {
        return None;
    }
    let shown = |e: Ending| mark == Some(e);
    let denied = if s.ending != Ending::Checkmate && shown(Ending::Checkmate) {
        Shown::Checkmate
    } else if s.ending == Ending::Checkmate && !shown(Ending::Checkmate) {
        Shown::NoCheckmate
    } else if s.ending == Ending::Stalemate && !shown(Ending::Stalemate) {
        Shown::NoStalemate
    } else {
        return None;
    };
    Some(RecordFinding::AgainstTheBoard {
        says: s.words.clone(),
        shown: denied,
    })
}

/// A mate or stalemate on the board decides whatever the words say.
fn decided_on_board(verdict: &Verdict) -> bool {
    matches!(verdict.clause, Some(Clause::Checkmate | Clause::Stalemate))
}

/// The board ended the game, whatever result either part of the record
/// gives: mate, stalemate, a dead position, the automatic draws.
fn ended_on_board(verdict: &Verdict) -> bool {
    decided_on_board(verdict)
        || matches!(
            verdict.clause,
            Some(Clause::DeadPosition | Clause::SeventyFiveMoves | Clause::FivefoldRepetition)
        )
}

/// The record's words against its result: the loser they name is the
/// recorded winner, they tell a draw beside a decisive result, or a game
/// aborted or adjourned beside a result. `None` when they agree.
fn against_the_result(s: &Statement, recorded: GameResult) -> Option<AtOdds> {
    let disagreement = ending::disagreement(s, recorded)?;
    Some(AtOdds::Words {
        says: s.words.clone(),
        disagreement,
        // "Bob won on time" names the winner; "Alice resigns" the loser.
        named: s.party.map(|p| (p.side, p.role == Role::Winner)),
        recorded,
    })
}

/// Words that call the game unplayed beside more moves than a forfeit
/// leaves.
fn played_after_all(game: &Game<'_>, s: &Statement) -> Option<AtOdds> {
    let plies = game.plies();
    (s.unplayed() && plies > super::forfeit::UNPLAYED_PLIES).then(|| AtOdds::PlayedAfterAll {
        says: s.words.clone(),
        plies,
    })
}

/// The `Result` tag and the movetext's termination marker name different
/// results: the PGN standard wants them equal, and the record does not
/// say which is right.
fn two_results(game: &Game<'_>) -> Option<AtOdds> {
    let (tag, marker) = game.record.results_disagree()?;
    // A pairing program writes `*` for the moves it does not have.
    if marker == "*" && game.no_moves_written() && game.recorded() != GameResult::Unfinished {
        return None;
    }
    Some(AtOdds::TwoResults {
        tag: tag.to_string(),
        marker: marker.to_string(),
    })
}

/// A record whose words about the ending the audit could not take (not
/// understood, or two statements that disagree): a human reads them.
fn unread(verdict: Verdict, recorded: GameResult, doubt: &Doubt) -> Verdict {
    if let Doubt::Disagree(..) = doubt {
        return self_contradiction(verdict, recorded, AtOdds::Disagree(doubt.clone()));
    }
    let reason = RecordFinding::Unread {
        doubt: doubt.clone(),
        recorded,
        reading: verdict.reason.clone(),
    };
    kept_for_the_arbiter(verdict, recorded, reason)
}

/// A record whose words contradict its result: a human decides.
fn self_contradiction(verdict: Verdict, recorded: GameResult, why: AtOdds) -> Verdict {
    let reason = RecordFinding::ContradictsItself {
        why,
        recorded,
        reading: verdict.reason.clone(),
    };
    kept_for_the_arbiter(verdict, recorded, reason)
}

/// Until an arbiter decides, the recorded result is kept as the reading,
/// and the reason says why.
fn kept_for_the_arbiter(verdict: Verdict, recorded: GameResult, reason: RecordFinding) -> Verdict {
    Verdict {
        status: Status::Review,
        correct: Some(recorded),
        reason: reason.into(),
        ..verdict
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::model::verdict::Status;
    use crate::read::ending::{Ending, EndingSource};

    const FICS: &str = "[Site \"FICS freechess.org\"]\n[White \"alpha\"]\n[Black \"beta\"]\n";

    #[test]
    fn a_resignation_the_board_shows_as_mate_is_said() {
        let j = judge_pgn(&format!(
            "{FICS}[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# {{alpha resigns}} 0-1"
        ));
        assert_eq!(j.ending, (Ending::Resignation, EndingSource::ResultComment));
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("but the final position is checkmate"),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn the_board_fills_in_an_unstated_ending() {
        let j = judge_pgn("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(j.ending, (Ending::Checkmate, EndingSource::Board));
        // Mated, and a move written after the mate (the DGT record of game
        // 4 in the shared Colombian file does so).
        let j = judge_pgn("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1");
        assert_eq!(j.ending, (Ending::Checkmate, EndingSource::Board));
        let j = judge_pgn("[Result \"1-0\"]\n\n1. e4 e5 1-0");
        assert_eq!(j.ending, (Ending::Unknown, EndingSource::None));
    }

    #[test]
    fn a_normal_termination_is_resignation_or_agreement_unless_the_board_says() {
        let normal = |result: &str, moves: &str| {
            judge_pgn(&format!(
                "[Termination \"Normal\"]\n[Result \"{result}\"]\n\n{moves} {result}"
            ))
            .ending
        };
        assert_eq!(
            normal("1-0", "1. e4 e5"),
            (Ending::Resignation, EndingSource::Inferred)
        );
        assert_eq!(
            normal("1/2-1/2", "1. e4 e5"),
            (Ending::Agreement, EndingSource::Inferred)
        );
        assert_eq!(
            normal("1/2-1/2", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"),
            (Ending::Repetition, EndingSource::Board)
        );
    }

    #[test]
    fn two_results_in_one_record_go_to_review_unless_the_board_ended_the_game() {
        // Round 5's f14: the tag `*`, the movetext `0-1`.
        let j = judge_pgn("[Result \"*\"]\n\n1. c4 e5 2. Nc3 Nf6 0-1");
        assert_eq!(j.verdict.status, Status::Review);
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("the Result tag says “*”, but the movetext ends with “0-1”")
        );
        // Mated on the board: the mate decides, and the reason still says it.
        let j = judge_pgn("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(
            (j.verdict.status, j.verdict.correct.map(|c| c.as_str())),
            (Status::Corrected, Some("0-1"))
        );
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("the movetext ends with “0-1”"),
            "{}",
            j.verdict.reason
        );
        // The same result written two ways is one result.
        let j = judge_pgn("[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2");
        assert_eq!(j.verdict.status, Status::Confirmed);
    }
}
