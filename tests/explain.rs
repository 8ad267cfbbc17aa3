//! `explain`: one game told for an arbiter; `explain --fen`.

use std::process::Command;

use crate::common::*;

fn explain(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("explain")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tells_a_claimed_illegal_move() {
    let file = repo("samples/rules/15.4.2-claimed-illegal-move.pgn");
    let (code, text, _) = explain(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("Time control 900+10: rapid by 15.1 (over 10 and under 60 minutes)."),
        "{text}"
    );
    assert!(text.contains("3...Nf6 — an illegal move (ply 6)"), "{text}");
    // The board after the move, the knight's squares marked (no colour off a terminal).
    assert!(text.contains("6  · · · ♟ ·[♞]· ·"), "{text}");
    assert!(
        text.contains(
            "Rule 15.4.2: “If the arbiter does not intervene, the opponent may claim a win"
        ),
        "{text}"
    );
    assert!(
        text.contains("Verdict: the recorded result 1-0 is confirmed (15.4.2)."),
        "{text}"
    );
}

#[test]
fn tells_a_flag_fall_by_site_and_quotes_the_exception() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.pgn");
    let first = std::fs::read_to_string(repo("samples/rules/flag-win-stands.pgn")).unwrap();
    let second = std::fs::read_to_string(repo("samples/rules/flag-claimant-cannot-mate.pgn"))
        .unwrap()
        .replace(
            "[Site \"samples/rules\"]",
            "[Site \"https://example.org/2\"]",
        );
    std::fs::write(&path, format!("{first}\n{second}")).unwrap();
    let (code, text, _) = explain(&[path.to_str().unwrap(), "--site", "https://example.org/2"]);
    assert_eq!(code, Some(0));
    assert!(text.starts_with("Game 2 of"), "{text}");
    assert!(text.contains("a flag falls"), "{text}");
    assert!(
        text.contains("a flag falls (after the last recorded move)\nLast clock readings at the end: White 0:00:10, Black 0:00:02."),
        "{text}"
    );
    assert!(
        text.contains("Verdict: the correct result is 1/2-1/2 (15.4.3), not the one recorded."),
        "{text}"
    );
    assert!(
        text.contains("the claimant cannot checkmate the player's king"),
        "{text}"
    );
}

