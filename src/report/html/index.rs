//! The index page, written in bounded memory: each game's row is rendered
//! as it comes and spilled to one of five files by status (errors,
//! corrections, reviews, the confirmed games with incidents, then the
//! quiet ones, input order within each), and the page is then written around them. A month
//! with 40,000 flagged games costs no more memory than one with 40.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use askama::Template;

use super::IndexRow;
use crate::report::summary::RunSummary;

/// Where the rows stand in the page.
const ROWS_HERE: &str = "<!-- the rows -->";

#[derive(Template)]
#[template(path = "index.html")]
struct IndexTemplate<'a> {
    run: &'a RunSummary,
    any_rows: bool,
    rows_here: &'static str,
    rules: &'a BTreeSet<String>,
    categories: &'a BTreeSet<String>,
    kinds: &'a BTreeSet<String>,
    /// The report directory, relative to the index.
    reports: &'a str,
    /// The options that made the verdicts, as `explain` takes them.
    flags: &'a str,
    /// The names of the verdicts and incidents files.
    files: &'a [String; 2],
}

#[derive(Template)]
#[template(path = "index_row.html")]
struct RowTemplate<'a> {
    row: &'a IndexRow,
}

/// The index being written: its rows spilled, the filters' values kept.
pub struct IndexWriter {
    spills: Vec<(PathBuf, BufWriter<File>)>,
    rules: BTreeSet<String>,
    categories: BTreeSet<String>,
    kinds: BTreeSet<String>,
    any_rows: bool,
}

impl IndexWriter {
    /// Spills into hidden files of `dir` (the staged HTML folder).
    pub fn create(dir: &Path) -> io::Result<IndexWriter> {
        let spills = (0..5)
            .map(|group| {
                let path = dir.join(format!(".index-rows-{group}"));
                let file = File::create(&path)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                Ok((path, BufWriter::new(file)))
            })
            .collect::<io::Result<_>>()?;
        Ok(IndexWriter {
            spills,
            rules: BTreeSet::new(),
            categories: BTreeSet::new(),
            kinds: BTreeSet::new(),
            any_rows: false,
        })
    }

    /// Adds a game's row.
    pub fn add(&mut self, row: &IndexRow) -> io::Result<()> {
        let group = match row.status.as_str() {
            "error" => 0,
            "corrected" => 1,
            "review" => 2,
            _ if !row.incidents.is_empty() => 3,
            _ => 4,
        };
        // A word is copied only the first time it is met.
        let keep = |set: &mut BTreeSet<String>, text: &str| {
            for word in text.split(' ').filter(|w| !w.is_empty()) {
                if !set.contains(word) {
                    set.insert(word.to_string());
                }
            }
        };
        keep(&mut self.rules, &row.rule);
        keep(&mut self.categories, &row.category);
        keep(&mut self.kinds, &row.incidents);
        self.any_rows = true;
        let html = RowTemplate { row }.render().map_err(io::Error::other)?;
        self.spills[group].1.write_all(html.as_bytes())
    }

    /// Writes `index.html` into `dir`: the run's summary, the filters and
    /// the rows, flagged first.
    pub fn finish(
        self,
        dir: &Path,
        run: &RunSummary,
        [reports, flags]: [&str; 2],
        files: &[String; 2],
    ) -> io::Result<()> {
        let page = IndexTemplate {
            run,
            any_rows: self.any_rows,
            rows_here: ROWS_HERE,
            rules: &self.rules,
            categories: &self.categories,
            kinds: &self.kinds,
            reports,
            flags,
            files,
        }
        .render()
        .map_err(io::Error::other)?;
        let (head, tail) = page.split_once(ROWS_HERE).unwrap_or((&page, ""));
        let at = dir.join("index.html");
        let failed = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", at.display()));
        let mut out = BufWriter::new(File::create(&at).map_err(failed)?);
        out.write_all(head.as_bytes()).map_err(failed)?;
        for (path, spill) in self.spills {
            spill.into_inner().map_err(|e| failed(e.into_error()))?;
            let mut rows = File::open(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            io::copy(&mut rows, &mut out).map_err(failed)?;
            drop(rows);
            std::fs::remove_file(&path)?;
        }
        out.write_all(tail.as_bytes()).map_err(failed)?;
        out.into_inner().map_err(|e| failed(e.into_error()))?;
        Ok(())
    }
}
