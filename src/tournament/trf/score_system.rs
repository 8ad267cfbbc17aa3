//! What each result is worth in a player's score: 1, ½ and 0 by default,
//! or what the report declares — JaVaFo's `XXS` line (`XXS W=3 D=1`, or
//! every key: `WW BW WD BD WL BL ZPB HPB FPB PAB FW FL`), bbpPairings'
//! `BBW BBD BBL BBZ BBF BBU` lines, TRF-2026's `162` line — or
//! `--score-system` gives.

use crate::tournament::value_error::ValueError;
use std::str::FromStr;

use super::{Code, Colour, TrfError};

/// The points of each kind of result.
///
/// ```
/// use pgn_arbiter::tournament::trf::{Code, Colour, ScoreSystem};
///
/// let league: ScoreSystem = "W=3 D=1".parse().unwrap();
/// assert_eq!(league.points(Code::Win, Colour::Black), 3.0);
/// assert_eq!(league.points(Code::HalfBye, Colour::None), 1.0);
/// assert_eq!(ScoreSystem::default().points(Code::Draw, Colour::White), 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreSystem {
    /// A win, draw and loss with White and with Black.
    pub win: [f64; 2],
    pub draw: [f64; 2],
    pub loss: [f64; 2],
    pub zero_bye: f64,
    pub half_bye: f64,
    pub full_bye: f64,
    pub pairing_bye: f64,
    pub forfeit_win: f64,
    pub forfeit_loss: f64,
}

impl Default for ScoreSystem {
    fn default() -> ScoreSystem {
        ScoreSystem {
            win: [1.0; 2],
            draw: [0.5; 2],
            loss: [0.0; 2],
            zero_bye: 0.0,
            half_bye: 0.5,
            full_bye: 1.0,
            pairing_bye: 1.0,
            forfeit_win: 1.0,
            forfeit_loss: 0.0,
        }
    }
}

impl ScoreSystem {
    /// What a round's code gives, played with `colour`.
    pub fn points(&self, code: Code, colour: Colour) -> f64 {
        let side = usize::from(colour == Colour::Black);
        match code {
            Code::Win | Code::UnratedWin => self.win[side],
            Code::Draw | Code::UnratedDraw => self.draw[side],
            Code::Loss | Code::UnratedLoss => self.loss[side],
            Code::ForfeitWin => self.forfeit_win,
            Code::ForfeitLoss => self.forfeit_loss,
            Code::HalfBye => self.half_bye,
            Code::FullBye => self.full_bye,
            Code::PairingBye => self.pairing_bye,
            Code::ZeroBye => self.zero_bye,
        }
    }

    /// A draw's points (the mean of White's and Black's).
    pub fn draw_points(&self) -> f64 {
        (self.draw[0] + self.draw[1]) / 2.0
    }

    /// A win's points (the more of White's and Black's).
    pub fn win_points(&self) -> f64 {
        self.win[0].max(self.win[1])
    }

    /// Sets one key: JaVaFo's (`WW`, `BW`, …, `W` and `D` for both colours,
    /// a forfeit won and a bye), bbpPairings' (`BBW` …) or TRF-2026's `162`
    /// codes (`W`, `D`, `L`, `A`, `P`).
    pub fn set(&mut self, key: &str, points: f64) -> Result<(), ValueError> {
        if !(0.0..=100.0).contains(&points) {
            return Err(ValueError::PointsRange {
                key: key.to_string(),
                points: points.to_string(),
            });
        }
        let p = points;
        match key {
            "WW" => self.win[0] = p,
            "BW" => self.win[1] = p,
            "WD" => self.draw[0] = p,
            "BD" => self.draw[1] = p,
            "WL" => self.loss[0] = p,
            "BL" => self.loss[1] = p,
            "ZPB" | "BBZ" => self.zero_bye = p,
            "HPB" => self.half_bye = p,
            "FPB" => self.full_bye = p,
            "PAB" | "BBU" | "P" => self.pairing_bye = p,
            "FW" => self.forfeit_win = p,
            "FL" | "BBF" => self.forfeit_loss = p,
            "W" | "BBW" => {
                (self.win, self.forfeit_win, self.full_bye) = ([p; 2], p, p);
                if key == "W" {
                    self.pairing_bye = p;
                }
            }
            "D" | "BBD" => (self.draw, self.half_bye) = ([p; 2], p),
            "L" | "BBL" => self.loss = [p; 2],
            "A" => (self.zero_bye, self.forfeit_loss) = (p, p),
            _ => return Err(ValueError::UnknownResult(key.to_string())),
        }
        Ok(())
    }
}

