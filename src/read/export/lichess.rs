//! A lichess game object (`/api/games/user`, `/api/games/export/_ids`, a
//! tournament's or a broadcast's games, `/game/export/{id}` as JSON)
//! written as lichess writes its PGN: the same tags, `%clk` readings from
//! `clocks` (to the hundredth, where lichess's PGN rounds to the second),
//! and the `status` in a `LichessStatus` tag. A game exported with
//! `pgnInJson` is read from its own PGN, the status added; one without is
//! also read straight into the record that PGN gives ([`record`]), its
//! tags from the one list both take ([`each_tag`]), its moves numbered and
//! clocked by the same [`Order`].

use std::borrow::Cow;

use super::object::{GameObject, Str, borrowed, reborrow, text};
use super::pgn_text::{TagSection, clock, push_number, utc_date, utc_time, with_tags};
use super::tag_sink::{KeptTags, TagSink};
use super::{GameText, LICHESS_STATUS, LICHESS_WINNER};
use crate::model::clock::Clock;
use crate::model::outcome::GameResult;
use crate::read::bytes::token_end;
use crate::read::ending::server_code::lichess_termination;
use crate::read::parse::{GameRecord, MoveToken, read_control};

pub(super) fn game_text(game: &GameObject) -> GameText {
    let refused = refusal(game);
    if let Some(pgn) = text(&game.pgn) {
        let mut tags = TagSection::default();
        tags.tag_if(LICHESS_STATUS, game.status())
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
    let mut tags = TagSection::with_capacity(expected_size(game));
    each_tag(game, &mut tags);
    let mut pgn = tags.into_string();
    pgn.push('\n');
    movetext(game, &mut pgn);
    pgn.push('\n');
    GameText {
        pgn: pgn.into_bytes(),
        problem,
    }
}

/// The game read straight into the record the audit reads, as it would
/// read the PGN [`game_text`] writes (the moves found where they stand in
/// `json`, the game's own text), without writing that PGN and reading it
/// back. `None` where that PGN must be written: the game has a PGN of its
/// own, a variant or no moves, a tag value with a character PGN escapes, a
/// move the PGN reader would not read as one plain move.
pub(super) fn record<'a>(game: &GameObject<'a>, json: &'a [u8]) -> Option<GameRecord<'a>> {
    if game.pgn.is_some() || refusal(game).is_some() {
        return None;
    }
    let Some(Str(Cow::Borrowed(moves))) = &game.moves else {
        return None;
    };
    let mut tags = KeptTags::default();
    each_tag(game, &mut tags);
    let (moves, clocks_written) = read_moves(game, json, moves)?;
    let mut record = GameRecord {
        bytes: json,
        tags: tags.into_tags()?,
        moves,
        first_line: 1,
        result_token: GameResult::parse(result(game)),
        ..GameRecord::default()
    };
    record.layout.other_clocks = clocks_written;
    read_control(&mut record);
    Some(record)
}

/// The moves as the PGN reader reads them from [`movetext`], found in
/// `moves` (the game's `moves`, borrowed from `json`), and how many clocks
/// that movetext writes; `None` unless every move is a plain one: a letter,
/// then letters, digits and `=+#-` (`e4`, `exd8=Q+`, `O-O-O`), and not
/// `ep`, which the reader takes for an annotation.
fn read_moves(game: &GameObject, json: &[u8], moves: &str) -> Option<(Vec<MoveToken>, u32)> {
    // Checked once for the whole string, where it can be done a vector at a
    // time. Only a space can part two moves in a string borrowed from JSON,
    // which escapes every other white space.
    let plain_or_space = moves.bytes().fold(true, |plain, b| {
        plain & (b.is_ascii_alphanumeric() | matches!(b, b'=' | b'+' | b'#' | b'-' | b' '))
    });
    let base = offset_in(json, moves).filter(|_| plain_or_space)?;
    let (order, clocks) = (Order::of(game), game.clocks());
    let bytes = moves.as_bytes();
    // A SAN and the space after it take four or five bytes.
    let mut read = Vec::with_capacity(bytes.len() / 4 + 1);
    let mut clocks_written = 0;
    // The words between spaces, as `split_ascii_whitespace` would give them
    // (the only white space here), each word's end found as the PGN reader
    // finds a move's, eight bytes at a time (`token_end`): a loop a byte
    // missed a branch at the end of each move.
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        i = token_end(bytes, start);
        // One branch, seldom taken: a move's length is no guide.
        let ep = (i - start == 2) & (bytes[start] == b'e') & (bytes.get(start + 1) == Some(&b'p'));
        if !bytes[start].is_ascii_alphabetic() | ep {
            return None;
        }
        let centis = order.clock_after(clocks, read.len());
        clocks_written += u32::from(centis.is_some());
        read.push(MoveToken {
            span: (base + start) as u32..(base + i) as u32,
            clock: centis.and_then(Clock::of_centis),
            emt: None,
        });
    }
    Some((read, clocks_written))
}

