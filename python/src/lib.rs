//! `pgn_arbiter._native`: the audit of the `pgn-arbiter` crate, run on a
//! thread of its own while Python waits without the GIL, its batches
//! handed to pyarrow through the Arrow C data interface (no copy, no
//! Python objects per row). The friendly interface is `pgn_arbiter`'s
//! `__init__.py`.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, RecordBatch, StructArray};
use pgn_arbiter::cli::explain::Request;
use pgn_arbiter::cli::settings::{Settings, choice};
use pgn_arbiter::cli::tables::{self, Audit, Bytes, Failure, Input};
use pgn_arbiter::cli::tournament::{Args, JudgingOptions, check};
use pgn_arbiter::report::rows::without_controls;
use pgn_arbiter::tournament::team_table::TeamPoints;
use pgn_arbiter::tournament::teams::MatchPoints;
use pgn_arbiter::tournament::value_error::ValueError;
use pyo3::exceptions::{PyFileNotFoundError, PyKeyboardInterrupt, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;

pyo3::create_exception!(
    _native,
    NotPgnError,
    PyValueError,
    "The input is not PGN (binary data, or text with no tag pair or numbered move)."
);

type Pair = (RecordBatch, RecordBatch);

/// How often a waiting call looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// An audit under way: an iterator of (verdicts, incidents) batches.
#[pyclass(module = "pgn_arbiter._native")]
struct Run {
    /// In a mutex only because a Python object must be shareable
    /// between threads; one caller at a time holds it.
    batches: Option<Mutex<Receiver<Pair>>>,
    thread: Option<JoinHandle<Result<Audit, Failure>>>,
    stop: Arc<AtomicBool>,
    /// `summary.json`'s document, once the audit is over.
    #[pyo3(get)]
    summary: Option<String>,
    /// The batches' `pyarrow.Schema`s, imported once: a schema imported
    /// with every batch cost most of a small batch's time (60,000 batches
    /// of one row took 12.5 s).
    schemas: Option<(Py<PyAny>, Py<PyAny>)>,
}

/// `audit`'s keyword arguments as Python gives them, each of its own type
/// (a wrong type is Python's `TypeError`); `None` is the default.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Options {
    laws: Option<String>,
    supervised: bool,
    proof: Option<String>,
    short_lines: Option<String>,
    threads: Option<i64>,
    events: Option<PathBuf>,
    only_rapid: bool,
    clock_tolerance: Option<f64>,
    syzygy: Option<PathBuf>,
    max_game_bytes: Option<i64>,
    rows: Option<String>,
    shard: Option<String>,
}

impl Options {
    /// The settings the values make, refused in the command line's words
    /// where a value is out of its range.
    fn settings(self) -> Result<Settings, Failure> {
        let mut settings = Settings {
            supervised: self.supervised,
            only_rapid: self.only_rapid,
            clock_tolerance: self.clock_tolerance,
            events: self.events,
            syzygy: self.syzygy,
            ..Settings::default()
        };
        if let Some(laws) = self.laws {
            settings.laws = laws.parse().map_err(|why| refused("laws", &laws, why))?;
        }
        if let Some(shard) = self.shard {
            settings.shard = Some(shard.parse().map_err(|why| refused("shard", &shard, why))?);
        }
        settings.proof = self
            .proof
            .map_or(Ok(settings.proof), |p| choice("proof", &p))?;
        settings.short_lines = self
            .short_lines
            .map_or(Ok(settings.short_lines), |s| choice("short_lines", &s))?;
        settings.rows = self
            .rows
            .map_or(Ok(settings.rows), |r| choice("rows", &r))?;
        settings.threads = self.threads.map(|n| count("threads", n)).transpose()?;
        if let Some(n) = self.max_game_bytes {
            settings.max_game_bytes = count("max_game_bytes", n)?;
        }
        Ok(settings)
    }
}

/// A count: a negative one is refused here, the rest where the command
/// line's are.
fn count(option: &str, n: i64) -> Result<usize, Failure> {
    usize::try_from(n).map_err(|_| Failure::Usage(format!("{option}={n}: give a number from 1 up")))
}

fn refused(option: &str, value: &str, why: impl std::fmt::Display) -> Failure {
    Failure::Usage(format!("{option}={value:?}: {why}"))
}

/// Starts an audit of `paths` or `text` as `options` ask.
#[pyfunction]
#[pyo3(signature = (options, paths, text, name, batch_rows))]
fn start(
    options: Options,
    paths: Option<Vec<PathBuf>>,
    text: Option<PyBackedBytes>,
    name: String,
    batch_rows: usize,
) -> PyResult<Run> {
    let settings = options.settings().map_err(exception)?;
    let input = input(paths, text, name);
    // Two batches in flight: the audit runs ahead of Python by one.
    let (send, batches) = sync_channel::<Pair>(1);
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = stop.clone();
    let thread = std::thread::Builder::new()
        .name("pgn-arbiter".into())
        .spawn(move || {
            let mut sink = |v, i| {
                send.send((v, i)).map_err(|_| {
                    io::Error::new(io::ErrorKind::Interrupted, "the batches are no longer read")
                })
            };
            tables::audit(settings, input, batch_rows, stopping, &mut sink)
        })
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(Run {
        batches: Some(Mutex::new(batches)),
        thread: Some(thread),
        stop,
        summary: None,
        schemas: None,
    })
}

