//! Language: whether a remark beside an ending (`A fine game.`) is written
//! in a language this reader reads, so that it may be set aside — or in
//! another (`Must võitis ajaga`: Estonian, "Black won on time"), which may
//! say anything and is never set aside.
//!
//! Two tests, either enough: every word is a known word (a common word of a
//! read language, from `lexicon/`, a word of the vocabulary, a player's
//! name, figures); or `whatlang` tells a read language reliably, and the
//! words it does not know are few and none next to another. whatlang alone
//! cannot tell a short remark: it calls `A fine game.` Turkmen and `Thanks
//! for watching` Danish, none reliably (measured with whatlang 0.18); a
//! remark is most often a few words.

use std::sync::LazyLock;

use rustc_hash::FxHashSet as HashSet;
use whatlang::Lang;

use super::words_of;

/// The common words of each language read, as `scripts/lexicon.py` writes
/// them (zstd, one a line).
const LEXICONS: &[(&str, &[u8])] = &[
    ("en", include_bytes!("lexicon/en.zst")),
    ("de", include_bytes!("lexicon/de.zst")),
    ("fr", include_bytes!("lexicon/fr.zst")),
    ("es", include_bytes!("lexicon/es.zst")),
    ("it", include_bytes!("lexicon/it.zst")),
    ("nl", include_bytes!("lexicon/nl.zst")),
    ("pt", include_bytes!("lexicon/pt.zst")),
    ("ru", include_bytes!("lexicon/ru.zst")),
    ("pl", include_bytes!("lexicon/pl.zst")),
    ("cs", include_bytes!("lexicon/cs.zst")),
    ("sv", include_bytes!("lexicon/sv.zst")),
    ("nb", include_bytes!("lexicon/nb.zst")),
    ("da", include_bytes!("lexicon/da.zst")),
    ("fi", include_bytes!("lexicon/fi.zst")),
    ("hu", include_bytes!("lexicon/hu.zst")),
    ("ro", include_bytes!("lexicon/ro.zst")),
    ("tr", include_bytes!("lexicon/tr.zst")),
    ("uk", include_bytes!("lexicon/uk.zst")),
    ("hr", include_bytes!("lexicon/hr.zst")),
    ("el", include_bytes!("lexicon/el.zst")),
    ("zh", include_bytes!("lexicon/zh.zst")),
    ("ja", include_bytes!("lexicon/ja.zst")),
];

/// The languages read, as whatlang names them.
const READ: &[Lang] = &[
    Lang::Eng,
    Lang::Deu,
    Lang::Fra,
    Lang::Spa,
    Lang::Ita,
    Lang::Nld,
    Lang::Por,
    Lang::Rus,
    Lang::Pol,
    Lang::Ces,
    Lang::Swe,
    Lang::Nob,
    Lang::Dan,
    Lang::Fin,
    Lang::Hun,
    Lang::Ron,
    Lang::Tur,
    Lang::Ukr,
    Lang::Hrv,
    Lang::Srp,
    Lang::Ell,
    Lang::Cmn,
    Lang::Jpn,
];

/// Every language's common words, folded, read at first use: only a
/// remark beside an ending asks.
static LEXICON: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut words = HashSet::default();
    for (_, packed) in LEXICONS {
        // The files are the crate's own: a failure is a build's defect, and
        // an empty lexicon only sends remarks to review.
        let text = zstd::decode_all(*packed).unwrap_or_default();
        for line in String::from_utf8_lossy(&text).lines() {
            words.extend(words_of(&super::fold(line)).into_iter().map(str::to_string));
        }
    }
    words
});

/// Whether `word` (folded) is a common word of a language read.
pub(super) fn is_common(word: &str) -> bool {
    LEXICON.contains(word)
}

/// Whether a remark, its words folded and `known` telling a word this
/// reader knows (a compound, `high-level`, `R.J.Fischer`, by its parts), is written in a
/// language read: every word known; or, where the statement it stands in
/// is reliably in a language read (`reliable`), no two words unknown side
/// by side and at most half of them unknown (`overtook initiative` in a
/// paragraph of English).
pub(super) fn reads(
    words: &[&str],
    known: impl Fn(&str) -> bool,
    reliable: impl FnOnce() -> bool,
) -> bool {
    let parts = |w: &str| {
        w.split(['-', '.', '/'])
            .filter(|p| !p.is_empty())
            .all(&known)
    };
    let knows = |w: &str| known(w) || w.contains(['-', '.', '/']) && parts(w);
    let unknown: Vec<bool> = words.iter().map(|w| !knows(w)).collect();
    let count = unknown.iter().filter(|&&u| u).count();
    if count == 0 {
        return true;
    }
    let apart = !unknown.windows(2).any(|pair| pair[0] && pair[1]);
    apart && count * 2 <= words.len() && reliable()
}

/// Whether whatlang tells `text` reliably as a language read.
pub(super) fn reliably_read(text: &str) -> bool {
    whatlang::detect(text).is_some_and(|i| i.is_reliable() && READ.contains(&i.lang()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(text: &str) -> bool {
        let folded = super::super::fold(text);
        let words = words_of(&folded);
        reads(&words, is_common, || reliably_read(text))
    }

    #[test]
    fn every_language_read_has_its_words() {
        let codes: Vec<&str> = super::super::LANGUAGES.iter().map(|l| l.0).collect();
        let lexicons: Vec<&str> = LEXICONS.iter().map(|l| l.0).collect();
        assert_eq!(codes, lexicons);
        for word in [
            "game",
            "spiel",
            "partie",
            "партия",
            "parti",
            "játszma",
            "的",
            "の",
        ] {
            assert!(is_common(super::super::fold(word).trim()), "{word}");
        }
    }

    #[test]
    fn remarks_in_read_languages_are_told_from_others() {
        for remark in [
            "A fine game by White",
            "Thanks for watching",
            "An exciting game",
            "Ein schönes Spiel",
            "Une belle partie",
            "Hopefully the Chinese grandmaster recovers from a loss and we will be able to see \
             a dramatic match of two elite players",
        ] {
            assert!(common(remark), "{remark}");
        }
        // Estonian, Latvian, Icelandic, Vietnamese, Basque: "Black won on time".
        for other in [
            "Must võitis ajaga",
            "Melnie uzvarēja uz laiku",
            "Svartur vann á tíma",
            "Đen thắng do hết giờ",
            "Beltzak irabazi du denboragatik",
        ] {
            assert!(!common(other), "{other}");
        }
    }
}
