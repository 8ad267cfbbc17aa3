//! The `explain` subcommand: one game told as an arbiter would tell it —
//! the players and the time control, each incident with the clocks, the
//! board and the clause that applies in the rules' own words, then the
//! verdict and why. `explain --fen FEN` says whether each side can still
//! checkmate, with a helpmate line when one exists.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::{Color, Position};

use crate::board::helpmate::{Mate, can_checkmate, is_dead, position_or_why};
use crate::board::replay::Replay;
use crate::cli::laws_option::LawsOption;
use crate::laws::adjudicate::{Adjudged, adjudicate_placed, unknown_category_why};
use crate::laws::rulebook::{citations, cited, sentence};
use crate::laws::{Book, Judgement, Judging, side_name};
use crate::model::incident::{Incident, IncidentKind};
use crate::model::time_control::Category;
use crate::model::verdict::Status;
use crate::read::ending::{self, Ending};
use crate::read::input::{Source, decompress};
use crate::read::parse::{GameRecord, parse_game};
use crate::read::split::Splitter;
use crate::report::diagram;

/// Tell the story of one game, or of one position.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn-arbiter explain samples/rules/15.4.2-claimed-illegal-move.pgn\n  \
    pgn-arbiter explain games.pgn --game 38\n  \
    pgn-arbiter explain games.pgn --site https://lichess.org/HajiazyC\n  \
    pgn-arbiter explain --fen '8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1'"
)]
pub struct Args {
    /// A PGN file (compressed or not), or `-` for stdin.
    #[arg(required_unless_present = "fen")]
    pub file: Option<PathBuf>,
    /// Which game of the file, counting from 1 (default: the first).
    #[arg(long, value_name = "N", conflicts_with = "site")]
    pub game: Option<u64>,
    /// The game whose Site, Link (chess.com) or GameURL (lichess
    /// broadcasts) is URL.
    #[arg(long, value_name = "URL")]
    pub site: Option<String>,
    /// Say whether each side can still checkmate in this position.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["file", "game", "site"])]
    pub fen: Option<String>,
    #[command(flatten)]
    pub laws: LawsOption,
    /// Plain text even on a terminal.
    #[arg(long)]
    pub no_color: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    let color =
        !args.no_color && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    match tell(args, None, color) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`| head`) is the reader's choice, not a failure.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("pgn-arbiter: cannot write the explanation to standard output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprintln!("pgn-arbiter: {e}");
            ExitCode::from(1)
        }
    }
}

/// The explanation `args` ask for, of `source` when given (a program's
/// PGN text), else of the file they name.
pub(crate) fn tell(args: &Args, source: Option<Source>, color: bool) -> Result<String, String> {
    match (&args.fen, source, &args.file) {
        (Some(fen), ..) => explain_fen(fen, color),
        (None, Some(source), _) => explain_source(source, args, color),
        (None, None, Some(path)) if path.as_os_str() == "-" => {
            explain_source(Source::Stdin, args, color)
        }
        (None, None, Some(path)) => explain_source(Source::File(path.clone()), args, color),
        (None, None, None) => Err("give a PGN file or --fen FEN".into()),
    }
}

/// "samples/x.pgn holds 60 games; this is the first. Choose one with …":
/// said when a file of several games was given without choosing one.
fn choosing(shown: &str, counted: usize, more: bool) -> String {
    let count = if more {
        format!("more than {counted} games")
    } else {
        format!("{counted} games")
    };
    format!(
        "{shown} holds {count}; this is the first. Choose one with --game N (its number, as in \
         verdicts.csv's game column) or --site URL (its Site, Link or GameURL); \
         `pgn-arbiter audit {shown}` lists the ones not confirmed.\n"
    )
}

/// Finds the game asked for and tells it.
fn explain_source(source: Source, args: &Args, color: bool) -> Result<String, String> {
    let shown = source.name();
    let stream = source
        .open_raw()
        .and_then(decompress)
        .map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let mut splitter = Splitter::new(stream, 1 << 20);
    let wanted = args.game.unwrap_or(1);
    while let Some(block) = splitter.next_block().map_err(|e| format!("{shown}: {e}"))? {
        for (i, slice) in block.games.iter().enumerate() {
            let number = block.first_game + i as u64 + 1;
            let mut record = parse_game(&block.data[slice.bytes.clone()]);
            record.first_line = slice.line;
            let hit = match &args.site {
                Some(site) => record.tags.is_at(site),
                None => number == wanted,
            };
            if !hit {
                continue;
            }
            if let Some(problem) = &slice.problem {
                return Err(format!("{shown}, game {number}: {problem}"));
            }
            let told = tell_game(&record, &shown, number, &args.laws, color)?;
            if args.game.is_some() || args.site.is_some() || block.games.len() < 2 {
                return Ok(told);
            }
            // Counted to the end, unless the file is a dump (64 MiB read).
            let mut count = block.games.len();
            let mut more = true;
            for _ in 0..64 {
                match splitter.next_block() {
                    Ok(Some(next)) => count += next.games.len(),
                    _ => {
                        more = false;
                        break;
                    }
                }
            }
            return Ok(format!("{}\n{told}", choosing(&shown, count, more)));
        }
    }
    Err(match &args.site {
        Some(site) => format!("{shown}: no game has \"{site}\" as its Site, Link or GameURL"),
        None => format!(
            "{shown} holds {} game(s); there is no game {wanted}",
            splitter.games_emitted()
        ),
    })
}

