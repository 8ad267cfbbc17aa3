//! 15.4.1.1: once each player has completed ten moves, the clock setting may
//! not be changed. A clock that goes up by more than the time control gives
//! (the increment, a new period's time, or the two minutes of 10.2.2, 10.2.3
//! and, under 15.3, of an illegal move) by more than `--clock-tolerance` is
//! reported. Where the control was inferred from the clocks, a rise that
//! both players get at the same move is taken as a new period.

use std::collections::HashSet;

use shakmaty::Color;

use super::edition::{Book, Illegal};
use super::{Game, Judging, RELAY_TOLERANCE, ROUNDING_TOLERANCE, side_name};
use crate::model::claim::ClaimKind;
use crate::model::clock::Clock;
use crate::model::incident::{Incident, IncidentKind};
use crate::model::time_control::Reading;

const TWO_MINUTES: u64 = 120_000;

pub(super) fn judge(game: &Game<'_>, rules: &Judging, book: &Book, incidents: &mut Vec<Incident>) {
    let Some(periods) = &game.record.control.periods else {
        return;
    };
    let tolerance = tolerance(game, rules);
    let window = window(book);
    let clause = book.rules.clock_clause;
    let mut completed = [0usize; 2];
    let mut last: [Option<(usize, Clock)>; 2] = [None, None];
    // Each side's reading before its last one: a rise back to it after a
    // drop is one wrong reading in between.
    let mut before: [Option<Clock>; 2] = [None, None];
    // Each rise past the tolerance, with the mover's move number.
    let mut rises: Vec<(usize, Incident)> = Vec::new();
    // A clock that rose by no more than this cannot be past the tolerance:
    // most readings, spared working out what the rules give at each ply.
    let unremarkable = least_given(periods) + tolerance.millis();
    for ply in 1..=game.plies() {
        let step = &game.replay.steps[ply - 1];
        let side = step.mover;
        if !step.restored {
            completed[side as usize] += 1;
        }
        let Some(now) = game.record.moves[ply - 1].clock else {
            continue;
        };
        if let Some((prev_ply, prev)) = last[side as usize]
            && !prev.is_zero()
            && now.millis() > prev.millis() + unremarkable
            && completed.iter().all(|&n| n >= window)
        {
            let moves = completed[side as usize] as u32;
            let allowed = given(game, book, periods, side, moves, prev_ply, ply);
            let over = now.millis().saturating_sub(prev.millis() + allowed);
            if over > tolerance.millis() {
                let change = Change {
                    side,
                    prev,
                    now,
                    over: Clock(over),
                    allowed: Clock(allowed),
                    // A server keeps the clocks itself: no relay to misread them.
                    earlier: before[side as usize].filter(|_| game.record.tags.server().is_none()),
                };
                let detail = change.detail(tolerance, clause);
                let incident = game.incident(ply, IncidentKind::ClockChange, Some(side), detail);
                rises.push((moves as usize, incident));
            }
        }
        before[side as usize] = last[side as usize].map(|(_, c)| c);
        last[side as usize] = Some((ply, now));
    }
    if game.record.control.reading == Reading::Clocks {
        drop_new_periods(&mut rises);
    }
    incidents.extend(rises.into_iter().map(|(_, i)| i));
}

/// The moves each player completes before a clock's setting is fixed. The
/// ordinary Laws let the arbiter correct a clock at any time; a rise is
/// still worth an auditor's look, from the rapid window on.
fn window(book: &Book) -> usize {
    let rules = &book.rules;
    usize::from(rules.window.or(book.edition.rapid.window).unwrap_or(10))
}

/// The control was inferred from the clocks as one period: a rise both
/// players get at the same move is the next period's time, not a change.
fn drop_new_periods(rises: &mut Vec<(usize, Incident)>) {
    let moves_of = |side: Color| -> HashSet<usize> {
        let of_side = rises.iter().filter(|(_, i)| i.side == Some(side));
        of_side.map(|(m, _)| *m).collect()
    };
    let (white, black) = (moves_of(Color::White), moves_of(Color::Black));
    rises.retain(|(m, _)| !(white.contains(m) && black.contains(m)));
}

