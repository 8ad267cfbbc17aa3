//! The tournament's HTML page (`tournament --html`): the pairings that
//! need a look, the crosstable with the changed cells marked and linked to
//! their games' pages, the standings and the rating changes before and
//! after.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use askama::Template;

use super::csv_file::number;
use super::html::{page_name, page_stems, relative};
use super::set::resolve;
use super::tournament::Tournament;
use crate::tournament::consequences::PairingStatus;
use crate::tournament::team_tiebreak::TeamTieBreak;
use crate::tournament::trf::{Cell, Code, Colour};

/// `tournament.html` in the HTML report's folder (written into `staged`,
/// to stand at `html_at`), its changed cells linked to the pages the
/// audit's HTML output wrote for the games.
pub fn write_page(
    staged: &Path,
    html_at: &Path,
    reports: &Path,
    (t, said): (&Tournament<'_>, &str),
    names: &[String],
) -> io::Result<()> {
    let stems = page_stems(names);
    let link = |g: usize| {
        let game = &t.games[g];
        let input = names.iter().position(|n| *n == game.source)?;
        Some(page_name(&stems[input], game.number))
    };
    let reports = relative(&resolve(html_at), &resolve(reports));
    let reports = reports.to_string_lossy().replace('\\', "/");
    let html = render(t, said, &reports, &link);
    let path = staged.join("tournament.html");
    std::fs::write(&path, html).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("{}: {e}", html_at.join("tournament.html").display()),
        )
    })
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct Page {
    event: String,
    summary: Vec<String>,
    reports: String,
    pairings: Vec<PairingView>,
    rounds: Vec<usize>,
    crosstable: Vec<RowView>,
    tiebreaks: Vec<String>,
    standings: Vec<StandingView>,
    ratings: Vec<RatingView>,
    team_tiebreaks: Vec<String>,
    teams: Vec<TeamView>,
}

struct TeamView {
    number: u32,
    name: String,
    match_points: String,
    game_points: String,
    rank: String,
    values: Vec<String>,
    moved: bool,
}

struct PairingView {
    round: String,
    white: String,
    black: String,
    trf: String,
    pgn: String,
    correct: String,
    status: &'static str,
    game: String,
    link: Option<String>,
    reason: String,
}

struct RowView {
    rank: u32,
    start_no: u32,
    name: String,
    rating: String,
    cells: Vec<CellView>,
    points: String,
}

struct CellView {
    text: String,
    changed: bool,
    link: Option<String>,
}

struct StandingView {
    start_no: u32,
    name: String,
    points: String,
    rank: String,
    values: Vec<String>,
    moved: bool,
}

struct RatingView {
    start_no: u32,
    name: String,
    rating: String,
    k: String,
    games: usize,
    before: String,
    after: String,
    difference: String,
    moved: bool,
}

/// The page, as HTML. `link` gives a game's page.
pub fn render(
    t: &Tournament<'_>,
    summary: &str,
    reports: &str,
    link: &dyn Fn(usize) -> Option<String>,
) -> String {
    let page = Page {
        event: t.trf.event.clone(),
        summary: summary.lines().map(String::from).collect(),
        reports: reports.to_string(),
        pairings: pairings(t, link),
        rounds: (1..=t.trf.rounds).collect(),
        crosstable: crosstable(t, link),
        tiebreaks: t.ranking.tiebreaks.iter().map(|t| t.to_string()).collect(),
        standings: standings(t),
        ratings: ratings(t),
        team_tiebreaks: team_codes(t).into_iter().map(|(_, code)| code).collect(),
        teams: teams(t),
    };
    page.render()
        .unwrap_or_else(|e| format!("the page could not be made: {e}"))
}

fn name(t: &Tournament<'_>, no: u32) -> String {
    t.trf.player(no).map_or(String::new(), |p| p.name.clone())
}

fn pairings(t: &Tournament<'_>, link: &dyn Fn(usize) -> Option<String>) -> Vec<PairingView> {
    let result = |r: Option<crate::model::outcome::GameResult>| r.map_or("", |r| r.as_str());
    t.consequences
        .checked
        .iter()
        .filter(|c| c.status != PairingStatus::Agree)
        .map(|c| {
            let game = c.game.map(|g| &t.games[g]);
            let (white, black) = match (c.pairing, game) {
                (Some(p), _) => (name(t, p.white), name(t, p.black)),
                (None, Some(g)) => (g.white.clone(), g.black.clone()),
                (None, None) => Default::default(),
            };
            PairingView {
                round: c
                    .pairing
                    .map(|p| (p.round + 1).to_string())
                    .unwrap_or_default(),
                white,
                black,
                trf: c.pairing.map(|p| p.result()).unwrap_or_default(),
                pgn: result(c.pgn_result).to_string(),
                correct: result(c.correct).to_string(),
                status: c.status.as_str(),
                game: game.map_or(String::new(), |g| format!("{} #{}", g.source, g.number)),
                link: c.game.and_then(link),
                reason: c.note.to_string(),
            }
        })
        .collect()
}

