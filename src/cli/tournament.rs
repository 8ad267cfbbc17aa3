//! `pgn-arbiter tournament`: a tournament's report (TRF) checked against
//! its games, and what the audit's corrections change in the standings,
//! the tie-breaks and the rating changes.

use std::io;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use crate::cli::doors::progress_bar;
use crate::cli::failure::Failure;
pub use crate::cli::judging_options::JudgingOptions;
pub use crate::cli::laws_option::LawsOption;
use crate::cli::outputs::{Html, Plan};
use crate::cli::ranking::{Asked, Rankings, TeamSources, rankings};
use crate::cli::settings::{Config, Door};
use crate::read::input::{Inputs, Source, sources};
use crate::report::file::{Compression, ReportFormat};
use crate::report::html::{page_name, page_stems, relative};
use crate::report::output::PlayedGames;
use crate::report::rows::without_controls;
use crate::report::set::{ReportSet, Wanted, resolve};
use crate::report::tournament::{Tournament, write};
use crate::report::tournament_page::render;
use crate::tournament::consequences::{Consequences, PairingStatus, consequences, corrections};
use crate::tournament::matching::PlayedGame;
use crate::tournament::rules::TieBreakRules;
use crate::tournament::team_standings::{Disagreement, TeamOutcome, TeamRanking, disagreements};
use crate::tournament::team_table::TeamPoints;
use crate::tournament::teams::MatchPoints;
use crate::tournament::trf::ScoreSystem;
use crate::tournament::trf::{Trf, members};

/// Check a tournament's reported results against its games.
///
/// Audits the games, matches each to a pairing of the report (by round and
/// by FIDE ids or names), and writes DIR/pairings.csv (each pairing: the
/// report's result, the PGN's, the correct one, and a status), DIR/
/// standings.csv (points, ranks and tie-breaks before and after the proven
/// corrections), DIR/ratings.csv (each rated player's rating change before
/// and after), DIR/corrected.trf (the report with the corrections, else
/// unchanged byte for byte) and the audit's verdicts.csv and incidents.csv.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  pgn-arbiter tournament open.trf round-*.pgn -o open-check")]
pub struct Args {
    /// The tournament report file (TRF16 or TRF-2026).
    pub report: PathBuf,
    /// The games: PGN files or directories.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Directory for the reports (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = "tournament-report")]
    pub output: PathBuf,
    /// The development coefficient K of every rated player (the report
    /// file does not say each player's).
    #[arg(long, value_name = "N", default_value_t = 20.0)]
    pub k: f64,
    /// The tie-breaks, in order, by their C.07 codes: for players BH, SB
    /// (with /C1, /C2, /M1, /M2), ARO, ARO/C1, WIN, PS, PS/C1, DE; in a
    /// team competition the teams' (MP or GP first, then BH:MP, EGGSB,
    /// EDE, SSSC …: docs/tournament.md). Default: the report's own `212`
    /// or `202` line, else BH/C1,BH,SB for players and MP,GP,EGGSB,BH:MP
    /// for teams.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub tiebreaks: Option<Vec<String>>,
    /// The text of FIDE's tie-break rules (C.07) to follow: 2024 (in force
    /// from August 2024) or 2026 (from March 2026, which caps the score of
    /// the dummy an unplayed round is counted against). Default: the one in
    /// force on the event's first day (the report's `042` line).
    #[arg(long, value_name = "YEAR")]
    pub tiebreak_rules: Option<TieBreakRules>,
    /// The rating an unrated opponent counts as in ARO, as the event's
    /// rules may set; without it ARO is left out when a player is unrated
    /// (C.07 art. 10).
    #[arg(long, value_name = "N")]
    pub unrated_rating: Option<u32>,
    /// What each result gives a player, as JaVaFo's `XXS` line writes it:
    /// `W=3,D=1` (a win 3, a draw 1), or every key (`WW BW WD BD WL BL ZPB
    /// HPB FPB PAB FW FL`). Default: the report's `XXS`, `BBW`… or `162`
    /// lines, else 1, ½, 0.
    #[arg(long, value_name = "KEY=POINTS,...")]
    pub score_system: Option<ScoreSystem>,
    /// A team competition's match points for a match won, drawn and lost.
    /// Default: the report's `362` line, else 2,1,0.
    #[arg(long, value_name = "W,D,L")]
    pub match_points: Option<MatchPoints>,
    /// What a team's pairing-allocated bye gives, in match and game points
    /// (`1,3`). Default: the report's `320` line, else a drawn match with
    /// half the boards' points (C.04.6).
    #[arg(long, value_name = "MP,GP")]
    pub team_bye: Option<TeamPoints>,
    /// How the games are judged, as `audit` takes it.
    #[command(flatten)]
    pub judging: JudgingOptions,
    /// Also write an HTML report to DIR: tournament.html (the pairings to
    /// look at, the crosstable with the changed cells linked to their
    /// games, standings and rating changes before and after) beside the
    /// audit's index.html and a page for each game to look at.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
}

