//! What an audit is asked for, typed ([`Settings`]), and the same resolved
//! once into what the run needs ([`Config`]), as ripgrep turns its parsed
//! flags into `HiArgs`. Every door builds a `Settings` — the `audit` flags,
//! `tournament`, `explain`, the Python package's keyword arguments — and
//! resolves it here, so that they judge alike and refuse a bad value in the
//! same words.
//!
//! ```
//! use pgn_arbiter::cli::settings::Settings;
//!
//! let settings = Settings { threads: Some(1), ..Settings::default() };
//! let config = settings.resolve().unwrap();
//! assert_eq!(config.settings().laws.to_string(), "ru-rapid");
//! let refused = Settings { threads: Some(0), ..Settings::default() }.resolve();
//! assert!(refused.is_err());
//! ```

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;

use crate::board::helpmate::Proof;
use crate::board::tablebase::Tablebases;
use crate::cli::failure::Failure;
use crate::laws::{Judging, Laws, ShortLines, regime_name};
use crate::model::clock::Clock;
use crate::model::time_control::Control;
use crate::read::events::EventLog;
use crate::read::input::{Source, identity};
use crate::read::shard::Shard;
use crate::read::split::{HEAD, MAX_GAME_BYTES};
use crate::report::html::shell_word;
use crate::report::output::AnyOutput;
use crate::report::summary::{InputSummary, RunOptions, RunSummary, Summary};
use crate::run::pipeline::{self, Options};

/// Which verdict rows a run writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Rows {
    #[default]
    All,
    Flagged,
}

/// The most worker threads a run accepts: more than this is a typo, and
/// each thread costs a stack and a block of games in flight.
pub const MAX_THREADS: usize = 1024;

/// What an audit is asked for; the defaults are the command line's.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The Laws (`--laws`).
    pub laws: Laws,
    /// The event had 15.3's supervision (`--supervised`).
    pub supervised: bool,
    /// Worker threads; `None` for all cores.
    pub threads: Option<usize>,
    /// Games not rapid by 15.1 go to review (`--only-rapid`).
    pub only_rapid: bool,
    pub proof: Proof,
    pub short_lines: ShortLines,
    /// Seconds a clock may rise before it is a clock change; `None` for
    /// the default by where the game was played.
    pub clock_tolerance: Option<f64>,
    /// A CSV file of claims and arbiter's acts (`--events`).
    pub events: Option<PathBuf>,
    /// A folder of Syzygy tablebases (`--syzygy`).
    pub syzygy: Option<PathBuf>,
    /// The largest game read whole.
    pub max_game_bytes: usize,
    /// Only the games that start in this part of the one input.
    pub shard: Option<Shard>,
    pub rows: Rows,
    /// Cells as found, without the apostrophe before a formula.
    pub raw: bool,
    /// Bytes of PGN per work unit.
    pub block_size: usize,
    /// Bytes of the ranges a large plain file is split in on the workers
    /// (0: one stream; none: chosen).
    pub range_bytes: Option<usize>,
    /// Blocks in flight at most (none: four a thread).
    pub blocks_in_flight: Option<usize>,
    /// Off only to measure what the dead-position check costs.
    pub dead_position_check: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            laws: Laws::default(),
            supervised: false,
            threads: None,
            only_rapid: false,
            proof: Proof::default(),
            short_lines: ShortLines::default(),
            clock_tolerance: None,
            events: None,
            syzygy: None,
            max_game_bytes: MAX_GAME_BYTES,
            shard: None,
            rows: Rows::default(),
            raw: false,
            block_size: pipeline::BLOCK_SIZE,
            range_bytes: None,
            blocks_in_flight: None,
            dead_position_check: true,
        }
    }
}

/// The settings resolved: each value checked, the files they name opened.
/// Closed: a door asks it for what it needs, and what a door adds to a run
/// is given when it is resolved ([`Door`]).
#[derive(Debug, Clone)]
pub struct Config {
    options: Options,
    settings: Settings,
}

