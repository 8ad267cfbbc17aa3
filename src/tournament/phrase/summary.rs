//! What the terminal says at the end of a tournament check: the pairings
//! by status, how a team competition is ranked, the team lines that
//! disagree with their matches, what changed, and why the games may not
//! be this report's.

use std::path::Path;

use super::{bye, match_points};
use crate::tournament::check::TournamentCheck;
use crate::tournament::consequences::PairingStatus;
use crate::tournament::matching::PlayedGame;
use crate::tournament::ranking::Rankings;
use crate::tournament::rating::regulations::{Cap, Junior, KRule, Play, Within700};
use crate::tournament::rating::{KWhy, RatedEvent, RatingText, Regulations, games_against_unrated};
use crate::tournament::rating_list::ListHeader;
use crate::tournament::team_standings::{Disagreement, disagreements};
use crate::tournament::trf::{Trf, members};

/// The summary of a check of `trf` against `games`, its reports in `dir`.
pub fn summary(
    trf: &Trf,
    games: &[PlayedGame],
    check: &TournamentCheck,
    rankings: &Rankings,
    dir: &Path,
) -> String {
    let c = &check.consequences;
    let count = |s: PairingStatus| c.checked.iter().filter(|r| r.status == s).count();
    let statuses = [
        PairingStatus::Agree,
        PairingStatus::Corrected,
        PairingStatus::Mismatch,
        PairingStatus::MissingGame,
        PairingStatus::NoPairing,
        PairingStatus::Review,
    ]
    .iter()
    .map(|&s| format!("{} {}", s.as_str(), count(s)))
    .collect::<Vec<_>>()
    .join(", ");
    let moved = c
        .before
        .iter()
        .zip(&c.after)
        .filter(|(b, a)| b.rank != a.rank)
        .count();
    let mut lines = vec![format!(
        "{} games, {} pairings checked: {statuses}",
        games.len(),
        c.checked.len(),
    )];
    lines.extend(matching_notes(trf, games, count(PairingStatus::NoPairing)));
    lines.extend(team_note(trf, rankings));
    lines.extend(declared_notes(trf, check));
    lines.push(format!(
        "{} result(s) applied; {moved} player(s) change rank; reports in {}",
        c.applied.len(),
        dir.display()
    ));
    lines.extend(rankings.notes.iter().map(ToString::to_string));
    lines.extend(rating_note(trf, check));
    lines.join("\n")
}

/// How the rating changes were reckoned, and what the report could not
/// tell; or why no text rates the event.
fn rating_note(trf: &Trf, check: &TournamentCheck) -> Option<String> {
    let text = match RatedEvent::of(trf).regulations {
        Regulations::Text(text) => text,
        Regulations::Undated => {
            return given_k(
                check,
                "the report gives no date its 042 line can be read as",
            );
        }
        Regulations::NotRated(first) => {
            return Some(format!(
                "rating changes: none: FIDE rated no {} event that started before {} ({})",
                play_named(first.play),
                day_named(first.from),
                first.source
            ));
        }
        Regulations::NoText(earliest) => {
            return Some(format!(
                "rating changes: none: the project holds no text of FIDE's rating regulations \
                 for events before {} (the earliest: {})",
                day_named(earliest.from),
                earliest.source
            ));
        }
    };
    let ratings = &check.consequences.ratings;
    if ratings.first()?.coefficient.why == KWhy::Given {
        return given_k(check, "--k");
    }
    let listed = ratings
        .iter()
        .filter(|r| r.coefficient.why == KWhy::Listed)
        .count();
    let mut derived = derived_k(text);
    let unrated = games_against_unrated(trf);
    if unrated > 0 {
        derived.push_str(&format!(
            "; {unrated} game(s) of rated players against unrated opponents left out (FIDE rates \
             them by the rating the opponent obtains, which the report does not give)"
        ));
    }
    let texts = text.named;
    Some(match &check.rating_list {
        None => format!(
            "rating changes: each player's K by FIDE's rating regulations {texts} (ratings.csv, \
             k and k_from); {derived}"
        ),
        Some(list) => format!(
            "rating changes: K from FIDE's rating list ({}) for {listed} of {} rated players; the \
             others' by the rating regulations {texts} ({derived})",
            list_named(list),
            ratings.len()
        ),
    })
}

/// K given for every player, and why.
fn given_k(check: &TournamentCheck, why: &str) -> Option<String> {
    let first = check.consequences.ratings.first()?.coefficient;
    Some(format!(
        "rating changes: K {} for every player ({why})",
        first.k
    ))
}

