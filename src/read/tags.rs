//! The tags of a game the audit reads, and what they say about where the
//! game was played; tag text unescaped and decoded (UTF-8, else Windows-1252).

use crate::model::time_control::WrittenIn;
use std::borrow::Cow;

use encoding_rs::Encoding;

/// The tags the audit reads; the rest stay in the input bytes.
#[derive(Debug, Clone, Default)]
pub struct Tags<'a> {
    pub event: Option<Cow<'a, str>>,
    pub site: Option<Cow<'a, str>>,
    pub date: Option<Cow<'a, str>>,
    /// The event's first day: which edition of the Laws applies goes by it.
    pub event_date: Option<Cow<'a, str>>,
    pub round: Option<Cow<'a, str>>,
    pub white: Option<Cow<'a, str>>,
    pub black: Option<Cow<'a, str>>,
    pub white_fide_id: Option<Cow<'a, str>>,
    pub black_fide_id: Option<Cow<'a, str>>,
    pub result: Option<Cow<'a, str>>,
    pub time_control: Option<Cow<'a, str>>,
    pub termination: Option<Cow<'a, str>>,
    /// ICC writes how the game ended here (`Black forfeits on time`).
    pub icc_result: Option<Cow<'a, str>>,
    /// TCEC and cutechess write the ending's details here (`TCEC win
    /// rule`, `White's connection stalls`).
    pub termination_details: Option<Cow<'a, str>>,
    pub fen: Option<Cow<'a, str>>,
    pub setup: Option<Cow<'a, str>>,
    pub variant: Option<Cow<'a, str>>,
    pub white_clock: Option<Cow<'a, str>>,
    pub black_clock: Option<Cow<'a, str>>,
    /// chess.com writes the game's address here (its Site is "Chess.com").
    pub link: Option<Cow<'a, str>>,
    /// lichess broadcasts write the game's address here.
    pub game_url: Option<Cow<'a, str>>,
    /// A lichess export's `status` and `winner`, as
    /// [`crate::read::export`] writes them.
    pub lichess_status: Option<Cow<'a, str>>,
    pub lichess_winner: Option<Cow<'a, str>>,
    /// A chess.com export's `result` of White and of Black.
    pub chess_com_results: [Option<Cow<'a, str>>; 2],
}

impl<'a> Tags<'a> {
    /// Whether the game is an over-the-board game relayed by a lichess
    /// broadcast (a study or broadcast address), whose `TimeControl` tags
    /// give the base in minutes.
    pub fn lichess_relay(&self) -> bool {
        self.address()
            .is_some_and(|(server, section)| server == "lichess" && is_relay(section))
    }

    /// What the game's source writes a `TimeControl` tag's base in.
    pub fn time_control_unit(&self) -> WrittenIn {
        if self.lichess_relay() {
            WrittenIn::Minutes
        } else if self.server().is_some() || self.is_fics() || self.is_icc() {
            WrittenIn::Seconds
        } else {
            WrittenIn::Unsaid
        }
    }

    /// Whether the game was played on the Internet Chess Club: an
    /// `ICCResult` tag, or the club's name in `Site`.
    pub fn is_icc(&self) -> bool {
        let icc = b"internet chess club";
        let site = self.site.as_deref().unwrap_or_default().as_bytes();
        self.icc_result.is_some() || site.windows(icc.len()).any(|w| w.eq_ignore_ascii_case(icc))
    }

