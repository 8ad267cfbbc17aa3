//! The audit as a library call, into Arrow batches instead of files: what
//! the Python package (`python/`) runs. Its options are the
//! [`Settings`] the command line's flags make, resolved the same way, so a
//! program and the command line judge alike and refuse bad options in the
//! same words.
//!
//! ```
//! use pgn_arbiter::board::helpmate::Proof;
//! use pgn_arbiter::cli::settings::Settings;
//! use pgn_arbiter::cli::tables::{Input, audit};
//! use std::sync::{Arc, atomic::AtomicBool};
//!
//! let pgn = b"[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n".to_vec();
//! let input = Input::Text { name: "<text>".into(), bytes: pgn.into() };
//! let mut rows = 0;
//! let stop = Arc::new(AtomicBool::new(false));
//! let settings = Settings { proof: Proof::Fast, ..Settings::default() };
//! let run = audit(settings, input, 65_536, stop,
//!     &mut |verdicts, _incidents| { rows += verdicts.num_rows(); Ok(()) }).unwrap();
//! assert_eq!(rows, 1);
//! assert!(run.summary.contains("\"corrected\": 1"));
//! ```

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use indicatif::ProgressBar;

use crate::cli::doors::check_shardable;
use crate::cli::explain::Request;
pub use crate::cli::failure::Failure;
use crate::cli::outputs::Plan;
use crate::cli::settings::{Door, Rows, Settings};
use crate::read::input::{NotPgn, Source, decompress, sources};
use crate::report::output::{Output, TablePart, TableRows, unmatched_rows};
use crate::report::summary::Summary;
use crate::report::table::{INCIDENTS, VERDICTS};
/// The type of [`Input::Text`]'s bytes: from a `Vec<u8>`, or any owner of
/// bytes with `Bytes::from_owner`, read in place.
pub use bytes::Bytes;

/// What to audit.
pub enum Input {
    /// Files and folders, as `audit` takes them.
    Paths(Vec<PathBuf>),
    /// PGN held in memory.
    Text { name: String, bytes: Bytes },
}

/// What a finished audit gives besides its batches.
pub struct Audit {
    /// `summary.json`'s document.
    pub summary: String,
}

/// The schemas of the verdicts' and the incidents' batches.
pub fn schemas() -> (SchemaRef, SchemaRef) {
    (VERDICTS.schema(), INCIDENTS.schema())
}

/// Audits `input` as `settings` ask, handing `sink` the verdicts and
/// incidents in input order, in batches of about `batch_rows` verdict rows
/// (whole games: an incident comes with its game). Setting `stop` ends the
/// audit soon after, with an error of kind `Interrupted`; so does an error
/// from `sink`.
pub fn audit(
    settings: Settings,
    input: Input,
    batch_rows: usize,
    stop: Arc<AtomicBool>,
    sink: &mut dyn FnMut(RecordBatch, RecordBatch) -> io::Result<()>,
) -> Result<Audit, Failure> {
    let (inputs, problems) = inputs(input)?;
    // Typed cells always hold the text as found.
    let door = Door {
        stop: Some(stop),
        base: std::env::current_dir().ok().map(Into::into),
        report_control: None,
    };
    let config = Settings {
        raw: true,
        ..settings
    }
    .resolve_for(door)?;
    if let Some(shard) = config.settings().shard {
        check_shardable(shard, &inputs)?;
    }
    let plan = Plan {
        files: None,
        summary_json: false,
        html: None,
    };
    let mut document = plan.document(&config, &inputs);
    let batches = Batches {
        rows: TableRows {
            flagged_only: config.settings().rows == Rows::Flagged,
        },
        pending: Vec::new(),
        pending_rows: 0,
        pending_incidents: 0,
        batch_rows: batch_rows.max(1),
        sink,
    };
    let mut outputs = plan.build(&config, None, &inputs, vec![Box::new(batches)])?;
    let mut summary = config.run(&inputs, &ProgressBar::hidden(), &mut outputs)?;
    summary.source_errors.splice(0..0, problems);
    // As the command line exits 1: an input with no game is no answer.
    if summary.games == 0 && config.settings().shard.is_none() {
        return Err(no_game(&inputs, &summary.source_errors));
    }
    for output in outputs {
        output.finish(&summary)?;
    }
    document.complete(&summary);
    let summary = serde_json::to_string_pretty(&document).map_err(io::Error::other)?;
    Ok(Audit { summary })
}

