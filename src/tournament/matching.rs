//! Games matched to the pairings of a tournament report: by round (the
//! PGN `Round` tag, `3` or `3.12` for round 3, board 12) and by the players
//! — their FIDE ids when the game gives both, else their names, however
//! the PGN writes them (case, accents, initials, `Surname, Firstname` or
//! `Firstname Surname`). A game two pairings could be is not guessed at.

use std::collections::HashMap;

use deunicode::deunicode;

use super::trf::{Code, Colour, Trf, agree, first_line, opposite};
use crate::model::outcome::GameResult;
use crate::model::verdict::Status;

/// What the audit made of one game, as the tournament needs it.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The file the game is in, and its number there (1-based).
    pub source: String,
    pub number: u64,
    /// The `Event` tag.
    pub event: Option<String>,
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

/// Where the two lines of a pairing do not tell the same game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disagreement {
    pub pairing: Pairing,
    /// The lines do not give the players opposite colours.
    pub colours_clash: bool,
    pub codes: Option<Codes>,
}

/// How the second line's code disagrees with the first's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codes {
    /// The second player's line does not have this pairing.
    Unpaired,
    /// It has this code (as written), which does not mirror the first.
    Differ(Code),
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
    /// The code in the second player's line, as written, if his line has
    /// this pairing.
    pub black_code: Option<Code>,
    /// False for a forfeit written with no colours (`-`), or when the two
    /// lines do not give opposite colours.
    pub colours_known: bool,
    /// The two lines give the same colour, or one a colour and the other
    /// none: a typing error the report must not lose the pairing to.
    pub colours_clash: bool,
    /// The 1-based numbers of the first and the second player's lines.
    pub lines: [usize; 2],
}

impl Pairing {
    /// A game was to be played over the board (not a forfeit).
    pub fn played(&self) -> bool {
        self.white_code.played()
    }

    /// The result as the report gives it: `1-0`, `0-1`, `1/2-1/2`, or for a
    /// forfeit the TRF's own signs (`+/-`, `-/+`, `-/-`).
    pub fn result(&self) -> String {
        match self.white_code {
            Code::Win | Code::UnratedWin => "1-0".into(),
            Code::Draw | Code::UnratedDraw => "1/2-1/2".into(),
            Code::Loss | Code::UnratedLoss => "0-1".into(),
            code => format!(
                "{}/{}",
                code.char(),
                self.black_code.map_or('?', Code::char)
            ),
        }
    }

    /// What is wrong when the two players' lines do not tell the same
    /// pairing and result (worded by `tournament/phrase`).
    pub fn disagreement(&self) -> Option<Disagreement> {
        let codes = self.code_disagreement();
        (self.colours_clash || codes.is_some()).then_some(Disagreement {
            pairing: *self,
            colours_clash: self.colours_clash,
            codes,
        })
    }

    fn code_disagreement(&self) -> Option<Codes> {
        let Some(code) = self.black_code else {
            return Some(Codes::Unpaired);
        };
        (!agree(self.white_code, code)).then_some(Codes::Differ(code))
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
            // An opponent with no line refused the report (`trf/pair_lines.rs`).
            let Some(them) = trf.player(opponent) else {
                continue;
            };
            let theirs = them
                .rounds
                .get(round)
                .filter(|c| c.opponent == Some(player.start_no));
            let clash = theirs.is_some_and(|t| !opposite(cell.colour, t.colour));
            let lower = player.start_no < opponent;
            // A pairing his opponent's line does not have stands in his
            // line alone: it is his to give.
            if !theirs.is_none_or(|t| first_line(cell, t, lower)) {
                continue;
            }
            let written = trf
                .lines_disagree
                .iter()
                .find(|d| (d.round, d.first, d.second) == (round, player.start_no, opponent));
            out.push(Pairing {
                round,
                white: player.start_no,
                black: opponent,
                white_code: cell.code,
                black_code: theirs.map(|t| written.map_or(t.code, |d| d.written)),
                // The first line is White's wherever the colours are known.
                colours_known: cell.colour == Colour::White && !clash,
                lines: [player.line + 1, them.line + 1],
                colours_clash: clash,
            });
        }
    }
    out
}

/// Where a game belongs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Match {
    /// One pairing; `reversed` when the PGN names its players the other
    /// way round (its White is the pairing's second player: with colours
    /// in the report, the colours the other way).
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

/// Matches games to the pairings of one report, its players' names folded
/// once, and indexed: a game is compared only with the pairings of the
/// players its names or ids can be, so that matching grows with the games,
/// not with games × pairings.
pub struct Matcher<'a> {
    trf: &'a Trf,
    pairings: &'a [Pairing],
    names: HashMap<u32, Name>,
    /// A surname's first word → the players whose surname starts so.
    by_word: HashMap<String, Vec<u32>>,
    /// A FIDE id → its players.
    by_id: HashMap<&'a str, Vec<u32>>,
    /// A start number → the pairings it plays in, in order.
    by_player: HashMap<u32, Vec<usize>>,
}

