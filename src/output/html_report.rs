//! `--html DIR`: a page per game to look at as blocks arrive, the index
//! once the run is over (see [`crate::html`]).

use std::io;
use std::path::{Path, PathBuf};

use super::{BlockResults, Output};
use crate::html::{self, IndexRow};
use crate::pipeline::Summary;

pub struct HtmlReport {
    dir: PathBuf,
    rows: Vec<IndexRow>,
}

impl HtmlReport {
    pub fn create(dir: &Path) -> io::Result<HtmlReport> {
        std::fs::create_dir_all(dir.join("games"))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        Ok(HtmlReport {
            dir: dir.to_path_buf(),
            rows: Vec::new(),
        })
    }
}

fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

impl Output for HtmlReport {
    fn block(&mut self, results: &mut BlockResults) -> io::Result<()> {
        for page in std::mem::take(&mut results.pages) {
            write(&self.dir.join(&page.row.page), page.html.as_bytes())?;
            self.rows.push(page.row);
        }
        Ok(())
    }

    fn finish(self: Box<Self>, summary: &Summary) -> io::Result<()> {
        let index = html::index(summary.games, &summary.by_status, &self.rows);
        write(&self.dir.join("index.html"), index.as_bytes())
    }
}
