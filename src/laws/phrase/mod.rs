//! The phrasing layer: the sentences the verdicts and incidents give, kept
//! apart from the clauses that decide. One place for the sides' names, the
//! helpmate answers, the clock readings and the moves as a reader writes
//! them; a clause's own sentences in a file named after it.

pub(super) mod board;
pub(super) mod both_flags;
pub(super) mod clocks;
pub(super) mod control;
pub(super) mod draw;
pub(super) mod edition;
pub(super) mod illegal;
pub(super) mod left;
pub(super) mod placement;
pub(super) mod position;
pub(super) mod record;
pub(super) mod server;
pub(super) mod setup;
pub(super) mod time;
pub(super) mod unplayed;
pub(super) mod verdict;

use std::fmt::Write;

use shakmaty::Color;

use super::{Game, MateAnswer, side_name};
use crate::board::helpmate::{Helpmate, Mate};

/// Which reasons show a helpmate's short line (`--short-lines`): the
/// solver's own line proves the verdict at no further cost, and a shorter
/// one costs a search of up to [`crate::board::helpmate::SHOWN_MATE_NODES`]
/// positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ShortLines {
    /// Where a person reads them: rows that are not confirmed (the HTML
    /// page and `explain` show it always); a confirmed row cites the
    /// solver's line with its length.
    #[default]
    Read,
    /// Every row.
    All,
}

/// `reason` quoting `line`'s short line where it quoted the solver's own;
/// `None` when it does not quote the solver's line or no shorter one was
/// found.
///
/// A reason is worded while the clauses decide, before the game's status
/// is settled; which line it should show is known only then.
pub(super) fn with_short_line(reason: &str, line: &Helpmate) -> Option<String> {
    let short = line.short();
    if short.len() >= line.len() {
        return None;
    }
    let witness = line.text(false);
    reason
        .contains(&witness)
        .then(|| reason.replacen(&witness, &short.text(false), 1))
}

/// A reason or a detail as a sentence of its own: a capital first letter
/// and a full stop, unless it ends on a closing quotation mark (the words
/// of a clause it quotes end it).
///
/// ```
/// use pgn_arbiter::laws::as_sentence;
/// assert_eq!(as_sentence("white is checkmated"), "White is checkmated.");
/// assert_eq!(as_sentence("7.5.5 in our words: “…”"), "7.5.5 in our words: “…”");
/// ```
pub fn as_sentence(text: &str) -> String {
    let mut out = capitalised(text);
    if !out.ends_with('”') {
        out.push('.');
    }
    out
}

/// The text with a capital first letter.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An offence (`lead`) and what follows from whether the opponent can
/// still checkmate (`mate`): the offender loses, or (`drawn`) the game is
/// drawn.
pub(super) fn offence_outcome(lead: &str, mate: &str, drawn: bool, offender: Color) -> String {
    let outcome = match drawn {
        true => "so the game is drawn".to_string(),
        false => format!("so {} loses", side_name(offender)),
    };
    format!("{lead}: {mate}, {outcome}")
}

/// Where a "can this side still checkmate?" answer was judged, when not in
/// the position asked about: `None` for the starting position, else after
/// the move (`Some("23. Nf3")`).
pub(super) fn judged_earlier(after: Option<&str>) -> String {
    match after {
        None => " (judged in the starting position, the last legal one)".into(),
        Some(text) => format!(" (judged in the last legal position, after {text})"),
    }
}

/// A "can this side still checkmate?" question with no legal position.
pub(super) const NO_LEGAL_POSITION: &str = " (no legal position to judge)";

/// "can still checkmate (for example 41...Kg8 42. Qg7#)" or "cannot
/// checkmate by any series of legal moves".
pub(super) fn mate_phrase(side: Color, answer: &MateAnswer) -> String {
    let name = side_name(side);
    let note = &answer.note;
    match &answer.mate {
        Mate::Possible(line) => format!(
            "{name} can still checkmate (for example {}){note}",
            line.text(false)
        ),
        Mate::Impossible => format!("no series of legal moves lets {name} checkmate{note}"),
        Mate::NotShownImpossible => {
            format!("{name} is not shown unable to checkmate (fast check){note}")
        }
        Mate::Undecided => {
            format!("the helpmate solver could not decide whether {name} can still checkmate{note}")
        }
    }
}

/// "clocks White 0:01:20, Black 0:05:00" once `ply` plies were played, or
/// "no clocks recorded".
pub(super) fn clocks_note(game: &Game<'_>, ply: usize) -> String {
    let (white, black) = (
        game.clock_after(Color::White, ply),
        game.clock_after(Color::Black, ply),
    );
    if white.is_none() && black.is_none() {
        return "no clocks recorded".into();
    }
    let show = |c: Option<crate::model::clock::Clock>| {
        c.map_or_else(|| "unknown".to_string(), |c| c.to_string())
    };
    format!("clocks White {}, Black {}", show(white), show(black))
}

/// What [`last_readings`] says of a game without clock readings.
pub(super) const NO_READINGS: &str = "no clock readings recorded";

/// "White 0:00:33 after 36. Kh1, Black 0:00:00 after 35...Qc3": each
/// side's last clock reading once `ply` plies were played, and when.
pub(super) fn last_readings(game: &Game<'_>, ply: usize) -> String {
    let unknown = |side| game.clock_after(side, ply).is_none();
    if unknown(Color::White) && unknown(Color::Black) {
        return NO_READINGS.into();
    }
    // One buffer for the sentence, written for every flag fall: three
    // `format!`s grew three strings.
    let mut text = String::with_capacity(96);
    text.push_str("last clock readings: ");
    write_reading(game, ply, Color::White, &mut text);
    text.push_str(", ");
    write_reading(game, ply, Color::Black, &mut text);
    text
}

/// "White 0:00:03 after 41. Kg2", "Black not recorded": one side's last
/// reading up to `ply`, where it was written.
fn write_reading(game: &Game<'_>, ply: usize, side: Color, text: &mut String) {
    let at = game.clock_ply(side, ply.min(game.plies()));
    text.push_str(side_name(side));
    // Writing into a `String` cannot fail.
    let _ = match (game.clock_after(side, ply), at) {
        (None, _) => write!(text, " not recorded"),
        (Some(c), Some(k)) if game.record.moves[k - 1].clock == Some(c) => {
            write!(text, " {c} after {}", game.move_text(k))
        }
        (Some(c), _) => write!(text, " {c} at the end of the record"),
    };
}