/// How far a clock may rise past what the rules give: `--clock-tolerance`,
/// else the rounding of a server's PGN or the lag of a relay.
fn tolerance(game: &Game<'_>, rules: &Judging) -> Clock {
    rules
        .clock_tolerance
        .unwrap_or(match game.record.tags.server() {
            Some(_) => ROUNDING_TOLERANCE,
            None => RELAY_TOLERANCE,
        })
}

/// A clock that rose past what the rules give.
struct Change {
    side: Color,
    prev: Clock,
    now: Clock,
    /// How far past the rules' allowance, and that allowance.
    over: Clock,
    allowed: Clock,
    /// The side's reading before `prev`, in a relayed game.
    earlier: Option<Clock>,
}

impl Change {
    /// The incident's words; a low reading between two alike is said to
    /// look like one wrong reading of a relay.
    fn detail(&self, tolerance: Clock, clause: &str) -> String {
        let Change {
            side,
            prev,
            now,
            over,
            allowed,
            earlier,
        } = self;
        // Measured from the reading before the low one, the clock gained
        // no more than the rules give: the low reading was the odd one.
        let glitch = earlier
            .filter(|b| now.millis() <= b.millis() + allowed.millis() + tolerance.millis())
            .map(|b| {
                format!(
                    "; it read {b} the move before {prev}, so the low reading looks like a relay \
                     glitch (one wrong reading), not a change of the clock"
                )
            })
            .unwrap_or_default();
        format!(
            "{}'s clock went from {prev} to {now}: {over} more than the {allowed} the rules give, \
             past the tolerance of {tolerance} for relay and rounding noise ({clause}){glitch}",
            side_name(*side)
        )
    }
}

/// The least [`given`] can be at any move: the smallest increment, or
/// nothing once the last period's moves are done.
fn least_given(periods: &[crate::model::time_control::Period]) -> u64 {
    match periods.last() {
        Some(last) if last.moves.is_none() => {
            let increments = periods.iter().map(|p| p.increment.millis());
            increments.min().unwrap_or(0)
        }
        _ => 0,
    }
}

/// The time `side` may gain between its readings at `from` and `to`, the
/// latter being its move number `moves`.
fn given(
    game: &Game<'_>,
    book: &Book,
    periods: &[crate::model::time_control::Period],
    side: Color,
    moves: u32,
    from: usize,
    to: usize,
) -> u64 {
    // Which period the move falls in, and whether it completes one.
    let mut first_move = 1;
    let mut allowed = 0;
    for (i, period) in periods.iter().enumerate() {
        let last_move = period.moves.map(|n| first_move + n - 1);
        if last_move.is_none_or(|l| moves <= l) {
            allowed += period.increment.millis();
            if last_move == Some(moves) {
                let next = periods.get(i + 1).unwrap_or(period);
                allowed += next.base.millis();
            }
            break;
        }
        first_move = last_move.map_or(first_move, |l| l + 1);
    }
    let opponent_claims = game
        .claims_of(ClaimKind::Draw)
        .filter(|c| {
            c.by == crate::model::claim::Claimant::Player(!side) && (from..to).contains(&c.ply)
        })
        .count() as u64;
    allowed + TWO_MINUTES * opponent_claims + illegal_move_time(game, book, side, from, to)
}

