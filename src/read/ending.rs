//! Ending: how a record says its game ended, in one vocabulary.
//!
//! Every archive writes it its own way: lichess and chess.com in the
//! `Termination` tag (`Time forfeit`; `Carlsen won on time`), ICC in an
//! `ICCResult` tag, FICS and ICC in a comment just before the result
//! (`{Knightsmasher forfeits on time} 0-1`), engine GUIs in a `Termination`
//! of their own (`GUI adjudication`). [`Statement::read`] reads them all; the
//! board's own evidence (mate, stalemate) is added by the laws, which see
//! the final position.
//!
//! ```
//! use pgn_arbiter::read::ending::{Ending, Statement, EndingSource};
//! use pgn_arbiter::read::parse::parse_game;
//! use shakmaty::Color;
//!
//! let record = parse_game(
//!     b"[White \"Knightsmasher\"]\n[Black \"josephalee\"]\n\n1. e4 e5 {Knightsmasher forfeits on time} 0-1",
//! );
//! let said = Statement::read(&record).unwrap();
//! assert_eq!(said.ending, Ending::TimeForfeit);
//! assert_eq!(said.source, EndingSource::ResultComment);
//! assert_eq!(said.side, Some(Color::White));
//! ```

use std::fmt;

use shakmaty::Color;

use crate::model::outcome::GameResult;
use crate::read::parse::{GameRecord, Tags};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ending {
    Checkmate,
    Resignation,
    /// A flag fell (a server's "forfeits on time", "ran out of time").
    TimeForfeit,
    /// Both players ran out of time.
    BothFlags,
    Agreement,
    Repetition,
    FiftyMoves,
    SeventyFiveMoves,
    Stalemate,
    /// Neither side had the material to mate, as the server counted it.
    InsufficientMaterial,
    /// The final position is dead although material remains.
    DeadPosition,
    /// A player left the game (disconnection, abandonment).
    Abandonment,
    /// An arbiter, a server or a GUI decided the result.
    Adjudication,
    /// A server ended the game for a breach of its rules (fair play).
    RulesInfraction,
    /// Stopped before it counted (a server's "game aborted").
    Aborted,
    /// Adjourned, to be resumed: the record holds no result.
    Adjourned,
    /// The record says the game was not finished.
    Unterminated,
    /// Not played, and won by the side the result names: a forfeit
    /// (`Termination "Unplayed"` beside `1-0`, `forfeit`, a `+/-` result).
    Forfeit,
    /// The record says the game was not played, and names no winner: a
    /// draw or no result beside `Unplayed`, `not played`, a bye.
    Unplayed,
    /// The ending is not stated and the board does not show it.
    Unknown,
}

impl Ending {
    /// The name the `ending` column uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Resignation => "resignation",
            Ending::TimeForfeit => "time-forfeit",
            Ending::BothFlags => "both-flags",
            Ending::Agreement => "agreement",
            Ending::Repetition => "repetition",
            Ending::FiftyMoves => "fifty-moves",
            Ending::SeventyFiveMoves => "seventy-five-moves",
            Ending::Stalemate => "stalemate",
            Ending::InsufficientMaterial => "insufficient-material",
            Ending::DeadPosition => "dead-position",
            Ending::Abandonment => "abandonment",
            Ending::Adjudication => "adjudication",
            Ending::RulesInfraction => "rules-infraction",
            Ending::Aborted => "aborted",
            Ending::Adjourned => "adjourned",
            Ending::Unterminated => "unterminated",
            Ending::Forfeit => "forfeit",
            Ending::Unplayed => "unplayed",
            Ending::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where the ending was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndingSource {
    /// A `Termination` tag (or ICC's `ICCResult`).
    TerminationTag,
    /// A server's comment just before the result.
    ResultComment,
    /// The final position: mate, stalemate, a dead position.
    Board,
    /// The loser's clock at zero, with nothing else stated.
    Clocks,
    /// A forfeit mark in the `Result` tag (`+/-`, `-/+`, ChessBase's `+--`).
    ResultTag,
    /// Read into words the record does not have: a `Termination "Normal"`
    /// game, decisive and not mated on the board, taken as resigned; drawn,
    /// as agreed.
    Inferred,
    None,
}

impl EndingSource {
    /// The name the `ending_source` column uses.
    pub fn as_str(self) -> &'static str {
        match self {
            EndingSource::TerminationTag => "termination-tag",
            EndingSource::ResultComment => "result-comment",
            EndingSource::Board => "board",
            EndingSource::Clocks => "clocks",
            EndingSource::ResultTag => "result-tag",
            EndingSource::Inferred => "inferred",
            EndingSource::None => "none",
        }
    }
}

