//! A lichess game object (`/api/games/user`, `/api/games/export/_ids`, a
//! tournament's or a broadcast's games, `/game/export/{id}` as JSON)
//! written as lichess writes its PGN: the same tags, `%clk` readings from
//! `clocks` (to the hundredth, where lichess's PGN rounds to the second),
//! and the `status` in a `LichessStatus` tag. A game exported with
//! `pgnInJson` is read from its own PGN, the status added.

use std::borrow::Cow;

use super::object::{GameObject, text};
use super::pgn_text::{TagSection, clock, push_number, utc, with_tags};
use super::{GameText, LICHESS_STATUS, LICHESS_WINNER};
use crate::read::ending::server_code::lichess_termination;

pub(super) fn game_text(game: &GameObject) -> GameText {
    let status = game.status();
    let refused = match game.variant() {
        None | Some("standard" | "chess960" | "fromPosition") => None,
        Some(other) => Some(format!(
            "a {other} game (lichess's variant `{other}`): only chess and Chess960 are judged"
        )),
    };
    if let Some(pgn) = text(&game.pgn) {
        let mut tags = TagSection::default();
        tags.tag_if(LICHESS_STATUS, status)
            .tag_if(LICHESS_WINNER, text(&game.winner));
        let pgn = with_tags(pgn, &tags.into_string()).into_bytes();
        return GameText {
            pgn,
            problem: refused,
        };
    }
    let problem = refused.or_else(|| {
        game.moves.is_none().then(|| {
            "the lichess game has neither `moves` nor `pgn` (export it with moves=true)".into()
        })
    });
    let mut pgn = tag_section(game, expected_size(game));
    pgn.push('\n');
    movetext(game, &mut pgn);
    pgn.push('\n');
    GameText {
        pgn: pgn.into_bytes(),
        problem,
    }
}

/// The result lichess writes: a finished game's winner or a draw; `*` for
/// a game created, started or aborted.
fn result(game: &GameObject) -> &'static str {
    let finished = !matches!(
        game.status(),
        None | Some("created" | "started" | "aborted")
    );
    match (finished, text(&game.winner)) {
        (false, _) => "*",
        (true, Some("white")) => "1-0",
        (true, Some("black")) => "0-1",
        (true, _) => "1/2-1/2",
    }
}

/// About the bytes the game's PGN takes: a tag section, each move's SAN
/// and number, each clock's comment.
fn expected_size(game: &GameObject) -> usize {
    let moves = text(&game.moves).map_or(0, str::len);
    let clocks = game.clocks.as_ref().map_or(0, Vec::len);
    768 + moves * 2 + clocks * 20
}

fn tag_section(game: &GameObject, capacity: usize) -> String {
    let id = text(&game.id).unwrap_or("?");
    let (date, time) = game
        .created_at
        .map(utc)
        .unwrap_or_else(|| ("????.??.??".into(), "??:??:??".into()));
    let mut tags = TagSection::with_capacity(capacity);
    tags.tag("Event", &event(game))
        .tag("Site", &format!("https://lichess.org/{id}"))
        .tag("GameId", id)
        .tag("Date", &date)
        .tag("Round", "-")
        .tag("White", &player(game, true))
        .tag("Black", &player(game, false))
        .tag("Result", result(game))
        .tag("UTCDate", &date)
        .tag("UTCTime", &time);
    ratings(game, &mut tags);
    let named = match game.variant() {
        Some("chess960") => "Chess960",
        Some("fromPosition") => "From Position",
        _ => "Standard",
    };
    let opening = game.opening.as_ref();
    tags.tag("Variant", named)
        .tag("TimeControl", &time_control(game))
        .tag_if("ECO", opening.and_then(|o| text(&o.eco)))
        .tag_if("Opening", opening.and_then(|o| text(&o.name)))
        .tag_if("Termination", game.status().and_then(lichess_termination))
        .tag_if(LICHESS_STATUS, game.status())
        .tag_if(LICHESS_WINNER, text(&game.winner));
    if let Some(fen) = text(&game.initial_fen).filter(|_| named != "Standard") {
        tags.tag("FEN", fen).tag("SetUp", "1");
    }
    tags.into_string()
}

