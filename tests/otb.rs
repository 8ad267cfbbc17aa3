//! The over-the-board files federations hold (`tests/data/otb/`, see its
//! README line): a lichess broadcast of a classical open whose TimeControl
//! is written in minutes, and Colombian DGT games without TimeControl tags,
//! with square-bracket variations in the movetext.

use crate::common::*;

const BROADCAST: &str = "otb/lichess-broadcast-lezcano-2025.pgn";
const COLOMBIA: &str = "otb/colombia-events-2008-2019.pgn";

/// An independent count: lines that open with an Event tag.
fn event_lines(name: &str) -> usize {
    std::fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("[Event "))
        .count()
}

#[test]
fn every_game_is_counted_once() {
    for name in [BROADCAST, COLOMBIA] {
        let run = audit(&[data(name).to_str().unwrap()], None);
        assert_eq!(run.code(), Some(0), "{name}: {}", run.stderr());
        assert_eq!(run.verdicts.len(), event_lines(name), "{name}");
        // Every game is confirmed but the broadcast's two games with no
        // move and a decisive result (games 97 and 490: a forfeit, or moves
        // the relay never had), which only the arbiter can tell apart, and
        // the four Colombian games whose last comment is an arbiter's note
        // of a word this reader does not know (`ilegible`,
        // `IRREPRODUCIBLE`): words never read are never agreement.
        let flagged: Vec<(&str, &str)> = run
            .verdicts
            .iter()
            .filter(|r| r["status"] != "confirmed")
            .map(|r| (r["game"].as_str(), r["reason"].as_str()))
            .collect();
        let (expected, why) = if name == BROADCAST {
            (["97", "490"].as_slice(), "unplayed or not recorded")
        } else {
            (
                ["57", "58", "320", "430"].as_slice(),
                "holds words this reader does not know",
            )
        };
        assert_eq!(
            flagged.iter().map(|f| f.0).collect::<Vec<_>>(),
            expected,
            "{flagged:?}"
        );
        assert!(flagged.iter().all(|f| f.1.contains(why)), "{flagged:?}");
    }
}

#[test]
fn the_broadcast_is_classical() {
    let run = audit(&[data(BROADCAST).to_str().unwrap()], None);
    for row in &run.verdicts {
        assert_eq!(row["category"], "standard", "game {}", row["game"]);
        assert_eq!(row["time_control_used"], "5400+30", "game {}", row["game"]);
        assert_eq!(row["time_control_read"], "tag-in-minutes");
        assert!(row["url"].starts_with("https://lichess.org/study/"));
    }
    let rapid_only = audit(&[data(BROADCAST).to_str().unwrap(), "--only-rapid"], None);
    assert!(rapid_only.verdicts.iter().all(|r| r["status"] == "review"));
}

#[test]
fn colombian_games_get_categories_from_their_clocks() {
    let run = audit(&[data(COLOMBIA).to_str().unwrap()], None);
    let mut inferred = 0;
    for row in &run.verdicts {
        if row["time_control_read"] != "clocks" {
            assert_eq!(row["category"], "unknown");
            continue;
        }
        inferred += 1;
        let event = row["event"].to_uppercase();
        let expected = if event.contains("BLITZ") {
            "blitz"
        } else if event.contains("CLASICO") {
            "standard"
        } else {
            continue;
        };
        assert_eq!(
            row["category"], expected,
            "game {}: {}",
            row["game"], row["event"]
        );
    }
    assert!(inferred >= 35, "{inferred}");
}

#[test]
fn no_claim_is_invented_and_clock_changes_pass_the_tolerance() {
    for name in [BROADCAST, COLOMBIA] {
        let run = audit(&[data(name).to_str().unwrap()], None);
        assert!(
            run.verdicts
                .iter()
                .all(|r| !r["reason"].contains("read from the result") && r["rule"] != "15.4.2"),
            "{name}"
        );
        for incident in run.incidents.iter().filter(|i| i["kind"] == "clock-change") {
            let detail = &incident["detail"];
            let over = detail
                .split(": ")
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .and_then(pgn_arbiter::model::clock::Clock::parse)
                .unwrap_or_else(|| panic!("{detail}"));
            assert!(over.millis() > 60_000, "{detail}");
            assert!(detail.contains("tolerance of 0:01:00"), "{detail}");
        }
    }
    let run = audit(&[data(BROADCAST).to_str().unwrap()], None);
    let kinds = count(&run.incidents, "kind");
    // 84 before the tolerance; 17 before a reading the next one undoes was
    // told apart as the relay's (issue 42: Black 0:20:14, 0:16:32, 0:18:59).
    assert_eq!(kinds.get("clock-change").copied(), Some(5), "{kinds:?}");
    assert_eq!(kinds.get("clock-reading").copied(), Some(12), "{kinds:?}");
    let misread: Vec<_> = run
        .incidents
        .iter()
        .filter(|i| i["kind"] == "clock-reading")
        .collect();
    assert!(
        misread
            .iter()
            .all(|i| i["detail"].contains("one reading out of line that the next undoes")),
        "{misread:?}"
    );
    // A lasting jump of about two minutes plus the increment is said to
    // match the illegal-move penalty (game 42: 1:25:54 to 1:28:14).
    let penalty = run
        .incidents
        .iter()
        .find(|i| i["game"] == "42" && i["kind"] == "clock-change")
        .expect("game 42's clock change");
    assert!(
        penalty["detail"].contains("(7.5.5 of the FIDE Laws)"),
        "{penalty:?}"
    );
}

#[test]
fn server_decided_flags_stand_on_rounded_clocks() {
    let run = audit(
        &[data("lichess-2021-10-first-999.pgn").to_str().unwrap()],
        None,
    );
    assert_eq!(count(&run.verdicts, "status").get("review"), None);
    let rounded: Vec<_> = run
        .verdicts
        .iter()
        .filter(|r| r["reason"].contains("rounds from under one second"))
        .collect();
    assert_eq!(rounded.len(), 8);
    assert!(rounded.iter().all(|r| r["rule"] == "15.4.3"));
    // Over the board nothing orders two clocks at zero: review stays.
    let pgn = "[Result \"1-0\"]\n[TimeControl \"900+0\"]\n\n\
               1. e4 {[%clk 0:00:00]} e5 {[%clk 0:00:00]} 1-0\n";
    assert_eq!(audit_pgn(pgn).verdicts[0]["status"], "review");
}

/// The broadcast's 504 classical games are not rapid: the summary says so
/// and points to the rules of their category, and each row says it.
#[test]
fn classical_games_under_the_rapid_rules_are_named() {
    let run = audit(
        &[data("otb/lichess-broadcast-lezcano-2025.pgn")
            .to_str()
            .unwrap()],
        None,
    );
    assert!(
        run.stderr().contains("  not rapid: standard 504 — judged by the rapid-play rules all the same; --laws by-date"),
        "{}",
        run.stderr()
    );
    // Said once in the summary, not in every row.
    assert!(
        run.verdicts.iter().all(|r| {
            r["category"] == "standard" && !r["reason"].contains("so not rapid by 15.1")
        })
    );
    let by_date = audit(
        &[
            data("otb/lichess-broadcast-lezcano-2025.pgn")
                .to_str()
                .unwrap(),
            "--laws",
            "by-date",
        ],
        None,
    );
    assert!(
        !by_date.stderr().contains("not rapid"),
        "{}",
        by_date.stderr()
    );
}
