//! The outputs of a run. Each is one file here, in two halves, the way
//! ripgrep's printers receive a searcher's results: a [`Format`] that the
//! workers run on every [`AuditedGame`], in parallel, into a block's part;
//! and the [`Output`] itself, which receives the parts block by block, in
//! input order, and writes them. The pipeline knows no output by name: the
//! `audit` command lists the ones a run asks for.

mod csv_reports;
mod fixed_pgn;
mod html_report;
#[cfg(feature = "tables")]
mod parquet_reports;
mod played_games;
mod summary_json;

use std::any::Any;
use std::io;
use std::sync::Arc;

pub use csv_reports::{CsvReports, CsvRows};
pub use fixed_pgn::FixedPgn;
pub use html_report::HtmlReport;
#[cfg(feature = "tables")]
pub use parquet_reports::{ParquetReports, TablePart, TableRows, unmatched_rows};
pub use played_games::PlayedGames;
pub use summary_json::SummaryJson;

use crate::read::events::Unmatched;
use crate::report::audited::AuditedGame;
use crate::report::summary::Summary;

/// The half of an output that runs in the workers.
pub trait Format: Send + Sync + 'static {
    /// What one block's games make for this output.
    type Part: Default + Send + 'static;

    /// Whether it copies or shows the game's text as its source wrote it
    /// (the record's bytes and layout), which a game of an export read
    /// straight from its JSON does not have.
    const READS_TEXT: bool = false;

    /// Formats one game into its block's part.
    fn game(&self, game: &AuditedGame<'_>, part: &mut Self::Part);
}

/// One output of a run.
pub trait Output {
    type Format: Format;

    /// What formats the games in the workers.
    fn format(&self) -> Self::Format;

    /// One block's part; blocks come in input order. What only the output
    /// knows (rows written, games it could not copy) it adds to the run's
    /// summary.
    fn block(
        &mut self,
        part: <Self::Format as Format>::Part,
        summary: &mut Summary,
    ) -> io::Result<()>;

    /// The lines of the `--events` file (at `path`) that matched no game,
    /// after the last block, in batches.
    fn unmatched_events(&mut self, _path: &str, _lines: &[Unmatched]) -> io::Result<()> {
        Ok(())
    }

    /// The run is over: completes the output and makes sure it reached the
    /// disk, so that a failure comes before the report set is put in place.
    fn finish(self, summary: &Summary) -> io::Result<()>;
}

/// A block's part with its type erased, so that outputs of every kind sit
/// in one list.
pub type Part = Box<dyn Any + Send>;

/// [`Format`] as the pipeline holds it.
pub trait AnyFormat: Send + Sync {
    fn part(&self) -> Part;
    fn reads_text(&self) -> bool;
    fn game(&self, game: &AuditedGame<'_>, part: &mut Part);
}

impl<F: Format> AnyFormat for F {
    fn part(&self) -> Part {
        Box::new(F::Part::default())
    }

    fn reads_text(&self) -> bool {
        F::READS_TEXT
    }

    fn game(&self, game: &AuditedGame<'_>, part: &mut Part) {
        // A part only ever comes from its own output's format (`part`).
        if let Some(part) = part.downcast_mut::<F::Part>() {
            Format::game(self, game, part);
        }
    }
}

/// [`Output`] as the pipeline holds it.
pub trait AnyOutput {
    fn format(&self) -> Arc<dyn AnyFormat>;
    fn block(&mut self, part: Part, summary: &mut Summary) -> io::Result<()>;
    fn unmatched_events(&mut self, path: &str, lines: &[Unmatched]) -> io::Result<()>;
    fn finish(self: Box<Self>, summary: &Summary) -> io::Result<()>;
}

impl<O: Output> AnyOutput for O {
    fn format(&self) -> Arc<dyn AnyFormat> {
        Arc::new(Output::format(self))
    }

    fn block(&mut self, part: Part, summary: &mut Summary) -> io::Result<()> {
        match part.downcast::<<O::Format as Format>::Part>() {
            Ok(part) => Output::block(self, *part, summary),
            Err(_) => Err(io::Error::other("a block's part reached the wrong output")),
        }
    }

    fn unmatched_events(&mut self, path: &str, lines: &[Unmatched]) -> io::Result<()> {
        Output::unmatched_events(self, path, lines)
    }

    fn finish(self: Box<Self>, summary: &Summary) -> io::Result<()> {
        Output::finish(*self, summary)
    }
}
