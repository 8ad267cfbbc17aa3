//! The `explain` subcommand: one game told as an arbiter would tell it —
//! the players and the time control, each incident with the clocks, the
//! board and the clause that applies in the rules' own words, then the
//! verdict and why. `explain --fen FEN` says whether each side can still
//! checkmate, with a helpmate line when one exists.

mod incident;
mod position;

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::failure::Failure;
use crate::cli::judging_options::JudgingOptions;
use crate::cli::settings::Settings;
use crate::laws::adjudicate::unknown_category_why;
use crate::laws::rulebook::{Point, sentence};
use crate::laws::{Book, Judgement, ShortLines, as_sentence, capitalised};
use crate::model::time_control::Category;
use crate::model::verdict::{Clause, Status};
use crate::read::encoding::FileEncoding;
use crate::read::ending::{self, Ending};
use crate::read::games::Games;
use crate::read::input::{Source, decompress};
use crate::read::parse::GameRecord;
use crate::read::split::Block;
use crate::run::pipeline::Options;
use crate::run::record::{Reading, Written, audit_record, read_game};
use incident::tell_incident;
use position::explain_fen;

/// Tell the story of one game, or of one position.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn-arbiter explain samples/rules/15.4.2-claimed-illegal-move.pgn\n  \
    pgn-arbiter explain games.pgn --game 38\n  \
    pgn-arbiter explain games.pgn --site https://lichess.org/HajiazyC\n  \
    pgn-arbiter explain --fen '8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1'"
)]
pub struct Args {
    /// A PGN file or a server's export (compressed or not), a folder of
    /// them (as `audit` reads it), or `-` for stdin.
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
    /// The options the audit's row was made with, so that the game is told
    /// as it was judged.
    #[command(flatten)]
    pub judging: JudgingOptions,
    /// Plain text even on a terminal.
    #[arg(long)]
    pub no_color: bool,
}

/// Which game to tell, or which position, and by which Laws: what the
/// flags or a program ask for.
pub struct Request {
    /// The game's number in its source, counting from 1.
    pub game: Option<u64>,
    /// The game whose Site, Link or GameURL this is.
    pub site: Option<String>,
    /// A position instead of a game.
    pub fen: Option<String>,
    pub settings: Settings,
}

impl Args {
    fn request(&self) -> Request {
        Request {
            game: self.game,
            site: self.site.clone(),
            fen: self.fen.clone(),
            settings: self.judging.settings(),
        }
    }

    /// The source the flags name.
    fn source(&self) -> Option<Source> {
        match &self.file {
            Some(path) if path.as_os_str() == "-" => Some(Source::Stdin),
            Some(path) => Some(Source::File(path.clone())),
            None => None,
        }
    }
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &Args) -> ExitCode {
    let color =
        !args.no_color && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    match tell(&args.request(), args.source(), color) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`| head`) is the reader's choice, not a failure.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    say!("pgn-arbiter: cannot write the explanation to standard output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(failure) => failure.report(),
    }
}