/// What a record states about its ending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// [`Ending::Unknown`] for a `Termination "Normal"`: the game ended by
    /// play (not on time, not abandoned), and the board and the result say
    /// how.
    pub ending: Ending,
    pub source: EndingSource,
    /// The player the statement names as the one who flagged, resigned,
    /// left or was mated; else the loser by the result.
    pub side: Option<Color>,
    /// The words name the winner (`X won on time`), not the loser (`X
    /// forfeits on time`); `side` is the loser either way.
    pub winner_named: bool,
    /// The words as written.
    pub text: String,
    /// Who wrote them, when the record says: `FICS`, `ICC`, `lichess`,
    /// `chess.com`.
    pub server: Option<&'static str>,
}

impl Statement {
    /// Reads the ending a record states: a `Termination` or `ICCResult`
    /// tag that names one, else the comment before the result, else a
    /// `Termination` that names none (`Normal`).
    pub fn read(record: &GameRecord<'_>) -> Option<Statement> {
        let tags = &record.tags;
        let loser = record.recorded_result().winner().map(|w| !w);
        let tagged = [&tags.termination, &tags.icc_result]
            .into_iter()
            .filter_map(|t| t.as_deref())
            .find_map(|t| tag_statement(t, tags, loser));
        let commented = || {
            let text = record.closing_comment()?;
            let said = phrase(&Words::of(text), tags, loser)?;
            Some(Statement {
                ending: said.ending,
                source: EndingSource::ResultComment,
                side: said.side,
                winner_named: said.winner_named,
                text: text.to_string(),
                server: server(tags),
            })
        };
        match tagged {
            Some(s) if s.ending != Ending::Unknown => Some(s),
            other => commented()
                .or_else(|| unplayed::forfeit_mark(record))
                .or(other),
        }
    }

    /// Whether the statement says the game was not played.
    pub fn unplayed(&self) -> bool {
        matches!(self.ending, Ending::Forfeit | Ending::Unplayed)
    }

    /// "the FICS comment “White forfeits on time”", "the Termination tag
    /// “Time forfeit”": where the statement stands, for a reason.
    pub fn quoted(&self) -> String {
        let text = &self.text;
        match (self.source, self.server) {
            (EndingSource::ResultComment, Some(server)) => format!("the {server} comment “{text}”"),
            (EndingSource::ResultComment, None) => format!("the comment “{text}”"),
            (_, Some("ICC")) => format!("the ICCResult tag “{text}”"),
            (EndingSource::ResultTag, _) => format!("the Result tag “{text}”"),
            _ => format!("the Termination tag “{text}”"),
        }
    }
}

/// The server a record comes from, when its tags say.
fn server(tags: &Tags) -> Option<&'static str> {
    if tags.is_icc() {
        Some("ICC")
    } else if tags.is_fics() {
        Some("FICS")
    } else {
        tags.server()
    }
}

fn tag_statement(text: &str, tags: &Tags, loser: Option<Color>) -> Option<Statement> {
    let words = Words::of(text);
    let said = phrase(&words, tags, loser)
        .or_else(|| unplayed::not_played(&words.lower, loser))
        .or_else(|| termination_word(&words.lower, loser))?;
    Some(Statement {
        ending: said.ending,
        source: EndingSource::TerminationTag,
        side: said.side,
        winner_named: said.winner_named,
        text: text.to_string(),
        server: server(tags),
    })
}

/// A statement's words, trimmed, and lower-cased once for matching (the
/// names in them are matched as written).
struct Words<'a> {
    text: &'a str,
    lower: String,
}

