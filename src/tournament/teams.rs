//! A team competition's matches, rebuilt from its report: in each round a
//! team's members meet the members of one other team, board by board in
//! the teams' board order; a board whose opponent's team fielded nobody
//! (`0000 + `) counts for the team that did, and so does a `0000 -` cell
//! its player's points field counts as a win (real exports write
//! unopposed boards so); a team none of whose members was paired had a
//! bye. Then each team's match and game points.

use crate::tournament::value_error::ValueError;
use std::collections::{BTreeMap, HashMap, HashSet};

use super::crosstable::points;
use super::trf::{Cell, Code, Team, Trf};

/// One board of a match: the start numbers (`None`: nobody sat there) and
/// the points each side scored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Board {
    pub players: [Option<u32>; 2],
    pub points: [f64; 2],
    /// Not played over the board: a forfeit, or nobody sat opposite.
    pub forfeit: bool,
}

/// A match of a round between two teams (by team number, the lower
/// first), its boards in the first team's board order.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamMatch {
    /// 0-based.
    pub round: usize,
    pub teams: [u32; 2],
    pub boards: Vec<Board>,
}

/// How a match ended, as every table scores it: the team standings, the
/// tie-breaks and `team-matches.csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchOutcome {
    /// Won by this side (0 or 1).
    Won(usize),
    Drawn,
    /// Every board lost by both sides (a double forfeit): a loss for each.
    ForfeitedByBoth,
}

impl TeamMatch {
    /// The game points of each side.
    pub fn game_points(&self) -> [f64; 2] {
        let sum = |side: usize| self.boards.iter().map(|b| b.points[side]).sum();
        [sum(0), sum(1)]
    }

    /// No board was played over the board.
    pub fn forfeited(&self) -> bool {
        !self.boards.is_empty() && self.boards.iter().all(|b| b.forfeit)
    }

    /// The match's result by its game points: a match whose boards each
    /// team forfeited in part is drawn when the points are level (as
    /// TRF-2026's totals and FIDE's calculator score it); only one lost on
    /// every board by both is a loss for each.
    pub fn outcome(&self) -> MatchOutcome {
        let lost_by_both = |b: &Board| b.forfeit && b.points == [0.0, 0.0];
        if !self.boards.is_empty() && self.boards.iter().all(lost_by_both) {
            return MatchOutcome::ForfeitedByBoth;
        }
        let [a, b] = self.game_points();
        match a.total_cmp(&b) {
            std::cmp::Ordering::Greater => MatchOutcome::Won(0),
            std::cmp::Ordering::Less => MatchOutcome::Won(1),
            std::cmp::Ordering::Equal => MatchOutcome::Drawn,
        }
    }
}

/// What a match won, drawn and lost is worth (`--match-points`; 2, 1, 0 by
/// default).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchPoints {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl std::str::FromStr for MatchPoints {
    type Err = ValueError;

    /// `W,D,L`: `2,1,0`, `3,1,0`.
    fn from_str(text: &str) -> Result<MatchPoints, ValueError> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|n| n.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| ValueError::MatchPointsNotNumbers(text.to_string()))?;
        match numbers[..] {
            [win, draw, loss] => MatchPoints::new(win, draw, loss),
            _ => None,
        }
        .ok_or_else(|| ValueError::MatchPointsOrder(text.to_string()))
    }
}

impl MatchPoints {
    /// A win's, a draw's and a loss's match points, when a win is worth
    /// more than a draw, a draw at least a loss, none below 0 or above 100.
    pub fn new(win: f64, draw: f64, loss: f64) -> Option<MatchPoints> {
        let ordered = loss >= 0.0 && draw >= loss && win > draw && win <= 100.0;
        ordered.then_some(MatchPoints { win, draw, loss })
    }
}

impl std::fmt::Display for MatchPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {}, {}", self.win, self.draw, self.loss)
    }
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: 2.0,
            draw: 1.0,
            loss: 0.0,
        }
    }
}

/// Each player's team, and each team's opponent in each round.
struct Membership {
    team_of: HashMap<u32, u32>,
    opponents: Vec<Vec<Option<u32>>>,
}

