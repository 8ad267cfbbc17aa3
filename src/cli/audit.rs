//! The `audit` subcommand: PGN files in, `verdicts.csv` and `incidents.csv`
//! out, a summary on stderr.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::doors::{check_shardable, progress_bar};
use crate::cli::failure::Failure;
use crate::cli::judging_options::JudgingOptions;
use crate::cli::outputs::{Html, Plan};
use crate::cli::settings::Rows;
use crate::cli::settings::Settings;
use crate::read::input::{Inputs, Source, sources};
use crate::read::shard::Shard;
use crate::report::file::{Compression, ReportFormat};
use crate::report::set::{ReportSet, Wanted};
use crate::report::summary::Summary;
use crate::report::terminal;
use crate::run::pipeline;

/// Replay every game and decide its correct result.
///
/// Writes DIR/verdicts.csv (one row per game, in input order),
/// DIR/incidents.csv (one row per incident) and DIR/summary.json (the
/// counts, inputs and options of the run). A run that reads no game writes
/// nothing. Exit code 0 when every input was read, 1 when some input could
/// not be read (the rest is still audited) or none held a game, 2 for usage
/// errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  pgn-arbiter audit samples/\n  \
    zstdcat lichess_db_2021-10.pgn.zst | pgn-arbiter audit - -o oct2021\n  \
    pgn-arbiter audit games.pgn.gz --threads 2")]
pub struct Args {
    /// PGN files or directories (walked for *.pgn, *.pgn.gz, *.pgn.bz2,
    /// *.pgn.zst); `-` or nothing reads stdin. Compression is detected from
    /// the content.
    pub paths: Vec<PathBuf>,
    /// Directory for the reports (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = "arbiter-report")]
    pub output: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub judging: JudgingOptions,
    /// Write cells exactly as found; by default a cell a spreadsheet would
    /// run as a formula (starting with =, +, -, @, tab or CR) is prefixed
    /// with an apostrophe.
    #[arg(long)]
    pub raw: bool,
    /// Also write every game back to FILE, a `corrected` game with the
    /// correct result in its Result tag, the recorded one in a
    /// RecordedResult tag and a comment at the deciding move.
    #[arg(long, value_name = "FILE")]
    pub fixed_pgn: Option<PathBuf>,
    /// Also write a static HTML report to DIR: an index of every game that
    /// is not confirmed or has an incident, flagged games first, and a page
    /// with boards and a clock chart for each an appeal reads (corrected,
    /// review, error).
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Which games get an HTML page: `appeals` (corrected, review, error)
    /// or `all` (every game, each listed in the index).
    #[arg(
        long,
        value_name = "WHICH",
        default_value = "appeals",
        requires = "html"
    )]
    pub html_pages: HtmlPages,
    /// Audit only the games that start in the K-th of N equal byte ranges
    /// of the one input (an uncompressed file), numbered as in the whole
    /// file: the N reports merged (`pgn-arbiter merge`) are the whole one.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Which verdict rows to write: `all`, or `flagged` (those not
    /// `confirmed`; every incident is still written).
    #[arg(long, value_enum, default_value = "all")]
    pub rows: Rows,
    /// Write verdicts.csv.zst and incidents.csv.zst instead.
    #[arg(long, value_enum, default_value = "none")]
    pub compress: Compression,
    /// The reports' form: `csv`, or `parquet` (verdicts.parquet and
    /// incidents.parquet: typed columns, zstd-compressed, text as found).
    #[arg(long, value_enum, default_value = "csv")]
    pub format: ReportFormat,
    /// Bytes of PGN per work unit.
    #[arg(long, hide = true, default_value_t = pipeline::BLOCK_SIZE)]
    pub block_size: usize,
    /// Bytes of the ranges a large plain file is split in on the workers;
    /// 0 reads every file in one stream (default: ranges of 1 MiB for a
    /// file of 8 MiB or more on 4 threads or more).
    #[arg(long, hide = true, value_name = "N")]
    pub range_bytes: Option<usize>,
    /// Blocks handed to the workers and not yet written, at most (default:
    /// four a thread); for measuring what the bound costs in memory and time.
    #[arg(long, hide = true, value_name = "N")]
    pub blocks_in_flight: Option<usize>,
    /// Skip the dead-position check after every move (for measuring its cost).
    #[arg(long, hide = true)]
    pub no_dead_check: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    match audit(args) {
        Ok(summary) => {
            report_summary(&summary, &args.output);
            if summary.source_errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(failure) => failure.report(),
    }
}