/// The text `pgn-arbiter explain` prints (without colour): of the game
/// `request` names in `input`, or of its position.
///
/// ```
/// use pgn_arbiter::cli::explain::Request;
/// use pgn_arbiter::cli::tables::{Input, explain};
/// let pgn = b"[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n".to_vec();
/// let input = Input::Text { name: "<text>".into(), bytes: pgn.into() };
/// let request = Request { game: None, site: None, fen: None, settings: Default::default() };
/// let text = explain(&request, Some(input)).unwrap();
/// assert!(text.contains("checkmate"), "{text}");
/// ```
pub fn explain(request: &Request, input: Option<Input>) -> Result<String, Failure> {
    let source = match input {
        Some(Input::Text { name, bytes }) => Some(Source::Text { name, bytes }),
        Some(Input::Paths(paths)) => {
            let [path] = paths.as_slice() else {
                return Err(Failure::Usage(
                    "explain tells one file's game: give one path".into(),
                ));
            };
            exists(path)?;
            Some(Source::File(path.clone()))
        }
        None => None,
    };
    if let Some(source) = &source {
        pgn_or_refused(source)?;
    }
    if let Some(fen) = &request.fen
        && let Err(e) = fen.parse::<shakmaty::fen::Fen>()
    {
        return Err(Failure::Usage(format!("fen `{fen}` is no position: {e}")));
    }
    crate::cli::explain::tell(request, source, false)
}

/// The sources, and the problems of paths that name no PGN file; a path
/// that does not exist is refused ([`exists`]).
fn inputs(input: Input) -> Result<(Vec<Source>, Vec<String>), Failure> {
    match input {
        Input::Text { name, bytes } => {
            let source = Source::Text { name, bytes };
            pgn_or_refused(&source)?;
            Ok((vec![source], Vec::new()))
        }
        Input::Paths(paths) => {
            paths.iter().try_for_each(|p| exists(p))?;
            let found = sources(&paths);
            found.sources.iter().try_for_each(pgn_or_refused)?;
            Ok((found.sources, found.errors))
        }
    }
}

/// An input that held no game, named with what went wrong reading it.
fn no_game(inputs: &[Source], problems: &[String]) -> Failure {
    let names: Vec<String> = inputs.iter().map(Source::name).collect();
    let why = if !problems.is_empty() {
        problems.join("; ")
    } else if names.is_empty() {
        "no PGN file was found".into()
    } else {
        format!("{} holds no game", names.join(", "))
    };
    Failure::Io(io::Error::other(format!(
        "no game was read: {why}; check the paths, and that the files are PGN"
    )))
}

/// A path that does not exist is an error of kind `NotFound`: a program's
/// caller gets no partial answer for a mistyped name.
fn exists(path: &std::path::Path) -> Result<(), Failure> {
    if path.exists() {
        return Ok(());
    }
    Err(Failure::Io(io::Error::new(
        io::ErrorKind::NotFound,
        format!("{}: no such file or directory", path.display()),
    )))
}

/// A file that is not PGN is refused before any game is audited: a
/// program wants the exception, not a table without its games.
fn pgn_or_refused(source: &Source) -> Result<(), Failure> {
    // A pipe or a FIFO is not opened twice: its first bytes would be the
    // check's, and a FIFO's writer may be gone. The run reports it.
    if let Source::File(path) = source
        && !std::fs::metadata(path).is_ok_and(|m| m.is_file())
    {
        return Ok(());
    }
    match source.open_raw().and_then(decompress) {
        Err(e) if NotPgn::is(&e) => Err(Failure::NotPgn(format!("{}: {e}", source.name()))),
        Err(e) if e.kind() == io::ErrorKind::InvalidData => Err(Failure::Io(io::Error::new(
            e.kind(),
            format!("{}: {e}", source.name()),
        ))),
        // Other failures are the run's to report, with the rest read.
        _ => Ok(()),
    }
}

/// The output that hands batches to the sink.
struct Batches<'a> {
    rows: TableRows,
    pending: Vec<(RecordBatch, RecordBatch)>,
    pending_rows: usize,
    pending_incidents: usize,
    batch_rows: usize,
    sink: &'a mut dyn FnMut(RecordBatch, RecordBatch) -> io::Result<()>,
}

