//! Ending: how a record says its game ended, read by a grammar into one
//! vocabulary, or said not to be understood.
//!
//! Every archive writes it its own way and in its own language: lichess and
//! chess.com in the `Termination` tag (`Time forfeit`; `Carlsen won on
//! time`), ICC in an `ICCResult` tag, TCEC in `TerminationDetails`, FICS
//! and ICC in a comment just before the result (`{Knightsmasher forfeits on
//! time} 0-1`), club files in their federation's words (`Zeitüberschreitung`,
//! `Les Noirs abandonnent`, `неявка`). [`Reading::of`] reads them all with
//! the grammar of [`crate::read::words`] and the words of
//! `read/words/lang/`: a statement is understood whole — who, what, and how
//! sure — or it is not, and then it is quoted as not understood, never
//! taken as agreement. The side a statement names comes from its words
//! only. The board's own evidence (mate, stalemate) is added by the laws,
//! which see the final position.
//!
//! ```
//! use pgn_arbiter::read::ending::{Ending, EndingSource, Reading, Role, Stated};
//! use pgn_arbiter::read::parse::parse_game;
//! use shakmaty::Color;
//!
//! let record = parse_game(
//!     b"[White \"Knightsmasher\"]\n[Black \"josephalee\"]\n\n1. e4 e5 {Knightsmasher forfeits on time} 0-1",
//! );
//! let said = Reading::of(&record).statement.unwrap();
//! assert_eq!(said.ending, Ending::TimeForfeit);
//! assert_eq!(said.words.source, EndingSource::ResultComment);
//! assert_eq!(said.side(), Some(Color::White));
//! assert_eq!(said.party.unwrap().role, Role::Loser);
//! assert_eq!(said.result, Stated::Win(Color::Black));
//!
//! let record = parse_game(b"[Result \"1-0\"]\n[Termination \"Zeitueberschreitung\"]\n\n1. e4 1-0");
//! assert_eq!(Reading::of(&record).statement.unwrap().ending, Ending::TimeForfeit);
//! let record = parse_game(b"[Result \"1-0\"]\n[Termination \"Black lost his temper\"]\n\n1. e4 1-0");
//! let reading = Reading::of(&record);
//! assert!(reading.statement.is_none());
//! assert_eq!(reading.doubt.unwrap().to_string(), "the Termination tag “Black lost his temper” is not understood");
//! ```

use shakmaty::Color;

pub use crate::model::ending::{Ending, Naming, Party, Role, Stated, Unread, UnreadKind};
use crate::model::outcome::GameResult;
use crate::read::parse::GameRecord;
use crate::read::words::{self, Read, Said};

/// Where the ending was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndingSource {
    /// A `Termination` tag (or ICC's `ICCResult`, TCEC's
    /// `TerminationDetails`).
    TerminationTag,
    /// A server's comment just before the result.
    ResultComment,
    /// The final position: mate, stalemate, a dead position.
    Board,
    /// The loser's clock at zero, with nothing else stated.
    Clocks,
    /// The `Result` tag: a forfeit mark (`+/-`, `-/+`, ChessBase's `+--`)
    /// or words (`0:1 kampflos`).
    ResultTag,
    /// A server's own code in its export: lichess's `status`, chess.com's
    /// `result` of each side ([`server_code`]).
    ServerCode,
    /// A player's tag naming no player: `[Black "BYE"]`.
    PlayerTag,
    /// A claim or an arbiter's act written as a command (`[%claim …]`).
    Claim,
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
            EndingSource::PlayerTag => "player-tag",
            EndingSource::ServerCode => "server-code",
            EndingSource::Claim => "claim",
            EndingSource::Inferred => "inferred",
            EndingSource::None => "none",
        }
    }
}

/// Where a statement's words stand: which part of the record, as written
/// (its `Display`, "the FICS comment “White forfeits on time”", is in
/// `laws/phrase/record.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub source: EndingSource,
    /// The tag, for a tag's words (`Termination`, `ICCResult`,
    /// `TerminationDetails`, `Result`).
    pub tag: &'static str,
    /// The words as written.
    pub text: String,
    /// Who wrote them, when the record says: `FICS`, `ICC`, `lichess`,
    /// `chess.com`.
    pub server: Option<&'static str>,
}

