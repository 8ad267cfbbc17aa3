//! Reading alone, on one thread: the audit's own reading of the bytes (the
//! split into games, then each game's tags, move tokens, clocks and
//! comments, as `parse_game` gives them to the replay) against pgn-reader's
//! reading of the same bytes (its visitor given every tag, SAN and
//! comment), neither replaying a move. The benchmark compares the two;
//! `split` times the split into games alone, `split-ahead` the same with
//! the stream read (and decompressed) ahead on a thread of its own, as a
//! run of four threads or more reads a compressed file or a pipe;
//! `export` reads a server's JSON export as a run does, each lichess game
//! straight into its record.
//!
//! ```text
//! cargo run --release --example reading -- FILE ours|split|split-ahead|pgn-reader|export
//! ```
//! Prints `games tokens` when done.

use std::io::Read;
use std::ops::ControlFlow;

use pgn_arbiter::read::ahead::Ahead;
use pgn_arbiter::read::export::{JsonSplitter, game_record};
use pgn_arbiter::read::input::{Format, JsonLayout, Source, decompress};
use pgn_arbiter::read::parse::parse_game;
use pgn_arbiter::read::split::Splitter;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};

/// Counts what pgn-reader hands over, looking at each piece as a reader
/// of tags and comments must.
struct Counter;

impl Visitor for Counter {
    type Tags = u64;
    type Movetext = u64;
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<u64, u64> {
        ControlFlow::Continue(0)
    }

    fn tag(&mut self, tags: &mut u64, _name: &[u8], value: RawTag<'_>) -> ControlFlow<u64> {
        *tags += value.decode().len() as u64 & 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: u64) -> ControlFlow<u64, u64> {
        ControlFlow::Continue(tags)
    }

    fn san(&mut self, tokens: &mut u64, _san: SanPlus) -> ControlFlow<u64> {
        *tokens += 1;
        ControlFlow::Continue(())
    }

    fn comment(&mut self, tokens: &mut u64, comment: RawComment<'_>) -> ControlFlow<u64> {
        *tokens += comment.as_bytes().len() as u64 & 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, tokens: u64) -> u64 {
        tokens
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: reading FILE ours|split|split-ahead|pgn-reader|export");
    let which = args.next().unwrap_or_else(|| "ours".into());
    let (stream, format) = decompress(Source::File(path.into()).open_raw().unwrap()).unwrap();
    let (games, tokens) = match which.as_str() {
        "ours" => ours(stream, true),
        "split" => ours(stream, false),
        "split-ahead" => ours(Box::new(Ahead::new(stream).unwrap()), false),
        "pgn-reader" => theirs(stream),
        "export" => match format {
            Format::Json(layout) => export(stream, layout),
            Format::Pgn => panic!("not a server's JSON export"),
        },
        other => panic!("`{other}`: say ours, split, split-ahead, pgn-reader or export"),
    };
    println!("{games} {tokens}");
}

/// The split into blocks of games, then (with `parse`) every game parsed.
fn ours(stream: Box<dyn Read + Send>, parse: bool) -> (u64, u64) {
    let mut splitter = Splitter::new(stream, 512 * 1024);
    let (mut games, mut tokens) = (0, 0);
    while let Some(block) = splitter.next_block().unwrap() {
        for slice in &block.games {
            games += 1;
            if parse {
                tokens += parse_game(&block.data[slice.bytes.clone()]).moves.len() as u64;
            }
        }
    }
    (games, tokens)
}

/// A JSON export cut into games, each read into its record: straight from
/// the JSON where it can be, else from the PGN written for it.
fn export(stream: Box<dyn Read + Send>, layout: JsonLayout) -> (u64, u64) {
    let mut splitter = JsonSplitter::with_limit(stream, layout, 512 * 1024, 64 << 20);
    let (mut games, mut tokens) = (0, 0);
    while let Some(block) = splitter.next_block().unwrap() {
        for slice in &block.games {
            games += 1;
            let json = &block.data[slice.bytes.clone()];
            tokens += match game_record(json) {
                Ok(record) => record.moves.len(),
                Err(text) => parse_game(&text.pgn).moves.len(),
            } as u64;
        }
    }
    (games, tokens)
}

fn theirs(stream: Box<dyn Read + Send>) -> (u64, u64) {
    let mut reader = Reader::new(stream);
    let (mut games, mut tokens) = (0, 0);
    while let Ok(Some(n)) = reader.read_game(&mut Counter) {
        games += 1;
        tokens += n;
    }
    (games, tokens)
}
