//! The tournament reports' CSV files: written whole, and their numbers
//! written as the report file writes points.

use std::io;
use std::path::Path;

use serde::Serialize;

/// Writes `rows` to `path`; an error names the file.
pub(crate) fn write_csv<R: Serialize + Default>(path: &Path, rows: Vec<R>) -> io::Result<()> {
    let named = |e: csv::Error| io::Error::other(format!("{}: {e}", path.display()));
    if rows.is_empty() {
        return std::fs::write(path, header_of::<R>().map_err(named)?);
    }
    let mut w = csv::Writer::from_path(path).map_err(named)?;
    for row in rows {
        w.serialize(row).map_err(named)?;
    }
    w.flush()
}

/// The header line a table of `R` has: a table with no row (an event no
/// text rates) is still written with its columns, which pandas and pyarrow
/// need to read it.
fn header_of<R: Serialize + Default>() -> Result<Vec<u8>, csv::Error> {
    let mut probe = csv::Writer::from_writer(Vec::new());
    probe.serialize(R::default())?;
    let written = probe
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    let end = written
        .iter()
        .position(|&b| b == b'\n')
        .map_or(written.len(), |i| i + 1);
    Ok(written[..end].to_vec())
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
