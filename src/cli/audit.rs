//! The `audit` subcommand: PGN files in, `verdicts.csv` and `incidents.csv`
//! out, a summary on stderr.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::board::helpmate::Proof;
use crate::board::tablebase::Tablebases;
use crate::cli::failure::Failure;
use crate::cli::laws_option::LawsOption;
use crate::laws::{Judging, ShortLines, regime_name};
use crate::model::clock::Clock;
use crate::read::events::EventLog;
use crate::read::input::{Inputs, Packing, Source, sources};
use crate::read::shard::Shard;
use crate::report::file::{Compression, ReportFormat};
use crate::report::output::{
    AnyOutput, CsvReports, CsvRows, FixedPgn, HtmlReport, ParquetReports, SummaryJson, TableRows,
};
use crate::report::set::{ReportSet, Wanted};
use crate::report::summary::{InputSummary, RunOptions, RunSummary, Summary};
use crate::report::terminal;
use crate::run::pipeline::{self, Options};

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
    pub laws: LawsOption,
    /// Send games that are not rapid by 15.1 to review instead of judging
    /// them by the rapid-play rules.
    #[arg(long)]
    pub only_rapid: bool,
    /// How "cannot checkmate by any series of legal moves" is answered:
    /// `full` finds a helpmate line or proves there is none (for appeals);
    /// `fast` runs only chasolver's fast, sound proof: a correction still
    /// rests on a proof, a confirmation says the side is not shown unable
    /// to mate (for cleaning months of online games).
    #[arg(long, value_enum, default_value = "full")]
    pub proof: Proof,
    /// Which reasons quote a helpmate's short line: `read`, those a person
    /// reads (rows not confirmed; the HTML page and `explain` always);
    /// `all`, every row, which costs a search of up to 100,000 positions
    /// for each confirmed win on time (on lichess games about 20 times the
    /// run's time under `--proof full`: docs/performance.md). A confirmed
    /// row otherwise cites the solver's own line, with its length.
    #[arg(long, value_enum, value_name = "WHICH", default_value = "read")]
    pub short_lines: ShortLines,
    /// How many seconds a clock may rise past what the rules give before it
    /// is reported as a clock change (15.4.1.1). Default: 1 for games played
    /// on lichess or chess.com (their PGN rounds exact clocks), 60 for the
    /// rest (broadcast relays sample the clocks late).
    #[arg(long, value_name = "SECONDS")]
    pub clock_tolerance: Option<f64>,
    /// Claims and arbiter's acts from a CSV file with columns
    /// site, event, round, white, black, ply, command.
    #[arg(long, value_name = "FILE.csv")]
    pub events: Option<PathBuf>,
    /// Syzygy endgame tablebases (*.rtbw): a 10.2 draw claim in a position
    /// they score as no win for the opponent is good.
    #[arg(long, value_name = "DIR")]
    pub syzygy: Option<PathBuf>,
    /// The largest game read whole, in bytes (at least 65536: a game's
    /// first 64 KiB are always kept for its tags); a larger one becomes an
    /// `error` row and reading goes on with the next game.
    #[arg(long, value_name = "BYTES", default_value_t = crate::read::split::MAX_GAME_BYTES,
          value_parser = max_game_bytes)]
    pub max_game_bytes: usize,
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
    /// for each with boards and a clock chart.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
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
    /// Skip the dead-position check after every move (for measuring its cost).
    #[arg(long, hide = true)]
    pub no_dead_check: bool,
}

/// Which verdict rows a run writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Rows {
    All,
    Flagged,
}

/// The most worker threads a run accepts: more than this is a typo, and
/// each thread costs a stack and a block of games in flight.
pub const MAX_THREADS: usize = 1024;

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

