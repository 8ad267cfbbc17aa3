#![allow(dead_code)]
//! An independent reading of PGN files with `pgn-reader`, to check the
//! audit against: how many games, and each game's tags.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, Visitor};

struct TagCollector;

impl Visitor for TagCollector {
    type Tags = Vec<(String, String)>;
    type Movetext = Vec<(String, String)>;
    type Output = Vec<(String, String)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags)
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// Every game's tags, as pgn-reader reads them.
pub fn games(bytes: &[u8]) -> Vec<Vec<(String, String)>> {
    let mut reader = Reader::new(bytes);
    let mut out = Vec::new();
    while let Ok(Some(tags)) = reader.read_game(&mut TagCollector) {
        out.push(tags);
    }
    out
}

pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}
