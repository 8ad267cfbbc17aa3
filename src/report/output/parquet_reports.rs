//! `verdicts.parquet` and `incidents.parquet`: the CSV reports' rows in
//! typed columns ([`crate::report::table`]). The same rows, as Arrow
//! batches, are what the Python package hands to pyarrow.

use std::io;
use std::path::Path;

use arrow_array::RecordBatch;

use super::{CsvRows, Format, Output};
use crate::read::events::Unmatched;
use crate::report::audited::AuditedGame;
use crate::report::parquet_file::ParquetFile;
use crate::report::rows::IncidentRow;
use crate::report::summary::Summary;
use crate::report::table::{Columns, INCIDENTS, VERDICTS};

/// The two Parquet reports.
pub struct ParquetReports {
    verdicts: ParquetFile,
    incidents: ParquetFile,
    rows: TableRows,
}

impl ParquetReports {
    pub fn create(dir: &Path, rows: TableRows) -> io::Result<ParquetReports> {
        Ok(ParquetReports {
            verdicts: ParquetFile::create(&dir.join("verdicts.parquet"), VERDICTS.schema())?,
            incidents: ParquetFile::create(&dir.join("incidents.parquet"), INCIDENTS.schema())?,
            rows,
        })
    }
}

/// Which rows the typed reports get; their text is always as found.
#[derive(Debug, Clone, Copy)]
pub struct TableRows {
    /// Verdict rows only for games that are not `confirmed`.
    pub flagged_only: bool,
}

/// One block's rows, in columns.
pub struct TablePart {
    pub verdicts: Columns,
    pub incidents: Columns,
}

impl Default for TablePart {
    fn default() -> Self {
        TablePart {
            verdicts: Columns::new(&VERDICTS),
            incidents: Columns::new(&INCIDENTS),
        }
    }
}

impl TablePart {
    /// The block's verdicts and incidents, as two batches; the verdict
    /// rows are counted in the run's summary.
    pub fn finish(self, summary: &mut Summary) -> (RecordBatch, RecordBatch) {
        summary.verdict_rows += self.verdicts.len() as u64;
        (self.verdicts.finish(), self.incidents.finish())
    }
}

impl Format for TableRows {
    type Part = TablePart;

    fn game(&self, game: &AuditedGame<'_>, part: &mut TablePart) {
        let rows = CsvRows {
            flagged_only: self.flagged_only,
            raw: true,
        };
        rows.each(
            game,
            |row| part.verdicts.push(&row),
            |row| part.incidents.push(&row),
        );
    }
}

/// The incident rows of the `--events` lines that matched no game.
pub fn unmatched_rows(path: &str, lines: &[Unmatched]) -> RecordBatch {
    let mut columns = Columns::new(&INCIDENTS);
    for line in lines {
        columns.push(&IncidentRow::unmatched(path, line, true));
    }
    columns.finish()
}

impl Output for ParquetReports {
    type Format = TableRows;

    fn format(&self) -> TableRows {
        self.rows
    }

    fn block(&mut self, part: TablePart, summary: &mut Summary) -> io::Result<()> {
        let (verdicts, incidents) = part.finish(summary);
        self.verdicts.write(verdicts)?;
        self.incidents.write(incidents)
    }

    fn unmatched_events(&mut self, path: &str, lines: &[Unmatched]) -> io::Result<()> {
        self.incidents.write(unmatched_rows(path, lines))
    }

    fn finish(self, _: &Summary) -> io::Result<()> {
        self.verdicts.finish()?;
        self.incidents.finish()
    }
}
