//! The outputs of a run, each formatting what the laws decided: the CSV
//! rows, `summary.json`, the corrected PGN, the HTML report, the boards
//! drawn as text, the end-of-run text on the terminal; and the report set, written aside and put in place whole.

pub mod diagram;
pub mod file;
pub mod fixed;
pub mod html;
pub mod output;
pub mod rows;
pub mod set;
pub mod summary;
pub mod terminal;
