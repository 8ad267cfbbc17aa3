//! A server's export read as a reference reader reads it (issue 76, round
//! eight's r60–r64, r67, r71), tested by the class: the game objects of the
//! real exports in `tests/data/servers`, laid out every way an export is
//! written — one a line (NDJSON, indented, CRLF, a list or a month one game
//! a line), pretty-printed, glued, a month whose key is escaped — and, where
//! games stand one a line, broken: objects cut short at random bytes, stray
//! lines that open a list, a string, a month, or hold `null`, `{}`, a word.
//!
//! Each export is told from PGN as the run tells it (`format`) and cut by
//! the splitter at several read sizes; every object it hands out whole must
//! parse to the reference's object, one for one and in order (serde_json
//! reading each intact object, and `{}` where one was put), and every
//! unreadable stretch — a cut object, a stray line — must get exactly one
//! error row. `cargo test` runs `CASES` seeded exports;
//! `scripts/json-reference.sh` runs more (`JSON_REFERENCE_CASES`).

use std::io::{self, Read};

use pgn_arbiter::read::export::JsonSplitter;
use pgn_arbiter::read::input::{Format, format};
use serde_json::Value;

use crate::common::data;

const CASES: usize = 300;
const SEED: u64 = 0x6a50_4e5f_7265_6164;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The game objects of the real exports, each written on one line.
fn real_objects() -> Vec<String> {
    let mut objects = Vec::new();
    for name in [
        "servers/lichess-indexinator-2025.ndjson",
        "servers/lichess-indexinator-clocks-evals.ndjson",
    ] {
        let text = std::fs::read_to_string(data(name)).unwrap();
        objects.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(String::from),
        );
    }
    let month: Value = serde_json::from_slice(
        &std::fs::read(data("servers/chess-com-aegboye7-2025-03.json")).unwrap(),
    )
    .unwrap();
    for game in month["games"].as_array().unwrap() {
        objects.push(serde_json::to_string(game).unwrap());
    }
    assert!(objects.len() > 50, "the real exports were read");
    objects
}

/// How an export lays out its games.
#[derive(Debug, Clone, Copy)]
enum Layout {
    Ndjson,
    Crlf,
    Indented,
    ListOneALine,
    MonthOneALine,
    Pretty,
    PrettyMonth,
    /// Pretty, no indent (python's `indent=0`).
    PrettyFlat,
    Glued,
    EscapedMonth,
}

const LAYOUTS: [Layout; 10] = [
    Layout::Ndjson,
    Layout::Crlf,
    Layout::Indented,
    Layout::ListOneALine,
    Layout::MonthOneALine,
    Layout::Pretty,
    Layout::PrettyMonth,
    Layout::PrettyFlat,
    Layout::Glued,
    Layout::EscapedMonth,
];

impl Layout {
    fn one_a_line(self) -> bool {
        matches!(
            self,
            Layout::Ndjson
                | Layout::Crlf
                | Layout::Indented
                | Layout::ListOneALine
                | Layout::MonthOneALine
        )
    }

    /// Whether a stray line may stand among the games without a comma: at
    /// the top, not in a list.
    fn at_the_top(self) -> bool {
        matches!(self, Layout::Ndjson | Layout::Crlf | Layout::Indented)
    }
}

