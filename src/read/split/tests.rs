use super::scan::is_tag_pair;
use super::*;

fn split(pgn: &[u8], target: usize, max_game: usize) -> Vec<(String, u64, u64, Option<String>)> {
    let mut s = Splitter::with_limit(pgn, target, max_game);
    let mut out = Vec::new();
    while let Some(b) = s.next_block().unwrap() {
        for g in &b.games {
            let text = String::from_utf8_lossy(&b.data[g.bytes.clone()])
                .trim()
                .to_string();
            out.push((text, g.offset, g.line, g.problem.clone()));
        }
    }
    out
}

fn games(pgn: &str, target: usize) -> Vec<String> {
    split(pgn.as_bytes(), target, MAX_GAME_BYTES)
        .into_iter()
        .map(|g| g.0)
        .collect()
}

#[test]
fn splits_on_tags_after_movetext() {
    let pgn =
        "[Event \"a\"]\n\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 0-1\n";
    assert_eq!(
        games(pgn, 1 << 20),
        [
            "[Event \"a\"]\n\n1. e4 e5 1-0",
            "[Event \"b\"]\n1. d4 *",
            "[Event \"c\"]\n\n1. c4 0-1"
        ]
    );
}

#[test]
fn offsets_and_lines() {
    let pgn = "\n[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\r\n\r\n1. d4 *\r\n";
    let got = split(pgn.as_bytes(), 1 << 20, MAX_GAME_BYTES);
    assert_eq!(got[0].1, 1);
    assert_eq!(got[1].1, pgn.find("[Event \"b\"]").unwrap() as u64);
    assert_eq!((got[0].2, got[1].2), (1, 6));
}

#[test]
fn lone_carriage_returns_end_lines() {
    let pgn = "[Event \"a\"]\r\r1. e4 1-0\r[Event \"b\"]\r\r1. d4 *\r";
    assert_eq!(games(pgn, 1 << 20).len(), 2);
    assert_eq!(games(pgn, 3).len(), 2);
}

#[test]
fn blank_line_in_tags_or_comment_is_not_a_boundary() {
    let pgn = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 {one\n\n[Site \"no\"] two} e5 1-0\n";
    assert_eq!(games(pgn, 1 << 20).len(), 1);
}

#[test]
fn byte_order_mark_before_tags() {
    let pgn = "\u{feff}[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n\u{feff}[Event \"c\"]\n*\n";
    assert_eq!(games(pgn, 1 << 20).len(), 2);
}

#[test]
fn repeated_tag_starts_a_game_and_tagless_games_split_after_results() {
    assert_eq!(
        games("[Event \"a\"]\n\n[Event \"b\"]\n\n*\n", 1 << 20).len(),
        2
    );
    assert_eq!(games("1. e4 1-0\n\n1. d4 0-1\n\n\n", 1 << 20).len(), 2);
}

#[test]
fn unclosed_comment_stops_at_next_event() {
    let pgn = "[Event \"a\"]\n1. e4 {oops\n[Event \"b\"]\n1. d4 *\n";
    assert_eq!(games(pgn, 1 << 20).len(), 2);
    let pgn = "[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n[Site \"s\"]\n\n\
                   1. d4 {[%clk 0:03:00]} *\n\n[Event \"c\"]\n\n[Event \"d\"]\n\n*\n";
    assert_eq!(games(pgn, 1 << 20).len(), 4);
    for target in [1, 7, 1 << 20] {
        assert_eq!(games(pgn, target).len(), 4, "block size {target}");
    }
}

#[test]
fn a_tag_quoted_in_a_comment_is_comment_text() {
    let pgn = "[Event \"a\"]\n\n1. e4 {note\n[Event \"quoted\"]\nstill} e5 1-0\n\n\
                   [Event \"b\"]\n\n1. d4 {c2\n\n[Event \"in var\"]\n} d5 *\n";
    for target in [1, 5, 1 << 20] {
        let got = games(pgn, target);
        assert_eq!(got.len(), 2, "block size {target}: {got:?}");
        assert!(got[0].ends_with("e5 1-0"), "{got:?}");
    }
}

#[test]
fn a_game_keeps_the_indentation_of_its_first_line() {
    // Written back without it, ` %…` would become an escape line.
    let got = split(b"\n\n  %x 1. e4 *\n", 1 << 20, MAX_GAME_BYTES);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, 2, "the offset of the line, indentation included");
}

#[test]
fn a_repeated_tag_within_one_section_is_a_duplicate() {
    let pgn =
        "[Event \"a\"]\n[Site \"x\"]\n[Event \"dup\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    assert_eq!(games(pgn, 1 << 20).len(), 2);
}

#[test]
fn square_bracket_variations_are_movetext() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3\n[2. f4 exf4] 2... Nc6\n[Result 1-0]\n\
                   1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let got = games(pgn, 1 << 20);
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[0].contains("[2. f4 exf4] 2... Nc6"), "{got:?}");
    assert!(is_tag_pair(b"[Result 1-0]"));
    assert!(is_tag_pair(b"[WhiteFideId \"1\"]"));
    assert!(!is_tag_pair(b"[41.Bc4 Rxb6]"));
    assert!(!is_tag_pair(b"[Nf3 Nc6 2. e4]"));
    assert!(!is_tag_pair(b"[%clk 0:01:00] }"));
    // Nothing past the line's end counts: the parse hands over the rest of
    // the game.
    assert!(!is_tag_pair(b"[Event\n\"x\"]"));
    assert!(!is_tag_pair(b"[Result\r1-0]"));
    assert!(!is_tag_pair(b"[Result 1-0\n]"));
    assert!(is_tag_pair(b"[Event \"x\"]\n[Site \"y\"]"));
}

