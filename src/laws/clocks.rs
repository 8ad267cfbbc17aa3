//! 15.4.1.1: once each player has completed ten moves, the clock setting may
//! not be changed. A clock that goes up by more than the time control gives
//! (the increment, a new period's time, or the two minutes of 10.2.2, 10.2.3
//! and, under 15.3, of an illegal move) by more than `--clock-tolerance` is
//! reported. Where the control was inferred from the clocks, a rise that
//! both players get at the same move is taken as a new period.

use std::collections::HashSet;

use shakmaty::Color;

use super::edition::{Book, Illegal};
use super::finding::clocks::{ClockFinding, Rise};
use super::{Game, Judging, RELAY_TOLERANCE, ROUNDING_TOLERANCE};
use crate::laws::incident::Incident;
use crate::model::claim::ClaimKind;
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;
use crate::model::time_control::{Period, Reading};

const TWO_MINUTES: u64 = 120_000;

pub(super) fn judge(game: &Game<'_>, rules: &Judging, book: &Book, incidents: &mut Vec<Incident>) {
    let Some(periods) = &game.record.control.periods else {
        return;
    };
    let watch = Watch {
        game,
        book,
        periods,
        tolerance: tolerance(game, rules),
        // A clock that rose by no more than this cannot be past the
        // tolerance: most readings, spared working out what the rules give.
        unremarkable: least_given(periods) + tolerance(game, rules).millis(),
    };
    let window = window(book);
    let mut sides = [SideClock::default(), SideClock::default()];
    // Each rise past the tolerance, with the mover's move number and how
    // far past what the rules give it went.
    let mut rises: Vec<(usize, Incident, Clock)> = Vec::new();
    for ply in 1..=game.plies() {
        let step = &game.replay.steps[ply - 1];
        let side = step.mover;
        if !step.restored {
            sides[side as usize].completed += 1;
        }
        let Some(now) = game.record.moves[ply - 1].clock else {
            continue;
        };
        let checked = sides.iter().all(|s| s.completed >= window);
        let clock = &mut sides[side as usize];
        if checked {
            watch.rise(clock, side, (ply, now), &mut rises);
        }
        clock.before = clock.last.map(|(_, c)| c);
        clock.last = Some((ply, now));
    }
    if game.record.control.reading == Reading::Clocks {
        drop_new_periods(&mut rises, watch.tolerance);
    }
    incidents.extend(rises.into_iter().map(|(_, i, _)| i));
}

/// What the clock check reads of one game.
struct Watch<'g, 'a> {
    game: &'g Game<'a>,
    book: &'g Book,
    periods: &'g [Period],
    tolerance: Clock,
    unremarkable: u64,
}

/// One side's clock as the record shows it so far.
#[derive(Debug, Default)]
struct SideClock {
    /// Moves completed (a move taken back is none).
    completed: usize,
    /// The last reading, and its ply.
    last: Option<(usize, Clock)>,
    /// The reading before it: a rise back to it after a drop is one wrong
    /// reading in between.
    before: Option<Clock>,
    /// The periods whose time was seen added, one bit each.
    credited: u64,
}

