//! A time control written in words, as over-the-board files and
//! tournament reports write it: `90 minutes +30 seconds increment`,
//! `90 min + 30 sec/move`, `15 min/game + 10 sec/move`, `90'+30''`,
//! `1h30+30s`, the US `G/90;d5` and `40/120, SD/30`, a TRF's
//! `90 minutes plus 30 sec plus 30 min after 40 moves`.
//!
//! Read into the same periods as the PGN form. Nothing is guessed: a word
//! this reader does not know, or periods that do not join up (two periods
//! with no move count between them), leave the control unread. A delay
//! (`d5`) is no increment and is not counted as one; it is said. Bare
//! numbers are minutes, but where that gives a control nobody plays (40
//! moves in 2 minutes) they are hours (US Chess's `40/2, SD/1`), said so,
//! and where hours give none either the control is unread. The words of
//! the languages of `read/words/lang/` are read too (`90 minut + 30
//! sekund`, `60 мин + 30 сек`, `40 Züge in 2 Std., dann 30 Min.`).
//!
//! No crate reads these forms (the PGN `TimeControl` grammar is the only
//! one published); hence this small hand-written reader.

use crate::model::clock::Clock;

use super::Period;
use vocabulary::{FILLER, SEPARATORS, is_moves, unit};

/// A control read from words: its periods, and a delay per move if the
/// text gives one (which the periods do not count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InWords {
    pub periods: Vec<Period>,
    pub delay: Option<Clock>,
    /// Bare numbers read as hours: as minutes they give no control.
    pub hours: bool,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(f64),
    Word(String),
    Slash,
}

/// The unit a number is written in, when the text says.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Unit {
    Hours,
    Minutes,
    Seconds,
}

/// What one part of the text (between `+`, `,`, `;`, `plus`, `then` …)
/// says.
#[derive(Debug, Default, Clone, PartialEq)]
struct Part {
    /// Seconds, if a time is given; `explicit` when a unit was written.
    seconds: Option<f64>,
    explicit: bool,
    /// `40 moves`, `40/…`: the period ends after that many moves.
    moves: Option<u32>,
    /// `… after 40 moves`: this period starts after that move.
    after: Option<u32>,
    /// `increment`, `/move`, `per move`, `bonus`, `inc`.
    increment: bool,
    /// `d5`, `delay`.
    delay: bool,
    /// `G/`, `SD/`, `sudden death`, `game`, `rest`: a period, never an
    /// increment.
    period: bool,
    /// The time is a bare number, its unit left to its place.
    bare: bool,
}

/// Reads a control written in words; `None` when any of it is not
/// understood.
///
/// ```
/// use pgn_arbiter::model::time_control::words::in_words;
/// let pgn = |t: &str| in_words(t).map(|w| pgn_arbiter::model::time_control::pgn_form(&w.periods));
/// assert_eq!(pgn("90 minutes +30 seconds increment").as_deref(), Some("5400+30"));
/// assert_eq!(pgn("40/120, SD/30").as_deref(), Some("40/7200:1800"));
/// assert_eq!(pgn("90 minutes, cheese"), None);
/// assert_eq!(pgn("40/90 SD/30").as_deref(), Some("40/5400:1800"));
/// // US Chess's hours: 40 moves in 2 minutes is no control.
/// assert_eq!(pgn("40/2, SD/1").as_deref(), Some("40/7200:3600"));
/// assert_eq!(pgn("60 мин + 30 сек").as_deref(), Some("3600+30"));
/// ```
pub fn in_words(text: &str) -> Option<InWords> {
    let parts: Vec<Part> = split(&tokens(text)?)
        .iter()
        .map(|p| part(p))
        .collect::<Option<_>>()?;
    let minutes = assemble(&parts, Unit::Minutes)?;
    if playable(&minutes.periods) {
        return Some(minutes);
    }
    // Every time bare: a US control in hours, if that is one people play.
    let bare = parts
        .iter()
        .filter(|p| p.seconds.is_some() && !p.increment && !p.delay);
    if !bare.clone().all(|p| p.bare) {
        return None;
    }
    let hours = assemble(&parts, Unit::Hours)?;
    playable(&hours.periods).then_some(InWords {
        hours: true,
        ..hours
    })
}

/// Whether people play it: a period with a move count gives at least ten
/// seconds a move (40 moves in 2 minutes is no control).
fn playable(periods: &[Period]) -> bool {
    periods.iter().all(|p| {
        p.moves.is_none_or(|m| {
            p.base.millis() + p.increment.millis() * u64::from(m) >= 10_000 * u64::from(m)
        })
    })
}