impl Args {
    fn asked(&self) -> Asked<'_> {
        Asked {
            tiebreaks: self.tiebreaks.as_deref(),
            rules: self.tiebreak_rules,
            unrated: self.unrated_rating,
            score_system: self.score_system,
            match_points: self.match_points,
            team_bye: self.team_bye,
        }
    }
}

/// The most `--k` may be: FIDE's coefficients are 10, 20 and 40.
const MAX_K: f64 = 100.0;

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    match check(args) {
        Ok(said) => {
            // A closed or full standard output must not undo the written
            // reports' exit code.
            let _ = writeln!(std::io::stdout(), "{said}");
            ExitCode::SUCCESS
        }
        Err(failure) => failure.report(),
    }
}

/// Checks the tournament and writes its reports; returns what the
/// terminal says. Everything that can fail on the user's input is checked
/// before any output is written; every file of the set (the audit's, the
/// tournament's, the HTML) is written aside and put in place together.
pub fn check(args: &Args) -> Result<String, Failure> {
    check_k(args.k)?;
    let report = read_report(&args.report)?;
    let rankings = rankings(&args.asked(), &report)?;
    for left_out in &rankings.left_out {
        say!("pgn-arbiter: note: {left_out}");
    }
    let Inputs {
        sources: inputs,
        errors,
        ..
    } = sources(&args.games);
    if let Some(error) = errors.first() {
        return Err(Failure::Io(io::Error::other(error.clone())));
    }
    let door = Door {
        report_control: report.control().map(Arc::new),
        ..Door::default()
    };
    let config = args.judging.settings().resolve_for(door)?;
    let mut read = inputs.clone();
    read.push(Source::File(args.report.clone()));
    let wanted = Wanted {
        report_dir: &args.output,
        fixed_pgn: None,
        html: args.html.as_deref(),
        tournament: true,
    };
    let set = ReportSet::stage(wanted, &read)?;
    let (games, names) = audit(args, config, &set, &inputs)?;
    let consequences = consequences(&report, &games, &rankings.players, args.k);
    let (corrected, team_outcome) = corrected(&report, &consequences, &rankings.teams)?;
    let t = Tournament {
        trf: &report,
        games: &games,
        consequences: &consequences,
        ranking: &rankings.players,
        k: args.k,
        teams: &rankings.teams,
        corrected: &corrected,
        team_outcome: team_outcome.as_ref(),
    };
    write(set.report_dir(), &t).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "writing the reports of {} failed: {e}",
                args.output.display()
            ),
        )
    })?;
    let said = summary(&t, &rankings, &args.output);
    if let (Some(staged), Some(html_at)) = (set.html(), &args.html) {
        write_page(staged, html_at, &args.output, &t, &said, &names)?;
    }
    set.commit()?;
    Ok(said)
}

fn check_k(k: f64) -> Result<(), Failure> {
    if k > 0.0 && k <= MAX_K {
        return Ok(());
    }
    Err(Failure::Usage(format!(
        "--k {k}: give the development coefficient, a number above 0 and at most {MAX_K} \
         (FIDE's are 10, 20 and 40)"
    )))
}

/// The corrected report, and in a team competition what it changes; the
/// `310` lines' totals follow the corrected matches.
fn corrected(
    report: &Trf,
    consequences: &Consequences,
    teams: &TeamRanking,
) -> Result<(Vec<u8>, Option<TeamOutcome>), Failure> {
    let mut edits = corrections(report, consequences);
    let mut corrected = report.write_back(&edits);
    let outcome = team_outcome(report, &corrected, teams)?;
    if let Some(outcome) = &outcome {
        edits.extend(outcome.team_totals(report));
        corrected = report.write_back(&edits);
    }
    Ok((corrected, outcome))
}

