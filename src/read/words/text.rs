//! The text of a statement as the grammar reads it: folded (case,
//! accents), the players' names put in as marks, cut into clauses; each
//! byte kept with where it stands in the text as written.

use std::ops::Range;

use shakmaty::Color;

use super::Names;

/// What a player's name is replaced by, so that a name of any length or
/// letters is one word of the clause.
pub(super) const MARKS: [(Color, &str); 2] = [(Color::White, "\u{1}w"), (Color::Black, "\u{1}b")];

pub(super) fn marked_side(word: &str) -> Option<Color> {
    MARKS.iter().find(|(_, m)| *m == word).map(|(c, _)| *c)
}

/// Lower case, Latin accents dropped, `ß` as `ss`, `ё` as `е`, every
/// apostrophe as `'`: the words a sentence is matched by.
pub(crate) fn fold(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase().replace('`', "'");
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        fold_char(c, &mut out);
    }
    out
}

fn fold_char(c: char, out: &mut String) {
    // Chinese and Japanese write no spaces between words: each character
    // is a word of its own, in a statement as in a phrase.
    if is_ideographic(c) {
        out.push(' ');
        out.push(c);
        out.push(' ');
        return;
    }
    for c in c.to_lowercase() {
        match c {
            'ß' => out.push_str("ss"),
            'ё' => out.push('е'),
            // Greek: the final sigma, and the accents people leave out.
            'ς' => out.push('σ'),
            'ά' => out.push('α'),
            'έ' => out.push('ε'),
            'ή' => out.push('η'),
            'ί' | 'ϊ' | 'ΐ' => out.push('ι'),
            'ό' => out.push('ο'),
            'ύ' | 'ϋ' | 'ΰ' => out.push('υ'),
            'ώ' => out.push('ω'),
            // Turkish `İ` lowers to `i` and a combining dot.
            '\u{307}' => {}
            '’' | '‘' | '`' | '´' | 'ʼ' => out.push('\''),
            'à'..='ɏ' if c != '÷' && c != '×' => {
                out.push_str(deunicode::deunicode_char(c).unwrap_or(""))
            }
            c => out.push(c),
        }
    }
}

/// A Chinese character, or Japanese kana.
fn is_ideographic(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{ff66}'..='\u{ff9f}')
}

/// A text folded for matching, with where each of its bytes stands in the
/// text as written: a clause that keeps a statement from being read whole
/// is quoted as written.
#[derive(Debug, Clone)]
pub(super) struct Folded {
    pub text: String,
    /// The offset in the written text of each byte, and of the end.
    origin: Vec<u32>,
}

impl Folded {
    pub(super) fn of(text: &str) -> Folded {
        if text.is_ascii() {
            let origin = (0..=text.len() as u32).collect();
            return Folded {
                text: fold(text),
                origin,
            };
        }
        let mut folded = String::with_capacity(text.len());
        let mut origin = Vec::with_capacity(text.len() + 1);
        for (at, c) in text.char_indices() {
            let before = folded.len();
            fold_char(c, &mut folded);
            origin.resize(origin.len() + folded.len() - before, at as u32);
        }
        origin.push(text.len() as u32);
        Folded {
            text: folded,
            origin,
        }
    }

    /// The written words behind `span` of this text.
    pub(super) fn quote(&self, written: &str, span: Range<usize>) -> String {
        let (start, end) = (self.origin[span.start], self.origin[span.end]);
        written
            .get(start as usize..end as usize)
            .unwrap_or_default()
            .trim()
            .to_string()
    }
}

/// The names a statement may call the players by, folded, longest first:
/// each as the tags write it, and the surname before a comma where the two
/// surnames differ.
pub(super) fn name_candidates(names: Names<'_>) -> Vec<(Color, String)> {
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
    candidates.dedup();
    candidates
}

