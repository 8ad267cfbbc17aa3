//! The tournament reports' CSV files: written whole, and their numbers
//! written as the report file writes points.

use std::io;
use std::path::Path;

use serde::Serialize;

/// Writes `rows` to `path`; an error names the file.
pub(crate) fn write_csv<R: Serialize>(path: &Path, rows: Vec<R>) -> io::Result<()> {
    let named = |e: csv::Error| io::Error::other(format!("{}: {e}", path.display()));
    let mut w = csv::Writer::from_path(path).map_err(named)?;
    for row in rows {
        w.serialize(row).map_err(named)?;
    }
    w.flush()
}

/// A number as the reports write it: at most two decimals, at least one.
pub(crate) fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0');
    if text.ends_with('.') {
        format!("{text}0")
    } else {
        text.to_string()
    }
}
