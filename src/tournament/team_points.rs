//! A team's two scores, match points and game points (C.07 11.1), and a
//! value of each.

use crate::tournament::value_error::ValueError;

/// What a team's pairing-allocated bye gives.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum ByeValue {
    /// As given: `--team-bye`, or the report's `320` line.
    Given(TeamPoints),
    /// The members' own points (their `U` cells), and the match points of
    /// a match won, drawn or lost by those game points: what a report's
    /// `310` totals count where its file gives no `320` line.
    Members,
    /// The members' own points (their `U` cells) as game points, and a
    /// drawn match's match points (C.04.6): as FIDE's calculator,
    /// TieBreakServer, reads those cells, and a report's `310` totals
    /// count them.
    MembersDrawn,
    /// A drawn match with half the boards' points (C.04.6): where nothing
    /// in the file gives the value.
    #[default]
    Drawn,
}

/// Which of a team's two scores (C.07 11.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Match points (`MP`).
    Match,
    /// Game points (`GP`).
    Game,
}

impl Score {
    pub fn other(self) -> Score {
        match self {
            Score::Match => Score::Game,
            Score::Game => Score::Match,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Score::Match => "MP",
            Score::Game => "GP",
        }
    }
}

/// Match and game points.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TeamPoints {
    pub mp: f64,
    pub gp: f64,
}

impl TeamPoints {
    pub fn get(self, score: Score) -> f64 {
        match score {
            Score::Match => self.mp,
            Score::Game => self.gp,
        }
    }
}

impl std::str::FromStr for TeamPoints {
    type Err = ValueError;

    /// `MP,GP`: `1,3` for a drawn match of six boards.
    fn from_str(text: &str) -> Result<TeamPoints, ValueError> {
        let numbers: Option<Vec<f64>> = text.split(',').map(|n| n.trim().parse().ok()).collect();
        match numbers.as_deref() {
            Some(&[mp, gp]) => TeamPoints::new(mp, gp),
            _ => None,
        }
        .ok_or_else(|| ValueError::TeamPoints(text.to_string()))
    }
}

impl TeamPoints {
    /// A match's and a game's points, neither below 0 nor above 100.
    pub fn new(mp: f64, gp: f64) -> Option<TeamPoints> {
        let within = |n: f64| (0.0..=100.0).contains(&n);
        (within(mp) && within(gp)).then_some(TeamPoints { mp, gp })
    }
}

impl std::fmt::Display for TeamPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} MP, {} GP", self.mp, self.gp)
    }
}
