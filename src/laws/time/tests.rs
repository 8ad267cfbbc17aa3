use super::super::test_support::*;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};
use shakmaty::Color;

const KN_V_KQ: &str =
    "[FEN \"8/8/4k3/q7/8/3K4/5N2/8 w - - 0 50\"]\n[Termination \"Time forfeit\"]\n";

#[test]
fn claimant_cannot_mate_so_flag_is_a_draw() {
    // White (K+N) wins on time against K+Q: the knight can never mate.
    let j = judge_pgn(&format!(
        "{KN_V_KQ}[Result \"1-0\"]\n\n50. Ke3 {{[%clk 0:00:12]}} Qa3+ {{[%clk 0:00:02]}} 51. Ke2 {{[%clk 0:00:11]}} 1-0"
    ));
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
            .to_string()
            .contains("no series of legal moves lets White checkmate")
    );
    assert_eq!(kinds(&j), ["result-mismatch", "flag-fall"]);
    let flag = &j.incidents[1];
    assert_eq!(flag.side, Some(Color::Black));
    assert_eq!(flag.move_label, "51...");
    assert_eq!(flag.black_clock.map(|c| c.millis()), Some(2_000));
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
        j.verdict.reason.to_string().contains("for example 2..."),
        "{}",
        j.verdict.reason
    );
}

#[test]
fn flag_shown_by_clock_without_termination() {
    let j = judge_pgn(
        "[FEN \"8/8/4k3/q7/8/3K4/5N2/8 w - - 0 50\"]\n[Result \"0-1\"]\n\n\
         50. Ke3 {[%clk 0:00:00]} Qd5 {[%clk 0:00:30]} 0-1",
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

#[test]
fn explicit_claims() {
    // Black claims after his own move while White's clock runs: it stands.
    let j = judge_pgn(
        "[Result \"0-1\"]\n\n1. e4 {[%clk 0:00:03]} e5 {[%clk 0:02:00] [%claim time black]} 0-1",
    );
    assert_eq!(
        j.verdict.clause,
        Some(Clause::TimeClaim),
        "{}",
        j.verdict.reason
    );
    assert_eq!(j.verdict.status, Status::Confirmed);
    assert_eq!(j.verdict.decided_at_ply, Some(2));
    // A claim with the claimant's own clock at zero fails.
    let j = judge_pgn(
        "[Result \"*\"]\n\n1. e4 {[%clk 0:00:03]} e5 {[%clk 0:00:00] [%claim time black]} *",
    );
    assert_eq!(kinds(&j), ["rejected-claim"]);
    assert!(
        j.incidents[0]
            .detail
            .to_string()
            .contains("own clock at zero")
    );
    // A claim right after the opponent moved with time left: no flag fell.
    let j = judge_pgn("[Result \"*\"]\n\n1. e4 {[%clk 0:01:03] [%claim time black]} *");
    assert_eq!(kinds(&j), ["rejected-claim"]);
    assert!(
        j.incidents[0]
            .detail
            .to_string()
            .contains("no flag had fallen")
    );
}

#[test]
fn from_2018_the_clock_that_showed_zero_first_loses() {
    use crate::laws::Judging;
    use crate::laws::editions::{FIDE_2014, FIDE_2018};
    use crate::laws::placement::Laws;
    // White's clock showed zero first (after 1. e4), yet the record
    // gives White the win on time.
    let pgn = "[TimeControl \"600+5\"]\n[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n\n\
               1. e4 {[%clk 0:00:00]} e5 {[%clk 0:00:00]} 2. Qh5 1-0";
    let under = |e| Judging {
        laws: Laws::Edition(e),
        ..Judging::default()
    };
    let j = judge_with(pgn, &under(&FIDE_2018));
    assert_eq!(
        j.verdict.correct,
        Some(GameResult::Win(Color::Black)),
        "{}",
        j.verdict.reason
    );
    assert_eq!(j.verdict.status, Status::Corrected);
    assert_eq!(j.verdict.rule, "A.4.3");
    assert!(
        j.verdict
            .reason
            .to_string()
            .contains("White's showed zero first"),
        "{}",
        j.verdict.reason
    );
    let j = judge_with(pgn, &under(&FIDE_2014));
    assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
    assert!(
        j.verdict
            .reason
            .to_string()
            .contains("a claim fails (A.4.c)"),
        "{}",
        j.verdict.reason
    );
}
