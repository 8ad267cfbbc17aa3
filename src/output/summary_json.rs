//! `summary.json`, written when the run is over (see
//! [`crate::run_summary`]).

use std::io;
use std::path::{Path, PathBuf};

use super::{BlockResults, Output};
use crate::pipeline::Summary;
use crate::run_summary::{RunSummary, counts};

pub struct SummaryJson {
    path: PathBuf,
    /// What is known before the run: the tool, the options, the inputs.
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

impl Output for SummaryJson {
    fn block(&mut self, _: &mut BlockResults) -> io::Result<()> {
        Ok(())
    }

    fn finish(self: Box<Self>, summary: &Summary) -> io::Result<()> {
        let mut document = self.document;
        for (input, games) in document.inputs.iter_mut().zip(&summary.per_source) {
            input.games = *games;
        }
        document.games = summary.games;
        document.verdict_rows = summary.verdict_rows;
        document.incident_rows = summary.incident_rows;
        document.status = counts(&summary.by_status);
        document.rule = counts(&summary.by_rule);
        document.incidents = counts(&summary.by_incident);
        document.errors = summary.source_errors.clone();
        document.seconds = summary.seconds;
        document.write(&self.path)
    }
}
