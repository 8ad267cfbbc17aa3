//! The words of a claim on time (15.4.3; A.4.3, A.5.3, 6.9): how the flag
//! fell, whose claim it was, and what the claimant could still do.

use std::fmt;

use shakmaty::Color;

use super::side_name;
use crate::board::forced_mate::ForcedMate;
use crate::board::tablebase::TableOutcome;
use crate::laws::finding::time::{
    AfterFlag, ClaimRead, FlagFallLead, ForcedWin, Rejection, TimeFinding, TooLittle, Whose,
};

impl fmt::Display for TimeFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeFinding::Rejected(why) => write!(f, "{why}"),
            TimeFinding::RestingOnRejection { why, recorded } => write!(
                f,
                "{why}; the recorded result {recorded} is the one the claim asked for and \
                 nothing else in the record explains it: check the scoresheet"
            ),
            TimeFinding::FlaggerUnsaid {
                quoted,
                recorded,
                clause,
            } => write!(
                f,
                "{quoted} says a flag fell but not whose, and the record gives {recorded}; over \
                 the board the side to move when the record ends need not be the one who \
                 flagged, and who flagged decides the result ({clause}): the arbiter says"
            ),
            TimeFinding::FlagFell {
                flagged,
                readings,
                claim,
                clause,
            } => {
                write!(f, "{}'s flag fell ({readings}); ", side_name(*flagged))?;
                claim_words(f, *flagged, claim)?;
                write!(f, " ({clause})")
            }
            TimeFinding::FlagFall { lead, then } => after_flag(f, lead, then),
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rejection::OwnClockAtZero { claimant, clause } => write!(
                f,
                "{} claimed a win on time with his own clock at zero; the claimant must have \
                 time left ({clause})",
                side_name(claimant)
            ),
            Rejection::NoFlagDown { claimant, left } => write!(
                f,
                "{} claimed a win on time, but no flag had fallen: {} had just moved with {left} \
                 left",
                side_name(claimant),
                side_name(!claimant),
            ),
        }
    }
}

/// "White claimed the win on time (recorded)", or where the claim is read.
fn claim_words(f: &mut fmt::Formatter<'_>, flagged: Color, read: &ClaimRead) -> fmt::Result {
    let claimant_name = side_name(!flagged);
    match read {
        ClaimRead::Recorded => write!(f, "{claimant_name} claimed the win on time (recorded)"),
        ClaimRead::Stated {
            quoted,
            server: Some(server),
            whose,
        } => {
            write!(f, "{server} ended the game on it, as {quoted} says")?;
            whose_words(f, flagged, *whose)?;
            f.write_str(" (a server's flag fall needs no claim)")
        }
        ClaimRead::Stated {
            quoted,
            server: None,
            whose,
        } => {
            write!(f, "{claimant_name}'s claim is read from {quoted}")?;
            whose_words(f, flagged, *whose)
        }
        ClaimRead::ClockAtZero => write!(
            f,
            "{claimant_name}'s claim is read from {}'s clock at zero and the result",
            side_name(flagged)
        ),
        ClaimRead::ZeroBesideDraw => write!(
            f,
            "{}'s clock reads zero beside the draw, and no claim by {claimant_name} is on record",
            side_name(flagged)
        ),
    }
}

/// How the flagger is known, where the words do not name him.
fn whose_words(f: &mut fmt::Formatter<'_>, flagged: Color, whose: Whose) -> fmt::Result {
    let flagged = side_name(flagged);
    match whose {
        Whose::Named => Ok(()),
        Whose::ByResult => write!(
            f,
            ", and the result names {flagged} as the loser (the words name nobody)"
        ),
        Whose::ToMove => write!(
            f,
            "; the words name nobody, and the server ended the game the moment a flag fell, \
             with {flagged} to move"
        ),
        Whose::CountedFlag => write!(
            f,
            "; the words name nobody, but {flagged}, to move, had two seconds or less: the \
             server's draw by insufficient material was its draw on a flag fall"
        ),
        Whose::ClockAtZero => write!(
            f,
            "; the words name nobody, and {flagged}'s clock alone reads zero"
        ),
        Whose::OnlyReading => write!(
            f,
            "; the words name nobody, and only {flagged}'s flag gives the recorded result (the \
             other's would give {flagged} a win)"
        ),
        Whose::EitherReading => write!(
            f,
            "; the words name nobody, and either player's flag gives the same result, read here \
             as {flagged}'s"
        ),
    }
}

/// The opening of the verdict's reason: the flag, the claim, the
/// claimant's time.
impl fmt::Display for FlagFallLead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flagged = self.flagged;
        write!(
            f,
            "{}'s flag fell ({}); ",
            side_name(flagged),
            self.readings
        )?;
        claim_words(f, flagged, &self.claim)?;
        f.write_str("; ")?;
        had_time(f, self)
    }
}

/// Whether the claimant still had time, as the record shows it.
fn had_time(f: &mut fmt::Formatter<'_>, lead: &FlagFallLead) -> fmt::Result {
    let (flagged_name, claimant_name) = (side_name(lead.flagged), side_name(!lead.flagged));
    match (lead.claimant_clock, lead.server) {
        (Some(c), Some(server)) if c.is_zero() => write!(
            f,
            "{claimant_name}'s clock reads 0:00:00, which {server}'s PGN rounds from under one \
             second: {server}'s server, which keeps the clocks exactly, decided that \
             {flagged_name}'s flag fell first"
        ),
        (Some(_), _) => write!(f, "{claimant_name} still had time"),
        (None, _) => write!(
            f,
            "{claimant_name}'s clock is not recorded and is taken to show time left"
        ),
    }
}

