//! A game object of either server, deserialized as typed fields that
//! borrow from the export's bytes: only the fields written into the PGN
//! are kept, the rest (evals, analysis, chess.com's `tcn`) skipped unread.
//! A tree of `serde_json::Value`s cost a third of a game's audit (issue 66's
//! bench); this costs a few per cent.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;

use crate::model::date::Day;
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
    #[serde(deserialize_with = "moment")]
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

/// A moment as epoch milliseconds: a number, as lichess writes it, or the
/// text a Python client's dump writes for it (berserk's dates through
/// `json.dump(…, default=str)`: `2023-02-19 19:54:57.125000+00:00`; ISO's
/// `T` and `Z` too).
fn moment<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Moment<'a> {
        Millis(Whole),
        #[serde(borrow)]
        Text(Str<'a>),
    }
    match Option::<Moment>::deserialize(d)? {
        None => Ok(None),
        Some(Moment::Millis(Whole(millis))) => i64::try_from(millis)
            .map(Some)
            .map_err(|_| serde::de::Error::custom("a moment out of range")),
        Some(Moment::Text(text)) => epoch_millis(&text)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("“{}” is no date and time", &*text))),
    }
}

/// `YYYY-MM-DD HH:MM:SS[.fraction][Z|±HH:MM]` as epoch milliseconds.
fn epoch_millis(text: &str) -> Option<i64> {
    let number = |s: &str| s.parse::<i64>().ok();
    let (date, rest) = text.trim().split_at_checked(10)?;
    let mut ymd = date.split('-').map(number);
    let (y, m, day) = (ymd.next()??, ymd.next()??, ymd.next()??);
    let rest = rest.strip_prefix([' ', 'T'])?;
    let (time, zone) = rest.split_at(rest.find(['Z', '+', '-']).unwrap_or(rest.len()));
    let (hms, fraction) = time.split_once('.').unwrap_or((time, ""));
    let mut hms = hms.split(':').map(number);
    let (h, min, sec) = (hms.next()??, hms.next()??, hms.next()??);
    let millis = format!("{fraction:0<3}").get(..3).and_then(number)?;
    let offset = match zone {
        "" | "Z" => 0,
        _ => {
            let (sign, hm) = zone.split_at(1);
            let (zh, zm) = hm.split_once(':')?;
            (number(zh)? * 60 + number(zm)?) * if sign == "-" { -1 } else { 1 }
        }
    };
    let day = Day::new(
        u16::try_from(y).ok()?,
        u8::try_from(m).ok()?,
        u8::try_from(day).ok()?,
    );
    let days = i64::from(day.days_since_epoch()?);
    Some(((days * 24 + h) * 60 + min - offset) * 60_000 + sec * 1000 + millis)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A moment's wall-clock date and time (`2023-02-19`, `19:54:57.125`)
    /// at `offset` minutes east of UTC.
    fn wall_clock(millis: i64, offset: i64) -> (String, String) {
        let local = millis + offset * 60_000;
        let day = Day::from_days_since_epoch(local.div_euclid(86_400_000)).unwrap();
        let t = local.rem_euclid(86_400_000);
        let date = format!("{:04}-{:02}-{:02}", day.year, day.month, day.day);
        let (h, m, s, ms) = (t / 3_600_000, t / 60_000 % 60, t / 1000 % 60, t % 1000);
        (date, format!("{h:02}:{m:02}:{s:02}.{ms:03}"))
    }

    /// Every moment written as a Python client writes it (`str` of an
    /// aware datetime), in ISO's form and at another offset, is read back
    /// to its millisecond.
    #[test]
    fn a_moment_written_as_text_is_read_to_its_millisecond() {
        let mut state: u64 = 0x000d_a7e5_eed5;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let millis = (state % 4_102_444_800_000) as i64;
            let (date, time) = wall_clock(millis, 0);
            let python = format!("{date} {time}000+00:00");
            let iso = format!("{date}T{time}Z");
            assert_eq!(epoch_millis(&python), Some(millis), "{python}");
            assert_eq!(epoch_millis(&iso), Some(millis), "{iso}");
            // The same moment an hour and a half east of UTC.
            let (date, time) = wall_clock(millis, 90);
            let local = format!("{date} {time}+01:30");
            assert_eq!(epoch_millis(&local), Some(millis), "{local}");
        }
        assert_eq!(
            epoch_millis("2023-02-19 19:54:57+00:00"),
            Some(1_676_836_497_000)
        );
        assert_eq!(epoch_millis("19 Feb 2023"), None);
    }
}
