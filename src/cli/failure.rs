//! Why a subcommand stopped, and the exit code that says so: the command
//! cannot be carried out as given (2, nothing written), or reading or
//! writing failed (1, the previous report left whole).

use std::io;
use std::process::ExitCode;

use crate::report::rows::without_controls;
use crate::report::set::StageError;

#[derive(Debug)]
pub enum Failure {
    Usage(String),
    Io(io::Error),
    /// An input that is no PGN (binary data, or text with no tag pair or
    /// numbered move), named.
    NotPgn(String),
}

impl Failure {
    /// Says why on stderr; returns the exit code.
    pub fn report(self) -> ExitCode {
        let (why, code) = match self {
            Failure::Usage(why) => (why, 2),
            Failure::Io(e) => (e.to_string(), 1),
            Failure::NotPgn(why) => (why, 1),
        };
        say(&format!("pgn-arbiter: {why}"));
        ExitCode::from(code)
    }
}

/// Writes `said` and a newline to standard error. A message quotes the
/// user's files: their control bytes are escaped (line by line, so that a
/// message may run over several lines) and cannot drive the terminal. A
/// full or closed standard error (a log on a full disk) is no failure: the
/// exit code still says how the run went.
pub(crate) fn say(said: &str) {
    use std::io::Write;
    let mut text = String::with_capacity(said.len() + 1);
    // Lines, not the words: a message of several lines keeps its breaks.
    for line in said.split('\n') {
        text.push_str(&without_controls(line));
        text.push('\n');
    }
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Usage(why) | Failure::NotPgn(why) => f.write_str(why),
            Failure::Io(e) => e.fmt(f),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

impl From<StageError> for Failure {
    fn from(e: StageError) -> Self {
        match e {
            StageError::Refused(why) => Failure::Usage(why.to_string()),
            StageError::Io(e) => Failure::Io(e),
        }
    }
}
