//! The phrasing layer: the sentences the verdicts and incidents give, kept
//! apart from the clauses that decide. One place for the sides' names, the
//! helpmate answers, the clock readings and the moves as a reader writes
//! them; a clause's own sentences in a file named after it.

pub(super) mod board;
pub(super) mod both_flags;
pub(super) mod claimed_draw;
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

use std::fmt;

use super::finding::{
    CanMate, ClocksAt, Judged, LastReading, LastReadings, MaterialAnswer, MaterialHas,
    MaterialOutcome, Outcome,
};
use super::side_name;
use crate::board::helpmate::Mate;
use crate::model::clock::Clock;

/// Which reasons show a helpmate's short line (`--short-lines`): the
/// solver's own line proves the verdict at no further cost, and a shorter
/// one costs a search of up to [`crate::board::helpmate::SHOWN_MATE_NODES`]
/// positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ShortLines {
    /// Where a person reads them: games whose row is not confirmed; a
    /// confirmed one cites the solver's line with its length.
    #[default]
    Read,
    /// Every game.
    All,
}

impl ShortLines {
    /// Whether a game of this status has its helpmate line searched short.
    pub fn apply_to(self, status: crate::model::verdict::Status) -> bool {
        self == ShortLines::All || status != crate::model::verdict::Status::Confirmed
    }
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

/// "…: no series of legal moves lets Black checkmate, so the game is
/// drawn", or "…, so White loses".
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, ", self.lead, self.mate)?;
        match self.drawn {
            true => f.write_str("so the game is drawn"),
            false => write!(f, "so {} loses", side_name(self.offender)),
        }
    }
}

/// "White has mating material (at least a pawn, …: B7c)".
impl fmt::Display for MaterialAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, rule) = (side_name(self.side), self.rules.rule);
        match self.has {
            MaterialHas::Enough => write!(
                f,
                "{name} has mating material (at least a pawn, a rook, a queen or two minor \
                 pieces: {rule})"
            ),
            MaterialHas::TooLittle => write!(
                f,
                "{name} has no mating material (only a king, or a king and one bishop or \
                 knight: {rule})"
            ),
            MaterialHas::CannotMate => write!(
                f,
                "{name} has mating material, but no series of legal moves lets {name} checkmate"
            ),
            MaterialHas::Undecided => write!(
                f,
                "whether {name} can still checkmate could not be decided by the helpmate \
                 solver, so check the final position by hand ({rule})"
            ),
        }
    }
}

impl MaterialAnswer {
    /// What the answer does to the game: ", so the game is drawn (B8d)",
    /// ", so the win stands (B7c)"; nothing where a person must look.
    pub(crate) fn so(&self) -> So<'_> {
        So(self)
    }
}

/// The end of a [`MaterialAnswer`]'s sentence, written where it is shown.
pub(crate) struct So<'a>(&'a MaterialAnswer);

impl fmt::Display for So<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.0.rules;
        match self.0.has {
            MaterialHas::TooLittle => write!(f, ", so the game is drawn ({})", rules.draw),
            MaterialHas::CannotMate => write!(f, ", so the game is drawn ({})", rules.dead),
            MaterialHas::Enough => write!(f, ", so the win stands ({})", rules.rule),
            MaterialHas::Undecided => Ok(()),
        }
    }
}

/// "…: White has mating material (…), so Black loses", or "…, so the game
/// is drawn (B8d)".
impl fmt::Display for MaterialOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.lead, self.answer)?;
        match self.answer.has {
            MaterialHas::Enough => write!(f, ", so {} loses", side_name(self.offender)),
            _ => write!(f, "{}", self.answer.so()),
        }
    }
}

/// Where an answer was judged, when not in the position asked about.
impl fmt::Display for Judged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judged::AsAsked => Ok(()),
            Judged::AtStart => {
                f.write_str(" (judged in the starting position, the last legal one)")
            }
            Judged::After(text) => write!(f, " (judged in the last legal position, after {text})"),
            Judged::NoLegalPosition => f.write_str(" (no legal position to judge)"),
        }
    }
}

/// "White can still checkmate (for example 41...Kg8 42. Qg7#)" or "no
/// series of legal moves lets White checkmate".
impl fmt::Display for CanMate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, judged) = (side_name(self.side), &self.judged);
        match &self.mate {
            Mate::Possible(line) => write!(
                f,
                "{name} can still checkmate (for example {}){judged}",
                line.text(false)
            ),
            Mate::Impossible => write!(f, "no series of legal moves lets {name} checkmate{judged}"),
            Mate::NotShownImpossible => {
                write!(
                    f,
                    "{name} is not shown unable to checkmate (fast check){judged}"
                )
            }
            Mate::Undecided => write!(
                f,
                "the helpmate solver could not decide whether {name} can still checkmate{judged}"
            ),
        }
    }
}

/// "clocks White 0:01:20, Black 0:05:00", or "no clocks recorded".
impl fmt::Display for ClocksAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.white.is_none() && self.black.is_none() {
            return f.write_str("no clocks recorded");
        }
        let show = |c: Option<Clock>| c.map_or_else(|| "unknown".to_string(), |c| c.to_string());
        write!(
            f,
            "clocks White {}, Black {}",
            show(self.white),
            show(self.black)
        )
    }
}

/// "last clock readings: White 0:00:33 after 36. Kh1, Black 0:00:00 after
/// 35...Qc3", or "no clock readings recorded".
impl fmt::Display for LastReadings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some([white, black]) = &self.0 else {
            return f.write_str("no clock readings recorded");
        };
        write!(f, "last clock readings: White{white}, Black{black}")
    }
}

/// " 0:00:03 after 41. Kg2", " not recorded": after the side's name.
impl fmt::Display for LastReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LastReading::NotRecorded => f.write_str(" not recorded"),
            LastReading::After(c, text) => write!(f, " {c} after {text}"),
            LastReading::AtEnd(c) => write!(f, " {c} at the end of the record"),
        }
    }
}
