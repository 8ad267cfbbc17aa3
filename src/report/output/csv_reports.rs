//! `verdicts.csv` and `incidents.csv`, plain or zstd-compressed.

use std::io::{self, Write};
use std::path::Path;

use super::{BlockResults, Output};
use crate::report::file::{Compression, ReportFile};
use crate::report::rows::{INCIDENT_COLUMNS, VERDICT_COLUMNS, header};
use crate::report::summary::Summary;

pub struct CsvReports {
    verdicts: ReportFile,
    incidents: ReportFile,
}

impl CsvReports {
    /// The two reports in `dir`, headers written.
    pub fn create(dir: &Path, compression: Compression) -> io::Result<CsvReports> {
        let file = |name: &str, columns: &[&str]| {
            let path = dir.join(compression.file_name(name));
            ReportFile::create(&path, compression, &header(columns))
        };
        Ok(CsvReports {
            verdicts: file("verdicts.csv", VERDICT_COLUMNS)?,
            incidents: file("incidents.csv", INCIDENT_COLUMNS)?,
        })
    }
}

impl Output for CsvReports {
    fn block(&mut self, results: &mut BlockResults) -> io::Result<()> {
        self.verdicts.write_all(&results.verdicts)?;
        self.incidents.write_all(&results.incidents)
    }

    fn trailing_incidents(&mut self, rows: &[u8]) -> io::Result<()> {
        self.incidents.write_all(rows)
    }

    fn finish(self: Box<Self>, _: &Summary) -> io::Result<()> {
        self.verdicts.finish()?;
        self.incidents.finish()
    }
}