/// What the report cannot tell of K under `text`, and what the text is not
/// known to say.
fn derived_k(text: &RatingText) -> String {
    let mut derived = match (text.k, text.junior) {
        (KRule::Flat(k), _) => format!("{k} for everyone"),
        (_, Junior::None) => "a player's games before this event and a rating once reached are \
             not in the report: none is taken as new, and K 10 comes only from a rating of 2400 \
             now"
        .to_string(),
        _ => "a player's games before this event and a rating once reached are not in the \
             report: none is taken as new (K 40 until 30 games), and K 10 comes only from a \
             rating of 2400 now"
            .to_string(),
    };
    if text.cap == Cap::OncePerEvent {
        derived.push_str(
            "; the 400-point rule benefits a higher rated player once, in his game of the \
             greatest difference",
        );
    }
    if text.within_700 == Within700::NotKnown {
        derived.push_str(
            "; whether this text holds K × games within 700 is not known here: not applied",
        );
    }
    derived
}

fn play_named(play: Play) -> &'static str {
    match play {
        Play::Standard => "standard",
        Play::RapidBlitz => "rapid or blitz",
    }
}

/// `1 January 2012`.
fn day_named((year, month, day): (u32, u32, u32)) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month = (month as usize).checked_sub(1).and_then(|m| MONTHS.get(m));
    let month = month.copied().unwrap_or("?");
    format!("{day} {month} {year}")
}

/// The list as its header names it.
fn list_named(list: &ListHeader) -> String {
    match (&list.month, list.combined) {
        (_, true) => "the combined list, its column for the event's play".to_string(),
        (Some(month), false) => format!("{month}, taken as the list of the event's play"),
        (None, false) => "taken as the list of the event's play".to_string(),
    }
}

/// A team competition is said to be one, with how its teams are ranked.
fn team_note(trf: &Trf, rankings: &Rankings) -> Option<String> {
    if trf.teams.is_empty() {
        return None;
    }
    let order = &rankings.teams.order;
    let codes: Vec<String> = std::iter::once(order.primary.code().to_string())
        .chain(order.tiebreaks.iter().map(|t| t.to_string()))
        .collect();
    let records = if trf.teams[0].declared.is_some() {
        "`310`"
    } else {
        "`013`"
    };
    let sources = &rankings.team_sources;
    Some(format!(
        "a team competition: {} teams of {} players ({records} lines): team-standings.csv ranks \
         the teams by {}, a match worth {}, a team's bye {}; standings.csv ranks the players one \
         by one",
        trf.teams.len(),
        members(&trf.teams),
        codes.join(", "),
        match_points(&sources.match_points),
        bye(&sources.bye),
    ))
}

/// The teams whose `310` line declares other points or rank than their
/// matches give (before the corrections), the first five by name.
fn declared_notes(trf: &Trf, check: &TournamentCheck) -> Option<String> {
    let differ = disagreements(trf, &check.team_outcome.as_ref()?.before);
    if differ.is_empty() {
        return None;
    }
    let opt = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
    let one = |d: &Disagreement| {
        let (s, rank) = (&d.computed.score, d.computed.rank);
        format!(
            "team {} declares {} MP, {} GP, rank {}; its matches give {:.1} MP, {:.1} GP, rank {rank}",
            d.team,
            opt(d.declared.match_points),
            opt(d.declared.game_points),
            d.declared.rank.map_or("-".to_string(), |r| r.to_string()),
            s.match_points,
            s.game_points,
        )
    };
    let shown: Vec<String> = differ.iter().take(5).map(one).collect();
    let more = differ.len().saturating_sub(5);
    Some(format!(
        "{} team line(s) (`310`) disagree with the matches: {}{}",
        differ.len(),
        shown.join("; "),
        if more > 0 {
            format!("; and {more} more")
        } else {
            String::new()
        }
    ))
}

/// What the terminal says when games match no pairing, and when their
/// `Event` is not the report's name.
fn matching_notes(trf: &Trf, games: &[PlayedGame], unmatched: usize) -> Vec<String> {
    let mut notes = Vec::new();
    if !games.is_empty() && unmatched == games.len() {
        notes.push(format!(
            "no game matched a pairing of the report: are these the games of {}? (see \
             pairings.csv for each game's reason)",
            quoted(&trf.event)
        ));
    } else if unmatched > 0 {
        notes.push(format!(
            "{unmatched} game(s) match no pairing (see pairings.csv, status no-pairing)"
        ));
    }
    let name = fold(&trf.event);
    let mut other: Vec<&str> = games
        .iter()
        .filter_map(|g| g.event.as_deref())
        .filter(|e| !name.is_empty() && !e.trim().is_empty() && fold(e) != name)
        .collect();
    let differing = other.len();
    other.sort_unstable();
    other.dedup();
    if let Some(first) = other.first() {
        let more = match other.len() {
            1 => String::new(),
            n => format!(" and {} other name(s)", n - 1),
        };
        notes.push(format!(
            "{differing} game(s) name another event than the report's {}: {}{more}",
            quoted(&trf.event),
            quoted(first)
        ));
    }
    notes
}

/// A name from a file, quoted, cut short past 60 characters.
fn quoted(text: &str) -> String {
    let text = text.trim();
    let cut: String = text.chars().take(60).collect();
    let more = if cut.len() < text.len() { "…" } else { "" };
    format!("\u{201c}{cut}{more}\u{201d}")
}

/// An event's name for comparison: its letters and digits, lower-case.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