/// The text as numbers, words and slashes; `+ , ; :` end a part (as the
/// `Word("+")` separator); a minute mark `'` and second mark `''` or `"`
/// are words.
fn tokens(text: &str) -> Option<Vec<Token>> {
    let text = text
        .to_lowercase()
        // FIDE's broadcasts write "… of the gamewith an increment …".
        .replace("gamewith", "game with")
        .replace("from move 1", " increment ")
        .replace("from move one", " increment ")
        .replace("from the first move", " increment ")
        .replace("''", " sec ")
        .replace(['"', '″'], " sec ")
        .replace(['\'', '′', '’'], " min ");
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '.') {
                n.push(d);
                chars.next();
            }
            out.push(Token::Number(
                n.parse().ok().filter(|v: &f64| *v < 100_000.0)?,
            ));
            // `1:30`: hours and minutes.
            let rest: String = chars.clone().take(4).collect();
            let b = rest.as_bytes();
            if b.len() >= 3
                && b[0] == b':'
                && b[1].is_ascii_digit()
                && b[2].is_ascii_digit()
                && !b.get(3).is_some_and(u8::is_ascii_digit)
            {
                let minutes = f64::from((b[1] - b'0') * 10 + (b[2] - b'0'));
                chars.nth(2);
                out.push(Token::Word("h".into()));
                out.push(Token::Number(minutes));
                out.push(Token::Word("min".into()));
            }
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_alphabetic()) {
                w.push(d);
                chars.next();
            }
            out.push(Token::Word(w));
        } else {
            chars.next();
            match c {
                '/' => out.push(Token::Slash),
                '+' | ',' | ';' | ':' | '&' => out.push(Token::Word("+".into())),
                c if c.is_whitespace() || c == '.' || c == '(' || c == ')' => {}
                _ => return None,
            }
        }
    }
    Some(out)
}

/// The tokens cut into parts at separators (`+ , ;` and [`SEPARATORS`]),
/// before `G/` and `SD/` (US Chess writes `40/90 SD/30` without a comma),
/// and before a delay or an increment given by its number (`G/30 d5`,
/// `G/30 d/5`, `G/60 inc 30`, `G/45 inc/30`).
fn split(tokens: &[Token]) -> Vec<Vec<Token>> {
    let mut parts = vec![Vec::new()];
    for (i, t) in tokens.iter().enumerate() {
        let word = |w: &[&str]| matches!(t, Token::Word(x) if w.contains(&x.as_str()));
        let next = tokens.get(i + 1);
        // `d5` or `d/5`, `inc 30` or `inc/30`.
        let number_follows = match next {
            Some(Token::Slash) => matches!(tokens.get(i + 2), Some(Token::Number(_))),
            next => matches!(next, Some(Token::Number(_))),
        };
        let starts = word(&["g", "sd"]) && matches!(next, Some(Token::Slash))
            || word(&["d", "delay", "inc", "incr", "increment"]) && number_follows;
        if word(&SEPARATORS) {
            parts.push(Vec::new());
            continue;
        }
        if starts {
            parts.push(Vec::new());
        }
        parts.last_mut().expect("one part at least").push(t.clone());
    }
    parts.retain(|p| !p.is_empty());
    parts
}

/// One part read: its time, move count and kind.
fn part(tokens: &[Token]) -> Option<Part> {
    let mut p = Part::default();
    let mut seconds = 0.0;
    let mut pending: Option<f64> = None;
    let mut last_unit = None;
    // `90'/40`: a time, a slash, then the moves it is for.
    let mut slash_after_time = false;
    for (i, token) in tokens.iter().enumerate() {
        let before = |back: usize, word: &str| i >= back && is(&tokens[i - back], word);
        match token {
            // Two numbers with no unit between them (`90 30`): not read.
            Token::Number(n) if pending.replace(*n).is_some() => return None,
            Token::Number(_) => {}
            // `40/120`: a move count before the slash.
            Token::Slash => {
                slash_after_time = pending.is_none() && last_unit.is_some();
                p.moves = pending.take().map(|n| n as u32).or(p.moves);
            }
            Token::Word(w) => match unit(w) {
                Some(u) => {
                    seconds += pending.take()? * factor(u);
                    last_unit = Some(u);
                    p.explicit = true;
                }
                None if is_moves(w) => {
                    // Only a number right before it counts its moves (`40
                    // moves`; not the `15` of `15 per move`).
                    let counted = i > 0 && matches!(tokens[i - 1], Token::Number(_));
                    let number = if counted { pending.take() } else { None };
                    moves(&mut p, number, before)?
                }
                None => word(&mut p, w)?,
            },
        }
    }
    if slash_after_time && let Some(n) = pending.take() {
        p.moves = Some(n as u32);
    }
    match pending {
        // `1h30`: a bare number after hours is minutes.
        Some(n) if last_unit == Some(Unit::Hours) => seconds += n * 60.0,
        Some(_) if p.explicit => return None,
        // A bare number: its unit comes from its place (see `assemble`).
        Some(n) => {
            seconds = n;
            p.bare = true;
        }
        None if !p.explicit => return Some(p),
        None => {}
    }
    p.seconds = Some(seconds);
    Some(p)
}

