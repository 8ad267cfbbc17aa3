use super::*;

fn written(json: &str) -> (String, Option<String>) {
    let text = game_text(json.as_bytes());
    (String::from_utf8(text.pgn).unwrap(), text.problem)
}

#[test]
fn a_lichess_game_is_written_as_lichess_writes_it() {
    let (pgn, problem) = written(
        r#"{"id":"q7ZvsdUF","rated":true,"variant":"standard","speed":"blitz","perf":"blitz",
        "createdAt":1514505150384,"status":"draw","tournament":"winter17",
        "players":{"white":{"user":{"name":"Lance5500","title":"LM"},"rating":2389,"ratingDiff":4},
        "black":{"user":{"name":"TryingHard87"},"rating":2498,"ratingDiff":-4}},
        "opening":{"eco":"D31","name":"Semi-Slav Defense: Marshall Gambit"},
        "moves":"d4 d5","clock":{"initial":300,"increment":3,"totalTime":420}}"#,
    );
    assert_eq!(problem, None);
    for tag in [
        "[Event \"Rated Blitz tournament https://lichess.org/tournament/winter17\"]",
        "[Date \"2017.12.28\"]",
        "[White \"Lance5500\"]",
        "[Result \"1/2-1/2\"]",
        "[WhiteRatingDiff \"+4\"]",
        "[BlackRatingDiff \"-4\"]",
        "[WhiteTitle \"LM\"]",
        "[TimeControl \"300+3\"]",
        "[Termination \"Normal\"]",
        "[LichessStatus \"draw\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.ends_with("\n1. d4 d5 1/2-1/2\n"));
}

#[test]
fn black_first_and_days_a_move() {
    let (pgn, _) = written(
        r#"{"id":"x","status":"started","variant":"fromPosition","daysPerTurn":2,
        "initialFen":"8/8/8/8/8/8/k7/2K5 b - - 0 40","moves":"Ka1 Kc2","clocks":[100,200]}"#,
    );
    assert!(pgn.contains("[TimeControl \"1/172800\"]"));
    assert!(pgn.contains("[FEN \"8/8/8/8/8/8/k7/2K5 b - - 0 40\"]\n[SetUp \"1\"]"));
    assert!(
        pgn.ends_with("40... Ka1 41. Kc2 { [%clk 0:00:01] } *\n"),
        "{pgn}"
    );
}

#[test]
fn variants_and_games_without_moves_are_refused_by_name() {
    let (pgn, problem) =
        written(r#"{"id":"z","status":"mate","variant":"crazyhouse","moves":"e4"}"#);
    assert!(problem.unwrap().contains("crazyhouse"));
    assert!(pgn.contains("[Site \"https://lichess.org/z\"]"));
    let (_, problem) = written(
        r#"{"url":"https://www.chess.com/game/live/1","rules":"kingofthehill","pgn":"1. e4 *",
        "white":{"result":"kingofthehill"},"black":{"result":"lose"}}"#,
    );
    assert!(problem.unwrap().contains("kingofthehill"));
    let (pgn, problem) = written(
        r#"{"url":"https://www.chess.com/game/live/2","rules":"chess","tcn":"mC0K",
        "white":{"result":"win","username":"a"},"black":{"result":"resigned","username":"b"}}"#,
    );
    // No `pgn`: the game is written from its `tcn`.
    assert_eq!(problem, None);
    assert!(pgn.contains("[Link \"https://www.chess.com/game/live/2\"]"));
    assert!(pgn.contains("[ChessComBlackResult \"resigned\"]"));
    assert!(pgn.ends_with("\n1. e4 e5 1-0\n"), "{pgn}");
    let (pgn, problem) = written(
        r#"{"url":"https://www.chess.com/game/live/4","rules":"chess",
        "white":{"result":"win","username":"a"},"black":{"result":"resigned","username":"b"}}"#,
    );
    assert!(problem.unwrap().contains("neither `pgn` nor `tcn`"));
    assert!(pgn.contains("[White \"a\"]"));
    let (_, problem) = written(
        r#"{"url":"https://www.chess.com/game/live/5","rules":"chess960","tcn":"mC",
        "white":{"result":"win"},"black":{"result":"resigned"}}"#,
    );
    assert!(problem.unwrap().contains("Chess960"));
    assert!(game_text(b"{\"a\":1}").problem.unwrap().contains("neither"));
    let (_, problem) = written(r#"{"id":"y","status":"mate","moves":"e4","clocks":["1"]}"#);
    assert!(
        problem.as_deref().unwrap().contains(
            "a field of the game's JSON is not as its server writes it: invalid type: string \"1\", expected u64"
        ),
        "{problem:?}"
    );
    assert!(
        game_text(b"{\"a\":")
            .problem
            .unwrap()
            .contains("does not parse")
    );
}

#[test]
fn a_pgn_in_the_json_is_read_with_the_codes_added() {
    let (pgn, problem) = written(
        r#"{"url":"https://www.chess.com/game/live/3","rules":"chess","time_control":"180+2",
        "pgn":"[Event \"Live Chess\"]\n[Result \"0-1\"]\n[Link \"https://www.chess.com/game/live/3\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        "white":{"result":"checkmated"},"black":{"result":"win"}}"#,
    );
    assert_eq!(problem, None);
    assert_eq!(
        pgn,
        "[Event \"Live Chess\"]\n[Result \"0-1\"]\n[Link \"https://www.chess.com/game/live/3\"]\n\
         [ChessComWhiteResult \"checkmated\"]\n[ChessComBlackResult \"win\"]\n[TimeControl \"180+2\"]\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n"
    );
}

#[test]
fn names_and_statuses_are_read_as_strings_or_objects_with_escapes() {
    let (pgn, problem) = written(
        r#"{"id":"w","status":{"id":31,"name":"resign"},"variant":{"key":"standard","name":"Standard"},
        "winner":"black","players":{"white":{"user":{"name":"J\u00fcrgen \"J\""}},"black":{"aiLevel":3}},
        "moves":"e4 e5"}"#,
    );
    assert_eq!(problem, None);
    assert!(pgn.contains("[White \"Jürgen \\\"J\\\"\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"lichess AI level 3\"]"), "{pgn}");
    assert!(pgn.contains("[LichessStatus \"resign\"]\n[LichessWinner \"black\"]"));
    assert!(pgn.ends_with("1. e4 e5 0-1\n"));
}
