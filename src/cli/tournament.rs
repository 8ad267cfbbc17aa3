//! `pgn-arbiter tournament`: a tournament's report (TRF) checked against
//! its games, and what the audit's corrections change in the standings,
//! the tie-breaks and the rating changes.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use crate::cli::audit::progress_bar;
use crate::cli::failure::Failure;
use crate::cli::laws_option::LawsOption;
use crate::laws::{Judging, regime_name};
use crate::read::input::{Inputs, Source, sources};
use crate::read::split::MAX_GAME_BYTES;
use crate::report::file::Compression;
use crate::report::html::{page_name, page_stems, relative};
use crate::report::output::{AnyOutput, CsvReports, CsvRows, HtmlReport, PlayedGames};
use crate::report::set::resolve;
use crate::report::summary::{InputSummary, RunOptions, RunSummary};
use crate::report::tournament::{Tournament, write};
use crate::report::tournament_page::render;
use crate::run::pipeline::{self, Options};
use crate::tournament::consequences::{PairingStatus, consequences};
use crate::tournament::matching::PlayedGame;
use crate::tournament::tiebreak::TieBreak;
use crate::tournament::trf::Trf;

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
    /// The tie-breaks, in order (C.07 codes: BH, BH/C1, SB, SB/C1, ARO,
    /// ARO/C1, WIN, PS, PS/C1, DE). Default: the report's own `202` line,
    /// else BH/C1,BH,SB.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub tiebreaks: Option<Vec<String>>,
    #[command(flatten)]
    pub laws: LawsOption,
    /// Also write an HTML report to DIR: tournament.html (the pairings to
    /// look at, the crosstable with the changed cells linked to their
    /// games, standings and rating changes before and after) beside the
    /// audit's index.html and a page for each game to look at.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    match tournament(args) {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(failure) => failure.report(),
    }
}

fn tournament(args: &Args) -> Result<String, Failure> {
    let report = read_report(&args.report)?;
    let tiebreaks = tiebreaks(args, &report)?;
    let (games, names) = audit(args)?;
    let consequences = consequences(&report, &games, &tiebreaks, args.k);
    let t = Tournament {
        trf: &report,
        games: &games,
        consequences: &consequences,
        tiebreaks: &tiebreaks,
        k: args.k,
    };
    write(&args.output, &t)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.output.display())))?;
    let said = summary(&t, &args.output);
    if let Some(dir) = &args.html {
        write_page(dir, &args.output, &t, &said, &names)?;
    }
    Ok(said)
}

/// `tournament.html` in the HTML report's folder, its changed cells linked
/// to the pages the audit's HTML output wrote for the games.
fn write_page(
    dir: &Path,
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
    let reports = relative(&resolve(dir), &resolve(reports));
    let reports = reports.to_string_lossy().replace('\\', "/");
    let html = render(t, said, &reports, &link);
    let path = dir.join("tournament.html");
    std::fs::write(&path, html)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

fn read_report(path: &Path) -> Result<Trf, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Trf::read(&bytes).map_err(|e| {
        Failure::Usage(format!(
            "{}: {e} (a TRF's 001 lines hold fixed columns: see FIDE's TRF format)",
            path.display()
        ))
    })
}

/// `--tiebreaks`, else the report's `202` line (its codes this tool does
/// not compute are left out, and said), else BH/C1, BH, SB.
fn tiebreaks(args: &Args, report: &Trf) -> Result<Vec<TieBreak>, Failure> {
    if let Some(list) = &args.tiebreaks {
        return list
            .iter()
            .map(|code| code.parse().map_err(Failure::Usage))
            .collect();
    }
    if report.tiebreaks.is_empty() {
        return Ok(["BH/C1", "BH", "SB"]
            .map(|c| c.parse().expect("known"))
            .to_vec());
    }
    let mut chosen = Vec::new();
    for code in &report.tiebreaks {
        match code.parse() {
            Ok(t) => chosen.push(t),
            Err(why) => eprintln!("pgn-arbiter: note: the report's 202 line: {why}; left out"),
        }
    }
    Ok(chosen)
}

/// Audits the games; returns what the tournament needs of each, and the
/// inputs' names.
fn audit(args: &Args) -> Result<(Vec<PlayedGame>, Vec<String>), Failure> {
    let Inputs {
        sources: inputs,
        errors,
        ..
    } = sources(&args.games);
    if let Some(error) = errors.first() {
        return Err(Failure::Usage(error.clone()));
    }
    let (laws, supervised) = args.laws.chosen();
    let options = Options {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        block_size: pipeline::BLOCK_SIZE,
        max_game_bytes: MAX_GAME_BYTES,
        rules: Judging {
            laws,
            supervised,
            ..Judging::default()
        },
        events: None,
        shard: None,
        large_game: Arc::default(),
    };
    std::fs::create_dir_all(&args.output)?;
    let rows = CsvRows {
        flagged_only: false,
        raw: false,
    };
    let (played, games) = PlayedGames::new();
    let mut outputs: Vec<Box<dyn AnyOutput>> = vec![
        Box::new(CsvReports::create(&args.output, Compression::None, rows)?),
        Box::new(played),
    ];
    let names: Vec<String> = inputs.iter().map(Source::name).collect();
    if let Some(dir) = &args.html {
        let document = RunSummary::new(run_options(args), input_summaries(&inputs));
        let html = HtmlReport::create(dir, document, dir, &args.output, Compression::None, &names)?;
        outputs.push(Box::new(html.with_every_game()));
    }
    let progress = progress_bar(&inputs);
    let summary = pipeline::run(&inputs, &options, &progress, &mut outputs)?;
    progress.finish_and_clear();
    for problem in &summary.source_errors {
        eprintln!("pgn-arbiter: {problem}");
    }
    for output in outputs {
        output.finish(&summary)?;
    }
    Ok((taken(games), names))
}

/// The inputs as the HTML index lists them.
fn input_summaries(inputs: &[Source]) -> Vec<InputSummary> {
    inputs
        .iter()
        .map(|source| InputSummary {
            source: source.name(),
            path: match source {
                Source::File(p) => Some(resolve(p).display().to_string()),
                Source::Stdin => None,
            },
            bytes: source.size(),
            games: 0,
            shard: None,
            range: None,
            fingerprint: None,
        })
        .collect()
}

/// The options as the HTML index says them.
fn run_options(args: &Args) -> RunOptions {
    let (laws, supervised) = args.laws.chosen();
    RunOptions {
        regime: regime_name(supervised).into(),
        laws: laws.to_string(),
        proof: "full".into(),
        rows: "all".into(),
        only_rapid: false,
        clock_tolerance: None,
        max_game_bytes: MAX_GAME_BYTES,
        syzygy: false,
        syzygy_tables: Vec::new(),
        raw: false,
        events: None,
    }
}

fn taken(games: Arc<Mutex<Vec<PlayedGame>>>) -> Vec<PlayedGame> {
    let mut games = games.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut *games)
}

/// What the terminal says: the pairings by status, what changed.
fn summary(t: &Tournament<'_>, dir: &Path) -> String {
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
    format!(
        "{} games, {} pairings checked: {statuses}\n{} result(s) applied; {moved} player(s) change \
         rank; reports in {}",
        t.games.len(),
        c.checked.len(),
        c.applied.len(),
        dir.display()
    )
}
