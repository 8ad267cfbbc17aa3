//! Where an export game's tags go: written as PGN ([`TagSection`]), or
//! kept as the record's tags ([`KeptTags`]) as the PGN reader would keep
//! them from that PGN.

use std::borrow::Cow;

use super::pgn_text::{TagSection, is_escaped};
use crate::read::tags::Tags;

/// Where a game's tags go.
pub(super) trait TagSink<'a> {
    /// Whether the tag `name` is kept: a value is made only for one that is.
    fn keeps(&self, name: &str) -> bool;

    fn put(&mut self, name: &'static str, value: Cow<'a, str>);

    /// Puts the tag where there is a value.
    fn put_if(&mut self, name: &'static str, value: Option<Cow<'a, str>>) {
        if let Some(value) = value {
            self.put(name, value);
        }
    }

    /// Puts the tag where it is kept and `value` makes one.
    fn put_with(&mut self, name: &'static str, value: impl FnOnce() -> Option<Cow<'a, str>>) {
        if self.keeps(name)
            && let Some(value) = value()
        {
            self.put(name, value);
        }
    }
}

impl<'a> TagSink<'a> for TagSection {
    fn keeps(&self, _: &str) -> bool {
        true
    }

    fn put(&mut self, name: &'static str, value: Cow<'a, str>) {
        self.tag(name, &value);
    }
}

/// The tags the audit reads, as the PGN reader keeps them from the tag
/// section [`TagSection`] writes; a value that section would escape or
/// change (`\`, `"`, a line break) makes them unkept, since the reader
/// would read it back otherwise.
#[derive(Debug, Default)]
pub(super) struct KeptTags<'a> {
    tags: Tags<'a>,
    escaped: bool,
}

impl<'a> KeptTags<'a> {
    /// The tags, unless a value would have been escaped.
    pub(super) fn into_tags(self) -> Option<Tags<'a>> {
        (!self.escaped).then_some(self.tags)
    }
}

impl<'a> TagSink<'a> for KeptTags<'a> {
    fn keeps(&self, name: &str) -> bool {
        Tags::keeps(name.as_bytes())
    }

    fn put(&mut self, name: &'static str, value: Cow<'a, str>) {
        if let Some(slot) = self.tags.slot(name.as_bytes()) {
            self.escaped |= is_escaped(&value);
            *slot = Some(value);
        }
    }
}
