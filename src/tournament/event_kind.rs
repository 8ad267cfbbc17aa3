//! Round robin or Swiss: the kind of event decides what an unplayed round
//! is (C.07 15.2 and 15.3), so it is read from the report's `092` line —
//! who happened to meet whom says it only where the line is silent.
//!
//! ```
//! use pgn_arbiter::tournament::event_kind::{EventKind, told};
//! assert_eq!(told("Individual: Swiss-System Dutch (JaVaFo)"), Some(EventKind::Swiss));
//! assert_eq!(told("Round Robin"), Some(EventKind::RoundRobin));
//! assert_eq!(told("Team League"), None);
//! ```

/// How the pairings were made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// Pre-determined pairings (Berger tables, Scheveningen…): a round with
    /// no opponent is the player's rest, and only forfeits are unplayed.
    RoundRobin,
    /// Pairings made round by round: a round not played is scored with a
    /// dummy opponent (16.4), even where everyone met everyone.
    Swiss,
}

/// Where the kind came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindSource {
    /// The `092` line says it.
    Report,
    /// The `092` line is absent or names no kind this tool reads: every
    /// player met every other once, or not.
    Pairings,
}

/// The kind a `092` line names, if it names one: "Swiss" in any spelling,
/// or a round robin (also "Berger", "all-play-all", "Scheveningen").
pub fn told(line: &str) -> Option<EventKind> {
    let text = line.to_lowercase().replace(['-', '_'], " ");
    let robin = [
        "round robin",
        "berger",
        "all play all",
        "scheveningen",
        "rundenturnier",
    ];
    let swiss = text.contains("swiss") || text.contains("schweizer");
    let round_robin = robin.iter().any(|w| text.contains(w));
    match (swiss, round_robin) {
        (true, false) => Some(EventKind::Swiss),
        (false, true) => Some(EventKind::RoundRobin),
        _ => None,
    }
}

/// Whether an event is a round robin: as its report names it (`told`), or,
/// where it names no kind, every player (or team) paired with every other
/// exactly once — each row's opponents, a round with none as `None`.
pub(super) fn round_robin<R, O>(told: Option<EventKind>, rows: R) -> bool
where
    R: ExactSizeIterator<Item = O>,
    O: Iterator<Item = Option<u32>>,
{
    if let Some(kind) = told {
        return kind == EventKind::RoundRobin;
    }
    let n = rows.len();
    let mut rows = rows;
    n > 2
        && rows.all(|opponents| {
            let mut met: Vec<u32> = opponents.flatten().collect();
            let paired = met.len();
            met.sort_unstable();
            met.dedup();
            met.len() == n - 1 && paired == n - 1
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_real_reports_lines_are_read() {
        for line in [
            "Swiss",
            "Individual: Swiss-System",
            "Individual: swiss-system (standard)",
            "Team Swiss System",
            "Team Swiss",
        ] {
            assert_eq!(told(line), Some(EventKind::Swiss), "{line}");
        }
        for line in [
            "Round Robin",
            "Individual: Round-Robin",
            "Double round robin",
            "Berger",
        ] {
            assert_eq!(told(line), Some(EventKind::RoundRobin), "{line}");
        }
        // A league may be either: the pairings say.
        for line in ["", "Team League", "Knockout", "Swiss round robin"] {
            assert_eq!(told(line), None, "{line}");
        }
    }
}
