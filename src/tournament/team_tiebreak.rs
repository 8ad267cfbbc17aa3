//! Team tie-breaks (C.07 arts. 7–8 and 11–14 on a team's scores): each by
//! its code, its value for a team, or, for those that order a tied group
//! rather than give a value (EDE and its board variants, TBR, BBE), the
//! tiers it splits the group into. Unplayed rounds follow art. 16: a
//! team's own unplayed round is a match against a dummy
//! ([`TieBreakRules::dummy`](super::rules::TieBreakRules::dummy)), an
//! opponent's rounds after it left count as draws.

use super::crosstable::Unplayed;
use super::modifier::{Modifier, Part, modified_sum};
use super::team_table::{Score, TeamRow, TeamTable};

mod code;

/// A team tie-break, by its C.07 code.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TeamTieBreak {
    /// `MP`, `GP` (also `MPTS`, `GPTS`): a score itself (11.1).
    Points(Score),
    /// `BH:MP`, `BH:GP` and their modifiers (8.1 on a team score); `FB`,
    /// the same with every final-round match a draw (8.3).
    Buchholz(Sum),
    /// `AOB`: the average of the opponents' Buchholz (8.4).
    AverageOfBuchholz(Score),
    /// `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB` (13.2): each opponent's final
    /// score (the first letter) times the score against him (the second).
    Sonneborn {
        opponent: Score,
        own: Score,
        sum: Sum,
    },
    /// `PS`: the sum of the score after each round (7.5); `/C1` leaves the
    /// first round out.
    Progressive(Score, Modifier),
    /// `WIN` (7.1): rounds with a win's match points, played or not;
    /// `WON` (7.2): matches won over the board.
    Wins { played: bool },
    /// `MPvGP` (13.1): the score the standings do not rank by first.
    OtherScore,
    /// `SSSC` (13.4): the secondary score plus the Buchholz on the
    /// primary divided by `/Kx` or the normalising factor.
    ScheduleStrength { fore: bool, factor: Option<f64> },
    /// `BC` (12.1): Σ board × game points on it; lower is better.
    BoardCount,
    /// `TBR` (12.2): game points on board 1, then 2 …
    TopBoards,
    /// `BBE` (12.3): game points without the bottom board, then without
    /// the next …
    BottomBoardsOut,
    /// `DE` (art. 6 on the primary score, as 13 allows); `/P` counts the
    /// forfeited matches as played (6.1.1).
    PrimaryEncounter { forfeits_played: bool },
    /// `EDE` (13.3) and the variants that go on to the boards (`EDEBT`:
    /// BC then TBR; `EDEBB`: BC then BBE; `EDET`: TBR; `EDEB`: BBE);
    /// `/P` as for DE.
    DirectEncounter {
        steps: BoardSteps,
        forfeits_played: bool,
    },
}

/// What a Buchholz-like sum is taken on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sum {
    /// The score summed; `None`: the standings' primary score.
    pub score: Option<Score>,
    pub modifier: Modifier,
    /// `/P`: a forfeited match counts as played against its scheduled
    /// opponent.
    pub forfeits_played: bool,
    /// `FB`: every final-round pairing counted as a draw.
    pub fore: bool,
}

/// The art. 12 steps an extended direct encounter takes after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSteps {
    None,
    CountThenTop,
    CountThenBottom,
    Top,
    Bottom,
}