fn tell_game(
    record: &GameRecord<'_>,
    source: &str,
    number: u64,
    laws: &LawsOption,
    color: bool,
) -> Result<String, String> {
    let mut out = heading(record, source, number);
    laws.warn_if_deprecated();
    let (chosen, supervised) = laws.chosen();
    let rules = Judging {
        laws: chosen,
        supervised,
        ..Judging::default()
    };
    let placement = rules.place(record);
    let book = placement.book;
    out.push_str(&tell_control(record, &book));
    out.push_str(&format!("Recorded result: {}.\n", record.recorded_result()));
    let Adjudged { game, judgement } =
        adjudicate_placed(record, record.claims.clone(), &rules, placement)
            .map_err(|e| format!("{source}, game {number}: {e}"))?;
    out.push_str(&tell_ending(judgement.ending, game.statement.as_ref()));
    if judgement.incidents.is_empty() && judgement.verdict.status == Status::Confirmed {
        out.push_str("Nothing in the record calls for an arbiter.\n\n");
    }
    for incident in &judgement.incidents {
        out.push_str(&tell_incident(incident, &game.replay, &book, color));
    }
    out.push_str(&tell_verdict(&judgement));
    Ok(once_each_rule(out))
}

/// Which game, who played it, where and when.
fn heading(record: &GameRecord<'_>, source: &str, number: u64) -> String {
    let tag = |t: &Option<Cow<str>>| printable(t.as_deref().unwrap_or("?"));
    let mut out = format!("Game {number} of {source} (line {})\n", record.first_line);
    out.push_str(&format!(
        "{} (White) against {} (Black)\n",
        tag(&record.tags.white),
        tag(&record.tags.black)
    ));
    let place: Vec<String> = [&record.tags.event, &record.tags.site, &record.tags.date]
        .into_iter()
        .filter_map(|t| t.as_deref().map(printable))
        .collect();
    if !place.is_empty() {
        out.push_str(&format!("{}\n", place.join(", ")));
    }
    out
}

/// The time control as read, the category, and the Laws that judge it.
fn tell_control(record: &GameRecord<'_>, book: &Book) -> String {
    let category = book.edition.category_phrase(book.category);
    let control = &record.control;
    let mut out = match (&record.tags.time_control, control.pgn(), &control.note) {
        (_, Some(used), Some(note)) => format!("Time control {used}: {category} ({note}).\n"),
        (Some(tc), _, _) => format!("Time control {}: {category}.\n", printable(tc)),
        (None, _, _) => "No time control recorded.\n".into(),
    };
    out.push_str(&format!("Judged by {}.\n", book.edition.title));
    out.push_str(&category_sentence(book, record));
    out
}

/// What the category means for the judging, said once here (and in the
/// summary) rather than in every row.
fn category_sentence(book: &Book, record: &GameRecord<'_>) -> String {
    let edition = book.edition;
    match book.category {
        Category::Unknown => format!(
            "Category unknown ({}): judged by the rapid clauses; where the categories' clauses \
             would decide differently, the verdict says so and goes to review.\n",
            unknown_category_why(record)
        ),
        Category::Rapid => String::new(),
        _ if edition.rapid_rules_for_all => format!(
            "Not a rapid game, and {} judges it by the rapid-play rules all the same.\n",
            edition.name
        ),
        _ => String::new(),
    }
}

/// "Ended by: time-forfeit (the FICS comment “alpha forfeits on time”
/// says so)."
fn tell_ending(
    (ending, source): (Ending, ending::EndingSource),
    said: Option<&ending::Statement>,
) -> String {
    use ending::EndingSource as From;
    let from = match source {
        From::TerminationTag | From::ResultComment | From::ResultTag => match said {
            Some(s) => format!("{} says so", s.quoted()),
            None => "as the record says".into(),
        },
        From::Board => "as the board shows".into(),
        From::Clocks => "read from the loser's clock at zero".into(),
        From::Inferred => {
            "inferred: the Termination tag says only that the game ended normally, so a win \
             not mated on the board is read as a resignation and a draw as agreed"
                .into()
        }
        From::None => "the record does not say".into(),
    };
    format!("Ended by: {ending} ({}).\n\n", printable(&from))
}

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

