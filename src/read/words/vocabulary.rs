//! The words of endings: one file a language in `lang/`, read once into
//! the phrases that [`super`] matches a statement's clauses
//! against. The words are data, not code: a language is added by adding
//! its file to [`LANGUAGES`].
//!
//! A line of a file is `KIND [ROLE] [drawn|decisive]: PHRASE ; PHRASE …`:
//!
//! - `KIND` is an ending as the `ending` column names it (`time-forfeit`,
//!   `resignation` …), or `forfeit` (a game not played, won by the side the
//!   result names), `won` and `drawn` (a result and no ending), `normal`
//!   (ended by play, as lichess's `Normal`), `silent` (understood, and
//!   saying nothing of the ending: `Unknown`), `aside` (words read and set
//!   aside: `both low on time`; one that names a player leaves the
//!   statement read in part), `denial` and `hedge` (a clause that denies or doubts
//!   what the others say: the statement is read in part), `white` and
//!   `black` (how a sentence names a colour), or `filler`: words listed after the colon that, met in a
//!   comment, are no sign that it tells the ending (`time`), though a
//!   phrase may hold them; or `claim`: words of a claim, an appeal or a
//!   ruling, no phrase, but a clause holding one is about the ending.
//! - `ROLE` says who the `{side}` of the phrase is: `loser`, `winner`, or
//!   `subject` (the one the ending happened to, without a result: whose
//!   flag fell, who was stalemated).
//! - `drawn` or `decisive`: the words say the game was drawn, or won by
//!   someone, whatever the kind says.
//! - A `PHRASE` is words in lower case; `a|b` either word, `word?` a word
//!   that may be missing, `{side}` a player (by name as the tags write it,
//!   or by a colour word), `{other}` the other player, `{n}` a number.
//!   `{side}'s` is `{side}` and `'s`. Accents and case are folded (`weiß`
//!   matches `WEISS`).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::LazyLock;

use shakmaty::Color;

use super::{fold, words_of};
use crate::model::ending::{Ending, Role};

/// The languages read, by their ISO 639-1 code, with their words.
pub const LANGUAGES: &[(&str, &str)] = &[
    ("en", include_str!("lang/en.txt")),
    ("de", include_str!("lang/de.txt")),
    ("fr", include_str!("lang/fr.txt")),
    ("es", include_str!("lang/es.txt")),
    ("it", include_str!("lang/it.txt")),
    ("nl", include_str!("lang/nl.txt")),
    ("pt", include_str!("lang/pt.txt")),
    ("ru", include_str!("lang/ru.txt")),
    ("pl", include_str!("lang/pl.txt")),
    ("cs", include_str!("lang/cs.txt")),
    ("sv", include_str!("lang/sv.txt")),
    ("nb", include_str!("lang/nb.txt")),
    ("da", include_str!("lang/da.txt")),
    ("fi", include_str!("lang/fi.txt")),
    ("hu", include_str!("lang/hu.txt")),
    ("ro", include_str!("lang/ro.txt")),
    ("tr", include_str!("lang/tr.txt")),
    ("uk", include_str!("lang/uk.txt")),
    ("hr", include_str!("lang/hr.txt")),
    ("el", include_str!("lang/el.txt")),
    ("zh", include_str!("lang/zh.txt")),
    ("ja", include_str!("lang/ja.txt")),
];

/// Every language's words, read at first use.
pub(super) static VOCABULARY: LazyLock<Vocabulary> =
    LazyLock::new(|| Vocabulary::load(LANGUAGES).0);

/// What a phrase says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Ending(Ending),
    /// Not played: a forfeit beside a decisive result, else unplayed.
    Forfeit,
    Won,
    Drawn,
    Normal,
    Silent,
    Aside,
    Denial,
    Hedge,
}

impl Kind {
    /// Whether a clause of this kind tells the ending or the result.
    pub fn tells(self) -> bool {
        !matches!(self, Kind::Aside | Kind::Denial | Kind::Hedge)
    }
}

/// What a phrase means: its kind, who its `{side}` is, and a result its
/// words state beyond the kind's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Meaning {
    pub kind: Kind,
    pub role: Option<Role>,
    pub drawn: bool,
    pub decisive: bool,
}

/// One element of a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Element {
    Word {
        alternatives: Vec<String>,
        optional: bool,
    },
    Side,
    Other,
    Number,
}

/// A phrase with a slot, matched word by word.
#[derive(Debug, Clone)]
pub(super) struct Phrase {
    pub elements: Vec<Element>,
    pub meaning: Meaning,
}

