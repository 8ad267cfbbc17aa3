//! The sentences of a claim on time (15.4.3; A.4.3, A.5.3, 6.9): how the
//! flag fell, whose claim it was, and what the claimant could still do.

use shakmaty::Color;

use super::side_name;
use crate::model::clock::Clock;
use crate::model::outcome::GameResult;

/// A claim made with the claimant's own clock at zero.
pub(in crate::laws) fn own_clock_at_zero(claimant: Color, clause: &str) -> String {
    format!(
        "{} claimed a win on time with his own clock at zero; the claimant must have time left \
         ({clause})",
        side_name(claimant)
    )
}

/// A claim made while the opponent, who had just moved, still had `left`.
pub(in crate::laws) fn no_flag_down(claimant: Color, left: Clock) -> String {
    format!(
        "{} claimed a win on time, but no flag had fallen: {} had just moved with {left} left",
        side_name(claimant),
        side_name(!claimant),
    )
}

/// A result that only the rejected claim (`why`) explains.
pub(in crate::laws) fn resting_on_rejection(why: &str, recorded: GameResult) -> String {
    format!(
        "{why}; the recorded result {recorded} is the one the claim asked for and nothing else \
         in the record explains it: check the scoresheet"
    )
}

/// Where the claim behind a flag fall is read.
pub(in crate::laws) enum ClaimRead<'a> {
    /// A `[%claim time …]` in the record, or an `--events` line.
    Recorded,
    /// The record's own words (quoted), the server that wrote them (a
    /// server's flag fall ends the game by itself, with no claim), and how
    /// the flagger is known.
    Stated(&'a str, Option<&'a str>, Whose),
    /// The flagged side's clock at zero and the result.
    ClockAtZero,
}

/// How the record shows whose flag fell, when its words say one did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::laws) enum Whose {
    /// The words name him (or name his opponent the winner).
    Named,
    /// The words name nobody; the decisive result names the loser.
    ByResult,
    /// A server's record names nobody beside a draw: a server ends the game
    /// the moment a flag falls, so the side to move at the end flagged.
    ToMove,
}

/// "White claimed the win on time (recorded)", or where the claim is read.
pub(in crate::laws) fn claim_words(flagged: Color, read: ClaimRead<'_>) -> String {
    let claimant_name = side_name(!flagged);
    match read {
        ClaimRead::Recorded => format!("{claimant_name} claimed the win on time (recorded)"),
        ClaimRead::Stated(quoted, Some(server), whose) => format!(
            "{server} ended the game on it, as {quoted} says{} (a server's flag fall needs no \
             claim)",
            whose_words(flagged, whose)
        ),
        ClaimRead::Stated(quoted, None, whose) => format!(
            "{claimant_name}'s claim is read from {quoted}{}",
            whose_words(flagged, whose)
        ),
        ClaimRead::ClockAtZero => format!(
            "{claimant_name}'s claim is read from {}'s clock at zero and the result",
            side_name(flagged)
        ),
    }
}

/// How the flagger is known, where the words do not name him.
fn whose_words(flagged: Color, whose: Whose) -> String {
    let flagged = side_name(flagged);
    match whose {
        Whose::Named => String::new(),
        Whose::ByResult => {
            format!(", and the result names {flagged} as the loser (the words name nobody)")
        }
        Whose::ToMove => format!(
            "; the words name nobody, and the server ended the game the moment a flag fell, \
             with {flagged} to move"
        ),
    }
}

/// Words that say a flag fell, naming nobody, beside a draw in a record no
/// server kept: who flagged is not on record, and the result turns on it.
pub(in crate::laws) fn flagger_unsaid(quoted: &str, recorded: GameResult, clause: &str) -> String {
    format!(
        "{quoted} says a flag fell but not whose, and the record gives {recorded}; over the \
         board the side to move when the record ends need not be the one who flagged, and who \
         flagged decides the result ({clause}): the arbiter says"
    )
}

