//! Server exports as they come: lichess's game export (NDJSON, one game a
//! line, or one game object) and chess.com's monthly archive
//! (`{"games": [ … ]}`), detected from the content, never the name.
//!
//! The reader thread only cuts the export into one JSON object a game
//! ([`JsonSplitter`]); a worker writes each object as the PGN its server
//! would write ([`game_text`]) and the audit reads that, so that every door
//! (the run, `explain`, the corrected PGN, shards, Python) reads a game of
//! an export as it reads a PGN game. A lichess game without a PGN of its
//! own is read straight into the record that PGN would give
//! ([`game_record`]), where nothing asks for its text: writing and reading
//! the PGN back cost a game more than reading it as PGN does. An object
//! is read by hand where it is plain (`plain`: no escape, the fields of
//! the types they are read as), else by serde_json, which reads it alike
//! and says why it cannot be read. The
//! server's own ending codes go into tags of their own (`LichessStatus`,
//! `LichessWinner`, `ChessComWhiteResult`, `ChessComBlackResult`), which
//! [`crate::read::ending`] reads as the most exact statement of the ending
//! the record holds.
//!
//! ```
//! use pgn_arbiter::read::export::game_text;
//! let json = br#"{"id":"TJxUmbWK","rated":true,"variant":"standard","speed":"rapid",
//!   "createdAt":1504125627542,"status":"outoftime","winner":"white",
//!   "players":{"white":{"user":{"name":"arex"}},"black":{"user":{"name":"JERC"}}},
//!   "moves":"e4 e5","clocks":[60003,60003,0],"clock":{"initial":600,"increment":0}}"#;
//! let text = game_text(json);
//! assert!(text.problem.is_none());
//! let pgn = String::from_utf8(text.pgn).unwrap();
//! assert!(pgn.contains("[Site \"https://lichess.org/TJxUmbWK\"]"));
//! assert!(pgn.contains("[Termination \"Time forfeit\"]\n[LichessStatus \"outoftime\"]\n[LichessWinner \"white\"]"));
//! assert!(pgn.ends_with("1. e4 { [%clk 0:10:00.03] } e5 { [%clk 0:10:00.03] } 1-0\n"));
//! ```

use crate::read::parse::GameRecord;
use object::GameObject;
pub use scan::JsonSplitter;

mod chess_com;
mod lichess;
mod object;
mod pgn_text;
mod plain;
pub(crate) mod repair;
pub mod scan;
mod tag_sink;
mod tcn;

/// The tags a lichess game's `status` and `winner` are written to.
pub const LICHESS_STATUS: &str = "LichessStatus";
pub const LICHESS_WINNER: &str = "LichessWinner";
/// The tags chess.com's `white.result` and `black.result` are written to.
pub const CHESS_COM_RESULTS: [&str; 2] = ["ChessComWhiteResult", "ChessComBlackResult"];

/// A game of an export written as PGN, and why it cannot be judged, if it
/// cannot (a variant, no moves, JSON that does not parse): its tags are
/// still written, so that its row names the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    pub pgn: Vec<u8>,
    pub problem: Option<String>,
}

impl GameText {
    fn refused(pgn: Vec<u8>, problem: String) -> GameText {
        GameText {
            pgn,
            problem: Some(problem),
        }
    }
}

/// One game object of an export, written as PGN.
pub fn game_text(json: &[u8]) -> GameText {
    match object(json) {
        Ok(game) => text_of(&game),
        Err(refused) => match repaired(json) {
            Some(clean) => object(clean.as_bytes()).map_or(refused, |game| text_of(&game)),
            None => refused,
        },
    }
}

/// Valid JSON that the typed reading refuses, as every JSON reader reads
/// it: a field given twice is its last (python's and serde_json's `Value`),
/// a lone surrogate escape is U+FFFD (python keeps the lone code point,
/// which no text holds). `None` where it is not JSON, or holds neither.
fn repaired(json: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(json).ok()?;
    let text = repair::lone_surrogates(text);
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    serde_json::to_string(&value).ok()
}

/// One game object of an export read straight into the record the audit
/// would read from its [`game_text`], where that can be done without
/// writing the text: a lichess game without a PGN of its own, judged (no
/// variant), its tags and moves as the PGN reader would read them. Any
/// other object is written as [`game_text`] writes it, from the one reading
/// of its JSON.
///
/// ```
/// use pgn_arbiter::read::export::game_record;
/// let json = br#"{"id":"TJxUmbWK","variant":"standard","status":"outoftime","winner":"white",
///   "moves":"e4 e5","clocks":[60003,60003,0],"clock":{"initial":600,"increment":0}}"#;
/// let record = game_record(json).unwrap();
/// assert_eq!(record.tags.lichess_status.as_deref(), Some("outoftime"));
/// assert_eq!(record.token(&record.moves[1]), b"e5");
/// assert_eq!(record.moves[1].clock.map(|c| c.millis()), Some(600_030));
/// ```
pub fn game_record(json: &[u8]) -> Result<GameRecord<'_>, GameText> {
    let game = object(json).map_err(|_| game_text(json))?;
    if Server::of(&game) == Some(Server::Lichess)
        && let Some(record) = lichess::record(&game, json)
    {
        return Ok(record);
    }
    Err(text_of(&game))
}

/// The object's fields: read by hand where it is plain (`plain`), else by
/// serde_json, which also says why it cannot be read.
fn object(json: &[u8]) -> Result<GameObject<'_>, GameText> {
    match plain::read(json) {
        Some(game) => Ok(game),
        None => deserialized(json),
    }
}

/// The object's fields, or why it cannot be read (as a [`GameText`] with
/// no text).
fn deserialized(json: &[u8]) -> Result<GameObject<'_>, GameText> {
    // Checked as UTF-8 once, so that each string is not checked again.
    let Ok(json) = std::str::from_utf8(json) else {
        return Err(GameText::refused(
            Vec::new(),
            "the game's JSON is not UTF-8".into(),
        ));
    };
    serde_json::from_str(json).map_err(|e| {
        let why = match e.is_data() {
            true => format!("a field of the game's JSON is not as its server writes it: {e}"),
            false => format!("the game's JSON does not parse: {e}"),
        };
        GameText::refused(Vec::new(), why)
    })
}

/// A game object written as the PGN its server writes.
fn text_of(game: &GameObject) -> GameText {
    match Server::of(game) {
        Some(Server::Lichess) => lichess::game_text(game),
        Some(Server::ChessCom) => chess_com::game_text(game),
        None => GameText::refused(
            Vec::new(),
            "a JSON object that is neither a lichess game (`id`, `status`, `moves` or `pgn`) \
             nor a chess.com game (`url`, `white.result`)"
                .into(),
        ),
    }
}

/// Whose export a game object is, from its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Server {
    Lichess,
    ChessCom,
}

impl Server {
    fn of(game: &GameObject) -> Option<Server> {
        let lichess = game.status.is_some()
            && game.id.is_some()
            && (game.moves.is_some() || game.pgn.is_some() || game.players.is_some());
        let chess_com = game.white.as_ref().is_some_and(|w| w.result.is_some())
            && (game.url.is_some() || game.pgn.is_some());
        match (lichess, chess_com) {
            (true, _) => Some(Server::Lichess),
            (false, true) => Some(Server::ChessCom),
            (false, false) => None,
        }
    }
}

#[cfg(test)]
mod tests;
