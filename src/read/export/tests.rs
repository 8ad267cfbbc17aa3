use super::*;
use crate::read::ending::server_code::LICHESS_STATUSES;

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
            "a field of the game's JSON is not as its server writes it: invalid type: string \"1\", expected a whole number"
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

/// Asserts that the record read straight from `json` is the one the PGN
/// reader reads from the PGN written for it (all but where things stand in
/// the bytes); returns whether there was such a record.
fn read_straight_as_written(json: &str) -> bool {
    let direct = match game_record(json.as_bytes()) {
        Ok(direct) => direct,
        Err(text) => {
            // Written from the same reading as `game_text` writes it.
            assert_eq!(text, game_text(json.as_bytes()), "{json}");
            return false;
        }
    };
    let text = game_text(json.as_bytes());
    assert_eq!(text.problem, None, "{json}");
    let read = crate::read::parse::parse_game(&text.pgn);
    let pgn = String::from_utf8_lossy(&text.pgn);
    assert_eq!(
        format!("{:?}", direct.tags),
        format!("{:?}", read.tags),
        "{pgn}"
    );
    let moves = |r: &GameRecord| -> Vec<_> {
        r.moves
            .iter()
            .map(|m| {
                (
                    String::from_utf8_lossy(r.token(m)).into_owned(),
                    m.clock,
                    m.emt,
                )
            })
            .collect()
    };
    assert_eq!(moves(&direct), moves(&read), "{pgn}");
    assert_eq!(direct.result_token, read.result_token, "{pgn}");
    assert_eq!(direct.recorded_result(), read.recorded_result(), "{pgn}");
    assert_eq!(direct.results_disagree(), read.results_disagree(), "{pgn}");
    assert_eq!(format!("{:?}", direct.claims), format!("{:?}", read.claims));
    assert_eq!(direct.damage, read.damage, "{pgn}");
    assert_eq!(direct.control, read.control, "{pgn}");
    assert_eq!(direct.closing_comments, read.closing_comments, "{pgn}");
    assert_eq!(direct.legacy_encoding, read.legacy_encoding);
    assert_eq!(direct.text_encoding(), read.text_encoding());
    let (a, b) = (&direct.layout, &read.layout);
    assert_eq!(
        (
            a.other_clocks,
            a.two_field_clocks,
            a.clock_unit,
            a.legacy_text,
            a.moves_on_tag_line
        ),
        (
            b.other_clocks,
            b.two_field_clocks,
            b.clock_unit,
            b.legacy_text,
            b.moves_on_tag_line
        ),
        "{pgn}"
    );
    true
}

/// A lichess game object with these fields in place of a plain game's.
fn lichess_game(fields: &[(&str, &str)]) -> String {
    let mut game: serde_json::Map<String, serde_json::Value> = serde_json::from_str(
        r#"{"id":"q7ZvsdUF","rated":true,"variant":"standard","speed":"blitz","perf":"blitz",
        "createdAt":1514505150384,"status":"outoftime","winner":"white","tournament":"winter17",
        "players":{"white":{"user":{"name":"Lance5500","title":"LM"},"rating":2389,"ratingDiff":4},
        "black":{"user":{"name":"Jürgen"},"rating":2498,"ratingDiff":-4}},
        "opening":{"eco":"C20","name":"King's Pawn Game"},
        "moves":"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#","clocks":[30003,30000,29871,29950,29000,28000,27000,26000],
        "clock":{"initial":300,"increment":3,"totalTime":420}}"#,
    )
    .unwrap();
    for (name, value) in fields {
        match serde_json::from_str(value) {
            Ok(serde_json::Value::Null) => game.remove(*name),
            Ok(value) => game.insert(name.to_string(), value),
            Err(e) => panic!("{value}: {e}"),
        };
    }
    serde_json::to_string(&game).unwrap()
}

