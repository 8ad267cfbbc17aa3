use super::*;

/// The games' texts and problems, split from `json` read `read` bytes at a
/// time into blocks of `target` bytes.
fn split(
    json: &[u8],
    read: usize,
    target: usize,
    max_game: usize,
) -> Vec<(String, u64, u64, Option<String>)> {
    struct Small<'a>(&'a [u8], usize);
    impl Read for Small<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let layout = crate::read::input::layout(json.trim_ascii_start());
    let mut s = JsonSplitter::with_limit(Small(json, read), layout, target, max_game);
    let mut out = Vec::new();
    let mut first = 0;
    while let Some(block) = s.next_block().unwrap() {
        assert!(block.json);
        assert_eq!(block.first_game, first);
        first += block.games.len() as u64;
        for g in &block.games {
            let text = String::from_utf8_lossy(&block.data[g.bytes.clone()]).into_owned();
            out.push((text, g.offset, g.line, g.problem.clone()));
        }
    }
    assert_eq!(s.games_emitted(), out.len() as u64);
    out
}

fn texts(json: &str) -> Vec<String> {
    split(json.as_bytes(), 1 << 16, 1, 1 << 20)
        .into_iter()
        .map(|g| g.0)
        .collect()
}

/// Each game's text, offset, first line, and whether it was cut short at
/// its line's end, read `read` bytes at a time.
fn cut_rows(json: &str, read: usize) -> Vec<(String, u64, u64, bool)> {
    const CUT: &str = "ends with its line, not closed";
    split(json.as_bytes(), read, 1, 1 << 20)
        .into_iter()
        .map(|g| (g.0, g.1, g.2, g.3.is_some_and(|p| p.contains(CUT))))
        .collect()
}

#[test]
fn every_shape_of_export_gives_its_game_objects() {
    let a = r#"{"id":"a","players":{"white":{"user":{"name":"x"}}},"moves":"e4 {"}"#;
    let b = r#"{"id":"b","s":"q\"}[{"}"#;
    // NDJSON, objects glued, a list, a month, a list of months.
    assert_eq!(texts(&format!("{a}\n{b}\n")), [a, b]);
    assert_eq!(texts(&format!("{a}{b}")), [a, b]);
    assert_eq!(texts(&format!("[{a},\n {b}]")), [a, b]);
    assert_eq!(texts(&format!("{{\"games\": [{a}, {b}]}}")), [a, b]);
    assert_eq!(
        texts(&format!("[{{\"games\":[{a}]}},{{\"games\":[{b}]}}]")),
        [a, b]
    );
    // A `games` key deeper in a game is no month.
    let c = r#"{"id":"c","x":{"games":[{"id":"d"}]}}"#;
    assert_eq!(texts(c), [c]);
    // A byte-order mark before the first object.
    assert_eq!(texts(&format!("\u{feff}{a}")), [a]);
}

#[test]
fn offsets_and_lines_are_the_objects_own() {
    let json = "{\"id\":\"a\"}\n\n  {\"id\":\"b\",\n\"x\":1}\n";
    let games = split(json.as_bytes(), 3, 1, 1 << 20);
    assert_eq!((games[0].1, games[0].2), (0, 1));
    assert_eq!((games[1].1, games[1].2), (14, 3));
}

#[test]
fn the_read_size_and_the_block_size_do_not_change_the_games() {
    let game = |i: usize| {
        format!(
            "{{\"id\":\"g{i}\",\"moves\":\"{}\",\"n\":[1,{{\"k\":\"}}\\\\\"}}]}}",
            "e4 e5 ".repeat(i % 7)
        )
    };
    let json: String = (0..40).map(|i| game(i) + "\n").collect();
    let want = split(json.as_bytes(), 1 << 16, 1 << 20, 1 << 20);
    assert_eq!(want.len(), 40);
    for read in [1, 2, 3, 7, 64, 333] {
        for target in [1, 100, 5000] {
            assert_eq!(
                split(json.as_bytes(), read, target, 1 << 20),
                want,
                "{read} {target}"
            );
        }
    }
}

