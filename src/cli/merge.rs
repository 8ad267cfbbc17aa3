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
use crate::report::file::{Compression, ReportFile, open_report};
use crate::report::rows::{INCIDENT_COLUMNS, VERDICT_COLUMNS, header};
use crate::report::set::{ReportSet, Wanted};
use crate::report::summary::{InputSummary, RunOptions, RunSummary};

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
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    match merge(args) {
        Ok(summary) => {
            eprintln!(
                "{} reports merged: {} games, {} verdict rows and {} incident rows written to {}",
                args.dirs.len(),
                summary.games,
                summary.verdict_rows,
                summary.incident_rows,
                args.output.display()
            );
            ExitCode::SUCCESS
        }
        Err(failure) => failure.report(),
    }
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
    check_alike(&args.dirs, &summaries)?;
    check_disjoint(&args.dirs, &summaries)?;
    check_shards_tile(&args.dirs, &summaries)?;
    let inputs: Vec<Source> = args.dirs.iter().cloned().map(Source::File).collect();
    let wanted = Wanted {
        report_dir: &args.output,
        fixed_pgn: None,
        html: None,
    };
    let set = ReportSet::stage(wanted, &inputs)?;
    let dir = set.report_dir();
    for (name, columns) in [
        ("verdicts.csv", VERDICT_COLUMNS),
        ("incidents.csv", INCIDENT_COLUMNS),
    ] {
        let path = dir.join(args.compress.file_name(name));
        let mut out = ReportFile::create(&path, args.compress, &header(columns))?;
        for (d, summary) in args.dirs.iter().zip(&summaries) {
            let rows = copy_rows(d, name, columns, &mut out)?;
            let promised = match name {
                "verdicts.csv" => summary.verdict_rows,
                _ => summary.incident_rows,
            };
            if rows != promised {
                return Err(Failure::Io(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: {name} holds {rows} rows but its summary.json says {promised}: the \
                         report is damaged (an interrupted copy?); make it again",
                        d.display()
                    ),
                )));
            }
        }
        out.finish()?;
    }
    let merged = merged_summary(summaries);
    merged.write(&dir.join("summary.json"))?;
    set.commit()?;
    Ok(merged)
}

/// Appends the rows of report `name` of `dir`, checking its header, each
/// row's width and the file's last newline; returns how many rows it held.
/// The rows are parsed and written again (as the audit wrote them), so a
/// damaged report cannot run into the next one's rows.
fn copy_rows(dir: &Path, name: &str, columns: &[&str], out: &mut dyn Write) -> io::Result<u64> {
    let damaged = |why: String| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {name}: {why}", dir.display()),
        )
    };
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

/// No report directory is given twice, under whatever name.
fn check_distinct(dirs: &[PathBuf]) -> Result<(), Failure> {
    let resolved: Vec<PathBuf> = dirs
        .iter()
        .map(|d| crate::report::set::resolve(d))
        .collect();
    for (i, a) in resolved.iter().enumerate() {
        if let Some(j) = resolved[..i].iter().position(|b| b == a) {
            return Err(Failure::Usage(format!(
                "{} and {} are the same report: merging it with itself would count games twice",
                dirs[j].display(),
                dirs[i].display()
            )));
        }
    }
    Ok(())
}

/// What a summary.json says holds together: shards numbered within their
/// count, ranges in order, counts that add up. A damaged or edited file is
/// refused rather than trusted.
fn check_sane(dir: &Path, s: &RunSummary) -> Result<(), Failure> {
    let bad = |why: String| {
        Failure::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: summary.json {why}: the report is damaged; make it again",
                dir.display()
            ),
        ))
    };
    for input in &s.inputs {
        if let Some(shard) = input.shard
            && !(1..=shard.count).contains(&shard.index)
        {
            return Err(bad(format!("gives {} shard {shard}", input.source)));
        }
        if input.range.is_some_and(|(start, end)| start > end) {
            return Err(bad(format!(
                "gives {} a range that ends before it starts",
                input.source
            )));
        }
    }
    let games: u64 = s.inputs.iter().map(|i| i.games).sum();
    let by_status: u64 = s.status.values().sum();
    if games != s.games || by_status != s.games || s.verdict_rows > s.games {
        return Err(bad(format!(
            "counts do not add up ({} games, {games} by input, {by_status} by status, {} verdict \
             rows)",
            s.games, s.verdict_rows
        )));
    }
    Ok(())
}

