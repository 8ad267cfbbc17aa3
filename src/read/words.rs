//! Words: the grammar of a statement about a game's ending, in every
//! language of `words/lang/`. Its words are folded (case, accents),
//! the players' names put in as slots, cut into clauses at punctuation,
//! and each clause matched whole against the vocabulary's
//! phrases. A statement is understood when every clause is (a comment may
//! also hold remarks with no ending word in them, `0.00/40 0.099s`); else
//! it is not understood, and the audit says so. Nothing is matched inside a
//! word or a clause: `Draw agreed, both low on time` is an agreement and an
//! aside, never a flag.

use shakmaty::Color;

use crate::model::ending::{Ending, Naming, Party, Role, Stated};
use crate::model::outcome::GameResult;
pub use vocabulary::LANGUAGES;
use vocabulary::{Element, Kind, Meaning, VOCABULARY, Vocabulary, is_number};

/// The players as the tags name them.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Names<'a> {
    pub white: Option<&'a str>,
    pub black: Option<&'a str>,
}

/// What the words of a statement say.
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
    /// Words set aside as remarks (a comment's engine output): no ending
    /// word among them.
    pub remarks: bool,
}

/// The most words a comment holds that is a statement, not an
/// annotator's prose: FICS's longest sentence (`X ran out of time and Y
/// has no material to mate`) has eleven.
const PROSE_WORDS: usize = 12;

/// A statement read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Read {
    Said(Said),
    /// Words that tell no ending this grammar knows, or contradict
    /// themselves.
    NotUnderstood,
    /// No ending word at all (a comment about the position, `?`).
    Silent,
}

/// Reads a statement. `strict` for a tag, whose every word is about the
/// ending; a comment's clauses without an ending word are remarks.
pub(crate) fn read(text: &str, names: Names<'_>, strict: bool) -> Read {
    if !text.chars().any(char::is_alphanumeric) {
        return Read::Silent;
    }
    let vocabulary = &*VOCABULARY;
    // An annotator's paragraph, not a server's sentence: its clauses that
    // tell an ending are read, the rest are remarks whatever words they
    // hold ("not a boring theoretical draw").
    let prose = !strict && text.split_whitespace().count() > PROSE_WORDS;
    let folded = fold(text);
    let mut said = Said::default();
    // Most statements are one phrase without a player (`Normal`, `Time
    // forfeit`): found at once, names unmarked.
    if let Some(&meaning) = vocabulary.fixed.get(folded.trim())
        && meaning.kind != Kind::Aside
        && said.add(meaning, None)
    {
        return Read::Said(said);
    }
    let marked = mark_names(folded, names);
    let mut heard = false;
    for words in clauses(&marked) {
        match vocabulary.meaning(&words) {
            Some((meaning, party)) => {
                if !said.add(meaning, party) {
                    return Read::NotUnderstood;
                }
                heard |= meaning.kind != Kind::Aside;
            }
            None if strict || !prose && words.iter().any(|w| vocabulary.signals.contains(*w)) => {
                return Read::NotUnderstood;
            }
            None => said.remarks = true,
        }
    }
    match heard {
        true => Read::Said(said),
        false if strict => Read::NotUnderstood,
        false => Read::Silent,
    }
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
            remarks: false,
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
            if self.ending != Ending::Unknown && self.ending != e {
                return false;
            }
            self.ending = e;
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

/// What a player's name is replaced by, so that a name of any length or
/// letters is one word of the clause.
const MARKS: [(Color, &str); 2] = [(Color::White, "\u{1}w"), (Color::Black, "\u{1}b")];

fn marked_side(word: &str) -> Option<Color> {
    MARKS.iter().find(|(_, m)| *m == word).map(|(c, _)| *c)
}

/// Lower case, Latin accents dropped, `ß` as `ss`, `ё` as `е`, every
/// apostrophe as `'`: the words a sentence is matched by.
pub(super) fn fold(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase().replace('`', "'");
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'ß' => out.push_str("ss"),
            'ё' => out.push('е'),
            '’' | '‘' | '`' | '´' | 'ʼ' => out.push('\''),
            'à'..='ɏ' if c != '÷' && c != '×' => {
                out.push_str(deunicode::deunicode_char(c).unwrap_or(""))
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` with the players' names (as the tags write them, or their
/// surnames before a comma) replaced by a mark each: `Carlsen, Magnus won
/// on time` is one clause, `<white> won on time`.
fn mark_names(mut text: String, names: Names<'_>) -> String {
    let full = [(Color::White, names.white), (Color::Black, names.black)]
        .map(|(c, n)| (c, n.map(|n| fold(n.trim())).unwrap_or_default()));
    let surname = |name: &str| name.split(',').next().unwrap_or("").trim().to_string();
    let surnames = full.clone().map(|(c, n)| (c, surname(&n)));
    let mut candidates: Vec<(Color, String)> = full.into_iter().collect();
    if surnames[0].1 != surnames[1].1 {
        candidates.extend(surnames.into_iter().filter(|(_, s)| s.chars().count() >= 3));
    }
    candidates.retain(|(_, n)| n.chars().count() >= 2 && n.chars().any(char::is_alphanumeric));
    candidates.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    for (side, name) in candidates {
        let mark = MARKS
            .iter()
            .find(|(c, _)| *c == side)
            .map_or("", |(_, m)| m);
        while let Some(at) = find_word(&text, &name) {
            text.replace_range(at..at + name.len(), &format!(" {mark} "));
        }
    }
    text
}

/// Where `word` stands in `text` as whole words (not inside another word).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let bytes = text.as_bytes();
    // The texts are a sentence long: a scan for the first byte beats a
    // substring searcher's set-up.
    memchr::memchr_iter(*word.as_bytes().first()?, bytes).find(|&at| {
        bytes[at..].starts_with(word.as_bytes())
            && text.is_char_boundary(at)
            && !alnum(text[..at].chars().next_back())
            && !alnum(text[at + word.len()..].chars().next())
    })
}

/// The clauses of a folded text, each as its words: cut at punctuation, at
/// a full stop before a space, and at a dash between spaces.
fn clauses(text: &str) -> Vec<Vec<&str>> {
    let spaced = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let mut clauses = Vec::new();
    let (mut start, mut before) = (0, None);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let after = chars.peek().map(|&(_, c)| c);
        let cut = match c {
            ',' | ';' | ':' | '(' | ')' | '[' | ']' | '{' | '}' | '!' | '?' | '"' | '«' | '»'
            | '“' | '”' | '„' | '|' => true,
            '.' => spaced(after),
            '-' | '–' | '—' => spaced(before) && spaced(after),
            _ => false,
        };
        if cut {
            clauses.push(words_of(&text[start..i]));
            start = i + c.len_utf8();
        }
        before = Some(c);
    }
    clauses.push(words_of(&text[start..]));
    clauses.retain(|w| !w.is_empty());
    clauses
}

/// A clause's words: cut at white space, stray marks trimmed, `'s` a word
/// of its own (`white's flag fell`).
pub(super) fn words_of(clause: &str) -> Vec<&str> {
    let mut words = Vec::new();
    for word in clause.split_whitespace() {
        if word == "'s" {
            words.push(word);
            continue;
        }
        let word = word.trim_matches(|c: char| matches!(c, '.' | '*' | '-' | '–' | '\''));
        match word
            .len()
            .checked_sub(2)
            .filter(|&at| at > 0 && word.ends_with("'s"))
        {
            Some(at) => words.extend([&word[..at], &word[at..]]),
            None if !word.is_empty() => words.push(word),
            None => {}
        }
    }
    words
}

mod vocabulary;

#[cfg(test)]
mod tests;