#[test]
fn block_size_does_not_change_the_games() {
    let mut pgn = String::new();
    for i in 0..300 {
        pgn.push_str(&format!(
            "[Event \"g{i}\"]\n[Site \"s\"]\n\n1. e4 {{c\n\nc}} e5 2. Nf3 1-0\n\n"
        ));
    }
    let big = split(pgn.as_bytes(), 1 << 20, MAX_GAME_BYTES);
    assert_eq!(big.len(), 300);
    for target in [1, 7, 100, 4096] {
        assert_eq!(
            split(pgn.as_bytes(), target, MAX_GAME_BYTES),
            big,
            "target {target}"
        );
    }
}

#[test]
fn oversized_games_keep_their_head_and_reading_resumes() {
    let huge_comment = "x".repeat(400_000);
    let long_line = "e4 ".repeat(100_000);
    let pgn = format!(
        "[Event \"before\"]\n\n1. e4 *\n\n[Event \"comment\"]\n\n1. e4 {{{huge_comment}}} *\n\n\
             [Event \"lines\"]\n\n{}*\n\n[Event \"line\"]\n\n{long_line}*\n\n[Event \"after\"]\n\n1. d4 *\n",
        "1. e4 e5\n".repeat(40_000)
    );
    for target in [1, 1000, 1 << 20] {
        let got = split(pgn.as_bytes(), target, HEAD * 2);
        let names: Vec<&str> = got
            .iter()
            .map(|g| &g.0[..g.0.find('\n').unwrap_or(g.0.len())])
            .collect();
        assert_eq!(
            names,
            [
                "[Event \"before\"]",
                "[Event \"comment\"]",
                "[Event \"lines\"]",
                "[Event \"line\"]",
                "[Event \"after\"]"
            ],
            "target {target}"
        );
        let problems: Vec<bool> = got.iter().map(|g| g.3.is_some()).collect();
        assert_eq!(
            problems,
            [false, true, true, true, false],
            "target {target}"
        );
        assert!(got[1].3.as_ref().unwrap().contains("--max-game-bytes"));
        assert!(got.iter().all(|g| g.0.len() <= HEAD));
        // Offsets still point at each game in the stream.
        for g in &got {
            assert!(
                pgn[g.1 as usize..].starts_with(&g.0[..10]),
                "target {target}"
            );
        }
        assert_eq!(
            got[4].2 as usize,
            pgn[..got[4].1 as usize].matches('\n').count() + 1
        );
    }
}

