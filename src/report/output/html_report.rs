//! `--html DIR`: a page per game to look at as blocks arrive, the index
//! once the run is over (see [`crate::report::html`]).

use std::io;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::{Format, Output};
use crate::model::verdict::Status;
use crate::report::audited::AuditedGame;
use crate::report::html::{self, IndexRow, Page};
use crate::report::set::resolve;
use crate::report::summary::RunSummary;
use crate::report::summary::Summary;

pub struct HtmlReport {
    dir: PathBuf,
    rows: Vec<IndexRow>,
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
            rows: Vec::new(),
            document,
            reports: reports.to_string_lossy().replace('\\', "/"),
            files,
            pages: Pages {
                stems: html::page_stems(sources).into(),
                every_game: false,
            },
        })
    }
}

fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// Renders the page of each game to look at.
#[derive(Clone)]
pub struct Pages {
    /// For each source, a name unique in the run and safe in a file name.
    stems: Arc<[String]>,
    /// A page for every game, not only for those to look at.
    every_game: bool,
}

impl Format for Pages {
    type Part = Vec<Page>;

    fn game(&self, game: &AuditedGame<'_>, pages: &mut Vec<Page>) {
        let (origin, judgement) = (game.origin, game.judgement);
        let stem = &self.stems[origin.input];
        let verdict = &judgement.verdict;
        let to_look_at = verdict.status != Status::Confirmed || !judgement.incidents.is_empty();
        let page = game
            .game
            .filter(|_| to_look_at || self.every_game)
            .and_then(|replayed| html::page(replayed, judgement, origin, stem))
            .or_else(|| {
                (verdict.status == Status::Error)
                    .then(|| html::error_page(game.record, &judgement.book, verdict, origin, stem))
                    .flatten()
            });
        pages.extend(page);
    }
}

impl Output for HtmlReport {
    type Format = Pages;

    fn format(&self) -> Pages {
        self.pages.clone()
    }

    fn block(&mut self, pages: Vec<Page>, _: &mut Summary) -> io::Result<()> {
        for page in pages {
            write(&self.dir.join(&page.row.page), page.html.as_bytes())?;
            self.rows.push(page.row);
        }
        Ok(())
    }

    fn finish(self, summary: &Summary) -> io::Result<()> {
        let mut document = self.document;
        document.complete(summary);
        let index = html::index(&document, &self.rows, &self.reports, &self.files);
        write(&self.dir.join("index.html"), index.as_bytes())
    }
}