/// `move` or `moves`: a move count (`40 moves`), the move a period
/// starts after (`after 40 moves`) or an increment (`sec/move`, `per
/// move`); `number` is a bare number just before it.
fn moves(p: &mut Part, number: Option<f64>, before: impl Fn(usize, &str) -> bool) -> Option<()> {
    match number {
        Some(n) if before(2, "after") => p.after = Some(n as u32),
        Some(n) => p.moves = Some(n as u32),
        None if [
            "/", "per", "a", "each", "pro", "par", "por", "za", "за", "на", "na",
        ]
        .iter()
        .any(|w| before(1, w)) =>
        {
            p.increment = true
        }
        // `all moves in 90 minutes`: the whole game.
        None if before(1, "all") => p.period = true,
        None => return None,
    }
    Some(())
}

/// A word of a part that is neither a unit nor `move`: what it says of the
/// part, or `None` for a word this reader does not know.
fn word(p: &mut Part, w: &str) -> Option<()> {
    match w {
        "increment"
        | "inc"
        | "incr"
        | "bonus"
        | "additional"
        | "addition"
        | "inkrement"
        | "zuschlag"
        | "incremento"
        | "добавление"
        | "добавлением" => p.increment = true,
        "d" | "delay" => p.delay = true,
        "g" | "sd" | "sudden" | "death" | "game" | "rest" | "remainder" | "partie" | "partia"
        | "партию" | "reste" | "resto" => p.period = true,
        "after" | "per" | "pro" | "par" | "por" | "za" | "за" | "nach" | "après" | "después" => {
        }
        w if FILLER.contains(&w) => {}
        _ => return None,
    }
    Some(())
}

fn is(t: &Token, word: &str) -> bool {
    match t {
        Token::Word(w) => w == word,
        Token::Slash => word == "/",
        Token::Number(_) => false,
    }
}

fn factor(u: Unit) -> f64 {
    match u {
        Unit::Hours => 3600.0,
        Unit::Minutes => 60.0,
        Unit::Seconds => 1.0,
    }
}

/// The parts joined into periods. A part with a time and no increment
/// mark starts a period (a bare number there is minutes); one marked as an
/// increment, or a bare or seconds-only number right after a period's time,
/// is the increment of every period (FIDE's controls add it from move one);
/// `after N moves` closes the period before at move N. A bare period time
/// is in `bare` units (minutes, or a US control's hours).
fn assemble(parts: &[Part], bare: Unit) -> Option<InWords> {
    let mut periods: Vec<Period> = Vec::new();
    let mut increment = None;
    let mut delay = None;
    for p in parts {
        let seconds = p.seconds?;
        // A bare number is minutes for a period, seconds for an increment.
        let (as_period, as_increment) = match p.explicit {
            true => (seconds, seconds),
            false => (seconds * factor(bare), seconds),
        };
        let clock = |s: f64| Clock((s * 1000.0).round() as u64);
        if p.delay {
            delay = Some(clock(as_increment));
            continue;
        }
        // After a period without a move count, a bare number or a few
        // seconds add to it; after one with a count, a time is the next
        // period (`40/120, 60`).
        let open = periods.last().is_some_and(|l| l.moves.is_none());
        let plain = !p.period && p.moves.is_none() && p.after.is_none() && !periods.is_empty();
        let small = p.explicit && seconds < 60.0;
        if p.increment || plain && (small || open && !p.explicit) {
            if increment.replace(clock(as_increment)).is_some() {
                return None;
            }
            continue;
        }
        if let Some(n) = p.after {
            let last = periods.last_mut().filter(|l| l.moves.is_none())?;
            last.moves = Some(n);
        }
        if periods.last().is_some_and(|l| l.moves.is_none()) {
            return None;
        }
        periods.push(Period {
            moves: p.moves,
            base: clock(as_period),
            increment: Clock(0),
        });
    }
    if periods.is_empty() || periods.iter().any(|p| p.base.millis() == 0) {
        return None;
    }
    for p in &mut periods {
        p.increment = increment.unwrap_or(Clock(0));
    }
    Some(InWords {
        periods,
        delay,
        hours: false,
    })
}

mod vocabulary;

#[cfg(test)]
mod tests;