/// The flag fall incident: "Black's flag fell (last clock readings: …);
/// White claimed the win on time (recorded) (15.4.3)".
pub(in crate::laws) fn flag_fell(
    flagged: Color,
    readings: &str,
    claim: &str,
    clause: &str,
) -> String {
    format!(
        "{}'s flag fell ({readings}); {claim} ({clause})",
        side_name(flagged)
    )
}

/// Both clocks at zero, and the rule that then decides.
pub(in crate::laws) fn both_clocks_at_zero(readings: &str, rule: &str) -> String {
    if readings == super::NO_READINGS {
        return format!("both flags fell, as the record says ({readings}); {rule}");
    }
    format!("both clocks show zero ({readings}); {rule}")
}

/// The opening of the verdict's reason: the flag, the claim, the
/// claimant's time.
pub(in crate::laws) fn flag_fall_lead(
    flagged: Color,
    readings: &str,
    claim: &str,
    had_time: &str,
) -> String {
    format!(
        "{}'s flag fell ({readings}); {claim}; {had_time}",
        side_name(flagged)
    )
}

/// Whether the claimant still had time, as the record shows it (`server`:
/// the server that decided the flag fall with clocks it keeps exactly).
pub(in crate::laws) fn had_time(
    flagged: Color,
    claimant_clock: Option<Clock>,
    server: Option<&str>,
) -> String {
    let (flagged_name, claimant_name) = (side_name(flagged), side_name(!flagged));
    match (claimant_clock, server) {
        (Some(c), Some(server)) if c.is_zero() => format!(
            "{claimant_name}'s clock reads 0:00:00, which {server}'s PGN rounds from under one \
             second: {server}'s server, which keeps the clocks exactly, decided that \
             {flagged_name}'s flag fell first"
        ),
        (Some(_), _) => format!("{claimant_name} still had time"),
        (None, _) => {
            format!("{claimant_name}'s clock is not recorded and is taken to show time left")
        }
    }
}

/// The flag fell in a dead position: drawn.
pub(in crate::laws) fn dead_after_flag(lead: &str, also: &str, note: &str) -> String {
    format!(
        "{lead}{also}, {} the position is dead{note}: no series of legal moves lets either side \
         checkmate, so the game is drawn",
        agreeing(also)
    )
}

/// "but" after a flag fall alone; "and indeed" after a server's own draw,
/// which the Laws bear out here (issue 42: "has no mating material, but no
/// series of legal moves lets Black checkmate" read as a disagreement).
fn agreeing(also: &str) -> &'static str {
    match also.is_empty() {
        true => "but",
        false => "and indeed",
    }
}

/// The flag fell but the claimant cannot mate: drawn.
pub(in crate::laws) fn claimant_cannot_mate(
    lead: &str,
    also: &str,
    claimant: Color,
    note: &str,
    clause: &str,
) -> String {
    format!(
        "{lead}{also}, {} no series of legal moves lets {} checkmate{note}, so the game is \
         drawn ({clause})",
        agreeing(also),
        side_name(claimant)
    )
}

/// The flag fell and the claimant can mate (`mates` says how); `scored`, a
/// server's own draw that the Laws overturn.
pub(in crate::laws) fn win_on_time(
    lead: &str,
    scored: Option<&str>,
    mates: &str,
    claimant: Color,
    clause: &str,
) -> String {
    match scored {
        Some(s) => format!(
            "{lead}; {s}; but {mates}, so under the Laws {} wins ({clause})",
            side_name(claimant)
        ),
        None => format!("{lead}; {mates}, so the win on time stands ({clause})"),
    }
}

/// The helpmate solver could not say whether the claimant can mate.
pub(in crate::laws) fn mate_undecided(lead: &str, claimant: Color, clause: &str) -> String {
    format!(
        "{lead}; whether {} can still checkmate could not be decided by the helpmate solver, so \
         check the final position by hand ({clause})",
        side_name(claimant)
    )
}
