//! What the first bytes of a stream say it is: PGN, JSON, or neither.

/// Why the first bytes of a stream are no PGN, if they are not: binary
/// data, or text with neither a tag pair nor a numbered first move.
///
/// ```
/// use pgn_arbiter::read::input::not_pgn;
/// assert!(not_pgn(b"[Event \"x\"]\n\n1. e4 *").is_none());
/// assert!(not_pgn(b"1.e4 e5 2.Nf3 *").is_none());
/// assert!(not_pgn(b"e3 d5 Be2 Nc6 Nf3 e5 d4 exd4 O-O").is_none());
/// assert!(not_pgn(b"Dear club members, the meeting is on Friday.").is_some());
/// assert!(not_pgn(b"\x7fELF\x02\x01\x01\0\0\0").is_some());
/// assert!(not_pgn(b"\xef\xbb\xbf\r\n\r\n").is_none());
/// ```
pub fn not_pgn(head: &[u8]) -> Option<&'static str> {
    // A round's file with no game yet (a byte-order mark, blank lines) is
    // an empty PGN file, like a file of no byte.
    let blank = head
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(head)
        .iter()
        .all(u8::is_ascii_whitespace);
    if blank || looks_like_pgn(head) {
        return None;
    }
    let control = head
        .iter()
        .filter(|&&c| c < 0x20 && !matches!(c, b'\t' | b'\n' | b'\r' | 0x0c))
        .count();
    Some(if control * 20 > head.len() {
        "it holds binary data"
    } else {
        "no tag pair, no numbered move and no run of moves in its first bytes"
    })
}

/// What a stream holds, told from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pgn,
    /// A server's JSON export ([`crate::read::export`]).
    Json(JsonLayout),
}

/// How a JSON export lays out its games, as far as its first lines tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonLayout {
    /// Its first line is JSON whole on its own (NDJSON: `{}` and `null`
    /// too), or one of the next lines is a whole game (the first one cut
    /// short, or opening a list or a month one game a line): a line break
    /// ends whatever its line left open.
    OneALine,
    /// Told by its first game: closed on the line it opened, one game a
    /// line; else a line break is white space.
    ToldByTheFirstGame,
}

/// What a stream whose first bytes are `head` holds, or why it holds
/// neither PGN nor a server's JSON; `None` while `head` is too short to
/// tell (it is not `whole`, and holds white space only, or JSON not yet
/// ended). JSON is told by its first values, not by its first bytes: the
/// first value parses and holds a game (a game, a month, a list of them),
/// or values that hold none (`{}`, `null`, a first line cut short) come
/// before one that does. A PGN file's first comment may be shaped like
/// JSON; the tag pair after it is not.
///
/// ```
/// use pgn_arbiter::read::input::{Format, JsonLayout, format};
/// let one_a_line = Some(Ok(Format::Json(JsonLayout::OneALine)));
/// assert_eq!(format(b"[Event \"x\"]\n\n1. e4 *", true), Some(Ok(Format::Pgn)));
/// assert_eq!(format(b"{\"id\":\"abc\",\"status\":\"mate\"}\n", true), one_a_line);
/// assert_eq!(format(b"{}\nnull\n{\"id\":\"a\",\"moves\":\"e4\"}\n", true), one_a_line);
/// assert_eq!(format(b"{\"note\": \"x\"}\n[Event \"x\"]\n\n1. e4 *", true), Some(Ok(Format::Pgn)));
/// assert_eq!(format(b"  \n\n", false), None);
/// assert!(format(b"Dear club members", true).unwrap().is_err());
/// ```
pub fn format(head: &[u8], whole: bool) -> Option<Result<Format, &'static str>> {
    let content = head
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(head)
        .trim_ascii_start();
    if content.is_empty() && !whole {
        return None;
    }
    // A lone surrogate escape, which python reads and serde_json refuses,
    // makes no value less JSON (a head may end inside a character).
    let text = String::from_utf8_lossy(content);
    let mended = crate::read::export::repair::lone_surrogates(&text);
    match json_evidence(mended.as_bytes(), whole) {
        Evidence::Games | Evidence::CutGames => Some(Ok(Format::Json(layout(mended.as_bytes())))),
        Evidence::Unended => None,
        Evidence::NoGames { json } => Some(match not_pgn(content) {
            None => Ok(Format::Pgn),
            Some(_) if json => Err(JSON_WITHOUT_GAMES),
            Some(why) => Err(why),
        }),
    }
}

/// What the first bytes forced to a decision say: [`format`] as if the
/// stream ended there, JSON where they open an object with a key (a month
/// on one line, longer than any head).
pub fn format_now(head: &[u8]) -> Result<Format, &'static str> {
    format(head, true).unwrap_or(Ok(Format::Pgn))
}

/// What JSON values the content opens with say of it.
enum Evidence {
    /// A value that holds a game.
    Games,
    /// No game whole, but objects cut short: an export of broken games.
    CutGames,
    /// None: no value, or values that hold no game (`json`: the first
    /// value is JSON), then no JSON.
    NoGames { json: bool },
    /// A value not yet ended where the head (not `whole`) ends.
    Unended,
}

