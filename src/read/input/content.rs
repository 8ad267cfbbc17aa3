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
    if blank || looks_like_pgn(head) && !json(head) {
        return None;
    }
    if json(head) {
        return Some("it is JSON (a server's export of games)");
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
    Json,
}

/// What a stream whose first bytes are `head` holds, or why it holds
/// neither PGN nor a server's JSON.
///
/// ```
/// use pgn_arbiter::read::input::{Format, format};
/// assert_eq!(format(b"[Event \"x\"]\n\n1. e4 *"), Ok(Format::Pgn));
/// assert_eq!(format(b"{\"id\":\"abc\",\"status\":\"mate\"}\n"), Ok(Format::Json));
/// assert_eq!(format(b"[{\"games\": []}]"), Ok(Format::Json));
/// assert!(format(b"Dear club members").is_err());
/// ```
pub fn format(head: &[u8]) -> Result<Format, &'static str> {
    if json(head) {
        return Ok(Format::Json);
    }
    not_pgn(head).map_or(Ok(Format::Pgn), Err)
}

/// Whether a stream's first bytes are JSON: an object (`{"id": …`), one a
/// line or in a list (`[{"games": …`). A PGN comment before the first game
/// opens with `{` too, but not with a quoted key and a colon.
fn json(head: &[u8]) -> bool {
    let text = head
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(head)
        .trim_ascii_start();
    let text = text.strip_prefix(b"[").unwrap_or(text).trim_ascii_start();
    let Some(object) = text.strip_prefix(b"{") else {
        return false;
    };
    let Some(key) = object.trim_ascii_start().strip_prefix(b"\"") else {
        return false;
    };
    let end = key.iter().take(256).position(|&c| c == b'"');
    end.is_some_and(|end| key[end + 1..].trim_ascii_start().starts_with(b":"))
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
