//! Checks the 14E forced-win search against the Syzygy tables on random
//! positions of one class: a king and a knight against a king and a pawn,
//! the knight's side the claimant, either side to move.
//!
//!   cargo run --release --example forced_win_check -- tests/data/syzygy-knvkp [COUNT] [NODES] [SEED] [MOVES]
//!
//! Prints how many positions the search proves a win, proves none, and
//! leaves not known, and every answer the tables contradict (there must be
//! none): a proved mate where the tables give no win, a proved defence
//! where they give one. COUNT defaults to 100,000, NODES (the proof
//! search's bound) to the audit's own, MOVES (the shortest-first search's
//! depth) to the audit's own. `CORNER=1` draws the positions where
//! the knight's wins are (the pawn's king and pawn in the corner it runs
//! to); `LIST_WINS=1` lists the positions the tables give a win, `LIST_ALL=1`
//! every position with the search's answer (for another search to check).

use pgn_arbiter::board::forced_mate::{FORCED_MATE_MOVES, ForcedMate, PROOF_NODES, forced_mate};
use pgn_arbiter::board::helpmate::position;
use pgn_arbiter::board::tablebase::{TableOutcome, Tablebases};
use shakmaty::{Chess, Color};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args
        .get(1)
        .expect("usage: forced_win_check SYZYGY_DIR [COUNT] [NODES] [SEED] [MOVES]");
    let number = |at: usize, default: u64| {
        args.get(at)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (count, nodes, seed) = (
        number(2, 100_000),
        number(3, u64::from(PROOF_NODES)),
        number(4, 7),
    );
    let moves = number(5, u64::from(FORCED_MATE_MOVES)) as u32;
    let tables = Tablebases::open(std::path::Path::new(dir)).expect("the KNvKP table");
    let mut random = Random(seed | 1);
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    while tally.positions < count {
        let Some((pos, claimant)) = random_knvkp(&mut random) else {
            continue;
        };
        let Some(truth) = tables.outcome_for(&pos, claimant) else {
            continue;
        };
        let found = forced_mate(&pos, claimant, moves, nodes as u32);
        tally.add(&pos, truth, &found);
        if tally.positions % 5_000 == 0 {
            eprintln!(
                "{} positions, {:.0} s",
                tally.positions,
                started.elapsed().as_secs_f64()
            );
        }
    }
    tally.print((nodes, moves), started.elapsed());
    if tally.wrong > 0 {
        std::process::exit(1);
    }
}

#[derive(Default)]
struct Tally {
    positions: u64,
    win: u64,
    win_shortest: u64,
    no_win: u64,
    not_known: u64,
    not_known_tables_win: u64,
    wrong: u64,
}

impl Tally {
    fn add(&mut self, pos: &Chess, truth: TableOutcome, found: &ForcedMate) {
        self.positions += 1;
        // The search ignores the fifty-move rule: a cursed win is a win.
        let wins = truth != TableOutcome::CannotWin;
        let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        if std::env::var_os("LIST_ALL").is_some() {
            println!("position: {fen} | {}", answer(found));
        }
        match found {
            ForcedMate::Forced {
                shortest, moves, ..
            } => {
                if std::env::var_os("LIST_WINS").is_some() {
                    println!("win: {fen}: mate in {moves} (shortest: {shortest})");
                }
                self.win += 1;
                self.win_shortest += u64::from(*shortest);
                if !wins {
                    self.wrong += 1;
                    println!("WRONG: {fen}: a mate proved, the tables give no win");
                }
            }
            ForcedMate::None => {
                self.no_win += 1;
                if wins {
                    self.wrong += 1;
                    println!("WRONG: {fen}: no mate proved, the tables give a win");
                }
            }
            ForcedMate::Undecided { .. } => {
                if wins && std::env::var_os("LIST_WINS").is_some() {
                    println!("win not found: {fen}");
                }
                self.not_known += 1;
                self.not_known_tables_win += u64::from(wins);
            }
        }
    }

    fn print(&self, (nodes, moves): (u64, u32), took: std::time::Duration) {
        let share = |n: u64| 100.0 * n as f64 / self.positions as f64;
        println!(
            "{} random KNvKP positions (the knight's side the claimant, either side to move), \
             shortest mates searched to {moves} moves, proof search bound {nodes} positions, \
             {:.1} s",
            self.positions,
            took.as_secs_f64()
        );
        println!(
            "  win proved:    {:>7} ({:.1} %; {} of them the shortest)",
            self.win,
            share(self.win),
            self.win_shortest
        );
        println!(
            "  no win proved: {:>7} ({:.1} %)",
            self.no_win,
            share(self.no_win)
        );
        println!(
            "  not known:     {:>7} ({:.1} %; the tables give {} of them a win)",
            self.not_known,
            share(self.not_known),
            self.not_known_tables_win
        );
        println!("  contradicted by the tables: {}", self.wrong);
    }
}

/// The search's answer in a word, for a list to check another search by.
fn answer(found: &ForcedMate) -> String {
    match found {
        ForcedMate::Forced {
            moves, shortest, ..
        } => format!("mate in {moves}{}", if *shortest { "" } else { " or less" }),
        ForcedMate::None => "no mate".into(),
        ForcedMate::Undecided { .. } => "not known".into(),
    }
}

/// A random legal KNvKP position, either side to move, and the knight's
/// side; `None` when the draw is not a legal position. With `CORNER` set,
/// the pawn's side has its king and pawn in the corner its pawn runs to,
/// the other king near: where the knight's wins are.
fn random_knvkp(random: &mut Random) -> Option<(Chess, Color)> {
    let claimant = if random.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let squares: Vec<u64> = match std::env::var_os("CORNER") {
        Some(_) => vec![
            near(random, claimant, 5),
            random.below(64),
            near(random, claimant, 3),
            near(random, claimant, 4),
        ],
        None => (0..4).map(|_| random.below(64)).collect(),
    };
    let mut board = ['.'; 64];
    let pieces = [
        (claimant, 'k'),
        (claimant, 'n'),
        (!claimant, 'k'),
        (!claimant, 'p'),
    ];
    for (&sq, (side, role)) in squares.iter().zip(pieces) {
        let cell = &mut board[sq as usize];
        if *cell != '.' {
            return None;
        }
        *cell = if side == Color::White {
            role.to_ascii_uppercase()
        } else {
            role
        };
    }
    let turn = if random.below(2) == 0 { 'w' } else { 'b' };
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| rank_fen(&board[rank * 8..rank * 8 + 8]))
        .collect();
    let pos = position(&format!("{} {turn} - - 0 1", ranks.join("/")))?;
    Some((pos, claimant))
}

/// A square within `size` files and ranks of the corner the pawn runs to
/// (a1 for Black's pawn, a8 for White's).
fn near(random: &mut Random, claimant: Color, size: u64) -> u64 {
    let (file, rank) = (random.below(size), random.below(size));
    match claimant {
        Color::White => rank * 8 + file,
        Color::Black => (7 - rank) * 8 + file,
    }
}

fn rank_fen(cells: &[char]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for &c in cells {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// xorshift64: reproducible positions without a dependency.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