/// What a door adds to the run it asks for, besides its settings.
#[derive(Debug, Clone, Default)]
pub struct Door {
    /// Set from outside to end the run soon (a program's Ctrl-C).
    pub stop: Option<Arc<AtomicBool>>,
    /// The folder relative paths are opened from (a program may change
    /// its working folder while the run reads).
    pub base: Option<Arc<Path>>,
    /// The control a tournament's report gives, for the games whose own
    /// control cannot be read.
    pub report_control: Option<Arc<Control>>,
}

impl Settings {
    /// Checks every value and opens the files named, before any output is
    /// written.
    pub fn resolve(self) -> Result<Config, Failure> {
        self.resolve_for(Door::default())
    }

    /// As [`Settings::resolve`], for a door that adds to the run.
    pub fn resolve_for(self, door: Door) -> Result<Config, Failure> {
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if threads == 0 || threads > MAX_THREADS {
            return Err(Failure::Usage(format!(
                "--threads {threads}: give a number from 1 to {MAX_THREADS}"
            )));
        }
        let max_game_bytes = game_bytes(self.max_game_bytes).map_err(|why| {
            Failure::Usage(format!("--max-game-bytes {}: {why}", self.max_game_bytes))
        })?;
        let options = Options {
            threads,
            block_size: self.block_size.max(1),
            max_game_bytes,
            range_bytes: self.range_bytes,
            blocks_in_flight: self.blocks_in_flight,
            rules: self.judging()?,
            events: match &self.events {
                Some(path) => Some(Arc::new(
                    EventLog::load(path).map_err(|e| Failure::Usage(e.to_string()))?,
                )),
                None => None,
            },
            shard: self.shard,
            large_game: Arc::default(),
            report_control: door.report_control,
            stop: door.stop,
            base: door.base,
        };
        Ok(Config {
            options,
            settings: self,
        })
    }

    fn judging(&self) -> Result<Judging, Failure> {
        Ok(Judging {
            dead_position_check: self.dead_position_check,
            laws: self.laws,
            supervised: self.supervised,
            only_rapid: self.only_rapid,
            clock_tolerance: self.clock_tolerance.map(tolerance).transpose()?,
            proof: self.proof,
            short_lines: self.short_lines,
            tablebases: match &self.syzygy {
                Some(dir) => Some(Arc::new(
                    Tablebases::open(dir).map_err(|e| Failure::Usage(e.to_string()))?,
                )),
                None => None,
            },
        })
    }
}

impl Settings {
    /// The options that change a verdict, as `explain` and `audit` take
    /// them, each that is not the default (with a blank before each): what
    /// reproduces a row.
    ///
    /// ```
    /// use pgn_arbiter::cli::settings::Settings;
    /// use std::path::PathBuf;
    ///
    /// let settings = Settings {
    ///     only_rapid: true,
    ///     events: Some(PathBuf::from("my claims.csv")),
    ///     ..Settings::default()
    /// };
    /// assert_eq!(settings.verdict_flags(), " --only-rapid --events 'my claims.csv'");
    /// ```
    pub fn verdict_flags(&self) -> String {
        let default = Settings::default();
        let path = |p: &Path| shell_word(&p.to_string_lossy());
        let mut flags = Vec::new();
        if self.laws.to_string() != default.laws.to_string() {
            flags.push(format!("--laws {}", self.laws));
        }
        let switches = [
            (self.supervised, "--supervised"),
            (self.only_rapid, "--only-rapid"),
            (self.proof != default.proof, "--proof fast"),
        ];
        flags.extend(switches.iter().filter(|s| s.0).map(|s| s.1.to_string()));
        if let Some(seconds) = self.clock_tolerance {
            flags.push(format!("--clock-tolerance {seconds}"));
        }
        if let Some(events) = &self.events {
            flags.push(format!("--events {}", path(events)));
        }
        if let Some(syzygy) = &self.syzygy {
            flags.push(format!("--syzygy {}", path(syzygy)));
        }
        if self.max_game_bytes != default.max_game_bytes {
            flags.push(format!("--max-game-bytes {}", self.max_game_bytes));
        }
        flags.iter().map(|f| format!(" {f}")).collect()
    }
}

fn tolerance(seconds: f64) -> Result<Clock, Failure> {
    if !(0.0..=86_400.0).contains(&seconds) {
        return Err(Failure::Usage(format!(
            "--clock-tolerance {seconds}: give seconds from 0 to 86400"
        )));
    }
    Ok(Clock((seconds * 1000.0).round() as u64))
}

