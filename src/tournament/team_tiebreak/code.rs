//! A team tie-break read from its code (`BH:GP/C1/P`, `EDET/P`,
//! `SSSC/K4`: FIDE TEC's slash form, case-insensitive) and written back.

use crate::tournament::value_error::ValueError;
use std::fmt;

use super::{BoardSteps, Sum, TeamTieBreak};
use crate::tournament::modifier::Modifier;
use crate::tournament::team_table::Score;

/// A code's parts: `BH:GP/C1/P` → name `BH`, score GP, modifier C1, P.
struct Code<'a> {
    name: &'a str,
    score: Option<Score>,
    modifier: Modifier,
    forfeits_played: bool,
    fore: bool,
    factor: Option<f64>,
}

fn split_code(upper: &str) -> Option<Code<'_>> {
    let mut parts = upper.split('/');
    let head = parts.next()?;
    let (name, score) = match head.split_once(':') {
        Some((name, "MP")) => (name, Some(Score::Match)),
        Some((name, "GP")) => (name, Some(Score::Game)),
        Some(_) => return None,
        None => (head, None),
    };
    let mut code = Code {
        name,
        score,
        modifier: Modifier::None,
        forfeits_played: false,
        fore: false,
        factor: None,
    };
    for part in parts {
        match part {
            "P" => code.forfeits_played = true,
            "F" => code.fore = true,
            k if k.starts_with('K') => code.factor = Some(factor(&k[1..])?),
            m => code.modifier = Modifier::parse(m).filter(|_| code.modifier == Modifier::None)?,
        }
    }
    Some(code)
}

/// The most an SSSC normalising factor may be: the factor divides a
/// Buchholz by the most points an event gives per match point, and no
/// event gives a thousand.
const MAX_FACTOR: f64 = 1000.0;

/// `/Kx`'s factor: a number above 0 and at most [`MAX_FACTOR`] (13.4:
/// the competition's rules may set any reasonable value), never `inf`.
fn factor(text: &str) -> Option<f64> {
    let k: f64 = text.parse().ok()?;
    (k.is_finite() && k > 0.0 && k <= MAX_FACTOR).then_some(k)
}

impl std::str::FromStr for TeamTieBreak {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<TeamTieBreak, ValueError> {
        let upper = text.trim().to_uppercase().replace('-', "/");
        split_code(&upper)
            .and_then(|code| from_parts(&code))
            .ok_or_else(|| ValueError::TeamTieBreak(text.to_string()))
    }
}

fn from_parts(c: &Code<'_>) -> Option<TeamTieBreak> {
    use TeamTieBreak as T;
    let sum = Sum {
        score: c.score,
        modifier: c.modifier,
        forfeits_played: c.forfeits_played,
        fore: c.fore,
    };
    let plain_but_cut = !c.forfeits_played && !c.fore && c.factor.is_none();
    let plain = c.modifier == Modifier::None && plain_but_cut;
    let bare = plain && c.score.is_none();
    // A direct encounter takes `/P` alone (6.1.1).
    let encounter =
        c.modifier == Modifier::None && !c.fore && c.factor.is_none() && c.score.is_none();
    Some(match c.name {
        "MP" | "MPTS" if bare => T::Points(Score::Match),
        "GP" | "GPTS" if bare => T::Points(Score::Game),
        "BH" | "FB" if c.factor.is_none() => T::Buchholz(Sum {
            fore: c.fore || c.name == "FB",
            ..sum
        }),
        "AOB" if plain => T::AverageOfBuchholz(c.score.unwrap_or(Score::Match)),
        n if n.len() == 5 && n.starts_with('E') && n.ends_with("SB") && c.factor.is_none() => {
            sonneborn(n.as_bytes(), sum)?
        }
        // C.07 defines Cut for PS (14.1.1: the score after round 1 left
        // out) but no median of progressive scores.
        "PS" if plain_but_cut && !matches!(c.modifier, Modifier::Median(_)) => {
            T::Progressive(c.score.unwrap_or(Score::Match), c.modifier)
        }
        "WIN" if plain => T::Wins { played: false },
        "WON" if plain => T::Wins { played: true },
        "MPVGP" if bare => T::OtherScore,
        "SSSC" if c.modifier == Modifier::None && c.score.is_none() && !c.forfeits_played => {
            T::ScheduleStrength {
                fore: c.fore,
                factor: c.factor,
            }
        }
        "BC" if bare => T::BoardCount,
        "TBR" if bare => T::TopBoards,
        "BBE" if bare => T::BottomBoardsOut,
        "DE" if encounter => T::PrimaryEncounter {
            forfeits_played: c.forfeits_played,
        },
        n if encounter && n.starts_with("EDE") => T::DirectEncounter {
            steps: BoardSteps::from_suffix(&n[3..])?,
            forfeits_played: c.forfeits_played,
        },
        _ => return None,
    })
}

/// `EMGSB` and its kin: the opponent's score by the second letter, the
/// score against him by the third.
fn sonneborn(name: &[u8], sum: Sum) -> Option<TeamTieBreak> {
    let letter = |l: u8| match l {
        b'M' => Some(Score::Match),
        b'G' => Some(Score::Game),
        _ => None,
    };
    Some(TeamTieBreak::Sonneborn {
        opponent: letter(name[1])?,
        own: letter(name[2])?,
        sum,
    })
}

impl fmt::Display for Sum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(score) = self.score {
            write!(f, ":{}", score.code())?;
        }
        write!(f, "{}", self.modifier)?;
        if self.forfeits_played {
            f.write_str("/P")?;
        }
        Ok(())
    }
}

impl fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |s: Score| &s.code()[..1];
        match *self {
            TeamTieBreak::Points(s) => f.write_str(s.code()),
            TeamTieBreak::Buchholz(sum) => {
                write!(f, "{}{sum}", if sum.fore { "FB" } else { "BH" })
            }
            TeamTieBreak::AverageOfBuchholz(s) => write!(f, "AOB:{}", s.code()),
            TeamTieBreak::Sonneborn { opponent, own, sum } => {
                write!(
                    f,
                    "E{}{}SB{}",
                    letter(opponent),
                    letter(own),
                    Sum { score: None, ..sum }
                )
            }
            TeamTieBreak::Progressive(s, m) => write!(f, "PS:{}{m}", s.code()),
            TeamTieBreak::Wins { played } => f.write_str(if played { "WON" } else { "WIN" }),
            TeamTieBreak::OtherScore => f.write_str("MPvGP"),
            TeamTieBreak::ScheduleStrength { fore, factor } => {
                f.write_str("SSSC")?;
                if fore {
                    f.write_str("/F")?;
                }
                match factor {
                    Some(k) => write!(f, "/K{k}"),
                    None => Ok(()),
                }
            }
            TeamTieBreak::BoardCount => f.write_str("BC"),
            TeamTieBreak::TopBoards => f.write_str("TBR"),
            TeamTieBreak::BottomBoardsOut => f.write_str("BBE"),
            TeamTieBreak::PrimaryEncounter { forfeits_played } => {
                write!(f, "DE{}", if forfeits_played { "/P" } else { "" })
            }
            TeamTieBreak::DirectEncounter {
                steps,
                forfeits_played,
            } => {
                let p = if forfeits_played { "/P" } else { "" };
                write!(f, "EDE{}{p}", steps.suffix())
            }
        }
    }
}
