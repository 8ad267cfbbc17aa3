//! A game of chess.com's Published-Data API (a player's month,
//! `/pub/player/{name}/games/{YYYY}/{MM}`): the PGN chess.com wrote for it
//! (its `pgn` field), each side's `result` code added in a tag of its own.

use super::object::{ChessComPlayer, GameObject, text};
use super::pgn_text::{TagSection, with_tags};
use super::{CHESS_COM_RESULTS, GameText};

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
        return GameText::refused(
            head_without_pgn(game, tags).into_bytes(),
            refused.unwrap_or_else(|| {
                "the chess.com game has no `pgn` field (its moves only in chess.com's `tcn` \
                 code, which is not read)"
                    .into()
            }),
        );
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

/// The tags a game without its PGN still has: who played, where, when.
fn head_without_pgn(game: &GameObject, codes: TagSection) -> String {
    let mut tags = TagSection::default();
    tags.tag("Site", "Chess.com")
        .tag_if("White", username(&game.white))
        .tag_if("Black", username(&game.black))
        .tag_if("TimeControl", text(&game.time_control))
        .tag_if("Link", text(&game.url));
    tags.into_string() + &codes.into_string()
}

fn username<'g>(side: &'g Option<ChessComPlayer>) -> Option<&'g str> {
    side.as_ref().and_then(|s| text(&s.username))
}
