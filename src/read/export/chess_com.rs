//! A game of chess.com's Published-Data API (a player's month,
//! `/pub/player/{name}/games/{YYYY}/{MM}`): the PGN chess.com wrote for it
//! (its `pgn` field), each side's `result` code added in a tag of its own;
//! a game without one is written from its `tcn` move list.

use super::object::{ChessComPlayer, GameObject, text};
use super::pgn_text::{TagSection, push_number, utc_date, with_tags};
use super::{CHESS_COM_RESULTS, GameText, tcn};
use crate::read::ending::server_code::chess_com_result;

/// The standard starting position, as chess.com writes `initial_setup`.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(super) fn game_text(game: &GameObject) -> GameText {
    let mut tags = TagSection::default();
    for (side, tag) in [&game.white, &game.black]
        .into_iter()
        .zip(CHESS_COM_RESULTS)
    {
        tags.tag_if(tag, side.as_ref().and_then(|s| text(&s.result)));
    }
    let rules = text(&game.rules).unwrap_or("chess");
    let refused = match rules {
        "chess" | "chess960" => None,
        other => Some(format!(
            "a {other} game (chess.com's rules `{other}`): only chess and Chess960 are judged"
        )),
    };
    let Some(pgn) = text(&game.pgn) else {
        return from_tcn(game, tags, refused);
    };
    let has = |tag: &str| pgn.contains(&format!("[{tag} "));
    if !has("Link") {
        tags.tag_if("Link", text(&game.url));
    }
    if let Some(setup) = text(&game.initial_setup).filter(|s| *s != START && !has("FEN")) {
        tags.tag("SetUp", "1").tag("FEN", setup);
    }
    if !has("TimeControl") {
        tags.tag_if("TimeControl", text(&game.time_control));
    }
    GameText {
        pgn: with_tags(pgn, &tags.into_string()).into_bytes(),
        problem: refused,
    }
}

/// A game without its PGN, written from its `tcn` (standard chess only: how
/// its castling is written in Chess960 is not known here).
fn from_tcn(game: &GameObject, codes: TagSection, refused: Option<String>) -> GameText {
    let setup = text(&game.initial_setup).filter(|s| *s != START);
    let head = head_without_pgn(game, codes, setup);
    let moves = match (refused, text(&game.tcn), text(&game.rules)) {
        (Some(refused), _, _) => Err(refused),
        (None, None, _) => Err("the chess.com game has neither `pgn` nor `tcn`".to_string()),
        (None, Some(_), Some("chess960")) => Err(
            "a Chess960 game of chess.com without `pgn`: how its `tcn` writes castling is not \
             known here"
                .to_string(),
        ),
        (None, Some(moves), _) => tcn::movetext(moves, setup),
    };
    match moves {
        Ok(moves) => GameText {
            pgn: format!("{head}\n{moves} {}\n", result(game)).into_bytes(),
            problem: None,
        },
        Err(why) => GameText::refused(head.into_bytes(), why),
    }
}

/// The tags a game without its PGN has: who played, where, when it ended,
/// the result its codes give, and its set-up.
fn head_without_pgn(game: &GameObject, codes: TagSection, setup: Option<&str>) -> String {
    let mut tags = TagSection::default();
    tags.tag("Site", "Chess.com")
        .tag_if("White", username(&game.white))
        .tag_if("Black", username(&game.black))
        .tag("Result", result(game));
    for (side, tag) in [(&game.white, "WhiteElo"), (&game.black, "BlackElo")] {
        if let Some(rating) = side.as_ref().and_then(|s| s.rating) {
            let mut number = String::new();
            push_number(&mut number, rating);
            tags.tag(tag, &number);
        }
    }
    // chess.com's own tag for the day a game ended: when it began is not
    // in the object (a daily game spans days).
    if let Some(end) = game.end_time {
        tags.tag("EndDate", &utc_date(end.saturating_mul(1000)));
    }
    tags.tag_if("TimeControl", text(&game.time_control))
        .tag_if("Link", text(&game.url));
    if let Some(fen) = setup {
        tags.tag("SetUp", "1").tag("FEN", fen);
    }
    tags.into_string() + &codes.into_string()
}

/// The result the two sides' codes give (the table of
/// [`crate::read::ending::server_code`]); `*` where they give none.
fn result(game: &GameObject) -> &'static str {
    let (white, black) = (code(&game.white), code(&game.black));
    chess_com_result(white.unwrap_or_default(), black.unwrap_or_default())
}

fn username<'g>(side: &'g Option<ChessComPlayer>) -> Option<&'g str> {
    side.as_ref().and_then(|s| text(&s.username))
}

fn code<'g>(side: &'g Option<ChessComPlayer>) -> Option<&'g str> {
    side.as_ref().and_then(|s| text(&s.result))
}
