//! The outputs of a run: each is a small writer behind [`Output`], chosen
//! by the options in `audit` (the IO configuration's one place), and fed
//! the workers' results block by block, in input order. A new output is a
//! new file here; the pipeline does not change.

mod csv_reports;
mod fixed_pgn;
mod html_report;
mod summary_json;

use std::io;

pub use csv_reports::CsvReports;
pub use fixed_pgn::FixedPgn;
pub use html_report::HtmlReport;
pub use summary_json::SummaryJson;

use crate::report::html::Page;
use crate::report::summary::Summary;

/// What the workers made of one block of games, formatted.
#[derive(Debug, Default)]
pub struct BlockResults {
    /// `verdicts.csv` rows.
    pub verdicts: Vec<u8>,
    /// `incidents.csv` rows.
    pub incidents: Vec<u8>,
    /// The games written back, corrected (`--fixed-pgn`).
    pub fixed: Vec<u8>,
    /// The pages of the games to look at (`--html`).
    pub pages: Vec<Page>,
}

/// One output of a run.
pub trait Output {
    /// One block's results; blocks come in input order.
    fn block(&mut self, results: &mut BlockResults) -> io::Result<()>;

    /// Incident rows that belong to no game (events lines that matched
    /// none), after the last block.
    fn trailing_incidents(&mut self, _rows: &[u8]) -> io::Result<()> {
        Ok(())
    }

    /// The run is over: completes the output and makes sure it reached the
    /// disk, so that a failure comes before the report set is put in place.
    fn finish(self: Box<Self>, summary: &Summary) -> io::Result<()>;
}
