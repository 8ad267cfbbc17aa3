//! Words: the grammar of a statement about a game's ending, in every
//! language of `words/lang/`. Its words are folded (case, accents),
//! the players' names put in as slots, cut into clauses at punctuation,
//! and each clause matched whole against the vocabulary's phrases.
//!
//! A statement is read *whole* when every clause is accounted for: an
//! ending, a result (`0-1`), an aside that names nobody (`both low on
//! time`), an engine's figures (`0.00/40 0.099s`), or a remark in a language
//! read that holds no ending or result (`A fine game.`). A clause that holds
//! an ending it does not state whole (`Black resigned here`), asked
//! (`Black flagged?`, `(?)`), denied (`claim rejected`, `Nein`), hedged
//! (`allegedly`), an aside naming a player (`White in time trouble`: time
//! trouble is no flag), or in a language not read leaves it read *in part*,
//! and then it decides nothing. A clause is matched whole, never from a
//! word inside another.
//!
//! A player's name that is also a colour word (a Black player called
//! `White, Alan`) gives a sentence two readings; where they differ, the
//! statement is ambiguous.

use std::ops::Range;

use shakmaty::Color;

use crate::model::ending::{Ending, Naming, Party, Role, Stated, Unread, UnreadKind};
use crate::model::outcome::GameResult;
use clause::{Heard, Known};
use text::{Folded, clauses, mark_names, marked_side, name_candidates, occurs};
pub(crate) use text::{fold, words_of};
pub use vocabulary::LANGUAGES;
use vocabulary::{Element, Kind, Meaning, VOCABULARY, Vocabulary, is_number};

/// The players as the tags name them.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Names<'a> {
    pub white: Option<&'a str>,
    pub black: Option<&'a str>,
}

impl<'a> Names<'a> {
    /// The name of `side`.
    pub fn of(self, side: Color) -> Option<&'a str> {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// What the words of a statement read whole say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    pub ending: Ending,
    /// A game not played: the ending is a forfeit or unplayed by the
    /// recorded result.
    pub forfeit: bool,
    pub party: Option<Party>,
    pub result: Stated,
    /// `Normal`: ended by play, neither on time nor by leaving.
    pub by_play: bool,
}

/// A statement read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Read {
    /// Read whole.
    Said(Said),
    /// Read in part: the clause that kept it from being read whole.
    Partial(Unread),
    /// Two readings that differ, a player's name being a colour word: the
    /// player whose name it is.
    Ambiguous(Color),
    /// Words that tell an ending this grammar does not know, or that
    /// contradict themselves.
    NotUnderstood,
    /// Read whole, and nothing about the ending: figures, a remark in a
    /// language read with no ending or result in it (`a fine game`).
    Inert,
}

/// Reads a statement. `strict` for a tag, whose every word is about the
/// ending; a comment may say nothing of it.
pub(crate) fn read(text: &str, names: Names<'_>, strict: bool) -> Read {
    read_as(text, names, strict, true)
}

/// Reads a statement whose writer names the players by their names only,
/// never by colour words (chess.com's `Termination`: `White won on time`
/// there is the player called `White`).
pub(crate) fn read_by_name(text: &str, names: Names<'_>, strict: bool) -> Read {
    read_as(text, names, strict, false)
}

fn read_as(text: &str, names: Names<'_>, strict: bool, colours: bool) -> Read {
    if !text.chars().any(char::is_alphanumeric) {
        return signs(text, strict);
    }
    let vocabulary = &*VOCABULARY;
    // Most statements are one phrase without a player (`Normal`, `Time
    // forfeit`): found at once, names unmarked.
    let mut said = Said::default();
    if let Some(&meaning) = vocabulary.fixed.get(fold(text).trim())
        && meaning.kind.tells()
        && said.add(meaning, None)
    {
        return Read::Said(said);
    }
    let folded = Folded::of(text);
    let candidates = name_candidates(names);
    let known = Known::of(text, names);
    let marked = mark_names(&folded, &candidates);
    let first = vocabulary.read_marked(&marked, strict, &known);
    // A name that is also a colour word, and stands in the text: read
    // again as the colour.
    let Some(side) = candidates
        .iter()
        .filter(|_| colours)
        .find(|(_, name)| vocabulary.is_colour_word(name) && occurs(&folded.text, name))
        .map(|c| c.0)
    else {
        return first;
    };
    let plain: Vec<_> = candidates
        .into_iter()
        .filter(|c| !vocabulary.is_colour_word(&c.1))
        .collect();
    let second = vocabulary.read_marked(&mark_names(&folded, &plain), strict, &known);
    one_reading(first, second, side)
}