/// How many values (or lines cut short) before a game are looked at.
const VALUES_LOOKED_AT: usize = 64;

fn json_evidence(content: &[u8], whole: bool) -> Evidence {
    let (mut at, mut cut, mut broken_first) = (0, false, false);
    for looked_at in 0..VALUES_LOOKED_AT {
        let rest = content[at..].trim_ascii_start();
        at = content.len() - rest.len();
        let mut values = serde_json::Deserializer::from_slice(rest).into_iter::<Shape>();
        SAW_A_GAME.set(false);
        match values.next() {
            // An export of games all cut short is still one.
            None if cut => return Evidence::CutGames,
            None => {
                return Evidence::NoGames {
                    json: looked_at > 0 && !broken_first,
                };
            }
            Some(Ok(Shape::Games)) => return Evidence::Games,
            Some(Ok(_)) => at += values.byte_offset(),
            // A value longer than the head (a month on one line) that
            // already holds a whole game is an export.
            Some(Err(_)) if SAW_A_GAME.get() => return Evidence::Games,
            Some(Err(e)) if e.is_eof() && !whole => return Evidence::Unended,
            Some(Err(_)) => {
                // After a first value, or a first line that is JSON cut
                // short (one game a line, its line broken; a list opened
                // on a line of its own), a line that is no JSON is passed
                // over: the next line is read afresh.
                let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
                let line = rest[..end].trim_ascii_end();
                let line_cut = cut_short(line);
                // A first line that opens an object with a key and breaks
                // it (one game a line, its line mangled) is passed over
                // too, but only a game after it makes the content JSON.
                broken_first |= looked_at == 0 && !line_cut && line.starts_with(b"{\"");
                if looked_at == 0 && !line_cut && !broken_first {
                    return Evidence::NoGames { json: false };
                }
                // A game cut short (a PGN comment may open on a line of
                // its own, `{` alone), or an export whose first value is
                // longer than a head.
                cut |= line_cut
                    && (line.len() > 1 && line.starts_with(b"{")
                        || looked_at == 0 && json_opening(line));
                if end == rest.len() {
                    return match (cut, whole) {
                        (true, _) => Evidence::CutGames,
                        (false, false) => Evidence::Unended,
                        (false, true) => Evidence::NoGames {
                            json: looked_at > 0 && !broken_first,
                        },
                    };
                }
                at += end + 1;
            }
        }
    }
    Evidence::NoGames {
        json: !broken_first,
    }
}

/// Why a JSON file that holds no game is not read.
const JSON_WITHOUT_GAMES: &str = "it is JSON, but holds no game of a server's export (a lichess \
     game, a chess.com game or month) in its first values";

/// Whether a line is JSON cut short: what a reader read of it parses,
/// and it ends before its value does.
fn cut_short(line: &[u8]) -> bool {
    // A number cut after its sign or its point is refused at the end, as
    // a value cut anywhere else is.
    serde_json::from_slice::<serde::de::IgnoredAny>(line)
        .is_err_and(|e| e.is_eof() || e.line() == 1 && e.column() >= line.len())
}

/// Whether a line holds whole JSON values and nothing else.
fn whole_values(line: &[u8]) -> bool {
    let mut values =
        serde_json::Deserializer::from_slice(line).into_iter::<serde::de::IgnoredAny>();
    values.next().is_some_and(|v| v.is_ok()) && values.all(|v| v.is_ok())
}

/// How the export lays out its games, from its first lines (white space
/// before them skipped): one a line where its first line is whole JSON;
/// where one of the lines after it (less a list's comma) is a whole game;
/// or where a line cut short is followed by one that opens an object with
/// its first key.
pub(crate) fn layout(content: &[u8]) -> JsonLayout {
    let whole_line = content.contains(&b'\n');
    let lines: Vec<&[u8]> = content
        .split(|&c| c == b'\n')
        .map(<[u8]>::trim_ascii)
        .filter(|line| !line.is_empty())
        .take(LINES_LOOKED_AT + 1)
        .collect();
    let Some(first) = lines.first().filter(|_| whole_line) else {
        return JsonLayout::ToldByTheFirstGame;
    };
    let a_game_alone = |line: &&[u8]| {
        let line = line.strip_suffix(b",").unwrap_or(line);
        line.starts_with(b"{") && matches!(serde_json::from_slice(line), Ok(Shape::Games))
    };
    // A first line cut short that is no pretty-printer's (it ends a line
    // after a `{`, or after a key's `:`), then a line that opens an object
    // with its first key (no pretty-printer writes one).
    let opens_with_a_key = |line: &&[u8]| {
        line.strip_prefix(b"{")
            .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"\""))
    };
    let cut_then_object = !first.ends_with(b"{")
        && !first.ends_with(b":")
        && cut_short(first)
        && lines[1..].iter().any(opens_with_a_key);
    let one_a_line = whole_values(first) || lines[1..].iter().any(a_game_alone) || cut_then_object;
    match one_a_line {
        true => JsonLayout::OneALine,
        false => JsonLayout::ToldByTheFirstGame,
    }
}