impl Membership {
    fn of(trf: &Trf) -> Membership {
        let team_of: HashMap<u32, u32> = trf
            .teams
            .iter()
            .flat_map(|t| t.members.iter().map(move |&p| (p, t.number)))
            .collect();
        let opponents = trf
            .teams
            .iter()
            .map(|t| {
                (0..trf.rounds)
                    .map(|r| opponent_team(trf, &team_of, &t.members, r))
                    .collect()
            })
            .collect();
        Membership { team_of, opponents }
    }
}

/// The `0000 -` cells a team competition counts as unopposed boards won,
/// as the players' points columns do: (start number, round).
pub fn counted_unopposed(trf: &Trf) -> HashSet<(u32, usize)> {
    let m = Membership::of(trf);
    unopposed_by_points(trf, &m.team_of, &m.opponents)
}

/// The matches of every round, in round order, then by first team.
pub fn matches(trf: &Trf) -> Vec<TeamMatch> {
    let Membership { team_of, opponents } = Membership::of(trf);
    let unopposed = unopposed_by_points(trf, &team_of, &opponents);
    let mut all = Vec::new();
    for round in 0..trf.rounds {
        let mut by_pair: BTreeMap<[u32; 2], TeamMatch> = BTreeMap::new();
        for (team, theirs) in trf.teams.iter().zip(&opponents) {
            let Some(opponent) = theirs[round].filter(|&o| o > team.number) else {
                continue;
            };
            let teams = [team.number, opponent];
            let sides = [team, &trf.teams[opponent as usize - 1]];
            let boards = boards(trf, sides, round, &team_of, &unopposed);
            by_pair.insert(
                teams,
                TeamMatch {
                    round,
                    teams,
                    boards,
                },
            );
        }
        all.extend(by_pair.into_values());
    }
    with_recorded_forfeits(trf, all)
}

/// The team whose members a team's members met in a round.
fn opponent_team(
    trf: &Trf,
    team_of: &HashMap<u32, u32>,
    members: &[u32],
    round: usize,
) -> Option<u32> {
    members
        .iter()
        .filter_map(|&p| trf.player(p)?.rounds.get(round)?.opponent)
        .find_map(|q| team_of.get(&q).copied())
}

/// The boards of a match, from the first team's members who played or
/// scored in the round (board order), each with whom they met. A board a
/// `300` line-up leaves empty keeps its number: the second team's player
/// there won it unopposed, or nobody sat on either side.
fn boards(
    trf: &Trf,
    [first, second]: [&Team; 2],
    round: usize,
    team_of: &HashMap<u32, u32>,
    unopposed: &HashSet<(u32, usize)>,
) -> Vec<Board> {
    let cell_of = |p: u32| trf.player(p).and_then(|pl| pl.rounds.get(round));
    let alone = |p: u32| {
        cell_of(p).is_some_and(|c| {
            c.opponent.is_none() && (c.code == Code::ForfeitWin || unopposed.contains(&(p, round)))
        })
    };
    let unopposed_board = |q: u32| Board {
        players: [None, Some(q)],
        points: [0.0, 1.0],
        forfeit: true,
    };
    let seconds = lineup(trf, second, round);
    let mut placed = HashSet::new();
    let mut boards = Vec::new();
    for (k, seat) in lineup(trf, first, round).into_iter().enumerate() {
        let board = match seat {
            Some(p) => own_board(p, &cell_of, second.number, team_of, alone(p)),
            // An empty board: the second team's player there, if alone.
            None => match seconds.get(k).copied().flatten().filter(|&q| alone(q)) {
                Some(q) => Some(unopposed_board(q)),
                None => Some(EMPTY_BOARD),
            },
        };
        if let Some(board) = board {
            placed.extend(board.players[1]);
            boards.push(board);
        }
    }
    while boards.last() == Some(&EMPTY_BOARD) {
        boards.pop();
    }
    // Unopposed boards of the second team: the first fielded nobody there.
    for &q in &second.members {
        if alone(q) && !placed.contains(&q) {
            boards.push(unopposed_board(q));
        }
    }
    boards
}

/// A board nobody sat at on either side, which keeps the boards after it
/// their numbers.
const EMPTY_BOARD: Board = Board {
    players: [None, None],
    points: [0.0, 0.0],
    forfeit: true,
};

