//! The clock chart of a game page: both players' time left after each
//! move, flag falls marked, as inline SVG.

use std::fmt::Write as _;

use shakmaty::Color;

use crate::laws::{Game, Judgement, side_name};
use crate::model::incident::IncidentKind;

/// Both players' remaining time per ply, from the `%clk` timeline, with
/// flag falls marked.
pub(super) fn clock_chart(game: &Game<'_>, judgement: &Judgement) -> String {
    let mut series: [Vec<(usize, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, m) in game.record.moves.iter().enumerate().take(game.plies()) {
        if let Some(clock) = m.clock {
            let side = game.replay.steps[i].mover;
            series[usize::from(side == Color::Black)].push((i + 1, clock.millis() as f64 / 1000.0));
        }
    }
    if series.iter().all(Vec::is_empty) {
        return String::new();
    }
    let frame = Frame {
        max_ply: game.plies().max(2) as f64,
        max_secs: series.iter().flatten().map(|p| p.1).fold(1.0f64, f64::max),
    };
    let (w, h) = (Frame::W, Frame::H);
    let mut svg = format!(
        r#"<svg class="clocks" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="clocks">"#
    );
    svg.push_str(&frame.axes());
    for (points, color, name) in [
        (&series[0], "#1f5fa8", "White"),
        (&series[1], "#222", "Black"),
    ] {
        if !points.is_empty() {
            let path: Vec<String> = points
                .iter()
                .map(|&(ply, secs)| format!("{:.1},{:.1}", frame.x(ply), frame.y(secs)))
                .collect();
            let _ = write!(
                svg,
                r#"<polyline fill="none" stroke="{color}" stroke-width="2" points="{}"><title>{name}</title></polyline>"#,
                path.join(" ")
            );
        }
    }
    for incident in judgement
        .incidents
        .iter()
        .filter(|i| i.kind == IncidentKind::FlagFall)
    {
        let fx = frame.x(incident.ply.min(game.plies()));
        let who = incident.side.map_or("", side_name);
        let (top, b) = (Frame::PAD, Frame::H - Frame::PAD);
        let _ = write!(
            svg,
            r##"<line class="flag" x1="{fx:.1}" y1="{top}" x2="{fx:.1}" y2="{b}" stroke="#c01818" stroke-dasharray="4 3"/><text x="{fx:.1}" y="{top}" font-size="11" fill="#c01818" text-anchor="end">{who}'s flag</text>"##
        );
    }
    svg.push_str(r##"<text x="560" y="14" font-size="11" fill="#1f5fa8">White</text><text x="600" y="14" font-size="11">Black</text></svg>"##);
    svg
}

/// The clock chart's scales: plies along, time left up.
struct Frame {
    max_ply: f64,
    max_secs: f64,
}

impl Frame {
    const W: f64 = 640.0;
    const H: f64 = 200.0;
    const PAD: f64 = 56.0;

    fn x(&self, ply: usize) -> f64 {
        Frame::PAD + (Frame::W - 2.0 * Frame::PAD) * ply as f64 / self.max_ply
    }

    fn y(&self, secs: f64) -> f64 {
        Frame::H - Frame::PAD - (Frame::H - 2.0 * Frame::PAD) * secs / self.max_secs
    }

    /// The axes, labelled with the time left at 0, half and the most, and
    /// the plies at 0, half and the last.
    fn axes(&self) -> String {
        let (pad, b, r) = (Frame::PAD, Frame::H - Frame::PAD, Frame::W - Frame::PAD);
        let mut svg = format!(
            r##"<line x1="{pad}" y1="{b}" x2="{r}" y2="{b}" stroke="#999"/><line x1="{pad}" y1="{pad}" x2="{pad}" y2="{b}" stroke="#999"/>"##
        );
        for frac in [0.0, 0.5, 1.0] {
            let secs = self.max_secs * frac;
            let _ = write!(
                svg,
                r##"<text x="{}" y="{:.1}" font-size="10" text-anchor="end" fill="#333">{}</text><line x1="{}" y1="{:.1}" x2="{pad}" y2="{:.1}" stroke="#999"/>"##,
                pad - 4.0,
                self.y(secs) + 3.0,
                crate::model::clock::Clock((secs * 1000.0) as u64),
                pad - 3.0,
                self.y(secs),
                self.y(secs)
            );
            let ply = (self.max_ply * frac).round() as usize;
            let label = if frac == 1.0 {
                format!("ply {ply}")
            } else {
                ply.to_string()
            };
            let _ = write!(
                svg,
                r##"<text x="{:.1}" y="{}" font-size="10" text-anchor="middle" fill="#333">{label}</text>"##,
                self.x(ply),
                Frame::H - 14.0
            );
        }
        svg
    }
}