impl BoardSteps {
    pub(super) fn steps(self) -> &'static [TeamTieBreak] {
        use TeamTieBreak::{BoardCount, BottomBoardsOut, TopBoards};
        match self {
            BoardSteps::None => &[],
            BoardSteps::CountThenTop => &[BoardCount, TopBoards],
            BoardSteps::CountThenBottom => &[BoardCount, BottomBoardsOut],
            BoardSteps::Top => &[TopBoards],
            BoardSteps::Bottom => &[BottomBoardsOut],
        }
    }

    /// The variant `EDE` + `suffix` names.
    fn from_suffix(suffix: &str) -> Option<BoardSteps> {
        const ALL: [BoardSteps; 5] = [
            BoardSteps::None,
            BoardSteps::CountThenTop,
            BoardSteps::CountThenBottom,
            BoardSteps::Top,
            BoardSteps::Bottom,
        ];
        ALL.into_iter().find(|s| s.suffix() == suffix)
    }

    fn suffix(self) -> &'static str {
        match self {
            BoardSteps::None => "",
            BoardSteps::CountThenTop => "BT",
            BoardSteps::CountThenBottom => "BB",
            BoardSteps::Top => "T",
            BoardSteps::Bottom => "B",
        }
    }
}

impl TeamTieBreak {
    /// The value for `row`'s team in standings ranked first by `primary`
    /// (`None` for the tie-breaks that order a group instead).
    pub fn value(self, table: &TeamTable, row: &TeamRow, primary: Score) -> Option<f64> {
        use TeamTieBreak as T;
        Some(match self {
            T::Points(score) => row.total(score),
            T::Buchholz(sum) => buchholz(table, row, sum, primary),
            T::AverageOfBuchholz(score) => average_of_buchholz(table, row, score)?,
            T::Sonneborn { opponent, own, sum } => {
                let parts = parts(table, row, sum, opponent, Some(own));
                modified_sum(parts, sum.modifier, true)
            }
            T::Progressive(score, m) => progressive(row, score, m),
            T::Wins { played } => wins(table, row, played),
            T::OtherScore => row.total(primary.other()),
            T::ScheduleStrength { fore, factor } => {
                schedule_strength(table, row, primary, fore, factor)
            }
            T::BoardCount => board_count(row),
            T::TopBoards
            | T::BottomBoardsOut
            | T::PrimaryEncounter { .. }
            | T::DirectEncounter { .. } => {
                return None;
            }
        })
    }

    /// A lower value ranks higher.
    pub fn lower_is_better(self) -> bool {
        self == TeamTieBreak::BoardCount
    }

    /// The tie-breaks that order a tied group themselves.
    pub fn orders_groups(self) -> bool {
        matches!(
            self,
            TeamTieBreak::TopBoards
                | TeamTieBreak::BottomBoardsOut
                | TeamTieBreak::PrimaryEncounter { .. }
                | TeamTieBreak::DirectEncounter { .. }
        )
    }
}

/// A round the team chose not to play in full: a requested bye, a
/// forfeit lost, a withdrawal, a match drawn on boards each team forfeited
/// (as FIDE's calculator marks it for the cuts).
fn voluntary(unplayed: Option<Unplayed>) -> bool {
    matches!(
        unplayed,
        Some(
            Unplayed::RequestedBye
                | Unplayed::ForfeitLoss
                | Unplayed::Withdrawn
                | Unplayed::ForfeitDrawn
        )
    )
}

/// Each round's part: the opponent's adjusted `of` score, or the dummy's
/// for a round not played (16.4), times the team's `own` score in the
/// round for a Sonneborn-Berger.
fn parts(table: &TeamTable, row: &TeamRow, sum: Sum, of: Score, own: Option<Score>) -> Vec<Part> {
    let total = row.total(of);
    let draws = table.draw(of) * table.rounds as f64;
    row.rounds
        .iter()
        .map(|round| {
            let forfeit = matches!(
                round.unplayed,
                Some(Unplayed::ForfeitWin | Unplayed::ForfeitLoss | Unplayed::ForfeitDrawn)
            );
            let counts = round.played() || forfeit && (sum.forfeits_played || table.round_robin);
            let opponent = round.opponent.and_then(|o| table.row(o));
            let (score, voluntary) = match opponent {
                Some(o) if counts => (o.adjusted(table, of), false),
                scheduled => {
                    let cap = scheduled.map_or(draws, |o| o.adjusted(table, of));
                    (table.rules.dummy(total, cap), voluntary(round.unplayed))
                }
            };
            Part {
                value: own.map_or(score, |own| score * round.points.get(own)),
                opponent: score,
                voluntary,
            }
        })
        .collect()
}