pub(crate) fn options(args: &Args) -> Result<Options, Failure> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::Usage(format!(
            "--threads {threads}: give a number from 1 to {MAX_THREADS}"
        )));
    }
    args.laws.warn_if_deprecated();
    let (laws, supervised) = args.laws.chosen();
    Ok(Options {
        threads,
        block_size: args.block_size.max(1),
        max_game_bytes: args.max_game_bytes,
        rules: Judging {
            dead_position_check: !args.no_dead_check,
            laws,
            supervised,
            only_rapid: args.only_rapid,
            clock_tolerance: args.clock_tolerance.map(tolerance).transpose()?,
            proof: args.proof,
            short_lines: args.short_lines,
            tablebases: match &args.syzygy {
                Some(dir) => Some(Arc::new(Tablebases::open(dir).map_err(Failure::Usage)?)),
                None => None,
            },
        },
        events: match &args.events {
            Some(path) => Some(Arc::new(EventLog::load(path).map_err(Failure::Usage)?)),
            None => None,
        },
        shard: args.shard,
        large_game: Arc::default(),
        report_control: None,
        stop: None,
    })
}

fn tolerance(seconds: f64) -> Result<Clock, Failure> {
    if !(0.0..=86_400.0).contains(&seconds) {
        return Err(Failure::Usage(format!(
            "--clock-tolerance {seconds}: give seconds from 0 to 86400"
        )));
    }
    Ok(Clock((seconds * 1000.0).round() as u64))
}

fn audit(args: &Args) -> Result<Summary, Failure> {
    let Inputs {
        sources: inputs,
        errors: problems,
        notes,
    } = sources(&args.paths);
    for note in notes {
        eprintln!("pgn-arbiter: note: {note}");
    }
    if inputs.contains(&Source::Stdin) && io::stdin().is_terminal() {
        eprintln!(
            "pgn-arbiter: reading PGN from standard input (paste games, then Ctrl-D); to audit \
             a file, give its path: pgn-arbiter audit games.pgn"
        );
    }
    // Everything that can fail on the user's input is checked before any
    // output is written.
    let options = options(args)?;
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
    let mut outputs = outputs(args, &set, &inputs)?;
    let mut summary = pipeline::run(&inputs, &options, &progress, &mut outputs)
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
        eprintln!("pgn-arbiter: {problem}");
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

/// The outputs the options ask for, writing into the staged report set:
/// the run's one list of outputs.
fn outputs(args: &Args, set: &ReportSet, inputs: &[Source]) -> io::Result<Vec<Box<dyn AnyOutput>>> {
    let dir = set.report_dir();
    let document = run_summary(args, inputs);
    let flagged_only = args.rows == Rows::Flagged;
    let reports: Box<dyn AnyOutput> = match args.format {
        ReportFormat::Csv => {
            let rows = CsvRows {
                flagged_only,
                raw: args.raw,
            };
            Box::new(CsvReports::create(dir, args.compress, rows)?)
        }
        ReportFormat::Parquet => Box::new(ParquetReports::create(dir, TableRows { flagged_only })?),
    };
    let mut outputs: Vec<Box<dyn AnyOutput>> = vec![
        reports,
        Box::new(SummaryJson::new(
            &dir.join("summary.json"),
            document.clone(),
        )),
    ];
    if let Some(path) = set.fixed_pgn() {
        outputs.push(Box::new(FixedPgn::create(path)?));
    }
    if let (Some(staged), Some(html_at)) = (set.html(), &args.html) {
        let names: Vec<String> = inputs.iter().map(Source::name).collect();
        let html = HtmlReport::create(
            staged,
            document,
            html_at,
            &args.output,
            args.format.file_names(args.compress),
            &names,
        )?;
        outputs.push(Box::new(html));
    }
    Ok(outputs)
}

/// `--shard` cuts one uncompressed file by bytes; a compressed stream
/// cannot be entered in the middle, so those are sharded by file.
pub(crate) fn check_shardable(shard: Shard, inputs: &[Source]) -> Result<(), Failure> {
    let [Source::File(path)] = inputs else {
        return Err(Failure::Usage(format!(
            "--shard {shard} cuts one file by bytes: give exactly one input file (to spread \
             many files, give each task its own files)"
        )));
    };
    let mut head = [0u8; 4];
    let n = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .map_err(|e| Failure::Usage(format!("{}: cannot read: {e}", path.display())))?;
    if Packing::of(&head[..n]) != Packing::Plain {
        return Err(Failure::Usage(format!(
            "{} is compressed: a compressed file cannot be cut by bytes, so shard by file \
             (one task per file) or decompress it first",
            path.display()
        )));
    }
    Ok(())
}

/// A checksum of a file's size and its first and last MiB: enough to tell
/// that a file changed between two shard runs without reading it whole.
/// (crc32fast is already here for gzip.)
fn fingerprint(path: &Path) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    const PART: u64 = 1 << 20;
    let mut file = std::fs::File::open(path).ok()?;
    let len = file.metadata().ok()?.len();
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&len.to_le_bytes());
    let mut buf = Vec::with_capacity(PART as usize);
    for start in [0, len.saturating_sub(PART)] {
        buf.clear();
        file.seek(SeekFrom::Start(start)).ok()?;
        (&mut file).take(PART).read_to_end(&mut buf).ok()?;
        hasher.update(&buf);
    }
    Some(format!("{len}:{:08x}", hasher.finalize()))
}