/// The name lichess's PGN gives a variant (its `Variant` tag), so that a
/// game copied out is read again as the variant it is.
fn variant_name(key: Option<&str>) -> Cow<'static, str> {
    Cow::Borrowed(match key {
        None | Some("standard") => "Standard",
        Some("chess960") => "Chess960",
        Some("fromPosition") => "From Position",
        Some("crazyhouse") => "Crazyhouse",
        Some("antichess") => "Antichess",
        Some("atomic") => "Atomic",
        Some("horde") => "Horde",
        Some("kingOfTheHill") => "King of the Hill",
        Some("racingKings") => "Racing Kings",
        Some("threeCheck") => "Three-check",
        Some(other) => return Cow::Owned(other.to_string()),
    })
}

/// Why a game is not judged: a variant other than chess and Chess960.
fn refusal(game: &GameObject) -> Option<String> {
    match game.variant() {
        None | Some("standard" | "chess960" | "fromPosition") => None,
        Some(other) => Some(format!(
            "a {other} game (lichess's variant `{other}`): only chess and Chess960 are judged"
        )),
    }
}

/// Where `part`, a slice of `whole`, begins in it, where every offset
/// within it fits a move token's span (a `u32`).
fn offset_in(whole: &[u8], part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let end = start + part.len();
    (end <= whole.len() && u32::try_from(end).is_ok()).then_some(start)
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
    let clocks = game.clocks().len();
    768 + moves * 2 + clocks * 20
}

/// Each tag lichess writes for the game, in its order.
fn each_tag<'a>(game: &GameObject<'a>, out: &mut impl TagSink<'a>) {
    let id = borrowed(&game.id).unwrap_or(Cow::Borrowed("?"));
    let created = game.created_at;
    let date = || Cow::Owned(created.map_or_else(|| "????.??.??".into(), utc_date));
    out.put("Event", Cow::Owned(event(game)));
    // Joined, not formatted: `format!`'s machinery was a game's half per cent.
    out.put("Site", Cow::Owned(["https://lichess.org/", &id].concat()));
    out.put("GameId", id);
    out.put("Date", date());
    out.put("Round", Cow::Borrowed("-"));
    out.put("White", player(game, true));
    out.put("Black", player(game, false));
    out.put("Result", Cow::Borrowed(result(game)));
    out.put_with("UTCDate", || Some(date()));
    out.put_with("UTCTime", || {
        Some(Cow::Owned(
            created.map_or_else(|| "??:??:??".into(), utc_time),
        ))
    });
    ratings(game, out);
    let opening = game.opening.as_ref();
    let named = variant_name(game.variant());
    let standard = named == "Standard";
    out.put("Variant", named);
    out.put("TimeControl", Cow::Owned(time_control(game)));
    out.put_if("ECO", opening.and_then(|o| borrowed(&o.eco)));
    out.put_if("Opening", opening.and_then(|o| borrowed(&o.name)));
    let status = game.status.as_ref().map(|s| reborrow(&s.0));
    let termination = game.status().and_then(lichess_termination);
    out.put_if("Termination", termination.map(Cow::Borrowed));
    out.put_if(LICHESS_STATUS, status);
    out.put_if(LICHESS_WINNER, borrowed(&game.winner));
    if let Some(fen) = borrowed(&game.initial_fen).filter(|_| !standard) {
        out.put("FEN", fen);
        out.put("SetUp", Cow::Borrowed("1"));
    }
}