    /// The server the game was played on, `lichess` or `chess.com`, when
    /// its address is a game there (not a study or a broadcast of an
    /// over-the-board game): its clocks were kept by the server.
    pub fn server(&self) -> Option<&'static str> {
        let (server, section) = self.address()?;
        (!is_relay(section) && section != "events").then_some(server)
    }

    /// The server of the game's address, if lichess or chess.com, and the
    /// first part of the address's path (`study`, `game`, a game id …).
    fn address(&self) -> Option<(&'static str, &str)> {
        let url = self.url()?;
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))?;
        let (host, path) = at_slash(rest);
        let section = at_slash(path).0;
        // Runs for every game: no string built to compare.
        let on = |domain: &str| {
            host.strip_suffix(domain)
                .is_some_and(|sub| sub.is_empty() || sub.ends_with('.'))
        };
        let server = if on("lichess.org") {
            "lichess"
        } else if on("chess.com") {
            "chess.com"
        } else {
            return None;
        };
        Some((server, section))
    }

    /// Whether the game was played on the Free Internet Chess Server, whose
    /// `WhiteClock` and `BlackClock` tags hold the clocks at the start.
    pub fn is_fics(&self) -> bool {
        self.site
            .as_deref()
            .is_some_and(|s| s.contains("freechess.org") || s.starts_with("FICS"))
    }

    /// Whether the game is the one at `address`: its `Site`, `Link` or
    /// `GameURL`, ignoring a trailing `/` and the scheme's `http`/`https`.
    pub fn is_at(&self, address: &str) -> bool {
        let norm = |u: &str| {
            let u = u.trim().trim_end_matches('/');
            u.strip_prefix("https://")
                .or_else(|| u.strip_prefix("http://"))
                .unwrap_or(u)
                .to_string()
        };
        let want = norm(address);
        [&self.site, &self.link, &self.game_url]
            .into_iter()
            .filter_map(|t| t.as_deref())
            .any(|t| norm(t) == want)
    }

    /// The game's web address: `Site`, `Link` or `GameURL`, the first that
    /// is an http(s) address.
    pub fn url(&self) -> Option<&str> {
        [&self.site, &self.link, &self.game_url]
            .into_iter()
            .filter_map(|t| t.as_deref())
            .map(str::trim)
            .find(|u| u.starts_with("https://") || u.starts_with("http://"))
    }

    /// Where a tag of this name is kept, if it is.
    pub(super) fn slot(&mut self, name: &[u8]) -> Option<&mut Option<Cow<'a, str>>> {
        Some(Tags::field(name)?(self))
    }

    /// Whether a tag of this name is kept.
    pub(super) fn keeps(name: &[u8]) -> bool {
        Tags::field(name).is_some()
    }

    /// The field a tag of this name is kept in, if it is.
    fn field(name: &[u8]) -> Option<Field<'a>> {
        Some(match name {
            b"Event" => |t| &mut t.event,
            b"Site" => |t| &mut t.site,
            b"Date" => |t| &mut t.date,
            b"EventDate" => |t| &mut t.event_date,
            b"Round" => |t| &mut t.round,
            b"White" => |t| &mut t.white,
            b"Black" => |t| &mut t.black,
            b"WhiteFideId" => |t| &mut t.white_fide_id,
            b"BlackFideId" => |t| &mut t.black_fide_id,
            b"Result" => |t| &mut t.result,
            b"TimeControl" => |t| &mut t.time_control,
            b"Termination" => |t| &mut t.termination,
            b"ICCResult" => |t| &mut t.icc_result,
            b"TerminationDetails" => |t| &mut t.termination_details,
            b"FEN" => |t| &mut t.fen,
            b"SetUp" => |t| &mut t.setup,
            b"Variant" => |t| &mut t.variant,
            b"WhiteClock" => |t| &mut t.white_clock,
            b"BlackClock" => |t| &mut t.black_clock,
            b"Link" => |t| &mut t.link,
            b"GameURL" => |t| &mut t.game_url,
            b"LichessStatus" => |t| &mut t.lichess_status,
            b"LichessWinner" => |t| &mut t.lichess_winner,
            b"ChessComWhiteResult" => |t| &mut t.chess_com_results[0],
            b"ChessComBlackResult" => |t| &mut t.chess_com_results[1],
            _ => return None,
        })
    }
}

/// Where in [`Tags`] a tag's value is kept.
type Field<'a> = for<'t> fn(&'t mut Tags<'a>) -> &'t mut Option<Cow<'a, str>>;