/// The text is read where Python holds it, not copied: copying a few
/// hundred MB took seconds on a fresh heap, during which Ctrl-C waited.
fn input(paths: Option<Vec<PathBuf>>, text: Option<PyBackedBytes>, name: String) -> Input {
    match (paths, text) {
        (_, Some(bytes)) => Input::Text {
            name,
            bytes: Bytes::from_owner(bytes),
        },
        (paths, None) => Input::Paths(paths.unwrap_or_default()),
    }
}

#[pymethods]
impl Run {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<(Py<PyAny>, Py<PyAny>)>> {
        loop {
            let Some(batches) = self.batches.take() else {
                return Ok(None);
            };
            let (batches, got) = py.detach(move || {
                let got = match batches.lock() {
                    Ok(receiver) => receiver.recv_timeout(SIGNAL_CHECK),
                    Err(_) => Err(RecvTimeoutError::Disconnected),
                };
                (batches, got)
            });
            match got {
                Ok((v, i)) => {
                    self.batches = Some(batches);
                    let (verdicts, incidents) = match &self.schemas {
                        Some(known) => known,
                        None => self.schemas.insert(schemas(py)?),
                    };
                    let v = to_pyarrow(py, v, verdicts.bind(py))?;
                    let i = to_pyarrow(py, i, incidents.bind(py))?;
                    return Ok(Some((v, i)));
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.batches = Some(batches);
                    if self.stop.load(Ordering::Relaxed) {
                        // Closed from another thread (see `Stop`).
                        self.cancel(py);
                        return Ok(None);
                    }
                    if let Err(interrupt) = py.check_signals() {
                        self.cancel(py);
                        return Err(interrupt);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return self.end(py).map(|()| None),
            }
        }
    }

    /// A handle that stops the audit from any thread, also while another
    /// waits in `__next__` (which holds this object the while).
    fn stopper(&self) -> Stop {
        Stop(self.stop.clone())
    }

    /// Stops the audit and waits for its thread.
    fn cancel(&mut self, py: Python<'_>) {
        self.stop.store(true, Ordering::Relaxed);
        self.batches = None;
        if let Some(thread) = self.thread.take() {
            let _ = py.detach(move || thread.join());
        }
    }
}

impl Run {
    /// The audit is over: its summary, or its failure as an exception.
    fn end(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(thread) = self.thread.take() else {
            return Ok(());
        };
        match py.detach(move || thread.join()) {
            Ok(Ok(audit)) => {
                self.summary = Some(audit.summary);
                Ok(())
            }
            Ok(Err(Failure::Io(e)))
                if e.kind() == io::ErrorKind::Interrupted && self.stop.load(Ordering::Relaxed) =>
            {
                Ok(()) // stopped by `Stop`: the iteration just ends
            }
            Ok(Err(failure)) => Err(exception(failure)),
            Err(_) => Err(PyOSError::new_err("the audit thread failed")),
        }
    }
}

/// Text with its control characters escaped (`\x1b`), as the command line
/// prints it: for the messages Python words itself.
#[pyfunction]
fn printable(text: &str) -> String {
    without_controls(text).into_owned()
}

/// Stops an audit from any thread: `Batches.close()`.
#[pyclass(module = "pgn_arbiter._native")]
struct Stop(Arc<AtomicBool>);

#[pymethods]
impl Stop {
    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        // Dropping the receiver ends the audit at its next batch.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The exception a Python user expects, with the command line's message.
/// Its words quote file names: their control characters are escaped.
fn exception(failure: Failure) -> PyErr {
    let said = |text: &str| without_controls(text).into_owned();
    match failure {
        Failure::Usage(why) => PyValueError::new_err(said(&why)),
        Failure::NotPgn(why) => NotPgnError::new_err(said(&why)),
        Failure::Io(e) => match e.kind() {
            // ENOENT is 2 wherever Python runs: `e.errno == errno.ENOENT`.
            io::ErrorKind::NotFound => PyFileNotFoundError::new_err((2, said(&e.to_string()))),
            io::ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(e.to_string()),
            _ => PyOSError::new_err(said(&e.to_string())),
        },
    }
}

/// A batch as a `pyarrow.RecordBatch`, through the C data interface.
fn to_pyarrow(
    py: Python<'_>,
    batch: RecordBatch,
    schema: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let data = StructArray::from(batch).into_data();
    let mut array = FFI_ArrowArray::new(&data);
    let class = py.import("pyarrow")?.getattr("RecordBatch")?;
    // pyarrow moves the array out (it takes its release callback).
    let batch = class.call_method1("_import_from_c", (&raw mut array as usize, schema))?;
    Ok(batch.unbind())
}

/// The schemas of the verdicts and the incidents, as `pyarrow.Schema`s.
#[pyfunction]
fn schemas(py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let (verdicts, incidents) = tables::schemas();
    let one = |schema: &arrow_schema::Schema| -> PyResult<Py<PyAny>> {
        let mut ffi =
            FFI_ArrowSchema::try_from(schema).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let class = py.import("pyarrow")?.getattr("Schema")?;
        Ok(class
            .call_method1("_import_from_c", (&raw mut ffi as usize,))?
            .unbind())
    };
    Ok((one(&verdicts)?, one(&incidents)?))
}

/// Which game `explain` tells, or which position.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Which {
    game: Option<u64>,
    site: Option<String>,
    fen: Option<String>,
}

/// The text `pgn-arbiter explain` prints, the game judged with `options`,
/// `audit`'s keyword arguments: the row's own.
#[pyfunction]
#[pyo3(signature = (which, options, paths, text, name))]
fn explain(
    py: Python<'_>,
    which: Which,
    options: Options,
    paths: Option<Vec<PathBuf>>,
    text: Option<PyBackedBytes>,
    name: String,
) -> PyResult<String> {
    let request = Request {
        game: which.game,
        site: which.site,
        fen: which.fen,
        settings: options.settings().map_err(exception)?,
    };
    let input = match (&paths, &text) {
        (None, None) => None,
        _ => Some(input(paths, text, name)),
    };
    py.detach(move || tables::explain(&request, input))
        .map_err(exception)
}

/// `tournament`'s keyword arguments, each of its own type.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct TournamentOptions {
    k: Option<f64>,
    rating_list: Option<PathBuf>,
    tiebreaks: Option<Vec<String>>,
    tiebreak_rules: Option<String>,
    unrated_rating: Option<u32>,
    score_system: Option<String>,
    match_points: Option<(f64, f64, f64)>,
    team_bye: Option<(f64, f64)>,
    html: Option<PathBuf>,
}

impl TournamentOptions {
    /// The command's arguments, each value checked as the command line
    /// checks it.
    fn args(
        self,
        judging: &Settings,
        report: PathBuf,
        games: Vec<PathBuf>,
        output: PathBuf,
    ) -> Result<Args, Failure> {
        Ok(Args {
            report,
            games,
            output,
            k: self.k,
            rating_list: self.rating_list,
            tiebreaks: self.tiebreaks,
            tiebreak_rules: self
                .tiebreak_rules
                .map(|r| parsed("tiebreak_rules", r))
                .transpose()?,
            unrated_rating: self.unrated_rating,
            score_system: self
                .score_system
                .map(|s| parsed("score_system", s))
                .transpose()?,
            match_points: match self.match_points {
                Some((w, d, l)) => Some(MatchPoints::new(w, d, l).ok_or_else(|| {
                    let why = ValueError::MatchPointsOrder(format!("{w},{d},{l}"));
                    refused("match_points", &format!("({w}, {d}, {l})"), why)
                })?),
                None => None,
            },
            team_bye: match self.team_bye {
                Some((mp, gp)) => Some(TeamPoints::new(mp, gp).ok_or_else(|| {
                    let why = ValueError::TeamPoints(format!("{mp},{gp}"));
                    refused("team_bye", &format!("({mp}, {gp})"), why)
                })?),
                None => None,
            },
            judging: JudgingOptions::of(judging),
            html: self.html,
        })
    }
}

/// An option's text read as the command line reads it.
fn parsed<T>(option: &str, text: String) -> Result<T, Failure>
where
    T: std::str::FromStr<Err: std::fmt::Display>,
{
    text.parse().map_err(|why| refused(option, &text, why))
}

/// `pgn-arbiter tournament`, the same check as the command's, its games
/// judged with `judging` (`audit`'s keyword arguments): writes the reports
/// into `output` and returns what the command prints.
#[pyfunction]
fn tournament(
    py: Python<'_>,
    report: PathBuf,
    games: Vec<PathBuf>,
    output: PathBuf,
    options: TournamentOptions,
    judging: Options,
) -> PyResult<String> {
    let judging = judging.settings().map_err(exception)?;
    let args = options
        .args(&judging, report, games, output)
        .map_err(exception)?;
    py.detach(move || check(&args)).map_err(exception)
}

/// The `pgn-arbiter` command, run with `argv` (the program's name first):
/// the same code as the binary's; returns its exit code. A usage error,
/// `--help` and `--version` end the process as clap does.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> u8 {
    let code = py.detach(move || pgn_arbiter::cli::command::run(argv));
    // `ExitCode` keeps its number to itself; it compares, though.
    (0..=u8::MAX)
        .find(|&n| std::process::ExitCode::from(n) == code)
        .unwrap_or(1)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Run>()?;
    m.add_class::<Stop>()?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(schemas, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    m.add_function(wrap_pyfunction!(printable, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    m.add("NotPgnError", m.py().get_type::<NotPgnError>())?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