/// The explanation `request` asks for: of its position, else of a game
/// of `source`.
pub(crate) fn tell(
    request: &Request,
    source: Option<Source>,
    color: bool,
) -> Result<String, Failure> {
    let unreadable = |why: String| Failure::Io(io::Error::other(why));
    match (&request.fen, source) {
        (Some(fen), _) => explain_fen(fen, color).map_err(unreadable),
        (None, Some(source)) => {
            // One thread: a game is told alone.
            let settings = Settings {
                threads: Some(1),
                ..request.settings.clone()
            };
            // A value the options refuse is a usage error, as `audit`'s.
            let config = settings.resolve()?;
            let options = config.options();
            match source {
                Source::File(path) if path.is_dir() => {
                    explain_folder(&path, request, options, color)
                }
                source => explain_source(source, request, options, color),
            }
            .map_err(unreadable)
        }
        (None, None) => Err(unreadable("give a PGN file or --fen FEN".into())),
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

/// A folder, read as `audit` reads it: its one file's game, or the game
/// whose address `--site` names in any of its files; a game's number
/// counts within its file (verdicts.csv's `source` names it).
fn explain_folder(
    folder: &std::path::Path,
    request: &Request,
    options: &Options,
    color: bool,
) -> Result<String, String> {
    let found = crate::read::input::sources(&[folder.to_path_buf()]);
    if let Some(error) = found.errors.first() {
        return Err(error.clone());
    }
    match (found.sources.as_slice(), &request.site) {
        ([one], _) => explain_source(one.clone(), request, options, color),
        (files, Some(site)) => files
            .iter()
            .find_map(|file| explain_source(file.clone(), request, options, color).ok())
            .ok_or_else(|| {
                format!(
                    "{}: no game of its files has \"{site}\" as its Site, Link or GameURL",
                    folder.display()
                )
            }),
        (files, None) => {
            let names: Vec<String> = files.iter().take(5).map(Source::name).collect();
            let more = if files.len() > 5 { ", …" } else { "" };
            Err(format!(
                "{} holds {} files ({}{more}); a game's number counts within its file, which \
                 verdicts.csv's source column names: give the file (`pgn-arbiter explain FILE \
                 --game N`) or the game's address (--site URL)",
                folder.display(),
                files.len(),
                names.join(", ")
            ))
        }
    }
}

/// Finds the game asked for and tells it.
fn explain_source(
    source: Source,
    request: &Request,
    options: &Options,
    color: bool,
) -> Result<String, String> {
    let shown = source.name();
    let (stream, format) = source
        .open_raw()
        .and_then(decompress)
        .map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let mut splitter = Games::new(stream, format, 1 << 20, options.max_game_bytes);
    let wanted = request.game.unwrap_or(1);
    // The source's encoding is decided as a run decides it.
    let mut text = FileEncoding::default();
    let mut blocks = std::collections::VecDeque::new();
    while let Some(block) =
        next_block(&mut splitter, &mut text, &mut blocks).map_err(|e| format!("{shown}: {e}"))?
    {
        for (i, slice) in block.games.iter().enumerate() {
            let number = block.first_game + i as u64 + 1;
            let mut written = Written::default();
            let (record, problem) =
                read_game((&block, slice), Reading::AsText, &mut written, options);
            let hit = match &request.site {
                Some(site) => record.tags.is_at(site),
                None => number == wanted,
            };
            if !hit {
                continue;
            }
            let told = tell_game(
                &record,
                problem.as_deref(),
                (&shown, number),
                options,
                color,
            );
            if request.game.is_some() || request.site.is_some() || block.games.len() < 2 {
                return Ok(told);
            }
            let (count, more) = counted(&mut splitter, block.games.len());
            return Ok(format!("{}\n{told}", choosing(&shown, count, more)));
        }
    }
    Err(match &request.site {
        Some(site) => format!("{shown}: no game has \"{site}\" as its Site, Link or GameURL"),
        None => format!(
            "{shown} holds {} game(s); there is no game {wanted}",
            splitter.games_emitted()
        ),
    })
}

/// The games of a source counted to the end, from `count` read so far,
/// unless it is a dump (64 MiB read): the count, and whether there are more.
fn counted<R: io::Read>(splitter: &mut Games<R>, mut count: usize) -> (usize, bool) {
    for _ in 0..64 {
        match splitter.next_block() {
            Ok(Some(next)) => count += next.games.len(),
            _ => return (count, false),
        }
    }
    (count, true)
}

/// The next block a run would audit: split, and gone through the source's
/// encoding (which may hold blocks back until it is decided).
fn next_block<R: io::Read>(
    splitter: &mut Games<R>,
    text: &mut FileEncoding,
    ready: &mut std::collections::VecDeque<Block>,
) -> io::Result<Option<Block>> {
    while ready.is_empty() {
        match splitter.next_block()? {
            Some(block) => ready.extend(text.admit(block)),
            None => {
                ready.extend(text.finish());
                break;
            }
        }
    }
    Ok(ready.pop_front())
}

fn tell_game(
    record: &GameRecord<'_>,
    problem: Option<&str>,
    (source, number): (&str, u64),
    options: &Options,
    color: bool,
) -> String {
    let mut out = heading(record, source, number);
    let mut quoted = Quoted::default();
    let audit = audit_record(record, problem, options);
    let judgement = &audit.judgement;
    let book = judgement.book;
    out.push_str(&tell_control(record, &book));
    out.push_str(&format!("Recorded result: {}.\n", record.recorded_result()));
    match &audit.game {
        Some(game) => {
            out.push_str(&tell_ending(judgement.ending, game.statement.as_ref()));
            if let Some(doubt) = &game.doubt {
                out.push_str(&format!(
                    "{}.\n\n",
                    capitalised(&printable(&doubt.to_string()))
                ));
            }
            if judgement.incidents.is_empty() && judgement.verdict.status == Status::Confirmed {
                out.push_str("Nothing in the record calls for an arbiter.\n\n");
            }
            for incident in &judgement.incidents {
                let told = tell_incident(incident, &game.replay, &book, color, &mut quoted);
                out.push_str(&told);
            }
        }
        None => {
            let said = ending::Statement::read(record);
            out.push_str(&tell_ending(judgement.ending, said.as_ref()));
        }
    }
    out.push_str(&tell_verdict(
        judgement,
        options.rules.short_lines,
        &mut quoted,
    ));
    out
}

/// Which game, who played it, where and when.
fn heading(record: &GameRecord<'_>, source: &str, number: u64) -> String {
    let tag = |t: &Option<Cow<str>>| printable(t.as_deref().unwrap_or("?"));
    let source = printable(source);
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
    let category = book.edition.category_by(book.category).to_string();
    let control = &record.control;
    let note = crate::laws::control_notes(control);
    let mut out = match (&record.tags.time_control, control.pgn(), &note) {
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
        From::TerminationTag
        | From::ResultComment
        | From::ResultTag
        | From::ServerCode
        | From::Claim
        | From::PlayerTag => match said {
            Some(s) => format!("{} says so", s.words),
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

/// Text from the record as a terminal should show it: an escape sequence
/// in a tag could set the window title, clear the screen or hide what
/// follows.
fn printable(text: &str) -> String {
    crate::report::rows::without_controls(text).into_owned()
}

fn tell_verdict(judgement: &Judgement, short_lines: ShortLines, quoted: &mut Quoted) -> String {
    // The reason quotes the line given in full below.
    let v = &judgement.verdict;
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
    out.push_str(&format!(
        "{}\n",
        as_sentence(&printable(&v.reason.to_string()))
    ));
    match &judgement.helpmate {
        Some(line) if v.clause == Some(Clause::InsufficientMaterial) => out.push_str(&format!(
            "The forced mate in full ({} plies, from the position where the flag fell: the \
             defence that holds out longest, the quickest mate against it): {}\n",
            line.len(),
            line.text(true)
        )),
        // The line the row quotes, in full: an appeal must be able to play
        // it through to the mate.
        Some(line) => out.push_str(&format!(
            "The helpmate in full ({} plies, from the position judged; {}): {}\n",
            line.len(),
            match short_lines.apply_to(v.status) {
                true => "the shortest found within the search's bound",
                false =>
                    "the solver's own, as the confirmed row quotes it; --short-lines all \
                          searches a shorter one",
            },
            line.text(true)
        )),
        None => {}
    }
    // Under a FIDE edition the reason already ends with the rule's words.
    if let (true, Some(clause)) = (judgement.book.edition.is_ru_rapid(), v.clause) {
        let number = judgement.book.cite(clause);
        let drawn = v.correct == Some(crate::model::outcome::GameResult::Draw);
        let point = match clause {
            _ if drawn => Some(Point::Drawn),
            Clause::IllegalMove => Some(Point::ClaimAWin),
            Clause::TimeClaim | Clause::BothFlags => Some(Point::TimeRemaining),
            Clause::SetUp => Some(Point::Claim),
            _ => None,
        };
        if let Some(words) = sentence(number, point) {
            out.push_str(&quoted.line(number, &words));
        }
    }
    out
}

/// The clauses quoted so far: an incident and the verdict often rest on
/// the same one, quoted once.
#[derive(Default)]
struct Quoted(std::collections::HashSet<String>);

impl Quoted {
    /// `Rule 15.4.2: “…”`, or nothing when these words were quoted.
    fn line(&mut self, number: &str, words: &str) -> String {
        let line = format!("Rule {number}: “{words}”\n");
        match self.0.insert(line.clone()) {
            true => line,
            false => String::new(),
        }
    }
}
