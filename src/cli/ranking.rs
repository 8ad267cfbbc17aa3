//! How `tournament` ranks: the individual tie-breaks and the team ones,
//! the text of C.07 they follow, an unrated player's rating and a team
//! bye's value, each from the command line, else the report, else the
//! defaults; and what the terminal says of each choice.

use crate::cli::failure::Failure;
use crate::report::rows::without_controls;
use crate::tournament::crosstable::Scoring;
use crate::tournament::rules::TieBreakRules;
use crate::tournament::standings::Ranking;
use crate::tournament::team_standings::{TeamOrder, TeamRanking, bye_the_totals_count};
use crate::tournament::team_table::{ByeValue, Score, TeamPoints};
use crate::tournament::team_tiebreak::TeamTieBreak;
use crate::tournament::teams::MatchPoints;
use crate::tournament::tiebreak::TieBreak;
use crate::tournament::trf::ScoreSystem;
use crate::tournament::trf::{MAX_TIEBREAKS, Trf};

/// What the command line gave.
pub struct Asked<'a> {
    pub tiebreaks: Option<&'a [String]>,
    pub rules: Option<TieBreakRules>,
    pub unrated: Option<u32>,
    pub score_system: Option<ScoreSystem>,
    pub match_points: Option<MatchPoints>,
    pub team_bye: Option<TeamPoints>,
}

/// Where a team competition's match points and bye value came from, as
/// the summary says them.
pub struct TeamSources {
    pub match_points: String,
    pub bye: String,
}

/// The rankings resolved, and the notes that say where each came from.
pub struct Rankings {
    pub players: Ranking,
    pub teams: TeamRanking,
    /// For the summary.
    pub notes: Vec<String>,
    /// The report's codes left out, for the error stream.
    pub left_out: Vec<String>,
    pub team_sources: TeamSources,
}

/// Resolves the rankings. In a team competition the tie-breaks asked for
/// and the report's `212`/`202` lines are the teams'; the players are
/// then ranked by BH/C1, BH, SB.
pub fn rankings(asked: &Asked<'_>, report: &Trf) -> Result<Rankings, Failure> {
    if asked.tiebreaks.is_some_and(|l| l.len() > MAX_TIEBREAKS) {
        return Err(Failure::Usage(format!(
            "--tiebreaks lists more than {MAX_TIEBREAKS} tie-breaks; give at most {MAX_TIEBREAKS}"
        )));
    }
    let team = !report.teams.is_empty();
    if !team {
        refuse_team_options(asked)?;
    }
    let rules = asked
        .rules
        .unwrap_or_else(|| TieBreakRules::for_start(Some(&report.start)));
    let mut notes = vec![rules_note(asked.rules, rules, &report.start)];
    let system = score_system(asked, report, &mut notes);
    notes.extend(abnormal_note(&report.team_records.abnormal));
    let mut left_out = Vec::new();
    let individual_asked = if team { None } else { asked.tiebreaks };
    let mut tiebreaks = player_tiebreaks(individual_asked, report, &mut left_out)?;
    let unrated = report.players.iter().filter(|p| p.rating.is_none()).count();
    if asked.unrated.is_none() && unrated > 0 {
        let before = tiebreaks.len();
        tiebreaks.retain(|t| !matches!(t, TieBreak::AverageRating { .. }));
        if tiebreaks.len() < before {
            notes.push(format!(
                "ARO left out: {unrated} player(s) have no rating and the event's rules do not say \
                 how to rate them (C.07 art. 10); give --unrated-rating N to count them at N"
            ));
        }
    }
    let (match_points, bye, team_sources) = team_values(asked, report, rules);
    let order = if team {
        team_order(asked.tiebreaks, report, &mut left_out)?
    } else {
        TeamOrder::default()
    };
    Ok(Rankings {
        players: Ranking {
            tiebreaks,
            scoring: Scoring {
                system,
                rules,
                unrated: asked.unrated,
            },
        },
        teams: TeamRanking {
            match_points,
            bye,
            order,
            rules,
        },
        notes,
        left_out,
        team_sources,
    })
}

/// Team options on an event without teams would be silently ignored.
fn refuse_team_options(asked: &Asked<'_>) -> Result<(), Failure> {
    let given = [
        (asked.match_points.is_some(), "--match-points"),
        (asked.team_bye.is_some(), "--team-bye"),
    ];
    match given.into_iter().find(|(given, _)| *given) {
        Some((_, option)) => Err(Failure::Usage(format!(
            "{option} scores a team competition's matches, and this report has no teams (no \
             `013` or `310` line): leave it out"
        ))),
        None => Ok(()),
    }
}

fn abnormal_note(abnormal: &[usize]) -> Option<String> {
    abnormal.first().map(|first| {
        format!(
            "{} abnormal point assignment(s) (`299`, from line {first}) are not applied: the \
             standings here leave them out",
            abnormal.len()
        )
    })
}

