//! How a tournament is ranked: the individual tie-breaks and the team
//! ones, the text of C.07 they follow, an unrated player's rating and a
//! team bye's value, each as asked, else from the report, else the
//! defaults; and, as values, where each choice came from
//! ([`RankingNote`], worded in [`super::phrase`]).

use super::crosstable::Scoring;
use super::event_kind::told;
use super::rules::TieBreakRules;
use super::standings::Ranking;
use super::team_standings::{TeamOrder, TeamRanking, bye_the_totals_count};
use super::team_table::{ByeValue, Score, TeamPoints};
use super::team_tiebreak::TeamTieBreak;
use super::teams::MatchPoints;
use super::tiebreak::TieBreak;
use super::trf::{MAX_TIEBREAKS, ScoreLine, ScoreSystem, Trf};
use crate::tournament::value_error::ValueError;

/// What the command line (or a program) asked for.
#[derive(Debug, Clone, Default)]
pub struct Asked<'a> {
    pub tiebreaks: Option<&'a [String]>,
    pub rules: Option<TieBreakRules>,
    pub unrated: Option<u32>,
    pub score_system: Option<ScoreSystem>,
    pub match_points: Option<MatchPoints>,
    pub team_bye: Option<TeamPoints>,
}

/// A ranking that cannot be made as asked.
#[derive(Debug, Clone, PartialEq)]
pub enum RankingError {
    /// More tie-breaks than a report line holds.
    TooManyTieBreaks,
    /// A team option (`--match-points`, `--team-bye`) on a report without
    /// teams.
    NoTeams(TeamOption),
    /// A tie-break code this tool does not compute.
    TieBreak(ValueError),
}

/// The options that score a team competition's matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamOption {
    MatchPoints,
    TeamBye,
}

/// Where a value the ranking follows came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The option asked for it.
    Asked,
    /// The report's line with this record's code (`362`, `320`).
    Report(&'static str),
    /// What the report's `310` totals count: a team's bye as its members'
    /// points.
    TotalsCount,
    /// Nothing gave it.
    Default,
}

/// How the text of C.07 was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesChosen {
    Asked,
    /// The report gives no start date.
    NoStart,
    /// The report's start is no date this tool reads.
    Unreadable(String),
    /// The event began on this day; `older`: before any text computed.
    Began {
        start: String,
        older: bool,
    },
}

/// Why the ranking is as it is, for the summary.
#[derive(Debug, Clone, PartialEq)]
pub enum RankingNote {
    Rules {
        rules: TieBreakRules,
        chosen: RulesChosen,
    },
    /// The players' points are not 1, ½, 0.
    Points {
        system: ScoreSystem,
        from: Option<ScoreLine>,
    },
    /// `299` records, not applied.
    Abnormal { count: usize, first_line: usize },
    /// ARO left out: players without a rating and no rule for them.
    AroLeftOut { unrated: usize },
    /// The report's `092` line (as written; empty where absent) names no
    /// kind of event: round robin where everyone met everyone once.
    KindFromPairings { written: String },
}

/// A code of the report's `202` or `212` line this tool does not compute.
#[derive(Debug, Clone, PartialEq)]
pub struct LeftOut {
    pub line: &'static str,
    /// Why the code is left out.
    pub why: ValueError,
}

/// Where a team competition's match points and bye value came from.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamSources {
    pub match_points: (MatchPoints, Source),
    pub bye: (ByeValue, Source),
}

/// The rankings resolved, and the notes that say where each came from.
#[derive(Debug, Clone)]
pub struct Rankings {
    pub players: Ranking,
    pub teams: TeamRanking,
    pub notes: Vec<RankingNote>,
    /// The report's codes left out, for the error stream.
    pub left_out: Vec<LeftOut>,
    pub team_sources: TeamSources,
}