/// What the opponent's illegal moves between `from` and `to` gave `side`:
/// under the Competition Judging each one; under a claim rule, those claimed
/// in time — the ones the replay took back.
fn illegal_move_time(game: &Game<'_>, book: &Book, side: Color, from: usize, to: usize) -> u64 {
    let (penalty, only_taken_back) = match book.rules.illegal {
        Illegal::AlwaysPenalised(p) => (p, false),
        Illegal::PenalisedWhenClaimed(p) => (p, true),
        Illegal::LosesWhenClaimed => return 0,
    };
    let count = game.replay.steps[from..to]
        .iter()
        .filter(|step| {
            step.mover == !side
                && (step.restored || !only_taken_back)
                && super::illegal::offence(book, step).is_some()
        })
        .count() as u64;
    count * penalty.extra().millis()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    fn game(tc: &str, white_clocks: &[&str]) -> String {
        let mut pgn = format!("[TimeControl \"{tc}\"]\n[Result \"*\"]\n\n");
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for (i, clk) in white_clocks.iter().enumerate() {
            pgn.push_str(&format!(
                "{}. {} {{[%clk {clk}]}} {} {{[%clk 0:10:00]}} ",
                i + 1,
                moves[(i % 2) * 2],
                moves[(i % 2) * 2 + 1]
            ));
        }
        pgn + "*"
    }

    #[test]
    fn clock_set_up_after_ten_moves_is_reported() {
        let mut clocks = vec!["0:10:00"; 11];
        clocks.extend(["0:09:00", "0:14:00", "0:13:50"]);
        let j = judge_pgn(&game("900+5", &clocks));
        assert_eq!(kinds(&j), ["clock-change"]);
        assert_eq!(j.incidents[0].ply, 25);
        assert!(
            j.incidents[0].detail.contains("0:09:00 to 0:14:00"),
            "{}",
            j.incidents[0].detail
        );
    }

    #[test]
    fn a_low_reading_between_two_alike_is_said_to_look_like_a_glitch() {
        let mut clocks = vec!["0:53:40"; 11];
        clocks.extend(["0:16:35", "0:53:39"]);
        let j = judge_pgn(&game("5400+30", &clocks));
        assert_eq!(kinds(&j), ["clock-change"]);
        let detail = &j.incidents[0].detail;
        assert!(detail.contains("0:16:35 to 0:53:39"), "{detail}");
        assert!(
            detail.contains("it read 0:53:40 the move before 0:16:35"),
            "{detail}"
        );
        assert!(detail.contains("looks like a relay glitch"), "{detail}");
        // A relay that froze on a reading, then sent one wrong one: the
        // lichess broadcast's game 373 (1:01:12, 0:16:35, 0:53:39).
        let mut clocks = vec!["1:01:12"; 11];
        clocks.extend(["0:16:35", "0:53:39"]);
        let j = judge_pgn(&game("5400+30", &clocks));
        assert!(
            j.incidents[0].detail.contains("looks like a relay glitch"),
            "{}",
            j.incidents[0].detail
        );
        // A server keeps its clocks: a rise there is no relay's misreading.
        let on_lichess = format!(
            "[Site \"https://lichess.org/abcdefgh\"]\n{}",
            game("5400+30", &clocks)
        );
        let j = judge_pgn(&on_lichess);
        assert!(
            !j.incidents[0].detail.contains("glitch"),
            "{}",
            j.incidents[0].detail
        );
        // A real change (no return to the earlier reading) is not called one.
        let mut clocks = vec!["0:10:00"; 11];
        clocks.extend(["0:09:00", "0:14:00"]);
        let j = judge_pgn(&game("900+5", &clocks));
        assert!(!j.incidents[0].detail.contains("glitch"));
    }

    #[test]
    fn increments_and_new_periods_are_not_changes() {
        let clocks: Vec<&str> = (0..14)
            .map(|i| if i % 2 == 0 { "0:10:00" } else { "0:10:04" })
            .collect();
        assert!(kinds(&judge_pgn(&game("900+5", &clocks))).is_empty());
        // 12 moves in the first period, then 30 minutes more.
        let mut clocks = vec!["0:10:00"; 11];
        clocks.extend(["0:39:00", "0:38:00", "0:37:00"]);
        assert!(kinds(&judge_pgn(&game("12/3600:1800", &clocks))).is_empty());
        // Before ten moves each, a clock may still be corrected.
        let clocks = ["0:10:00", "0:10:00", "0:15:00"];
        assert!(kinds(&judge_pgn(&game("900+5", &clocks))).is_empty());
    }
}