#[test]
fn fen_says_who_can_still_mate() {
    let (code, text, _) = explain(&["--fen", "8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1"]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("White cannot checkmate by any possible series of legal moves."),
        "{text}"
    );
    assert!(
        text.contains("Black can still checkmate, for example: 1..."),
        "{text}"
    );
    let (_, text, _) = explain(&["--fen", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"]);
    assert!(text.contains("The position is dead"), "{text}");
}

#[test]
fn missing_game_is_a_clear_error() {
    let file = repo("samples/rules/flag-win-stands.pgn");
    let (code, _, err) = explain(&[file.to_str().unwrap(), "--game", "5"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("holds 1 game(s); there is no game 5"), "{err}");
    let (code, _, err) = explain(&["--fen", "not a fen"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("not a FEN"), "{err}");
    // A FEN that is no legal position says why.
    let (code, _, err) = explain(&["--fen", "k7/8/8/8/8/8/8/K6P w - - 0 1"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("illegal position: pawns on backrank"), "{err}");
}

#[test]
fn a_file_of_several_games_says_how_to_choose() {
    let file = repo("samples/lichess-2021-10-first-60.pgn");
    let (code, text, _) = explain(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with(&format!(
            "{} holds 60 games; this is the first.",
            file.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("--game N") && text.contains("--site URL"),
        "{text}"
    );
    let (_, chosen, _) = explain(&[file.to_str().unwrap(), "--game", "2"]);
    assert!(chosen.starts_with("Game 2 of"), "{chosen}");
}

#[test]
fn finds_a_game_by_link_or_game_url_and_reports_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("online.pgn");
    std::fs::write(
        &path,
        "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Link \"https://www.chess.com/game/live/123\"]\n\
         [Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         [Event \"Round 1\"]\n[Site \"Open\"]\n[GameURL \"https://lichess.org/broadcast/x/y/z\"]\n\
         [Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let (code, text, _) = explain(&[p, "--site", "https://www.chess.com/game/live/123"]);
    assert_eq!(code, Some(0));
    assert!(text.starts_with("Game 1 of"), "{text}");
    let (code, text, _) = explain(&[p, "--site", "http://lichess.org/broadcast/x/y/z/"]);
    assert_eq!(code, Some(0));
    assert!(text.starts_with("Game 2 of"), "{text}");
    let run = crate::common::audit(&[p], None);
    assert_eq!(
        run.verdicts[0]["url"],
        "https://www.chess.com/game/live/123"
    );
    assert_eq!(
        run.verdicts[1]["url"],
        "https://lichess.org/broadcast/x/y/z"
    );
}

/// Round seven: one line behind every door. A confirmed row cites the
/// solver's own line (48 plies here), and `explain` shows that same line
/// whole; with `--short-lines all` both show the shortest found.
#[test]
fn a_confirmed_win_on_time_shows_the_rows_helpmate_whole() {
    let path = data("lichess-2021-10-first-999.pgn");
    let path = path.to_str().unwrap();
    let site = "https://lichess.org/NRafdioG";
    let in_full = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("The helpmate in full ("))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{text}"))
    };
    let (code, text, _) = explain(&[path, "--site", site]);
    assert_eq!(code, Some(0));
    let run = crate::common::audit(&[path], None);
    let row = &run.verdicts[0]["reason"];
    assert!(row.contains("a helpmate of 48 plies"), "{row}");
    assert!(text.contains("a helpmate of 48 plies"), "{text}");
    assert!(
        in_full(&text).starts_with("48 plies, from the position judged; the solver's own"),
        "{text}"
    );
    let (code, text, _) = explain(&[path, "--site", site, "--short-lines", "all"]);
    assert_eq!(code, Some(0));
    // The first game alone: every row's short line costs a search.
    let whole = std::fs::read_to_string(path).unwrap();
    let first = &whole[..whole.find("\n\n[Event").unwrap() + 2];
    let run = crate::common::audit(&["-", "--short-lines", "all"], Some(first.as_bytes()));
    let short = "can still checkmate (for example 33...Rf7 34. Ne5 Bh8 35. Qxf7#)";
    assert!(
        run.verdicts[0]["reason"].contains(short),
        "{:?}",
        run.verdicts[0]
    );
    assert!(text.contains(short), "{text}");
    assert_eq!(
        in_full(&text),
        "4 plies, from the position judged; the shortest found within the search's bound): \
         33...Rf7 34. Ne5 Bh8 35. Qxf7#"
    );
}

#[test]
fn tells_how_the_game_ended_and_what_the_server_did() {
    let file = repo("samples/servers/fics-draws-on-time.pgn");
    let (code, text, _) = explain(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("Ended by: time-forfeit (the FICS comment “White ran out of time and Black has no material to mate” says so)."),
        "{text}"
    );
    assert!(
        text.contains("FICS scored it a draw because by its count Black (king and bishop) has no mating material"),
        "{text}"
    );
    assert!(
        text.contains("Verdict: the correct result is 0-1 (15.4.3)"),
        "{text}"
    );
}

#[test]
fn a_rule_is_quoted_once() {
    let file = repo("samples/rules/flag-win-stands.pgn");
    let (_, text, _) = explain(&[file.to_str().unwrap()]);
    assert_eq!(text.matches("Rule 15.4.3: “").count(), 1, "{text}");
}

#[test]
fn says_once_how_the_category_bears_and_when_an_ending_is_inferred() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    // A blitz game under ru-rapid; an undated game with no control; a
    // lichess "Normal" win not mated on the board.
    std::fs::write(
        &file,
        "[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
         [Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 1/2-1/2\n\n\
         [Termination \"Normal\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (_, blitz, _) = explain(&[path, "--game", "1"]);
    assert!(
        blitz.contains(
            "Not a rapid game, and ru-rapid judges it by the rapid-play rules all the same."
        ),
        "{blitz}"
    );
    let (_, unknown, _) = explain(&[path, "--game", "2", "--laws", "fide-2023"]);
    assert!(
        unknown.contains(
            "Category unknown (no TimeControl tag, and too few clock readings to infer one): \
             judged by the rapid clauses"
        ),
        "{unknown}"
    );
    // The illegal move that stands is named in the verdict's reason.
    assert!(
        unknown.contains("what bears on the result does not change it: 3. Ke3"),
        "{unknown}"
    );
    let (_, normal, _) = explain(&[path, "--game", "3"]);
    assert!(
        normal.contains("Ended by: resignation (inferred: the Termination tag says only that"),
        "{normal}"
    );
}
