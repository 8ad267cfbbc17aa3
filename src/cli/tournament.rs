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
use crate::cli::settings::{Config, Door};
use crate::read::input::{Inputs, Source, sources};
use crate::report::file::{Compression, ReportFormat};
use crate::report::output::PlayedGames;
use crate::report::rows::without_controls;
use crate::report::set::{ReportSet, Wanted};
use crate::report::tournament::{Tournament, write};
use crate::report::tournament_page::write_page;
use crate::tournament;
use crate::tournament::matching::PlayedGame;
use crate::tournament::phrase::summary;
use crate::tournament::ranking::rankings;
use crate::tournament::rating::RatingInputs;
use crate::tournament::trf::Trf;

mod args;

pub use args::Args;

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
    args.check_k()?;
    let report = read_report(&args.report)?;
    let rating_list = args.rating_list(&report)?;
    let rankings = rankings(&args.asked(), &report).map_err(|e| Failure::Usage(e.to_string()))?;
    for left_out in &rankings.left_out {
        say!("pgn-arbiter: note: {left_out}");
    }
    let inputs = games(&args.games)?;
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
    let rating = RatingInputs {
        k: args.k,
        list: rating_list.as_ref(),
    };
    let checked = tournament::check::check(&report, &games, &rankings, rating)
        .map_err(|e| Failure::Io(io::Error::other(e.to_string())))?;
    let t = Tournament {
        trf: &report,
        games: &games,
        consequences: &checked.consequences,
        ranking: &rankings.players,
        teams: &rankings.teams,
        corrected: &checked.corrected,
        team_outcome: checked.team_outcome.as_ref(),
    };
    write(set.report_dir(), &t).map_err(|e| {
        let dir = args.output.display();
        io::Error::new(
            e.kind(),
            format!("writing the reports of {dir} failed: {e}"),
        )
    })?;
    let said = escaped(&summary(&report, &games, &checked, &rankings, &args.output));
    if let (Some(staged), Some(html_at)) = (set.html(), &args.html) {
        write_page(staged, html_at, &args.output, (&t, &said), &names)?;
    }
    set.commit()?;
    Ok(said)
}

/// The games files, each found, or the first that is not.
fn games(paths: &[PathBuf]) -> Result<Vec<Source>, Failure> {
    let Inputs {
        sources, errors, ..
    } = sources(paths);
    match errors.first() {
        Some(error) => Err(Failure::Io(io::Error::other(error.clone()))),
        None => Ok(sources),
    }
}

/// The summary with the control characters of the files' names and dates
/// escaped, line by line: the terminal is not driven.
fn escaped(said: &str) -> String {
    let lines: Vec<String> = said
        .lines()
        .map(|l| without_controls(l).into_owned())
        .collect();
    lines.join("\n")
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