/// What follows the lead of a flag fall whose claim stands.
fn after_flag(f: &mut fmt::Formatter<'_>, lead: &FlagFallLead, then: &AfterFlag) -> fmt::Result {
    let claimant = side_name(!lead.flagged);
    write!(f, "{lead}")?;
    match then {
        AfterFlag::Dead { also, judged } => {
            also_said(f, also)?;
            write!(
                f,
                ", {} the position is dead{judged}: no series of legal moves lets either side \
                 checkmate, so the game is drawn",
                agreeing(also)
            )
        }
        AfterFlag::CannotMate {
            also,
            judged,
            clause,
        } => {
            also_said(f, also)?;
            write!(
                f,
                ", {} no series of legal moves lets {claimant} checkmate{judged}, so the game is \
                 drawn ({clause})",
                agreeing(also)
            )
        }
        AfterFlag::Wins {
            scored: Some(s),
            mate,
            clause,
        } => write!(
            f,
            "; {s}; but {mate}, so under the Laws {claimant} wins ({clause})"
        ),
        AfterFlag::Wins { mate, clause, .. } => {
            write!(f, "; {mate}, so the win on time stands ({clause})")
        }
        AfterFlag::Undecided { clause } => write!(
            f,
            "; whether {claimant} can still checkmate could not be decided by the helpmate \
             solver, so check the final position by hand ({clause})"
        ),
        AfterFlag::LoneKing { clause } => write!(
            f,
            "; but {claimant} has only a king, too little to win on time, so the game is drawn \
             ({clause})"
        ),
        AfterFlag::TooLittle {
            material,
            search,
            clause,
        } => too_little(f, lead, *material, search, clause),
        AfterFlag::Material(answer) => write!(f, "; {answer}{}", answer.so()),
        AfterFlag::EnoughToWin { rule } => write!(
            f,
            "; {claimant} has more than the material {rule} finds too little to win on time, so \
             the win on time stands ({rule})"
        ),
    }
}

/// US Chess 14E2, 14E3: the claimant's material, and whether he has a
/// forced win.
fn too_little(
    f: &mut fmt::Formatter<'_>,
    lead: &FlagFallLead,
    material: TooLittle,
    search: &ForcedWin,
    clause: &str,
) -> fmt::Result {
    let (claimant, flagged) = (side_name(!lead.flagged), side_name(lead.flagged));
    write!(f, "; but {claimant} has only a king and ")?;
    match material {
        TooLittle::Bishop => f.write_str("a bishop")?,
        TooLittle::Knight => f.write_str("a knight")?,
        TooLittle::TwoKnights => write!(f, "two knights, and {flagged} has no pawns")?,
    }
    f.write_str(", too little to win on time unless he has a forced win")?;
    match search {
        ForcedWin::Searched(found) => searched(f, found, clause),
        ForcedWin::Tables {
            outcome: TableOutcome::CannotWin,
            ..
        } => write!(
            f,
            ", and the endgame tablebases show he has none, so the game is drawn ({clause})"
        ),
        ForcedWin::Tables {
            outcome: TableOutcome::WinsPastFiftyMoves,
            ..
        } => write!(
            f,
            ": the endgame tablebases show a forced win, but not before {flagged} could claim a \
             draw under the fifty-move rule, so check the final position by hand ({clause})"
        ),
        ForcedWin::Tables {
            search: Some(ForcedMate::Forced { moves, line, .. }),
            ..
        } => write!(
            f,
            ", and the endgame tablebases show he has one: mate in {moves} against every defence \
             ({}), so the win on time stands ({clause})",
            line.text(true)
        ),
        ForcedWin::Tables { .. } => write!(
            f,
            ", and the endgame tablebases show he has one (its mate is longer than the search \
             shows), so the win on time stands ({clause})"
        ),
    }
}

/// What the forced-mate search found.
fn searched(f: &mut fmt::Formatter<'_>, found: &ForcedMate, clause: &str) -> fmt::Result {
    match found {
        ForcedMate::Forced {
            moves,
            line,
            shortest,
        } => write!(
            f,
            ", and he has one: mate in {moves} against every defence{} ({}), so the win on time \
             stands ({clause})",
            if *shortest {
                ""
            } else {
                " (the mate the search proved; a shorter one may exist)"
            },
            line.text(true)
        ),
        ForcedMate::None => write!(
            f,
            ", and he has none: against every try the defence reaches a position where he can \
             never mate, or goes round a cycle of positions for ever (every defence searched), \
             so the game is drawn ({clause})"
        ),
        ForcedMate::Undecided { nodes } => write!(
            f,
            ": the search stopped at its bound of {nodes} positions without proving a forced \
             mate or that there is none, so check the final position by hand ({clause})"
        ),
    }
}

fn also_said<T: fmt::Display>(f: &mut fmt::Formatter<'_>, also: &Option<T>) -> fmt::Result {
    match also {
        Some(also) => write!(f, "; {also}"),
        None => Ok(()),
    }
}

/// "but" after a flag fall alone; "and indeed" after a server's own draw,
/// which the Laws bear out here (issue 42: "has no mating material, but no
/// series of legal moves lets Black checkmate" read as a disagreement).
fn agreeing<T>(also: &Option<T>) -> &'static str {
    match also {
        None => "but",
        Some(_) => "and indeed",
    }
}
