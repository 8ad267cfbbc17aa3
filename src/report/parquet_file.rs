//! One Parquet report (`verdicts.parquet`, `incidents.parquet`): typed
//! columns ([`crate::report::table`]), zstd-compressed, in row groups of
//! 65,536 rows, made sure to have reached the disk before the report set is
//! put in place; and read back batch by batch, for `merge`.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use crate::report::file::failed;

/// Rows in a row group: large enough for the columns to compress well,
/// small enough that a reader skips what it does not want.
pub const ROW_GROUP: usize = 65_536;

/// A Parquet report being written.
pub struct ParquetFile {
    writer: ArrowWriter<BufWriter<File>>,
    path: PathBuf,
}

impl ParquetFile {
    pub fn create(path: &Path, schema: SchemaRef) -> io::Result<ParquetFile> {
        let file = File::create(path).map_err(|e| failed(path, e))?;
        let level = ZstdLevel::try_new(3).map_err(io::Error::other)?;
        let properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(level))
            .set_max_row_group_row_count(Some(ROW_GROUP))
            .set_created_by(format!("pgn-arbiter {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = ArrowWriter::try_new(
            BufWriter::with_capacity(1 << 20, file),
            schema,
            Some(properties),
        )
        .map_err(|e| failed(path, io::Error::other(e)))?;
        Ok(ParquetFile {
            writer,
            path: path.to_path_buf(),
        })
    }

    pub fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        self.writer
            .write(batch)
            .map_err(|e| failed(&self.path, io::Error::other(e)))
    }

    /// Writes the footer and waits until the bytes are on the disk.
    pub fn finish(self) -> io::Result<()> {
        let path = self.path;
        let buffered = self
            .writer
            .into_inner()
            .map_err(|e| failed(&path, io::Error::other(e)))?;
        let file = buffered
            .into_inner()
            .map_err(|e| failed(&path, e.into_error()))?;
        file.sync_all().map_err(|e| failed(&path, e))
    }
}

/// Reads a Parquet report back, checking that its columns are `schema`'s;
/// also gives the rows its footer promises.
pub fn read(path: &Path, schema: &SchemaRef) -> io::Result<(ParquetRecordBatchReader, u64)> {
    let damaged = |why: String| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {why}", path.display()),
        )
    };
    let file = File::open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| {
        damaged(format!(
            "not a whole Parquet file ({e}): make the report again"
        ))
    })?;
    if builder.schema().fields() != schema.fields() {
        return Err(damaged(
            "its columns are not this version's: make the report again with this version".into(),
        ));
    }
    let rows = builder.metadata().file_metadata().num_rows() as u64;
    let reader = builder
        .with_batch_size(8192)
        .build()
        .map_err(|e| damaged(e.to_string()))?;
    Ok((reader, rows))
}