#[test]
fn what_cannot_be_read_still_gets_a_row() {
    let big = format!("{{\"id\":\"big\",\"moves\":\"{}\"}}", "e4 ".repeat(40_000));
    let json =
        format!("{{\"id\":\"a\"}}\nnot json at all\n{big}\n{{\"id\":\"b\"}}\n{{\"id\":\"cut");
    let games = split(json.as_bytes(), 1000, 1, 65_536);
    let problems: Vec<_> = games.iter().map(|g| g.3.clone()).collect();
    assert_eq!(games.len(), 5);
    assert_eq!(problems[0], None);
    assert!(
        problems[1]
            .as_deref()
            .unwrap()
            .contains("“not json at all”")
    );
    assert!(problems[2].as_deref().unwrap().contains("--max-game-bytes"));
    assert!(games[2].0.len() <= HEAD);
    assert_eq!(problems[3], None);
    assert_eq!(games[3].0, "{\"id\":\"b\"}");
    assert!(problems[4].as_deref().unwrap().contains("cut short"));
}

#[test]
fn the_values_skipped_whole_keep_the_structure_and_the_lines() {
    // Numbers, literals and a list's commas and colons are passed over at
    // once; a key after a list of numbers is still a key, a `games` key
    // inside a list is still no month, and line breaks inside values count.
    let a = "{\"id\":\"a\",\"clocks\":[6000, 5990,\n5980],\"games\":1,\"ok\":true}";
    let b = "{\"id\":\"b\",\"x\":[1,2,{\"games\":[{\"id\":\"c\"}]},null,-1.5e3]}";
    let month = format!("{{\n\"n\": 12, \"games\": [{a},\n{b}]}}\n{{\"id\":\"d\"}}");
    let games = split(month.as_bytes(), 7, 1, 1 << 20);
    let found: Vec<_> = games.iter().map(|g| (g.0.as_str(), g.2)).collect();
    assert_eq!(found, [(a, 2), (b, 4), ("{\"id\":\"d\"}", 5)]);
}

#[test]
fn a_game_left_open_at_its_lines_end_takes_no_other_game() {
    // One game a line: an unclosed list, a string never closed, a
    // game's line cut short; each line after is its own game, read at
    // any read size.
    let ndjson = "{\"id\":\"a\"}\n{\"id\":\"b\",\"clocks\":[1,2}\n{\"id\":\"c\"}\n\
                  {\"id\":\"d\",\"moves\":\"e4 e5\n{\"id\":\"e\",\"x\":{\"y\":[\n{\"id\":\"f\"}\n";
    for read in [1, 7, 1 << 16] {
        let games = cut_rows(ndjson, read);
        let got: Vec<_> = games.iter().map(|g| (g.0.as_str(), g.2, g.3)).collect();
        assert_eq!(
            got,
            [
                ("{\"id\":\"a\"}", 1, false),
                ("{\"id\":\"b\",\"clocks\":[1,2}", 2, true),
                ("{\"id\":\"c\"}", 3, false),
                ("{\"id\":\"d\",\"moves\":\"e4 e5", 4, true),
                ("{\"id\":\"e\",\"x\":{\"y\":[", 5, true),
                ("{\"id\":\"f\"}", 6, false),
            ],
            "read {read} bytes at a time"
        );
    }
    // Games written over several lines are not one game a line: their
    // line breaks cut nothing, in a list too.
    let pretty = "{\n \"id\": \"a\"\n}\n{\"id\":\"b\"}\n{\n \"id\": \"c\"\n}";
    assert_eq!(
        texts(pretty),
        [
            "{\n \"id\": \"a\"\n}",
            "{\"id\":\"b\"}",
            "{\n \"id\": \"c\"\n}"
        ]
    );
    let listed = "[{\n\"id\":\"a\"},\n{\"id\":\"b\"},{\n\"id\":\"c\"}]";
    assert_eq!(
        texts(listed),
        ["{\n\"id\":\"a\"}", "{\"id\":\"b\"}", "{\n\"id\":\"c\"}"]
    );
    // A list (or a month) one game a line is one game a line: a game it
    // leaves open is cut at its line's end, and the games after it read.
    let one_a_line = "[\n{\"id\":\"a\"},\n{\"id\":\"b\",\"x\":[\n{\"id\":\"c\"}\n]";
    let month = format!("{{\"games\":{one_a_line}}}");
    for export in [one_a_line, &month] {
        for read in [1, 5, 1 << 16] {
            let got: Vec<_> = cut_rows(export, read)
                .into_iter()
                .map(|g| (g.0, g.2, g.3))
                .collect();
            let want = [
                ("{\"id\":\"a\"}", 2, false),
                ("{\"id\":\"b\",\"x\":[", 3, true),
                ("{\"id\":\"c\"}", 4, false),
            ];
            let want: Vec<_> = want.iter().map(|g| (g.0.to_string(), g.1, g.2)).collect();
            assert_eq!(got, want, "{export:?} read {read} at a time");
        }
    }
}

