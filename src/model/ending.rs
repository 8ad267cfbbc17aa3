//! How a game ended, and what words about its ending can say: the result
//! they give and the player they name. The ending vocabulary every stage
//! shares (the `ending` column).

use std::fmt;

use shakmaty::Color;

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
    /// No move is recorded, only a result, and no words: a pairing
    /// program's round (`PlyCount "0"`, a `*` for the moves it lacks). The
    /// result stands unchecked.
    NoMoves,
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
            Ending::NoMoves => "no-moves",
            Ending::Unknown => "unknown",
        }
    }
}

impl Ending {
    /// Whether the game was played to this ending (not aborted, adjourned,
    /// unfinished, forfeited or unplayed, and known).
    pub fn played(self) -> bool {
        !matches!(
            self,
            Ending::Aborted
                | Ending::Adjourned
                | Ending::Unterminated
                | Ending::Forfeit
                | Ending::Unplayed
                | Ending::Unknown
        )
    }

    /// Whether a game ended by play (lichess's `Normal`: neither on time
    /// nor by leaving) can have ended so.
    pub fn by_play(self) -> bool {
        self.played()
            && !matches!(
                self,
                Ending::TimeForfeit
                    | Ending::BothFlags
                    | Ending::Abandonment
                    | Ending::RulesInfraction
            )
    }

    /// The ending the `ending` column calls `name`.
    pub fn named(name: &str) -> Option<Ending> {
        ALL_ENDINGS.into_iter().find(|e| e.as_str() == name)
    }
}

const ALL_ENDINGS: [Ending; 20] = [
    Ending::Checkmate,
    Ending::Resignation,
    Ending::TimeForfeit,
    Ending::BothFlags,
    Ending::Agreement,
    Ending::Repetition,
    Ending::FiftyMoves,
    Ending::SeventyFiveMoves,
    Ending::Stalemate,
    Ending::InsufficientMaterial,
    Ending::DeadPosition,
    Ending::Abandonment,
    Ending::Adjudication,
    Ending::RulesInfraction,
    Ending::Aborted,
    Ending::Adjourned,
    Ending::Unterminated,
    Ending::Forfeit,
    Ending::Unplayed,
    Ending::Unknown,
];

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result a statement's words give, whatever the record's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stated {
    /// None: `Time forfeit` (a flag may draw), `adjudication`.
    Nothing,
    /// Someone won, the words do not say who: `resignation`, `aufgegeben`.
    Decisive,
    Win(Color),
    Draw,
    /// The game did not finish: aborted, adjourned, unterminated.
    NoResult,
}

impl Stated {
    /// What an ending says of the result when its words name no side.
    pub fn of_ending(ending: Ending) -> Stated {
        use Ending::*;
        match ending {
            Checkmate | Resignation | Abandonment | RulesInfraction => Stated::Decisive,
            Agreement | Repetition | FiftyMoves | SeventyFiveMoves | Stalemate
            | InsufficientMaterial | DeadPosition => Stated::Draw,
            Aborted | Adjourned | Unterminated => Stated::NoResult,
            TimeForfeit | BothFlags | Adjudication | Forfeit | Unplayed | NoMoves | Unknown => {
                Stated::Nothing
            }
        }
    }

    /// Both results, when they can both be true of one game.
    pub fn with(self, other: Stated) -> Option<Stated> {
        match (self, other) {
            (Stated::Nothing, x) | (x, Stated::Nothing) => Some(x),
            (Stated::Decisive, Stated::Win(c)) | (Stated::Win(c), Stated::Decisive) => {
                Some(Stated::Win(c))
            }
            (a, b) => (a == b).then_some(a),
        }
    }
}

/// How a statement named a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Naming {
    /// By name, as the `White` or `Black` tag writes it.
    Name,
    /// By a colour word (`White`, `Weiß`, `les Noirs`).
    Colour,
}

/// The player a statement names, and as what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Party {
    pub side: Color,
    pub role: Role,
    pub named: Naming,
}

impl Party {
    /// The player the ending happened to: the loser, whose flag fell, who
    /// was stalemated.
    pub fn fallen(self) -> Color {
        match self.role {
            Role::Winner => !self.side,
            Role::Loser | Role::Subject => self.side,
        }
    }
}

/// Who a statement's player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Lost: resigned, was mated, forfeited on time.
    Loser,
    Winner,
    /// The one the ending happened to, the words giving no result: whose
    /// flag fell, who was stalemated.
    Subject,
}

/// A clause that keeps a statement from being read whole, as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unread {
    pub clause: String,
    pub kind: UnreadKind,
}

/// Why a clause keeps a statement from being read whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnreadKind {
    /// Words the grammar does not know (`in fact the players agreed`).
    NotUnderstood,
    /// An ending asked, not stated (`Black flagged?`).
    Question,
    /// A denial or a rejection (`No`, `claim rejected`, `Nein`).
    Denial,
    /// A hedge (`allegedly`, `probably`, `disputed`).
    Hedge,
    /// An aside that names a player (`White in time trouble`): time
    /// trouble is no flag, and the player it names is nobody's flagger.
    NamedAside,
    /// Words in a language this reader does not read (`Must võitis
    /// ajaga`), or signs it cannot read (an emoji): they may say anything.
    Language,
}
