//! The tournament reports: `pairings.csv` (each pairing against its
//! game), `standings.csv` (before and after, with the tie-breaks),
//! `ratings.csv` (the rating changes before and after), `corrected.trf`
//! and, for a team competition, the files of [`super::teams`].

use std::io;
use std::path::Path;

use serde::Serialize;

use crate::report::csv_file::{number, write_csv};
use crate::report::rows::cell;
use crate::report::teams;
use crate::tournament::consequences::Consequences;
use crate::tournament::matching::PlayedGame;
use crate::tournament::standings::Ranking;
use crate::tournament::team_standings::{TeamOutcome, TeamRanking};
use crate::tournament::trf::Trf;

/// What the reports are made from.
pub struct Tournament<'a> {
    pub trf: &'a Trf,
    pub games: &'a [PlayedGame],
    pub consequences: &'a Consequences,
    pub ranking: &'a Ranking,
    /// How a team competition's teams are ranked.
    pub teams: &'a TeamRanking,
    /// The report with the audit's results applied.
    pub corrected: &'a [u8],
    /// A team competition's standings and matches before and after.
    pub team_outcome: Option<&'a TeamOutcome>,
}

/// Writes the four files into `dir`.
pub fn write(dir: &Path, t: &Tournament<'_>) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    write_csv(&dir.join("pairings.csv"), pairing_rows(t))?;
    write_csv(&dir.join("standings.csv"), standing_rows(t))?;
    write_csv(&dir.join("ratings.csv"), rating_rows(t))?;
    if let Some(outcome) = t.team_outcome {
        let tiebreaks = &t.teams.order.tiebreaks;
        teams::write(dir, t.trf, outcome, tiebreaks, &t.consequences.checked)?;
    }
    std::fs::write(dir.join("corrected.trf"), t.corrected)
}

#[derive(Serialize, Default)]
struct PairingRow {
    round: Option<usize>,
    white_no: Option<u32>,
    black_no: Option<u32>,
    white: String,
    black: String,
    trf_result: String,
    pgn_result: &'static str,
    correct_result: &'static str,
    status: &'static str,
    source: String,
    game: Option<u64>,
    category: &'static str,
    reason: String,
}

fn pairing_rows(t: &Tournament<'_>) -> Vec<PairingRow> {
    let report_category = t.trf.category().as_str();
    let name = |no: u32| t.trf.player(no).map_or(String::new(), |p| p.name.clone());
    t.consequences
        .checked
        .iter()
        .map(|c| {
            let game = c.game.map(|g| &t.games[g]);
            let (white, black) = match (c.pairing, game) {
                (Some(p), _) => (name(p.white), name(p.black)),
                (None, Some(g)) => (g.white.clone(), g.black.clone()),
                (None, None) => Default::default(),
            };
            PairingRow {
                round: c
                    .pairing
                    .map(|p| p.round + 1)
                    .or(c.unpaired.and_then(|u| u.round)),
                white_no: c
                    .pairing
                    .map(|p| p.white)
                    .or(c.unpaired.and_then(|u| u.white)),
                black_no: c
                    .pairing
                    .map(|p| p.black)
                    .or(c.unpaired.and_then(|u| u.black)),
                white: cell(&white, false).into_owned(),
                black: cell(&black, false).into_owned(),
                trf_result: c.pairing.map(|p| p.result()).unwrap_or_default(),
                pgn_result: c.pgn_result.map_or("", |r| r.as_str()),
                correct_result: c.correct.map_or("", |r| r.as_str()),
                status: c.status.as_str(),
                source: game.map_or(String::new(), |g| cell(&g.source, false).into_owned()),
                game: game.map(|g| g.number),
                category: game.map_or("", |g| match g.category {
                    "unknown" => report_category,
                    known => known,
                }),
                reason: cell(&c.note.to_string(), false).into_owned(),
            }
        })
        .collect()
}

fn standing_rows(t: &Tournament<'_>) -> Vec<Vec<String>> {
    let mut header = vec![
        "start_no",
        "name",
        "points_before",
        "points_after",
        "rank_before",
        "rank_after",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    for tiebreak in &t.ranking.tiebreaks {
        header.push(format!("{tiebreak}_before"));
        header.push(format!("{tiebreak}_after"));
    }
    header.extend(["trf_rank".to_string(), "note".to_string()]);
    let mut rows = vec![header];
    let c = t.consequences;
    for (before, after) in c.before.iter().zip(&c.after) {
        let player = t.trf.player(before.start_no);
        let mut row = vec![
            before.start_no.to_string(),
            player.map_or(String::new(), |p| cell(&p.name, false).into_owned()),
            number(before.points),
            number(after.points),
            before.rank.to_string(),
            after.rank.to_string(),
        ];
        for (b, a) in before.values.iter().zip(&after.values) {
            row.push(b.map(number).unwrap_or_default());
            row.push(a.map(number).unwrap_or_default());
        }
        row.push(
            player
                .and_then(|p| p.rank)
                .map(|r| r.to_string())
                .unwrap_or_default(),
        );
        let points = c.points_notes.iter().find(|(no, _)| *no == before.start_no);
        let rank = player
            .and_then(|p| p.rank)
            .filter(|&r| r != before.rank)
            .map(|r| {
                format!(
                    "the report ranks this player {r}, the tie-breaks here {}",
                    before.rank
                )
            });
        let notes: Vec<String> = points
            .map(|n| n.1.to_string())
            .into_iter()
            .chain(rank)
            .collect();
        row.push(notes.join("; "));
        rows.push(row);
    }
    rows
}

#[derive(Serialize, Default)]
struct RatingRow {
    start_no: u32,
    name: String,
    fide_id: String,
    rating: Option<u32>,
    k: String,
    /// What set K: `given` (`--k`, or a report without a date),
    /// `junior`, `2400`, `standard`, `capped` (K × games over 700).
    k_from: &'static str,
    games: usize,
    change_before: String,
    change_after: String,
}

fn rating_rows(t: &Tournament<'_>) -> Vec<RatingRow> {
    t.consequences
        .ratings
        .iter()
        .map(|r| {
            let player = t.trf.player(r.start_no);
            RatingRow {
                start_no: r.start_no,
                name: player.map_or(String::new(), |p| cell(&p.name, false).into_owned()),
                fide_id: player.map_or(String::new(), |p| cell(&p.fide_id, false).into_owned()),
                rating: player.and_then(|p| p.rating),
                k: number(r.coefficient.k),
                k_from: r.coefficient.why.as_str(),
                games: r.games,
                change_before: format!("{:.2}", r.before),
                change_after: format!("{:.2}", r.after),
            }
        })
        .collect()
}
