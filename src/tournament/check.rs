//! The tournament stage whole: a report and the games as played, matched
//! to its pairings, the proven results applied, the standings, tie-breaks
//! and rating changes before and after, and the report written back with
//! the corrections — what `tournament`, the Python package and the tests
//! call alike. Reading the files and auditing the games is the door's.

use super::consequences::{Consequences, consequences, corrections};
use super::matching::PlayedGame;
use super::ranking::Rankings;
use super::rating::RatingInputs;
use super::rating_list::ListHeader;
use super::team_standings::{TeamOutcome, TeamRanking};
use super::trf::{Trf, TrfError};

/// A tournament checked against its games.
#[derive(Debug, Clone)]
pub struct TournamentCheck {
    pub consequences: Consequences,
    /// The report with the corrections applied, byte for byte the same
    /// where none is.
    pub corrected: Vec<u8>,
    /// A team competition's standings and matches before and after.
    pub team_outcome: Option<TeamOutcome>,
    /// The rating list the players' K came from, when one was given.
    pub rating_list: Option<ListHeader>,
}

/// The corrected report could not be read back: a fault of this tool's
/// writing, and nothing is written.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadBackError(pub TrfError);

/// Checks `report` against `games`, ranked as `rankings` say, the rating
/// changes with what `rating` gives besides the report.
pub fn check(
    report: &Trf,
    games: &[PlayedGame],
    rankings: &Rankings,
    rating: RatingInputs,
) -> Result<TournamentCheck, ReadBackError> {
    let consequences = consequences(report, games, &rankings.players, rating);
    let (corrected, team_outcome) = corrected(report, &consequences, &rankings.teams)?;
    Ok(TournamentCheck {
        consequences,
        corrected,
        team_outcome,
        rating_list: rating.list.map(|list| list.header.clone()),
    })
}

/// The corrected report, and in a team competition what it changes; the
/// `310` lines' totals follow the corrected matches.
fn corrected(
    report: &Trf,
    consequences: &Consequences,
    teams: &TeamRanking,
) -> Result<(Vec<u8>, Option<TeamOutcome>), ReadBackError> {
    let mut edits = corrections(report, consequences);
    let mut corrected = report.write_back(&edits);
    if report.teams.is_empty() {
        return Ok((corrected, None));
    }
    // The corrected report is read back as the report was.
    let after = Trf::read(&corrected).map_err(ReadBackError)?;
    let outcome = teams.outcome(report, &after);
    edits.extend(outcome.team_totals(report));
    corrected = report.write_back(&edits);
    Ok((corrected, Some(outcome)))
}
