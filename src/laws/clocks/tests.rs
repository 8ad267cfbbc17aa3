//! The clock check on records written for each case.

use super::super::test_support::*;

fn game(tc: &str, white_clocks: &[&str]) -> String {
    let tag = match tc {
        "" => String::new(),
        tc => format!("[TimeControl \"{tc}\"]\n"),
    };
    let mut pgn = format!("{tag}[Result \"*\"]\n\n");
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for (i, clk) in white_clocks.iter().enumerate() {
        pgn.push_str(&format!(
            "{}. {} {{[%clk {clk}]}} {} {{[%clk 0:10:00]}} ",
            i + 1,
            moves[(i % 2) * 2],
            moves[(i % 2) * 2 + 1]
        ));
    }
    pgn + "*"
}

#[test]
fn clock_set_up_after_ten_moves_is_reported() {
    let mut clocks = vec!["0:10:00"; 11];
    clocks.extend(["0:09:00", "0:14:00", "0:13:50"]);
    let j = judge_pgn(&game("900+5", &clocks));
    assert_eq!(kinds(&j), ["clock-change"]);
    assert_eq!(j.incidents[0].ply, 25);
    assert!(
        j.incidents[0]
            .detail
            .to_string()
            .contains("0:09:00 to 0:14:00"),
        "{}",
        j.incidents[0].detail
    );
}

#[test]
fn a_low_reading_the_next_one_undoes_is_the_relays_not_a_change() {
    let mut clocks = vec!["0:53:40"; 11];
    clocks.extend(["0:16:35", "0:53:39"]);
    let j = judge_pgn(&game("5400+30", &clocks));
    assert_eq!(kinds(&j), ["clock-reading"]);
    let detail = j.incidents[0].detail.to_string();
    assert!(
        detail.contains("read 0:53:40, then 0:16:35, then 0:53:39"),
        "{detail}"
    );
    assert!(detail.contains("the relay's misreading"), "{detail}");
    assert!(!j.incidents[0].kind.is_rule_bound());
    // A relay that froze on a reading, then sent one wrong one: the
    // lichess broadcast's game 373 (1:01:12, 0:16:35, 0:53:39).
    let mut clocks = vec!["1:01:12"; 11];
    clocks.extend(["0:16:35", "0:53:39"]);
    let relayed = game("5400+30", &clocks);
    assert_eq!(kinds(&judge_pgn(&relayed)), ["clock-reading"]);
    // A server keeps its clocks: a rise there is no relay's misreading
    // (on chess.com, which gives no time; on lichess it is a gift).
    let on_chess_com = format!("[Site \"https://www.chess.com/game/live/1\"]\n{relayed}");
    assert_eq!(kinds(&judge_pgn(&on_chess_com)), ["clock-change"]);
    let on_lichess = format!("[Site \"https://lichess.org/abcdefgh\"]\n{relayed}");
    assert!(kinds(&judge_pgn(&on_lichess)).is_empty());
    // A real change (no return to the earlier reading) stays one.
    let mut clocks = vec!["0:10:00"; 11];
    clocks.extend(["0:09:00", "0:14:00"]);
    assert_eq!(kinds(&judge_pgn(&game("900+5", &clocks))), ["clock-change"]);
}

#[test]
fn two_minutes_more_is_said_to_match_the_illegal_move_penalty() {
    let mut clocks = vec!["0:10:00"; 11];
    clocks.extend(["0:09:00", "0:11:10"]);
    let j = judge_pgn(&game("900+5", &clocks));
    assert_eq!(kinds(&j), ["clock-change"]);
    assert!(
        j.incidents[0].detail.to_string().contains("7.5.5"),
        "{}",
        j.incidents[0].detail
    );
    let mut clocks = vec!["0:10:00"; 11];
    clocks.extend(["0:09:00", "0:14:00"]);
    let j = judge_pgn(&game("900+5", &clocks));
    assert!(!j.incidents[0].detail.to_string().contains("7.5.5"));
}

#[test]
fn increments_and_new_periods_are_not_changes() {
    let clocks: Vec<&str> = (0..14)
        .map(|i| if i % 2 == 0 { "0:10:00" } else { "0:10:04" })
        .collect();
    assert!(kinds(&judge_pgn(&game("900+5", &clocks))).is_empty());
    // 12 moves in the first period, then 30 minutes more.
    let mut clocks = vec!["0:10:00"; 11];
    clocks.extend(["0:39:00", "0:38:00", "0:37:00"]);
    assert!(kinds(&judge_pgn(&game("12/600:1800", &clocks))).is_empty());
    // A relay that shows the second period's time one move late.
    let mut clocks = vec!["0:10:00"; 12];
    clocks.extend(["0:39:00", "0:38:00"]);
    assert!(kinds(&judge_pgn(&game("12/600:1800", &clocks))).is_empty());
    // Before ten moves each, a clock may still be corrected.
    let clocks = ["0:10:00", "0:10:00", "0:15:00"];
    assert!(kinds(&judge_pgn(&game("900+5", &clocks))).is_empty());
}

#[test]
fn a_period_shown_late_is_that_period_once() {
    // The 2025 World Cup's relays: the second period's 30 minutes show
    // at White's move 42 (round 1, game 2) instead of 41.
    let late = |at: usize| {
        let mut clocks = vec!["1:00:00"; at - 1];
        clocks.extend(["1:29:00", "1:28:00", "1:27:00"]);
        clocks
    };
    // Round seven: the World Cup's broadcast showed move 40's 30
    // minutes as late as move 53.
    for at in [41, 42, 44, 47, 53] {
        let pgn = game("40/5400+30:1800+30", &late(at));
        assert!(kinds(&judge_pgn(&pgn)).is_empty(), "{at}");
    }
    // Later than a few moves, a rise of another amount is a change.
    let mut short = vec!["1:00:00"; 46];
    short.extend(["1:15:00", "1:14:00"]);
    assert_eq!(
        kinds(&judge_pgn(&game("40/5400+30:1800+30", &short))),
        ["clock-change"]
    );
    // Once: a second rise of the same size is a change.
    let mut twice = late(42);
    twice.extend(["1:56:00", "1:55:00"]);
    assert_eq!(
        kinds(&judge_pgn(&game("40/5400+30:1800+30", &twice))),
        ["clock-change"]
    );
}

#[test]
fn a_whole_period_at_move_forty_is_a_period_when_the_control_is_inferred() {
    // No tag: the clocks give 10 minutes; at White's move 40 (or the
    // move after, read late) 30 minutes more.
    for at in [39, 40] {
        let mut clocks = vec!["0:10:00"; at];
        clocks.extend(["0:39:30", "0:39:00"]);
        assert!(kinds(&judge_pgn(&game("", &clocks))).is_empty(), "{at}");
    }
    // At move 25 it is a change.
    let mut clocks = vec!["0:10:00"; 24];
    clocks.extend(["0:39:30", "0:39:00"]);
    assert_eq!(kinds(&judge_pgn(&game("", &clocks))), ["clock-change"]);
}
