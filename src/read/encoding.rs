//! Text that is not UTF-8: club files written in Windows-1251 (Russian,
//! Ukrainian, Bulgarian, Serbian), Windows-1250 (Czech, Polish,
//! Hungarian), Windows-1252 or ISO-8859-x. Which one is guessed by
//! `chardetng` (Firefox's detector), once for a file ([`FileEncoding`]):
//! from its lines that are not UTF-8, in file order, from its first game
//! with one until 64 KiB of them or 4 MiB of the file further — a rule of
//! the games, not of blocks or threads, so that a game reads the same
//! whatever block, shard, range or door (`audit`, `explain`) it is read
//! through, and one player's name one way in the whole file (round seven's
//! g56: two short names alone were read as Windows-1252). The row names
//! the encoding (`text_encoding`), and the run counts the games
//! (summary.json's `encodings`); it never decodes in silence.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;

use crate::read::split::Block;

/// The most text that is not UTF-8 a file's encoding is guessed from.
const SAMPLE: usize = 64 * 1024;

/// How far past its first game not in UTF-8 a file is read for more such
/// text before its encoding is decided; the blocks read meanwhile wait.
const WINDOW: u64 = 4 * 1024 * 1024;

/// A source's encoding, decided once from its text that is not UTF-8:
/// blocks pass through until the first game holding such text, then wait
/// until the sample is full, the window read or the source's end, and go
/// on with the decision.
#[derive(Debug, Default)]
pub struct FileEncoding {
    decided: Option<&'static Encoding>,
    sample: Vec<u8>,
    /// The first offset past the window, once a game not in UTF-8 opened it.
    window_end: Option<u64>,
    /// The sample is complete (full, or the window read).
    complete: bool,
    held: Vec<Block>,
}

impl FileEncoding {
    /// The blocks that may go on now, `block` among them or held.
    pub fn admit(&mut self, mut block: Block) -> Vec<Block> {
        if self.decided.is_some() {
            block.legacy = self.decided;
            return vec![block];
        }
        // Most blocks are UTF-8 whole: one pass over the block, not one a
        // game.
        if self.window_end.is_none() && std::str::from_utf8(&block.data).is_ok() {
            return vec![block];
        }
        self.take_sample(&block);
        if self.window_end.is_none() {
            return vec![block];
        }
        self.held.push(block);
        match self.complete {
            true => self.decide(),
            false => Vec::new(),
        }
    }

    /// At the source's end: the blocks still held, decided.
    pub fn finish(&mut self) -> Vec<Block> {
        match self.held.is_empty() {
            true => Vec::new(),
            false => self.decide(),
        }
    }

    /// Adds the lines of `block`'s games that are not UTF-8, in game
    /// order, while the sample is open.
    fn take_sample(&mut self, block: &Block) {
        for game in &block.games {
            if self.complete || self.window_end.is_some_and(|end| game.offset >= end) {
                self.complete = true;
                return;
            }
            let bytes = &block.data[game.bytes.clone()];
            if bytes.is_ascii() || std::str::from_utf8(bytes).is_ok() {
                continue;
            }
            self.window_end.get_or_insert(game.offset + WINDOW);
            let lines = bytes.split(|&b| b == b'\n' || b == b'\r');
            for line in lines.filter(|l| std::str::from_utf8(l).is_err()) {
                self.sample.extend_from_slice(line);
                self.sample.push(b'\n');
            }
            self.complete = self.sample.len() >= SAMPLE;
        }
    }

    fn decide(&mut self) -> Vec<Block> {
        let decided = guess(&self.sample);
        self.decided = Some(decided);
        let mut held = std::mem::take(&mut self.held);
        for block in &mut held {
            block.legacy = Some(decided);
        }
        held
    }
}

/// The least text not in UTF-8 a game's own guess is trusted from.
const OWN_SAMPLE: usize = 64;

/// Whether a game read in its file's `encoding` holds enough text not in
/// UTF-8 of its own to tell, and that text looks like another encoding: a
/// file whose games disagree says so (summary.json's `records`).
pub fn own_differs(game: &[u8], encoding: &'static Encoding) -> bool {
    let mut own = Vec::new();
    let lines = game.split(|&b| b == b'\n' || b == b'\r');
    for line in lines.filter(|l| !l.is_ascii() && std::str::from_utf8(l).is_err()) {
        own.extend_from_slice(line);
        own.push(b'\n');
    }
    let foreign = own.iter().filter(|b| !b.is_ascii()).count();
    foreign >= OWN_SAMPLE && guess(&own) != encoding
}

/// Firefox's guess at the encoding of `bytes`, which are not UTF-8;
/// Windows-1252 where it has nothing to go on.
///
/// ```
/// use pgn_arbiter::read::encoding::guess;
/// let (text, _, _) = encoding_rs::WINDOWS_1251
///     .encode("[Event \"Первенство города\"]\n[White \"Иванов, Иван\"]\n");
/// assert_eq!(guess(&text).name(), "windows-1251");
/// ```
pub fn guess(bytes: &[u8]) -> &'static Encoding {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    detector.guess(None, Utf8Detection::Deny)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_encoding(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        encoding.encode(text).0.into_owned()
    }

    #[test]
    fn a_games_tags_are_enough_to_tell() {
        let russian = "[Event \"Первенство города\"]\n[Site \"Москва\"]\n[White \"Иванов, Иван\"]\n[Black \"Петров, Пётр\"]\n";
        let cp1251 = in_encoding(encoding_rs::WINDOWS_1251, russian);
        assert_eq!(guess(&cp1251), encoding_rs::WINDOWS_1251);
        let german = "[Event \"Bezirksmeisterschaft Würzburg\"]\n[White \"Müller, Jürgen\"]\n[Black \"Schäfer, Björn\"]\n";
        let cp1252 = in_encoding(encoding_rs::WINDOWS_1252, german);
        assert_eq!(guess(&cp1252), encoding_rs::WINDOWS_1252);
    }
}