/// Text without a letter or a digit: a question mark doubts (`(?)` in a
/// comment); punctuation and the annotators' glyphs (`±`, `∞`) say nothing;
/// any other sign (an emoji) may say anything.
fn signs(text: &str, strict: bool) -> Read {
    let written = text.trim();
    let unread = |kind| {
        Read::Partial(Unread {
            clause: written.to_string(),
            kind,
        })
    };
    // A tag's lone `?` is PGN's "not known"; any other question doubts.
    if written.contains('?') && !(strict && written == "?") {
        return unread(UnreadKind::Hedge);
    }
    let quiet = |c: char| c.is_whitespace() || c.is_ascii_punctuation() || GLYPHS.contains(c);
    match (written.chars().all(quiet), strict) {
        (true, _) => Read::Inert,
        (false, true) => Read::NotUnderstood,
        (false, false) => unread(UnreadKind::Language),
    }
}

/// Punctuation beyond ASCII and the glyphs of chess annotation.
const GLYPHS: &str = "…–—‐‑‒―«»“”„‘’‚·•±∓⩲⩱∞⇆⇄↑→△□⨀⊥⟳⌓○●◯⊕⊞⇔½";

/// The reading of a sentence read with the names and with the colour
/// words: the same fact, or one of them read at all, or ambiguous.
fn one_reading(named: Read, coloured: Read, side: Color) -> Read {
    match (named, coloured) {
        (Read::Said(a), Read::Said(b)) if a.fact() != b.fact() => Read::Ambiguous(side),
        (said @ Read::Said(_), _) | (_, said @ Read::Said(_)) => said,
        (Read::Inert, other) => other,
        (first, _) => first,
    }
}

/// Whether a text speaks of a claim, an appeal or a ruling about the
/// game (`Black claimed a draw`, `Einspruch gegen die Zeitüberschreitung`),
/// understood or not: a claim word beside words about the ending. An
/// annotator's `staking a claim to the centre` is none.
pub(crate) fn mentions_a_claim(text: &str) -> bool {
    let vocabulary = &*VOCABULARY;
    let folded = fold(text);
    let clauses = clauses(&folded);
    let claim = |w: &&str| vocabulary.claim_words.contains(*w);
    clauses.iter().any(|c| c.words.iter().any(claim))
        && clauses.iter().any(|c| {
            let rest: Vec<&str> = c.words.iter().copied().filter(|w| !claim(w)).collect();
            vocabulary.about_the_ending(&rest).is_some()
        })
}

/// The result a `Result` tag's words give (`remis`, `Weiß gewinnt`), if
/// they are understood and give one.
pub(crate) fn result_of(text: &str, names: Names<'_>) -> Option<GameResult> {
    let Read::Said(said) = read(text, names, true) else {
        return None;
    };
    match said.result {
        Stated::Win(side) => Some(GameResult::Win(side)),
        Stated::Draw => Some(GameResult::Draw),
        Stated::Nothing | Stated::Decisive | Stated::NoResult => None,
    }
}

impl Default for Said {
    fn default() -> Self {
        Said {
            ending: Ending::Unknown,
            forfeit: false,
            party: None,
            result: Stated::Nothing,
            by_play: false,
        }
    }
}

