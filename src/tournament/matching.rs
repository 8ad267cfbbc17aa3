//! Games matched to the pairings of a tournament report: by round (the
//! PGN `Round` tag, `3` or `3.12` for round 3, board 12) and by the players
//! — their FIDE ids when the game gives both, else their names, however
//! the PGN writes them (case, accents, initials, `Surname, Firstname` or
//! `Firstname Surname`). A game two pairings could be is not guessed at.

use deunicode::deunicode;

use super::trf::{Code, Colour, Trf};
use crate::model::outcome::GameResult;
use crate::model::verdict::Status;

/// What the audit made of one game, as the tournament needs it.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The file the game is in, and its number there (1-based).
    pub source: String,
    pub number: u64,
    pub round: Option<String>,
    pub white: String,
    pub black: String,
    pub white_fide_id: Option<String>,
    pub black_fide_id: Option<String>,
    pub recorded: GameResult,
    pub correct: Option<GameResult>,
    pub status: Status,
    pub rule: &'static str,
    pub reason: String,
    /// The game's category by its own time control (`rapid`, `blitz` …).
    pub category: &'static str,
}

/// One pairing of the report: a round, two start numbers, and the codes
/// each player's line gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// 0-based.
    pub round: usize,
    pub white: u32,
    pub black: u32,
    pub white_code: Code,
    /// The code in the second player's line, if his line has this pairing.
    pub black_code: Option<Code>,
    /// False for a forfeit written with no colours (`-`).
    pub colours_known: bool,
}

impl Pairing {
    /// A game was to be played over the board (not a forfeit).
    pub fn played(&self) -> bool {
        self.white_code.played()
    }

    /// The result as the report gives it: `1-0`, `0-1`, `1/2-1/2`, or for a
    /// forfeit the TRF's own signs (`+/-`, `-/+`, `-/-`).
    pub fn result(&self) -> String {
        let theirs = |c: Option<Code>| c.map_or('?', Code::char);
        match self.white_code {
            Code::Win | Code::UnratedWin => "1-0".into(),
            Code::Draw | Code::UnratedDraw => "1/2-1/2".into(),
            Code::Loss | Code::UnratedLoss => "0-1".into(),
            code => format!("{}/{}", code.char(), theirs(self.black_code)),
        }
    }

    /// What is wrong when the two players' lines do not tell the same
    /// pairing and result.
    pub fn disagreement(&self) -> Option<String> {
        let expected = match self.white_code {
            Code::Win => Code::Loss,
            Code::Loss => Code::Win,
            Code::ForfeitWin => Code::ForfeitLoss,
            Code::UnratedWin => Code::UnratedLoss,
            Code::UnratedLoss => Code::UnratedWin,
            code => code,
        };
        match self.black_code {
            None => Some(format!(
                "{}'s line does not have this pairing in round {}",
                self.black,
                self.round + 1
            )),
            Some(code) if code != expected && !(code == Code::ForfeitLoss) => Some(format!(
                "the two lines disagree: {} has `{}`, {} has `{}`",
                self.white,
                self.white_code.char(),
                self.black,
                code.char()
            )),
            _ => None,
        }
    }

    /// The report's result as a game result, when it is one.
    pub fn game_result(&self) -> Option<GameResult> {
        GameResult::parse(&self.result())
    }
}

/// Every pairing of the report, round by round, each once.
pub fn pairings(trf: &Trf) -> Vec<Pairing> {
    let mut out = Vec::new();
    for round in 0..trf.rounds {
        for player in &trf.players {
            let Some(cell) = player.rounds.get(round) else {
                continue;
            };
            let Some(opponent) = cell.opponent else {
                continue;
            };
            let first = match cell.colour {
                Colour::White => true,
                Colour::Black => false,
                Colour::None => player.start_no < opponent,
            };
            if !first {
                continue;
            }
            let black_code = trf
                .player(opponent)
                .and_then(|o| o.rounds.get(round))
                .filter(|c| c.opponent == Some(player.start_no))
                .map(|c| c.code);
            out.push(Pairing {
                round,
                white: player.start_no,
                black: opponent,
                white_code: cell.code,
                black_code,
                colours_known: cell.colour != Colour::None,
            });
        }
    }
    out
}