#[test]
fn a_lichess_game_read_straight_is_the_game_its_pgn_gives() {
    let statuses = LICHESS_STATUSES.iter().chain(&["someNewCode"]);
    let mut cases: Vec<Vec<(&str, String)>> = statuses
        .map(|s| vec![("status", format!("\"{s}\""))])
        .collect();
    let plain = [
        // The opening is no tag the audit reads: what PGN escapes in it
        // does not matter.
        vec![("opening", r#"{"eco":"C20","name":"a \"line\"\nbreak"}"#)],
        vec![("winner", "null"), ("clocks", "null")],
        vec![
            ("winner", "\"black\""),
            ("tournament", "null"),
            ("swiss", "\"abc\""),
        ],
        vec![(
            "clocks",
            "[0,100,360000,359999,35999999999,360000000000000,0,1,2]",
        )],
        vec![("clocks", "[18446744073709551615, 359999999999999]")],
        vec![("moves", "\"\"")],
        vec![("moves", "\"  e4   e5 Nf3 \"")],
        vec![("moves", "\"e4 e5 P-K4 e8=Q+ O-O-O Nxb1# a\"")],
        vec![
            ("variant", "\"fromPosition\""),
            ("initialFen", "\"8/8/8/8/8/8/k7/2K5 b - - 0 40\""),
            ("moves", "\"Ka1 Kc2 Ka2\""),
        ],
        vec![
            ("variant", "{\"key\":\"chess960\",\"name\":\"Chess960\"}"),
            (
                "initialFen",
                "\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"",
            ),
        ],
        vec![("initialFen", "\"8/8/8/8/8/8/k7/2K5 b - - 0 40\"")],
        vec![(
            "players",
            "{\"white\":{\"aiLevel\":8},\"black\":{\"name\":\"Guest\"}}",
        )],
        vec![
            ("players", "null"),
            ("createdAt", "null"),
            ("clock", "null"),
        ],
        vec![("clock", "null"), ("daysPerTurn", "3")],
        vec![("createdAt", "-99999999999999999")],
        vec![("perf", "\"correspondence\""), ("rated", "false")],
        // A `clocks` inside a player: the game's own clocks are not cut
        // (the key stands twice), or there are none to cut.
        vec![(
            "players",
            r#"{"white":{"clocks":[5,6]},"black":{"name":"b"}}"#,
        )],
        vec![
            (
                "players",
                r#"{"white":{"clocks":[5,6]},"black":{"name":"b"}}"#,
            ),
            ("clocks", "null"),
        ],
        vec![("clocks", "[]")],
    ];
    cases.extend(
        plain
            .iter()
            .map(|case| case.iter().map(|(n, v)| (*n, v.to_string())).collect()),
    );
    for case in &cases {
        let fields: Vec<_> = case.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let json = lichess_game(&fields);
        assert!(read_straight_as_written(&json), "not read straight: {json}");
    }
    // Read from the PGN written for them: a tag PGN escapes, a move the
    // PGN reader reads otherwise, moves with an escape, a PGN of its own,
    // a variant, another server's game.
    for case in [
        vec![("players", r#"{"white":{"user":{"name":"a \"b\""}}}"#)],
        vec![("players", r#"{"white":{"user":{"name":"a\\b"}}}"#)],
        vec![("players", r#"{"black":{"user":{"name":"line\nbreak"}}}"#)],
        vec![("moves", "\"e4 e5!\"")],
        vec![("moves", "\"1. e4 e5\"")],
        vec![("moves", "\"e4 -- e5\"")],
        vec![("moves", "\"e4 0-0\"")],
        vec![("moves", "\"e4 e.p.\"")],
        vec![("moves", "\"e4 ep e5\""), ("clocks", "null")],
        vec![("moves", "\"e4 {x}\"")],
        vec![("moves", "\"e4 e5\\tNf3\"")],
        vec![("moves", "\"e4 Nf3ü\"")],
        vec![("pgn", "\"[Event \\\"x\\\"]\\n\\n1. e4 *\"")],
        vec![("variant", "\"crazyhouse\"")],
        vec![("moves", "null")],
        vec![("status", "null")],
    ] {
        let json = lichess_game(&case);
        assert!(!read_straight_as_written(&json), "read straight: {json}");
    }
    let chess_com = r#"{"url":"https://www.chess.com/game/live/2","rules":"chess","tcn":"mC0K",
        "white":{"result":"win","username":"a"},"black":{"result":"resigned","username":"b"}}"#;
    assert!(game_record(chess_com.as_bytes()).is_err());
    assert!(game_record(b"{\"id\":").is_err());
}

#[test]
fn every_game_of_the_real_lichess_exports_is_read_straight_as_written() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/servers/");
    for name in [
        "lichess-indexinator-2025.ndjson",
        "lichess-indexinator-clocks-evals.ndjson",
    ] {
        let text = std::fs::read_to_string(format!("{dir}{name}")).unwrap();
        let straight = text.lines().filter(|l| read_straight_as_written(l)).count();
        assert_eq!(straight, text.lines().count(), "{name}");
    }
}

/// A game's clocks are its own `clocks`: where the only `clocks` key
/// stands inside a player, the game has none.
#[test]
fn clocks_are_only_the_games_own() {
    let record = |json: &str| {
        let record = game_record(json.as_bytes()).unwrap();
        let clocks: Vec<_> = record
            .moves
            .iter()
            .map(|m| m.clock.map(|c| c.millis()))
            .collect();
        (
            clocks,
            record
                .moves
                .iter()
                .map(|m| record.token(m).to_vec())
                .collect::<Vec<_>>(),
        )
    };
    let own = r#"{"id":"x","status":"mate","winner":"white","moves":"e4 e5","clocks":[30003,29000],"players":{"white":{"user":{"name":"a"}}}}"#;
    assert_eq!(
        record(own),
        (
            vec![Some(300_030), Some(290_000)],
            vec![b"e4".to_vec(), b"e5".to_vec()]
        )
    );
    let a_players = r#"{"id":"x","status":"mate","winner":"white","moves":"e4 e5","players":{"white":{"clocks":[30003,29000]}}}"#;
    assert_eq!(
        record(a_players),
        (vec![None, None], vec![b"e4".to_vec(), b"e5".to_vec()])
    );
    // Moves after the clocks: their spans read them where they stand.
    let moves_after = r#"{"id":"x","status":"mate","clocks":[30003,29000],"moves":"e4 e5"}"#;
    assert_eq!(
        record(moves_after),
        (
            vec![Some(300_030), Some(290_000)],
            vec![b"e4".to_vec(), b"e5".to_vec()]
        )
    );
}
