//! A game object of either server, deserialized as typed fields that
//! borrow from the export's bytes: only the fields written into the PGN
//! are kept, the rest (evals, analysis, chess.com's `tcn`) skipped unread.
//! A tree of `serde_json::Value`s cost a third of a game's audit (issue 66's
//! bench); this costs a few per cent.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

/// A string field the export wrote, if it wrote one.
pub(super) type Text<'a> = Option<Str<'a>>;

/// A string, borrowed from the export unless it held escapes (serde's own
/// `Cow<str>` is always owned inside an `Option`).
#[derive(Debug)]
pub(super) struct Str<'a>(pub Cow<'a, str>);

impl std::ops::Deref for Str<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Str<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_str(NameVisitor { in_object: false })
            .map(|Named(name)| Str(name))
    }
}

/// The fields of a lichess or a chess.com game object that are read.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct GameObject<'a> {
    // lichess
    #[serde(borrow)]
    pub id: Text<'a>,
    pub rated: Option<bool>,
    #[serde(borrow)]
    pub variant: Option<Named<'a>>,
    #[serde(borrow)]
    pub speed: Text<'a>,
    #[serde(borrow)]
    pub perf: Text<'a>,
    pub created_at: Option<i64>,
    #[serde(borrow)]
    pub status: Option<Named<'a>>,
    #[serde(borrow)]
    pub players: Option<Players<'a>>,
    #[serde(borrow)]
    pub winner: Text<'a>,
    #[serde(borrow)]
    pub opening: Option<Opening<'a>>,
    #[serde(borrow)]
    pub moves: Text<'a>,
    #[serde(borrow)]
    pub pgn: Text<'a>,
    pub clock: Option<LichessClock>,
    pub clocks: Option<Vec<u64>>,
    pub days_per_turn: Option<u64>,
    #[serde(borrow)]
    pub initial_fen: Text<'a>,
    #[serde(borrow)]
    pub tournament: Text<'a>,
    #[serde(borrow)]
    pub swiss: Text<'a>,
    // chess.com
    #[serde(borrow)]
    pub url: Text<'a>,
    #[serde(borrow, rename = "time_control")]
    pub time_control: Text<'a>,
    #[serde(borrow)]
    pub rules: Text<'a>,
    #[serde(borrow, rename = "initial_setup")]
    pub initial_setup: Text<'a>,
    #[serde(borrow)]
    pub tcn: Text<'a>,
    #[serde(rename = "end_time")]
    pub end_time: Option<i64>,
    #[serde(borrow)]
    pub white: Option<ChessComPlayer<'a>>,
    #[serde(borrow)]
    pub black: Option<ChessComPlayer<'a>>,
}

/// lichess's `players`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Players<'a> {
    #[serde(borrow)]
    pub white: Option<LichessPlayer<'a>>,
    #[serde(borrow)]
    pub black: Option<LichessPlayer<'a>>,
}

/// One side of a lichess game: a user, lichess's AI, or a name.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct LichessPlayer<'a> {
    #[serde(borrow)]
    pub user: Option<User<'a>>,
    pub ai_level: Option<u64>,
    #[serde(borrow)]
    pub name: Text<'a>,
    pub rating: Option<i64>,
    pub rating_diff: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct User<'a> {
    #[serde(borrow)]
    pub name: Text<'a>,
    #[serde(borrow)]
    pub title: Text<'a>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Opening<'a> {
    #[serde(borrow)]
    pub eco: Text<'a>,
    #[serde(borrow)]
    pub name: Text<'a>,
}

/// lichess's `clock`, in seconds.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct LichessClock {
    pub initial: Option<u64>,
    pub increment: Option<u64>,
}

/// One side of a chess.com game.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct ChessComPlayer<'a> {
    #[serde(borrow)]
    pub username: Text<'a>,
    pub rating: Option<i64>,
    #[serde(borrow)]
    pub result: Text<'a>,
}

/// A field lichess writes as a name, or (older exports, the board API) as
/// an object holding it under `name` or `key`: `status`, `variant`.
#[derive(Debug)]
pub(super) struct Named<'a>(pub Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Named<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NameVisitor { in_object: true })
    }
}

/// Reads a string, and where `in_object`, an object's `name` or `key`.
struct NameVisitor {
    in_object: bool,
}

impl<'de> Visitor<'de> for NameVisitor {
    type Value = Named<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.in_object {
            true => f.write_str("a name, or an object with a `name` or a `key`"),
            false => f.write_str("a string"),
        }
    }

    fn visit_borrowed_str<E>(self, name: &'de str) -> Result<Self::Value, E> {
        Ok(Named(Cow::Borrowed(name)))
    }

    fn visit_str<E>(self, name: &str) -> Result<Self::Value, E> {
        Ok(Named(Cow::Owned(name.to_string())))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut found = None;
        while let Some(key) = map.next_key::<Str<'de>>()? {
            if matches!(&*key, "name" | "key") && found.is_none() {
                found = Some(map.next_value::<Str<'de>>()?.0);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        found
            .map(Named)
            .ok_or_else(|| serde::de::Error::missing_field("name"))
    }
}

impl<'a> GameObject<'a> {
    /// lichess's `clocks`, none where it wrote none.
    pub(super) fn clocks(&self) -> &[u64] {
        self.clocks.as_deref().unwrap_or_default()
    }

    pub(super) fn status(&self) -> Option<&str> {
        self.status.as_ref().map(|s| s.0.as_ref())
    }

    pub(super) fn variant(&self) -> Option<&str> {
        self.variant.as_ref().map(|v| v.0.as_ref())
    }

    pub(super) fn lichess_player(&self, white: bool) -> Option<&LichessPlayer<'a>> {
        let players = self.players.as_ref()?;
        if white {
            players.white.as_ref()
        } else {
            players.black.as_ref()
        }
    }
}

/// A borrowed view of an optional text field.
pub(super) fn text<'s>(field: &'s Text<'_>) -> Option<&'s str> {
    field.as_ref().map(|s| &*s.0)
}

/// A text field as a value that lives as long as the export's bytes:
/// borrowed from them where the field was.
pub(super) fn borrowed<'a>(field: &Text<'a>) -> Option<Cow<'a, str>> {
    field.as_ref().map(|s| reborrow(&s.0))
}

/// The string again, borrowed from what it borrowed from.
pub(super) fn reborrow<'a>(text: &Cow<'a, str>) -> Cow<'a, str> {
    match text {
        Cow::Borrowed(text) => Cow::Borrowed(text),
        Cow::Owned(text) => Cow::Owned(text.clone()),
    }
}
