//! Text that is not UTF-8: club files written in Windows-1251 (Russian,
//! Ukrainian, Bulgarian, Serbian), Windows-1250 (Czech, Polish,
//! Hungarian), Windows-1252 or ISO-8859-x. Which one is guessed by
//! `chardetng` (Firefox's detector) from the game's own bytes — its tags,
//! its comments — so that a game reads the same whatever block, shard or
//! door (`audit`, `explain`) it is read through. The run says which
//! encoding it used for how many games (summary.json's `encodings`); it
//! never decodes in silence.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;

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