/// One line of a broken export: a game (whole or cut), or a stray line.
enum Line {
    Game(String),
    Cut(String),
    Stray(&'static str),
}

/// Stray lines, and whether each is read as an object (`{}`: a clean
/// slice the reference reads too) or gets an error row.
const STRAYS: [(&str, bool); 7] = [
    ("[\"abc", false),
    ("[[[", false),
    ("{\"games\":[[", false),
    ("null", false),
    ("\"x\"", false),
    ("{}", true),
    ("no json here", false),
];

/// An export of `games` laid out as `layout`, broken where it stands one
/// game a line; and the objects a reference reads whole, and how many
/// error rows it must give.
fn export(games: &[String], layout: Layout, rng: &mut Rng) -> (String, Vec<Value>, usize) {
    if !layout.one_a_line() {
        let values: Vec<Value> = games
            .iter()
            .map(|g| serde_json::from_str(g).unwrap())
            .collect();
        let text = match layout {
            Layout::Pretty => serde_json::to_string_pretty(&values).unwrap(),
            Layout::PrettyMonth => {
                serde_json::to_string_pretty(&serde_json::json!({ "games": values })).unwrap()
            }
            Layout::PrettyFlat => serde_json::to_string_pretty(&values)
                .unwrap()
                .lines()
                .map(|line| line.trim_start().to_string() + "\n")
                .collect(),
            Layout::EscapedMonth => format!("{{\"g\\u0061mes\":[{}]}}", games.join(",")),
            _ => games.concat(),
        };
        return (text, values, 0);
    }
    let lines = broken(games, layout, rng);
    let mut want = Vec::new();
    let mut errors = 0;
    for line in &lines {
        match line {
            Line::Game(g) => want.push(serde_json::from_str(g).unwrap()),
            Line::Cut(_) => errors += 1,
            Line::Stray(s) => match STRAYS.iter().find(|(t, _)| t == s).unwrap().1 {
                true => want.push(serde_json::json!({})),
                false => errors += 1,
            },
        }
    }
    (laid_out(&lines, layout, rng), want, errors)
}

/// The games, some cut short at a random byte, with stray lines put in.
fn broken(games: &[String], layout: Layout, rng: &mut Rng) -> Vec<Line> {
    let mut lines = Vec::new();
    for (k, game) in games.iter().enumerate() {
        // In a list, a stray line before the first game would stand where
        // the list's first value does.
        if (k > 0 || layout.at_the_top()) && rng.below(6) == 0 {
            let strays: Vec<_> = STRAYS
                .iter()
                .filter(|(s, _)| layout.at_the_top() || s.starts_with('['))
                .collect();
            // A first line of words is no JSON: the file is PGN.
            let stray = strays[rng.below(strays.len())].0;
            if k > 0 || stray != "no json here" {
                lines.push(Line::Stray(stray));
            }
        }
        match rng.below(5) {
            0 => {
                // Cut after its `{` alone, a game is no more JSON than a
                // PGN comment's opening brace.
                let mut at = 2 + rng.below(game.len() - 3);
                while !game.is_char_boundary(at) {
                    at -= 1;
                }
                lines.push(Line::Cut(game[..at].to_string()));
            }
            _ => lines.push(Line::Game(game.clone())),
        }
    }
    lines
}

fn laid_out(lines: &[Line], layout: Layout, rng: &mut Rng) -> String {
    let (open, sep, close, end) = match layout {
        Layout::ListOneALine => ("[\n", ",", "]\n", "\n"),
        Layout::MonthOneALine => ("{\"games\":[\n", ",", "]}\n", "\n"),
        Layout::Crlf => ("", "", "", "\r\n"),
        _ => ("", "", "", "\n"),
    };
    let mut text = String::from(open);
    for (k, line) in lines.iter().enumerate() {
        if matches!(layout, Layout::Indented) {
            text.push_str(["", " ", "\t", "   "][rng.below(4)]);
        }
        let (body, whole) = match line {
            Line::Game(g) => (g.as_str(), true),
            Line::Cut(g) => (g.as_str(), false),
            Line::Stray(s) => (*s, false),
        };
        text.push_str(body);
        if whole && k + 1 < lines.len() {
            text.push_str(sep);
        }
        text.push_str(end);
    }
    text.push_str(close);
    text
}

/// The objects the splitter hands out whole, and its error rows, reading
/// `text` `read` bytes at a time.
fn split(text: &[u8], read: usize) -> (Vec<Value>, usize) {
    /// The text handed out `read` bytes a call, as a pipe hands it.
    struct Pieces<'a>(std::slice::Chunks<'a, u8>);
    impl Read for Pieces<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            // A piece longer than `out` is not asked for: reads are 64 KiB.
            let piece = self.0.next().unwrap_or_default();
            out[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }
    let Some(Ok(Format::Json(layout))) = format(text, true) else {
        panic!(
            "not told as JSON: {:?}\n{}",
            format(text, true),
            String::from_utf8_lossy(&text[..text.len().min(600)])
        );
    };
    let mut splitter = JsonSplitter::with_limit(Pieces(text.chunks(read)), layout, 4096, 1 << 20);
    let (mut whole, mut errors) = (Vec::new(), 0);
    while let Some(block) = splitter.next_block().unwrap() {
        for game in &block.games {
            match &game.problem {
                Some(_) => errors += 1,
                None => match serde_json::from_slice(&block.data[game.bytes.clone()]) {
                    Ok(value) => whole.push(value),
                    Err(_) => errors += 1,
                },
            }
        }
    }
    (whole, errors)
}

/// How many cases to run: `CASES`, or `JSON_REFERENCE_CASES`.
fn cases() -> usize {
    std::env::var("JSON_REFERENCE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

#[test]
fn every_export_is_read_as_the_reference_reads_it() {
    let objects = real_objects();
    let mut rng = Rng(SEED);
    let (mut games_checked, mut cut, mut broken_cases) = (0, 0, 0);
    let mut failures = Vec::new();
    for case in 0..cases() {
        let layout = LAYOUTS[case % LAYOUTS.len()];
        let n = 1 + rng.below(12);
        let games: Vec<String> = (0..n)
            .map(|_| objects[rng.below(objects.len())].clone())
            .collect();
        let (text, want, errors) = export(&games, layout, &mut rng);
        for read in [1 + rng.below(9), 4096, 1 << 16] {
            let (got, got_errors) = split(text.as_bytes(), read);
            if got != want || got_errors != errors {
                failures.push(format!(
                    "case {case} ({layout:?}, read {read}): {} whole of {} wanted, {got_errors} error rows of {errors}\n{}",
                    got.len(),
                    want.len(),
                    text.chars().take(600).collect::<String>()
                ));
            }
        }
        games_checked += want.len();
        cut += errors;
        broken_cases += usize::from(errors > 0);
    }
    println!(
        "json reference: {} exports, {games_checked} objects read whole as the reference reads them, \
         {cut} unreadable stretches in {broken_cases} exports, {} not as the reference",
        cases(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
