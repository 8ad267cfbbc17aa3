//! 15.4.3: a win on time.
//!
//! The claim stands only if the claimant still has time; the game is drawn if
//! the claimant cannot checkmate the flagged player by any series of legal
//! moves (and is dead if neither side can).

use shakmaty::{Color, Position};

use super::{Game, side_name};
use crate::clock::Clock;
use crate::helpmate::{Mate, can_checkmate};
use crate::incident::{Incident, IncidentKind};
use crate::outcome::GameResult;
use crate::verdict::{Clause, Verdict};

/// Whether a `Termination` tag says the game ended on time (lichess
/// `Time forfeit`, chess.com `X won on time`, PGN-spec `time forfeit`).
fn says_time(termination: &str) -> bool {
    let t = termination.to_ascii_lowercase();
    t.contains("time forfeit") || t.contains("on time") || t.contains("timeout") || t == "time"
}

/// The side whose flag fell, if the record shows one.
fn flagged_side(game: &Game<'_>, recorded: GameResult) -> Option<Color> {
    let to_move = game.replay.end.turn();
    match game.record.tags.termination.as_deref() {
        Some(t) if says_time(t) => Some(recorded.winner().map_or(to_move, |w| !w)),
        Some(_) => None,
        // No Termination tag: a decisive result with the loser's clock at zero.
        None => {
            let loser = !recorded.winner()?;
            game.final_clock(loser).filter(|c| c.is_zero())?;
            Some(loser)
        }
    }
}

pub(super) fn time_forfeit(
    game: &Game<'_>,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
) -> Option<Verdict> {
    let flagged = flagged_side(game, recorded)?;
    let claimant = !flagged;
    let plies = game.replay.moves.len();
    let clocks = game.clocks_text(plies + 1);
    let (flagged_name, claimant_name) = (side_name(flagged), side_name(claimant));
    incidents.push(game.incident(
        plies + 1,
        IncidentKind::FlagFall,
        Some(flagged),
        format!("{flagged_name}'s flag fell ({clocks})"),
    ));
    let claimant_clock = game.final_clock(claimant);
    if claimant_clock == Some(Clock::ZERO) {
        incidents.push(game.incident(
            plies + 1,
            IncidentKind::BothFlags,
            None,
            format!("both clocks show zero ({clocks})"),
        ));
        let best = recorded;
        return Some(
            Verdict::decide(
                recorded,
                best,
                Clause::TimeClaim,
                plies,
                format!(
                    "{flagged_name}'s flag fell but {claimant_name}'s clock shows zero too ({clocks}); \
                     a win on time needs time left on the claimant's clock (15.4.3), and clocks \
                     rounded to whole seconds cannot tell who fell first"
                ),
            )
            .for_review(),
        );
    }
    let had_time = match claimant_clock {
        Some(_) => format!("{claimant_name} still had time"),
        None => format!("{claimant_name}'s clock is not recorded and is taken to show time left"),
    };
    let lead = format!("{flagged_name}'s flag fell ({clocks}); {had_time}");
    let end = &game.replay.end;
    let verdict = match can_checkmate(end, claimant) {
        Mate::Impossible => {
            let dead = can_checkmate(end, flagged) == Mate::Impossible;
            let (clause, why) = if dead {
                (
                    Clause::DeadPosition,
                    "but the position is dead: no series of legal moves lets either side checkmate",
                )
            } else {
                (Clause::TimeClaim, "")
            };
            let reason = if dead {
                format!("{lead}, {why}, so the game is drawn")
            } else {
                format!(
                    "{lead}, but no series of legal moves lets {claimant_name} checkmate, \
                     so the game is drawn (15.4.3)"
                )
            };
            Verdict::decide(recorded, GameResult::Draw, clause, plies, reason)
        }
        Mate::Possible(line) => Verdict::decide(
            recorded,
            GameResult::Win(claimant),
            Clause::TimeClaim,
            plies,
            format!(
                "{lead} and can still checkmate (for example {}), so the win on time stands (15.4.3)",
                game.line_text(&line)
            ),
        ),
        Mate::Undecided => Verdict::decide(
            recorded,
            GameResult::Win(claimant),
            Clause::TimeClaim,
            plies,
            format!(
                "{lead}; whether {claimant_name} can still checkmate could not be decided by the \
                 helpmate solver, so check the final position by hand (15.4.3)"
            ),
        )
        .for_review(),
    };
    Some(verdict)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::outcome::GameResult;
    use crate::verdict::{Clause, Status};
    use shakmaty::Color;

    const KN_V_KQ: &str =
        "[FEN \"8/8/4k3/3q4/8/3K4/5N2/8 w - - 0 50\"]\n[Termination \"Time forfeit\"]\n";

    #[test]
    fn claimant_cannot_mate_so_flag_is_a_draw() {
        // White (K+N) wins on time against K+Q: the knight can never mate.
        let j = judge_pgn(&format!(
            "{KN_V_KQ}[Result \"1-0\"]\n\n50. Ke3 {{[%clk 0:00:12]}} Qd6 {{[%clk 0:00:00]}} 51. Ke2 {{[%clk 0:00:11]}} 1-0"
        ));
        // It is Black to move with no time: White claims. Black is flagged.
        assert_eq!(
            j.verdict.clause,
            Some(Clause::TimeClaim),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.status, Status::Corrected);
        assert!(
            j.verdict
                .reason
                .contains("no series of legal moves lets White checkmate")
        );
        assert_eq!(kinds(&j), ["result-mismatch", "flag-fall"]);
        let flag = &j.incidents[1];
        assert_eq!(flag.side, Some(Color::Black));
        assert_eq!(flag.move_label, "51...");
        assert_eq!(flag.black_clock.map(|c| c.millis()), Some(0));
        assert_eq!(flag.white_clock.map(|c| c.millis()), Some(11_000));
    }

    #[test]
    fn claimant_at_zero_too_needs_review() {
        let j = judge_pgn(
            "[Termination \"Time forfeit\"]\n[Result \"0-1\"]\n\n\
             1. e4 {[%clk 0:00:01]} e5 {[%clk 0:00:00]} 2. Nf3 {[%clk 0:00:00]} 0-1",
        );
        assert_eq!(j.verdict.status, Status::Review);
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::Black)));
        assert_eq!(kinds(&j), ["flag-fall", "both-flags"]);
    }

    #[test]
    fn win_on_time_stands_with_a_helpmate() {
        let j = judge_pgn(
            "[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n\n\
             1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:00]} 2. Nf3 {[%clk 0:00:59]} 1-0",
        );
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert!(
            j.verdict.reason.contains("for example 2..."),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn flag_shown_by_clock_without_termination() {
        let j = judge_pgn(
            "[FEN \"8/8/4k3/3q4/8/3K4/5N2/8 w - - 0 50\"]\n[Result \"0-1\"]\n\n\
             50. Ke3 {[%clk 0:00:00]} Qd6 {[%clk 0:00:30]} 0-1",
        );
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert_eq!(j.verdict.status, Status::Confirmed, "{}", j.verdict.reason);
        assert_eq!(j.incidents[0].side, Some(Color::White));
    }

    #[test]
    fn drawn_time_forfeit_where_neither_can_mate_is_dead() {
        let j = judge_pgn(
            "[FEN \"8/8/4k3/8/8/3K4/5N2/8 w - - 0 50\"]\n[Termination \"Time forfeit\"]\n[Result \"0-1\"]\n\n50. Ke3 0-1",
        );
        assert_eq!(j.verdict.clause, Some(Clause::DeadPosition));
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
    }
}
