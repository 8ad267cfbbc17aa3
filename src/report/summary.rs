//! `summary.json`: what one run did — counts by status, rule and incident
//! kind, the inputs with their size and game count, the options, the
//! tool's version and the time taken. `merge` sums and checks these.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::laws::placement::NoCategory;
use crate::read::shard::Shard;

/// The options that change what a report holds: reports merged together
/// must agree on them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunOptions {
    pub regime: String,
    /// `--laws`; runs before it was an option were judged by `ru-rapid`.
    #[serde(default = "ru_rapid")]
    pub laws: String,
    pub proof: String,
    pub rows: String,
    pub only_rapid: bool,
    pub clock_tolerance: Option<f64>,
    pub max_game_bytes: usize,
    pub syzygy: bool,
    /// The tablebase files `--syzygy` read, by name: reports judged with
    /// other tables do not merge.
    #[serde(default)]
    pub syzygy_tables: Vec<String>,
    /// `--raw`: cells left as found, formulas and all.
    #[serde(default)]
    pub raw: bool,
    /// The `--events` file, if any.
    pub events: Option<String>,
    /// `--format`: `csv` or `parquet` (runs before it was an option wrote
    /// CSV).
    #[serde(default = "csv")]
    pub format: String,
    /// `--short-lines`: `read` or `all` (runs before it was an option
    /// searched a short line for every reason, within a smaller bound).
    #[serde(default = "read")]
    pub short_lines: String,
}

fn read() -> String {
    "read".into()
}

fn csv() -> String {
    "csv".into()
}

fn ru_rapid() -> String {
    "ru-rapid".into()
}

/// What a run did, for the summary and the exit code.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub games: u64,
    pub verdict_rows: u64,
    pub incident_rows: u64,
    pub by_status: BTreeMap<&'static str, u64>,
    pub by_rule: BTreeMap<&'static str, u64>,
    /// Games by the rule set that judged them (the `laws` column).
    pub by_laws: BTreeMap<&'static str, u64>,
    pub by_incident: BTreeMap<&'static str, u64>,
    /// Games by how they ended (the `ending` column).
    pub by_ending: BTreeMap<&'static str, u64>,
    /// Games judged by the rapid-play rules although they are not rapid,
    /// by category (under a rule set that judges every game as rapid).
    pub not_rapid: BTreeMap<&'static str, u64>,
    /// Games of no known category, by why (what the record lacks).
    pub no_category: BTreeMap<NoCategory, u64>,
    /// Records written an unusual way that the audit read (moves on the
    /// last tag's line; a Result tag and a movetext marker that differ).
    pub records: BTreeMap<&'static str, u64>,
    /// Games whose tags are not UTF-8, by the encoding they were read in.
    pub encodings: BTreeMap<&'static str, u64>,
    /// Sources that could not be read, or not to the end.
    pub source_errors: Vec<String>,
    /// Lines of the events file that matched no game, or several.
    pub unmatched_events: u64,
    /// Games too large to be written back to the corrected PGN.
    pub not_copied: u64,
    /// Games audited from each source, in the order given.
    pub per_source: Vec<u64>,
    pub seconds: f64,
}

impl Summary {
    /// Adds the counts of one block.
    pub fn add(&mut self, from: Summary) {
        self.games += from.games;
        self.verdict_rows += from.verdict_rows;
        self.incident_rows += from.incident_rows;
        self.not_copied += from.not_copied;
        for (k, v) in from.by_status {
            *self.by_status.entry(k).or_default() += v;
        }
        for (k, v) in from.by_rule {
            *self.by_rule.entry(k).or_default() += v;
        }
        for (k, v) in from.by_laws {
            *self.by_laws.entry(k).or_default() += v;
        }
        for (k, v) in from.by_incident {
            *self.by_incident.entry(k).or_default() += v;
        }
        for (k, v) in from.by_ending {
            *self.by_ending.entry(k).or_default() += v;
        }
        for (k, v) in from.not_rapid {
            *self.not_rapid.entry(k).or_default() += v;
        }
        for (k, v) in from.no_category {
            *self.no_category.entry(k).or_default() += v;
        }
        for (k, v) in from.records {
            *self.records.entry(k).or_default() += v;
        }
        for (k, v) in from.encodings {
            *self.encodings.entry(k).or_default() += v;
        }
    }
}

/// One input of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputSummary {
    /// The name the reports use (the path as given, or `-`).
    pub source: String,
    /// The path with links resolved, to find the same file under two names.
    pub path: Option<String>,
    pub bytes: Option<u64>,
    pub games: u64,
    /// The part of the file this run audited (`--shard`).
    pub shard: Option<Shard>,
    /// Its byte range: the games that start in `[start, end)`.
    pub range: Option<(u64, u64)>,
    /// With `--shard`: a checksum of the file's first and last MiB, so that
    /// shards of a file that changed between their runs are not merged.
    #[serde(default)]
    pub fingerprint: Option<String>,
    /// The file's device and inode (`dev:ino`), so that one file under two
    /// names (a hard link) is not merged twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
}