/// How many lines after the first are looked at for a game alone on one.
const LINES_LOOKED_AT: usize = 8;

/// Whether the content opens an object with a key (`{"id": …`), one a
/// line or in a list (`[{"games": …`): JSON, where its first value has not
/// ended within the bytes looked at.
fn json_opening(content: &[u8]) -> bool {
    let text = content
        .strip_prefix(b"[")
        .unwrap_or(content)
        .trim_ascii_start();
    let Some(object) = text.strip_prefix(b"{") else {
        return false;
    };
    let Some(key) = object.trim_ascii_start().strip_prefix(b"\"") else {
        return false;
    };
    let end = key.iter().take(256).position(|&c| c == b'"');
    end.is_some_and(|end| key[end + 1..].trim_ascii_start().starts_with(b":"))
}

/// What a JSON value is to the telling of an export: one that holds a game
/// (an object with a game's fields, a month — an object with a `games`
/// list —, a list holding either), a list holding none, or another.
enum Shape {
    Games,
    List,
    Other,
}

/// The keys that only a game object holds, in lichess's and chess.com's
/// exports.
const GAME_KEYS: [&str; 6] = ["moves", "pgn", "url", "status", "players", "white"];

thread_local! {
    /// A whole game object was read inside the value being read, even if
    /// the value itself is cut short by the head's end.
    static SAW_A_GAME: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        d.deserialize_any(ShapeVisitor)
    }
}

struct ShapeVisitor;

impl<'de> serde::de::Visitor<'de> for ShapeVisitor {
    type Value = Shape;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Shape, A::Error> {
        let mut shape = Shape::Other;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let value = map.next_value::<Shape>()?;
            let month = key == "games" && matches!(value, Shape::Games | Shape::List);
            if GAME_KEYS.contains(&key.as_ref()) || month {
                shape = Shape::Games;
            }
        }
        if matches!(shape, Shape::Games) {
            SAW_A_GAME.set(true);
        }
        Ok(shape)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Shape, A::Error> {
        let mut shape = Shape::List;
        while let Some(value) = seq.next_element::<Shape>()? {
            if matches!(value, Shape::Games) {
                shape = Shape::Games;
            }
        }
        Ok(shape)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Shape, E> {
        Ok(Shape::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Shape, E> {
        Ok(Shape::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Shape, E> {
        Ok(Shape::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Shape, E> {
        Ok(Shape::Other)
    }

    fn visit_str<E>(self, _: &str) -> Result<Shape, E> {
        Ok(Shape::Other)
    }

    fn visit_unit<E>(self) -> Result<Shape, E> {
        Ok(Shape::Other)
    }
}
/// A tag pair (`[Event "`), a first move (`1. e4`, `1.Nf3`), or a run of
/// words most of which are moves: shapes random bytes do not make.
fn looks_like_pgn(head: &[u8]) -> bool {
    let tag = head.split(|&c| c == b'\n' || c == b'\r').any(|line| {
        let line = line.trim_ascii_start();
        let Some(rest) = line.strip_prefix(b"[") else {
            return false;
        };
        let name = rest
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        name > 0 && rest[name..].trim_ascii_start().starts_with(b"\"")
    });
    let first_move = || {
        memchr::memmem::find_iter(head, b"1.").any(|i| {
            let starts_token = i == 0 || !head[i - 1].is_ascii_alphanumeric();
            let word = head[i + 2..].trim_ascii_start();
            let end = word
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(word.len());
            starts_token && san_shaped(&word[..end])
        })
    };
    let moves = || {
        let tokens: Vec<&[u8]> = head
            .split(u8::is_ascii_whitespace)
            .filter(|t| !t.is_empty())
            .take(40)
            .collect();
        !tokens.is_empty() && tokens.iter().filter(|t| san_shaped(t)).count() * 2 >= tokens.len()
    };
    tag || first_move() || moves()
}

/// Whether a word has the shape of a move in SAN (`e4`, `Nxf3+`, `O-O`,
/// `exd8=Q#`), for telling bare movetext from prose.
fn san_shaped(word: &[u8]) -> bool {
    // `e4!`, `Qxf7#`, `Nf3+?!`: the signs after a move are no part of it.
    let end = word
        .iter()
        .rposition(|c| !b"!?+#".contains(c))
        .map_or(0, |i| i + 1);
    let w = &word[..end];
    if matches!(w, b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0") {
        return true;
    }
    let w = match w {
        [body @ .., b'=', b'Q' | b'R' | b'B' | b'N'] => body,
        _ => w,
    };
    let w = match w {
        [b'K' | b'Q' | b'R' | b'B' | b'N', rest @ ..] => rest,
        _ => w,
    };
    match w {
        [f, r] => (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r),
        [pre @ .., f, r] if pre.len() <= 3 => {
            (b'a'..=b'h').contains(f)
                && (b'1'..=b'8').contains(r)
                && pre.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'x')
        }
        _ => false,
    }
}
