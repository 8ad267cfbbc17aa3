//! Every archive's way of saying how a game ended, read on real files: the
//! FICS comment before the result, chess.com's and lichess's Termination,
//! ICC's ICCResult tag, and the boards of over-the-board relays.

use std::collections::BTreeMap;

use crate::common::*;

/// Games by `ending` and `ending_source`.
fn endings(rows: &[Row]) -> BTreeMap<(String, String), usize> {
    let mut counts = BTreeMap::new();
    for r in rows {
        *counts
            .entry((r["ending"].clone(), r["ending_source"].clone()))
            .or_default() += 1;
    }
    counts
}

fn count(rows: &[Row], ending: &str, source: &str) -> usize {
    endings(rows)
        .get(&(ending.to_string(), source.to_string()))
        .copied()
        .unwrap_or(0)
}

#[test]
fn fics_draws_on_time_are_judged_by_the_laws_not_by_material() {
    let path = data("servers/fics-2017-01-excerpt.pgn");
    let run = audit(&[path.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let rows = &run.verdicts;
    assert_eq!(rows.len(), 58);
    // Every game's ending is read from the comment before the result.
    assert_eq!(count(rows, "time-forfeit", "result-comment"), 26);
    for (ending, n) in [
        ("resignation", 4),
        ("checkmate", 4),
        ("abandonment", 4),
        ("repetition", 4),
        ("agreement", 4),
        ("fifty-moves", 4),
        ("stalemate", 4),
        ("insufficient-material", 4),
    ] {
        assert_eq!(count(rows, ending, "result-comment"), n, "{ending}");
    }
    // The 22 draws on time: FICS drew them by material; the Laws draw only
    // those where the side on time could not mate by any series of moves.
    let draws: Vec<&Row> = rows
        .iter()
        .filter(|r| r["reason"].contains("has no material to mate"))
        .collect();
    assert_eq!(draws.len(), 22);
    let corrected: Vec<&&Row> = draws
        .iter()
        .filter(|r| r["status"] == "corrected")
        .collect();
    assert_eq!(corrected.len(), 8);
    for r in &corrected {
        assert_eq!(r["rule"], "15.4.3");
        assert!(
            r["reason"].contains("FICS scored it a draw because by its count"),
            "{}",
            r["reason"]
        );
        assert!(r["reason"].contains("under the Laws"), "{}", r["reason"]);
        // The winner is the side on time, who could still mate.
        let winner = if r["correct_result"] == "1-0" {
            "White"
        } else {
            "Black"
        };
        assert!(
            r["reason"].contains(&format!("{winner} can still checkmate")),
            "{}",
            r["reason"]
        );
    }
    assert!(
        draws
            .iter()
            .filter(|r| r["status"] == "confirmed")
            .all(|r| r["correct_result"] == "1/2-1/2"
                && r["reason"].contains("no series of legal moves"))
    );
    // Where the Laws bear the server's draw out, the reason says so: no
    // "but" between two sentences that agree (issue 42).
    for r in draws.iter().filter(|r| r["status"] == "confirmed") {
        assert!(
            r["reason"].contains("no mating material, and indeed"),
            "{}",
            r["reason"]
        );
    }
    // The decisive time forfeits are judged too; FICS's clock tags hold
    // the starting clocks, which are no reading at the end.
    let decisive: Vec<&Row> = rows
        .iter()
        .filter(|r| r["ending"] == "time-forfeit" && r["recorded_result"] != "1/2-1/2")
        .collect();
    assert_eq!(decisive.len(), 4);
    for r in decisive {
        assert_eq!(
            (r["rule"].as_str(), r["status"].as_str()),
            ("15.4.3", "confirmed")
        );
        assert!(r["reason"].contains("forfeits on time"), "{}", r["reason"]);
        assert!(r["reason"].contains("not recorded"), "{}", r["reason"]);
    }
}

#[test]
fn the_side_named_as_flagged_is_trusted_over_the_side_to_move() {
    // 1. e4 leaves Black to move, but the comment says White flagged.
    let pgn = "[Site \"FICS freechess.org\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result \"1/2-1/2\"]\n\n\
               1. e4 {alpha ran out of time and beta has no material to mate} 1/2-1/2\n";
    let run = audit(&["-"], Some(pgn.as_bytes()));
    let r = &run.verdicts[0];
    assert!(
        r["reason"].starts_with("White's flag fell"),
        "{}",
        r["reason"]
    );
    assert_eq!(r["correct_result"], "0-1", "{}", r["reason"]);
    assert_eq!(r["status"], "corrected");
}

#[test]
fn chess_com_terminations_name_the_winner() {
    let path = data("servers/chess-com-api-2025.pgn");
    let run = audit(&[path.to_str().unwrap()], None);
    let rows = &run.verdicts;
    assert_eq!(rows.len(), 47);
    for (ending, n) in [
        ("time-forfeit", 16),
        ("abandonment", 18),
        ("resignation", 5),
        ("agreement", 1),
        ("repetition", 1),
        ("insufficient-material", 1),
    ] {
        assert_eq!(count(rows, ending, "termination-tag"), n, "{ending}");
    }
    assert_eq!(count(rows, "checkmate", "termination-tag"), 5);
    for r in rows.iter().filter(|r| r["ending"] == "time-forfeit") {
        assert_eq!(r["rule"], "15.4.3");
    }
    // "Game drawn by timeout vs insufficient material": right each time.
    let timeout_draws: Vec<&Row> = rows
        .iter()
        .filter(|r| r["reason"].contains("timeout vs insufficient material"))
        .collect();
    assert_eq!(timeout_draws.len(), 4);
    assert!(
        timeout_draws
            .iter()
            .all(|r| r["status"] == "confirmed"
                && r["reason"].contains("chess.com scored it a draw"))
    );
    // "X won - game abandoned": the player who left is the loser.
    for r in rows.iter().filter(|r| r["ending"] == "abandonment") {
        assert_eq!(r["rule"], "abandonment");
        let loser = if r["recorded_result"] == "1-0" {
            "Black"
        } else {
            "White"
        };
        assert!(
            r["reason"].contains(&format!("says {loser} left the game")),
            "{}",
            r["reason"]
        );
    }
}

#[test]
fn icc_result_tag_and_lichess_termination() {
    let icc = audit(
        &[data("servers/icc-pyparsing-example.pgn").to_str().unwrap()],
        None,
    );
    let r = &icc.verdicts[0];
    assert_eq!(
        (r["ending"].as_str(), r["ending_source"].as_str()),
        ("checkmate", "termination-tag")
    );
    assert_eq!(r["rule"], "checkmate");
    let lichess = audit(
        &[data("lichess-2021-10-first-999.pgn").to_str().unwrap()],
        None,
    );
    let rows = &lichess.verdicts;
    assert_eq!(count(rows, "time-forfeit", "termination-tag"), 324);
    assert_eq!(count(rows, "abandonment", "termination-tag"), 17);
    // "Normal": decisive without mate is a resignation, a draw off the
    // board an agreement, inferred (the tag does not say it); the board
    // shows the rest.
    assert_eq!(count(rows, "resignation", "inferred"), 360);
    assert_eq!(count(rows, "agreement", "inferred"), 3);
    assert_eq!(count(rows, "resignation", "termination-tag"), 0);
    assert_eq!(count(rows, "checkmate", "board"), 264);
    assert_eq!(count(rows, "repetition", "board"), 13);
    assert_eq!(count(rows, "unknown", "none"), 0);
    assert!(
        lichess
            .stderr()
            .contains("  endings:   abandonment 17, agreement 3, checkmate 264")
    );
}

#[test]
fn over_the_board_records_state_nothing_and_the_board_tells_what_it_can() {
    for file in [
        "otb/lichess-broadcast-lezcano-2025.pgn",
        "dgt-broadcast/round-1.pgn",
    ] {
        let run = audit(&[data(file).to_str().unwrap()], None);
        for r in &run.verdicts {
            let source = r["ending_source"].as_str();
            assert!(
                matches!(source, "board" | "clocks" | "none"),
                "{file}: {source}"
            );
            assert_eq!(source == "none", r["ending"] == "unknown");
        }
    }
    let broadcast = audit(
        &[data("otb/lichess-broadcast-lezcano-2025.pgn")
            .to_str()
            .unwrap()],
        None,
    );
    assert_eq!(count(&broadcast.verdicts, "time-forfeit", "clocks"), 8);
    assert_eq!(count(&broadcast.verdicts, "checkmate", "board"), 41);
}

/// The two FICS months of the shared data, when they are beside the
/// checkout (CI has them; a fresh clone alone does not).
#[test]
fn fics_months_in_shared_data() {
    let dir = repo("../shared/data/games/servers");
    if !dir.is_dir() {
        eprintln!("skipped: {} is not there", dir.display());
        return;
    }
    let mut rows = Vec::new();
    for name in [
        "fics-2017-01-computer-vs-human.pgn",
        "fics-2017-01-computer-vs-computer.pgn",
    ] {
        rows.extend(audit(&[dir.join(name).to_str().unwrap()], None).verdicts);
    }
    assert_eq!(rows.len(), 8257);
    let on_time = |r: &&Row| r["ending"] == "time-forfeit";
    assert_eq!(
        rows.iter()
            .filter(on_time)
            .filter(|r| r["recorded_result"] != "1/2-1/2")
            .count(),
        637
    );
    let draws: Vec<&Row> = rows
        .iter()
        .filter(on_time)
        .filter(|r| r["recorded_result"] == "1/2-1/2")
        .collect();
    assert_eq!(draws.len(), 22);
    assert_eq!(
        draws.iter().filter(|r| r["status"] == "corrected").count(),
        8
    );
    assert_eq!(
        draws.iter().filter(|r| r["status"] == "confirmed").count(),
        14
    );
    assert!(rows.iter().filter(on_time).all(|r| r["rule"] == "15.4.3"));
    assert_eq!(count(&rows, "unknown", "none"), 0);
}

/// A FICS record, as the fourth adversarial probe wrote them (round-4,
/// f12 and f13): the server's sentence before a result it contradicts.
fn fics_game(comment: &str, result: &str) -> String {
    format!(
        "[Event \"FICS rated blitz game\"]\n[Site \"FICS freechess.org\"]\n[White \"Alice\"]\n\
         [Black \"Bob\"]\n[Result \"{result}\"]\n[TimeControl \"180+0\"]\n\n1. e4 e5 2. Nf3 Nc6 \
         3. Bb5 a6 {{{comment}}} {result}\n\n"
    )
}

#[test]
fn words_that_contradict_the_result_go_to_review_quoting_both() {
    let cases = [
        ("Alice forfeits on time", "1-0", "names White as the loser"),
        ("Bob won on time", "1-0", "names Black as the winner"),
        ("Alice resigns", "1-0", "names White as the loser"),
        ("Game drawn by mutual agreement", "1-0", "tells a draw"),
        ("Neither player has mating material", "0-1", "tells a draw"),
        (
            "Game aborted on move 1",
            "1-0",
            "says the game did not count",
        ),
    ];
    let pgn: String = cases.iter().map(|(c, r, _)| fics_game(c, r)).collect();
    let run = audit(&["-"], Some(pgn.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    for ((comment, result, says), row) in cases.iter().zip(&run.verdicts) {
        assert_eq!(row["status"], "review", "{comment}: {}", row["reason"]);
        assert_eq!(
            row["correct_result"], *result,
            "the recorded result is kept"
        );
        let reason = &row["reason"];
        assert!(
            reason.starts_with(&format!(
                "the record contradicts itself: the FICS comment “{comment}” {says}, but the \
                 recorded result is {result}"
            )),
            "{reason}"
        );
    }
    // Words that agree stay as they were; a mate on the board decides
    // whatever the words say.
    let agree = fics_game("Bob forfeits on time", "1-0");
    let mate = "[Site \"FICS freechess.org\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\
                [Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# {Game drawn by mutual agreement} 0-1\n\n";
    let run = audit(&["-"], Some(format!("{agree}{mate}").as_bytes()));
    assert_eq!(
        run.verdicts[0]["status"], "confirmed",
        "{}",
        run.verdicts[0]["reason"]
    );
    assert_eq!(
        run.verdicts[1]["status"], "confirmed",
        "{}",
        run.verdicts[1]["reason"]
    );
    assert_eq!(run.verdicts[1]["rule"], "checkmate");
}

#[test]
fn a_servers_draw_the_laws_do_not_have_goes_to_review_with_its_helpmate() {
    // Crafted after issue 33's chess.com game (its API answer is not kept
    // here): king and knight against king and knight after 77...Nxb4,
    // "Game drawn by insufficient material". Not dead: a helpmate exists.
    let game = |fen: &str, moves: &str| {
        format!(
            "[Site \"Chess.com\"]\n[Link \"https://www.chess.com/game/live/1\"]\n[White \"ann\"]\n[Black \"bob\"]\n[Result \"1/2-1/2\"]\n\
             [SetUp \"1\"]\n[FEN \"{fen}\"]\n[Termination \"Game drawn by insufficient \
             material\"]\n\n{moves} 1/2-1/2\n\n"
        )
    };
    let knights = game("8/8/4k3/8/1B6/3n4/2N5/4K3 b - - 0 77", "77... Nxb4");
    // King and bishop against king: dead, and the server is right.
    let bishop = game("8/8/4k3/8/1B6/3n4/8/4K3 w - - 0 77", "77. Bc5 Nxc5");
    let run = audit(&["-"], Some(format!("{knights}{bishop}").as_bytes()));
    let row = &run.verdicts[0];
    assert_eq!(row["status"], "review", "{}", row["reason"]);
    assert_eq!(row["correct_result"], "1/2-1/2");
    assert!(
        row["reason"].starts_with(
            "chess.com scored a draw by insufficient material (the Termination tag “Game drawn \
             by insufficient material”), which the Laws do not have here: the position is not \
             dead, White can still checkmate (for example"
        ),
        "{}",
        row["reason"]
    );
    assert_eq!(
        run.verdicts[1]["status"], "confirmed",
        "{}",
        run.verdicts[1]["reason"]
    );
    assert_eq!(run.verdicts[1]["rule"], "dead-position");
}

#[test]
fn a_servers_flag_fall_is_its_own_act_and_both_flags_are_told_as_the_record_gives_them() {
    // samples/servers/fics-draws-on-time.pgn game 1 (FICS, 2017): the
    // server ended the game on the flag; nobody claimed.
    let run = audit(
        &[repo("samples/servers/fics-draws-on-time.pgn")
            .to_str()
            .unwrap()],
        None,
    );
    let reason = &run.verdicts[0]["reason"];
    assert!(
        reason.contains(
            "FICS ended the game on it, as the FICS comment “White ran out of time and Black has \
             no material to mate” says (a server's flag fall needs no claim)"
        ),
        "{reason}"
    );
    assert!(!reason.contains("claim is read from"), "{reason}");
    // Crafted (no FICS both-flags game is kept here): no clock readings, so
    // only the words tell that both flags fell.
    let both = fics_game("Game drawn because both players ran out of time", "1/2-1/2");
    let run = audit(&["-"], Some(both.as_bytes()));
    let reason = &run.verdicts[0]["reason"];
    assert!(
        reason.starts_with(
            "both flags fell, as the FICS comment “Game drawn because both players ran out of \
             time” says, and no clock readings are recorded"
        ),
        "{reason}"
    );
    assert!(!reason.contains("rounded to whole seconds"), "{reason}");
    let both_flags = run
        .incidents
        .iter()
        .find(|i| i["kind"] == "both-flags")
        .unwrap();
    assert!(both_flags["detail"].starts_with("both flags fell, as the record says"));
}