/// A study or a broadcast: over-the-board games relayed, not played there.
/// `s` cut at its first `/`: an address's host or section, and the rest.
fn at_slash(s: &str) -> (&str, &str) {
    // A few bytes: a plain search beats memchr's set-up (`split('/')`
    // made finding a game's server cost 700 instructions).
    match s.bytes().position(|b| b == b'/') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    }
}

fn is_relay(section: &str) -> bool {
    matches!(section, "study" | "broadcast")
}

/// A tag value as written between its quotes: borrowed from the game's
/// bytes when it is UTF-8 without escapes (nearly always), so that reading
/// a game allocates nothing for its tags.
pub(super) fn quoted<'a>(raw: &'a [u8], legacy: &'static Encoding) -> Cow<'a, str> {
    // A dozen bytes: a plain search beats memchr's set-up.
    if raw.contains(&b'\\') {
        return Cow::Owned(decode(&unescape(raw), legacy).into_owned());
    }
    decode(raw, legacy)
}

/// A quoted tag value without its `\\"` and `\\\\` escapes.
fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut value = Vec::with_capacity(raw.len());
    let mut j = 0;
    while j < raw.len() {
        if raw[j] == b'\\' && j + 1 < raw.len() && matches!(raw[j + 1], b'"' | b'\\') {
            j += 1;
        }
        value.push(raw[j]);
        j += 1;
    }
    value
}

/// Text as UTF-8, or in the file's `legacy` encoding when it is not valid
/// UTF-8 (see [`crate::read::encoding`]; Windows-1252 until one is
/// guessed: ChessBase's and most Windows tools' encoding, a superset of
/// Latin-1's letters whose bytes 0x80-0x9F are `’`, `Š`, `–` where Latin-1
/// has control characters).
pub(crate) fn decode<'a>(bytes: &'a [u8], legacy: &'static Encoding) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => legacy.decode_without_bom_handling(bytes).0,
    }
}

#[cfg(test)]
mod tests {
    use crate::read::parse::parse_game;

    #[test]
    fn a_tag_without_its_bracket_keeps_its_value() {
        let g = parse_game(b"[White \"Ann\"]\n[Black \"Zeta\"\n[Result \"1-0\"]\n\n1. e4 1-0");
        assert_eq!(g.tags.black.as_deref(), Some("Zeta"));
        assert_eq!(g.tags.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn unclosed_quote_and_comment() {
        let g = parse_game(b"[Event \"Lille]\n[Site \"x\"]\n\n1. e4 {never closed\n");
        assert_eq!(g.tags.event.as_deref(), Some("Lille"));
        assert_eq!(g.tags.site.as_deref(), Some("x"));
        let (what, at) = g.damage.clone().unwrap();
        assert!(what.contains("never closed"));
        assert_eq!(g.line_of(at), 4);
    }

    #[test]
    fn a_byte_order_mark_or_form_feed_after_the_name_is_space() {
        let g = parse_game(b"[Event\xef\xbb\xbf\"a\"]\n[Site\x0c\"b\"]\n\n1. e4 *");
        assert_eq!(g.tags.event.as_deref(), Some("a"));
        assert_eq!(g.tags.site.as_deref(), Some("b"));
    }

    #[test]
    fn values_are_unescaped_and_decoded() {
        assert_eq!(super::unescape(br#"a \"b\" c\\"#), br#"a "b" c\"#.to_vec());
        let cp1252 = encoding_rs::WINDOWS_1252;
        assert_eq!(super::decode(b"Andr\xe9", cp1252), "André");
        assert_eq!(
            super::decode(b"O\x92Brien, \x8aimon", cp1252),
            "O’Brien, Šimon"
        );
        assert_eq!(super::decode("Café".as_bytes(), cp1252), "Café");
        let cp1251 = encoding_rs::WINDOWS_1251;
        assert_eq!(super::decode(b"\xc8\xe2\xe0\xed\xee\xe2", cp1251), "Иванов");
    }
}