impl Args {
    /// What the flags ask for, typed.
    pub(crate) fn settings(&self) -> Settings {
        Settings {
            threads: self.threads,
            shard: self.shard,
            rows: self.rows,
            raw: self.raw,
            block_size: self.block_size,
            range_bytes: self.range_bytes,
            blocks_in_flight: self.blocks_in_flight,
            dead_position_check: !self.no_dead_check,
            ..self.judging.settings()
        }
    }
}

fn audit(args: &Args) -> Result<Summary, Failure> {
    let Inputs {
        sources: inputs,
        errors: problems,
        notes,
    } = sources(&args.paths);
    for note in notes {
        say!("pgn-arbiter: note: {note}");
    }
    if inputs.contains(&Source::Stdin) && io::stdin().is_terminal() {
        say!(
            "pgn-arbiter: reading PGN from standard input (paste games, then Ctrl-D); to audit \
             a file, give its path: pgn-arbiter audit games.pgn"
        );
    }
    // Everything that can fail on the user's input is checked before any
    // output is written.
    args.format
        .built()
        .map_err(|why| Failure::Usage(format!("--format parquet: {why}")))?;
    let config = args.settings().resolve()?;
    if let Some(shard) = args.shard {
        check_shardable(shard, &inputs)?;
    }
    let wanted = Wanted {
        report_dir: &args.output,
        fixed_pgn: args.fixed_pgn.as_deref(),
        html: args.html.as_deref(),
        tournament: false,
    };
    let set = ReportSet::stage(wanted, &inputs)?;
    let progress = progress_bar(&inputs);
    let plan = Plan {
        files: Some((args.format, args.compress)),
        summary_json: true,
        html: args.html.as_deref().map(|at| Html {
            at,
            report_dir: &args.output,
            every_game: args.html_pages == HtmlPages::All,
        }),
    };
    let mut outputs = plan.build(&config, Some(&set), &inputs, Vec::new())?;
    let mut summary = config
        .run(&inputs, &progress, &mut outputs)
        .map_err(|e| io::Error::new(e.kind(), format!("writing the reports failed: {e}")))?;
    progress.finish_and_clear();
    summary.source_errors.splice(0..0, problems);
    if summary.games == 0 && args.shard.is_none() {
        return Err(nothing_read(&summary, &args.output));
    }
    for output in outputs {
        output.finish(&summary)?;
    }
    set.commit()?;
    Ok(summary)
}

/// A run that read no game writes nothing: a mistyped path must not
/// replace the previous report with an empty one. (A shard with no game
/// still writes its empty report, for the merge.)
fn nothing_read(summary: &Summary, dir: &Path) -> Failure {
    for problem in &summary.source_errors {
        say!("pgn-arbiter: {problem}");
    }
    let kept = if dir.join("summary.json").exists() {
        format!("{} keeps the report it held", dir.display())
    } else {
        format!("{} was not written", dir.display())
    };
    Failure::Io(io::Error::other(format!(
        "no game was read: check the paths, and that the files are PGN; nothing was written \
         ({kept})"
    )))
}

fn report_summary(s: &Summary, dir: &Path) {
    say!("{}", terminal::summary(s, dir).trim_end_matches('\n'));
}

/// Which games the HTML report gives a page (`--html-pages`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HtmlPages {
    /// The rows an appeal reads: corrected, review, error.
    Appeals,
    /// Every game.
    All,
}
