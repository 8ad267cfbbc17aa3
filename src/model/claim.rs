//! Claims and arbiter's acts, as a record writes them.
//!
//! In a comment, in the bracket style of `%clk`, after the move they follow:
//! `[%claim illegal white]`, `[%claim time black]`, `[%claim draw white]`,
//! `[%claim setup black]`, `[%claim repetition white]` (9.2; `threefold`),
//! `[%claim fifty black]` (9.3), `[%arbiter illegal]`. A sidecar CSV can give the
//! same commands ([`crate::read::events`]).

use std::fmt;

use shakmaty::Color;

/// What is claimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// The move just made by the opponent was illegal (15.4.2).
    Illegal,
    /// The opponent's flag has fallen (15.4.3).
    Time,
    /// A draw in the quickplay finish (10.2).
    Draw,
    /// The pieces were set up wrongly or the board turned (15.4.1.2).
    SetUp,
    /// A draw: the position has stood three times (9.2).
    Repetition,
    /// A draw: fifty moves by each player without a capture or a pawn
    /// move (9.3).
    FiftyMoves,
}

impl ClaimKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Illegal => "illegal",
            ClaimKind::Time => "time",
            ClaimKind::Draw => "draw",
            ClaimKind::SetUp => "setup",
            ClaimKind::Repetition => "repetition",
            ClaimKind::FiftyMoves => "fifty",
        }
    }
}

/// Who acts: a player, or the arbiter on his own observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claimant {
    Player(Color),
    Arbiter,
}

/// A claim, made after `ply` plies had been played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Claim {
    pub ply: usize,
    pub kind: ClaimKind,
    pub by: Claimant,
    /// Inferred from the result rather than written in the record.
    pub inferred: bool,
}

impl Claim {
    /// Reads a `claim` or `arbiter` command; `None` for other commands.
    ///
    /// ```
    /// use pgn_arbiter::model::claim::{Claim, ClaimKind, Claimant};
    /// use shakmaty::Color;
    /// let c = Claim::read(12, b"claim", b"time black").unwrap().unwrap();
    /// assert_eq!((c.ply, c.kind, c.by), (12, ClaimKind::Time, Claimant::Player(Color::Black)));
    /// assert!(Claim::read(3, b"claim", b"time nobody").unwrap().is_err());
    /// assert!(Claim::read(3, b"clk", b"0:01:00").is_none());
    /// ```
    pub fn read(ply: usize, name: &[u8], args: &[u8]) -> Option<Result<Claim, ClaimError>> {
        // Every comment command that is not a clock comes here (`%eval` on
        // most lichess moves): decline those before reading the arguments.
        if !matches!(name, b"claim" | b"arbiter") {
            return None;
        }
        let args = String::from_utf8_lossy(args).to_ascii_lowercase();
        let words: Vec<&str> = args.split_whitespace().collect();
        let claim = |kind, by| {
            Ok(Claim {
                ply,
                kind,
                by,
                inferred: false,
            })
        };
        Some(match (name, words.as_slice()) {
            (b"arbiter", ["illegal"]) => claim(ClaimKind::Illegal, Claimant::Arbiter),
            (b"claim", [kind, side]) => {
                let kind = match *kind {
                    "illegal" => ClaimKind::Illegal,
                    "time" => ClaimKind::Time,
                    "draw" => ClaimKind::Draw,
                    "setup" => ClaimKind::SetUp,
                    "repetition" | "threefold" | "9.2" => ClaimKind::Repetition,
                    "fifty" | "50" | "50-moves" | "9.3" => ClaimKind::FiftyMoves,
                    _ => return Some(Err(ClaimError::UnknownKind(kind.to_string()))),
                };
                let side = match *side {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => return Some(Err(ClaimError::UnknownSide(side.to_string()))),
                };
                claim(kind, Claimant::Player(side))
            }
            _ => Err(ClaimError::Unreadable {
                name: String::from_utf8_lossy(name).into_owned(),
                args,
            }),
        })
    }
}

/// Why a claim or an arbiter's act, in a comment or an events file, cannot
/// be read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ClaimError {
    /// `[%claim KIND side]` with a kind no claim has.
    UnknownKind(String),
    /// `[%claim kind SIDE]` naming neither side.
    UnknownSide(String),
    /// A `claim` or `arbiter` command whose arguments are not a claim's.
    Unreadable { name: String, args: String },
    /// An events file's command that is no claim or act.
    NotACommand(String),
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::UnknownKind(kind) => write!(f, "unknown claim `{kind}`"),
            ClaimError::UnknownSide(side) => write!(f, "`{side}` is neither white nor black"),
            ClaimError::Unreadable { name, args } => write!(f, "cannot read `[%{name} {args}]`"),
            ClaimError::NotACommand(command) => {
                write!(f, "`{command}` is not a claim or an arbiter's act")
            }
        }
    }
}

impl std::error::Error for ClaimError {}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.by {
            Claimant::Arbiter => write!(f, "[%arbiter {}]", self.kind.as_str()),
            Claimant::Player(c) => write!(
                f,
                "[%claim {} {}]",
                self.kind.as_str(),
                if c == Color::White { "white" } else { "black" }
            ),
        }
    }
}