fn buchholz(table: &TeamTable, row: &TeamRow, sum: Sum, primary: Score) -> f64 {
    let score = sum.score.unwrap_or(primary);
    let (table, row) = match sum.fore {
        true => (table.fore(), &table.fore().rows[row.team as usize - 1]),
        false => (table, row),
    };
    modified_sum(parts(table, row, sum, score, None), sum.modifier, false)
}

/// The opponents' Buchholz on `score`, averaged over the matches played,
/// to two decimals (8.4).
fn average_of_buchholz(table: &TeamTable, row: &TeamRow, score: Score) -> Option<f64> {
    let bh = TeamTieBreak::Buchholz(Sum {
        score: Some(score),
        modifier: Modifier::None,
        forfeits_played: false,
        fore: false,
    });
    let values: Vec<f64> = row
        .rounds
        .iter()
        .filter(|r| r.played())
        .filter_map(|r| bh.value(table, table.row(r.opponent?)?, score))
        .collect();
    if values.is_empty() {
        return None;
    }
    let average = values.iter().sum::<f64>() / values.len() as f64;
    Some((average * 100.0 + 0.5).floor() / 100.0)
}

/// The sum of the score after each round; `/Cn` leaves the first `n`
/// rounds out.
fn progressive(row: &TeamRow, score: Score, modifier: Modifier) -> f64 {
    let skip = match modifier {
        Modifier::Cut(n) => usize::from(n),
        _ => 0,
    };
    let mut running = 0.0;
    let mut total = 0.0;
    for (r, round) in row.rounds.iter().enumerate() {
        running += round.points.get(score);
        if r >= skip {
            total += running;
        }
    }
    total
}

fn wins(table: &TeamTable, row: &TeamRow, played: bool) -> f64 {
    let won = |r: &&super::team_table::TeamRound| {
        r.points.mp == table.value.win && (!played || r.played())
    };
    row.rounds.iter().filter(won).count() as f64
}

/// The secondary score plus the Buchholz on the primary over the
/// normalising factor: the most the primary score can reach over the most
/// a match gives of the secondary, rounded down (13.4); two decimals.
fn schedule_strength(
    table: &TeamTable,
    row: &TeamRow,
    primary: Score,
    fore: bool,
    factor: Option<f64>,
) -> f64 {
    let sum = Sum {
        score: Some(primary),
        modifier: Modifier::None,
        forfeits_played: false,
        fore,
    };
    let strength = buchholz(table, row, sum, primary);
    // The computed factor is rounded toward zero (13.4) and never 0; a
    // factor the rules set (`/Kx`) is taken as given, below 1 too.
    let most = table.win(primary) * table.rounds as f64 / table.win(primary.other());
    let factor = factor.unwrap_or(most.floor().max(1.0));
    let value = row.total(primary.other()) + strength / factor;
    (value * 100.0 + 0.5).floor() / 100.0
}

/// Σ board number × the game points on it (12.1).
pub(super) fn board_count(row: &TeamRow) -> f64 {
    row.rounds
        .iter()
        .flat_map(|r| r.boards.iter().enumerate())
        .map(|(i, gp)| (i + 1) as f64 * gp)
        .sum()
}

/// A team's game points on each board, over all rounds.
pub(super) fn board_totals(table: &TeamTable, team: u32) -> Vec<f64> {
    let mut totals = vec![0.0; table.boards];
    for round in table.row(team).map_or(&[][..], |r| &r.rounds) {
        for (i, gp) in round.boards.iter().enumerate().take(table.boards) {
            totals[i] += gp;
        }
    }
    totals
}