/// The shards of one file were cut from the same file: the same size and
/// fingerprint, each its own part of it.
fn check_shards_tile(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let shards: Vec<(&PathBuf, &InputSummary)> = inputs_of(dirs, summaries)
        .into_iter()
        .filter(|(_, i)| i.shard.is_some() && i.path.is_some())
        .collect();
    for (i, (dir_a, a)) in shards.iter().enumerate() {
        let expected = a.shard.zip(a.bytes).map(|(shard, len)| {
            let r = shard.range(len);
            (r.start, r.end.min(len))
        });
        if expected != a.range {
            return Err(Failure::Usage(format!(
                "{}: shard {} of {} does not cover its part of the file: the file changed \
                 during the run; audit its shards again",
                dir_a.display(),
                a.shard.map(|s| s.to_string()).unwrap_or_default(),
                a.source
            )));
        }
        for (dir_b, b) in &shards[i + 1..] {
            let same_file = a.path == b.path;
            if same_file && (a.bytes, &a.fingerprint) != (b.bytes, &b.fingerprint) {
                return Err(Failure::Usage(format!(
                    "{} and {} were cut from different versions of {} ({} bytes against {}): \
                     the file changed between the shard runs, so games would be lost or \
                     counted twice; audit every shard of the file as it is now",
                    dir_a.display(),
                    dir_b.display(),
                    a.source,
                    a.bytes.map_or("?".into(), |n| n.to_string()),
                    b.bytes.map_or("?".into(), |n| n.to_string())
                )));
            }
        }
    }
    Ok(())
}

/// The reports were made by the same version with the same options.
fn check_alike(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let first = &summaries[0];
    for (dir, s) in dirs.iter().zip(summaries) {
        if s.version != first.version || s.options != first.options {
            return Err(Failure::Usage(format!(
                "{} was made by {} {} with other options than {} ({}): run them again alike",
                dir.display(),
                s.tool,
                s.version,
                dirs[0].display(),
                differences(&s.options, &first.options)
            )));
        }
        if s.options.events.is_some() {
            return Err(Failure::Usage(format!(
                "{} was made with --events: an events line that matched a game in another run \
                 cannot be told apart; audit those files in one run",
                dir.display()
            )));
        }
    }
    Ok(())
}

/// "raw true against false": the options two runs differ in.
fn differences(a: &RunOptions, b: &RunOptions) -> String {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return String::new();
    };
    let differing: Vec<String> = a
        .iter()
        .filter(|(k, v)| b.get(*k) != Some(v))
        .map(|(k, v)| {
            format!(
                "{k} {v} against {}",
                b.get(k).unwrap_or(&serde_json::Value::Null)
            )
        })
        .collect();
    if differing.is_empty() {
        "the same options, another version".into()
    } else {
        differing.join(", ")
    }
}

/// Every input of every report, with the report's directory.
fn inputs_of<'a>(
    dirs: &'a [PathBuf],
    summaries: &'a [RunSummary],
) -> Vec<(&'a PathBuf, &'a InputSummary)> {
    dirs.iter()
        .zip(summaries)
        .flat_map(|(d, s)| s.inputs.iter().map(move |i| (d, i)))
        .collect()
}

/// No input is in two reports, unless as shards whose ranges do not meet.
fn check_disjoint(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let all = inputs_of(dirs, summaries);
    for (i, (dir_a, a)) in all.iter().enumerate() {
        for (dir_b, b) in &all[i + 1..] {
            if a.path.is_none() || a.path != b.path {
                continue;
            }
            let overlap = match (a.range, b.range) {
                (Some(x), Some(y)) => x.0 < y.1 && y.0 < x.1,
                _ => true,
            };
            if overlap {
                return Err(Failure::Usage(format!(
                    "{} and {} both hold games of {}{}: merging them would count games twice",
                    dir_a.display(),
                    dir_b.display(),
                    a.source,
                    match (a.shard, b.shard) {
                        (Some(x), Some(y)) => format!(" (shards {x} and {y} overlap)"),
                        _ => String::new(),
                    }
                )));
            }
        }
    }
    Ok(())
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
