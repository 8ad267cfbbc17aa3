//! Events: claims and arbiter's acts from a sidecar CSV (`--events FILE`),
//! for records whose comments cannot be edited.
//!
//! Columns `site, event, round, white, black, ply, command`; a line matches
//! a game when every key column it gives (site, event, round, white, black)
//! equals the game's tag. `command` is the text of a record's command
//! without brackets: `claim time black`.
//!
//! A file may hold millions of lines, so it is not kept in memory: loading
//! keeps, per line, where it starts in the file and a hash of one key
//! column; a game looks up its candidates by hash and reads those lines
//! back to compare every column.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::model::claim::{Claim, ClaimError};
use crate::read::parse::Tags;

/// The columns that pick a game, in the order a line is indexed by.
const KEYS: [&str; 5] = ["site", "white", "black", "event", "round"];

#[derive(Debug, Clone, Default, serde::Deserialize)]
struct Line {
    #[serde(default)]
    site: String,
    #[serde(default)]
    event: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    white: String,
    #[serde(default)]
    black: String,
    ply: usize,
    command: String,
}

impl Line {
    fn key(&self, column: &str) -> &str {
        match column {
            "site" => &self.site,
            "white" => &self.white,
            "black" => &self.black,
            "event" => &self.event,
            _ => &self.round,
        }
    }

    /// The first key column the line gives, with its value.
    fn index_key(&self) -> Option<(&'static str, &str)> {
        KEYS.iter()
            .map(|&k| (k, self.key(k)))
            .find(|(_, v)| !v.is_empty())
    }

    fn matches(&self, tags: &Tags) -> bool {
        KEYS.iter().all(|&k| {
            let want = self.key(k);
            want.is_empty() || tag(tags, k) == want
        })
    }

    fn describe(&self) -> String {
        format!(
            "site \"{}\", event \"{}\", round \"{}\", white \"{}\", black \"{}\" (ply {}, `{}`)",
            self.site, self.event, self.round, self.white, self.black, self.ply, self.command
        )
    }
}

fn tag<'t>(tags: &'t Tags, column: &str) -> &'t str {
    let t = match column {
        "site" => &tags.site,
        "white" => &tags.white,
        "black" => &tags.black,
        "event" => &tags.event,
        _ => &tags.round,
    };
    t.as_deref().unwrap_or("")
}

fn hash(column: &str, value: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (column, value).hash(&mut h);
    h.finish()
}

/// An events file, indexed for matching.
#[derive(Debug)]
pub struct EventLog {
    pub path: String,
    file: File,
    header: csv::StringRecord,
    /// Byte range of each data line in the file.
    spans: Vec<(u64, u32)>,
    /// (hash of the first key column, line), sorted: 12 bytes a line.
    index: Vec<(u64, u32)>,
    /// Lines that give no key column: they can match no game.
    keyless: Vec<usize>,
}

/// One line of an events file that did not apply as it should, as an
/// incident shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmatched {
    /// 1-based line of the file (the header is line 1).
    pub line: usize,
    pub text: String,
}

/// Why an events file cannot be used: a usage error naming the file and,
/// for a line it cannot read, the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventsError {
    Unreadable {
        path: String,
        error: String,
    },
    BadLine {
        path: String,
        line: usize,
        error: String,
    },
}

impl std::fmt::Display for EventsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventsError::Unreadable { path, error } => {
                write!(f, "{path}: cannot read the events file: {error}")
            }
            EventsError::BadLine { path, line, error } => write!(
                f,
                "{path}: line {line}: {error} (expected columns site, event, round, white, black, \
                 ply, command)"
            ),
        }
    }
}

impl std::error::Error for EventsError {}

