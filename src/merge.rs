//! The `merge` subcommand: the reports of several runs (over other files,
//! or other shards of one file) made into one, byte for byte the report
//! one run over all their inputs, in the order given, would have written.
//! Two reports that hold the same input, or overlapping shards of it, are
//! refused: a merge never counts a game twice.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::failure::Failure;
use crate::input::Source;
use crate::report::{INCIDENT_COLUMNS, VERDICT_COLUMNS, header};
use crate::report_file::{Compression, ReportFile, open_report};
use crate::report_set::{ReportSet, Wanted};
use crate::run_summary::{InputSummary, RunSummary};

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
    let summaries = args
        .dirs
        .iter()
        .map(|d| RunSummary::read(&d.join("summary.json")))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::Usage)?;
    check_alike(&args.dirs, &summaries)?;
    check_disjoint(&args.dirs, &summaries)?;
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
        for d in &args.dirs {
            copy_rows(d, name, &header(columns), &mut out)?;
        }
        out.finish()?;
    }
    let merged = merged_summary(summaries);
    merged.write(&dir.join("summary.json"))?;
    set.commit()?;
    Ok(merged)
}

/// Appends the rows of report `name` of `dir`, checking its header.
fn copy_rows(dir: &Path, name: &str, header: &[u8], out: &mut dyn Write) -> io::Result<()> {
    let mut reader = io::BufReader::with_capacity(1 << 20, open_report(dir, name)?);
    let mut first = Vec::new();
    reader.read_until(b'\n', &mut first)?;
    if first != header {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: the header of {name} is not this version's: {}",
                dir.display(),
                String::from_utf8_lossy(&first).trim_end()
            ),
        ));
    }
    io::copy(&mut reader, out)?;
    Ok(())
}

/// The reports were made by the same version with the same options.
fn check_alike(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let first = &summaries[0];
    for (dir, s) in dirs.iter().zip(summaries) {
        if s.version != first.version || s.options != first.options {
            return Err(Failure::Usage(format!(
                "{} was made by {} {} with other options than {} ({:?} against {:?}): \
                 run them again alike",
                dir.display(),
                s.tool,
                s.version,
                dirs[0].display(),
                s.options,
                first.options
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

/// No input is in two reports, unless as shards whose ranges do not meet.
fn check_disjoint(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let all: Vec<(&PathBuf, &InputSummary)> = dirs
        .iter()
        .zip(summaries)
        .flat_map(|(d, s)| s.inputs.iter().map(move |i| (d, i)))
        .collect();
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
            ..first.clone()
        });
        i += n;
    }
    out
}
