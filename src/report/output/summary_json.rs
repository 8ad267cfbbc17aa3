//! `summary.json`, written when the run is over (see
//! [`crate::report::summary`]).

use std::io;
use std::path::{Path, PathBuf};

use super::{BlockResults, Output};
use crate::report::summary::RunSummary;
use crate::report::summary::Summary;

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
        document.complete(summary);
        document.write(&self.path)
    }
}