impl<'a> Matcher<'a> {
    pub fn new(trf: &'a Trf, pairings: &'a [Pairing]) -> Matcher<'a> {
        let names: HashMap<u32, Name> = trf
            .players
            .iter()
            .map(|p| (p.start_no, Name::of_report(&p.name)))
            .collect();
        let mut by_word: HashMap<String, Vec<u32>> = HashMap::new();
        for (&no, name) in &names {
            if let Some(word) = name.surname.first() {
                by_word.entry(word.clone()).or_default().push(no);
            }
        }
        let mut by_id: HashMap<&str, Vec<u32>> = HashMap::new();
        for p in trf.players.iter().filter(|p| !p.fide_id.is_empty()) {
            by_id
                .entry(p.fide_id.as_str())
                .or_default()
                .push(p.start_no);
        }
        let mut by_player: HashMap<u32, Vec<usize>> = HashMap::new();
        for (index, p) in pairings.iter().enumerate() {
            by_player.entry(p.white).or_default().push(index);
            by_player.entry(p.black).or_default().push(index);
        }
        Matcher {
            trf,
            pairings,
            names,
            by_word,
            by_id,
            by_player,
        }
    }

    /// The pairing a game belongs to: in the round its tag names, or with
    /// `any_round`, in any.
    pub fn find(&self, game: &PlayedGame, any_round: bool) -> Match {
        let round = game
            .round
            .as_deref()
            .and_then(round_of)
            .filter(|_| !any_round);
        let (white, black) = (Side::of(game, true), Side::of(game, false));
        let by_ids = white.id.is_some() && black.id.is_some();
        let mut found = Vec::new();
        for index in self.candidates(&white) {
            let p = &self.pairings[index];
            if round.is_some_and(|r| r != p.round + 1) {
                continue;
            }
            let is = |no: u32, side: &Side<'_>| self.is_player(no, side, by_ids);
            let straight = is(p.white, &white) && is(p.black, &black);
            let reversed = is(p.white, &black) && is(p.black, &white);
            if straight || reversed {
                found.push((index, !straight));
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

    /// The pairings, in order, of every player a side's name or id could
    /// be: a superset of those [`Matcher::is_player`] accepts, since a name
    /// fits only when its surname's first word is among the side's words.
    fn candidates(&self, side: &Side<'_>) -> Vec<usize> {
        let mut pairings: Vec<usize> = self
            .named(side)
            .filter_map(|no| self.by_player.get(&no))
            .flatten()
            .copied()
            .collect();
        pairings.sort_unstable();
        pairings.dedup();
        pairings
    }

    /// The players a side's name or id could be (with repeats): those
    /// whose surname's first word is among its words, and those with its id.
    fn named<'s>(&'s self, side: &'s Side<'_>) -> impl Iterator<Item = u32> + 's {
        let by_name = side.words.iter().filter_map(|w| self.by_word.get(w));
        let by_id = side.id.and_then(|id| self.by_id.get(id.trim()));
        by_name.chain(by_id).flatten().copied()
    }

    /// The start number of the player who had White (or Black) in a game,
    /// when exactly one player of the report is the one it names.
    pub fn player_of(&self, game: &PlayedGame, white: bool) -> Option<u32> {
        let (w, b) = (Side::of(game, true), Side::of(game, false));
        let by_ids = w.id.is_some() && b.id.is_some();
        let side = if white { &w } else { &b };
        let mut players: Vec<u32> = self
            .named(side)
            .filter(|&no| self.is_player(no, side, by_ids))
            .collect();
        players.sort_unstable();
        players.dedup();
        match players.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether the player of start number `no` is the one the PGN names:
    /// by FIDE id when the game gives both players' ids, else by name.
    fn is_player(&self, no: u32, side: &Side<'_>, by_ids: bool) -> bool {
        let (Some(player), Some(name)) = (self.trf.player(no), self.names.get(&no)) else {
            return false;
        };
        match side.id {
            Some(id) if by_ids && !player.fide_id.is_empty() => id.trim() == player.fide_id,
            _ => name.fits(&side.words),
        }
    }
}

/// One side of a game as the matching reads it.
struct Side<'a> {
    id: Option<&'a str>,
    words: Vec<String>,
}

impl Side<'_> {
    fn of(game: &PlayedGame, white: bool) -> Side<'_> {
        let (name, id) = if white {
            (&game.white, &game.white_fide_id)
        } else {
            (&game.black, &game.black_fide_id)
        };
        Side {
            id: id.as_deref(),
            words: words(name),
        }
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

/// A report's name (`Surname, Firstname`), folded.
struct Name {
    surname: Vec<String>,
    given: Vec<String>,
}

impl Name {
    fn of_report(name: &str) -> Name {
        let (surname, given) = match name.split_once(',') {
            Some((s, g)) => (words(s), words(g)),
            None => (words(name), Vec::new()),
        };
        Name { surname, given }
    }

    /// Every word of the surname is among the PGN's words, and every other
    /// word is one of the given names or its initial.
    fn fits(&self, pgn: &[String]) -> bool {
        let Name { surname, given } = self;
        if surname.is_empty() || !surname.iter().all(|w| pgn.contains(w)) {
            return false;
        }
        let mut others = pgn.iter().filter(|w| !surname.contains(w)).peekable();
        if given.is_empty() {
            return others.peek().is_none();
        }
        others.all(|w| {
            given.contains(w) || w.len() == 1 && given.iter().any(|g| g.starts_with(w.as_str()))
        })
    }
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
    Name::of_report(trf_name).fits(&words(pgn_name))
}
