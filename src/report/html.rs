//! The HTML report (`audit --html DIR`): a static, self-contained site — no
//! server, no network, no external fonts or scripts. `index.html` holds the
//! summary and a table of every game, those that need a look first —
//! `corrected`, `review`, `error` — sortable and filterable by a little
//! inline script; each of those has a page with SVG boards at
//! its incidents and at the deciding ply, a chart of both players' clocks
//! with flag falls marked, the reason, and the recorded PGN.
//! Pages are rendered by the workers from askama templates in `src/html/`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod chart;
pub mod index;
mod replay;

use askama::Template;
use shakmaty::{Board, Color, File, Rank, Square};

use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::laws::{Book, Game, Judgement};
use crate::model::incident::IncidentKind;
use crate::model::verdict::Clause;
use crate::read::parse::GameRecord;
use crate::report::audited::Origin;
use crate::report::diagram::glyph;

/// A row of the index table.
#[derive(Debug, Clone)]
pub struct IndexRow {
    pub page: String,
    pub source: String,
    pub game: u64,
    pub white: String,
    pub black: String,
    pub recorded: String,
    pub correct: String,
    pub status: String,
    pub rule: String,
    /// The edition of the Laws the rule is from.
    pub laws: String,
    /// The game online (Site, Link or GameURL; http(s) only), or empty.
    pub url: String,
    pub date: String,
    pub round: String,
    /// The time control used, in seconds (`5400+30`), as a person reads it
    /// (`90 min + 30 s`), and its category.
    pub time_control: String,
    pub control: String,
    pub category: String,
    /// The kinds of its incidents, each once, space-separated.
    pub incidents: String,
    pub reason: String,
}

/// One game's page, rendered, with its index row.
#[derive(Debug, Clone)]
pub struct Page {
    pub row: IndexRow,
    pub html: String,
}

struct BoardView {
    title: String,
    detail: String,
    svg: String,
}

#[derive(Template)]
#[template(path = "game.html")]
struct GameTemplate<'a> {
    row: &'a IndexRow,
    event: String,
    site: String,
    date: String,
    time_control: String,
    /// The category with the threshold that gave it ("blitz: 10 minutes
    /// or less, so not rapid by 15.1").
    category: String,
    /// The cited clause in the project's words, when it has some.
    rule_text: String,
    reason: &'a str,
    /// The command that tells the game again, with the run's options.
    explain: String,
    /// The game's text as recorded, to copy.
    pgn: String,
    boards: Vec<BoardView>,
    /// Incident boards over [`MAX_BOARDS`], not drawn.
    omitted: usize,
    chart: String,
    /// The move list, each move clickable to show the board after it.
    moves: Vec<replay::MoveView>,
    /// Plies past [`replay::MAX_PLIES`], listed in the PGN only.
    unlisted: usize,
    /// The helpmate the verdict rests on, whole (empty if none), and its
    /// plies.
    helpmate: String,
    helpmate_plies: usize,
    /// The line is a forced mate's main line (US Chess 14E), not a
    /// helpmate.
    forced: bool,
    /// The boards for the script (`replay.js`), as JSON.
    positions: String,
}

/// The most incident boards a page draws: a game of thousands of
/// irregular moves would otherwise make a page of tens of megabytes.
const MAX_BOARDS: usize = 40;

/// The path from folder `from` to folder `to` (both resolved), for links.
pub(crate) fn relative(from: &Path, to: &Path) -> PathBuf {
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for part in &b[common..] {
        out.push(part);
    }
    out
}

/// The file name of a game's page: the source's stem and the game's
/// number, `games/colombia-events-2008-2019-439.html`.
pub(crate) fn page_name(stem: &str, game: u64) -> String {
    format!("games/{stem}-{game}.html")
}