/// What a record states about its ending, read whole: every clause of its
/// words accounted for. Words read only in part are a [`Doubt`], never a
/// statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// [`Ending::Unknown`] when the words state a result and no ending
    /// (`Remis`, `White wins`) or that the game ended by play (`Normal`).
    pub ending: Ending,
    /// The player the words name, and as what; never filled in from the
    /// result.
    pub party: Option<Party>,
    /// The result the words give.
    pub result: Stated,
    /// `Normal`: the game ended by play (not on time, not abandoned), and
    /// the board and the result say how.
    pub by_play: bool,
    pub words: Quote,
}

impl Statement {
    /// The understood ending the record states, if any; see
    /// [`Reading::of`].
    pub fn read(record: &GameRecord<'_>) -> Option<Statement> {
        Reading::of(record).statement
    }

    /// The player the ending happened to — who flagged, resigned, left or
    /// was mated — as the words name him (or name his opponent the winner).
    pub fn side(&self) -> Option<Color> {
        self.party.map(Party::fallen)
    }

    /// Whether the words name the winner (`X won on time`), not the loser.
    pub fn winner_named(&self) -> bool {
        self.party.is_some_and(|p| p.role == Role::Winner)
    }

    /// Whether the statement says the game was not played.
    pub fn unplayed(&self) -> bool {
        matches!(self.ending, Ending::Forfeit | Ending::Unplayed)
    }

    /// Who wrote the words, when the record says.
    pub fn server(&self) -> Option<&'static str> {
        self.words.server
    }

    fn of(said: Said, words: Quote, recorded: GameResult) -> Statement {
        let ending = match (said.forfeit, recorded) {
            (true, GameResult::Win(_)) => Ending::Forfeit,
            (true, _) => Ending::Unplayed,
            (false, _) => said.ending,
        };
        Statement {
            ending,
            party: said.party,
            result: said.result,
            by_play: said.by_play,
            words,
        }
    }
}

/// Words about the ending that the audit cannot take as they stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doubt {
    /// Words this grammar does not understand (or that contradict
    /// themselves).
    NotUnderstood(Quote),
    /// Words read only in part: a clause not understood, asked, denied,
    /// hedged, or an aside naming a player.
    Partial(Quote, Unread),
    /// Words that read two ways, a player's name (this side's) being a
    /// colour word, and say different things each way.
    Ambiguous(Quote, Color),
    /// Two statements of the record that give different results, name
    /// different endings, or different players.
    Disagree(Quote, Quote),
    /// A claim or a ruling written where this reader does not read one: in
    /// a comment between the moves (after `ply` plies), or a `[%claim …]`
    /// of a kind it does not know.
    Claim(Quote, Option<usize>),
}

/// All a record says about its ending: the statement the audit reads, and
/// what it could not take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    pub statement: Option<Statement>,
    pub doubt: Option<Doubt>,
}

impl Reading {
    /// Reads the ending a record states, from its ledger of testimony
    /// ([`testimony`]): a server's codes, the `Termination`, `ICCResult` and
    /// `TerminationDetails` tags, every comment after the last move, the
    /// words of the `Result` tag. Each is read whole, inert, or unread. The
    /// first whole one that names an ending is the statement (else the first
    /// understood: `Normal`, `Remis`) and the others must agree with it; one
    /// that does not, or that is unread, is the doubt.
    pub fn of(record: &GameRecord<'_>) -> Reading {
        let recorded = record.recorded_result();
        let mut statements = Vec::new();
        let mut doubt = None;
        match server_code::read(&record.tags) {
            Some(Ok(said)) => statements.push(said),
            Some(Err(words)) => doubt = Some(Doubt::NotUnderstood(words)),
            None => {}
        }
        for entry in testimony::ledger(record) {
            let unsure = match entry.reading {
                Read::Said(said) => {
                    statements.push(Statement::of(said, entry.words, recorded));
                    continue;
                }
                Read::Inert => continue,
                Read::NotUnderstood => Doubt::NotUnderstood(entry.words),
                Read::Partial(unread) => Doubt::Partial(entry.words, unread),
                Read::Ambiguous(side) => Doubt::Ambiguous(entry.words, side),
            };
            doubt.get_or_insert(unsure);
        }
        if doubt.is_none() {
            doubt = testimony::unread_claim(record).map(|(words, ply)| Doubt::Claim(words, ply));
        }
        statements.extend(unplayed::forfeit_mark(record));
        statements.extend(unplayed::bye(record));
        let first = statements
            .iter()
            .position(|s| s.ending != Ending::Unknown)
            .unwrap_or(0);
        if first >= statements.len() {
            return Reading {
                statement: None,
                doubt,
            };
        }
        let mut statement = statements.swap_remove(first);
        for other in statements {
            if !statement.take_in(&other) {
                doubt.get_or_insert(Doubt::Disagree(statement.words.clone(), other.words));
            }
        }
        Reading {
            statement: Some(statement),
            doubt,
        }
    }
}