/// The words of a clause that fit an incident best.
fn quote_for(kind: IncidentKind, detail: &str, book: &Book) -> Option<(String, String)> {
    if matches!(
        kind,
        IncidentKind::ResultMismatch | IncidentKind::Notation | IncidentKind::MovesAfterEnd
    ) {
        return None;
    }
    if !book.edition.is_ru_rapid() {
        // The project's paraphrase of an edition's clause is short: whole.
        let number = citations(detail).rfind(|n| book.edition.text(n).is_some())?;
        return Some((number.to_string(), book.edition.text(number)?));
    }
    let number = cited(detail)?;
    let about = match kind {
        IncidentKind::IllegalMove if detail.contains("not claimed") => "stands",
        IncidentKind::IllegalMove => "claim a win",
        IncidentKind::CastlingDisallowed => "castling",
        IncidentKind::IllegalPosition => "still on the board",
        IncidentKind::FlagFall | IncidentKind::BothFlags => "time remaining",
        IncidentKind::LateClaim => "claim",
        IncidentKind::InadmissibleClaim => "two minutes",
        IncidentKind::ClockChange => "clock setting",
        _ => "",
    };
    Some((number.to_string(), sentence(number, about)?))
}

fn tell_incident(incident: &Incident, replay: &Replay, book: &Book, color: bool) -> String {
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
        sentence_case(&printable(&incident.detail))
    ));
    if let Some((number, words)) = quote_for(incident.kind, &incident.detail, book) {
        out.push_str(&format!("Rule {number}: “{words}”\n"));
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

/// Text from the record as a terminal should show it: an escape sequence
/// in a tag could set the window title, clear the screen or hide what
/// follows.
fn printable(text: &str) -> String {
    crate::report::rows::without_controls(text).into_owned()
}

fn tell_verdict(judgement: &Judgement) -> String {
    // The reason quotes the line given in full below.
    let v = &*judgement.verdict_to_read();
    let rule = v.rule;
    let mut out = match (v.status, v.correct) {
        (Status::Error, _) | (_, None) => "Verdict: the game cannot be audited.\n".to_string(),
        (Status::Confirmed, Some(r)) => {
            format!("Verdict: the recorded result {r} is confirmed ({rule}).\n")
        }
        (Status::Corrected, Some(r)) => {
            format!("Verdict: the correct result is {r} ({rule}), not the one recorded.\n")
        }
        (Status::Review, Some(r)) => {
            format!("Verdict: an arbiter must decide; the best reading is {r} ({rule}).\n")
        }
    };
    let stop = if v.reason.ends_with('”') { "" } else { "." };
    out.push_str(&format!("{}{stop}\n", sentence_case(&printable(&v.reason))));
    if let Some(line) = &judgement.helpmate {
        // The reason shortens a long line; an appeal must be able to play
        // it through to the mate, and follows a short one best.
        let line = line.short();
        out.push_str(&format!(
            "The helpmate in full ({} plies, from the position judged; the shortest found \
             within the search's bound): {}\n",
            line.len(),
            line.text(true)
        ));
    }
    // Under a FIDE edition the reason already ends with the rule's words.
    if judgement.book.edition.is_ru_rapid() && rule.starts_with("1") && rule.contains('.') {
        let number = rule.split('/').next().unwrap_or(rule);
        let drawn = v.correct == Some(crate::model::outcome::GameResult::Draw);
        let about = match number {
            _ if drawn => "drawn",
            "15.4.2" => "claim a win",
            "15.4.3" => "time remaining",
            "15.4.1.2" => "claim",
            _ => "",
        };
        if let Some(words) = sentence(number, about) {
            out.push_str(&format!("Rule {number}: “{words}”\n"));
        }
    }
    out
}

/// The text with each `Rule …: “…”` line after its first left out: an
/// incident and the verdict often rest on the same clause.
fn once_each_rule(text: String) -> String {
    let mut seen = std::collections::HashSet::new();
    text.split_inclusive('\n')
        .filter(|line| !line.starts_with("Rule ") || seen.insert(line.to_string()))
        .collect()
}

fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether each side can still checkmate in a position.
fn explain_fen(fen: &str, color: bool) -> Result<String, String> {
    let pos = position_or_why(fen).map_err(|why| format!("{fen}: {why}"))?;
    let mut out = String::new();
    for line in diagram::text(pos.board(), &[], color).lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out.push_str(&format!("{} to move.\n", side_name(pos.turn())));
    for side in [Color::White, Color::Black] {
        let name = side_name(side);
        out.push_str(&match can_checkmate(&pos, side) {
            Mate::Possible(line) => {
                let game = line.short().text(true);
                format!("{name} can still checkmate, for example: {game}\n")
            }
            Mate::Impossible => {
                format!("{name} cannot checkmate by any possible series of legal moves.\n")
            }
            Mate::NotShownImpossible => {
                format!("{name} is not shown unable to checkmate (fast check).\n")
            }
            Mate::Undecided => {
                format!("Whether {name} can still checkmate could not be decided.\n")
            }
        });
    }
    if is_dead(&pos) {
        out.push_str("The position is dead: the game is over, drawn.\n");
    }
    Ok(out)
}