/// The names of the tablebase files in a `--syzygy` directory, sorted.
fn table_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rtbw") || n.ends_with(".rtbz"))
        .collect();
    names.sort();
    names
}

/// `--max-game-bytes`: a number no smaller than what is always kept.
fn max_game_bytes(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of bytes"))?;
    if n < crate::read::split::HEAD {
        return Err(format!(
            "{n} is below {}: the first {} bytes of a game are always kept for its tags, so \
             give at least that",
            crate::read::split::HEAD,
            crate::read::split::HEAD
        ));
    }
    Ok(n)
}

/// What `summary.json` says before the run: the tool, the options, the
/// inputs (their game counts come at the end).
pub(crate) fn run_summary(args: &Args, inputs: &[Source]) -> RunSummary {
    let inputs = inputs
        .iter()
        .map(|source| {
            let bytes = source.size();
            let range = args.shard.zip(bytes).map(|(shard, len)| {
                let r = shard.range(len);
                (r.start, r.end.min(len))
            });
            InputSummary {
                source: source.name(),
                path: match source {
                    Source::File(p) => Some(crate::report::set::resolve(p).display().to_string()),
                    Source::Stdin | Source::Text { .. } => None,
                },
                bytes,
                games: 0,
                shard: args.shard,
                range,
                fingerprint: match (args.shard, source) {
                    (Some(_), Source::File(p)) => fingerprint(p),
                    _ => None,
                },
            }
        })
        .collect();
    let options = RunOptions {
        regime: regime_name(args.laws.chosen().1).into(),
        laws: args.laws.laws.to_string(),
        proof: format!("{:?}", args.proof).to_lowercase(),
        rows: format!("{:?}", args.rows).to_lowercase(),
        only_rapid: args.only_rapid,
        clock_tolerance: args.clock_tolerance,
        max_game_bytes: args.max_game_bytes,
        syzygy: args.syzygy.is_some(),
        syzygy_tables: args.syzygy.as_deref().map(table_names).unwrap_or_default(),
        // Typed columns always hold the text as found.
        raw: args.raw || args.format == ReportFormat::Parquet,
        events: args.events.as_ref().map(|p| p.display().to_string()),
        format: args.format.as_str().into(),
        short_lines: format!("{:?}", args.short_lines).to_lowercase(),
    };
    RunSummary::new(options, inputs)
}

pub(crate) fn progress_bar(inputs: &[Source]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: Option<u64> = inputs.iter().map(Source::size).sum();
    let bar = match total {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{bar:30} {binary_bytes}/{binary_total_bytes} ({binary_bytes_per_sec}, eta {eta}) {msg}",
            )
            .expect("valid template"),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {binary_bytes} read ({binary_bytes_per_sec}) {msg}")
                .expect("valid template"),
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn report_summary(s: &Summary, dir: &Path) {
    let _ = io::stderr()
        .lock()
        .write_all(terminal::summary(s, dir).as_bytes());
}