impl Watch<'_, '_> {
    /// The rise to `now` at `ply` past what the rules give, if any, added
    /// to `rises`: the move number, the incident and how far past.
    fn rise(
        &self,
        clock: &mut SideClock,
        side: Color,
        (ply, now): (usize, Clock),
        rises: &mut Vec<(usize, Incident, Clock)>,
    ) {
        let Some((prev_ply, prev)) = clock.last.filter(|(_, p)| !p.is_zero()) else {
            return;
        };
        if now.millis() <= prev.millis() + self.unremarkable {
            return;
        }
        let moves = clock.completed as u32;
        // A period owed past the few moves a relay may take to show it is
        // taken only by a rise of its whole time.
        let owed = owed_period(self.periods, moves, clock.credited).filter(|o| {
            !o.late || now.millis() + self.tolerance.millis() >= prev.millis() + o.base
        });
        let allowed = given(
            self.game,
            self.book,
            self.periods,
            side,
            moves,
            prev_ply,
            ply,
        ) + owed.map_or(0, |o| o.base);
        // The period's time shows here, once: later rises get no more.
        if let Some(o) = owed
            && now.millis() + self.tolerance.millis() >= prev.millis() + o.base
        {
            clock.credited |= 1 << o.index;
        }
        let over = now.millis().saturating_sub(prev.millis() + allowed);
        // lichess keeps the clocks itself, and a clock rises there past the
        // control only by the opponent's gift of 15 seconds (each gift, less
        // the time the player used since): no change of its setting.
        if over <= self.tolerance.millis() || self.game.record.tags.server() == Some("lichess") {
            return;
        }
        let change = Change {
            side,
            prev,
            now,
            over: Clock(over),
            allowed: Clock(allowed),
            // A server keeps the clocks itself: no relay to misread them.
            earlier: clock
                .before
                .filter(|_| self.game.record.tags.server().is_none()),
        };
        let clause = self.book.rules.clock_clause;
        let incident = change.incident(self.game, ply, self.tolerance, clause);
        rises.push((moves as usize, incident, Clock(over)));
    }
}

/// The moves each player completes before a clock's setting is fixed. The
/// ordinary Laws let the arbiter correct a clock at any time; a rise is
/// still worth an auditor's look, from the rapid window on.
fn window(book: &Book) -> usize {
    let rules = &book.rules;
    usize::from(rules.window.or(book.edition.rapid.window).unwrap_or(10))
}

/// The control was inferred from the clocks as one period: a rise both
/// players get at the same move is the next period's time, not a change;
/// so is a rise by a whole number of five minutes at move 40 or 60 (or
/// a few moves after, which a relay may show late), where classical
/// controls add their second and third periods.
fn drop_new_periods(rises: &mut Vec<(usize, Incident, Clock)>, tolerance: Clock) {
    let moves_of = |side: Color| -> HashSet<usize> {
        let of_side = rises.iter().filter(|(_, i, _)| i.side == Some(side));
        of_side.map(|(m, _, _)| *m).collect()
    };
    let (white, black) = (moves_of(Color::White), moves_of(Color::Black));
    rises.retain(|(m, i, over)| {
        let by_both = white.contains(m) && black.contains(m);
        let at_a_period =
            (40..=40 + LATE as usize).contains(m) || (60..=60 + LATE as usize).contains(m);
        let at_a_period =
            at_a_period && i.kind == IncidentKind::ClockChange && whole_period(*over, tolerance);
        !(by_both || at_a_period)
    });
}

/// Whether `rise` is, within `tolerance`, ten minutes or more in whole
/// fives: the time a classical control adds for its next period.
fn whole_period(rise: Clock, tolerance: Clock) -> bool {
    const FIVE_MINUTES: u64 = 300_000;
    let nearest = (rise.millis() + FIVE_MINUTES / 2) / FIVE_MINUTES * FIVE_MINUTES;
    nearest >= 2 * FIVE_MINUTES && rise.millis().abs_diff(nearest) <= tolerance.millis()
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
    /// Whether the low reading was the odd one: measured from the reading
    /// before it, the clock gained no more than the rules give, so the
    /// relay misread it once and the next reading undid it.
    fn misread(&self, tolerance: Clock) -> bool {
        let limit = |b: &Clock| b.millis() + self.allowed.millis() + tolerance.millis();
        self.earlier.is_some_and(|b| self.now.millis() <= limit(&b))
    }

    /// The incident at `ply`: a clock change, or a relay's misreading.
    fn incident(
        &self,
        game: &Game<'_>,
        ply: usize,
        tolerance: Clock,
        clause: &'static str,
    ) -> Incident {
        let (kind, cited, detail) = match self.misread(tolerance) {
            true => (IncidentKind::ClockReading, None, self.misreading()),
            false => (
                IncidentKind::ClockChange,
                Some(clause),
                self.detail(tolerance, clause),
            ),
        };
        game.incident(ply, kind, Some(self.side), cited, detail)
    }

    /// A clock-reading note.
    fn misreading(&self) -> ClockFinding {
        let (side, odd, now) = (self.side, self.prev, self.now);
        let before = self.earlier.unwrap_or(odd);
        ClockFinding::Misreading {
            side,
            before,
            odd,
            now,
        }
    }

    /// A clock-change incident; a rise of two minutes past what the
    /// control gives is said to match the time added after an illegal move.
    fn detail(&self, tolerance: Clock, clause: &'static str) -> ClockFinding {
        let over = self.over;
        let rise = Rise {
            side: self.side,
            from: self.prev,
            to: self.now,
            over,
            allowed: self.allowed,
            tolerance,
            like_a_penalty: over.millis().abs_diff(TWO_MINUTES) <= PENALTY_MATCH,
        };
        ClockFinding::Change(rise, clause)
    }
}

