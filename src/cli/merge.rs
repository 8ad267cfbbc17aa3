//! The `merge` subcommand: the reports of several runs (over other files,
//! or other shards of one file) made into one, byte for byte the report
//! one run over all their inputs, in the order given, would have written.
//! Two reports that hold the same input, or overlapping shards of it, are
//! refused: a merge never counts a game twice.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::failure::Failure;
use crate::read::input::Source;
use crate::report::file::{Compression, ReportFile, ReportFormat, open_report};
use crate::report::rows::{INCIDENT_COLUMNS, VERDICT_COLUMNS, header};
use crate::report::set::{ReportSet, Wanted};
use crate::report::summary::{InputSummary, RunSummary};

mod checks;
mod rows;

use checks::{
    check_alike, check_complete, check_disjoint, check_distinct, check_sane, check_shards_tile,
    in_shard_order, missing_shards,
};

/// Merge the reports of several `audit` runs (report directories with
/// verdicts.csv or verdicts.csv.zst, incidents.csv(.zst) and summary.json)
/// into one, as if one run had read all their inputs in the order given.
///
/// Exit code 0 when merged, 1 when a report cannot be read or written,
/// 2 when the reports cannot be merged (other options or versions, the
/// same input twice, overlapping shards).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn-arbiter merge shard-1 shard-2 shard-3 -o oct2021\n  \
    pgn-arbiter merge runs/* -o all --compress zstd"
)]
pub struct Args {
    /// Report directories, in the order their inputs should come.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Directory for the merged report (its report files are replaced;
    /// other files there are left alone).
    #[arg(short, long, value_name = "DIR", default_value = "merged-report")]
    pub output: PathBuf,
    /// Write verdicts.csv.zst and incidents.csv.zst.
    #[arg(long, value_enum, default_value = "none")]
    pub compress: Compression,
    /// Merge the shards given though some of a file's are missing (a task
    /// that failed): summary.json and the last line say which, and how
    /// many bytes of the file no report covers.
    #[arg(long)]
    pub partial: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    match merge(args) {
        Ok(summary) => {
            say!(
                "{} reports merged: {} games, {} verdict rows and {} incident rows written to {}",
                args.dirs.len(),
                summary.games,
                summary.verdict_rows,
                summary.incident_rows,
                args.output.display()
            );
            for m in &summary.missing_shards {
                say!(
                    "incomplete: {} lacks shard(s) {} ({} bytes of the file no report covers)",
                    m.source,
                    m.shards.join(", "),
                    m.bytes
                );
            }
            inputs_not_read(&summary)
        }
        Err(failure) => failure.report(),
    }
}

/// A merged report is as whole as its parts: an input a run could not read
/// to the end is named again, with the exit code one run over all the
/// inputs would give (1).
fn inputs_not_read(summary: &RunSummary) -> ExitCode {
    if summary.errors.is_empty() {
        return ExitCode::SUCCESS;
    }
    for error in &summary.errors {
        say!("pgn-arbiter: {error}");
    }
    say!(
        "pgn-arbiter: the merged report lacks what its runs could not read ({} input problem(s) \
         above, kept in summary.json's `errors`); fix those inputs and audit them again",
        summary.errors.len()
    );
    ExitCode::from(1)
}

fn merge(args: &Args) -> Result<RunSummary, Failure> {
    check_distinct(&args.dirs)?;
    let summaries = args
        .dirs
        .iter()
        .map(|d| RunSummary::read(&d.join("summary.json")))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| Failure::Io(io::Error::new(io::ErrorKind::InvalidData, why)))?;
    for (dir, summary) in args.dirs.iter().zip(&summaries) {
        check_sane(dir, summary)?;
    }
    let (dirs, summaries) = in_shard_order(&args.dirs, summaries);
    check_alike(&dirs, &summaries)?;
    check_disjoint(&dirs, &summaries)?;
    check_shards_tile(&dirs, &summaries)?;
    let missing = missing_shards(&dirs, &summaries);
    check_complete(&missing, args.partial)?;
    let inputs: Vec<Source> = dirs.iter().cloned().map(Source::File).collect();
    let wanted = Wanted {
        report_dir: &args.output,
        fixed_pgn: None,
        html: None,
        tournament: false,
    };
    let set = ReportSet::stage(wanted, &inputs)?;
    let dir = set.report_dir();
    if summaries[0].options.format == ReportFormat::Parquet.as_str() {
        ReportFormat::Parquet
            .built()
            .map_err(|why| Failure::Usage(format!("these reports are Parquet: {why}")))?;
        merge_parquet(&dirs, &summaries, dir)?;
    } else {
        merge_csv(&dirs, &summaries, dir, args.compress)?;
    }
    let mut merged = merged_summary(summaries);
    merged.missing_shards = missing;
    merged.write(&dir.join("summary.json"))?;
    set.commit()?;
    Ok(merged)
}

fn merge_csv(
    dirs: &[PathBuf],
    summaries: &[RunSummary],
    dir: &Path,
    compress: Compression,
) -> io::Result<()> {
    for (name, columns) in [
        ("verdicts.csv", VERDICT_COLUMNS),
        ("incidents.csv", INCIDENT_COLUMNS),
    ] {
        let path = dir.join(compress.file_name(name));
        let mut out = ReportFile::create(&path, compress, &header(columns))?;
        for (d, summary) in dirs.iter().zip(summaries) {
            let rows = copy_rows(d, name, columns, summary, &mut out)?;
            check_rows(d, name, rows, summary)?;
        }
        out.finish()?;
    }
    Ok(())
}

#[cfg(not(feature = "tables"))]
fn merge_parquet(_: &[PathBuf], _: &[RunSummary], _: &Path) -> io::Result<()> {
    unreachable!("refused above: {}", crate::report::file::NO_TABLES)
}

/// Parquet shards merge batch by batch; a shard's footer says how many
/// rows it holds, and each batch's columns are checked against this
/// version's.
#[cfg(feature = "tables")]
fn merge_parquet(dirs: &[PathBuf], summaries: &[RunSummary], dir: &Path) -> io::Result<()> {
    use crate::report::parquet_file::{self, ParquetFile};
    use crate::report::table::{INCIDENTS, VERDICTS};
    for (name, layout) in [
        ("verdicts.parquet", &VERDICTS),
        ("incidents.parquet", &INCIDENTS),
    ] {
        let schema = layout.schema();
        let mut out = ParquetFile::create(&dir.join(name), schema.clone())?;
        for (d, summary) in dirs.iter().zip(summaries) {
            let (batches, rows) = parquet_file::read(&d.join(name), &schema)?;
            let mut order = rows::RowOrder::new(summary, name.starts_with("verdicts"));
            for batch in batches {
                let batch = batch.map_err(|e| damaged(d, name, e.to_string()))?;
                rows::check_batch(&mut order, &batch).map_err(|why| damaged(d, name, why))?;
                out.write(batch)?;
            }
            check_rows(d, name, rows, summary)?;
        }
        out.finish()?;
    }
    Ok(())
}

/// A report holds the rows its summary counted, or it is damaged.
fn check_rows(dir: &Path, name: &str, rows: u64, summary: &RunSummary) -> io::Result<()> {
    let promised = match name.starts_with("verdicts") {
        true => summary.verdict_rows,
        false => summary.incident_rows,
    };
    if rows == promised {
        return Ok(());
    }
    Err(damaged(
        dir,
        name,
        format!(
            "holds {rows} rows but its summary.json says {promised}: the report is damaged (an \
             interrupted copy?); make it again"
        ),
    ))
}

fn damaged(dir: &Path, name: &str, why: impl std::fmt::Display) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{}: {name}: {why}", dir.display()),
    )
}

/// Appends the rows of report `name` of `dir`, checking its header, each
/// row's width and the file's last newline; returns how many rows it held.
/// The rows are parsed and written again (as the audit wrote them), so a
/// damaged report cannot run into the next one's rows, and each is checked
/// against what `summary` says the run read.
fn copy_rows(
    dir: &Path,
    name: &str,
    columns: &[&str],
    summary: &RunSummary,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let damaged = |why: String| damaged(dir, name, why);
    let mut order = rows::CsvRows::new(summary, columns);
    let mut reader = io::BufReader::with_capacity(1 << 20, open_report(dir, name)?);
    let mut first = Vec::new();
    reader.read_until(b'\n', &mut first)?;
    if first != header(columns) {
        return Err(damaged(format!(
            "the header is not this version's: {}",
            String::from_utf8_lossy(&first).trim_end()
        )));
    }
    let mut tail = LastByte {
        inner: reader,
        last: None,
    };
    let mut rows = 0;
    {
        let mut csv_in = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(&mut tail);
        let mut csv_out = csv::Writer::from_writer(NoFlush(&mut *out));
        let mut record = csv::ByteRecord::new();
        while csv_in
            .read_byte_record(&mut record)
            .map_err(|e| damaged(e.to_string()))?
        {
            rows += 1;
            if record.len() != columns.len() {
                return Err(damaged(format!(
                    "row {rows} has {} fields, not {}: the report is damaged",
                    record.len(),
                    columns.len()
                )));
            }
            order.check(&record).map_err(|e| damaged(e.to_string()))?;
            csv_out.write_byte_record(&record)?;
        }
        csv_out.flush()?;
    }
    if rows > 0 && tail.last != Some(b'\n') {
        return Err(damaged(
            "does not end with a newline: the report was cut short".into(),
        ));
    }
    Ok(rows)
}

/// A writer whose flush waits for the end: a compressed report's blocks
/// must not depend on how the rows reached it.
struct NoFlush<W>(W);

impl<W: Write> Write for NoFlush<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A reader that remembers the last byte it gave.
struct LastByte<R> {
    inner: R,
    last: Option<u8>,
}

impl<R: io::Read> io::Read for LastByte<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n > 0 {
            self.last = Some(buf[n - 1]);
        }
        Ok(n)
    }
}

/// The summaries added up; shards 1..N of one file, in order, become the
/// file's entry as an unsharded run writes it.
fn merged_summary(summaries: Vec<RunSummary>) -> RunSummary {
    let mut merged = summaries[0].clone();
    merged.inputs.clear();
    merged.errors.clear();
    merged.games = 0;
    merged.verdict_rows = 0;
    merged.incident_rows = 0;
    merged.seconds = 0.0;
    for map in [
        &mut merged.status,
        &mut merged.rule,
        &mut merged.incidents,
        &mut merged.endings,
        &mut merged.not_rapid,
        &mut merged.no_category,
        &mut merged.records,
        &mut merged.encodings,
    ] {
        map.clear();
    }
    for s in summaries {
        merged.inputs.extend(s.inputs);
        merged.errors.extend(s.errors);
        merged.games += s.games;
        merged.verdict_rows += s.verdict_rows;
        merged.incident_rows += s.incident_rows;
        merged.seconds += s.seconds;
        for (into, from) in [
            (&mut merged.status, s.status),
            (&mut merged.rule, s.rule),
            (&mut merged.incidents, s.incidents),
            (&mut merged.endings, s.endings),
            (&mut merged.not_rapid, s.not_rapid),
            (&mut merged.no_category, s.no_category),
            (&mut merged.records, s.records),
            (&mut merged.encodings, s.encodings),
        ] {
            for (k, v) in from {
                *into.entry(k).or_default() += v;
            }
        }
    }
    merged.inputs = collapse_shards(merged.inputs);
    merged
}

fn collapse_shards(inputs: Vec<InputSummary>) -> Vec<InputSummary> {
    let mut out: Vec<InputSummary> = Vec::with_capacity(inputs.len());
    let mut i = 0;
    while i < inputs.len() {
        let first = &inputs[i];
        let Some(shard) = first.shard.filter(|s| s.index == 1) else {
            out.push(first.clone());
            i += 1;
            continue;
        };
        let n = shard.count as usize;
        let whole = inputs.get(i..i + n).is_some_and(|run| {
            run.iter().enumerate().all(|(k, x)| {
                x.path == first.path
                    && x.shard
                        .is_some_and(|s| s.count == shard.count && s.index == k as u64 + 1)
            })
        });
        if !whole {
            out.push(first.clone());
            i += 1;
            continue;
        }
        let games = inputs[i..i + n].iter().map(|x| x.games).sum();
        out.push(InputSummary {
            games,
            shard: None,
            range: None,
            fingerprint: None,
            ..first.clone()
        });
        i += n;
    }
    out
}