#[test]
fn read_error_marks_the_last_game() {
    struct Failing<'a>(&'a [u8], bool);
    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                if std::mem::replace(&mut self.1, true) {
                    return Ok(0);
                }
                return Err(io::Error::other("corrupt deflate stream"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut s = Splitter::new(
        Failing(
            b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 2.",
            false,
        ),
        1 << 20,
    );
    let mut games = Vec::new();
    let mut errors = 0;
    loop {
        match s.next_block() {
            Ok(Some(b)) => games.extend(b.games),
            Ok(None) => break,
            Err(_) => errors += 1,
        }
    }
    assert_eq!(errors, 1);
    assert_eq!(games.len(), 2);
    assert!(games[0].problem.is_none());
    assert!(
        games[1]
            .problem
            .as_ref()
            .unwrap()
            .contains("corrupt deflate stream")
    );
}

#[test]
fn the_last_token_after_a_comment_is_read_from_the_line_end() {
    // A server's line: the result after the last comment ends the game at
    // the blank line, so the tagless game after it stands alone.
    let pgn = "1. e4 { [%clk 0:03:00] } e5 { x } 1-0\n\n1. d4 { [%clk 0:03:00] } *\n";
    assert_eq!(
        games(pgn, 1 << 20),
        [
            "1. e4 { [%clk 0:03:00] } e5 { x } 1-0",
            "1. d4 { [%clk 0:03:00] } *"
        ]
    );
    // Glued to the `}`, `x}1-0` is one token and no result; after a `;`
    // or with a comment left open, the line is read from its start.
    for first in [
        "1. e4 { c } e5 x}1-0",
        "1. e4 { c } e5 ; { 1-0",
        "1. e4 { c } e5 { 1-0",
    ] {
        let pgn = format!("{first}\n\n1. d4 *\n");
        assert_eq!(games(&pgn, 1 << 20).len(), 1, "{first}");
    }
}

/// f64 (round 5): blank text after a game, lines or one line of spaces,
/// longer than a game may be, is not the game's: the game is whole, the
/// next one where the stream has it, and the blank text not kept.
#[test]
fn blank_text_after_a_game_is_not_its_size() {
    let game = "[Event \"c\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    let next = game.replace("\"c\"", "\"d\"");
    let limit = HEAD;
    for blank in ["\n".repeat(3 * limit), " ".repeat(3 * limit) + "\n\n"] {
        let pgn = format!("{game}{blank}{next}");
        for target in [1000, 1 << 20] {
            let got = split(pgn.as_bytes(), target, limit);
            assert_eq!(
                got.len(),
                2,
                "{:?}",
                got.iter().map(|g| &g.3).collect::<Vec<_>>()
            );
            assert_eq!(got[0].0, game.trim());
            assert_eq!(got[0].3, None, "{} blank, target {target}", blank.len());
            assert_eq!(got[1].0, next.trim());
            assert_eq!(got[1].1, (game.len() + blank.len()) as u64);
            assert_eq!(got[1].3, None);
        }
    }
    // Text after the blank in the same game makes it as long as it is.
    let tagless = format!("1. e4 e5 {{{}x}} 2. Nf3 *\n", "\n".repeat(3 * limit));
    let got = split(tagless.as_bytes(), 1000, limit);
    assert!(
        got[0]
            .3
            .as_deref()
            .is_some_and(|p| p.contains("over the limit")),
        "{got:?}"
    );
}

/// A reader that hands out at most `n` bytes a read: where the reads fall
/// is the test's to choose.
struct Chunked<'a> {
    bytes: &'a [u8],
    n: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.n.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Round seven's r52: a game a few bytes under the limit, at the limit or
/// over it, whose next game's first line crosses a read at every offset of
/// a small read: each game gets exactly one row, the same wherever the
/// reads fall.
#[test]
fn a_game_near_the_limit_never_swallows_the_next_games_first_line() {
    let limit = HEAD;
    // A game of exactly `size` bytes: tags, then comments, the last one
    // padded to the size, then the result.
    let body = |size: usize| {
        let mut game = "[Event \"A\"]\n\n".to_string();
        while game.len() + 40 < size {
            game.push_str("{xxxxxxx}\n");
        }
        let pad = size - game.len() - "{}\n1-0\n".len();
        game.push_str(&format!("{{{}}}\n1-0\n", "x".repeat(pad)));
        assert_eq!(game.len(), size);
        game
    };
    for size in [limit - 3, limit - 1, limit, limit + 1, limit + 3] {
        let mut seen = None;
        for read in [7usize, 61, 4096] {
            for shift in 0..read.min(64) {
                let pgn = format!(
                    "{}{}\n[Event \"B\"]\n\n1. e4 *\n",
                    "\n".repeat(shift),
                    body(size)
                );
                let reader = Chunked {
                    bytes: pgn.as_bytes(),
                    n: read,
                };
                let mut s = Splitter::with_limit(reader, 1 << 16, limit);
                let mut rows = Vec::new();
                while let Some(b) = s.next_block().unwrap() {
                    for g in &b.games {
                        let text = String::from_utf8_lossy(&b.data[g.bytes.clone()]).into_owned();
                        rows.push((
                            text.lines().next().unwrap_or("").to_string(),
                            g.problem.is_some(),
                        ));
                    }
                }
                assert_eq!(
                    rows.len(),
                    2,
                    "size {size}, read {read}, shift {shift}: {rows:?}"
                );
                assert_eq!(
                    rows[1],
                    ("[Event \"B\"]".to_string(), false),
                    "size {size}, read {read}, shift {shift}"
                );
                assert_eq!(
                    *seen.get_or_insert(rows.clone()),
                    rows,
                    "size {size}, read {read}, shift {shift}"
                );
            }
        }
        let over = seen.unwrap()[0].1;
        assert_eq!(over, size > limit, "size {size}");
    }
}