/// The words of every language.
#[derive(Debug, Default)]
pub(super) struct Vocabulary {
    /// Whole clauses without a slot, their words joined by a space, to what
    /// they mean: most statements (`normal`, `time forfeit`) are found here
    /// at once.
    pub fixed: HashMap<String, Meaning>,
    /// Phrases with a slot, tried in the order written.
    pub slotted: Vec<Phrase>,
    /// The slotted phrases by a word each must hold, so that a clause is
    /// tried against the few that can match it (FICS writes a sentence
    /// with a name for nearly every game).
    pub slotted_by_word: HashMap<String, Vec<usize>>,
    /// How sentences name the colours.
    pub colours: Vec<(Vec<Element>, Color)>,
    /// The colour phrases by the words they may start with.
    pub colours_by_word: HashMap<String, Vec<usize>>,
    /// Words that tell an ending (`resigns`, `remis`, the verb after a
    /// player), but those any language calls filler: a comment holding one
    /// is an ending statement, understood or not.
    pub signals: HashSet<String>,
    /// Every word of the phrases that name a colour: a player's name
    /// holding one can be read as a colour.
    pub colour_words: HashSet<String>,
    /// Every word of every phrase: a word this reader knows.
    pub phrase_words: HashSet<String>,
    /// The words any language calls filler (`the`, `time`, `left`): one
    /// alone inside a clause is no sign that it tells the ending.
    pub filler: HashSet<String>,
    /// The most elements a phrase has.
    pub longest: usize,
    /// The words of a claim, an appeal or a ruling (`Einspruch`).
    pub claim_words: HashSet<String>,
    /// Two languages giving one phrase two meanings: the first kept.
    pub clashes: Vec<String>,
}

impl Vocabulary {
    /// Reads the languages' files; the lines it could not read, each
    /// named by language and line number.
    pub(super) fn load(languages: &[(&str, &str)]) -> (Vocabulary, Vec<String>) {
        let mut vocabulary = Vocabulary::default();
        let mut errors = Vec::new();
        let mut filler = HashSet::default();
        let mut signals = HashSet::default();
        for (language, text) in languages {
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let lists = (&mut filler, &mut signals);
                if let Err(why) = vocabulary.add_line(line, lists) {
                    errors.push(format!("{language}.txt line {}: {why}", n + 1));
                }
            }
        }
        vocabulary
            .signals
            .retain(|w| !filler.contains(w) && !is_number(w));
        vocabulary.phrase_words.extend(signals.iter().cloned());
        vocabulary.signals.extend(signals.iter().cloned());
        vocabulary.claim_words = signals;
        vocabulary.filler = filler;
        (vocabulary, errors)
    }

    /// Reads a line; `filler` and `claim` lines into those lists.
    fn add_line(
        &mut self,
        line: &str,
        (filler, signals): (&mut HashSet<String>, &mut HashSet<String>),
    ) -> Result<(), LineError> {
        let (head, phrases) = line.split_once(':').ok_or(LineError::NoColon)?;
        let mut head = head.split_whitespace();
        let kind = head.next().ok_or(LineError::NoKind)?;
        let list = match kind {
            "filler" => Some(filler),
            "claim" => Some(signals),
            _ => None,
        };
        if let Some(list) = list {
            list.extend(phrases.split_whitespace().map(fold));
            return Ok(());
        }
        let colour = match kind {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        };
        let meaning = meaning(kind, head)?;
        for phrase in phrases.split(';') {
            let elements = elements(phrase)?;
            match colour {
                Some(colour) => self.add_colour(elements, colour),
                None => self.add_phrase(elements, meaning),
            }
        }
        Ok(())
    }

    fn add_phrase(&mut self, elements: Vec<Element>, meaning: Meaning) {
        if meaning.kind.tells() {
            self.add_signals(&elements);
        }
        self.longest = self.longest.max(elements.len());
        for element in &elements {
            if let Element::Word { alternatives, .. } = element {
                self.phrase_words.extend(alternatives.iter().cloned());
            }
        }
        let slotted = elements.iter().any(|e| !matches!(e, Element::Word { .. }));
        if slotted {
            let needed = elements.iter().find_map(|e| match e {
                Element::Word {
                    alternatives,
                    optional: false,
                } => Some(alternatives.clone()),
                _ => None,
            });
            let at = self.slotted.len();
            for word in needed.unwrap_or_default() {
                self.slotted_by_word.entry(word).or_default().push(at);
            }
            self.slotted.push(Phrase { elements, meaning });
            return;
        }
        for key in expansions(&elements) {
            match self.fixed.get(&key) {
                Some(kept) if *kept != meaning => self.clashes.push(key),
                Some(_) => {}
                None => {
                    self.fixed.insert(key, meaning);
                }
            }
        }
    }
}

impl Vocabulary {
    fn add_colour(&mut self, elements: Vec<Element>, colour: Color) {
        let at = self.colours.len();
        self.longest = self.longest.max(elements.len());
        for element in &elements {
            if let Element::Word {
                alternatives,
                optional: false,
            } = element
            {
                self.colour_words.extend(alternatives.iter().cloned());
                self.phrase_words.extend(alternatives.iter().cloned());
            }
        }
        // The words it may start with: those up to its first required one.
        for element in &elements {
            let Element::Word {
                alternatives,
                optional,
            } = element
            else {
                break;
            };
            for word in alternatives {
                self.colours_by_word
                    .entry(word.clone())
                    .or_default()
                    .push(at);
            }
            if !optional {
                break;
            }
        }
        self.colours.push((elements, colour));
    }

