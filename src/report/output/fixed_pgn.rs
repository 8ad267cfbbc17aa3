//! The games written back with the correct results (`--fixed-pgn`).

use std::io::{self, Write};
use std::path::Path;

use super::{Format, Output};
use crate::report::audited::AuditedGame;
use crate::report::file::{Compression, ReportFile};
use crate::report::fixed::write_back;
use crate::report::summary::Summary;

pub struct FixedPgn(ReportFile);

impl FixedPgn {
    pub fn create(path: &Path) -> io::Result<FixedPgn> {
        ReportFile::create(path, Compression::None, b"").map(FixedPgn)
    }
}

/// Writes each game back, corrected.
pub struct WriteBack;

/// One block's games, and how many could not be copied.
#[derive(Default)]
pub struct Copied {
    pgn: Vec<u8>,
    not_copied: u64,
}

impl Format for WriteBack {
    const READS_TEXT: bool = true;
    type Part = Copied;

    fn game(&self, game: &AuditedGame<'_>, part: &mut Copied) {
        // Only the head of an oversized game was kept: it cannot be copied.
        if game.whole {
            let judgement = game.judgement;
            write_back(
                game.record,
                &judgement.verdict,
                &judgement.book,
                &mut part.pgn,
            );
        } else {
            part.not_copied += 1;
        }
    }
}

impl Output for FixedPgn {
    type Format = WriteBack;

    fn format(&self) -> WriteBack {
        WriteBack
    }

    fn block(&mut self, part: Copied, summary: &mut Summary) -> io::Result<()> {
        summary.not_copied += part.not_copied;
        self.0.write_all(&part.pgn)
    }

    fn finish(self, _: &Summary) -> io::Result<()> {
        self.0.finish()
    }
}
