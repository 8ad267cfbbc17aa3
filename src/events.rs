//! Events: claims and arbiter's acts from a sidecar CSV (`--events FILE`),
//! for records whose comments cannot be edited.
//!
//! Columns `site, event, round, white, black, ply, command`; a line matches
//! a game by `site` when it is set, else by the other four tags. `command`
//! is the text of a record's command without brackets: `claim time black`.

use std::collections::HashMap;
use std::path::Path;

use crate::claim::Claim;
use crate::parse::Tags;

#[derive(Debug, Clone, serde::Deserialize)]
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

type Players = (String, String, String, String);

/// The lines of an events file, indexed for matching.
#[derive(Debug, Default)]
pub struct EventLog {
    pub path: String,
    lines: Vec<Line>,
    by_site: HashMap<String, Vec<usize>>,
    by_players: HashMap<Players, Vec<usize>>,
}

/// One line of an events file, as an unmatched incident shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmatched {
    /// 1-based data line (the header is line 1 of the file).
    pub line: usize,
    pub text: String,
}

impl EventLog {
    /// Reads an events file.
    pub fn load(path: &Path) -> Result<EventLog, String> {
        let shown = path.display().to_string();
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_path(path)
            .map_err(|e| format!("{shown}: cannot read the events file: {e}"))?;
        let mut log = EventLog {
            path: shown.clone(),
            ..EventLog::default()
        };
        for (i, line) in reader.deserialize::<Line>().enumerate() {
            let line = line.map_err(|e| {
                format!(
                    "{shown}: line {}: {e} (expected columns site, event, round, white, black, ply, command)",
                    i + 2
                )
            })?;
            let index = log.lines.len();
            if line.site.is_empty() {
                let key = (
                    line.event.clone(),
                    line.round.clone(),
                    line.white.clone(),
                    line.black.clone(),
                );
                log.by_players.entry(key).or_default().push(index);
            } else {
                log.by_site
                    .entry(line.site.clone())
                    .or_default()
                    .push(index);
            }
            log.lines.push(line);
        }
        Ok(log)
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The claims for a game, with the indices of the lines they came from.
    pub fn claims_for(&self, tags: &Tags) -> Vec<(usize, Result<Claim, String>)> {
        let tag = |t: &Option<String>| t.clone().unwrap_or_default();
        let mut found: Vec<usize> = Vec::new();
        if let Some(site) = tags.site.as_ref().and_then(|s| self.by_site.get(s)) {
            found.extend(site);
        }
        let key = (
            tag(&tags.event),
            tag(&tags.round),
            tag(&tags.white),
            tag(&tags.black),
        );
        if let Some(players) = self.by_players.get(&key) {
            found.extend(players);
        }
        found.sort_unstable();
        found
            .into_iter()
            .map(|i| {
                let line = &self.lines[i];
                let (name, args) = line.command.split_once(' ').unwrap_or((&line.command, ""));
                let claim =
                    Claim::read(line.ply, name.as_bytes(), args.as_bytes()).unwrap_or_else(|| {
                        Err(format!(
                            "`{}` is not a claim or an arbiter's act",
                            line.command
                        ))
                    });
                (i, claim)
            })
            .collect()
    }

    /// The lines no game matched, given which ones did.
    pub fn unmatched(&self, matched: &[bool]) -> Vec<Unmatched> {
        self.lines
            .iter()
            .enumerate()
            .filter(|(i, _)| !matched.get(*i).copied().unwrap_or(false))
            .map(|(i, l)| Unmatched {
                line: i + 2,
                text: format!(
                    "no game matches site \"{}\", event \"{}\", round \"{}\", white \"{}\", black \"{}\" (ply {}, `{}`)",
                    l.site, l.event, l.round, l.white, l.black, l.ply, l.command
                ),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::ClaimKind;

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
        let unmatched = log.unmatched(&[true, true, false]);
        assert_eq!(unmatched.len(), 1);
        assert_eq!(unmatched[0].line, 4);
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
        assert!(err.contains("line 2"), "{err}");
    }
}
