//! Round eight's words (issue 75; `../shared/data/adversarial/round-8/`,
//! `FINDINGS-W.md`): the record's testimony read as one ledger, the
//! languages it reads, a flag stated without its party, and claims as the
//! record states them. The class is tested in `testimony.rs`; these are the
//! rounds' own records and the rulings they stand for.

use crate::common::*;

const OPEN: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6";

/// A club game: `tags` after the usual ones, `after` between the moves and
/// the result.
fn game(result: &str, tags: &str, after: &str) -> String {
    format!(
        "[Event \"Club\"]\n[Site \"?\"]\n[Date \"2019.05.04\"]\n[Round \"1\"]\n[White \"Anna\"]\n\
         [Black \"Boris\"]\n[Result \"{result}\"]\n{tags}\n{OPEN} {after} {result}\n\n"
    )
}

/// Each game's status and correct result, audited together.
fn verdicts(games: &[String]) -> Vec<(String, String, String)> {
    let run = audit_pgn(&games.concat());
    assert_eq!(run.verdicts.len(), games.len(), "{}", run.stderr());
    run.verdicts
        .iter()
        .map(|r| {
            let reason = r["reason"].clone();
            (r["status"].clone(), r["correct_result"].clone(), reason)
        })
        .collect()
}

/// A verdict of [`verdicts`] has `status`, and its reason `says` so.
fn assert_reads(read: &(String, String, String), status: &str, says: &str) {
    assert_eq!(read.0, status, "{}", read.2);
    assert!(read.2.contains(says), "{}", read.2);
}

#[test]
fn w60_w61_w62_words_that_deny_or_doubt_anywhere_send_the_flag_to_review() {
    let flagged = "[Termination \"White flagged\"]";
    let games = [
        game("1/2-1/2", flagged, "{Claim rejected}"),
        game("1/2-1/2", flagged, "{Domaren avslog protesten}"),
        game(
            "1/2-1/2",
            "",
            "{White flagged} {(claim rejected by the arbiter)}",
        ),
        game(
            "1/2-1/2",
            "",
            "{White flagged} {...but the claim came too late}",
        ),
        game("1/2-1/2", "", "{White flagged} ; claim rejected\n"),
        game("1/2-1/2", "", "{White flagged [?]}"),
        game("1/2-1/2", "", "{White flagged. ?}"),
        game("1/2-1/2", "[Termination \"White flagged (?)\"]", ""),
    ];
    for (i, (status, correct, reason)) in verdicts(&games).into_iter().enumerate() {
        assert_eq!(
            (status.as_str(), correct.as_str()),
            ("review", "1/2-1/2"),
            "game {}: {reason}",
            i + 1
        );
    }
}

#[test]
fn w63_w66_w68_words_never_read_are_no_agreement() {
    let games = [
        game("0-1", "", "{(White won on time)}"),
        game("1/2-1/2", "", "{[%clk 0:00:00] Black resigned}"),
        game("1/2-1/2", "", "{Black resigned} {A fine game.}"),
        game("1-0", "", "{Svart vann på tid}"),
        game("1-0", "", "{Must võitis ajaga}"),
        game("1-0", "", "{黑方超时胜}"),
        game("1-0", "", "{Black resigned (0-1)}"),
        game("1/2-1/2", "[Termination \"Draw agreed, 0-1\"]", ""),
    ];
    for (i, (status, _, reason)) in verdicts(&games).into_iter().enumerate() {
        assert_eq!(status, "review", "game {}: {reason}", i + 1);
    }
}

#[test]
fn w64_a_remark_or_a_template_beside_a_plain_ending_changes_nothing() {
    let games = [
        game("1-0", "", "{Black resigned. A fine game by White.}"),
        game("1/2-1/2", "", "{Draw agreed. An exciting game.}"),
        game("1-0", "", "{ Black resigned [%clk 0:00:05] }"),
        game(
            "1-0",
            "",
            "{Black resigned} {(0.25 → -1.20) Mistake. Nf3 was best.}",
        ),
        game("1-0", "", "{Black resigned} {Thanks for watching}"),
    ];
    for (i, (status, _, reason)) in verdicts(&games).into_iter().enumerate() {
        assert_eq!(status, "confirmed", "game {}: {reason}", i + 1);
    }
}

