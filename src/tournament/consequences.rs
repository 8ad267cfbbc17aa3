//! What the audit's verdicts change in a tournament: each pairing checked
//! against its game, the results the audit proves applied, and the
//! standings, tie-breaks and rating changes before and after.

use super::crosstable::Crosstable;
use super::matching::{Match, Matcher, Pairing, PlayedGame, pairings, round_of};
pub use super::pairing_note::{Audit, Held, PairingFinding, PairingNote, PointsNote};
use super::rating::{RatingChange, RatingInputs, rating_changes};
use super::standings::{Ranking, Standing, standings};
use super::teams::counted_unopposed;
use super::trf::{Code, Edit, Player, Trf};
use crate::model::outcome::GameResult;
use crate::model::verdict::Status;
use shakmaty::Color;

/// How a pairing and its game compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairingStatus {
    /// The report, the PGN and the audit give the same result.
    Agree,
    /// The audit corrects the PGN's result.
    Corrected,
    /// The report and the PGN disagree (or give the colours the other way).
    Mismatch,
    /// A game was played for this pairing but none was given.
    MissingGame,
    /// A game that matches no pairing.
    NoPairing,
    /// The audit or the matching leaves it to a human.
    Review,
}

impl PairingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PairingStatus::Agree => "agree",
            PairingStatus::Corrected => "corrected",
            PairingStatus::Mismatch => "mismatch",
            PairingStatus::MissingGame => "missing-game",
            PairingStatus::NoPairing => "no-pairing",
            PairingStatus::Review => "review",
        }
    }
}

/// One row of `pairings.csv`.
#[derive(Debug, Clone)]
pub struct Checked {
    pub pairing: Option<Pairing>,
    pub game: Option<usize>,
    pub pgn_result: Option<GameResult>,
    /// The audit's result in the report's colours.
    pub correct: Option<GameResult>,
    pub status: PairingStatus,
    /// Why: the lines' own disagreement, then what the check found
    /// (worded by `tournament/phrase`).
    pub note: PairingNote,
    /// For a game that matches no pairing: the round its tag names and the
    /// start numbers of its players, where the report has them.
    pub unpaired: Option<Unpaired>,
}

/// Where a game without a pairing stands in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpaired {
    /// 1-based, from the `Round` tag.
    pub round: Option<usize>,
    pub white: Option<u32>,
    pub black: Option<u32>,
}

/// The tournament after the audit.
#[derive(Debug, Clone)]
pub struct Consequences {
    pub checked: Vec<Checked>,
    /// The results applied: pairing, white's new code.
    pub applied: Vec<(Pairing, Code)>,
    pub before: Vec<Standing>,
    pub after: Vec<Standing>,
    /// Per player (start number): the rating change before and after, and
    /// the rated games it comes from.
    pub ratings: Vec<RatingChange>,
    /// Players whose points column disagrees with their codes.
    pub points_notes: Vec<(u32, PointsNote)>,
}

/// Checks every pairing of `trf` against `games` and works out what the
/// proven results change.
pub fn consequences(
    trf: &Trf,
    games: &[PlayedGame],
    ranking: &Ranking,
    rating: RatingInputs,
) -> Consequences {
    let pairings = pairings(trf);
    let (checked, applied) = check(trf, &pairings, games);
    let corrected_players = with_results(&trf.players, &applied);
    let before_table = Crosstable::ranked(&trf.players, trf.rounds, ranking.scoring);
    let after_table = Crosstable::ranked(&corrected_players, trf.rounds, ranking.scoring);
    Consequences {
        checked,
        before: standings(&before_table, &ranking.tiebreaks),
        after: standings(&after_table, &ranking.tiebreaks),
        ratings: rating_changes(trf, &corrected_players, rating),
        points_notes: points_notes(trf, &before_table),
        applied,
    }
}