/// The board of the first team's player `p`: against the second team, or
/// unopposed (`alone`); none when he was not paired in the round.
fn own_board<'t>(
    p: u32,
    cell_of: &dyn Fn(u32) -> Option<&'t Cell>,
    second: u32,
    team_of: &HashMap<u32, u32>,
    alone: bool,
) -> Option<Board> {
    let cell = cell_of(p)?;
    match cell.opponent {
        // Each side's own code: a double forfeit is `-` on both lines.
        Some(q) if team_of.get(&q) == Some(&second) => Some(Board {
            players: [Some(p), Some(q)],
            points: [
                points(cell.code),
                points(cell_of(q).map_or(cell.code.mirror(), |c| c.code)),
            ],
            forfeit: !cell.code.played(),
        }),
        None if alone => Some(Board {
            players: [Some(p), None],
            points: [1.0, 0.0],
            forfeit: true,
        }),
        _ => None,
    }
}

/// The matches with those a `330` record says were forfeited whole (and
/// no player's cell shows), every board forfeited: as many boards as the
/// event's matches have, or, where no board was played at all, as the
/// smallest team has members (a won forfeit wins every board).
fn with_recorded_forfeits(trf: &Trf, mut all: Vec<TeamMatch>) -> Vec<TeamMatch> {
    let smallest = trf.teams.iter().map(|t| t.members.len()).min().unwrap_or(1);
    let boards = match boards_per_match(&all) {
        0 => smallest.max(1),
        n => n,
    };
    for f in &trf.team_records.forfeits {
        let (round, teams, won) = (f.round, f.teams, f.won);
        let teams_in_order = [teams[0].min(teams[1]), teams[0].max(teams[1])];
        let known = |m: &TeamMatch| m.round == round && m.teams == teams_in_order;
        if all.iter().any(known) {
            continue;
        }
        let won = if teams[0] < teams[1] {
            won
        } else {
            [won[1], won[0]]
        };
        let board = Board {
            players: [None, None],
            points: won.map(f64::from),
            forfeit: true,
        };
        all.push(TeamMatch {
            round,
            teams: teams_in_order,
            boards: vec![board; boards],
        });
    }
    all.sort_by_key(|m| (m.round, m.teams));
    all
}

/// The team's players in board order in a round: a `300` record's line-up
/// (`None` a board it left empty), else the team's own order.
fn lineup(trf: &Trf, team: &Team, round: usize) -> Vec<Option<u32>> {
    let records = &trf.team_records.lineups;
    match records
        .iter()
        .find(|l| l.round == round && l.team == team.number)
    {
        Some(l) => l.players.iter().map(|&p| (p != 0).then_some(p)).collect(),
        None => team.members.iter().copied().map(Some).collect(),
    }
}

/// The `0000 -` cells, in rounds its team played, that a player's points
/// field counts as wins: the points field exceeds the codes' sum by
/// exactly their number.
fn unopposed_by_points(
    trf: &Trf,
    team_of: &HashMap<u32, u32>,
    opponents: &[Vec<Option<u32>>],
) -> HashSet<(u32, usize)> {
    let mut found = HashSet::new();
    for player in &trf.players {
        let Some((team, declared)) = team_of.get(&player.start_no).zip(player.points) else {
            continue;
        };
        let played = &opponents[*team as usize - 1];
        let coded: f64 = player.rounds.iter().map(|c| points(c.code)).sum();
        let rounds: Vec<usize> = (0..player.rounds.len())
            .filter(|&r| {
                let c = player.rounds[r];
                c.opponent.is_none()
                    && c.code == Code::ForfeitLoss
                    && played.get(r).is_some_and(Option::is_some)
            })
            .collect();
        if !rounds.is_empty() && declared - coded == rounds.len() as f64 {
            found.extend(rounds.into_iter().map(|r| (player.start_no, r)));
        }
    }
    found
}

/// The most boards any match had: the event's boards per match.
pub fn boards_per_match(matches: &[TeamMatch]) -> usize {
    matches.iter().map(|m| m.boards.len()).max().unwrap_or(0)
}
