//! One report file (`verdicts.csv`, `incidents.csv`, the corrected PGN):
//! buffered, zstd-compressed with `--compress zstd`, and made sure to have
//! reached the disk before the report set is put in place. Also reads a
//! report back in either form, for `merge`.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// How the CSV reports are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Compression {
    /// Plain `verdicts.csv` and `incidents.csv`.
    #[default]
    None,
    /// `verdicts.csv.zst` and `incidents.csv.zst` (a month of online games
    /// makes a verdicts.csv of tens of gigabytes).
    Zstd,
}

impl Compression {
    /// The file name of report `name` (`verdicts.csv`) in this form.
    pub fn file_name(self, name: &str) -> String {
        match self {
            Compression::None => name.to_string(),
            Compression::Zstd => format!("{name}.zst"),
        }
    }
}

/// Why a build without the `tables` feature refuses Parquet.
pub(crate) const NO_TABLES: &str = "this pgn-arbiter was built without Arrow and Parquet (cargo's \
    --no-default-features); write CSV, or build it with them: cargo install --path . (the \
    `tables` feature is on by default)";

/// What the two reports are written as (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ReportFormat {
    /// `verdicts.csv` and `incidents.csv`.
    #[default]
    Csv,
    /// `verdicts.parquet` and `incidents.parquet`: typed columns,
    /// zstd-compressed, for DuckDB, polars, pandas and Spark.
    Parquet,
}

impl ReportFormat {
    /// The file names of the verdicts and the incidents in this format.
    pub fn file_names(self, compression: Compression) -> [String; 2] {
        ["verdicts", "incidents"].map(|name| match self {
            ReportFormat::Csv => compression.file_name(&format!("{name}.csv")),
            ReportFormat::Parquet => format!("{name}.parquet"),
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ReportFormat::Csv => "csv",
            ReportFormat::Parquet => "parquet",
        }
    }

    /// Whether this build can write (and merge) the format.
    pub fn built(self) -> Result<(), &'static str> {
        match self {
            ReportFormat::Parquet if !cfg!(feature = "tables") => Err(NO_TABLES),
            _ => Ok(()),
        }
    }
}

enum Sink {
    Plain(BufWriter<File>),
    Zstd(zstd::Encoder<'static, BufWriter<File>>),
}

/// A report file being written.
pub struct ReportFile {
    sink: Sink,
    path: PathBuf,
}

impl ReportFile {
    pub fn create(path: &Path, compression: Compression, header: &[u8]) -> io::Result<ReportFile> {
        let file = File::create(path).map_err(|e| failed(path, e))?;
        let buffered = BufWriter::with_capacity(1 << 20, file);
        let sink = match compression {
            Compression::None => Sink::Plain(buffered),
            Compression::Zstd => Sink::Zstd(zstd::Encoder::new(buffered, 3)?),
        };
        let mut report = ReportFile {
            sink,
            path: path.to_path_buf(),
        };
        report.write_all(header)?;
        Ok(report)
    }

    /// Ends the file and waits until its bytes are on the disk: a full
    /// disk is an error here, not after the report set was put in place.
    pub fn finish(self) -> io::Result<()> {
        let path = self.path;
        let buffered = match self.sink {
            Sink::Plain(b) => b,
            Sink::Zstd(z) => z.finish().map_err(|e| failed(&path, e))?,
        };
        let file = buffered
            .into_inner()
            .map_err(|e| failed(&path, e.into_error()))?;
        file.sync_all().map_err(|e| failed(&path, e))
    }
}

impl Write for ReportFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Plain(w) => w.write(buf),
            Sink::Zstd(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Plain(w) => w.flush(),
            Sink::Zstd(w) => w.flush(),
        }
    }
}

pub(crate) fn failed(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
}

/// Opens report `name` of a report directory, plain or `.zst`.
pub fn open_report(dir: &Path, name: &str) -> io::Result<Box<dyn Read>> {
    let plain = dir.join(name);
    if plain.exists() {
        return Ok(Box::new(io::BufReader::new(File::open(plain)?)));
    }
    let zst = dir.join(format!("{name}.zst"));
    match File::open(&zst) {
        Ok(f) => Ok(Box::new(zstd::Decoder::new(f)?)),
        Err(e) => Err(io::Error::new(
            e.kind(),
            format!("{}: no {name} or {name}.zst: {e}", dir.display()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_files_of_each_form() {
        let names = |f: ReportFormat, c| f.file_names(c).join(" ");
        assert_eq!(
            names(ReportFormat::Csv, Compression::Zstd),
            "verdicts.csv.zst incidents.csv.zst"
        );
        assert_eq!(
            names(ReportFormat::Parquet, Compression::None),
            "verdicts.parquet incidents.parquet"
        );
    }

    #[test]
    fn writes_and_reads_both_forms() {
        let dir = tempfile::tempdir().unwrap();
        for compression in [Compression::None, Compression::Zstd] {
            let sub = dir.path().join(format!("{compression:?}"));
            std::fs::create_dir(&sub).unwrap();
            let path = sub.join(compression.file_name("verdicts.csv"));
            let mut file = ReportFile::create(&path, compression, b"a,b\n").unwrap();
            file.write_all(b"1,2\n").unwrap();
            file.finish().unwrap();
            let mut text = String::new();
            open_report(&sub, "verdicts.csv")
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            assert_eq!(text, "a,b\n1,2\n");
        }
        assert!(open_report(dir.path(), "verdicts.csv").is_err());
    }
}
