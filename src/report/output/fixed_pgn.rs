//! `--fixed-pgn FILE`: every game written back, the corrected ones with
//! their correct result (see [`crate::report::fixed`]).

use std::io::{self, Write};
use std::path::Path;

use super::{BlockResults, Output};
use crate::report::file::{Compression, ReportFile};
use crate::report::summary::Summary;

pub struct FixedPgn(ReportFile);

impl FixedPgn {
    pub fn create(path: &Path) -> io::Result<FixedPgn> {
        ReportFile::create(path, Compression::None, b"").map(FixedPgn)
    }
}

impl Output for FixedPgn {
    fn block(&mut self, results: &mut BlockResults) -> io::Result<()> {
        self.0.write_all(&results.fixed)
    }

    fn finish(self: Box<Self>, _: &Summary) -> io::Result<()> {
        self.0.finish()
    }
}
