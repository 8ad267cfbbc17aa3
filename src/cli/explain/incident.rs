//! An incident told: the move, the clocks, the board, what happened and
//! the clause that applies in the rules' own words.

use shakmaty::fen::Fen;

use super::{Quoted, printable};
use crate::board::replay::Replay;
use crate::laws::Book;
use crate::laws::capitalised;
use crate::laws::incident::Incident;
use crate::laws::rulebook::{Point, sentence};
use crate::model::incident::IncidentKind;
use crate::report::diagram;

fn kind_phrase(kind: IncidentKind) -> &'static str {
    match kind {
        IncidentKind::IllegalMove => "an illegal move",
        IncidentKind::CastlingDisallowed => "castling that the set-up forbade",
        IncidentKind::IllegalPosition => "an illegal position",
        IncidentKind::Notation => "a move written irregularly",
        IncidentKind::FlagFall => "a flag falls",
        IncidentKind::BothFlags => "both clocks show zero",
        IncidentKind::DeadPosition => "the position is dead",
        IncidentKind::MovesAfterEnd => "moves recorded after the end",
        IncidentKind::UnreadableMove => "a move that cannot be read",
        IncidentKind::ResultMismatch => "the recorded result is not the correct one",
        IncidentKind::LateClaim => "a claim made too late",
        IncidentKind::RejectedClaim => "a claim the record does not bear out",
        IncidentKind::InadmissibleClaim => "a claim that may not be made",
        IncidentKind::ClockChange => "a clock goes up",
        IncidentKind::ClockReading => "a clock reading out of line (the relay's)",
        IncidentKind::UnmatchedEvent => "an event that matches no game",
    }
}

/// The words of the incident's clause that fit it best.
fn quote_for(incident: &Incident, book: &Book) -> Option<(String, String)> {
    let kind = incident.kind;
    if matches!(
        kind,
        IncidentKind::ResultMismatch | IncidentKind::Notation | IncidentKind::MovesAfterEnd
    ) {
        return None;
    }
    let number = incident.clause?;
    if !book.edition.is_ru_rapid() {
        // The project's paraphrase of an edition's clause is short: whole.
        return Some((number.to_string(), book.edition.text(number)?));
    }
    let point = match kind {
        IncidentKind::IllegalMove if incident.stands => Some(Point::Stands),
        IncidentKind::IllegalMove => Some(Point::ClaimAWin),
        IncidentKind::CastlingDisallowed => Some(Point::Castling),
        IncidentKind::IllegalPosition => Some(Point::StillOnBoard),
        IncidentKind::FlagFall | IncidentKind::BothFlags => Some(Point::TimeRemaining),
        IncidentKind::LateClaim => Some(Point::Claim),
        IncidentKind::InadmissibleClaim => Some(Point::TwoMinutes),
        IncidentKind::ClockChange => Some(Point::ClockSetting),
        _ => None,
    };
    Some((number.to_string(), sentence(number, point)?))
}

pub(super) fn tell_incident(
    incident: &Incident,
    replay: &Replay,
    book: &Book,
    color: bool,
    quoted: &mut Quoted,
) -> String {
    let mut out = String::new();
    let mover = if incident.san.is_empty() {
        String::new()
    } else {
        replay.numbered(incident.ply, &printable(&incident.san)) + " — "
    };
    let past_end = incident.ply > replay.plies();
    let when = if past_end {
        "after the last recorded move".to_string()
    } else {
        format!("ply {}", incident.ply)
    };
    out.push_str(&format!("{mover}{} ({when})\n", kind_phrase(incident.kind)));
    let show = |c: Option<crate::model::clock::Clock>| c.map(|c| c.to_string());
    if let (Some(w), Some(b)) = (show(incident.white_clock), show(incident.black_clock)) {
        let at = if past_end {
            "at the end"
        } else {
            "before the move"
        };
        out.push_str(&format!(
            "Last clock readings {at}: White {w}, Black {b}.\n"
        ));
    }
    let (board, marked) = incident_board(incident, replay);
    for line in diagram::text(&board, &marked, color).lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out.push_str(&format!(
        "{}\n",
        capitalised(&printable(&incident.detail.to_string()))
    ));
    if let Some((number, words)) = quote_for(incident, book) {
        out.push_str(&quoted.line(&number, &words));
    }
    out.push('\n');
    out
}

/// The position after the incident's move, with the move's squares; for
/// events between moves, the position they happened in.
fn incident_board(
    incident: &Incident,
    replay: &Replay,
) -> (shakmaty::Board, Vec<shakmaty::Square>) {
    let step = incident
        .ply
        .checked_sub(1)
        .and_then(|i| replay.steps.get(i));
    match step {
        Some(step) => {
            let after = replay.position_at(incident.ply);
            let marked: Vec<_> = step
                .mv
                .map(|m| m.from().into_iter().chain([m.to()]).collect())
                .unwrap_or_default();
            (after.board().clone(), marked)
        }
        None => {
            let fen: Option<Fen> = incident.fen_before.parse().ok();
            let board = fen.map(|f| f.into_setup().board).unwrap_or_default();
            (board, Vec::new())
        }
    }
}
