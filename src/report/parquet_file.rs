//! One Parquet report (`verdicts.parquet`, `incidents.parquet`): typed
//! columns ([`crate::report::table`]), zstd-compressed, in row groups of
//! 65,536 rows, made sure to have reached the disk before the report set is
//! put in place; and read back batch by batch, for `merge`.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;

use crate::report::file::failed;

/// Rows in a row group: large enough for the columns to compress well,
/// small enough that a reader skips what it does not want.
pub const ROW_GROUP: usize = 65_536;

/// Bytes in a data page: a quarter of the default megabyte, which for 25
/// columns kept a run's encoder buffers in fresh pages of memory (a fifth
/// more page faults, measured with `perf stat`); smaller pages compress
/// worse, each page on its own.
const PAGE: usize = 256 * 1024;

/// A Parquet report being written. The encoding (dictionaries, pages,
/// zstd) runs on a thread of its own: the thread that takes the blocks in
/// input order must not hold the workers back while it compresses.
pub struct ParquetFile {
    batches: Option<SyncSender<RecordBatch>>,
    encoder: JoinHandle<io::Result<()>>,
    path: PathBuf,
}

impl ParquetFile {
    pub fn create(path: &Path, schema: SchemaRef) -> io::Result<ParquetFile> {
        let file = File::create(path).map_err(|e| failed(path, e))?;
        let properties = properties(&schema)?;
        let writer = ArrowWriter::try_new(
            BufWriter::with_capacity(1 << 20, file),
            schema,
            Some(properties),
        )
        .map_err(|e| failed(path, io::Error::other(e)))?;
        // A few blocks' batches queue up: memory stays bounded.
        let (batches, queue) = sync_channel::<RecordBatch>(4);
        let at = path.to_path_buf();
        let encoder = std::thread::Builder::new()
            .name("parquet".into())
            .spawn(move || encode(writer, queue, &at))?;
        Ok(ParquetFile {
            batches: Some(batches),
            encoder,
            path: path.to_path_buf(),
        })
    }

    pub fn write(&mut self, batch: RecordBatch) -> io::Result<()> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        let sent = self.batches.as_ref().map(|b| b.send(batch));
        match sent {
            Some(Ok(())) => Ok(()),
            // The encoder stopped on an error: `finish` says which.
            _ => Err(failed(
                &self.path,
                io::Error::other("the Parquet encoder stopped"),
            )),
        }
    }

    /// Writes the footer and waits until the bytes are on the disk.
    pub fn finish(mut self) -> io::Result<()> {
        drop(self.batches.take());
        match self.encoder.join() {
            Ok(done) => done,
            Err(_) => Err(failed(
                &self.path,
                io::Error::other("the Parquet encoder failed"),
            )),
        }
    }
}

/// The encoder thread: every batch, then the footer, then the disk.
fn encode(
    mut writer: ArrowWriter<BufWriter<File>>,
    queue: Receiver<RecordBatch>,
    path: &Path,
) -> io::Result<()> {
    let parquet = |e: parquet::errors::ParquetError| failed(path, io::Error::other(e));
    for batch in queue {
        writer.write(&batch).map_err(parquet)?;
    }
    let buffered = writer.into_inner().map_err(parquet)?;
    let file = buffered
        .into_inner()
        .map_err(|e| failed(path, e.into_error()))?;
    file.sync_all().map_err(|e| failed(path, e))
}

/// How the columns are written: zstd at level 1 (a report of labels and
/// repeated sentences compresses to a few per cent of the CSV all the
/// same); dictionaries and statistics only for the label and number
/// columns, which a reader filters on (free text would fill a dictionary
/// and fall back, and its minimum and maximum tell nothing).
fn properties(schema: &SchemaRef) -> io::Result<WriterProperties> {
    let level = ZstdLevel::try_new(1).map_err(io::Error::other)?;
    let mut builder = WriterProperties::builder()
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_row_count(Some(ROW_GROUP))
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_dictionary_enabled(false)
        .set_data_page_size_limit(PAGE)
        .set_created_by(format!("pgn-arbiter {}", env!("CARGO_PKG_VERSION")));
    for field in schema.fields() {
        if field.data_type() == &DataType::Utf8 {
            let column = ColumnPath::from(field.name().as_str());
            builder = builder.set_column_statistics_enabled(column, EnabledStatistics::None);
        }
    }
    Ok(builder.build())
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
