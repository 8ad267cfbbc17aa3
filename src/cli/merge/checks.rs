//! What `merge` refuses before it writes anything (reports that are not
//! one run's parts, damaged or made differently), and the order it puts
//! shards in.

use std::io;
use std::path::{Path, PathBuf};

use crate::cli::failure::Failure;
use crate::read::shard::Shard;
use crate::report::summary::{InputSummary, MissingShards, RunOptions, RunSummary};

/// No report directory is given twice, under whatever name.
pub(super) fn check_distinct(dirs: &[PathBuf]) -> Result<(), Failure> {
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
pub(super) fn check_sane(dir: &Path, s: &RunSummary) -> Result<(), Failure> {
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
pub(super) fn check_shards_tile(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
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
pub(super) fn check_alike(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let first = &summaries[0];
    for (dir, s) in dirs.iter().zip(summaries) {
        if s.options.format != first.options.format {
            return Err(Failure::Usage(format!(
                "{} holds {} reports and {} {} ones: a merge takes reports of one form; audit \
                 them again with the same --format",
                dir.display(),
                form_name(&s.options.format),
                dirs[0].display(),
                form_name(&first.options.format)
            )));
        }
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

/// `CSV`, `Parquet`: a report's form as a reader names it.
fn form_name(format: &str) -> &str {
    match format {
        "csv" => "CSV",
        "parquet" => "Parquet",
        other => other,
    }
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

/// The reports with the shards of each file in their order (`merge s2 s1`
/// and a shell's `shard-10` before `shard-2` alike), so that rows come in
/// the file's order; a file's shards take the place of its first one, and
/// reports that are no shard keep theirs. A reordering is said.
pub(super) fn in_shard_order(
    dirs: &[PathBuf],
    summaries: Vec<RunSummary>,
) -> (Vec<PathBuf>, Vec<RunSummary>) {
    let shard_of = |s: &RunSummary| match s.inputs.as_slice() {
        [input] => input.shard.map(|shard| (input.path.clone(), shard.index)),
        _ => None,
    };
    let keys: Vec<(usize, u64)> = summaries
        .iter()
        .enumerate()
        .map(|(i, s)| match shard_of(s) {
            Some((path, index)) => {
                let first = summaries
                    .iter()
                    .position(|t| shard_of(t).is_some_and(|(p, _)| p == path));
                (first.unwrap_or(i), index)
            }
            None => (i, 0),
        })
        .collect();
    let mut order: Vec<usize> = (0..dirs.len()).collect();
    order.sort_by_key(|&i| keys[i]);
    if order.iter().enumerate().any(|(place, &i)| place != i) {
        let named: Vec<String> = order
            .iter()
            .map(|&i| dirs[i].display().to_string())
            .collect();
        say!(
            "pgn-arbiter: note: the shards are merged in their order: {}",
            named.join(", ")
        );
    }
    let mut summaries: Vec<Option<RunSummary>> = summaries.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&i| (dirs[i].clone(), summaries[i].take().expect("each once")))
        .unzip()
}

/// No input is in two reports, unless as shards whose ranges do not meet.
pub(super) fn check_disjoint(dirs: &[PathBuf], summaries: &[RunSummary]) -> Result<(), Failure> {
    let all = inputs_of(dirs, summaries);
    for (i, (dir_a, a)) in all.iter().enumerate() {
        for (dir_b, b) in &all[i + 1..] {
            if !same_file(a, b) {
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
                        _ if a.source != b.source => {
                            format!(" (as {}: one file under two names)", b.source)
                        }
                        _ => String::new(),
                    }
                )));
            }
        }
    }
    Ok(())
}

/// Two inputs are one file: the same resolved path, or the same device,
/// inode and length (a hard link, which no path resolves to the other).
fn same_file(a: &InputSummary, b: &InputSummary) -> bool {
    let path = a.path.is_some() && a.path == b.path;
    let identity = a.identity.is_some() && (&a.identity, a.bytes) == (&b.identity, b.bytes);
    path || identity
}

/// The shards of each file the reports lack: a file's shards `K/N` merge
/// only when all N are there. Each file's missing shards, with the bytes
/// they cover (the file's length known from the shards there).
pub(super) fn missing_shards(dirs: &[PathBuf], summaries: &[RunSummary]) -> Vec<MissingShards> {
    let mut files: Vec<(&InputSummary, Vec<u64>)> = Vec::new();
    for (_, input) in inputs_of(dirs, summaries) {
        let Some(shard) = input.shard else { continue };
        match files
            .iter_mut()
            .find(|(f, _)| f.path == input.path && f.source == input.source)
        {
            Some((_, have)) => have.push(shard.index),
            None => files.push((input, vec![shard.index])),
        }
    }
    files
        .into_iter()
        .filter_map(|(first, have)| {
            let shard = first.shard?;
            let len = first.bytes.unwrap_or(0);
            let missing: Vec<Shard> = (1..=shard.count)
                .filter(|k| !have.contains(k))
                .map(|index| Shard {
                    index,
                    count: shard.count,
                })
                .collect();
            (!missing.is_empty()).then(|| MissingShards {
                source: first.source.clone(),
                shards: missing.iter().map(|s| s.to_string()).collect(),
                bytes: missing
                    .iter()
                    .map(|s| {
                        let r = s.range(len);
                        r.end.min(len) - r.start.min(len)
                    })
                    .sum(),
            })
        })
        .collect()
}

/// An incomplete set of shards is refused unless `--partial` asks for it.
pub(super) fn check_complete(missing: &[MissingShards], partial: bool) -> Result<(), Failure> {
    let Some(first) = missing.first().filter(|_| !partial) else {
        return Ok(());
    };
    Err(Failure::Usage(format!(
        "{}: shard(s) {} of the file are missing ({} bytes of it no report covers); a merge \
         without them would pass for the file's report: merge every shard, or give --partial \
         to merge what is here and say what is missing",
        first.source,
        first.shards.join(", "),
        first.bytes
    )))
}
