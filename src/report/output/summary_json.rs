//! `summary.json`, written when the run is over (see
//! [`crate::report::summary`]).

use std::io;
use std::path::{Path, PathBuf};

use super::{Format, Output};
use crate::report::audited::AuditedGame;
use crate::report::summary::RunSummary;
use crate::report::summary::Summary;

pub struct SummaryJson {
    path: PathBuf,
    document: RunSummary,
}

impl SummaryJson {
    pub fn new(path: &Path, document: RunSummary) -> SummaryJson {
        SummaryJson {
            path: path.to_path_buf(),
            document,
        }
    }
}

/// The summary is counted by the run; no game adds anything of its own.
pub struct Counted;

impl Format for Counted {
    type Part = ();

    fn game(&self, _: &AuditedGame<'_>, _: &mut ()) {}
}

impl Output for SummaryJson {
    type Format = Counted;

    fn format(&self) -> Counted {
        Counted
    }

    fn block(&mut self, _: (), _: &mut Summary) -> io::Result<()> {
        Ok(())
    }

    fn finish(self, summary: &Summary) -> io::Result<()> {
        let mut document = self.document;
        document.complete(summary);
        document.write(&self.path)
    }
}
