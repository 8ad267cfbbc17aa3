//! What a claim on time came to (15.4.3; A.4.3, A.5.3, 6.9): how the flag
//! fell, whose claim it was, and what the claimant could still do.

use shakmaty::Color;

use super::server::ServerFinding;
use super::{CanMate, Judged, LastReadings};
use crate::board::forced_mate::ForcedMate;
use crate::board::tablebase::TableOutcome;
use crate::model::clock::Clock;
use crate::model::outcome::GameResult;
use crate::read::ending::Quote;

#[derive(Debug, Clone, PartialEq)]
pub enum TimeFinding {
    /// A claim that fails.
    Rejected(Rejection),
    /// A result that only a rejected claim explains.
    RestingOnRejection {
        why: Rejection,
        recorded: GameResult,
    },
    /// Words (`quoted`) say a flag fell but not whose, beside a draw no
    /// server kept: who flagged decides the result (`clause`).
    FlaggerUnsaid {
        quoted: Quote,
        recorded: GameResult,
        clause: &'static str,
    },
    /// The flag-fall incident.
    FlagFell {
        flagged: Color,
        readings: LastReadings,
        claim: ClaimRead,
        clause: &'static str,
    },
    /// A flag fell and the claim stands: what the claimant's chances make
    /// of it.
    FlagFall {
        lead: FlagFallLead,
        then: Box<AfterFlag>,
    },
}

/// Why a claim on time fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    /// The claimant's own clock at zero, where the edition (`clause`) asks
    /// for time left.
    OwnClockAtZero {
        claimant: Color,
        clause: &'static str,
    },
    /// No flag down: the opponent had just moved with `left` on his clock.
    NoFlagDown { claimant: Color, left: Clock },
}

/// Where the claim behind a flag fall is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimRead {
    /// A `[%claim time …]` in the record, or an `--events` line.
    Recorded,
    /// The record's own words (quoted), the server that wrote them (a
    /// server's flag fall ends the game by itself, with no claim), and how
    /// the flagger is known.
    Stated {
        quoted: Quote,
        server: Option<&'static str>,
        whose: Whose,
    },
    /// The flagged side's clock at zero and the result.
    ClockAtZero,
    /// The flagged side's clock at zero beside a draw: no claim on record.
    ZeroBesideDraw,
}

/// How the record shows whose flag fell, when its words say one did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The words name him (or name his opponent the winner).
    Named,
    /// The words name nobody; the decisive result names the loser.
    ByResult,
    /// A server's record names nobody beside a draw: a server ends the game
    /// the moment a flag falls, so the side to move at the end flagged.
    ToMove,
    /// Nobody named beside a draw, and his clock alone reads zero.
    ClockAtZero,
    /// A server's draw "by insufficient material", its side to move at two
    /// seconds or less: its own draw on a flag fall.
    CountedFlag,
    /// Nobody named beside a draw, and only his flag gives the recorded
    /// result (the other's would give the opponent a win he can mate for).
    OnlyReading,
    /// Nobody named beside a draw, and either flag gives the recorded
    /// result: the verdict is the same whoever flagged.
    EitherReading,
}

/// The flag, the claim and the claimant's time: how a verdict on a flag
/// fall opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagFallLead {
    pub flagged: Color,
    pub readings: LastReadings,
    pub claim: ClaimRead,
    /// The claimant's clock, `None` where not recorded.
    pub claimant_clock: Option<Clock>,
    /// The server that decided the flag fall with clocks it keeps exactly.
    pub server: Option<&'static str>,
}

/// What follows a flag fall whose claim stands.
#[derive(Debug, Clone, PartialEq)]
pub enum AfterFlag {
    /// Neither side can checkmate: the position is dead; `also`, a
    /// server's own draw the Laws bear out.
    Dead {
        also: Option<ServerFinding>,
        judged: Judged,
    },
    /// The claimant cannot checkmate: drawn.
    CannotMate {
        also: Option<ServerFinding>,
        judged: Judged,
        clause: &'static str,
    },
    /// The claimant can checkmate (`mate` says how): he wins; `scored`, a
    /// server's own draw that the Laws overturn.
    Wins {
        scored: Option<ServerFinding>,
        mate: CanMate,
        clause: &'static str,
    },
    /// The solver could not say whether the claimant can checkmate.
    Undecided { clause: &'static str },
    /// US Chess 14E1: the claimant has only a king.
    LoneKing { clause: &'static str },
    /// US Chess 14E2, 14E3: the claimant's material is too little to win
    /// on time (`clause`, the subrule) unless he has a forced win
    /// (`search`, what the forced-mate search found).
    TooLittle {
        material: TooLittle,
        search: ForcedWin,
        clause: &'static str,
    },
    /// US Chess 14E: more material than it names: the flag loses.
    EnoughToWin { rule: &'static str },
    /// US Chess blitz: the flag loses if the claimant has mating material.
    Material(super::MaterialAnswer),
}

/// Whether the claimant has a forced win, and how it is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForcedWin {
    /// What the forced-mate search found.
    Searched(ForcedMate),
    /// What the endgame tablebases say for the claimant, whichever side is
    /// to move, and, where they say he wins, what the search found for a
    /// line to show.
    Tables {
        outcome: TableOutcome,
        search: Option<ForcedMate>,
    },
}

/// The material 14E finds too little to win on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooLittle {
    Bishop,
    Knight,
    /// Two knights, against a side with no pawns.
    TwoKnights,
}