/// `Rated Blitz game`, or the tournament's address.
fn event(game: &GameObject) -> String {
    let rated = match game.rated {
        Some(true) => "Rated",
        _ => "Casual",
    };
    let speed = text(&game.perf).or_else(|| text(&game.speed));
    let mut event = String::with_capacity(80);
    event.push_str(rated);
    event.push(' ');
    // Its first letter a capital: `Bullet`, `UltraBullet`.
    let mut speed = speed.unwrap_or_default().chars();
    event.extend(speed.next().into_iter().flat_map(char::to_uppercase));
    event.push_str(speed.as_str());
    match (text(&game.tournament), text(&game.swiss)) {
        (Some(id), _) => event.extend([" tournament https://lichess.org/tournament/", id]),
        (_, Some(id)) => event.extend([" tournament https://lichess.org/swiss/", id]),
        _ => event.push_str(" game"),
    }
    event
}

/// A player's name: a user's, lichess's AI by level, else anonymous.
fn player<'a>(game: &GameObject<'a>, white: bool) -> Cow<'a, str> {
    let Some(player) = game.lichess_player(white) else {
        return Cow::Borrowed("Anonymous");
    };
    if let Some(name) = player.user.as_ref().and_then(|u| borrowed(&u.name)) {
        return name;
    }
    if let Some(level) = player.ai_level {
        return Cow::Owned(format!("lichess AI level {level}"));
    }
    borrowed(&player.name).unwrap_or(Cow::Borrowed("Anonymous"))
}

fn ratings<'a>(game: &GameObject<'a>, out: &mut impl TagSink<'a>) {
    const SIDES: [(bool, [&str; 3]); 2] = [
        (true, ["WhiteElo", "WhiteRatingDiff", "WhiteTitle"]),
        (false, ["BlackElo", "BlackRatingDiff", "BlackTitle"]),
    ];
    for (white, [elo_tag, diff_tag, title_tag]) in SIDES {
        let player = game.lichess_player(white);
        out.put_with(elo_tag, || {
            let mut number = String::new();
            match player.and_then(|p| p.rating) {
                Some(elo) => push_number(&mut number, elo),
                None => number.push('?'),
            }
            Some(Cow::Owned(number))
        });
        out.put_with(diff_tag, || {
            let diff = player.and_then(|p| p.rating_diff)?;
            let mut number = String::new();
            if diff >= 0 {
                number.push('+');
            }
            push_number(&mut number, diff);
            Some(Cow::Owned(number))
        });
        let title = player.and_then(|p| p.user.as_ref()?.title.as_ref());
        out.put_if(title_tag, title.map(|t| reborrow(&t.0)));
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

/// How the game's moves are numbered and clocked: whether Black moved
/// first (1, from the FEN's second field) and the first move's number (its
/// sixth).
#[derive(Debug, Clone, Copy)]
struct Order {
    black_first: usize,
    first: u64,
}

impl Order {
    fn of(game: &GameObject) -> Order {
        let fen = text(&game.initial_fen).unwrap_or_default();
        let mut fields = fen.split_whitespace().skip(1);
        let black_first = usize::from(fields.next() == Some("b"));
        let first = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
        Order { black_first, first }
    }

    /// The clock lichess reads after ply `i` (centiseconds left): the
    /// `clocks` entry of its index, less one where Black moved first, as
    /// lichess's own PGN does. An entry past the last move (the clock of the
    /// player to move when the game ended) is no move's and is left out, as
    /// lichess leaves it out.
    fn clock_after(self, clocks: &[u64], i: usize) -> Option<u64> {
        i.checked_sub(self.black_first)
            .and_then(|at| clocks.get(at))
            .copied()
    }
}

/// The moves numbered (`12. `, or `12... ` before a first move by Black),
/// each with the clock lichess reads after it ([`Order::clock_after`]), and
/// the result.
fn movetext(game: &GameObject, out: &mut String) {
    let order = Order::of(game);
    let moves = text(&game.moves).unwrap_or_default();
    for (i, san) in moves.split_ascii_whitespace().enumerate() {
        let white = (i + order.black_first).is_multiple_of(2);
        if white || i == 0 {
            let number = order
                .first
                .saturating_add(((i + order.black_first) / 2) as u64);
            push_number(out, number);
            out.push_str(if white { ". " } else { "... " });
        }
        out.push_str(san);
        out.push(' ');
        if let Some(centis) = order.clock_after(game.clocks(), i) {
            out.push_str("{ [%clk ");
            clock(centis, out);
            out.push_str("] } ");
        }
    }
    out.push_str(result(game));
}
