//! Why the outputs asked for cannot be written: a usage error, so its
//! words stay beside it. Each output is known by its kind, never by its
//! label.

use std::fmt;
use std::path::PathBuf;

/// One of a run's outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    ReportDir,
    FixedPgn,
    Html,
}

impl OutputKind {
    /// The word in its staging place's name (`.pgn-arbiter-html.partial`).
    pub(super) fn key(self) -> &'static str {
        match self {
            OutputKind::ReportDir => "report",
            OutputKind::FixedPgn => "fixed-pgn",
            OutputKind::Html => "html",
        }
    }
}

impl fmt::Display for OutputKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputKind::ReportDir => "report directory (-o)",
            OutputKind::FixedPgn => "--fixed-pgn",
            OutputKind::Html => "--html",
        })
    }
}

/// What is wrong with a name a folder output would replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foreign {
    NotAFolder,
    AFolder,
    /// A folder without the marker of an earlier run.
    NotOurs,
}

impl fmt::Display for Foreign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foreign::NotAFolder => "is not a folder",
            Foreign::AFolder => "is a folder",
            Foreign::NotOurs => {
                "is a folder pgn-arbiter did not make (it has no .pgn-arbiter marker)"
            }
        })
    }
}

/// Why the outputs asked for would destroy input, each other, or what the
/// user keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A file output named like a folder (`out/`).
    FolderName { kind: OutputKind, path: PathBuf },
    /// A file output where a folder is, or the other way round.
    WrongKind {
        kind: OutputKind,
        path: PathBuf,
        is_dir: bool,
    },
    /// One output inside another.
    Inside {
        inner: (OutputKind, PathBuf),
        outer: (OutputKind, PathBuf),
    },
    /// An output that would overwrite an input (`None`: standard input).
    Overwrites {
        kind: OutputKind,
        path: PathBuf,
        input: Option<PathBuf>,
    },
    /// An audit's report folder that holds a tournament's files.
    Tournament {
        dir: PathBuf,
        files: Vec<&'static str>,
    },
    /// A name a folder output would replace, of the wrong kind or not its own.
    Foreign {
        kind: OutputKind,
        path: PathBuf,
        at: PathBuf,
        why: Foreign,
    },
    /// Another run holds the output's lock (its process number, if written).
    Locked {
        kind: OutputKind,
        path: PathBuf,
        holder: Option<String>,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::FolderName { kind, path } => {
                let path = path.display();
                write!(
                    f,
                    "{kind} {path} ends in `/`, a folder's name: it takes a file (e.g. {path}fixed.pgn)"
                )
            }
            Refusal::WrongKind { kind, path, is_dir } => {
                let is = if *is_dir { "a directory" } else { "a file" };
                write!(f, "{kind} {} is {is}", path.display())
            }
            Refusal::Inside { inner, outer } => write!(
                f,
                "{} {} lies inside the {} {}: give them separate paths",
                inner.0,
                inner.1.display(),
                outer.0,
                outer.1.display()
            ),
            Refusal::Overwrites { kind, path, input } => write!(
                f,
                "{kind} {} would overwrite the input {}: choose another output path",
                path.display(),
                input
                    .as_ref()
                    .map_or("read on standard input".into(), |i| i.display().to_string())
            ),
            Refusal::Tournament { dir, files } => write!(
                f,
                "{} holds a tournament's report ({}): this run would replace its verdicts and \
                 leave standings they did not make; write to another folder (-o), or remove \
                 those files first",
                dir.display(),
                files.join(", ")
            ),
            Refusal::Foreign {
                kind,
                path,
                at,
                why,
            } => write!(
                f,
                "{kind} {}: {} {why}, and this run would replace it; move it away or choose \
                 another path",
                path.display(),
                at.display()
            ),
            Refusal::Locked { kind, path, holder } => write!(
                f,
                "the {kind} {} is being written by another pgn-arbiter run{}; wait for it to \
                 end, or write elsewhere",
                path.display(),
                holder
                    .as_ref()
                    .map_or(String::new(), |pid| format!(" (process {pid})"))
            ),
        }
    }
}

impl std::error::Error for Refusal {}
