//! `--html DIR`: a page per game to look at as blocks arrive, the index
//! once the run is over (see [`crate::report::html`]).

use std::io;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::{Format, Output};
use crate::model::verdict::Status;
use crate::report::audited::AuditedGame;
use crate::report::html::index::IndexWriter;
use crate::report::html::{self, IndexRow};
use crate::report::set::resolve;
use crate::report::summary::RunSummary;
use crate::report::summary::Summary;

pub struct HtmlReport {
    dir: PathBuf,
    index: IndexWriter,
    /// The run's summary, as summary.json will say it.
    document: RunSummary,
    /// The report directory, relative to the HTML report's, for links to
    /// the CSVs.
    reports: String,
    /// The names of the verdicts and incidents files.
    files: [String; 2],
    pages: Pages,
}

impl HtmlReport {
    /// A page for every game, not only for those to look at (a
    /// tournament's games, each linked from its crosstable).
    pub fn with_every_game(mut self) -> HtmlReport {
        self.pages.every_game = true;
        self
    }

    /// Writes into `dir` (staged); `html_at` and `reports_at` are where the
    /// HTML report and the report directory will stand.
    pub fn create(
        dir: &Path,
        document: RunSummary,
        html_at: &Path,
        reports_at: &Path,
        files: [String; 2],
        sources: &[String],
        flags: &str,
    ) -> io::Result<HtmlReport> {
        let games = dir.join("games");
        std::fs::create_dir_all(&games)
            .and_then(|()| {
                std::fs::write(
                    games.join(crate::report::set::MARKER),
                    "pgn-arbiter --html made this folder; each run replaces it whole.\n",
                )
            })
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        let reports = html::relative(&resolve(html_at), &resolve(reports_at));
        Ok(HtmlReport {
            dir: dir.to_path_buf(),
            index: IndexWriter::create(dir)?,
            document,
            reports: reports.to_string_lossy().replace('\\', "/"),
            files,
            pages: Pages {
                dir: dir.into(),
                stems: html::page_stems(sources).into(),
                every_game: false,
                flags: flags.into(),
            },
        })
    }
}

fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// Renders and writes the page of each game to look at, in the workers:
/// a block's pages are not held until its turn (a block of tiny games
/// makes pages two hundred times its size).
#[derive(Clone)]
pub struct Pages {
    /// The staged HTML folder.
    dir: Arc<Path>,
    /// For each source, a name unique in the run and safe in a file name.
    stems: Arc<[String]>,
    /// A page for every game, not only for those to look at.
    every_game: bool,
    /// The options that made the verdicts, as `explain` takes them.
    flags: Arc<str>,
}

/// A block's pages, written: their index rows, or the first failure.
#[derive(Default)]
pub struct Written {
    rows: Vec<IndexRow>,
    failed: Option<io::Error>,
}

impl Format for Pages {
    const READS_TEXT: bool = true;
    type Part = Written;

    fn game(&self, game: &AuditedGame<'_>, written: &mut Written) {
        let (origin, judgement) = (game.origin, game.judgement);
        let stem = &self.stems[origin.input];
        let verdict = &judgement.verdict;
        // The rows an appeal reads (corrected, review, error) get a page;
        // a confirmed row stands in the index alone, its page written only
        // where every game's is asked for (a month of a server's games
        // flags thousands it confirms: 427 MB of pages).
        let appeal = verdict.status != Status::Confirmed;
        let page = game
            .game
            .filter(|_| appeal || self.every_game)
            .and_then(|replayed| html::page(replayed, judgement, origin, (stem, &self.flags)))
            .or_else(|| {
                (verdict.status == Status::Error)
                    .then(|| {
                        let page = (stem.as_str(), &*self.flags);
                        html::error_page(game.record, &judgement.book, verdict, origin, page)
                    })
                    .flatten()
            });
        let Some(page) = page else {
            written
                .rows
                .push(html::unpaged_row(game.record, judgement, origin, stem));
            return;
        };
        if written.failed.is_none() {
            match write(&self.dir.join(&page.row.page), page.html.as_bytes()) {
                Ok(()) => written.rows.push(page.row),
                Err(e) => written.failed = Some(e),
            }
        }
    }
}

impl Output for HtmlReport {
    type Format = Pages;

    fn format(&self) -> Pages {
        self.pages.clone()
    }

    fn block(&mut self, written: Written, _: &mut Summary) -> io::Result<()> {
        if let Some(e) = written.failed {
            return Err(e);
        }
        written.rows.iter().try_for_each(|row| self.index.add(row))
    }

    fn finish(self, summary: &Summary) -> io::Result<()> {
        let mut document = self.document;
        document.complete(summary);
        let links = [self.reports.as_str(), &self.pages.flags];
        self.index.finish(&self.dir, &document, links, &self.files)
    }
}