/// Resolves the rankings. In a team competition the tie-breaks asked for
/// and the report's `212`/`202` lines are the teams'; the players are
/// then ranked by BH/C1, BH, SB.
pub fn rankings(asked: &Asked<'_>, report: &Trf) -> Result<Rankings, RankingError> {
    if asked.tiebreaks.is_some_and(|l| l.len() > MAX_TIEBREAKS) {
        return Err(RankingError::TooManyTieBreaks);
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
    let abnormal = &report.team_records.abnormal;
    if let Some(&first_line) = abnormal.first() {
        notes.push(RankingNote::Abnormal {
            count: abnormal.len(),
            first_line,
        });
    }
    let mut left_out = Vec::new();
    let individual_asked = if team { None } else { asked.tiebreaks };
    let mut tiebreaks = player_tiebreaks(individual_asked, report, &mut left_out)?;
    aro_without_ratings(asked, report, &mut tiebreaks, &mut notes);
    let team_sources = team_values(asked, report, rules);
    let order = if team {
        team_order(asked.tiebreaks, report, &mut left_out)?
    } else {
        TeamOrder::default()
    };
    let kind = told(&report.kind);
    if kind.is_none() {
        notes.push(RankingNote::KindFromPairings {
            written: report.kind.clone(),
        });
    }
    let scoring = Scoring {
        system,
        rules,
        unrated: asked.unrated,
        kind,
    };
    Ok(Rankings {
        players: Ranking { tiebreaks, scoring },
        teams: TeamRanking {
            match_points: team_sources.match_points.0,
            bye: team_sources.bye.0,
            order,
            rules,
        },
        notes,
        left_out,
        team_sources,
    })
}

/// ARO is left out, and said, when players have no rating and nothing
/// says how to rate them (C.07 art. 10).
fn aro_without_ratings(
    asked: &Asked<'_>,
    report: &Trf,
    tiebreaks: &mut Vec<TieBreak>,
    notes: &mut Vec<RankingNote>,
) {
    let unrated = report.players.iter().filter(|p| p.rating.is_none()).count();
    if asked.unrated.is_some() || unrated == 0 {
        return;
    }
    let before = tiebreaks.len();
    tiebreaks.retain(|t| !matches!(t, TieBreak::AverageRating { .. }));
    if tiebreaks.len() < before {
        notes.push(RankingNote::AroLeftOut { unrated });
    }
}

/// Team options on an event without teams would be silently ignored.
fn refuse_team_options(asked: &Asked<'_>) -> Result<(), RankingError> {
    if asked.match_points.is_some() {
        return Err(RankingError::NoTeams(TeamOption::MatchPoints));
    }
    if asked.team_bye.is_some() {
        return Err(RankingError::NoTeams(TeamOption::TeamBye));
    }
    Ok(())
}

/// A match's worth and a bye's: asked, else the report's `362` and `320`
/// lines, else 2-1-0 and what the `310` totals count or C.04.6's drawn
/// match.
fn team_values(asked: &Asked<'_>, report: &Trf, rules: TieBreakRules) -> TeamSources {
    let declared = report
        .team_records
        .match_points
        .map(|[win, draw, loss]| MatchPoints { win, draw, loss });
    let match_points = match (asked.match_points, declared) {
        (Some(m), _) => (m, Source::Asked),
        (None, Some(m)) => (m, Source::Report("362")),
        (None, None) => (MatchPoints::default(), Source::Default),
    };
    let bye = team_bye(asked, report, match_points.0, rules);
    TeamSources { match_points, bye }
}

/// What a team's pairing-allocated bye gives, and whence.
fn team_bye(
    asked: &Asked<'_>,
    report: &Trf,
    match_points: MatchPoints,
    rules: TieBreakRules,
) -> (ByeValue, Source) {
    let declared = report
        .team_records
        .bye_value
        .map(|[mp, gp]| TeamPoints { mp, gp });
    match (asked.team_bye, declared) {
        (Some(b), _) => (ByeValue::Given(b), Source::Asked),
        (None, Some(b)) => (ByeValue::Given(b), Source::Report("320")),
        (None, None) if report.teams.is_empty() => (ByeValue::Drawn, Source::Default),
        (None, None) => match bye_the_totals_count(report, match_points, rules) {
            ByeValue::Drawn => (ByeValue::Drawn, Source::Default),
            members => (members, Source::TotalsCount),
        },
    }
}

/// The points of each result: asked, else the report's own lines, else 1,
/// ½, 0; noted unless the default.
fn score_system(asked: &Asked<'_>, report: &Trf, notes: &mut Vec<RankingNote>) -> ScoreSystem {
    let (system, from) = match (asked.score_system, report.score_system) {
        (Some(system), _) => (system, None),
        (None, Some((system, line))) => (system, Some(line)),
        (None, None) => return ScoreSystem::default(),
    };
    if system != ScoreSystem::default() {
        notes.push(RankingNote::Points { system, from });
    }
    system
}

fn rules_note(asked: Option<TieBreakRules>, rules: TieBreakRules, start: &str) -> RankingNote {
    let start = start.trim();
    let chosen = match asked {
        Some(_) => RulesChosen::Asked,
        None if start.is_empty() => RulesChosen::NoStart,
        None if !TieBreakRules::readable(start) => RulesChosen::Unreadable(start.into()),
        None => RulesChosen::Began {
            start: start.into(),
            older: TieBreakRules::predates(start),
        },
    };
    RankingNote::Rules { rules, chosen }
}

/// `asked`, else the report's `202` line (the codes this tool does not
/// compute left out, and said), else BH/C1, BH, SB.
fn player_tiebreaks(
    asked: Option<&[String]>,
    report: &Trf,
    left_out: &mut Vec<LeftOut>,
) -> Result<Vec<TieBreak>, RankingError> {
    if let Some(list) = asked {
        return list
            .iter()
            .map(|code| code.parse().map_err(RankingError::TieBreak))
            .collect();
    }
    if report.tiebreaks.is_empty() || !report.teams.is_empty() {
        return Ok(["BH/C1", "BH", "SB"]
            .map(|c| c.parse().expect("known"))
            .to_vec());
    }
    Ok(known(&report.tiebreaks, "202", left_out))
}

/// The codes of a report's line this tool computes; the others kept.
fn known<T: std::str::FromStr<Err = ValueError>>(
    codes: &[String],
    line: &'static str,
    left_out: &mut Vec<LeftOut>,
) -> Vec<T> {
    let mut chosen = Vec::new();
    for code in codes {
        match code.parse::<T>() {
            Ok(t) => chosen.push(t),
            Err(why) => left_out.push(LeftOut { line, why }),
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
    left_out: &mut Vec<LeftOut>,
) -> Result<TeamOrder, RankingError> {
    let mut list: Vec<TeamTieBreak> = match asked {
        Some(list) => list
            .iter()
            .map(|code| code.parse().map_err(RankingError::TieBreak))
            .collect::<Result<_, _>>()?,
        None if !report.order.is_empty() => known(&report.order, "212", left_out),
        None if !report.tiebreaks.is_empty() => known(&report.tiebreaks, "202", left_out),
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