/// Where a game belongs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Match {
    /// One pairing; `reversed` when the PGN has the colours the other way.
    Pairing {
        index: usize,
        reversed: bool,
    },
    NoPairing,
    /// Several pairings fit (indices): a human must say which.
    Ambiguous(Vec<usize>),
}

/// The round a `Round` tag names: `3`, `3.12` (board 12), ` 3 `.
///
/// ```
/// use pgn_arbiter::tournament::matching::round_of;
/// assert_eq!(round_of("3.12"), Some(3));
/// assert_eq!(round_of("7"), Some(7));
/// assert_eq!(round_of("-"), None);
/// ```
pub fn round_of(tag: &str) -> Option<usize> {
    tag.trim().split('.').next()?.trim().parse().ok()
}

/// The pairing a game belongs to.
pub fn match_game(trf: &Trf, pairings: &[Pairing], game: &PlayedGame) -> Match {
    let round = game.round.as_deref().and_then(round_of);
    let mut found = Vec::new();
    for (index, p) in pairings.iter().enumerate() {
        if round.is_some_and(|r| r != p.round + 1) {
            continue;
        }
        let is = |no: u32, name: &str, id: Option<&str>| is_player(trf, no, name, id, game);
        let straight = is(p.white, &game.white, game.white_fide_id.as_deref())
            && is(p.black, &game.black, game.black_fide_id.as_deref());
        let reversed = is(p.white, &game.black, game.black_fide_id.as_deref())
            && is(p.black, &game.white, game.white_fide_id.as_deref());
        if straight || reversed {
            found.push((index, !straight && p.colours_known));
        }
    }
    match found.as_slice() {
        [] => Match::NoPairing,
        [(index, reversed)] => Match::Pairing {
            index: *index,
            reversed: *reversed,
        },
        _ => Match::Ambiguous(found.iter().map(|f| f.0).collect()),
    }
}

/// Whether the player of start number `no` is the one the PGN names: by
/// FIDE id when the game gives both players' ids, else by name.
fn is_player(trf: &Trf, no: u32, name: &str, id: Option<&str>, game: &PlayedGame) -> bool {
    let Some(player) = trf.player(no) else {
        return false;
    };
    let ids = game.white_fide_id.is_some() && game.black_fide_id.is_some();
    match id {
        Some(id) if ids && !player.fide_id.is_empty() => id.trim() == player.fide_id,
        _ => same_person(&player.name, name),
    }
}

/// A name folded for comparison: its words in plain lower-case letters.
fn words(name: &str) -> Vec<String> {
    deunicode(name)
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether a PGN name names the report's player (`Surname, Firstname`):
/// every word of the surname is there, and every other word is one of the
/// given names or its initial.
///
/// ```
/// use pgn_arbiter::tournament::matching::same_person;
/// assert!(same_person("Hülleman, Leon", "Hulleman, L."));
/// assert!(same_person("Hülleman, Leon", "Leon HULLEMAN"));
/// assert!(same_person("O'Connell, Denis", "Denis O'Connell"));
/// assert!(!same_person("O'Connell, Denis", "O'Connell, David"));
/// assert!(!same_person("Flynn, Jamie", "Flynn-Jones, Jamie"));
/// ```
pub fn same_person(trf_name: &str, pgn_name: &str) -> bool {
    let (surname, given) = match trf_name.split_once(',') {
        Some((s, g)) => (words(s), words(g)),
        None => (words(trf_name), Vec::new()),
    };
    let pgn = words(pgn_name);
    if surname.is_empty() || !surname.iter().all(|w| pgn.contains(w)) {
        return false;
    }
    let others: Vec<&String> = pgn.iter().filter(|w| !surname.contains(w)).collect();
    if given.is_empty() {
        return others.is_empty();
    }
    others.iter().all(|w| {
        given.contains(w) || w.len() == 1 && given.iter().any(|g| g.starts_with(w.as_str()))
    })
}