/// A largest game no smaller than what is always kept of one.
pub(crate) fn game_bytes(n: usize) -> Result<usize, GameBytesError> {
    match n < HEAD {
        true => Err(GameBytesError::BelowHead(n)),
        false => Ok(n),
    }
}

/// A `--max-game-bytes` value that cannot be the largest game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum GameBytesError {
    NotANumber(String),
    /// Below the bytes always kept of a game for its tags.
    BelowHead(usize),
}

impl std::fmt::Display for GameBytesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameBytesError::NotANumber(text) => write!(f, "`{text}` is not a number of bytes"),
            GameBytesError::BelowHead(n) => write!(
                f,
                "{n} is below {HEAD}: the first {HEAD} bytes of a game are always kept for its \
                 tags, so give at least that"
            ),
        }
    }
}

impl std::error::Error for GameBytesError {}

impl Config {
    /// What was asked for.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// What the reader and the workers are given: for a door that reads a
    /// record itself (`explain`).
    pub(crate) fn options(&self) -> &Options {
        &self.options
    }

    /// Audits `inputs` into `outputs`, in input order.
    pub(crate) fn run(
        &self,
        inputs: &[Source],
        progress: &ProgressBar,
        outputs: &mut [Box<dyn AnyOutput + '_>],
    ) -> io::Result<Summary> {
        pipeline::run(inputs, &self.options, progress, outputs)
    }

    /// What `summary.json` says before the run: the tool, the options
    /// (`format` the reports' form), the inputs (their game counts come at
    /// the end).
    pub(crate) fn document(&self, inputs: &[Source], format: &str, raw: bool) -> RunSummary {
        let inputs = inputs.iter().map(|s| self.input(s)).collect();
        RunSummary::new(self.run_options(format, raw), inputs)
    }

    fn input(&self, source: &Source) -> InputSummary {
        let shard = self.settings.shard;
        let bytes = source.size();
        InputSummary {
            source: source.name(),
            path: match source {
                Source::File(p) => Some(crate::report::set::resolve(p).display().to_string()),
                Source::Stdin | Source::Text { .. } => None,
            },
            bytes,
            games: 0,
            shard,
            range: shard.zip(bytes).map(|(shard, len)| {
                let r = shard.range(len);
                (r.start, r.end.min(len))
            }),
            fingerprint: match (shard, source) {
                (Some(_), Source::File(p)) => fingerprint(p),
                _ => None,
            },
            identity: match source {
                Source::File(p) => identity(p).map(|(dev, ino)| format!("{dev}:{ino}")),
                Source::Stdin | Source::Text { .. } => None,
            },
        }
    }

    fn run_options(&self, format: &str, raw: bool) -> RunOptions {
        let s = &self.settings;
        let named = |v: &dyn std::fmt::Debug| format!("{v:?}").to_lowercase();
        RunOptions {
            regime: regime_name(s.supervised).into(),
            laws: s.laws.to_string(),
            proof: named(&s.proof),
            rows: named(&s.rows),
            only_rapid: s.only_rapid,
            clock_tolerance: s.clock_tolerance,
            max_game_bytes: s.max_game_bytes,
            syzygy: s.syzygy.is_some(),
            syzygy_tables: s.syzygy.as_deref().map(table_names).unwrap_or_default(),
            raw: s.raw || raw,
            events: s.events.as_ref().map(|p| p.display().to_string()),
            format: format.into(),
            short_lines: named(&s.short_lines),
        }
    }
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

/// A choice among a value enum's names, as a program gives it: refused
/// naming the option and the names it takes.
///
/// ```
/// use pgn_arbiter::board::helpmate::Proof;
/// use pgn_arbiter::cli::settings::choice;
/// assert_eq!(choice::<Proof>("proof", "fast").unwrap(), Proof::Fast);
/// assert!(choice::<Proof>("proof", "quick").is_err());
/// ```
pub fn choice<T: clap::ValueEnum>(option: &str, text: &str) -> Result<T, Failure> {
    T::from_str(text, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        Failure::Usage(format!(
            "{option}={text:?}: give one of {}",
            names.join(", ")
        ))
    })
}