impl Words<'_> {
    fn of(text: &str) -> Words<'_> {
        let text = text.trim().trim_end_matches('.');
        Words {
            text,
            lower: text.to_ascii_lowercase(),
        }
    }
}

/// The PGN standard's and the GUIs' `Termination` words (`time forfeit`,
/// `abandoned`, `GUI adjudication`, `3-fold rep` …); `normal` names no
/// ending but rules out time and abandonment.
fn termination_word(t: &str, loser: Option<Color>) -> Option<Said> {
    let has = |w: &str| t.contains(w);
    let ending = if t == "normal" {
        Ending::Unknown
    } else if has("adjudicat") || has("tb mate") {
        Ending::Adjudication
    } else if has("time forfeit") || has("timeout") || has("on time") || t == "time" {
        Ending::TimeForfeit
    } else if has("abandon") || has("connection") || has("disconnect") {
        Ending::Abandonment
    } else if has("infraction") {
        Ending::RulesInfraction
    } else if has("unterminated") {
        Ending::Unterminated
    } else if has("resign") {
        Ending::Resignation
    } else if has("stalemate") {
        Ending::Stalemate
    } else if has("checkmate") || t == "mate" {
        Ending::Checkmate
    } else if has("rep") {
        Ending::Repetition
    } else if has("50") || has("fifty") {
        Ending::FiftyMoves
    } else if has("insufficient") {
        Ending::InsufficientMaterial
    } else if has("agree") {
        Ending::Agreement
    } else {
        return None;
    };
    Some(Said::of(ending, loser))
}

/// "<player> <verb>", and whether the player named is the winner (else
/// the loser), in the order they are looked for: every loser's verb first.
const VERBS: &[(&str, Ending, bool)] = &[
    (" forfeits on time", Ending::TimeForfeit, false),
    (" ran out of time", Ending::TimeForfeit, false),
    (" forfeits by disconnection", Ending::Abandonment, false),
    (" disconnected and forfeits", Ending::Abandonment, false),
    (" resigns", Ending::Resignation, false),
    (" checkmated", Ending::Checkmate, false),
    (" stalemated", Ending::Stalemate, false),
    (" won on time", Ending::TimeForfeit, true),
    (" won by resignation", Ending::Resignation, true),
    (" won by checkmate", Ending::Checkmate, true),
    (" won - game abandoned", Ending::Abandonment, true),
    (" won by abandonment", Ending::Abandonment, true),
    (" wins by adjudication", Ending::Adjudication, true),
    (" won by adjudication", Ending::Adjudication, true),
];

/// Whether `lower` holds, after a space, a word that each of the
/// [`VERBS`] starts with: without one, none of them can be found.
fn names_a_verb(lower: &str) -> bool {
    lower.split(' ').skip(1).any(|word| {
        matches!(word, "forfeits" | "ran" | "disconnected" | "won" | "wins")
            || ["resigns", "checkmated", "stalemated"]
                .iter()
                .any(|verb| word.starts_with(verb))
    })
}

/// A server's sentence: FICS and ICC (`X forfeits on time`, `X resigns`,
/// `Game drawn by repetition` …) and chess.com (`X won on time`, `Game
/// drawn by timeout vs insufficient material` …). A player is named by his
/// name or his colour.
fn phrase(words: &Words<'_>, tags: &Tags, loser: Option<Color>) -> Option<Said> {
    let (t, lower) = (words.text, &words.lower);
    if let Some(drawn) = lower.strip_prefix("game drawn ") {
        return drawn_phrase(drawn).map(|e| Said::of(e, None));
    }
    if lower.starts_with("neither player has mating material") {
        return Some(Said::of(Ending::InsufficientMaterial, None));
    }
    if lower.contains("game aborted") || lower.contains("game adjourned") {
        let ending = if lower.contains("adjourned") {
            Ending::Adjourned
        } else {
            Ending::Aborted
        };
        return Some(Said::of(ending, loser));
    }
    // Sixteen searches a sentence, and most texts (`Normal`, `Time
    // forfeit`) hold no verb: one pass over the words first.
    if !names_a_verb(lower) {
        return None;
    }
    VERBS.iter().find_map(|&(verb, ending, winner)| {
        let at = lower.find(verb)?;
        let side = colour_of(&t[..at], tags).map(|c| if winner { !c } else { c });
        Some(Said {
            ending,
            side: side.or(loser),
            winner_named: winner,
        })
    })
}

