//! The outputs of a run, each formatting what the laws decided: the CSV
//! rows, `summary.json`, the corrected PGN, the HTML report, the boards
//! drawn as text, the end-of-run text on the terminal; and the report set, written aside and put in place whole.

pub(crate) mod audited;
pub(crate) mod csv_file;
pub mod diagram;
pub(crate) mod file;
pub mod fixed;
pub(crate) mod html;
pub(crate) mod output;
#[cfg(feature = "tables")]
pub(crate) mod parquet_file;
pub mod rows;
pub(crate) mod set;
pub(crate) mod summary;
#[cfg(feature = "tables")]
pub mod table;
pub(crate) mod teams;
pub(crate) mod terminal;
pub(crate) mod tournament;
pub(crate) mod tournament_page;
