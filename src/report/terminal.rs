//! What a run prints on the terminal when it ends: the inputs that could
//! not be read, then the counts by status, rule, ending and incident.

use std::collections::BTreeMap;
use std::path::Path;

use super::summary::Summary;

/// The end-of-run text, one line a count.
pub fn summary(s: &Summary, dir: &Path) -> String {
    let mut lines: Vec<String> = s
        .source_errors
        .iter()
        .map(|problem| format!("pgn-arbiter: {problem}"))
        .collect();
    lines.push(format!(
        "{} games read; {} verdict rows and {} incident rows written to {}",
        s.games,
        s.verdict_rows,
        s.incident_rows,
        dir.display()
    ));
    if s.games == 0 {
        lines.push(
            "  no game was found in the input: check the paths, and that the files are PGN".into(),
        );
    } else {
        lines.push(format!("  status:    {}", counts(&s.by_status)));
        lines.push(format!("  rule:      {}", counts(&s.by_rule)));
        lines.push(format!("  endings:   {}", counts(&s.by_ending)));
    }
    lines.extend(notes(s));
    lines.push(format!(
        "  {:.2} s, {:.0} games/s",
        s.seconds,
        s.games as f64 / s.seconds.max(1e-9)
    ));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The lines that are there only when there is something to say.
fn notes(s: &Summary) -> Vec<String> {
    let mut lines = Vec::new();
    // The default, ru-rapid, says so in the `not rapid` line; other rule
    // sets are named, with their games.
    if s.by_laws.keys().any(|&laws| laws != "ru-rapid") {
        lines.push(format!("  judged by: {}", counts(&s.by_laws)));
    }
    if !s.by_incident.is_empty() {
        lines.push(format!("  incidents: {}", counts(&s.by_incident)));
    }
    if !s.not_rapid.is_empty() {
        lines.push(format!(
            "  not rapid: {} — judged by the rapid-play rules all the same; --laws by-date judges \
             each game by the FIDE rules of its category (--only-rapid sends them to review)",
            counts(&s.not_rapid)
        ));
    }
    if !s.no_category.is_empty() {
        let total: u64 = s.no_category.values().sum();
        let why: Vec<String> = s
            .no_category
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        lines.push(format!(
            "  no category: {total} game(s) ({}) — judged by the rapid clauses; where the \
             categories' clauses would decide an incident differently, the row goes to review",
            why.join(", ")
        ));
    }
    if !s.records.is_empty() {
        lines.push(format!("  records:   {}", record_notes(&s.records)));
    }
    if !s.encodings.is_empty() {
        lines.push(format!(
            "  encodings: {} — games whose tags are not UTF-8, read in the encoding guessed from \
             each game's bytes (summary.json's encodings)",
            counts(&s.encodings)
        ));
    }
    if s.not_copied > 0 {
        lines.push(format!(
            "  {} game(s) over --max-game-bytes could not be copied into the corrected PGN",
            s.not_copied
        ));
    }
    if s.unmatched_events > 0 {
        lines.push(format!(
            "  {} line(s) of the events file matched no game or several (see incidents.csv, kind \
             unmatched-event)",
            s.unmatched_events
        ));
    }
    lines
}

/// "28 with the moves on the last tag's line (read as if a line break
/// stood there)".
fn record_notes(map: &BTreeMap<&str, u64>) -> String {
    map.iter()
        .map(|(&k, v)| match k {
            "moves-on-tag-line" => {
                format!("{v} with the moves on the last tag's line (read as if a line break stood there)")
            }
            "two-results" => format!(
                "{v} whose Result tag and movetext marker name different results (sent to review)"
            ),
            "result-in-words" => format!("{v} with a Result tag in words (`remis`, `0:1 kampflos`)"),
            "ending-not-understood" => format!(
                "{v} whose words about the ending are not understood (sent to review unless the \
                 board settled them; see docs/endings.md)"
            ),
            "encoding-differs" => format!(
                "{v} whose own text not in UTF-8 looks like another encoding than the file's \
                 (read in the file's: `text_encoding`; see docs/robustness.md)"
            ),
            "ending-read-in-part" => format!(
                "{v} whose words about the ending are read only in part: a clause not understood, \
                 asked, denied or hedged (sent to review unless the board settled them)"
            ),
            "ending-ambiguous" => format!(
                "{v} whose words about the ending read two ways, a player's name being a colour \
                 word (sent to review unless the board settled them)"
            ),
            "endings-disagree" => format!(
                "{v} whose statements of the ending give different results, endings or players \
                 (sent to review)"
            ),
            other => format!("{other} {v}"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// "confirmed 82, corrected 8".
fn counts(map: &BTreeMap<&str, u64>) -> String {
    map.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}
