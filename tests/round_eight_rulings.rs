//! Published rulings rebuilt as records (issue 78): what follows an
//! irregularity is judged as any position is, and a decision the Laws leave
//! to the arbiter stands as the record gives it where the Laws allow it.

use crate::common::*;

/// A rapid game from `fen`, scored `result`.
fn rapid(fen: &str, moves: &str, result: &str) -> String {
    format!(
        "[Event \"Rapid\"]\n[Site \"x\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"{result}\"]\n[TimeControl \"900+10\"]\n[SetUp \"1\"]\n\
         [FEN \"{fen}\"]\n\n{moves} {result}\n\n"
    )
}

fn judged(laws: &str, pgn: &str) -> Vec<(String, String, String, String)> {
    let run = audit(&["--laws", laws, "-"], Some(pgn.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    (run.verdicts.iter())
        .map(|r| {
            let f = |k: &str| r[k].clone();
            (f("status"), f("correct_result"), f("rule"), f("ending"))
        })
        .collect()
}

/// White, in check, plays a queen move that gives check (both kings in
/// check, not claimed); Black's rook capture mates. The mate stands: the
/// position after it is no longer illegal, so 15.4.4's draw does not
/// apply. Scored a win it is confirmed with its ending; scored a draw, as
/// the mated side claimed, it is corrected to the mating side's win (5.1).
#[test]
fn a_mate_after_both_kings_in_check_stands() {
    let cases = [
        // The rook takes the checking queen; the bishop's check mates.
        ("r5k1/1b3ppp/8/8/8/8/4n2P/3Q3K w - - 0 1", "1. Qd8+ Rxd8#"),
        // The rook takes the queen with check: a double check mates.
        ("6kr/1b3ppp/8/8/8/3Q4/4n3/7K w - - 0 1", "1. Qxh7+ Rxh7#"),
    ];
    for laws in ["ru-rapid", "fide-2014", "fide-2023"] {
        for (fen, moves) in cases {
            let pgn = rapid(fen, moves, "0-1") + &rapid(fen, moves, "1/2-1/2");
            let rows = judged(laws, &pgn);
            let expect = |status: &str| {
                (
                    status.into(),
                    "0-1".into(),
                    "checkmate".into(),
                    "checkmate".into(),
                )
            };
            assert_eq!(
                rows,
                [expect("confirmed"), expect("corrected")],
                "{laws}: {moves}"
            );
        }
    }
}

/// A 10.2 claim the arbiter postponed, then the claimant's own flag fell.
/// The record's 1-0 (the claim refused) or ½-½ (the claim granted once the
/// flag fell) is a decision the Laws give the arbiter, and nothing in the
/// record contradicts it: confirmed, resting on that decision. A win the
/// claimant never had time to make is not such a decision: review.
#[test]
fn a_postponed_claims_decision_stands_as_recorded() {
    let fen = "6k1/p7/8/8/8/8/P7/3Q2K1 w - - 0 1";
    let moves = "1. Qd5+ {[%clk 0:05:00]} Kh8 {[%clk 0:01:40]} 2. Qe5 {[%clk 0:04:55]} \
                 {[%claim draw black]} Kg8 {[%clk 0:01:20]} 3. a4 {[%clk 0:06:50]} Kf8 \
                 {[%clk 0:00:00]}";
    let game = |result: &str| rapid(fen, moves, result).replace("900+10", "900");
    for laws in ["ru-rapid", "fide-2023"] {
        let pgn = game("1-0") + &game("1/2-1/2") + &game("0-1");
        let run = audit(&["--laws", laws, "-"], Some(pgn.as_bytes()));
        let status: Vec<&str> = run.verdicts.iter().map(|r| r["status"].as_str()).collect();
        assert_eq!(status, ["confirmed", "confirmed", "review"], "{laws}");
        for row in &run.verdicts[..2] {
            assert!(
                row["reason"].contains("it stands as his decision"),
                "{}",
                row["reason"]
            );
        }
    }
}

/// An unclaimed illegal move stands, and what the board then shows ends the
/// game as anywhere (5.1, 5.2, 9.6): a rook moved like a bishop that mates,
/// that stalemates, a bishop moved like a knight that leaves a dead
/// position — each scored both ways.
#[test]
fn what_an_illegal_move_leaves_ends_the_game() {
    let cases = [
        (
            "6k1/5ppp/1R6/8/8/8/5PPP/6K1 w - - 0 1",
            "1. Rd8#",
            "1-0",
            "checkmate",
            "checkmate",
        ),
        (
            "7k/8/5K2/8/8/8/8/R7 w - - 0 1",
            "1. Rg7",
            "1/2-1/2",
            "stalemate",
            "stalemate",
        ),
        (
            "7k/p7/2B2K2/8/8/8/8/8 w - - 0 1",
            "1. Bxa7",
            "1/2-1/2",
            "dead-position",
            "insufficient-material",
        ),
    ];
    for (fen, moves, correct, rule, ending) in cases {
        let other = if correct == "1-0" { "1/2-1/2" } else { "1-0" };
        let pgn = rapid(fen, moves, correct) + &rapid(fen, moves, other);
        let row = |status: &str| (status.into(), correct.into(), rule.into(), ending.into());
        assert_eq!(
            judged("ru-rapid", &pgn),
            [row("confirmed"), row("corrected")],
            "{moves}"
        );
    }
}
