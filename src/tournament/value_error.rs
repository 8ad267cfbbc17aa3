//! A value a tournament option or a report's line gives that is not one
//! this tool reads: what was given, and what was wanted. An input error, so
//! its words stay beside it.

use std::fmt;

/// Why a tournament value cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueError {
    /// `--match-points`: not three numbers.
    MatchPointsNotNumbers(String),
    /// `--match-points`: three numbers out of order or range.
    MatchPointsOrder(String),
    /// `--team-bye`, or a report's bye value: not a match's and a game's points.
    TeamPoints(String),
    /// A tie-break code this tool does not compute.
    TieBreak(String),
    /// A team tie-break code this tool does not compute.
    TeamTieBreak(String),
    /// `--tiebreak-rules`: neither edition of C.07.
    Rules(String),
    /// A score system's word that is no `KEY=points`.
    NoPair(String),
    /// A score system's points that are no number.
    NotPoints { word: Option<String>, value: String },
    /// A score system with no pairs.
    NoPairs,
    /// A score system's points past 100.
    PointsRange { key: String, points: String },
    /// A score system's key that is no result.
    UnknownResult(String),
    /// A `162` line not in pairs of a code and its points.
    CodesUnpaired,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueError::MatchPointsNotNumbers(text) => write!(
                f,
                "`{text}`: give a win's, a draw's and a loss's match points, as 2,1,0"
            ),
            ValueError::MatchPointsOrder(text) => write!(
                f,
                "`{text}`: give three numbers, a win's above a draw's, a draw's at least a loss's, \
                 none below 0 (2,1,0; 3,1,0)"
            ),
            ValueError::TeamPoints(text) => write!(
                f,
                "`{text}`: give a bye's match points and game points, as 1,3 (neither below 0 \
                 nor above 100)"
            ),
            ValueError::TieBreak(code) => write!(
                f,
                "the tie-break `{code}` is not one this tool computes (it does BH and SB with \
                 /C1, /C2, /M1 or /M2, ARO, ARO/C1, WIN, WON, BPG, BWG, PS, PS/C1 and DE)"
            ),
            ValueError::TeamTieBreak(code) => write!(
                f,
                "the team tie-break `{code}` is not one this tool computes (it does MP, GP, \
                 BH and FB with :MP or :GP and /C1, /C2, /M1, /M2, /P; AOB; EMMSB, EMGSB, \
                 EGMSB, EGGSB with /C1, /C2, /P; PS, PS/C1, PS/C2; WIN; WON; MPvGP; DE; SSSC \
                 with /F, /Kx (x above 0, at most 1000); BC; TBR; BBE; EDE, EDEBT, EDEBB, EDET, EDEB)"
            ),
            ValueError::Rules(text) => write!(
                f,
                "`{text}`: give 2024 (C.07 as in force from August 2024) or 2026 (from March 2026)"
            ),
            ValueError::NoPair(word) => write!(f, "`{word}`: give KEY=points, as W=3"),
            ValueError::NotPoints { word, value } => {
                if let Some(word) = word {
                    write!(f, "`{word}`: ")?;
                }
                write!(f, "`{value}` is no number of points")
            }
            ValueError::NoPairs => f.write_str("give KEY=points pairs, as W=3 D=1"),
            ValueError::PointsRange { key, points } => {
                write!(f, "{key}={points}: points from 0 to 100")
            }
            ValueError::UnknownResult(key) => write!(f, "`{key}` is no result this tool scores"),
            ValueError::CodesUnpaired => {
                f.write_str("give result codes, each with its points (W 1.0    D 0.5)")
            }
        }
    }
}

impl std::error::Error for ValueError {}
