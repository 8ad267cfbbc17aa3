//! A team competition's reports: `team-standings.csv` (each team's place,
//! scores and tie-breaks before and after the corrections) and
//! `team-matches.csv` (each match, its boards' results before and after,
//! and how its games compare with the report).

use std::collections::HashMap;
use std::io;
use std::path::Path;

use crate::report::csv_file::{number, write_csv};
use crate::report::rows::cell;
use crate::tournament::consequences::{Checked, PairingStatus};
use crate::tournament::team_standings::{TeamOutcome, TeamStanding};
use crate::tournament::team_tiebreak::TeamTieBreak;
use crate::tournament::teams::{Board, MatchOutcome, TeamMatch};
use crate::tournament::trf::Trf;

/// Writes both files.
pub fn write(
    dir: &Path,
    trf: &Trf,
    outcome: &TeamOutcome,
    tiebreaks: &[TeamTieBreak],
    checked: &[Checked],
) -> io::Result<()> {
    let rows = team_rows(trf, tiebreaks, &outcome.before, &outcome.after);
    write_csv(&dir.join("team-standings.csv"), rows)?;
    let rows = match_rows(trf, &outcome.matches, checked);
    write_csv(&dir.join("team-matches.csv"), rows)
}

/// `team-standings.csv`: each team's place, match and game points and
/// tie-breaks, before and after the corrections, in the report's order.
fn team_rows(
    trf: &Trf,
    tiebreaks: &[TeamTieBreak],
    before: &[TeamStanding],
    after: &[TeamStanding],
) -> Vec<Vec<String>> {
    // The scores have columns of their own.
    let shown: Vec<usize> = (0..tiebreaks.len())
        .filter(|&i| !matches!(tiebreaks[i], TeamTieBreak::Points(_)))
        .collect();
    let mut header: Vec<String> = [
        "team",
        "name",
        "rank_before",
        "rank_after",
        "matches",
        "wins",
        "draws",
        "losses",
        "mp_before",
        "mp_after",
        "gp_before",
        "gp_after",
    ]
    .map(String::from)
    .to_vec();
    for &i in &shown {
        header.push(format!("{}_before", tiebreaks[i]));
        header.push(format!("{}_after", tiebreaks[i]));
    }
    let mut rows = vec![header];
    for ((team, b), a) in trf.teams.iter().zip(before).zip(after) {
        let (s, sa) = (&b.score, &a.score);
        let mut row = vec![
            team.number.to_string(),
            cell(&team.name, false).into_owned(),
            b.rank.to_string(),
            a.rank.to_string(),
            sa.matches.to_string(),
            sa.wins.to_string(),
            sa.draws.to_string(),
            sa.losses.to_string(),
            number(s.match_points),
            number(sa.match_points),
            number(s.game_points),
            number(sa.game_points),
        ];
        for &i in &shown {
            row.push(b.values[i].map_or(String::new(), number));
            row.push(a.values[i].map_or(String::new(), number));
        }
        rows.push(row);
    }
    rows
}

/// The most serious status of a match's boards: what an appeal looks at
/// first.
const SERIOUS: [PairingStatus; 5] = [
    PairingStatus::Corrected,
    PairingStatus::Mismatch,
    PairingStatus::Review,
    PairingStatus::MissingGame,
    PairingStatus::Agree,
];

/// `team-matches.csv`: one row per match, in round order.
fn match_rows(
    trf: &Trf,
    matches: &[(TeamMatch, TeamMatch)],
    checked: &[Checked],
) -> Vec<Vec<String>> {
    let status: HashMap<(usize, u32, u32), PairingStatus> = checked
        .iter()
        .filter_map(|c| {
            let p = c.pairing?;
            Some((
                (p.round, p.white.min(p.black), p.white.max(p.black)),
                c.status,
            ))
        })
        .collect();
    let header = [
        "round",
        "team_1",
        "name_1",
        "team_2",
        "name_2",
        "boards",
        "boards_before",
        "boards_after",
        "gp_before",
        "gp_after",
        "result_before",
        "result_after",
        "status",
    ];
    let mut rows = vec![header.map(String::from).to_vec()];
    let name = |n: u32| {
        trf.teams
            .get(n as usize - 1)
            .map_or("", |t| t.name.as_str())
    };
    for (b, a) in matches {
        let board_status = b.boards.iter().filter_map(|board| match board.players {
            [Some(x), Some(y)] => status.get(&(b.round, x.min(y), x.max(y))).copied(),
            _ => None,
        });
        let worst = board_status.min_by_key(|s| SERIOUS.iter().position(|x| x == s));
        rows.push(vec![
            (b.round + 1).to_string(),
            b.teams[0].to_string(),
            cell(name(b.teams[0]), false).into_owned(),
            b.teams[1].to_string(),
            cell(name(b.teams[1]), false).into_owned(),
            lineup(b),
            board_results(b),
            board_results(a),
            score(b.game_points()),
            score(a.game_points()),
            outcome(b),
            outcome(a),
            worst.map_or("", PairingStatus::as_str).to_string(),
        ]);
    }
    rows
}

/// The start numbers on each board, `12-45 13-46 …` (`0`: nobody sat).
fn lineup(m: &TeamMatch) -> String {
    let no = |p: Option<u32>| p.unwrap_or(0).to_string();
    let boards = m
        .boards
        .iter()
        .map(|b| format!("{}-{}", no(b.players[0]), no(b.players[1])));
    boards.collect::<Vec<_>>().join(" ")
}

/// Each board's result from the first team's side: `1-0`, `1/2-1/2`,
/// `+/-` for a forfeit or an empty board.
fn board_results(m: &TeamMatch) -> String {
    let one = |b: &Board| {
        let half = |p: f64| {
            if p == 0.5 {
                "1/2".to_string()
            } else {
                number(p).replace(".0", "")
            }
        };
        let mark = |p: f64| if p > 0.0 { "+" } else { "-" };
        if b.forfeit {
            format!("{}/{}", mark(b.points[0]), mark(b.points[1]))
        } else {
            format!("{}-{}", half(b.points[0]), half(b.points[1]))
        }
    };
    m.boards.iter().map(one).collect::<Vec<_>>().join(" ")
}

fn score([a, b]: [f64; 2]) -> String {
    format!("{}-{}", number(a), number(b))
}

/// Which team won the match, by game points; a match both teams forfeited
/// (every board lost by both) is lost by both.
fn outcome(m: &TeamMatch) -> String {
    match m.outcome() {
        MatchOutcome::ForfeitedByBoth => "forfeited by both".to_string(),
        MatchOutcome::Won(side) => format!("{} won", m.teams[side]),
        MatchOutcome::Drawn => "drawn".to_string(),
    }
}