    /// The words of a phrase that mark a comment holding one as an ending
    /// statement: a word that is a whole phrase (`resigns`, `remis`), and
    /// the verb after a player (`{side} flagged`).
    fn add_signals(&mut self, elements: &[Element]) {
        let words = |e: &Element| match e {
            Element::Word { alternatives, .. } => alternatives.clone(),
            _ => Vec::new(),
        };
        let required: Vec<&Element> = elements
            .iter()
            .filter(|e| !matches!(e, Element::Word { optional: true, .. }))
            .collect();
        if let [only] = required.as_slice() {
            self.signals.extend(words(only));
        }
        for pair in elements.windows(2) {
            if matches!(pair[0], Element::Side) {
                self.signals.extend(words(&pair[1]));
            }
        }
    }
}

/// Why a line of a language's file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
enum LineError {
    NoColon,
    NoKind,
    Kind(String),
    Role(String),
    Slot(String),
    NotOneWord(String),
    /// A phrase every word of which may be left out.
    AllOptional(String),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::NoColon => f.write_str("no `:`"),
            LineError::NoKind => f.write_str("no kind"),
            LineError::Kind(kind) => write!(f, "no kind `{kind}`"),
            LineError::Role(role) => write!(f, "no role `{role}`"),
            LineError::Slot(slot) => write!(f, "no slot `{slot}`"),
            LineError::NotOneWord(token) => write!(f, "`{token}` is not one word"),
            LineError::AllOptional(phrase) => {
                write!(f, "`{phrase}` has no word that must be there")
            }
        }
    }
}

/// A line's head: its kind, role and what its words say of the result.
fn meaning<'a>(kind: &str, rest: impl Iterator<Item = &'a str>) -> Result<Meaning, LineError> {
    let kind = match kind {
        "forfeit" => Kind::Forfeit,
        "won" => Kind::Won,
        "drawn" => Kind::Drawn,
        "normal" => Kind::Normal,
        "silent" => Kind::Silent,
        "aside" | "white" | "black" => Kind::Aside,
        "denial" => Kind::Denial,
        "hedge" => Kind::Hedge,
        other => Kind::Ending(Ending::named(other).ok_or(LineError::Kind(other.to_string()))?),
    };
    let mut meaning = Meaning {
        kind,
        role: None,
        drawn: false,
        decisive: false,
    };
    for word in rest {
        match word {
            "loser" => meaning.role = Some(Role::Loser),
            "winner" => meaning.role = Some(Role::Winner),
            "subject" => meaning.role = Some(Role::Subject),
            "drawn" => meaning.drawn = true,
            "decisive" => meaning.decisive = true,
            other => return Err(LineError::Role(other.to_string())),
        }
    }
    Ok(meaning)
}

/// A phrase's elements, its words folded as a statement's are.
fn elements(phrase: &str) -> Result<Vec<Element>, LineError> {
    let mut elements = Vec::new();
    for token in phrase.split_whitespace() {
        let (token, optional) = match token.strip_suffix('?') {
            Some(t) => (t, true),
            None => (token, false),
        };
        let slot = match token {
            "{side}" => Some(Element::Side),
            "{side}'s" => {
                elements.push(Element::Side);
                Some(word(&["'s".into()], optional))
            }
            "{other}" => Some(Element::Other),
            "{n}" => Some(Element::Number),
            t if t.contains('{') => return Err(LineError::Slot(t.to_string())),
            _ => None,
        };
        if let Some(element) = slot {
            elements.push(element);
            continue;
        }
        let alternatives: Vec<String> = token.split('|').map(folded_word).collect();
        if alternatives.iter().any(|a| a.is_empty() || a.contains(' ')) {
            return Err(LineError::NotOneWord(token.to_string()));
        }
        elements.push(word(&alternatives, optional));
    }
    let required = elements
        .iter()
        .any(|e| !matches!(e, Element::Word { optional: true, .. }));
    match required {
        true => Ok(elements),
        false => Err(LineError::AllOptional(phrase.trim().to_string())),
    }
}

/// A word as a statement's words are cut and folded (`3-fold` stays one
/// word; `w.o.` is `w.o`).
fn folded_word(word: &str) -> String {
    words_of(&fold(word)).join(" ")
}

fn word(alternatives: &[String], optional: bool) -> Element {
    Element::Word {
        alternatives: alternatives.to_vec(),
        optional,
    }
}

/// Every word sequence a slotless phrase matches, joined by spaces.
fn expansions(elements: &[Element]) -> Vec<String> {
    let mut sequences = vec![Vec::<&str>::new()];
    for element in elements {
        let Element::Word {
            alternatives,
            optional,
        } = element
        else {
            continue;
        };
        let mut next = Vec::new();
        for sequence in &sequences {
            if *optional {
                next.push(sequence.clone());
            }
            for alternative in alternatives {
                let mut longer = sequence.clone();
                longer.push(alternative);
                next.push(longer);
            }
        }
        sequences = next;
    }
    sequences
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.join(" "))
        .collect()
}

/// Digits only: `50` in `50 move rule` is no sign of an ending alone.
pub(super) fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests;
