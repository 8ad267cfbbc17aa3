//! Syzygy endgame tablebases (`--syzygy DIR`), for the 10.2 question "can the
//! opponent still win by normal means?": a position the tables score as
//! no win for him is one he cannot win, however he plays.

use std::path::{Path, PathBuf};

use shakmaty::{Chess, Color, Position};
use shakmaty_syzygy::{Tablebase, Wdl};

/// The tables found in a directory.
pub struct Tablebases {
    tables: Tablebase<Chess>,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tablebases(up to {} pieces)", self.tables.max_pieces())
    }
}

/// Why `--syzygy DIR` gives no tables.
#[derive(Debug)]
pub enum TablebaseError {
    Unreadable {
        dir: PathBuf,
        error: std::io::Error,
    },
    /// A directory without a `*.rtbw` file.
    NoTables(PathBuf),
}

impl std::fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablebaseError::Unreadable { dir, error } => {
                write!(f, "{}: cannot read Syzygy tables: {error}", dir.display())
            }
            TablebaseError::NoTables(dir) => write!(
                f,
                "{}: no Syzygy tables (*.rtbw) in this directory",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for TablebaseError {}

impl Tablebases {
    /// Opens the `*.rtbw` tables of a directory; a directory without any is
    /// an error, since the user asked for them.
    pub fn open(dir: &Path) -> Result<Tablebases, TablebaseError> {
        let mut tables = Tablebase::new();
        let found = tables
            .add_directory(dir)
            .map_err(|error| TablebaseError::Unreadable {
                dir: dir.to_path_buf(),
                error,
            })?;
        if found == 0 {
            return Err(TablebaseError::NoTables(dir.to_path_buf()));
        }
        Ok(Tablebases { tables })
    }

    /// What `side` can make of `pos` against best play, whichever side
    /// is to move (the tables answer for the side to move: after `side`'s
    /// own move, his win is the other side's loss); `None` when the position
    /// is not in the tables.
    ///
    /// ```no_run
    /// use pgn_arbiter::board::tablebase::{Tablebases, TableOutcome};
    /// use shakmaty::Color;
    /// let tb = Tablebases::open(std::path::Path::new("syzygy")).unwrap();
    /// let pos = pgn_arbiter::board::helpmate::position("8/8/4k3/8/2r5/8/3RK3/8 w - - 0 1").unwrap();
    /// assert_eq!(tb.outcome_for(&pos, Color::Black), Some(TableOutcome::CannotWin));
    /// ```
    pub fn outcome_for(&self, pos: &Chess, side: Color) -> Option<TableOutcome> {
        let wdl = self.tables.probe_wdl_after_zeroing(pos).ok()?;
        let wdl = match pos.turn() == side {
            true => wdl,
            false => -wdl,
        };
        Some(match wdl {
            Wdl::Win => TableOutcome::Wins,
            Wdl::CursedWin => TableOutcome::WinsPastFiftyMoves,
            Wdl::Draw | Wdl::BlessedLoss | Wdl::Loss => TableOutcome::CannotWin,
        })
    }
}

/// What a side can make of a position, as the tables say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableOutcome {
    /// A forced win within the fifty-move rule.
    Wins,
    /// A forced win, but not before the other side may claim a draw under
    /// the fifty-move rule: whether it counts, the tables cannot say.
    WinsPastFiftyMoves,
    /// No forced win: a draw or a loss against best play.
    CannotWin,
}
