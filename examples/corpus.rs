//! A deterministic corpus of realistic-looking games for the benchmark.
//!
//! ```text
//! cargo run --release --example corpus -- [--games N] [--seed S] > corpus.pgn
//! ```
//!
//! Each game is played with random legal moves (captures preferred, so that
//! endgames and dead positions come up), with `[%clk]` on every move, a spread
//! of time controls, results and terminations (resignations, agreed draws,
//! time forfeits, checkmates, stalemates), and now and then an illegal last
//! move claimed by the opponent.

use std::io::{self, BufWriter, Write};

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position, Square};

/// splitmix64: a few lines, and the same numbers on every platform and in
/// every version, which a generator from a crate does not promise.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const TIME_CONTROLS: [(&str, u64, u64); 10] = [
    ("60+0", 60, 0),
    ("180+0", 180, 0),
    ("180+2", 180, 2),
    ("300+0", 300, 0),
    ("300+3", 300, 3),
    ("600+0", 600, 0),
    ("600+5", 600, 5),
    ("900+10", 900, 10),
    ("1500+0", 1500, 0),
    ("1800+0", 1800, 0),
];

/// How often a capture is preferred when one is available: enough for some
/// games to reach bare endgames (and dead positions), few enough that the
/// mix of endings resembles a lichess month (about one game in a hundred
/// ends dead).
const CAPTURE_PERCENT: u64 = 35;

const NAMES: [&str; 8] = [
    "anna", "boris", "chen", "dana", "emil", "fatima", "goran", "hana",
];

fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A king move into an attacked square, written as SAN: an illegal move.
fn illegal_king_move(pos: &Chess) -> Option<String> {
    let us = pos.turn();
    let board = pos.board();
    let king = board.king_of(us)?;
    shakmaty::attacks::king_attacks(king)
        .into_iter()
        .find(|&to: &Square| {
            !board.by_color(us).contains(to) && board.attacks_to(to, !us, board.occupied()).any()
        })
        .map(|to| {
            let x = if board.occupied().contains(to) {
                "x"
            } else {
                ""
            };
            format!("K{x}{to}")
        })
}

fn game(rng: &mut Rng, index: u64, out: &mut impl Write) -> io::Result<()> {
    let (tc, base, inc) = TIME_CONTROLS[rng.below(TIME_CONTROLS.len() as u64) as usize];
    let mut clocks = [base * 1000, base * 1000];
    let mut pos = Chess::default();
    let mut movetext = String::with_capacity(2048);
    let max_plies = 30 + rng.below(110) as usize;
    let mut ply = 0;
    while ply < max_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.chance(CAPTURE_PERCENT) {
            *captures[rng.below(captures.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        let side = pos.turn() as usize;
        let spent = rng.below(1 + base * 1000 / 40);
        clocks[side] = clocks[side].saturating_sub(spent).max(1000) + inc * 1000;
        if pos.turn() == Color::White {
            movetext.push_str(&format!("{}. ", pos.fullmoves()));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        movetext.push_str(&format!("{san} {{ [%clk {}] }} ", clock(clocks[side])));
        ply += 1;
    }
    let (result, termination) = if pos.is_checkmate() {
        (
            if pos.turn() == Color::White {
                "0-1"
            } else {
                "1-0"
            },
            "Normal",
        )
    } else if pos.is_stalemate() || pos.is_insufficient_material() {
        ("1/2-1/2", "Normal")
    } else {
        let roll = rng.below(100);
        let loser = pos.turn();
        let win_for = |c: Color| if c == Color::White { "1-0" } else { "0-1" };
        if roll < 3
            && let Some(illegal) = illegal_king_move(&pos)
        {
            // The side to move plays an illegal move; the opponent claims.
            if loser == Color::White {
                movetext.push_str(&format!("{}. ", pos.fullmoves()));
            }
            movetext.push_str(&format!("{illegal} "));
            (win_for(!loser), "Normal")
        } else if roll < 33 {
            // The side to move runs out of time.
            (win_for(!loser), "Time forfeit")
        } else if roll < 50 {
            ("1/2-1/2", "Normal")
        } else {
            (
                win_for(if rng.chance(50) { loser } else { !loser }),
                "Normal",
            )
        }
    };
    let white = NAMES[rng.below(8) as usize];
    let black = NAMES[rng.below(8) as usize];
    writeln!(
        out,
        "[Event \"Rated game\"]\n[Site \"https://example.org/{index:08x}\"]\n[Date \"2026.11.30\"]\n\
         [Round \"-\"]\n[White \"{white}{}\"]\n[Black \"{black}{}\"]\n[Result \"{result}\"]\n\
         [WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[TimeControl \"{tc}\"]\n[Termination \"{termination}\"]\n\n\
         {movetext}{result}\n",
        rng.below(1000),
        rng.below(1000),
        1200 + rng.below(1400),
        1200 + rng.below(1400),
    )
}

fn main() -> io::Result<()> {
    let mut games = 200_000u64;
    let mut seed = 2026u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse().ok());
        match (arg.as_str(), value) {
            ("--games", Some(v)) => games = v,
            ("--seed", Some(v)) => seed = v,
            _ => {
                eprintln!("usage: corpus [--games N] [--seed S] > corpus.pgn");
                std::process::exit(2);
            }
        }
    }
    let mut rng = Rng(seed);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    for index in 0..games {
        game(&mut rng, index, &mut out)?;
    }
    out.flush()
}
