//! Clause: what one clause of a statement is — a phrase that tells the
//! ending or the result, a result in figures, something read and set aside
//! (figures, an aside naming nobody, a remark in a language read), or
//! something that keeps the statement from being read whole.

use std::cell::OnceCell;

use super::text::{Clause, marked_side};
use super::vocabulary::{Kind, Meaning, Vocabulary};
use super::{Names, fold, language, words_of};
use crate::model::ending::{Party, Stated, UnreadKind};
use crate::model::outcome::GameResult;

/// What one clause is.
pub(super) enum Heard {
    /// It tells the ending, or the result.
    Told(Meaning, Option<Party>),
    /// A result written in figures: `0-1`, `½-½`.
    Result(Stated),
    /// Read, and no part of the statement: an aside naming nobody,
    /// figures, a remark in a language read.
    Aside,
    /// It keeps the statement from being read whole.
    Doubtful(UnreadKind),
}

/// What a remark's words may be and still be known: the players' names,
/// word by word, besides the vocabulary and the common words. Both the
/// names' words and the text's language are worked out only when a remark
/// asks: most statements are phrases alone.
pub(super) struct Known<'t> {
    /// The text as written, to quote and to tell its language.
    pub written: &'t str,
    players: Names<'t>,
    names: OnceCell<Vec<String>>,
    /// Whether the whole text is reliably in a language read, once asked.
    reliable: OnceCell<bool>,
}

impl<'t> Known<'t> {
    pub(super) fn of(written: &'t str, players: Names<'t>) -> Known<'t> {
        Known {
            written,
            players,
            names: OnceCell::new(),
            reliable: OnceCell::new(),
        }
    }

    fn reliable(&self) -> bool {
        *self
            .reliable
            .get_or_init(|| language::reliably_read(self.written))
    }

    fn is_name(&self, word: &str) -> bool {
        let names = self.names.get_or_init(|| {
            let mut parts = Vec::new();
            for name in [self.players.white, self.players.black]
                .into_iter()
                .flatten()
            {
                parts.extend(words_of(&fold(name)).into_iter().map(str::to_string));
            }
            parts
        });
        names.iter().any(|n| n == word)
    }
}

impl Vocabulary {
    /// What a clause is.
    pub(super) fn hear(&self, clause: &Clause<'_>, known: &Known<'_>, strict: bool) -> Heard {
        let words = &clause.words;
        if words.is_empty() {
            // A question mark standing alone: `(?)`, `(!?)`.
            return Heard::Doubtful(UnreadKind::Hedge);
        }
        if let Some((meaning, party)) = self.meaning(words) {
            return match meaning.kind {
                Kind::Aside if party.is_none() => Heard::Aside,
                Kind::Aside => Heard::Doubtful(UnreadKind::NamedAside),
                Kind::Denial => Heard::Doubtful(UnreadKind::Denial),
                Kind::Hedge => Heard::Doubtful(UnreadKind::Hedge),
                _ if clause.question => Heard::Doubtful(UnreadKind::Question),
                _ => Heard::Told(meaning, party),
            };
        }
        if let [word] = words.as_slice()
            && let Some(result) = result_mark(word)
        {
            return match clause.question {
                true => Heard::Doubtful(UnreadKind::Question),
                false => Heard::Result(result),
            };
        }
        if let Some(kind) = self.about_the_ending(words) {
            return Heard::Doubtful(kind);
        }
        if words.iter().all(|w| is_figures(w)) {
            return Heard::Aside;
        }
        // Every word of a tag is about the ending: none is a remark.
        if strict {
            return Heard::Doubtful(UnreadKind::NotUnderstood);
        }
        let knows = |w: &str| self.knows(w, known);
        match language::reads(words, knows, || known.reliable()) {
            true => Heard::Aside,
            false => Heard::Doubtful(UnreadKind::Language),
        }
    }

    /// Whether a clause that is no phrase holds an ending, a result or a
    /// denial all the same: a result in figures, a word that tells an
    /// ending, or a phrase standing among other words (`in fact the players
    /// agreed a draw`; `the arbiter rejected the claim`). A word any
    /// language calls filler (`left`, `loss`) is no sign alone.
    pub(super) fn about_the_ending(&self, words: &[&str]) -> Option<UnreadKind> {
        let signal = words
            .iter()
            .any(|w| result_mark(w).is_some() || self.signals.contains(*w));
        let mut found = signal.then_some(UnreadKind::NotUnderstood);
        let mut tried = 0usize;
        for start in 0..words.len() {
            if !self.may_start(words[start]) {
                continue;
            }
            let end = words.len().min(start + self.longest);
            for stop in start + 1..=end {
                if stop == start + 1 && self.filler.contains(words[start]) {
                    continue;
                }
                // A clause too long to search whole is not read whole.
                tried += 1;
                if tried > SEARCHED_SPANS {
                    return Some(UnreadKind::NotUnderstood);
                }
                let Some((meaning, _)) = self.meaning(&words[start..stop]) else {
                    continue;
                };
                match meaning.kind {
                    Kind::Denial => return Some(UnreadKind::Denial),
                    Kind::Hedge => return Some(UnreadKind::Hedge),
                    Kind::Aside | Kind::Silent | Kind::Normal => {}
                    _ => found = Some(UnreadKind::NotUnderstood),
                }
            }
        }
        found
    }

    /// Whether a phrase may begin with `word`.
    fn may_start(&self, word: &str) -> bool {
        marked_side(word).is_some() || self.phrase_words.contains(word)
    }

    /// Whether a word is one this reader knows: a phrase's, a common word
    /// of a language read, a player's name, figures.
    fn knows(&self, word: &str, known: &Known<'_>) -> bool {
        is_figures(word)
            || !word.chars().any(char::is_alphanumeric)
            || word == "'s"
            || marked_side(word).is_some()
            || self.phrase_words.contains(word)
            || self.filler.contains(word)
            || known.is_name(word)
            || language::is_common(word)
    }
}

/// Figures, not words: an engine's score and time (`+0.35/18`, `0.099s`),
/// a move in brackets (`Kg7`), a clause number (`15.4.3`) — but not a
/// result (`0-1`).
pub(super) fn is_figures(word: &str) -> bool {
    word.bytes().any(|b| b.is_ascii_digit()) && result_mark(word).is_none()
}

/// The result a word writes in figures: `1-0`, `0:1`, `½-½`, `0,5-0,5`
/// (not `=` or `+-`, which annotate a position).
fn result_mark(word: &str) -> Option<Stated> {
    if !word.contains(|c: char| c.is_ascii_digit() || c == '½') {
        return None;
    }
    match GameResult::parse(word)? {
        GameResult::Win(side) => Some(Stated::Win(side)),
        GameResult::Draw => Some(Stated::Draw),
        GameResult::Unfinished => None,
    }
}

/// The most spans of a clause searched for a phrase standing inside it.
const SEARCHED_SPANS: usize = 20_000;
