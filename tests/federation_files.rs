//! What federations' files really hold (issue 42): games the record calls
//! unplayed, moves on the line of the last tag, a Result tag and a
//! movetext marker that differ, FIDE's own wording of a control, a base
//! that could be seconds or minutes. The files are crafted in the shapes
//! real files use (tests/data/README.md); each says which.

use crate::common::*;

fn run(name: &str) -> Run {
    let run = audit(
        &[data(&format!("federation/{name}")).to_str().unwrap()],
        None,
    );
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    run
}

/// `(status, rule, ending, ending_source)` of each row.
fn shape(row: &Row) -> (&str, &str, &str, &str) {
    (
        row["status"].as_str(),
        row["rule"].as_str(),
        row["ending"].as_str(),
        row["ending_source"].as_str(),
    )
}

#[test]
fn a_game_the_record_calls_unplayed_is_never_a_played_game() {
    let run = run("unplayed.pgn");
    let rows = &run.verdicts;
    assert_eq!(rows.len(), 7);
    // The draws and the game with no result: review, quoting the tag.
    for i in [0, 1, 4] {
        assert_eq!(
            shape(&rows[i]),
            ("review", "unplayed", "unplayed", "termination-tag"),
            "game {}",
            i + 1
        );
        assert!(rows[i]["reason"].contains("the Termination tag “Unplayed”"));
        assert!(rows[i]["reason"].contains("a federation does not rate it"));
    }
    // The decisive ones: forfeits, won by the side the result names (the
    // `*` of game 4's movetext a pairing program's, for the moves it lacks).
    for (i, word) in [
        (2, "Unplayed"),
        (3, "Unplayed"),
        (5, "forfeit"),
        (6, "no show"),
    ] {
        assert_eq!(
            shape(&rows[i]),
            ("confirmed", "forfeit", "forfeit", "termination-tag"),
            "game {}",
            i + 1
        );
        assert!(rows[i]["reason"].contains(&format!("the Termination tag “{word}”")));
        assert!(rows[i]["reason"].contains("win by forfeit"));
    }
    let summary = &run.summary;
    assert_eq!(summary["endings"]["forfeit"], 4);
    assert_eq!(summary["endings"]["unplayed"], 3);
}

#[test]
fn explain_says_the_game_was_not_played_and_where_it_says_so() {
    let path = data("federation/unplayed.pgn");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["explain", path.to_str().unwrap(), "--game", "1"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("Ended by: unplayed (the Termination tag “Unplayed” says so)."),
        "{out}"
    );
}

#[test]
fn moves_on_the_last_tags_line_are_read_as_after_a_line_break() {
    let run = run("layouts.pgn");
    let rows = &run.verdicts;
    assert_eq!(rows.len(), 4, "one row per game, none invented");
    let plies: Vec<&str> = rows.iter().map(|r| r["plies"].as_str()).collect();
    assert_eq!(plies, ["4", "10", "3", "2"]);
    assert_eq!(
        shape(&rows[0]),
        ("confirmed", "checkmate", "checkmate", "termination-tag")
    );
    assert!(rows.iter().all(|r| r["status"] == "confirmed"), "{rows:?}");
    assert!(run.incidents.is_empty(), "{:?}", run.incidents);
    assert_eq!(run.summary["records"]["moves-on-tag-line"], 3);
    // The end-of-run lines go to standard error, the terminal's.
    assert!(
        run.stderr()
            .contains("3 with the moves on the last tag's line"),
        "{}",
        run.stderr()
    );
}

#[test]
fn a_result_tag_and_a_movetext_marker_that_differ_go_to_review() {
    let run = run("results.pgn");
    let rows = &run.verdicts;
    for (i, marker) in [(0, "*"), (1, "0-1")] {
        assert_eq!(rows[i]["status"], "review", "game {}", i + 1);
        assert_eq!(
            rows[i]["correct_result"], "1-0",
            "the recorded result is kept"
        );
        let reason = &rows[i]["reason"];
        assert!(
            reason.contains(&format!(
                "the Result tag says “1-0”, but the movetext ends with “{marker}”"
            )),
            "{reason}"
        );
    }
    // `1/2` is a draw, not an unreadable move (round 5, f85).
    assert_eq!(
        (
            rows[2]["status"].as_str(),
            rows[2]["correct_result"].as_str()
        ),
        ("confirmed", "1/2-1/2")
    );
    // A forfeit mark with no move is a forfeit (round 5, f84).
    for i in [3, 4] {
        assert_eq!(
            shape(&rows[i]),
            ("confirmed", "forfeit", "forfeit", "result-tag")
        );
    }
    assert_eq!(run.summary["records"]["two-results"], 2);
}

#[test]
fn fides_wording_is_read_and_a_new_periods_time_is_no_clock_change() {
    let run = run("controls.pgn");
    let rows = &run.verdicts;
    let read = |i: usize| {
        (
            rows[i]["category"].as_str(),
            rows[i]["time_control_used"].as_str(),
            rows[i]["time_control_read"].as_str(),
        )
    };
    assert_eq!(read(0), ("standard", "40/5400+30:1800+30", "tag-in-words"));
    // No tag: inferred from the clocks; the 30 minutes of move 40 are a
    // period there too.
    assert_eq!(read(1).2, "clocks");
    assert!(run.incidents.is_empty(), "{:?}", run.incidents);
    // `90+30` with no clock and no source to say seconds or minutes.
    assert_eq!(read(2), ("unknown", "", "tag-unit-unknown"));
    // A lichess broadcast writes minutes; lichess's own games seconds.
    assert_eq!(read(3), ("standard", "1800+30", "tag-in-minutes"));
    assert_eq!(read(4), ("rapid", "90+30", "tag"));
    let summary = &run.summary;
    let why = summary["no_category"].as_object().unwrap();
    assert_eq!(
        why.get("unit-unknown"),
        Some(&serde_json::json!(1)),
        "{why:?}"
    );
}