/// Each game matched and compared; the pairings no game matched.
fn check(
    trf: &Trf,
    pairings: &[Pairing],
    games: &[PlayedGame],
) -> (Vec<Checked>, Vec<(Pairing, Code)>) {
    let mut checked = Vec::new();
    let mut applied = Vec::new();
    let mut taken = vec![false; pairings.len()];
    let matcher = Matcher::new(trf, pairings);
    let found: Vec<Match> = games.iter().map(|g| matcher.find(g, false)).collect();
    let conflicting = conflicting(pairings.len(), games, &found);
    for ((g, game), found) in games.iter().enumerate().zip(found) {
        let row = match found {
            Match::Pairing { index, reversed } => {
                let copy = match std::mem::replace(&mut taken[index], true) {
                    _ if conflicting[index] => GameCopy::Conflicting,
                    true => GameCopy::Later,
                    false => GameCopy::First,
                };
                let row = compare(&pairings[index], g, game, reversed, copy);
                if let Some(code) = applies(&row) {
                    applied.push((pairings[index], code));
                }
                row
            }
            Match::NoPairing => Checked {
                unpaired: Some(Unpaired {
                    round: game.round.as_deref().and_then(round_of),
                    white: matcher.player_of(game, true),
                    black: matcher.player_of(game, false),
                }),
                ..unmatched(g, game, no_pairing(&matcher, pairings, game))
            },
            Match::Ambiguous(which) => ambiguous(g, game, pairings, &which),
        };
        checked.push(row);
    }
    checked.extend(without_games(pairings, &taken));
    for row in &mut checked {
        row.note.lines = row.pairing.and_then(|p| p.disagreement());
        // Lines that disagree on the result are for a human, unless a game
        // settles it.
        let codes = row.note.lines.is_some_and(|d| d.codes.is_some());
        if codes && row.game.is_none() {
            row.status = PairingStatus::Review;
        }
    }
    (checked, applied)
}

/// The rows of the pairings no game matched: a game the report says was
/// played, and a forfeit the two lines disagree on.
fn without_games(pairings: &[Pairing], taken: &[bool]) -> Vec<Checked> {
    let mut rows = Vec::new();
    for (pairing, _) in pairings.iter().zip(taken).filter(|(_, t)| !**t) {
        if pairing.played() {
            rows.push(missing(*pairing));
        } else if pairing.disagreement().is_some_and(|d| d.codes.is_some()) {
            let finding = PairingFinding::NoGame;
            rows.push(Checked {
                note: PairingNote {
                    lines: None,
                    finding,
                },
                ..missing(*pairing)
            });
        }
    }
    rows
}

/// Which of the games that match one pairing a game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GameCopy {
    First,
    /// Another game came first and gives the same result.
    Later,
    /// The games matching this pairing give different results: which was
    /// played is for a human, so none is applied.
    Conflicting,
}

/// Per pairing: whether the games matching it give different results (in
/// the report's colours). File order must not choose between them.
fn conflicting(pairings: usize, games: &[PlayedGame], found: &[Match]) -> Vec<bool> {
    let mut first: Vec<Option<Option<GameResult>>> = vec![None; pairings];
    let mut conflicting = vec![false; pairings];
    for (game, found) in games.iter().zip(found) {
        if let Match::Pairing { index, reversed } = *found {
            let result = game.correct.map(|c| turned(c, reversed));
            match first[index] {
                None => first[index] = Some(result),
                Some(seen) => conflicting[index] |= seen != result,
            }
        }
    }
    conflicting
}

/// A game several pairings fit: a human must say which.
fn ambiguous(g: usize, game: &PlayedGame, pairings: &[Pairing], which: &[usize]) -> Checked {
    let fitting = which.iter().map(|&i| pairings[i]).collect();
    Checked {
        status: PairingStatus::Review,
        ..unmatched(g, game, PairingFinding::FitsSeveral(fitting))
    }
}