/// `text` with the players' names replaced by a mark each: `Carlsen, Magnus
/// won on time` is one clause, `<white> won on time`. One pass a name
/// over the text, a longer name first: linear in the text's length.
pub(super) fn mark_names(folded: &Folded, candidates: &[(Color, String)]) -> Folded {
    let text = &folded.text;
    let mut found: Vec<(usize, usize, Color)> = Vec::new();
    let mut taken = vec![false; if candidates.is_empty() { 0 } else { text.len() }];
    for (side, name) in candidates {
        for at in memchr::memmem::find_iter(text.as_bytes(), name.as_bytes()) {
            let end = at + name.len();
            if is_whole_word(text, at, end) && !taken[at..end].contains(&true) {
                taken[at..end].fill(true);
                found.push((at, end, *side));
            }
        }
    }
    if found.is_empty() {
        return folded.clone();
    }
    found.sort_unstable_by_key(|&(at, ..)| at);
    let mut out = Folded {
        text: String::with_capacity(text.len() + 4 * found.len()),
        origin: Vec::with_capacity(text.len() + 4 * found.len() + 1),
    };
    let mut last = 0;
    for (at, end, side) in found {
        out.text.push_str(&text[last..at]);
        out.origin.extend_from_slice(&folded.origin[last..at]);
        let mark = MARKS.iter().find(|(c, _)| *c == side).map_or("", |m| m.1);
        out.text.push(' ');
        out.text.push_str(mark);
        out.text.push(' ');
        out.origin
            .resize(out.origin.len() + mark.len() + 1, folded.origin[at]);
        out.origin.push(folded.origin[end]);
        last = end;
    }
    out.text.push_str(&text[last..]);
    out.origin.extend_from_slice(&folded.origin[last..]);
    out
}

/// Whether `name` stands in `text` as whole words.
pub(super) fn occurs(text: &str, name: &str) -> bool {
    memchr::memmem::find_iter(text.as_bytes(), name.as_bytes())
        .any(|at| is_whole_word(text, at, at + name.len()))
}

/// Whether `text[at..end]` stands as whole words (not inside another word).
fn is_whole_word(text: &str, at: usize, end: usize) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.is_char_boundary(at)
        && text.is_char_boundary(end)
        && !alnum(text[..at].chars().next_back())
        && !alnum(text[end..].chars().next())
}

/// A clause of a statement: its words, where it stands, and whether it is
/// asked (it ends with `?`). A question mark standing alone — `(?)`,
/// `(!?)`, `White flagged. ?` — is a clause without words: the annotator's
/// sign of doubt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Clause<'t> {
    pub words: Vec<&'t str>,
    pub span: Range<usize>,
    pub question: bool,
}

/// The clauses of a folded text: cut at punctuation, at a full stop before
/// a space, and at a dash between spaces. A result written in figures
/// (`1:0`, `0,5-0,5`) is not cut.
pub(super) fn clauses(text: &str) -> Vec<Clause<'_>> {
    let spaced = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let figure = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == '½');
    let mut clauses: Vec<Clause<'_>> = Vec::new();
    let (mut start, mut before) = (0, None);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let after = chars.peek().map(|&(_, c)| c);
        let cut = match c {
            ',' | ':' => !(figure(before) && figure(after)),
            ';' | '(' | ')' | '[' | ']' | '{' | '}' | '!' | '?' | '¿' | '¡' | '"' | '«' | '»'
            | '“' | '”' | '„' | '|' => true,
            '.' => spaced(after),
            '-' | '–' | '—' => spaced(before) && spaced(after),
            _ => false,
        };
        if cut {
            match clause(text, start..i, c == '?') {
                Some(clause) => clauses.push(clause),
                None if c == '?' => asked(text, &mut clauses, start..i + 1),
                None => {}
            }
            start = i + c.len_utf8();
        }
        before = Some(c);
    }
    clauses.extend(clause(text, start..text.len(), false));
    clauses
}

/// A `?` that ends no words: written against the word before it (`Rh7+!?`,
/// `flagged!?`), it asks that clause; standing apart (`(?)`, `. ?`), it
/// is a clause of its own.
fn asked<'t>(text: &'t str, clauses: &mut Vec<Clause<'t>>, span: Range<usize>) {
    let head = text[..span.start].trim_end_matches(['!', '?']);
    let attached = head
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == '+' || c == '#');
    match clauses.last_mut() {
        Some(last) if attached && last.span.end == head.len() => last.question = true,
        _ => clauses.push(Clause {
            words: Vec::new(),
            span: span.end - 1..span.end,
            question: true,
        }),
    }
}

/// The clause of `text[span]`, if it holds a word.
fn clause(text: &str, span: Range<usize>, question: bool) -> Option<Clause<'_>> {
    let words = words_of(&text[span]);
    let (first, last) = (words.first()?, words.last()?);
    let offset = |w: &str| w.as_ptr() as usize - text.as_ptr() as usize;
    let span = offset(first)..offset(last) + last.len();
    Some(Clause {
        words,
        span,
        question,
    })
}

/// A clause's words: cut at white space, stray marks trimmed, `'s` a word
/// of its own (`white's flag fell`).
pub(crate) fn words_of(clause: &str) -> Vec<&str> {
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
