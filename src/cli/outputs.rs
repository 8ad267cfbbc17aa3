//! The run's one list of outputs: what each door (`audit`, `tournament`,
//! the Python package) asks to be written, built here alike.

use std::io;
use std::path::Path;

use crate::cli::settings::{Config, Rows};
use crate::read::input::Source;
use crate::report::file::{Compression, ReportFormat};
use crate::report::output::{AnyOutput, CsvReports, CsvRows, FixedPgn, HtmlReport, SummaryJson};
use crate::report::set::ReportSet;
use crate::report::summary::RunSummary;

/// Where the HTML report is to stand, and what it shows.
pub(crate) struct Html<'p> {
    /// Its folder as the user named it.
    pub at: &'p Path,
    /// The report folder as the user named it (the index links to it).
    pub report_dir: &'p Path,
    /// A page for every game (the tournament's), not only those to look at.
    pub every_game: bool,
}

/// What a door asks to be written.
pub(crate) struct Plan<'p> {
    /// The verdicts and incidents as files, in this form and compression;
    /// `None` when a door takes the rows itself (Python's batches).
    pub files: Option<(ReportFormat, Compression)>,
    /// `summary.json` beside them.
    pub summary_json: bool,
    pub html: Option<Html<'p>>,
}

impl Plan<'_> {
    /// The summary document's `format` and whether its cells are raw.
    fn form(&self) -> (&'static str, bool) {
        match self.files {
            Some((format, _)) => (format.as_str(), format == ReportFormat::Parquet),
            None => ("arrow", true),
        }
    }

    /// The summary document the outputs start from.
    pub fn document(&self, config: &Config, inputs: &[Source]) -> RunSummary {
        let (format, raw) = self.form();
        config.document(inputs, format, raw)
    }

    /// The outputs, writing into the staged report set (`set`: `None` for
    /// a door that writes no file), then `extra` (a door's own).
    pub fn build<'o>(
        &self,
        config: &Config,
        set: Option<&ReportSet>,
        inputs: &[Source],
        extra: Vec<Box<dyn AnyOutput + 'o>>,
    ) -> io::Result<Vec<Box<dyn AnyOutput + 'o>>> {
        let mut outputs: Vec<Box<dyn AnyOutput + 'o>> = Vec::new();
        let document = self.document(config, inputs);
        let settings = config.settings();
        let flagged_only = settings.rows == Rows::Flagged;
        if let (Some(set), Some((format, compress))) = (set, self.files) {
            let dir = set.report_dir();
            outputs.push(match format {
                ReportFormat::Csv => {
                    let rows = CsvRows {
                        flagged_only,
                        raw: settings.raw,
                    };
                    Box::new(CsvReports::create(dir, compress, rows)?)
                }
                ReportFormat::Parquet => typed_reports(dir, flagged_only)?,
            });
            if self.summary_json {
                let json = SummaryJson::new(&dir.join("summary.json"), document.clone());
                outputs.push(Box::new(json));
            }
            if let Some(path) = set.fixed_pgn() {
                outputs.push(Box::new(FixedPgn::create(path)?));
            }
            if let (Some(staged), Some(html)) = (set.html(), &self.html) {
                let names: Vec<String> = inputs.iter().map(Source::name).collect();
                let report = HtmlReport::create(
                    staged,
                    document,
                    html.at,
                    html.report_dir,
                    format.file_names(compress),
                    &names,
                    &settings.verdict_flags(),
                )?;
                outputs.push(if html.every_game {
                    Box::new(report.with_every_game())
                } else {
                    Box::new(report)
                });
            }
        }
        outputs.extend(extra);
        Ok(outputs)
    }
}

/// `verdicts.parquet` and `incidents.parquet`.
#[cfg(feature = "tables")]
fn typed_reports(dir: &Path, flagged_only: bool) -> io::Result<Box<dyn AnyOutput>> {
    use crate::report::output::{ParquetReports, TableRows};
    Ok(Box::new(ParquetReports::create(
        dir,
        TableRows { flagged_only },
    )?))
}

/// A build without Arrow and Parquet writes none (`audit` refuses the
/// option before this is reached).
#[cfg(not(feature = "tables"))]
fn typed_reports(_: &Path, _: bool) -> io::Result<Box<dyn AnyOutput>> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        crate::report::file::NO_TABLES,
    ))
}