/// Why a game matches no pairing: no pairing has its players, or none in
/// the round its tag names (and in which round they did meet).
fn no_pairing(matcher: &Matcher<'_>, pairings: &[Pairing], game: &PlayedGame) -> PairingFinding {
    let Some(round) = game.round.as_deref().and_then(round_of) else {
        return PairingFinding::NoPairing;
    };
    match matcher.find(game, true) {
        Match::Pairing { index, .. } => PairingFinding::NotInRound {
            round,
            met_in: pairings[index].round + 1,
        },
        _ => PairingFinding::NotInAnyRound { round },
    }
}

fn unmatched(g: usize, game: &PlayedGame, finding: PairingFinding) -> Checked {
    Checked {
        pairing: None,
        game: Some(g),
        pgn_result: Some(game.recorded),
        correct: game.correct,
        status: PairingStatus::NoPairing,
        note: PairingNote {
            lines: None,
            finding,
        },
        unpaired: None,
    }
}

fn missing(pairing: Pairing) -> Checked {
    Checked {
        pairing: Some(pairing),
        game: None,
        pgn_result: None,
        correct: None,
        status: PairingStatus::MissingGame,
        note: PairingNote {
            lines: None,
            finding: PairingFinding::Missing,
        },
        unpaired: None,
    }
}

/// A result in the report's colours.
fn turned(result: GameResult, reversed: bool) -> GameResult {
    match result {
        GameResult::Win(side) if reversed => GameResult::Win(!side),
        other => other,
    }
}

/// A matched game compared with its pairing.
fn compare(
    pairing: &Pairing,
    g: usize,
    game: &PlayedGame,
    reversed: bool,
    copy: GameCopy,
) -> Checked {
    let trf = pairing.game_result();
    let pgn = turned(game.recorded, reversed);
    let correct = game.correct.map(|c| turned(c, reversed));
    let (status, finding) = status(pairing, game, trf, pgn, correct, reversed, copy);
    Checked {
        pairing: Some(*pairing),
        game: Some(g),
        pgn_result: Some(game.recorded),
        correct,
        status,
        note: PairingNote {
            lines: None,
            finding,
        },
        unpaired: None,
    }
}

/// Why a matched game applies nothing, if it does not: a second game for
/// the pairing, a pairing the other line does not confirm, an audit that
/// leaves it to a human, a record that ends unfinished.
fn nothing_to_apply(
    pairing: &Pairing,
    game: &PlayedGame,
    correct: Option<GameResult>,
    copy: GameCopy,
) -> Option<Held> {
    match copy {
        GameCopy::Later => return Some(Held::SecondGame),
        GameCopy::Conflicting => return Some(Held::Conflicting),
        GameCopy::First => {}
    }
    // Applying would write into a cell that names another opponent.
    if pairing.black_code.is_none() {
        return Some(Held::Unconfirmed);
    }
    if matches!(game.status, Status::Review | Status::Error) || correct.is_none() {
        return Some(Held::ToAHuman);
    }
    if correct == Some(GameResult::Unfinished) {
        return Some(Held::Unfinished);
    }
    None
}

fn status(
    pairing: &Pairing,
    game: &PlayedGame,
    trf: Option<GameResult>,
    pgn: GameResult,
    correct: Option<GameResult>,
    reversed: bool,
    copy: GameCopy,
) -> (PairingStatus, PairingFinding) {
    let audit = Audit {
        status: game.status,
        reason: game.reason.clone(),
    };
    if let Some(why) = nothing_to_apply(pairing, game, correct, copy) {
        return (PairingStatus::Review, PairingFinding::Held { why, audit });
    }
    if !pairing.played() {
        let result = pairing.result();
        let finding = PairingFinding::ForfeitPlayed { result, audit };
        return (PairingStatus::Mismatch, finding);
    }
    // A report without colours only orders the players: a game naming them
    // the other way round is no contradiction, its result is just turned.
    let reversed = reversed && pairing.colours_known;
    // The other line may hold another result than the first (both claim
    // the win): the proven result is then written into both.
    let differs = trf != correct || pairing.disagreement().is_some();
    let status = match (game.status, differs || reversed) {
        (Status::Corrected, _) => PairingStatus::Corrected,
        (_, true) => PairingStatus::Mismatch,
        (_, false) if trf != Some(pgn) => PairingStatus::Mismatch,
        _ => PairingStatus::Agree,
    };
    let finding = PairingFinding::Compared {
        colours_turned: reversed,
        audit,
        applied: differs,
    };
    (status, finding)
}