/// Each changed cell (start number, round): the report's code and the
/// game behind the change.
fn changes(t: &Tournament<'_>) -> HashMap<(u32, usize), (Code, Option<usize>)> {
    let c = t.consequences;
    let mut out = HashMap::new();
    for (pairing, code) in &c.applied {
        let game = c
            .checked
            .iter()
            .find(|row| row.pairing == Some(*pairing) && row.game.is_some())
            .and_then(|row| row.game);
        out.insert((pairing.white, pairing.round), (*code, game));
        out.insert((pairing.black, pairing.round), (code.mirror(), game));
    }
    out
}

fn cell_text(cell: &Cell, code: Code) -> String {
    let colour = match cell.colour {
        Colour::White => "w",
        Colour::Black => "b",
        Colour::None => "-",
    };
    let opponent = cell.opponent.map_or("0000".to_string(), |o| o.to_string());
    format!("{opponent} {colour} {}", code.char())
}

fn crosstable(t: &Tournament<'_>, link: &dyn Fn(usize) -> Option<String>) -> Vec<RowView> {
    let changes = changes(t);
    let mut rows: Vec<RowView> = t
        .consequences
        .after
        .iter()
        .filter_map(|s| {
            let player = t.trf.player(s.start_no)?;
            let cells = player
                .rounds
                .iter()
                .enumerate()
                .map(|(round, cell)| match changes.get(&(s.start_no, round)) {
                    Some((code, game)) => CellView {
                        text: format!("{} → {}", cell_text(cell, cell.code), code.char()),
                        changed: true,
                        link: game.and_then(link),
                    },
                    None => CellView {
                        text: cell_text(cell, cell.code),
                        changed: false,
                        link: None,
                    },
                })
                .collect();
            Some(RowView {
                rank: s.rank,
                start_no: s.start_no,
                name: player.name.clone(),
                rating: player.rating.map(|r| r.to_string()).unwrap_or_default(),
                cells,
                points: number(s.points),
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.rank, r.start_no));
    rows
}

/// "3.0" or "2.0 → 1.5".
fn before_after(before: &str, after: &str) -> String {
    if before == after {
        before.to_string()
    } else {
        format!("{before} → {after}")
    }
}

fn standings(t: &Tournament<'_>) -> Vec<StandingView> {
    let c = t.consequences;
    c.before
        .iter()
        .zip(&c.after)
        .map(|(b, a)| {
            let value = |v: Option<f64>| v.map(number).unwrap_or_default();
            StandingView {
                start_no: b.start_no,
                name: name(t, b.start_no),
                points: before_after(&number(b.points), &number(a.points)),
                rank: before_after(&b.rank.to_string(), &a.rank.to_string()),
                values: b
                    .values
                    .iter()
                    .zip(&a.values)
                    .map(|(x, y)| before_after(&value(*x), &value(*y)))
                    .collect(),
                moved: b.rank != a.rank || b.points != a.points,
            }
        })
        .collect()
}

fn ratings(t: &Tournament<'_>) -> Vec<RatingView> {
    t.consequences
        .ratings
        .iter()
        .map(|r| {
            let difference = r.after - r.before;
            RatingView {
                start_no: r.start_no,
                name: name(t, r.start_no),
                rating: t
                    .trf
                    .player(r.start_no)
                    .and_then(|p| p.rating)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                k: number(r.coefficient.k),
                games: r.games,
                before: format!("{:+.2}", r.before),
                after: format!("{:+.2}", r.after),
                difference: format!("{difference:+.2}"),
                moved: difference.abs() > 1e-9,
            }
        })
        .collect()
}

/// The team tie-breaks with a column (the scores have their own), by
/// their place in the order.
fn team_codes(t: &Tournament<'_>) -> Vec<(usize, String)> {
    let order = &t.teams.order.tiebreaks;
    (0..order.len())
        .filter(|&i| !matches!(order[i], TeamTieBreak::Points(_)))
        .map(|i| (i, order[i].to_string()))
        .collect()
}

fn teams(t: &Tournament<'_>) -> Vec<TeamView> {
    let Some(outcome) = t.team_outcome else {
        return Vec::new();
    };
    let codes = team_codes(t);
    let value = |v: Option<f64>| v.map(number).unwrap_or_default();
    let mut rows: Vec<TeamView> = t
        .trf
        .teams
        .iter()
        .zip(outcome.before.iter().zip(&outcome.after))
        .map(|(team, (b, a))| TeamView {
            number: team.number,
            name: team.name.clone(),
            match_points: before_after(
                &number(b.score.match_points),
                &number(a.score.match_points),
            ),
            game_points: before_after(&number(b.score.game_points), &number(a.score.game_points)),
            rank: before_after(&b.rank.to_string(), &a.rank.to_string()),
            values: codes
                .iter()
                .map(|&(i, _)| before_after(&value(b.values[i]), &value(a.values[i])))
                .collect(),
            moved: b.rank != a.rank || b.score != a.score,
        })
        .collect();
    let after_rank = |n: u32| outcome.after.get(n as usize - 1).map_or(0, |s| s.rank);
    rows.sort_by_key(|r| (after_rank(r.number), r.number));
    rows
}