/// A team competition's standings and matches before and after; the
/// corrected report is read back as the report was.
fn team_outcome(
    report: &Trf,
    corrected: &[u8],
    ranking: &TeamRanking,
) -> Result<Option<TeamOutcome>, Failure> {
    if report.teams.is_empty() {
        return Ok(None);
    }
    let after = Trf::read(corrected).map_err(|e| {
        Failure::Io(io::Error::other(format!(
            "the corrected report could not be read back ({e}); nothing was written"
        )))
    })?;
    Ok(Some(ranking.outcome(report, &after)))
}

/// `tournament.html` in the HTML report's folder (written into `staged`,
/// to stand at `html_at`), its changed cells linked to the pages the
/// audit's HTML output wrote for the games.
fn write_page(
    staged: &Path,
    html_at: &Path,
    reports: &Path,
    t: &Tournament<'_>,
    said: &str,
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

/// The report, read whole and checked; one it cannot read rightly is an
/// input that could not be read (exit 1), named with its line and columns.
fn read_report(path: &Path) -> Result<Trf, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Trf::read(&bytes).map_err(|e| {
        Failure::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}; nothing was written", path.display()),
        ))
    })
}

/// Audits the games into the staged report set; returns what the
/// tournament needs of each, and the inputs' names. A games file that
/// could not be read to the end fails the run: no result is applied from
/// games that may be missing.
fn audit(
    args: &Args,
    config: Config,
    set: &ReportSet,
    inputs: &[Source],
) -> Result<(Vec<PlayedGame>, Vec<String>), Failure> {
    let plan = Plan {
        files: Some((ReportFormat::Csv, Compression::None)),
        summary_json: false,
        html: args.html.as_deref().map(|at| Html {
            at,
            report_dir: &args.output,
            every_game: true,
        }),
    };
    let (played, games) = PlayedGames::new();
    let mut outputs = plan.build(&config, Some(set), inputs, vec![Box::new(played)])?;
    let names: Vec<String> = inputs.iter().map(Source::name).collect();
    let progress = progress_bar(inputs);
    let summary = config.run(inputs, &progress, &mut outputs)?;
    progress.finish_and_clear();
    if !summary.source_errors.is_empty() {
        return Err(unreadable_games(&summary.source_errors, &args.output));
    }
    for output in outputs {
        output.finish(&summary)?;
    }
    Ok((taken(games), names))
}

/// A games file that could not be read: said, and nothing written.
fn unreadable_games(problems: &[String], dir: &Path) -> Failure {
    for problem in problems {
        say!("pgn-arbiter: {problem}");
    }
    Failure::Io(io::Error::other(format!(
        "the games could not all be read, so no result is applied from them: nothing was \
         written ({} keeps what it held); mend or leave out the damaged file and run again",
        dir.display()
    )))
}

fn taken(games: Arc<Mutex<Vec<PlayedGame>>>) -> Vec<PlayedGame> {
    let mut games = games.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut *games)
}

/// What the terminal says: the pairings by status, what changed, and why
/// the games may not be this report's.
fn summary(t: &Tournament<'_>, rankings: &Rankings, dir: &Path) -> String {
    let (notes, team_sources) = (&rankings.notes, &rankings.team_sources);
    let c = t.consequences;
    let count = |s: PairingStatus| c.checked.iter().filter(|r| r.status == s).count();
    let statuses = [
        PairingStatus::Agree,
        PairingStatus::Corrected,
        PairingStatus::Mismatch,
        PairingStatus::MissingGame,
        PairingStatus::NoPairing,
        PairingStatus::Review,
    ]
    .iter()
    .map(|&s| format!("{} {}", s.as_str(), count(s)))
    .collect::<Vec<_>>()
    .join(", ");
    let moved = c
        .before
        .iter()
        .zip(&c.after)
        .filter(|(b, a)| b.rank != a.rank)
        .count();
    let mut lines = vec![format!(
        "{} games, {} pairings checked: {statuses}",
        t.games.len(),
        c.checked.len(),
    )];
    lines.extend(matching_notes(t, count(PairingStatus::NoPairing)));
    lines.extend(team_note(t.trf, t.teams, team_sources));
    lines.extend(declared_notes(t));
    lines.push(format!(
        "{} result(s) applied; {moved} player(s) change rank; reports in {}",
        c.applied.len(),
        dir.display()
    ));
    lines.extend(notes.iter().cloned());
    lines.join("\n")
}