/// What a sentence says: how the game ended, the loser, and whether the
/// sentence named the winner.
struct Said {
    ending: Ending,
    side: Option<Color>,
    winner_named: bool,
}

impl Said {
    fn of(ending: Ending, side: Option<Color>) -> Said {
        Said {
            ending,
            side,
            winner_named: false,
        }
    }
}

/// The ending of "Game drawn by …" (FICS, ICC, chess.com).
fn drawn_phrase(drawn: &str) -> Option<Ending> {
    let has = |w: &str| drawn.contains(w);
    Some(if has("both players ran out of time") {
        Ending::BothFlags
    } else if has("timeout") || has("ran out of time") {
        Ending::TimeForfeit
    } else if has("repetition") {
        Ending::Repetition
    } else if has("agreement") {
        Ending::Agreement
    } else if has("50") || has("fifty") {
        Ending::FiftyMoves
    } else if has("stalemate") {
        Ending::Stalemate
    } else if has("insufficient") || has("mating material") {
        Ending::InsufficientMaterial
    } else if has("adjudication") {
        Ending::Adjudication
    } else {
        return None;
    })
}

/// The colour of the player a sentence names: by the `White`/`Black` tags
/// (exactly, then ignoring case), else by the words `White` and `Black`.
fn colour_of(name: &str, tags: &Tags) -> Option<Color> {
    let name = name.trim();
    let players = [(Color::White, &tags.white), (Color::Black, &tags.black)];
    let matching = |same: &dyn Fn(&str) -> bool| {
        let hits: Vec<Color> = players
            .iter()
            .filter(|(_, tag)| tag.as_deref().is_some_and(|t| same(t.trim())))
            .map(|(c, _)| *c)
            .collect();
        (hits.len() == 1).then(|| hits[0])
    };
    matching(&|t| t == name)
        .or_else(|| matching(&|t| t.eq_ignore_ascii_case(name)))
        .or_else(|| match name.to_ascii_lowercase().as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        })
}

/// How a statement's words disagree with the recorded result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disagreement {
    /// The player it names as the loser (who flagged, resigned, was mated,
    /// left) is the recorded winner, or a resignation or mate beside a draw.
    NamedLoserWon(Color),
    /// A draw's sentence beside a decisive result.
    DrawnButDecisive,
    /// An aborted, adjourned or unterminated game beside a result.
    NotPlayedOut,
}

/// Whether a recorded result disagrees with what a statement says.
///
/// A win on time beside a draw is no disagreement: servers draw a game
/// lost on time when, by their count, the side on time has no mating
/// material.
pub fn disagreement(statement: &Statement, recorded: GameResult) -> Option<Disagreement> {
    use Ending::*;
    let decisive = matches!(recorded, GameResult::Win(_));
    match (statement.ending, statement.side, recorded) {
        (Resignation | Checkmate | TimeForfeit | Abandonment, Some(side), GameResult::Win(w))
            if w == side =>
        {
            Some(Disagreement::NamedLoserWon(side))
        }
        (Resignation | Checkmate, Some(side), GameResult::Draw) => {
            Some(Disagreement::NamedLoserWon(side))
        }
        (
            Agreement | Repetition | FiftyMoves | SeventyFiveMoves | Stalemate
            | InsufficientMaterial | BothFlags | DeadPosition,
            _,
            _,
        ) if decisive => Some(Disagreement::DrawnButDecisive),
        (Aborted | Adjourned | Unterminated, _, GameResult::Win(_) | GameResult::Draw) => {
            Some(Disagreement::NotPlayedOut)
        }
        _ => None,
    }
}

mod unplayed;

#[cfg(test)]
mod tests;