/// A stem per source for its pages' names: the file name without its PGN
/// and compression endings, reduced to letters, digits, `_` and `-`, made
/// unique within the run by a suffix. The game number always follows the
/// last `-`, so two pages cannot share a name.
pub fn page_stems(names: &[String]) -> Vec<String> {
    let mut used = std::collections::HashSet::new();
    names
        .iter()
        .map(|name| {
            let base = stem_of(name);
            let mut stem = base.clone();
            let mut n = 1;
            while !used.insert(stem.clone()) {
                n += 1;
                stem = format!("{base}-{n}");
            }
            stem
        })
        .collect()
}

fn stem_of(name: &str) -> String {
    if name == "-" {
        return "stdin".into();
    }
    let file = name.rsplit('/').next().unwrap_or(name).to_lowercase();
    let mut file = file.as_str();
    for ending in [".gz", ".bz2", ".zst", ".pgn"] {
        file = file.strip_suffix(ending).unwrap_or(file);
    }
    let mut out = String::new();
    for c in file.chars() {
        let keep = c.is_ascii_alphanumeric() || c == '_';
        if keep {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out.trim_matches('-').chars().take(60).collect();
    if out.is_empty() { "games".into() } else { out }
}

/// The index row of a game.
/// The index row of a game with no page of its own (confirmed, in a run
/// that writes pages for the rows an appeal reads).
pub fn unpaged_row(
    record: &GameRecord<'_>,
    judgement: &Judgement,
    origin: Origin<'_>,
    stem: &str,
) -> IndexRow {
    let (book, verdict) = (&judgement.book, &judgement.verdict);
    IndexRow {
        page: String::new(),
        ..index_row(record, book, verdict, &judgement.incidents, origin, stem)
    }
}

fn index_row(
    record: &GameRecord<'_>,
    book: &Book,
    verdict: &Verdict,
    incidents: &[Incident],
    origin: Origin<'_>,
    stem: &str,
) -> IndexRow {
    let tags = &record.tags;
    let tag = |t: &Option<Cow<str>>| t.as_deref().unwrap_or_default().to_string();
    let mut kinds: Vec<&str> = incidents.iter().map(|i| i.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    IndexRow {
        page: page_name(stem, origin.game),
        source: origin.source.to_string(),
        game: origin.game,
        white: tag(&tags.white),
        black: tag(&tags.black),
        recorded: record.recorded_result().to_string(),
        correct: verdict.correct.map(|r| r.to_string()).unwrap_or_default(),
        status: verdict.status.as_str().to_string(),
        rule: verdict.rule.to_string(),
        laws: book.edition.name.to_string(),
        url: tags.url().unwrap_or_default().to_string(),
        date: tag(&tags.date),
        round: tag(&tags.round),
        time_control: record.control.pgn().unwrap_or_default(),
        control: record
            .control
            .pgn()
            .map(|c| readable_control(&c))
            .unwrap_or_default(),
        category: book.edition.category_name(book.category).to_string(),
        incidents: kinds.join(" "),
        reason: verdict.reason.to_string(),
    }
}

/// `60+0` as "1 min + 0 s", `5400+30` as "90 min + 30 s"; a control of
/// several periods, or seconds that are no whole minute, as written.
fn readable_control(pgn: &str) -> String {
    let (base, inc) = pgn.split_once('+').unwrap_or((pgn, "0"));
    match (base.parse::<u64>(), inc.parse::<u64>()) {
        (Ok(b), Ok(i)) if b % 60 == 0 && !pgn.contains([':', '/']) => {
            format!("{} min + {i} s", b / 60)
        }
        _ => pgn.to_string(),
    }
}

/// The most of a game's text a page shows (an error row's game may be
/// anything up to `--max-game-bytes`).
const PGN_SHOWN: usize = 64 * 1024;

fn pgn_text(record: &GameRecord<'_>) -> String {
    let bytes = &record.bytes[..record.bytes.len().min(PGN_SHOWN)];
    let mut text = String::from_utf8_lossy(bytes).trim_end().to_string();
    if record.bytes.len() > PGN_SHOWN {
        text.push_str("\n… (cut here; the rest is in the input)");
    }
    text
}

impl<'a> GameTemplate<'a> {
    /// A page with what every game has: its tags, the reason and its text,
    /// and the command that tells it again under the run's `flags`.
    fn bare(
        (row, flags): (&'a IndexRow, &str),
        record: &GameRecord<'_>,
        book: &Book,
        reason: &'a str,
    ) -> GameTemplate<'a> {
        let tag = |t: &Option<Cow<str>>| t.as_deref().unwrap_or_default().to_string();
        GameTemplate {
            row,
            event: tag(&record.tags.event),
            site: tag(&record.tags.site),
            date: tag(&record.tags.date),
            time_control: tag(&record.tags.time_control),
            category: book.edition.category_by(book.category).to_string(),
            // A FIDE edition's reason already ends with its words.
            rule_text: if book.edition.is_ru_rapid() {
                book.edition.text(&row.rule).unwrap_or_default()
            } else {
                String::new()
            },
            reason,
            explain: format!(
                "pgn-arbiter explain {} --game {}{flags}",
                shell_word(&row.source),
                row.game
            ),
            pgn: pgn_text(record),
            boards: Vec::new(),
            omitted: 0,
            chart: String::new(),
            moves: Vec::new(),
            unlisted: 0,
            helpmate: String::new(),
            helpmate_plies: 0,
            forced: false,
            positions: String::new(),
        }
    }
}

/// A word a shell reads back as it is (a path with blanks, quoted).
pub(crate) fn shell_word(text: &str) -> String {
    shlex::try_quote(text).map_or_else(|_| format!("{text:?}"), |w| w.into_owned())
}

/// The page of a game that could not be replayed: where it is, why, and
/// its text.
pub fn error_page(
    record: &GameRecord<'_>,
    book: &Book,
    verdict: &Verdict,
    origin: Origin<'_>,
    (stem, flags): (&str, &str),
) -> Option<Page> {
    let mut row = index_row(record, book, verdict, &[], origin, stem);
    row.reason = origin.locate(&verdict.reason);
    let html = GameTemplate::bare((&row, flags), record, book, &row.reason)
        .render()
        .ok()?;
    Some(Page { row, html })
}

/// A game's page; `None` where it cannot be rendered.
pub fn page(
    game: &Game<'_>,
    judgement: &Judgement,
    origin: Origin<'_>,
    (stem, flags): (&str, &str),
) -> Option<Page> {
    // The line the row quotes, shown whole.
    let shown = judgement.helpmate.clone();
    let verdict = &judgement.verdict;
    let (book, incidents) = (&judgement.book, &judgement.incidents);
    let row = index_row(game.record, book, verdict, incidents, origin, stem);
    let (boards, omitted) = boards(game, judgement);
    let incident_plies: Vec<usize> = judgement.incidents.iter().map(|i| i.ply).collect();
    let (moves, positions) = replay::views(game, &incident_plies, shown.as_ref());
    let template = GameTemplate {
        boards,
        omitted,
        chart: chart::clock_chart(game, judgement),
        moves,
        unlisted: game.plies().saturating_sub(replay::MAX_PLIES),
        helpmate: shown.as_ref().map(|l| l.text(true)).unwrap_or_default(),
        helpmate_plies: shown.as_ref().map_or(0, |l| l.len()),
        forced: verdict.clause == Some(Clause::InsufficientMaterial),
        positions,
        ..GameTemplate::bare((&row, flags), game.record, &judgement.book, &row.reason)
    };
    let html = template.render().ok()?;
    Some(Page { row, html })
}

/// One board per ply that has incidents, their details together (at most
/// [`MAX_BOARDS`]; the second value counts those left out), and the
/// deciding position, in ply order.
fn boards(game: &Game<'_>, judgement: &Judgement) -> (Vec<BoardView>, usize) {
    let mut boards: Vec<(usize, BoardView)> = Vec::new();
    let mut omitted = 0usize;
    for incident in &judgement.incidents {
        if incident.kind == IncidentKind::ResultMismatch {
            continue;
        }
        if let Some((_, view)) = boards.iter_mut().find(|(ply, _)| *ply == incident.ply) {
            view.title.push_str(&format!(", {}", incident.kind));
            view.detail.push_str(&format!("; {}", incident.detail));
            continue;
        }
        if boards.len() >= MAX_BOARDS {
            omitted += 1;
            continue;
        }
        let label = if incident.san.is_empty() {
            if incident.ply > game.plies() {
                "After the last recorded move".to_string()
            } else {
                format!("After ply {}", incident.ply - 1)
            }
        } else {
            game.replay.numbered(incident.ply, &incident.san)
        };
        let title = format!("{label}: {}", incident.kind);
        boards.push((
            incident.ply,
            board_view(game, incident.ply, title, incident.detail.to_string()),
        ));
    }
    // The deciding position, unless a board above shows it already (one past
    // the last move shows the final position too).
    let plies = game.plies();
    if let Some(ply) = judgement.verdict.decided_at_ply
        && !boards
            .iter()
            .any(|(p, _)| *p == ply || ply == plies && *p > plies)
    {
        let title = format!("The deciding position (ply {ply})");
        boards.push((ply, board_view(game, ply, title, String::new())));
    }
    boards.sort_by_key(|(ply, _)| *ply);
    (boards.into_iter().map(|(_, view)| view).collect(), omitted)
}

/// The board after ply `ply` (or, past the last move, the final position),
/// the move's squares marked.
fn board_view(game: &Game<'_>, ply: usize, title: String, detail: String) -> BoardView {
    let state = game.replay.position_at(ply);
    let marked: Vec<Square> = ply
        .checked_sub(1)
        .and_then(|i| game.replay.steps.get(i))
        .and_then(|s| s.mv)
        .map(|m| m.from().into_iter().chain([m.to()]).collect())
        .unwrap_or_default();
    BoardView {
        title,
        detail,
        svg: svg_board(state.board(), &marked),
    }
}

/// A board as inline SVG, White at the bottom.
pub fn svg_board(board: &Board, marked: &[Square]) -> String {
    const S: usize = 40;
    let mut svg = format!(
        r##"<svg class="board" viewBox="0 0 {w} {w}" width="{w}" height="{w}" role="img" aria-label="chess board">"##,
        w = 8 * S + 16
    );
    for rank in Rank::ALL {
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            let (x, y) = (16 + usize::from(file) * S, (7 - usize::from(rank)) * S);
            let light = (usize::from(file) + usize::from(rank)) % 2 == 1;
            let fill = match (marked.contains(&sq), light) {
                (true, _) => "#e8d56b",
                (false, true) => "#f0d9b5",
                (false, false) => "#b58863",
            };
            let _ = write!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}"/>"#
            );
            if let Some(p) = board.piece_at(sq) {
                // The solid glyphs for both sides, White's filled white and
                // outlined in black: the hollow ones vanish on dark squares.
                let paint = match p.color {
                    Color::White => {
                        r##"fill="#fff" stroke="#000" stroke-width="1.2" paint-order="stroke""##
                    }
                    Color::Black => r##"fill="#000""##,
                };
                let _ = write!(
                    svg,
                    r#"<text x="{}" y="{}" font-size="32" text-anchor="middle" {paint}>{}</text>"#,
                    x + S / 2,
                    y + S - 8,
                    glyph(Color::Black, p.role)
                );
            }
        }
    }
    for i in 0..8 {
        let _ = write!(
            svg,
            r#"<text x="8" y="{}" font-size="11" text-anchor="middle">{}</text><text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text>"#,
            i * S + S / 2 + 4,
            8 - i,
            16 + i * S + S / 2,
            8 * S + 12,
            char::from(b'a' + i as u8)
        );
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests;