/// `Rated Blitz game`, or the tournament's address.
fn event(game: &GameObject) -> String {
    let rated = match game.rated {
        Some(true) => "Rated",
        _ => "Casual",
    };
    let speed = text(&game.perf).or_else(|| text(&game.speed));
    let speed = speed.map_or_else(String::new, |s| {
        let mut chars = s.chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().collect::<String>() + chars.as_str()
        })
    });
    match (text(&game.tournament), text(&game.swiss)) {
        (Some(id), _) => format!("{rated} {speed} tournament https://lichess.org/tournament/{id}"),
        (_, Some(id)) => format!("{rated} {speed} tournament https://lichess.org/swiss/{id}"),
        _ => format!("{rated} {speed} game"),
    }
}

/// A player's name: a user's, lichess's AI by level, else anonymous.
fn player<'g>(game: &'g GameObject, white: bool) -> Cow<'g, str> {
    let Some(player) = game.lichess_player(white) else {
        return Cow::Borrowed("Anonymous");
    };
    if let Some(name) = player.user.as_ref().and_then(|u| text(&u.name)) {
        return Cow::Borrowed(name);
    }
    if let Some(level) = player.ai_level {
        return Cow::Owned(format!("lichess AI level {level}"));
    }
    Cow::Borrowed(text(&player.name).unwrap_or("Anonymous"))
}

fn ratings(game: &GameObject, tags: &mut TagSection) {
    const SIDES: [(bool, [&str; 3]); 2] = [
        (true, ["WhiteElo", "WhiteRatingDiff", "WhiteTitle"]),
        (false, ["BlackElo", "BlackRatingDiff", "BlackTitle"]),
    ];
    for (white, [elo_tag, diff_tag, title_tag]) in SIDES {
        let player = game.lichess_player(white);
        let mut number = String::new();
        match player.and_then(|p| p.rating) {
            Some(elo) => push_number(&mut number, elo),
            None => number.push('?'),
        }
        tags.tag(elo_tag, &number);
        if let Some(diff) = player.and_then(|p| p.rating_diff) {
            number.clear();
            if diff >= 0 {
                number.push('+');
            }
            push_number(&mut number, diff);
            tags.tag(diff_tag, &number);
        }
        let title = player.and_then(|p| p.user.as_ref()?.title.as_ref());
        tags.tag_if(title_tag, title.map(|t| &**t));
    }
}

/// `300+3`; a correspondence game's days a move as a daily control
/// (`1/172800`); `-` for an untimed game.
fn time_control(game: &GameObject) -> String {
    let mut control = String::new();
    if let Some((initial, increment)) = game
        .clock
        .as_ref()
        .and_then(|c| Some((c.initial?, c.increment?)))
    {
        push_number(&mut control, initial);
        control.push('+');
        push_number(&mut control, increment);
    } else if let Some(days) = game.days_per_turn {
        control.push_str("1/");
        push_number(&mut control, days.saturating_mul(86_400));
    } else {
        control.push('-');
    }
    control
}

/// The moves numbered, each with the clock lichess reads after it: the
/// `clocks` entry of its index (less one where Black moved first, as
/// lichess's own PGN does). An entry past the last move (the clock of the
/// player to move when the game ended) is no move's and is left out, as
/// lichess leaves it out.
fn movetext(game: &GameObject, out: &mut String) {
    let moves = text(&game.moves).unwrap_or_default();
    let clocks = game.clocks.as_deref().unwrap_or_default();
    let fen = text(&game.initial_fen).unwrap_or_default();
    let mut fields = fen.split_whitespace().skip(1);
    let black_first = fields.next() == Some("b");
    let mut number: u64 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    for (i, san) in moves.split_ascii_whitespace().enumerate() {
        let white = (i % 2 == 0) != black_first;
        if white || i == 0 {
            push_number(out, number);
            out.push_str(if white { ". " } else { "... " });
        }
        out.push_str(san);
        out.push(' ');
        let at = i.checked_sub(usize::from(black_first));
        if let Some(centis) = at.and_then(|at| clocks.get(at)) {
            out.push_str("{ [%clk ");
            clock(*centis, out);
            out.push_str("] } ");
        }
        if !white {
            number += 1;
        }
    }
    out.push_str(result(game));
}