impl Batches<'_> {
    /// Keeps pairs until `batch_rows` verdict rows, or as many incident
    /// rows, wait (more only where one game has more incidents): with
    /// `rows="flagged"` a month of confirmed games has few verdict rows and
    /// many incidents (and an events file's unmatched lines none), which
    /// must not all wait for the end.
    fn hold(&mut self, pair: (RecordBatch, RecordBatch)) -> io::Result<()> {
        let (rows, incidents) = (pair.0.num_rows(), pair.1.num_rows());
        let over = self.pending_rows + rows > self.batch_rows
            || self.pending_incidents + incidents > self.batch_rows;
        if over {
            self.hand_over()?;
        }
        self.pending_rows += rows;
        self.pending_incidents += incidents;
        self.pending.push(pair);
        if self.pending_rows.max(self.pending_incidents) >= self.batch_rows {
            self.hand_over()?;
        }
        Ok(())
    }

    fn hand_over(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let (verdicts, incidents): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.pending).into_iter().unzip();
        self.pending_rows = 0;
        self.pending_incidents = 0;
        let concat = |schema: SchemaRef, batches: &[RecordBatch]| {
            crate::report::table::concat(&schema, batches).map_err(io::Error::other)
        };
        let (v, i) = schemas();
        (self.sink)(concat(v, &verdicts)?, concat(i, &incidents)?)
    }
}

impl Output for Batches<'_> {
    type Format = TableRows;

    fn format(&self) -> TableRows {
        self.rows
    }

    fn block(&mut self, part: TablePart, summary: &mut Summary) -> io::Result<()> {
        let (verdicts, incidents) = part.finish(summary);
        // A reader's block holds hundreds of games, thousands when they
        // are short: it is cut to the batch asked for, game by game.
        for pair in by_games(&verdicts, &incidents, self.batch_rows) {
            self.hold(pair)?;
        }
        Ok(())
    }

    fn unmatched_events(
        &mut self,
        path: &str,
        lines: &[crate::read::events::Unmatched],
    ) -> io::Result<()> {
        let (verdicts, _) = schemas();
        for part in lines.chunks(self.batch_rows) {
            let pair = (
                RecordBatch::new_empty(verdicts.clone()),
                unmatched_rows(path, part),
            );
            self.hold(pair)?;
        }
        Ok(())
    }

    fn finish(mut self, _: &Summary) -> io::Result<()> {
        self.hand_over()
    }
}

/// A block's rows cut into pairs of about `batch_rows` verdict rows, or
/// incident rows when they are more, whole games in each: the rows of
/// both are in the order of their games.
fn by_games(
    verdicts: &RecordBatch,
    incidents: &RecordBatch,
    batch_rows: usize,
) -> Vec<(RecordBatch, RecordBatch)> {
    let (of_verdicts, of_incidents) = (games(verdicts), games(incidents));
    let mut pairs = Vec::new();
    let (mut v0, mut i0, mut v, mut i) = (0, 0, 0, 0);
    while v < of_verdicts.len() || i < of_incidents.len() {
        let next = |games: &[i64], at: usize| games.get(at).copied().unwrap_or(i64::MAX);
        let game = next(&of_verdicts, v).min(next(&of_incidents, i));
        while next(&of_verdicts, v) == game && v < of_verdicts.len() {
            v += 1;
        }
        while next(&of_incidents, i) == game && i < of_incidents.len() {
            i += 1;
        }
        let whole = v == of_verdicts.len() && i == of_incidents.len();
        if v - v0 >= batch_rows || i - i0 >= batch_rows || whole {
            pairs.push((verdicts.slice(v0, v - v0), incidents.slice(i0, i - i0)));
            (v0, i0) = (v, i);
        }
    }
    pairs
}

/// Each row's game number.
fn games(batch: &RecordBatch) -> Vec<i64> {
    use arrow_array::Array;
    let column = batch.column_by_name("game");
    let numbers = column.and_then(|c| c.as_any().downcast_ref::<arrow_array::Int64Array>());
    match numbers {
        Some(numbers) => (0..numbers.len())
            .map(|r| {
                if numbers.is_null(r) {
                    i64::MAX
                } else {
                    numbers.value(r)
                }
            })
            .collect(),
        None => vec![i64::MAX; batch.num_rows()],
    }
}