/// The whole `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub tool: String,
    pub version: String,
    pub options: RunOptions,
    pub inputs: Vec<InputSummary>,
    pub games: u64,
    pub verdict_rows: u64,
    pub incident_rows: u64,
    pub status: BTreeMap<String, u64>,
    pub rule: BTreeMap<String, u64>,
    pub incidents: BTreeMap<String, u64>,
    /// Games by how they ended (the `ending` column).
    #[serde(default)]
    pub endings: BTreeMap<String, u64>,
    /// Games judged by the rapid-play rules although not rapid, by
    /// category (`ru-rapid` judges every game so).
    #[serde(default)]
    pub not_rapid: BTreeMap<String, u64>,
    /// Games of no known category, by why.
    #[serde(default)]
    pub no_category: BTreeMap<String, u64>,
    /// Records written an unusual way, by what was unusual.
    #[serde(default)]
    pub records: BTreeMap<String, u64>,
    /// Games whose tags are not UTF-8, by the encoding guessed and used
    /// (`windows-1251`, `windows-1250` …).
    #[serde(default)]
    pub encodings: BTreeMap<String, u64>,
    /// Inputs that could not be read, or not to the end.
    pub errors: Vec<String>,
    /// Wall-clock seconds; summed by `merge`.
    pub seconds: f64,
    /// A `merge --partial` of an incomplete set of shards: the shards of
    /// each file no report covers. Absent from a whole report.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_shards: Vec<MissingShards>,
}

/// The shards of one file a merged report lacks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MissingShards {
    pub source: String,
    /// `2/3`, …
    pub shards: Vec<String>,
    /// The bytes of the file whose games no merged report holds.
    pub bytes: u64,
}

impl RunSummary {
    /// The summary before the run: the tool, the options, the inputs
    /// (their game counts, and every count, come at the end).
    pub fn new(options: RunOptions, inputs: Vec<InputSummary>) -> RunSummary {
        RunSummary {
            tool: env!("CARGO_PKG_NAME").into(),
            version: env!("CARGO_PKG_VERSION").into(),
            options,
            inputs,
            games: 0,
            verdict_rows: 0,
            incident_rows: 0,
            status: Default::default(),
            rule: Default::default(),
            incidents: Default::default(),
            endings: Default::default(),
            not_rapid: Default::default(),
            no_category: Default::default(),
            records: Default::default(),
            encodings: Default::default(),
            errors: Vec::new(),
            seconds: 0.0,
            missing_shards: Vec::new(),
        }
    }

    pub fn write(&self, path: &Path) -> io::Result<()> {
        let mut text = serde_json::to_string_pretty(self).map_err(io::Error::other)?;
        text.push('\n');
        std::fs::write(path, text)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
    }

    pub fn read(path: &Path) -> Result<RunSummary, SummaryError> {
        let path = path.to_path_buf();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => return Err(SummaryError::Unreadable { path, error }),
        };
        serde_json::from_str(&text).map_err(|error| SummaryError::NotASummary { path, error })
    }
}

/// Why a report's summary.json cannot be read back (`merge`).
#[derive(Debug)]
pub enum SummaryError {
    Unreadable {
        path: std::path::PathBuf,
        error: io::Error,
    },
    NotASummary {
        path: std::path::PathBuf,
        error: serde_json::Error,
    },
}

impl std::fmt::Display for SummaryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SummaryError::Unreadable { path, error } => write!(
                f,
                "{}: {error} (is it a pgn-arbiter report directory?)",
                path.display()
            ),
            SummaryError::NotASummary { path, error } => {
                write!(f, "{}: not a pgn-arbiter summary: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for SummaryError {}

impl RunSummary {
    /// Fills in what the run found: game counts per input, the counts by
    /// status, rule and incident kind, errors, time.
    pub fn complete(&mut self, summary: &Summary) {
        for (input, games) in self.inputs.iter_mut().zip(&summary.per_source) {
            input.games = *games;
        }
        self.games = summary.games;
        self.verdict_rows = summary.verdict_rows;
        self.incident_rows = summary.incident_rows;
        self.status = counts(&summary.by_status);
        self.rule = counts(&summary.by_rule);
        self.incidents = counts(&summary.by_incident);
        self.endings = counts(&summary.by_ending);
        self.not_rapid = counts(&summary.not_rapid);
        self.no_category = (summary.no_category.iter())
            .map(|(k, v)| (k.name().to_string(), *v))
            .collect();
        self.records = counts(&summary.records);
        self.encodings = counts(&summary.encodings);
        self.errors = summary.source_errors.clone();
        self.seconds = summary.seconds;
    }
}

/// Counts with string keys, as `summary.json` writes them.
pub fn counts(map: &BTreeMap<&'static str, u64>) -> BTreeMap<String, u64> {
    map.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}
