//! What the audit decides for a game: the correct result, why, and how sure.

use std::fmt;

/// The rule that decides a game's result: a clause of the Laws or a fact of
/// the board. Which number a verdict cites depends on the edition
/// ([`crate::laws::Book::cite`]); [`Clause::as_str`] is ru-rapid's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clause {
    /// 15.4.1.2: wrong set-up; castling bans.
    SetUp,
    /// 15.4.2: illegal moves (under 15.3 the ordinary Laws' 7.5).
    IllegalMove,
    /// 15.4.3: win on time.
    TimeClaim,
    /// Both flags down: the claimant's time (15.4.3), A4d3 of 2009, 6.11,
    /// III.3.1.
    BothFlags,
    /// 15.4.4: illegal position left on the board.
    IllegalPosition,
    /// 10.2: draw claim in the quickplay finish.
    QuickplayFinish,
    /// 9.2: a draw claimed on the same position standing three times.
    RepetitionClaim,
    /// 9.3: a draw claimed after fifty moves without capture or pawn move.
    FiftyMovesClaim,
    /// 9.6.2 (2014 on): 75 moves by each player without capture or pawn move.
    SeventyFiveMoves,
    /// 9.6.1 (2014 on): the same position five times.
    FivefoldRepetition,
    /// 5.1.2 (2023): a resignation where the winner cannot checkmate.
    Resignation,
    /// US Chess 14E: a flag fell, and the opponent's material is too
    /// little to win on time.
    InsufficientMaterial,
    /// A player left the game (a server's disconnection or abandonment).
    Abandonment,
    Checkmate,
    Stalemate,
    DeadPosition,
    /// Nothing in the record contradicts the recorded result.
    AsRecorded,
    /// `*`: the record holds no result.
    Unfinished,
    /// Not played: won by forfeit, as the record says.
    Forfeit,
    /// Not played, and no winner named: the arbiter says what it was.
    Unplayed,
}

impl Clause {
    /// The name the reports cite.
    pub fn as_str(self) -> &'static str {
        match self {
            Clause::SetUp => "15.4.1.2",
            Clause::IllegalMove => "15.4.2",
            Clause::TimeClaim | Clause::BothFlags => "15.4.3",
            Clause::IllegalPosition => "15.4.4",
            Clause::QuickplayFinish => "10.2",
            Clause::RepetitionClaim => "9.2",
            Clause::FiftyMovesClaim => "9.3",
            Clause::SeventyFiveMoves => "9.6.2",
            Clause::FivefoldRepetition => "9.6.1",
            Clause::Resignation => "5.1.2",
            Clause::InsufficientMaterial => "14E",
            Clause::Abandonment => "abandonment",
            Clause::Checkmate => "checkmate",
            Clause::Stalemate => "stalemate",
            Clause::DeadPosition => "dead-position",
            Clause::AsRecorded => "as-recorded",
            Clause::Unfinished => "unfinished",
            Clause::Forfeit => "forfeit",
            Clause::Unplayed => "unplayed",
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the correct result relates to the recorded one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Confirmed,
    Corrected,
    /// A human must decide; the verdict holds the best reading.
    Review,
    /// The game could not be audited.
    Error,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Confirmed => "confirmed",
            Status::Corrected => "corrected",
            Status::Review => "review",
            Status::Error => "error",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