impl Statement {
    /// Adds what another statement of the record says (the result, the
    /// player); `false` when the two give different results, name different
    /// endings (a resignation beside a flag fall) or different players.
    fn take_in(&mut self, other: &Statement) -> bool {
        if !self.same_ending(other) {
            return false;
        }
        let Some(result) = self.result.with(other.result) else {
            return false;
        };
        self.result = result;
        match (self.party, other.party) {
            (Some(a), Some(b)) => a.fallen() == b.fallen(),
            (None, Some(b)) => {
                self.party = Some(b);
                true
            }
            _ => true,
        }
    }
}

impl Statement {
    /// Whether two statements can tell one ending: the same, one of them
    /// none, a game ended by play beside an ending by play, an
    /// adjudication beside its ground.
    fn same_ending(&self, other: &Statement) -> bool {
        let fits = |a: &Statement, b: &Statement| match (a.ending, b.ending) {
            (x, y) if x == y => true,
            (Ending::Unknown, e) => !a.by_play || e.by_play(),
            (Ending::Adjudication, e) => e.played(),
            _ => false,
        };
        fits(self, other) || fits(other, self)
    }
}

/// What `text` would say written into this record (as a tag's words
/// when `tag`, else as a comment): the result and the player the ending
/// happened to, when it is read whole and one way.
///
/// ```
/// use pgn_arbiter::read::ending::{reads_back, Stated};
/// use pgn_arbiter::read::parse::parse_game;
/// use shakmaty::Color;
/// // Black's name is a colour word: "White" reads two ways.
/// let record = parse_game(b"[White \"anna\"]\n[Black \"White\"]\n\n1. e4 *");
/// assert_eq!(reads_back("White lost on time", &record, true), None);
/// assert_eq!(
///     reads_back("the white player lost on time", &record, true),
///     Some((Stated::Win(Color::Black), Some(Color::White)))
/// );
/// ```
pub fn reads_back(
    text: &str,
    record: &GameRecord<'_>,
    tag: bool,
) -> Option<(Stated, Option<Color>)> {
    match words::read(text, record.names(), tag) {
        Read::Said(said) => Some((said.result, said.party.map(Party::fallen))),
        _ => None,
    }
}

/// Whether a comment of the record tells how the game ended (understood
/// or not), as the audit reads a comment after the last move.
pub fn tells_an_ending(comment: &str, record: &GameRecord<'_>) -> bool {
    let text = testimony::readable(comment);
    !text.is_empty() && !matches!(words::read(&text, record.names(), false), Read::Inert)
}

/// How a statement's words disagree with the recorded result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disagreement {
    /// The words give the game to one side (naming him the winner, or his
    /// opponent the loser), the record another result.
    AnotherWinner,
    /// A decisive ending (resignation, mate) beside a draw.
    DecisiveButDrawn,
    /// A draw's words beside a decisive result.
    DrawnButDecisive,
    /// The player whose flag the words say fell is the recorded winner.
    FlaggedWon(Color),
    /// An aborted, adjourned or unterminated game beside a result.
    NotPlayedOut,
}

/// Whether a recorded result disagrees with what a statement says.
///
/// A flag fall beside a draw is no disagreement: servers draw a game lost
/// on time when, by their count, the side on time has no mating material,
/// and the Laws draw it when he cannot mate.
pub fn disagreement(statement: &Statement, recorded: GameResult) -> Option<Disagreement> {
    if recorded == GameResult::Unfinished {
        return None;
    }
    match (statement.result, recorded) {
        (Stated::NoResult, _) => Some(Disagreement::NotPlayedOut),
        (Stated::Win(c), r) if r != GameResult::Win(c) => Some(Disagreement::AnotherWinner),
        (Stated::Decisive, GameResult::Draw) => Some(Disagreement::DecisiveButDrawn),
        (Stated::Draw, GameResult::Win(_)) => Some(Disagreement::DrawnButDecisive),
        _ => {
            let flagged = statement
                .party
                .filter(|_| statement.ending == Ending::TimeForfeit)
                .map(Party::fallen)?;
            (recorded == GameResult::Win(flagged)).then_some(Disagreement::FlaggedWon(flagged))
        }
    }
}

pub mod server_code;
mod testimony;
mod unplayed;

pub use testimony::{OWN_ENDING_NOTE_END, OWN_NOTE};

#[cfg(test)]
mod tests;
