//! A lichess game object (`/api/games/user`, `/api/games/export/_ids`, a
//! tournament's or a broadcast's games, `/game/export/{id}` as JSON)
//! written as lichess writes its PGN: the same tags, `%clk` readings from
//! `clocks` (to the hundredth, where lichess's PGN rounds to the second),
//! and the `status` in a `LichessStatus` tag. A game exported with
//! `pgnInJson` is read from its own PGN, the status added.

use std::fmt::Write;

use serde_json::Value;

use super::pgn_text::{TagSection, clock, utc, with_tags};
use super::{GameText, LICHESS_STATUS, LICHESS_WINNER, text};
use crate::read::ending::server_code::lichess_termination;

pub(super) fn game_text(game: &Value) -> GameText {
    let status = status(game);
    let variant = variant(game);
    let refused = match variant.as_deref() {
        None | Some("standard" | "chess960" | "fromPosition") => None,
        Some(other) => Some(format!(
            "a {other} game (lichess's variant `{other}`): only chess and Chess960 are judged"
        )),
    };
    if let Some(pgn) = text(game, "/pgn") {
        let mut tags = TagSection::default();
        tags.tag_if(LICHESS_STATUS, status.as_deref())
            .tag_if(LICHESS_WINNER, text(game, "/winner"));
        let pgn = with_tags(pgn, &tags.into_string()).into_bytes();
        return GameText {
            pgn,
            problem: refused,
        };
    }
    let head = tag_section(game, status.as_deref(), variant.as_deref());
    let moves = text(game, "/moves").unwrap_or_default();
    let problem = refused.or_else(|| {
        (moves.is_empty() && game.get("moves").is_none()).then(|| {
            "the lichess game has neither `moves` nor `pgn` (export it with moves=true)".into()
        })
    });
    let movetext = movetext(game, moves, &result(game, status.as_deref()));
    GameText {
        pgn: format!("{head}\n{movetext}\n").into_bytes(),
        problem,
    }
}

/// `status` as the export writes it: a name, or (in older exports and
/// the board API) an object with one.
fn status(game: &Value) -> Option<String> {
    named(game, "status", "/name")
}

fn variant(game: &Value) -> Option<String> {
    named(game, "variant", "/key")
}

/// A field that is a name, or an object holding it at `inner`.
fn named(game: &Value, field: &str, inner: &str) -> Option<String> {
    let value = game.get(field)?;
    value
        .as_str()
        .or_else(|| text(value, inner))
        .map(str::to_string)
}

/// The result lichess writes: a finished game's winner or a draw; `*` for
/// a game created, started or aborted.
fn result(game: &Value, status: Option<&str>) -> String {
    let finished = !matches!(status, None | Some("created" | "started" | "aborted"));
    match (finished, text(game, "/winner")) {
        (false, _) => "*",
        (true, Some("white")) => "1-0",
        (true, Some("black")) => "0-1",
        (true, _) => "1/2-1/2",
    }
    .to_string()
}

fn tag_section(game: &Value, status: Option<&str>, variant: Option<&str>) -> String {
    let id = text(game, "/id").unwrap_or("?");
    let (date, time) = game
        .get("createdAt")
        .and_then(Value::as_i64)
        .map(utc)
        .unwrap_or_else(|| ("????.??.??".into(), "??:??:??".into()));
    let mut tags = TagSection::default();
    tags.tag("Event", &event(game))
        .tag("Site", &format!("https://lichess.org/{id}"))
        .tag("GameId", id)
        .tag("Date", &date)
        .tag("Round", "-")
        .tag("White", &player(game, "white"))
        .tag("Black", &player(game, "black"))
        .tag("Result", &result(game, status))
        .tag("UTCDate", &date)
        .tag("UTCTime", &time);
    ratings(game, &mut tags);
    let named = match variant {
        Some("chess960") => "Chess960",
        Some("fromPosition") => "From Position",
        _ => "Standard",
    };
    tags.tag("Variant", named)
        .tag("TimeControl", &time_control(game))
        .tag_if("ECO", text(game, "/opening/eco"))
        .tag_if("Opening", text(game, "/opening/name"))
        .tag_if("Termination", status.and_then(lichess_termination))
        .tag_if(LICHESS_STATUS, status)
        .tag_if(LICHESS_WINNER, text(game, "/winner"));
    if let Some(fen) = text(game, "/initialFen").filter(|_| named != "Standard") {
        tags.tag("FEN", fen).tag("SetUp", "1");
    }
    tags.into_string()
}