#[test]
fn a_line_break_in_a_string_cuts_only_a_game_of_a_line() {
    // Not one game a line: the string is read on, its break counted
    // (JSON writes none: serde says so of the game).
    let pretty = "{\n\"id\":\"a\"}\n{\"moves\":\"e4\ne5\"}\n{\"id\":\"b\"}";
    let games = split(pretty.as_bytes(), 1 << 16, 1, 1 << 20);
    let lines: Vec<_> = games.iter().map(|g| (g.0.as_str(), g.2)).collect();
    assert_eq!(
        lines,
        [
            ("{\n\"id\":\"a\"}", 1),
            ("{\"moves\":\"e4\ne5\"}", 3),
            ("{\"id\":\"b\"}", 5)
        ]
    );
}

#[test]
fn a_first_game_cut_short_on_its_line_takes_no_other_game() {
    // The export's first game is the one whose end tells that it writes
    // one game a line; cut short (outside a string, or inside one), the
    // next line's `{"` tells it instead, at any read size.
    for first in [
        "{\"id\":\"a\",\"clocks\":[1,2",
        "{\"id\":\"a\",\"moves\":\"e4 e5",
    ] {
        let ndjson =
            format!("{first}\n{{\"id\":\"b\"}}\n{{\"id\":\"c\",\"x\":[1\n{{\"id\":\"d\"}}\n");
        for read in [1, 2, 7, 1 << 16] {
            let games = cut_rows(&ndjson, read);
            let got: Vec<_> = games
                .iter()
                .map(|g| (g.0.as_str(), g.1, g.2, g.3))
                .collect();
            let b = first.len() as u64 + 1;
            assert_eq!(
                got,
                [
                    (first, 0, 1, true),
                    ("{\"id\":\"b\"}", b, 2, false),
                    ("{\"id\":\"c\",\"x\":[1", b + 11, 3, true),
                    ("{\"id\":\"d\"}", b + 28, 4, false),
                ],
                "{first:?}, read {read} bytes at a time"
            );
        }
    }
    // A pretty-printer breaks the line after a `{` and indents what it
    // nests (or, with no indent, starts a line with a key or a lone `{`):
    // its first game's lines are one game.
    let flat = "{\n\"id\": \"a\",\n\"x\": [\n{\n\"k\": \"{\\\"\"\n}\n]\n}\n{\n\"id\": \"b\"\n}";
    let indented = "{\n  \"id\": \"a\",\n  \"x\": [\n    {\"k\": 1}\n  ]\n}\n{\"id\": \"b\"}";
    for pretty in [flat, indented] {
        for read in [1, 2, 1 << 16] {
            let games = split(pretty.as_bytes(), read, 1, 1 << 20);
            assert_eq!(games.len(), 2, "{pretty:?} {read}");
            assert!(games.iter().all(|g| g.3.is_none()), "{pretty:?} {read}");
        }
    }
}