/// A match's worth and a bye's: asked, else the report's `362` and `320`
/// lines, else 2-1-0 and C.04.6's drawn match.
fn team_values(
    asked: &Asked<'_>,
    report: &Trf,
    rules: TieBreakRules,
) -> (MatchPoints, ByeValue, TeamSources) {
    let records = &report.team_records;
    let declared = records
        .match_points
        .map(|[win, draw, loss]| MatchPoints { win, draw, loss });
    let (match_points, mp_from) = match (asked.match_points, declared) {
        (Some(m), _) => (m, "--match-points"),
        (None, Some(m)) => (m, "the report's 362 line"),
        (None, None) => (MatchPoints::default(), "the default"),
    };
    let (bye, bye_said) = team_bye(asked, report, match_points, rules);
    let sources = TeamSources {
        match_points: format!("{match_points} ({mp_from})"),
        bye: bye_said,
    };
    (match_points, bye, sources)
}

/// What a team's pairing-allocated bye gives, and whence: asked, else the
/// report's `320` line, else what its `310` totals count, else C.04.6.
fn team_bye(
    asked: &Asked<'_>,
    report: &Trf,
    match_points: MatchPoints,
    rules: TieBreakRules,
) -> (ByeValue, String) {
    let declared = report
        .team_records
        .bye_value
        .map(|[mp, gp]| TeamPoints { mp, gp });
    match (asked.team_bye, declared) {
        (Some(b), _) => (ByeValue::Given(b), format!("{b} (--team-bye)")),
        (None, Some(b)) => (ByeValue::Given(b), format!("{b} (the report's 320 line)")),
        (None, None) if report.teams.is_empty() => (ByeValue::Drawn, String::new()),
        (None, None) => match bye_the_totals_count(report, match_points, rules) {
            ByeValue::Members => (
                ByeValue::Members,
                "its members' points (their `U` cells), as the report's `310` totals count it"
                    .into(),
            ),
            _ => (
                ByeValue::Drawn,
                "a drawn match with half the boards' points (C.04.6)".into(),
            ),
        },
    }
}

/// The points of each result: `--score-system`, else the report's own
/// lines, else 1, ½, 0; said unless the default.
fn score_system(asked: &Asked<'_>, report: &Trf, notes: &mut Vec<String>) -> ScoreSystem {
    let (system, from) = match (asked.score_system, report.score_system) {
        (Some(system), _) => (system, "--score-system"),
        (None, Some((system, from))) => (system, from),
        (None, None) => return ScoreSystem::default(),
    };
    if system != ScoreSystem::default() {
        notes.push(format!("the players' points: {system} ({from})"));
    }
    system
}

fn rules_note(asked: Option<TieBreakRules>, rules: TieBreakRules, start: &str) -> String {
    let older = if TieBreakRules::predates(start) {
        "; the texts before it are not computed"
    } else {
        ""
    };
    let start = without_controls(start.trim());
    match (asked, start.as_ref()) {
        (Some(_), _) => format!("tie-breaks: {rules} (--tiebreak-rules)"),
        (None, "") => format!("tie-breaks: {rules} (the report gives no start date)"),
        (None, start) if !TieBreakRules::readable(start) => format!(
            "tie-breaks: {rules} (the report's start, `{start}`, is no date this tool reads; \
             --tiebreak-rules chooses)"
        ),
        (None, start) => format!("tie-breaks: {rules} (the event began {start}{older})"),
    }
}

/// `asked`, else the report's `202` line (the codes this tool does not
/// compute left out, and said), else BH/C1, BH, SB.
fn player_tiebreaks(
    asked: Option<&[String]>,
    report: &Trf,
    notes: &mut Vec<String>,
) -> Result<Vec<TieBreak>, Failure> {
    if let Some(list) = asked {
        return list
            .iter()
            .map(|code| code.parse().map_err(Failure::Usage))
            .collect();
    }
    if report.tiebreaks.is_empty() || !report.teams.is_empty() {
        return Ok(["BH/C1", "BH", "SB"]
            .map(|c| c.parse().expect("known"))
            .to_vec());
    }
    Ok(known(&report.tiebreaks, "202", notes))
}

/// The codes of a report's line this tool computes; the others said.
fn known<T: std::str::FromStr<Err = String>>(
    codes: &[String],
    line: &str,
    notes: &mut Vec<String>,
) -> Vec<T> {
    let mut chosen = Vec::new();
    for code in codes {
        match code.parse::<T>() {
            Ok(t) => chosen.push(t),
            Err(why) => notes.push(format!(
                "the report's {line} line: {}; left out",
                without_controls(&why)
            )),
        }
    }
    chosen
}

/// `asked`, else the report's `212` line (the whole order), else its
/// `202` line, else MP, GP, EGGSB, BH:MP; a leading MP or GP is the
/// primary score.
fn team_order(
    asked: Option<&[String]>,
    report: &Trf,
    notes: &mut Vec<String>,
) -> Result<TeamOrder, Failure> {
    let mut list: Vec<TeamTieBreak> = match asked {
        Some(list) => list
            .iter()
            .map(|code| code.parse().map_err(Failure::Usage))
            .collect::<Result<_, _>>()?,
        None if !report.order.is_empty() => known(&report.order, "212", notes),
        None if !report.tiebreaks.is_empty() => known(&report.tiebreaks, "202", notes),
        None => return Ok(TeamOrder::default()),
    };
    let primary = match list.first() {
        Some(&TeamTieBreak::Points(score)) => {
            list.remove(0);
            score
        }
        _ => Score::Match,
    };
    Ok(TeamOrder {
        primary,
        tiebreaks: list,
    })
}