impl Said {
    /// Adds a clause's meaning; `false` when it contradicts the clauses
    /// before it (two endings, two results, two losers).
    fn add(&mut self, meaning: Meaning, party: Option<Party>) -> bool {
        let ending = match meaning.kind {
            Kind::Ending(e) => Some(e),
            Kind::Forfeit => Some(Ending::Forfeit),
            Kind::Normal => {
                self.by_play = true;
                None
            }
            _ => None,
        };
        if let Some(e) = ending {
            match (self.ending, e) {
                (Ending::Unknown, _) => self.ending = e,
                // A GUI's `adjudication: Checkmate` names its ground.
                (Ending::Adjudication, ground) if ground.played() => self.ending = ground,
                (ground, Ending::Adjudication) if ground.played() => {}
                (a, b) if a != b => return false,
                _ => {}
            }
            self.forfeit |= meaning.kind == Kind::Forfeit;
        }
        let Some(result) = self.result.with(clause_result(meaning, party)) else {
            return false;
        };
        self.result = result;
        match (self.party, party) {
            (Some(a), Some(b)) if a.fallen() != b.fallen() => false,
            (None, Some(b)) => {
                self.party = Some(b);
                true
            }
            _ => true,
        }
    }

    /// Adds a result written in figures; `false` when the clauses before
    /// give another, or name its winner as the one the ending befell.
    fn add_result(&mut self, result: Stated) -> bool {
        let Some(both) = self.result.with(result) else {
            return false;
        };
        let fallen_wins =
            matches!((self.party, both), (Some(p), Stated::Win(w)) if p.fallen() == w);
        self.result = both;
        !fallen_wins
    }

    /// What the words say, however they name the player.
    fn fact(&self) -> (Ending, bool, Option<Color>, Stated, bool) {
        let fallen = self.party.map(Party::fallen);
        (self.ending, self.forfeit, fallen, self.result, self.by_play)
    }
}

/// The result one clause states.
fn clause_result(meaning: Meaning, party: Option<Party>) -> Stated {
    if meaning.drawn {
        return Stated::Draw;
    }
    if meaning.decisive {
        return Stated::Decisive;
    }
    match (party.map(|p| (p.role, p.side)), meaning.kind) {
        (Some((Role::Loser, side)), _) => Stated::Win(!side),
        (Some((Role::Winner, side)), _) => Stated::Win(side),
        (_, Kind::Ending(ending)) => Stated::of_ending(ending),
        (_, Kind::Won) => Stated::Decisive,
        (_, Kind::Drawn) => Stated::Draw,
        _ => Stated::Nothing,
    }
}

impl Vocabulary {
    /// Reads a text whose names are marked.
    fn read_marked(&self, marked: &Folded, strict: bool, known: &Known<'_>) -> Read {
        let mut said = Said::default();
        let mut told = false;
        // The clause quoted as the doubt: one that denies, doubts or asks
        // before one merely not understood.
        let mut doubt: Option<(UnreadKind, Range<usize>)> = None;
        for clause in clauses(&marked.text) {
            match self.hear(&clause, known, strict) {
                Heard::Told(meaning, party) if said.add(meaning, party) => told = true,
                Heard::Result(result) if said.add_result(result) => told = true,
                Heard::Told(..) | Heard::Result(_) => return Read::NotUnderstood,
                Heard::Aside => {}
                Heard::Doubtful(kind) => {
                    let vague = |k: UnreadKind| k == UnreadKind::NotUnderstood;
                    if doubt.as_ref().is_none_or(|d| vague(d.0) && !vague(kind)) {
                        doubt = Some((kind, clause.span.clone()));
                    }
                }
            }
        }
        match doubt {
            None if told => Read::Said(said),
            None if strict => Read::NotUnderstood,
            None => Read::Inert,
            Some((kind, span)) if told || kind != UnreadKind::NotUnderstood => {
                Read::Partial(Unread {
                    clause: marked.quote(known.written, span),
                    kind,
                })
            }
            Some(_) => Read::NotUnderstood,
        }
    }

