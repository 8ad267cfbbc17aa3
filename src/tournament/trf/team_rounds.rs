//! A team competition's rounds as its cells give them, checked once the
//! report is read: every player who was paired is a member of a team,
//! members of one team meet members of one other team in a round, and the
//! team records (`330`, `320`, `240`) agree with the cells and with one
//! another. A report that breaks one is refused, naming the line and
//! columns: no side of a contradiction is chosen in silence.

use std::collections::HashMap;

use super::columns::cell_column;
use super::{Player, Trf, TrfError};

/// What the cells say of each team's rounds: the team met, and the
/// player line and round cell that first showed it.
struct Met {
    team: u32,
    line: usize,
    board: u32,
}

/// Checks a team report's rounds against its teams and records.
pub(super) fn check(trf: &Trf) -> Result<(), TrfError> {
    if trf.teams.is_empty() {
        return Ok(());
    }
    let team_of: HashMap<u32, u32> = trf
        .teams
        .iter()
        .flat_map(|t| t.members.iter().map(move |&p| (p, t.number)))
        .collect();
    let mut met: Vec<Vec<Option<Met>>> = (0..trf.teams.len())
        .map(|_| (0..trf.rounds).map(|_| None).collect())
        .collect();
    for player in &trf.players {
        check_player(trf, player, &team_of, &mut met)?;
    }
    check_records(trf, &met)
}

/// An error at a player's cell of `round`.
fn at_cell(player: &Player, round: usize, what: String) -> TrfError {
    let at = cell_column(round) + 1;
    TrfError {
        line: player.line + 1,
        columns: (at, at + 3),
        what,
    }
}

fn check_player(
    trf: &Trf,
    player: &Player,
    team_of: &HashMap<u32, u32>,
    met: &mut [Vec<Option<Met>>],
) -> Result<(), TrfError> {
    let p = player.start_no;
    for (round, cell) in player.rounds.iter().enumerate() {
        let Some(q) = cell.opponent else { continue };
        let (Some(&mine), Some(&theirs)) = (team_of.get(&p), team_of.get(&q)) else {
            let nobody = if team_of.contains_key(&p) { q } else { p };
            let what = format!(
                "round {}: start number {p} met {q}, but {nobody} is in no team: in a team \
                 competition every player who plays is a member of a team (add him to his \
                 team's `013` or `310` line)",
                round + 1
            );
            return Err(at_cell(player, round, what));
        };
        if mine == theirs {
            let what = format!(
                "round {}: start number {p} met {q}, a member of the same team ({})",
                round + 1,
                name(trf, mine)
            );
            return Err(at_cell(player, round, what));
        }
        let slot = &mut met[mine as usize - 1][round];
        match slot {
            Some(first) if first.team != theirs => {
                let what = format!(
                    "round {}: team {} meets team {} on one board (start number {}) and team {} \
                     on another (start number {p} against {q}): a team meets one team a round",
                    round + 1,
                    name(trf, mine),
                    name(trf, first.team),
                    first.board,
                    name(trf, theirs)
                );
                return Err(at_cell(player, round, what));
            }
            Some(_) => {}
            None => {
                *slot = Some(Met {
                    team: theirs,
                    line: player.line,
                    board: p,
                })
            }
        }
    }
    Ok(())
}

/// `team N (name)`.
fn name(trf: &Trf, team: u32) -> String {
    let of = trf.teams.get(team as usize - 1);
    format!("{team} ({})", of.map_or("", |t| t.name.as_str()))
}

/// The records against the cells and one another: a `330` for a match the
/// cells show played, a `320` or `240` bye for a team that played the
/// round, two byes or a bye and a forfeit for one team in one round.
fn check_records(trf: &Trf, met: &[Vec<Option<Met>>]) -> Result<(), TrfError> {
    let records = &trf.team_records;
    let played = |team: u32, round: usize| met[team as usize - 1][round].as_ref();
    let mut given = Given {
        trf,
        lines: HashMap::new(),
    };
    for f in &records.forfeits {
        if let Some(m) = played(f.teams[0], f.round).filter(|m| m.team == f.teams[1]) {
            let what = format!(
                "the `330` record says the match of teams {} and {} in round {} was forfeited \
                 whole, but the players' cells show it played (line {})",
                name(trf, f.teams[0]),
                name(trf, f.teams[1]),
                f.round + 1,
                m.line + 1
            );
            return Err(error(f.line, (5, 18), what));
        }
        given.give(f.teams[0], f.round, f.line, (12, 14))?;
        given.give(f.teams[1], f.round, f.line, (16, 18))?;
    }
    let pab = records.bye_line.map(|line| {
        let teams = records.bye_teams.iter().enumerate();
        teams.map(move |(round, &team)| (line, (15 + 4 * round, 17 + 4 * round), round, team))
    });
    for (line, columns, round, team) in pab.into_iter().flatten().filter(|b| b.3 != 0) {
        if let Some(m) = played(team, round) {
            let what = bye_but_played("`320` line's pairing-allocated bye", trf, team, round, m);
            return Err(error(line, columns, what));
        }
        given.give(team, round, line, columns)?;
    }
    for b in &records.byes {
        let columns = (b.column, b.column + 3);
        if let Some(m) = played(b.team, b.round) {
            let what = bye_but_played("`240` record's bye", trf, b.team, b.round, m);
            return Err(error(b.line, columns, what));
        }
        given.give(b.team, b.round, b.line, columns)?;
    }
    Ok(())
}

fn error(line: usize, columns: (usize, usize), what: String) -> TrfError {
    TrfError {
        line: line + 1,
        columns,
        what,
    }
}

/// Which record gave each team its unplayed rounds: one a round.
struct Given<'a> {
    trf: &'a Trf,
    /// (team, round) → the line of the record that gave it.
    lines: HashMap<(u32, usize), usize>,
}

impl Given<'_> {
    fn give(
        &mut self,
        team: u32,
        round: usize,
        line: usize,
        columns: (usize, usize),
    ) -> Result<(), TrfError> {
        let Some(other) = self.lines.insert((team, round), line) else {
            return Ok(());
        };
        let what = format!(
            "team {} has two records for round {} (this one and line {}): a bye, a forfeit or a \
             bye asked for, one a round",
            name(self.trf, team),
            round + 1,
            other + 1
        );
        Err(error(line, columns, what))
    }
}

fn bye_but_played(record: &str, trf: &Trf, team: u32, round: usize, m: &Met) -> String {
    format!(
        "the {record} for team {} in round {}: the players' cells show the team played team {} \
         that round (line {})",
        name(trf, team),
        round + 1,
        name(trf, m.team),
        m.line + 1
    )
}