/// A team competition is said to be one, with how its teams are ranked.
fn team_note(trf: &Trf, teams: &TeamRanking, said: &TeamSources) -> Option<String> {
    if trf.teams.is_empty() {
        return None;
    }
    let order: Vec<String> = std::iter::once(teams.order.primary.code().to_string())
        .chain(teams.order.tiebreaks.iter().map(|t| t.to_string()))
        .collect();
    let records = if trf.teams[0].declared.is_some() {
        "`310`"
    } else {
        "`013`"
    };
    Some(format!(
        "a team competition: {} teams of {} players ({records} lines): team-standings.csv ranks \
         the teams by {}, a match worth {}, a team's bye {}; standings.csv ranks the players one \
         by one",
        trf.teams.len(),
        members(&trf.teams),
        order.join(", "),
        said.match_points,
        said.bye,
    ))
}

/// The teams whose `310` line declares other points or rank than their
/// matches give (before the corrections), the first five by name.
fn declared_notes(t: &Tournament<'_>) -> Option<String> {
    let differ = disagreements(t.trf, &t.team_outcome?.before);
    if differ.is_empty() {
        return None;
    }
    let opt = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
    let one = |d: &Disagreement| {
        let (s, rank) = (&d.computed.score, d.computed.rank);
        format!(
            "team {} declares {} MP, {} GP, rank {}; its matches give {:.1} MP, {:.1} GP, rank {rank}",
            d.team,
            opt(d.declared.match_points),
            opt(d.declared.game_points),
            d.declared.rank.map_or("-".to_string(), |r| r.to_string()),
            s.match_points,
            s.game_points,
        )
    };
    let shown: Vec<String> = differ.iter().take(5).map(one).collect();
    let more = differ.len().saturating_sub(5);
    Some(format!(
        "{} team line(s) (`310`) disagree with the matches: {}{}",
        differ.len(),
        shown.join("; "),
        if more > 0 {
            format!("; and {more} more")
        } else {
            String::new()
        }
    ))
}

/// What the terminal says when games match no pairing, and when their
/// `Event` is not the report's name.
fn matching_notes(t: &Tournament<'_>, unmatched: usize) -> Vec<String> {
    let mut notes = Vec::new();
    let games = t.games.len();
    if games > 0 && unmatched == games {
        notes.push(format!(
            "no game matched a pairing of the report: are these the games of {}? (see \
             pairings.csv for each game's reason)",
            quoted(&t.trf.event)
        ));
    } else if unmatched > 0 {
        notes.push(format!(
            "{unmatched} game(s) match no pairing (see pairings.csv, status no-pairing)"
        ));
    }
    let name = fold(&t.trf.event);
    let mut other: Vec<&str> = t
        .games
        .iter()
        .filter_map(|g| g.event.as_deref())
        .filter(|e| !name.is_empty() && !e.trim().is_empty() && fold(e) != name)
        .collect();
    let differing = other.len();
    other.sort_unstable();
    other.dedup();
    if let Some(first) = other.first() {
        let more = match other.len() {
            1 => String::new(),
            n => format!(" and {} other name(s)", n - 1),
        };
        notes.push(format!(
            "{differing} game(s) name another event than the report's {}: {}{more}",
            quoted(&t.trf.event),
            quoted(first)
        ));
    }
    notes
}

/// A name from a file, quoted, its control characters shown, cut short
/// past 60 characters.
fn quoted(text: &str) -> String {
    let text = text.trim();
    let cut: String = text.chars().take(60).collect();
    let more = if cut.len() < text.len() { "…" } else { "" };
    format!("\u{201c}{}{more}\u{201d}", without_controls(&cut))
}

/// An event's name for comparison: its letters and digits, lower-case.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
