use super::*;

/// Where the hand reads `json`, serde_json reads it too, and the same.
fn same_as_serde(json: &str) -> bool {
    let Some(game) = read(json.as_bytes()) else {
        return false;
    };
    let serde: Result<GameObject, _> = serde_json::from_str(json);
    let serde = serde.unwrap_or_else(|e| panic!("serde refuses {json:?}: {e}"));
    assert_eq!(format!("{game:?}"), format!("{serde:?}"), "{json}");
    true
}

/// Real lichess exports (tests/data/servers), one game a line.
const EXPORTS: [&str; 2] = [
    include_str!("../../../../tests/data/servers/lichess-indexinator-2025.ndjson"),
    include_str!("../../../../tests/data/servers/lichess-indexinator-clocks-evals.ndjson"),
];

/// Two of each export's games.
fn real_games() -> Vec<&'static str> {
    EXPORTS.iter().flat_map(|f| f.lines().take(2)).collect()
}

#[test]
fn real_exports_are_read_by_hand_as_serde_reads_them() {
    for line in EXPORTS.iter().flat_map(|f| f.lines()) {
        assert!(same_as_serde(line), "not read by hand: {line}");
    }
}

#[test]
fn a_mutated_object_is_read_as_serde_reads_it_or_left_to_serde() {
    // Each byte of a real game removed, or replaced by or preceded by one
    // of JSON's structural bytes, a digit, a letter, a control byte.
    const BYTES: &[u8] = b"{}[]\",:0159-.eE+ \t\nnulltrfa\\\x01x";
    let (mut read, mut left) = (0, 0);
    for game in real_games() {
        let bytes = game.as_bytes();
        for at in 0..bytes.len() {
            let mut variants = vec![[&bytes[..at], &bytes[at + 1..]].concat()];
            for &b in BYTES {
                variants.push([&bytes[..at], &[b], &bytes[at + 1..]].concat());
                variants.push([&bytes[..at], &[b], &bytes[at..]].concat());
            }
            for json in variants.iter().filter_map(|v| std::str::from_utf8(v).ok()) {
                match same_as_serde(json) {
                    true => read += 1,
                    false => left += 1,
                }
            }
        }
    }
    assert!(read > 10_000 && left > 10_000, "read {read}, left {left}");
}

#[test]
fn what_serde_refuses_or_reads_otherwise_is_left_to_it() {
    let cases = [
        // A field twice, the first `null`; a field of another type.
        r#"{"id":null,"id":"x"}"#,
        r#"{"rated":"yes"}"#,
        r#"{"createdAt":1.5}"#,
        r#"{"createdAt":1e3}"#,
        r#"{"createdAt":9223372036854775808}"#,
        r#"{"createdAt":012}"#,
        r#"{"createdAt":-0}"#,
        r#"{"clock":{"initial":-1}}"#,
        r#"{"clocks":[1,]}"#,
        r#"{"clocks":[0,01]}"#,
        r#"{"clocks":[+1]}"#,
        r#"{"clocks":[-1]}"#,
        r#"{"clocks":[1.5]}"#,
        r#"{"clocks":[1e3]}"#,
        r#"{"clocks":["1"]}"#,
        r#"{"clocks":[[1]]}"#,
        r#"{"clocks":[null]}"#,
        r#"{"clocks":[1,,2]}"#,
        r#"{"clocks":[18446744073709551616]}"#,
        r#"{"status":{"name":"mate"}}"#,
        r#"{"moves":"e4\u0020e5"}"#,
        "{\"moves\":\"e4\te5\"}",
        r#"{"id":"x"} x"#,
        r#"{"id":"x",}"#,
        r#"{"x":-}"#,
        r#"{"x":1.}"#,
        r#"{"x":tru}"#,
        r#"{"players":{"white":{"user":{"name":"a","name":"b"}}}}"#,
    ];
    for json in cases {
        assert!(read(json.as_bytes()).is_none(), "{json}");
    }
    let deep = format!("{{\"x\":{}1{}}}", "[".repeat(40), "]".repeat(40));
    assert!(read(deep.as_bytes()).is_none());
    // What serde reads alike: white space, `null`, the edges of the
    // integers, skipped values of every kind.
    let alike = [
        "{}",
        " { \"id\" : \"x\" ,\n\"rated\":false}\r\n",
        r#"{"createdAt":-9223372036854775808,"clocks":[],"clock":null}"#,
        r#"{"createdAt":0,"clocks":[ 0 , 18446744073709551615 ]}"#,
        "{\"clocks\":[1,\n2 ,3],\"players\":{\"white\":{\"clocks\":[9]}}}",
        r#"{"clocks":null,"status":"mate"}"#,
        r#"{"x":[1.5e-3,-0.0,{"a":[true,false,null,"é"]}],"id":"é"}"#,
        r#"{"players":{"white":{"user":{"name":"a","x":1},"aiLevel":3},"black":null}}"#,
        // Every field the hand reads, each once: chess.com's, then lichess's.
        r#"{"url":"https://www.chess.com/game/live/1","time_control":"180+2","rules":"chess",
           "initial_setup":"8/8/8/8/8/8/8/K6k w - - 0 1","tcn":"mC0K","end_time":1700000000,
           "white":{"username":"a","rating":1500,"result":"win"},
           "black":{"username":"b","rating":1400,"result":"checkmated","x":{}}}"#,
        r#"{"id":"i","rated":true,"variant":"chess960","speed":"correspondence","perf":"x",
           "createdAt":1,"status":"started","winner":"black","pgn":"1. e4 *","moves":"e4",
           "clock":{"initial":60,"increment":1,"totalTime":100},"clocks":[1],"daysPerTurn":2,
           "initialFen":"8/8/8/8/8/8/8/K6k w - - 0 1","tournament":"t","swiss":"s",
           "opening":{"eco":"C20","name":"King's Pawn","ply":2},
           "players":{"white":{"user":{"name":"u","title":"GM"},"rating":2500,"ratingDiff":-3,
           "name":"n"},"black":{"aiLevel":8}}}"#,
    ];
    for json in alike {
        assert!(same_as_serde(json), "{json}");
    }
}
