//! Laws: decide a replayed game's correct result under `RULES.en.md`.
//!
//! [`judge`] is a pure function of a [`Game`] and the [`Rules`]; each clause
//! lives in its own submodule and is tested there on small hand-made games.
//! The order of the checks is the order of events on the board: a game that
//! ended by checkmate, stalemate or a dead position cannot be lost on time
//! afterwards, so [`board`] is asked first, then [`time`].

mod board;
mod time;

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode};

use crate::clock::Clock;
use crate::incident::{Incident, IncidentKind};
use crate::outcome::GameResult;
use crate::parse::GameRecord;
use crate::replay::Replay;
use crate::verdict::{Clause, Status, Verdict};

/// How the audit is run; the rules themselves are fixed.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// Look for dead positions after every move (on by default; off only
    /// to measure what it costs).
    pub dead_position_check: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            dead_position_check: true,
        }
    }
}

/// A game as recorded and as replayed on the board.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub record: &'a GameRecord<'a>,
    pub replay: Replay,
}

/// The verdict and the incidents behind it, in ply order.
#[derive(Debug, Clone)]
pub struct Judgement {
    pub verdict: Verdict,
    pub incidents: Vec<Incident>,
}

impl Game<'_> {
    /// The recorded result.
    pub fn recorded(&self) -> GameResult {
        self.record.recorded_result()
    }

    /// The last `%clk` of `side` among plies `1..=ply`.
    pub fn clock(&self, side: Color, ply: usize) -> Option<Clock> {
        let plies = ply.min(self.replay.moves.len());
        (1..=plies)
            .rev()
            .filter(|&k| self.replay.mover(k) == side)
            .find_map(|k| self.record.moves[k - 1].clock)
    }

    /// The clock of `side` when the record ends: the `WhiteClock` or
    /// `BlackClock` tag (a broadcast's last reading), else the last `%clk`.
    pub fn final_clock(&self, side: Color) -> Option<Clock> {
        let tag = match side {
            Color::White => &self.record.tags.white_clock,
            Color::Black => &self.record.tags.black_clock,
        };
        tag.as_deref()
            .and_then(Clock::parse)
            .or_else(|| self.clock(side, self.replay.moves.len()))
    }

    fn clock_before(&self, side: Color, ply: usize) -> Option<Clock> {
        if ply > self.replay.moves.len() {
            self.final_clock(side)
        } else {
            self.clock(side, ply.saturating_sub(1))
        }
    }

    /// Both clocks before ply `ply`, for a reason sentence.
    fn clocks_text(&self, ply: usize) -> String {
        let show = |c: Option<Clock>| c.map_or_else(|| "unknown".to_string(), |c| c.to_string());
        format!(
            "White {}, Black {}",
            show(self.clock_before(Color::White, ply)),
            show(self.clock_before(Color::Black, ply))
        )
    }

    /// An incident at the move of ply `ply` (1-based; one past the last
    /// played move for events after it, such as a flag fall).
    fn incident(
        &self,
        ply: usize,
        kind: IncidentKind,
        side: Option<Color>,
        detail: String,
    ) -> Incident {
        let before = self.replay.position_at(ply.saturating_sub(1));
        let san = if ply >= 1 && ply <= self.replay.moves.len() {
            self.replay.san(&before, ply)
        } else {
            ply.checked_sub(1)
                .and_then(|i| self.record.moves.get(i))
                .map(|m| String::from_utf8_lossy(self.record.token(m)).into_owned())
                .unwrap_or_default()
        };
        Incident {
            ply,
            move_label: if ply == 0 {
                String::new()
            } else {
                self.replay.move_label(ply)
            },
            kind,
            side,
            san,
            fen_before: Fen::from_position(&before, EnPassantMode::Legal).to_string(),
            white_clock: self.clock_before(Color::White, ply),
            black_clock: self.clock_before(Color::Black, ply),
            detail,
        }
    }

    /// `41...Kg8 42. Qg7#`: a line of SAN moves from the end position.
    fn line_text(&self, line: &[String]) -> String {
        let n = self.replay.moves.len();
        line.iter()
            .enumerate()
            .map(|(i, san)| {
                let ply = n + 1 + i;
                if i == 0 || self.replay.mover(ply) == Color::White {
                    self.replay.numbered(ply, san)
                } else {
                    san.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Decides the correct result of a replayed game.
pub fn judge(game: &Game<'_>, rules: &Rules) -> Judgement {
    let recorded = game.recorded();
    let mut incidents = Vec::new();
    let verdict = decide(game, rules, recorded, &mut incidents);
    if verdict.status == Status::Corrected {
        let correct = verdict.correct.unwrap_or(GameResult::Unfinished);
        let clause = verdict.clause.map_or("", Clause::as_str);
        incidents.push(game.incident(
            verdict.decided_at_ply.unwrap_or(0),
            IncidentKind::ResultMismatch,
            None,
            format!("recorded {recorded}, the rules give {correct} ({clause})"),
        ));
    }
    incidents.sort_by_key(|i| i.ply);
    Judgement { verdict, incidents }
}

fn decide(
    game: &Game<'_>,
    rules: &Rules,
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
) -> Verdict {
    if let Some(verdict) = board::ended_on_board(game, rules, recorded, incidents) {
        return verdict;
    }
    if let Some(stop) = &game.replay.stop {
        let ply = stop.token + 1;
        let line = game
            .record
            .line_of(game.record.moves[stop.token].span.start as usize);
        let side = game.replay.mover(ply);
        let why = format!(
            "{} {} (line {line} of the game)",
            game.replay.move_label(ply),
            stop.why
        );
        incidents.push(game.incident(ply, IncidentKind::UnreadableMove, Some(side), why.clone()));
        return Verdict::error(format!("the move text cannot be read: {why}"));
    }
    if let Some(verdict) = time::time_forfeit(game, recorded, incidents) {
        return verdict;
    }
    let plies = game.replay.moves.len();
    if recorded == GameResult::Unfinished {
        return Verdict::decide(
            recorded,
            recorded,
            Clause::Unfinished,
            plies,
            "the record holds no result (`*`) and nothing on the board ended the game".into(),
        );
    }
    Verdict::decide(
        recorded,
        recorded,
        Clause::AsRecorded,
        plies,
        format!(
            "nothing in the record contradicts {recorded}{}",
            game.record
                .tags
                .termination
                .as_deref()
                .map(|t| format!(" (termination: {t})"))
                .unwrap_or_default()
        ),
    )
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::parse::parse_game;
    use crate::replay::replay;

    /// Judges a game given as PGN text.
    pub fn judge_pgn(pgn: &str) -> Judgement {
        let record = parse_game(pgn.as_bytes());
        let replay = replay(&record).expect("replayable");
        judge(
            &Game {
                record: &record,
                replay,
            },
            &Rules::default(),
        )
    }

    pub fn kinds(j: &Judgement) -> Vec<&'static str> {
        j.incidents.iter().map(|i| i.kind.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

    #[test]
    fn resignation_stands_as_recorded() {
        let j = judge_pgn("[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Qh5 Nc6 0-1");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(j.verdict.decided_at_ply, Some(4));
        assert!(j.incidents.is_empty());
    }

    #[test]
    fn unfinished_game() {
        let j = judge_pgn("1. e4 *");
        assert_eq!(j.verdict.correct, Some(GameResult::Unfinished));
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    }

    #[test]
    fn unreadable_move_is_an_error_with_its_line() {
        let j = judge_pgn("[Result \"1-0\"]\n\n1. e4 e5\n2. Nf9 1-0");
        assert_eq!(j.verdict.status, Status::Error);
        assert!(
            j.verdict.reason.contains("2. `Nf9`"),
            "{}",
            j.verdict.reason
        );
        assert!(j.verdict.reason.contains("line 4"), "{}", j.verdict.reason);
        assert_eq!(kinds(&j), ["unreadable-move"]);
        assert_eq!(j.incidents[0].san, "Nf9");
        assert_eq!(j.incidents[0].move_label, "2.");
    }

    #[test]
    fn helpmate_line_is_numbered() {
        let record = crate::parse::parse_game(b"[FEN \"7k/8/8/8/8/8/8/K6R b - - 0 40\"]\n\n*");
        let replay = crate::replay::replay(&record).unwrap();
        let g = Game {
            record: &record,
            replay,
        };
        let line: Vec<String> = ["Kg8", "Rh7", "Kf8", "Rh8#"].map(String::from).into();
        assert_eq!(g.line_text(&line), "40...Kg8 41. Rh7 Kf8 42. Rh8#");
    }
}