/// Reads `KEY=points` pairs (separated by blanks or commas), the
/// shortcuts `W` and `D` first so that a key named beside them wins.
impl FromStr for ScoreSystem {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<ScoreSystem, ValueError> {
        let mut system = ScoreSystem::default();
        system.apply(text)?;
        Ok(system)
    }
}

impl ScoreSystem {
    /// Sets the `KEY=points` pairs of `text` (an `XXS` line's).
    pub fn apply(&mut self, text: &str) -> Result<(), ValueError> {
        let mut pairs = Vec::new();
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ValueError::NoPair(word.to_string()))?;
            let value: f64 = value.parse().map_err(|_| ValueError::NotPoints {
                word: Some(word.to_string()),
                value: value.to_string(),
            })?;
            pairs.push((key.trim().to_uppercase(), value));
        }
        if pairs.is_empty() {
            return Err(ValueError::NoPairs);
        }
        pairs.sort_by_key(|(key, _)| !matches!(key.as_str(), "W" | "D"));
        for (key, value) in pairs {
            self.set(&key, value)?;
        }
        Ok(())
    }

    /// Sets what a TRF-2026 `162` line gives: codes (`W`, `D`, `L`, `A`,
    /// `P`, `X`), each followed by its points (`W 3.0    D 1.0`).
    pub fn apply_162(&mut self, text: &str) -> Result<(), ValueError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() || !words.len().is_multiple_of(2) {
            return Err(ValueError::CodesUnpaired);
        }
        for pair in words.chunks(2) {
            let points: f64 = pair[1].parse().map_err(|_| ValueError::NotPoints {
                word: None,
                value: pair[1].to_string(),
            })?;
            match pair[0] {
                // An unknown result scores as a draw and leaves no game.
                "X" => {}
                key => self.set(key, points)?,
            }
        }
        Ok(())
    }
}

/// Which lines of a report gave its score system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreLine {
    /// JaVaFo's `XXS`.
    Xxs,
    /// TRF-2026's `162`.
    Line162,
    /// bbpPairings' `BBW`, `BBD`, `BBL`…
    Bbx,
}

/// Reads a line of the score system into `system`: JaVaFo's `XXS`,
/// bbpPairings' `BB?`, TRF-2026's `162`; a value it cannot read names the
/// line.
pub(super) fn read(
    system: &mut Option<(ScoreSystem, ScoreLine)>,
    index: usize,
    key: &str,
    rest: &str,
) -> Result<(), TrfError> {
    let source = match key {
        "XXS" => ScoreLine::Xxs,
        "162" => ScoreLine::Line162,
        _ => ScoreLine::Bbx,
    };
    let (system, _) = system.get_or_insert((ScoreSystem::default(), source));
    let read = match key {
        "XXS" => system.apply(rest),
        "162" => system.apply_162(rest),
        _ => match rest.trim().parse::<f64>() {
            Ok(points) => system.set(key, points),
            Err(_) => Err(ValueError::NotPoints {
                word: None,
                value: rest.to_string(),
            }),
        },
    };
    read.map_err(|why| TrfError {
        line: index + 1,
        columns: (5, rest.chars().count().max(1) + 4),
        what: format!("the score system: {why}"),
    })
}