impl EventLog {
    /// Reads an events file's index; every line is checked here, so a bad
    /// line is an error before any game is audited.
    pub fn load(path: &Path) -> Result<EventLog, EventsError> {
        let shown = path.display().to_string();
        let cannot = |e: &dyn std::fmt::Display| EventsError::Unreadable {
            path: shown.clone(),
            error: e.to_string(),
        };
        let file = File::open(path).map_err(|e| cannot(&e))?;
        let mut reader =
            csv::ReaderBuilder::new()
                .trim(csv::Trim::All)
                .from_reader(std::io::BufReader::new(
                    file.try_clone().map_err(|e| cannot(&e))?,
                ));
        let header = reader.headers().map_err(|e| cannot(&e))?.clone();
        let mut log = EventLog {
            path: shown.clone(),
            file,
            header: header.clone(),
            spans: Vec::new(),
            index: Vec::new(),
            keyless: Vec::new(),
        };
        let mut record = csv::StringRecord::new();
        loop {
            let start = reader.position().byte();
            match reader.read_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) => return Err(cannot(&e)),
            }
            let number = log.spans.len();
            let line: Line =
                record
                    .deserialize(Some(&header))
                    .map_err(|e| EventsError::BadLine {
                        path: shown.clone(),
                        line: number + 2,
                        error: e.to_string(),
                    })?;
            let len = reader.position().byte() - start;
            log.spans
                .push((start, u32::try_from(len).unwrap_or(u32::MAX)));
            match line.index_key() {
                Some((column, value)) => {
                    let at = u32::try_from(number).map_err(|e| cannot(&e))?;
                    log.index.push((hash(column, value), at));
                }
                None => log.keyless.push(number),
            }
        }
        log.index.sort_unstable();
        Ok(log)
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Reads line `i` back from the file.
    fn line(&self, i: usize) -> Option<Line> {
        let (start, len) = self.spans[i];
        let mut bytes = vec![0; len as usize];
        self.file.read_exact_at(&mut bytes, start).ok()?;
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .has_headers(false)
            .from_reader(bytes.as_slice());
        let record = reader.records().next()?.ok()?;
        record.deserialize(Some(&self.header)).ok()
    }

    /// The claims for a game, with the indices of the lines they came from.
    pub fn claims_for(&self, tags: &Tags) -> Vec<(usize, Result<Claim, ClaimError>)> {
        let mut found: Vec<usize> = KEYS
            .iter()
            .flat_map(|&k| {
                let h = hash(k, tag(tags, k));
                let from = self.index.partition_point(|e| e.0 < h);
                self.index[from..]
                    .iter()
                    .take_while(move |e| e.0 == h)
                    .map(|e| e.1 as usize)
            })
            .collect();
        found.sort_unstable();
        found.dedup();
        found
            .into_iter()
            .filter_map(|i| Some((i, self.line(i)?)))
            .filter(|(_, line)| line.matches(tags))
            .map(|(i, line)| {
                let (name, args) = line.command.split_once(' ').unwrap_or((&line.command, ""));
                let claim = Claim::read(line.ply, name.as_bytes(), args.as_bytes())
                    .unwrap_or_else(|| Err(ClaimError::NotACommand(line.command.clone())));
                (i, claim)
            })
            .collect()
    }

    /// The lines that did not apply to exactly one game, given how many
    /// games each matched.
    pub fn unmatched<'s>(&'s self, matches: &'s [u32]) -> impl Iterator<Item = Unmatched> + 's {
        (0..self.len()).filter_map(move |i| {
            let count = matches.get(i).copied().unwrap_or(0);
            let why = if self.keyless.binary_search(&i).is_ok() {
                "gives no key column (site, event, round, white or black), so it matches no game"
                    .to_string()
            } else if count == 0 {
                "no game matches".to_string()
            } else if count > 1 {
                format!("matches {count} games, and was applied to each: give more key columns")
            } else {
                return None;
            };
            let text = self
                .line(i)
                .map_or_else(String::new, |l| format!(" {}", l.describe()));
            Some(Unmatched {
                line: i + 2,
                text: format!("{why}:{text}"),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::claim::ClaimKind;

    #[test]
    fn matches_by_site_or_players() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("events.csv");
        std::fs::write(
            &path,
            "site,event,round,white,black,ply,command\n\
             https://x/1,,,,,12,claim time black\n\
             ,Open,3,Ann,Bob,7,arbiter illegal\n\
             https://x/9,,,,,1,claim draw white\n",
        )
        .unwrap();
        let log = EventLog::load(&path).unwrap();
        assert_eq!(log.len(), 3);
        let tags = Tags {
            site: Some("https://x/1".into()),
            ..Tags::default()
        };
        let found = log.claims_for(&tags);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.as_ref().unwrap().kind, ClaimKind::Time);
        let tags = Tags {
            event: Some("Open".into()),
            round: Some("3".into()),
            white: Some("Ann".into()),
            black: Some("Bob".into()),
            ..Tags::default()
        };
        assert_eq!(log.claims_for(&tags)[0].0, 1);
        let unmatched: Vec<_> = log.unmatched(&[1, 1, 0]).collect();
        assert_eq!(unmatched.len(), 1);
        assert_eq!(unmatched[0].line, 4);
    }

    #[test]
    fn every_given_key_must_match() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("events.csv");
        std::fs::write(
            &path,
            "site,event,round,white,black,ply,command\n\
             Riga LAT,Open,1,Ann,Bob,3,claim time white\n\
             ,,,,,3,claim time white\n\
             ,Open,,,,5,claim draw white\n",
        )
        .unwrap();
        let log = EventLog::load(&path).unwrap();
        let game = |white: &'static str, black: &'static str| Tags {
            site: Some("Riga LAT".into()),
            event: Some("Open".into()),
            round: Some("1".into()),
            white: Some(white.into()),
            black: Some(black.into()),
            ..Tags::default()
        };
        let lines = |t: &Tags| log.claims_for(t).iter().map(|c| c.0).collect::<Vec<_>>();
        assert_eq!(lines(&game("Ann", "Bob")), [0, 2]);
        assert_eq!(lines(&game("Cid", "Dan")), [2]);
        let report: Vec<_> = log.unmatched(&[1, 0, 2]).collect();
        assert_eq!(report.len(), 2, "{report:?}");
        assert!(
            report[0].text.starts_with("gives no key column"),
            "{report:?}"
        );
        assert!(report[1].text.starts_with("matches 2 games"), "{report:?}");
    }

    #[test]
    fn bad_file_names_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("events.csv");
        std::fs::write(
            &path,
            "site,event,round,white,black,ply,command\nx,,,,,notanumber,claim\n",
        )
        .unwrap();
        let err = EventLog::load(&path).unwrap_err();
        assert!(matches!(err, EventsError::BadLine { line: 2, .. }), "{err}");
    }
}