/// How near two minutes a rise must come to match the illegal-move
/// penalty: a relay reads a clock a few seconds late.
const PENALTY_MATCH: u64 = 15_000;

/// The least [`given`] can be at any move: the smallest increment, or
/// nothing once the last period's moves are done.
fn least_given(periods: &[Period]) -> u64 {
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
    periods: &[Period],
    side: Color,
    moves: u32,
    from: usize,
    to: usize,
) -> u64 {
    let allowed = period_time(periods, moves);
    let opponent_claims = game
        .claims_of(ClaimKind::Draw)
        .filter(|c| {
            c.by == crate::model::claim::Claimant::Player(!side) && (from..to).contains(&c.ply)
        })
        .count() as u64;
    allowed + TWO_MINUTES * opponent_claims + illegal_move_time(game, book, side, from, to)
}

/// The increment the control gives at the side's move `moves`: that of
/// the period it falls in.
fn period_time(periods: &[Period], moves: u32) -> u64 {
    let mut first_move = 1;
    for period in periods {
        let last_move = period.moves.map(|n| first_move + n - 1);
        if last_move.is_none_or(|l| moves <= l) {
            return period.increment.millis();
        }
        first_move = last_move.map_or(first_move, |l| l + 1);
    }
    periods.last().map_or(0, |p| p.increment.millis())
}

/// How many moves after a period's last one its successor's time may show
/// with the clock's use on those moves: relays show it one or two moves
/// late (the 2025 World Cup's round 1, game 2 at 42.gxf5; round 4's
/// classical games). Later still, a rise of the period's whole time is that
/// period (the World Cup's broadcast showed move 40's 30 minutes as late as
/// move 53).
const LATE: u32 = 4;

/// A period's time the control still owes a side.
#[derive(Debug, Clone, Copy)]
struct Owed {
    /// The period, by its place in the control.
    index: usize,
    /// Its time.
    base: u64,
    /// Past [`LATE`] moves after it was due.
    late: bool,
}

/// The next period's time the control still owes `side` at its move
/// `moves`: a period whose last move it reached, whose time was not yet
/// seen (`credited`, a bit a period).
fn owed_period(periods: &[Period], moves: u32, credited: u64) -> Option<Owed> {
    let mut first_move = 1;
    for (index, period) in periods.iter().enumerate() {
        let last = first_move + period.moves? - 1;
        if moves >= last && credited & (1 << index) == 0 {
            let base = periods.get(index + 1).unwrap_or(period).base.millis();
            let late = moves > last + LATE;
            return Some(Owed { index, base, late });
        }
        first_move = last + 1;
    }
    None
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
                && super::illegal::is_offence(book, step)
        })
        .count() as u64;
    count * penalty.extra().millis()
}

#[cfg(test)]
mod tests;
