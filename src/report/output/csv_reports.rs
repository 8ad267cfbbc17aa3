//! `verdicts.csv` and `incidents.csv`: a verdict row for every game (or,
//! with `--rows flagged`, for every game not `confirmed`) and a row for
//! every incident.

use std::io::{self, Write};
use std::path::Path;

use super::{Format, Output};
use crate::model::verdict::Status;
use crate::read::events::Unmatched;
use crate::report::audited::AuditedGame;
use crate::report::file::{Compression, ReportFile};
use crate::report::rows::{
    INCIDENT_COLUMNS, IncidentRow, VERDICT_COLUMNS, VerdictRow, buffer_writer, header,
};
use crate::report::summary::Summary;

/// The two CSV reports.
pub struct CsvReports {
    verdicts: ReportFile,
    incidents: ReportFile,
    rows: CsvRows,
}

/// Which rows the reports get, and how their cells are written.
#[derive(Debug, Clone, Copy)]
pub struct CsvRows {
    /// Verdict rows only for games that are not `confirmed`.
    pub flagged_only: bool,
    /// Cells as found, formulas and all (`--raw`).
    pub raw: bool,
}

impl CsvRows {
    /// Hands over a game's verdict row, when the reports take it, and a
    /// row for each of its incidents.
    pub fn each<'a>(
        &self,
        game: &AuditedGame<'a>,
        mut verdict: impl FnMut(VerdictRow<'a>),
        mut incident: impl FnMut(IncidentRow<'a>),
    ) {
        let judgement = game.judgement;
        if judgement.verdict.status != Status::Confirmed || !self.flagged_only {
            verdict(VerdictRow::new(game, self.raw));
        }
        for one in &judgement.incidents {
            incident(IncidentRow::new(game.origin, one, self.raw));
        }
    }
}

impl CsvReports {
    pub fn create(dir: &Path, compression: Compression, rows: CsvRows) -> io::Result<CsvReports> {
        let file = |name: &str, columns: &[&str]| {
            let path = dir.join(compression.file_name(name));
            ReportFile::create(&path, compression, &header(columns))
        };
        Ok(CsvReports {
            verdicts: file("verdicts.csv", VERDICT_COLUMNS)?,
            incidents: file("incidents.csv", INCIDENT_COLUMNS)?,
            rows,
        })
    }
}

/// One block's rows.
pub struct CsvPart {
    verdicts: csv::Writer<Vec<u8>>,
    incidents: csv::Writer<Vec<u8>>,
    verdict_rows: u64,
}

impl Default for CsvPart {
    fn default() -> Self {
        CsvPart {
            verdicts: buffer_writer(),
            incidents: buffer_writer(),
            verdict_rows: 0,
        }
    }
}

impl Format for CsvRows {
    type Part = CsvPart;

    fn game(&self, game: &AuditedGame<'_>, part: &mut CsvPart) {
        // Writing into a Vec cannot fail short of running out of memory.
        self.each(
            game,
            |row| {
                row.write(&mut part.verdicts).expect("writing to memory");
                part.verdict_rows += 1;
            },
            |row| row.write(&mut part.incidents).expect("writing to memory"),
        );
    }
}

impl Output for CsvReports {
    type Format = CsvRows;

    fn format(&self) -> CsvRows {
        self.rows
    }

    fn block(&mut self, part: CsvPart, summary: &mut Summary) -> io::Result<()> {
        summary.verdict_rows += part.verdict_rows;
        self.verdicts.write_all(&bytes(part.verdicts)?)?;
        self.incidents.write_all(&bytes(part.incidents)?)
    }

    fn unmatched_events(&mut self, path: &str, lines: &[Unmatched]) -> io::Result<()> {
        let mut rows = buffer_writer();
        for line in lines {
            IncidentRow::unmatched(path, line, self.rows.raw)
                .write(&mut rows)
                .map_err(io::Error::other)?;
        }
        self.incidents.write_all(&bytes(rows)?)
    }

    fn finish(self, _: &Summary) -> io::Result<()> {
        self.verdicts.finish()?;
        self.incidents.finish()
    }
}

fn bytes(rows: csv::Writer<Vec<u8>>) -> io::Result<Vec<u8>> {
    rows.into_inner()
        .map_err(|e| io::Error::other(e.to_string()))
}
