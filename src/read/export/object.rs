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
    #[serde(deserialize_with = "whole")]
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
    #[serde(deserialize_with = "whole_list")]
    pub clocks: Option<Vec<u64>>,
    #[serde(deserialize_with = "whole")]
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
    #[serde(deserialize_with = "whole")]
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
    #[serde(deserialize_with = "whole")]
    pub ai_level: Option<u64>,
    #[serde(borrow)]
    pub name: Text<'a>,
    #[serde(deserialize_with = "whole")]
    pub rating: Option<i64>,
    #[serde(deserialize_with = "whole")]
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
    #[serde(deserialize_with = "whole")]
    pub initial: Option<u64>,
    #[serde(deserialize_with = "whole")]
    pub increment: Option<u64>,
}

/// One side of a chess.com game.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct ChessComPlayer<'a> {
    #[serde(borrow)]
    pub username: Text<'a>,
    #[serde(deserialize_with = "whole")]
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

    /// The object's `key` (lichess's own: `standard`, `fromPosition`),
    /// else its `name` as a key (`From Position` is `fromPosition`); of a
    /// field given twice, the last, as JSON's readers read it.
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let (mut key_field, mut name) = (None, None);
        while let Some(key) = map.next_key::<Str<'de>>()? {
            match &*key {
                "key" => key_field = Some(map.next_value::<Str<'de>>()?.0),
                "name" => name = Some(map.next_value::<Str<'de>>()?.0),
                _ => drop(map.next_value::<IgnoredAny>()?),
            }
        }
        key_field
            .or_else(|| name.map(|name| Cow::Owned(as_key(&name))))
            .map(Named)
            .ok_or_else(|| serde::de::Error::missing_field("name"))
    }
}

/// A name lichess shows (`Standard`, `From Position`, `King of the Hill`)
/// as the key it writes (`standard`, `fromPosition`, `kingOfTheHill`).
fn as_key(name: &str) -> String {
    let mut words = name.split([' ', '-']).filter(|w| !w.is_empty());
    let mut key = words.next().unwrap_or_default().to_lowercase();
    for word in words {
        let mut letters = word.chars();
        key.extend(letters.next().map(|c| c.to_ascii_uppercase()));
        key.push_str(&letters.as_str().to_lowercase());
    }
    key
}

/// An integer field as JSON may write it: `1500`, `1500.0`, `1.5e3`, `-0`
/// — a number whose value is whole, as python reads each; `null` none.
fn whole<'de, D: Deserializer<'de>, T: TryFrom<i128>>(d: D) -> Result<Option<T>, D::Error> {
    let Some(Whole(value)) = Option::<Whole>::deserialize(d)? else {
        return Ok(None);
    };
    T::try_from(value)
        .map(Some)
        .map_err(|_| serde::de::Error::custom(format!("the number {value} is out of range")))
}

/// A list of integers written as [`whole`] reads one.
fn whole_list<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u64>>, D::Error> {
    let Some(list) = Option::<Vec<Whole>>::deserialize(d)? else {
        return Ok(None);
    };
    list.into_iter()
        .map(|Whole(value)| u64::try_from(value))
        .collect::<Result<_, _>>()
        .map(Some)
        .map_err(|_| serde::de::Error::custom("a clock reading below zero"))
}

/// A JSON number whose value is whole.
struct Whole(i128);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WholeVisitor)
    }
}

struct WholeVisitor;

impl Visitor<'_> for WholeVisitor {
    type Value = Whole;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number")
    }

    fn visit_i64<E>(self, n: i64) -> Result<Whole, E> {
        Ok(Whole(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Whole, E> {
        Ok(Whole(n.into()))
    }

    fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Whole, E> {
        // Within i64, where an f64 still holds every whole number exactly
        // up to 2^53 and a rating or a time far less.
        match n.is_finite() && n.fract() == 0.0 && n.abs() < 9.2e18 {
            true => Ok(Whole(n as i128)),
            false => Err(E::custom(format!("{n} is no whole number"))),
        }
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