    /// What a clause means, and the player it names.
    fn meaning(&self, words: &[&str]) -> Option<(Meaning, Option<Party>)> {
        let fixed = match words {
            [one] => self.fixed.get(*one),
            _ => self.fixed.get(&words.join(" ")),
        };
        if let Some(meaning) = fixed {
            return Some((*meaning, None));
        }
        // The phrases that can match, in the order written.
        let mut candidates: Vec<usize> = words
            .iter()
            .filter_map(|w| self.slotted_by_word.get(*w))
            .flatten()
            .copied()
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        candidates.into_iter().find_map(|at| {
            let phrase = &self.slotted[at];
            let binding = self.match_from(&phrase.elements, words, Binding::default())?;
            let party = binding.side.map(|(side, named)| Party {
                side,
                role: phrase.meaning.role.unwrap_or(Role::Subject),
                named,
            });
            Some((phrase.meaning, party))
        })
    }

    /// Matches `elements` against all of `words`.
    fn match_from(
        &self,
        elements: &[Element],
        words: &[&str],
        binding: Binding,
    ) -> Option<Binding> {
        let Some((first, rest)) = elements.split_first() else {
            return words.is_empty().then_some(binding);
        };
        match first {
            Element::Word {
                alternatives,
                optional,
            } => {
                let here = words
                    .first()
                    .filter(|w| alternatives.iter().any(|a| a == *w))
                    .and_then(|_| self.match_from(rest, &words[1..], binding));
                here.or_else(|| {
                    optional
                        .then(|| self.match_from(rest, words, binding))
                        .flatten()
                })
            }
            Element::Number => {
                let number = words.first().is_some_and(|w| is_number(w));
                number.then(|| self.match_from(rest, &words[1..], binding))?
            }
            Element::Side | Element::Other => {
                let other = matches!(first, Element::Other);
                self.players(words)
                    .into_iter()
                    .find_map(|(side, named, len)| {
                        let bound = binding.bind(side, named, other)?;
                        self.match_from(rest, &words[len..], bound)
                    })
            }
        }
    }

    /// The players `words` may start with: a name put in as a slot, or a
    /// colour word; with how many words each takes.
    fn players(&self, words: &[&str]) -> Vec<(Color, Naming, usize)> {
        let mut found = Vec::new();
        let Some(first) = words.first() else {
            return found;
        };
        if let Some(side) = marked_side(first) {
            found.push((side, Naming::Name, 1));
        }
        for &at in self.colours_by_word.get(*first).into_iter().flatten() {
            let (elements, colour) = &self.colours[at];
            for len in prefix_lengths(elements, words) {
                found.push((*colour, Naming::Colour, len));
            }
        }
        found
    }

    /// Whether a folded name holds a word that names a colour
    /// (`white, alan`, `de wit`, `cerny`).
    fn is_colour_word(&self, name: &str) -> bool {
        words_of(name)
            .iter()
            .any(|w| self.colour_words.contains(*w))
    }
}

/// The lengths of the prefixes of `words` that a slotless phrase matches.
fn prefix_lengths(elements: &[Element], words: &[&str]) -> Vec<usize> {
    let Some((first, rest)) = elements.split_first() else {
        return vec![0];
    };
    let Element::Word {
        alternatives,
        optional,
    } = first
    else {
        return Vec::new();
    };
    let mut lengths = Vec::new();
    if words
        .first()
        .is_some_and(|w| alternatives.iter().any(|a| a == w))
    {
        lengths.extend(prefix_lengths(rest, &words[1..]).into_iter().map(|l| l + 1));
    }
    if *optional {
        lengths.extend(prefix_lengths(rest, words));
    }
    lengths
}

/// The player a phrase's `{side}` named so far.
#[derive(Debug, Clone, Copy, Default)]
struct Binding {
    side: Option<(Color, Naming)>,
}

impl Binding {
    /// `{side}` (or `{other}`, which must be the other colour) bound to
    /// `side`.
    fn bind(self, side: Color, named: Naming, other: bool) -> Option<Binding> {
        match (self.side, other) {
            (None, false) => Some(Binding {
                side: Some((side, named)),
            }),
            (Some((bound, _)), true) => (bound == !side).then_some(self),
            _ => None,
        }
    }
}

mod clause;
mod language;
mod text;
mod vocabulary;

#[cfg(test)]
mod tests;