#[test]
fn w65_chess_com_names_its_players_by_username_only() {
    let source = std::fs::read_to_string(data("servers/chess-com-aegboye7-2025-03.json")).unwrap();
    let month: serde_json::Value = serde_json::from_str(&source).unwrap();
    let game = &month["games"][1];
    assert_eq!(game["white"]["result"], "timeout");
    let mut games = Vec::new();
    for name in ["White", "Blanco", "Weiss"] {
        let mut renamed = game.clone();
        let old = renamed["black"]["username"].as_str().unwrap().to_string();
        renamed["black"]["username"] = name.into();
        let pgn = renamed["pgn"].as_str().unwrap().replace(&old, name);
        renamed["pgn"] = pgn.into();
        games.push(renamed);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("month.json");
    std::fs::write(&file, serde_json::json!({ "games": games }).to_string()).unwrap();
    let run = audit(&[file.to_str().unwrap()], None);
    for row in &run.verdicts {
        assert_eq!(
            (row["status"].as_str(), row["correct_result"].as_str()),
            ("confirmed", "0-1"),
            "{}: {}",
            row["black"],
            row["reason"]
        );
    }
    assert_eq!(run.verdicts.len(), 3);
}

/// Item 3: a flag stated without its party, over the board.
#[test]
fn a_flag_without_its_party_is_the_one_that_gives_the_result() {
    let at = |fen: &str, moves: &str| {
        format!(
            "[Event \"Club\"]\n[Site \"Bern\"]\n[Date \"2019.05.04\"]\n[Round \"1\"]\n\
             [White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1/2-1/2\"]\n[Termination \"Time forfeit\"]\n\
             [SetUp \"1\"]\n[FEN \"{fen} b - - 0 50\"]\n\n{moves} 1/2-1/2\n\n"
        )
    };
    let games = [
        // Black a bare king: only White's flag gives the draw.
        at("8/8/4k3/8/8/3K4/8/7Q", "50... Ke7 51. Qh7+"),
        // White's clock alone at zero.
        at(
            "8/8/4k3/8/8/3K4/8/6RQ",
            "50... Ke7 {[%clk 0:00:12]} 51. Qh7+ {[%clk 0:00:00]}",
        ),
        // Either flag would give the other a win he can mate for: whose
        // flag fell decides, and the record does not say.
        at("r7/8/4k3/8/8/3K4/8/6RQ", "50... Ke7 51. Qh7+"),
    ];
    let read = verdicts(&games);
    assert_eq!(
        (read[0].0.as_str(), read[0].1.as_str()),
        ("confirmed", "1/2-1/2"),
        "{}",
        read[0].2
    );
    assert!(
        read[0]
            .2
            .contains("only White's flag gives the recorded result"),
        "{}",
        read[0].2
    );
    assert_reads(&read[1], "confirmed", "White's clock alone reads zero");
    assert_reads(&read[2], "review", "says a flag fell but not whose");
}

/// Item 4: claims as the record states them.
#[test]
fn claims_are_judged_where_written_and_a_result_resting_on_a_rejected_one_is_review() {
    let knights = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
    let plain = |result: &str, moves: &str| {
        format!(
            "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n"
        )
    };
    let games = [
        // A threefold repetition claimed and upheld by the board: drawn there.
        plain(
            "1-0",
            &format!("{knights} {{[%claim repetition black]}} 5. e4 e5"),
        ),
        // Claimed too early: the draw it asked for rests on nothing.
        plain(
            "1/2-1/2",
            "1. Nf3 Nf6 2. Ng1 Ng8 {[%claim threefold white]}",
        ),
        // A published blitz ruling: a claim that a legal king move was
        // illegal, and the game scored for the claimant.
        plain(
            "0-1",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 {[%claim illegal black]}",
        ),
        // A claim in words between the moves, and a claim of no known kind.
        plain(
            "1-0",
            &format!("{knights} {{Black claimed a draw; the arbiter refused}} 5. e4 e5"),
        ),
        plain("1-0", "1. e4 e5 {[%claim flagfall black]} 2. Nf3 Nc6"),
    ];
    let read = verdicts(&games);
    assert_eq!(
        (read[0].0.as_str(), read[0].1.as_str()),
        ("corrected", "1/2-1/2"),
        "{}",
        read[0].2
    );
    assert!(
        read[0].2.contains("the position had stood 3 times"),
        "{}",
        read[0].2
    );
    assert_reads(&read[1], "review", "the position had stood 2 times");
    assert_reads(
        &read[2],
        "review",
        "is legal; the recorded result 0-1 is the one the claim asked for",
    );
    assert_reads(
        &read[3],
        "review",
        "speaks of a claim or a ruling this reader does not read",
    );
    assert_reads(
        &read[4],
        "review",
        "is a claim of a kind this reader does not know",
    );
}

/// Item 3, on a server: chess.com's older records call a draw on a flag
/// fall "insufficient material"; the clocks show whose flag it was.
#[test]
fn a_server_draw_by_insufficient_material_beside_a_flag_is_judged_as_one() {
    let old = |black_clock: &str| {
        format!(
            "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Date \"2014.05.04\"]\n[White \"anna\"]\n\
             [Black \"boris\"]\n[Result \"1/2-1/2\"]\n[Link \"https://www.chess.com/game/live/1234567\"]\n\
             [Termination \"Game drawn by insufficient material\"]\n[TimeControl \"180\"]\n[SetUp \"1\"]\n\
             [FEN \"8/8/4k3/8/8/3K4/8/5nR1 w - - 0 50\"]\n\n50. Rg2 {{[%clk 0:00:20]}} 50... Ke5 \
             {{[%clk {black_clock}]}} 51. Rg5+ {{[%clk 0:00:19]}} 1/2-1/2\n\n"
        )
    };
    let read = verdicts(&[old("0:00:00.8"), old("0:00:40")]);
    assert_eq!(
        (read[0].0.as_str(), read[0].1.as_str()),
        ("corrected", "1-0"),
        "{}",
        read[0].2
    );
    assert!(
        read[0].2.contains("had two seconds or less"),
        "{}",
        read[0].2
    );
    // With time on Black's clock the server's draw is no flag: the Laws
    // have no such draw, and a human reads it.
    assert_eq!(read[1].0, "review", "{}", read[1].2);
}