/// `Rated Blitz game`, or the tournament's address.
fn event(game: &Value) -> String {
    let rated = match game.get("rated").and_then(Value::as_bool) {
        Some(true) => "Rated",
        _ => "Casual",
    };
    let speed = text(game, "/perf").or_else(|| text(game, "/speed"));
    let speed = speed.map_or_else(String::new, |s| {
        let mut chars = s.chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().collect::<String>() + chars.as_str()
        })
    });
    match (text(game, "/tournament"), text(game, "/swiss")) {
        (Some(id), _) => format!("{rated} {speed} tournament https://lichess.org/tournament/{id}"),
        (_, Some(id)) => format!("{rated} {speed} tournament https://lichess.org/swiss/{id}"),
        _ => format!("{rated} {speed} game"),
    }
}

/// A player's name: a user's, lichess's AI by level, else anonymous.
fn player(game: &Value, side: &str) -> String {
    let player = game.get("players").and_then(|p| p.get(side));
    let field = |p: &str| player.and_then(|v| v.pointer(p));
    if let Some(name) = field("/user/name").and_then(Value::as_str) {
        return name.to_string();
    }
    if let Some(level) = field("/aiLevel").and_then(Value::as_u64) {
        return format!("lichess AI level {level}");
    }
    field("/name")
        .and_then(Value::as_str)
        .unwrap_or("Anonymous")
        .to_string()
}

fn ratings(game: &Value, tags: &mut TagSection) {
    const SIDES: [(&str, [&str; 3]); 2] = [
        ("white", ["WhiteElo", "WhiteRatingDiff", "WhiteTitle"]),
        ("black", ["BlackElo", "BlackRatingDiff", "BlackTitle"]),
    ];
    for (side, [elo_tag, diff_tag, title_tag]) in SIDES {
        let of_side = game.get("players").and_then(|p| p.get(side));
        let player = |p: &str| of_side.and_then(|v| v.pointer(p));
        let elo = player("/rating").and_then(Value::as_i64);
        tags.tag(elo_tag, &elo.map_or("?".into(), |r| r.to_string()));
        if let Some(diff) = player("/ratingDiff").and_then(Value::as_i64) {
            tags.tag(diff_tag, &format!("{diff:+}"));
        }
        tags.tag_if(title_tag, player("/user/title").and_then(Value::as_str));
    }
}

/// `300+3`; a correspondence game's days a move as a daily control
/// (`1/172800`); `-` for an untimed game.
fn time_control(game: &Value) -> String {
    let field = |p: &str| game.pointer(p).and_then(Value::as_u64);
    if let (Some(initial), Some(increment)) = (field("/clock/initial"), field("/clock/increment")) {
        return format!("{initial}+{increment}");
    }
    match field("/daysPerTurn") {
        Some(days) => format!("1/{}", days * 86_400),
        None => "-".into(),
    }
}

/// The moves numbered, each with the clock lichess reads after it: the
/// `clocks` entry of its index (less one where Black moved first, as
/// lichess's own PGN does). An entry past the last move (the clock of the
/// player to move when the game ended) is no move's and is left out, as
/// lichess leaves it out.
fn movetext(game: &Value, moves: &str, result: &str) -> String {
    let clocks: Vec<u64> = game
        .get("clocks")
        .and_then(Value::as_array)
        .map(|c| c.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let fen = text(game, "/initialFen").unwrap_or_default();
    let mut fields = fen.split_whitespace().skip(1);
    let black_first = fields.next() == Some("b");
    let mut number: u64 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut out = String::with_capacity(moves.len() * 2 + clocks.len() * 24);
    for (i, san) in moves.split_whitespace().enumerate() {
        let white = (i % 2 == 0) != black_first;
        if white {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        out.push_str(san);
        out.push(' ');
        let at = i.checked_sub(usize::from(black_first));
        if let Some(centis) = at.and_then(|at| clocks.get(at)) {
            out.push_str("{ [%clk ");
            clock(*centis, &mut out);
            out.push_str("] } ");
        }
        if !white {
            number += 1;
        }
    }
    out.push_str(result);
    out
}