/// White's new code when the audit proves a result the report does not
/// have.
fn applies(checked: &Checked) -> Option<Code> {
    let pairing = checked.pairing?;
    if !matches!(
        checked.status,
        PairingStatus::Agree | PairingStatus::Corrected | PairingStatus::Mismatch
    ) || !pairing.played()
    {
        return None;
    }
    let code = match checked.correct? {
        GameResult::Win(Color::White) => Code::Win,
        GameResult::Win(Color::Black) => Code::Loss,
        GameResult::Draw => Code::Draw,
        GameResult::Unfinished => return None,
    };
    let both = code == pairing.white_code && pairing.black_code == Some(code.mirror());
    (!both).then_some(code)
}

/// The players with the applied results in both lines.
fn with_results(players: &[Player], applied: &[(Pairing, Code)]) -> Vec<Player> {
    let mut players = players.to_vec();
    for (pairing, code) in applied {
        for (no, code) in [(pairing.white, *code), (pairing.black, code.mirror())] {
            if let Some(cell) = players
                .iter_mut()
                .find(|p| p.start_no == no)
                .and_then(|p| p.rounds.get_mut(pairing.round))
            {
                cell.code = code;
            }
        }
    }
    players
}

/// Players whose points column is not what their codes give.
fn points_notes(trf: &Trf, table: &Crosstable) -> Vec<(u32, PointsNote)> {
    let unopposed = counted_unopposed(trf);
    trf.players
        .iter()
        .filter_map(|p| {
            let by_codes = table.row(p.start_no)?.points();
            let written = p.points?;
            ((written - by_codes).abs() > 1e-9).then(|| {
                let unopposed = (0..trf.rounds)
                    .filter(|&r| unopposed.contains(&(p.start_no, r)))
                    .map(|r| r + 1)
                    .collect();
                let note = PointsNote {
                    written,
                    by_codes,
                    unopposed,
                };
                (p.start_no, note)
            })
        })
        .collect()
}

/// The edits that make the corrected report: the applied results in both
/// lines, the points of the players they change (their points column moved
/// by the change) and, when a result is
/// applied, the whole rank column from one ranking: the tie-breaks here
/// after the corrections (keeping the report's ranks beside the moved ones
/// would give two players one rank and nobody another).
pub fn corrections(trf: &Trf, c: &Consequences) -> Vec<Edit> {
    let line = |no: u32| trf.player(no).map(|p| p.line);
    let mut edits = Vec::new();
    for (pairing, code) in &c.applied {
        for (no, code) in [(pairing.white, *code), (pairing.black, code.mirror())] {
            if let Some(line) = line(no) {
                let round = pairing.round;
                edits.push(Edit::Result { line, round, code });
            }
        }
    }
    for (b, a) in c.before.iter().zip(&c.after) {
        let Some(line) = line(a.start_no) else {
            continue;
        };
        // The column moves by what the correction changes: what it holds
        // beyond the codes (a team event's unopposed boards written `0000
        // -` and counted there) stays.
        if (a.points - b.points).abs() > 1e-9 {
            let written = trf.player(a.start_no).and_then(|p| p.points);
            let points = written.map_or(a.points, |w| w + a.points - b.points);
            edits.push(Edit::Points { line, points });
        }
        let written = trf.player(a.start_no).and_then(|p| p.rank);
        if !c.applied.is_empty() && written.is_some_and(|r| r != a.rank) {
            edits.push(Edit::Rank { line, rank: a.rank });
        }
    }
    edits
}
