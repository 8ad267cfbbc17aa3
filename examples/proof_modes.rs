//! Compares `--proof fast` with `--proof full` on labelled positions: lines
//! `XY FEN` where X is `W` if White can still checkmate, else `-`, and Y
//! likewise `B` for Black (CHA's test vector).
//!
//!   cargo run --release --example proof_modes -- POSITIONS.txt
//!
//! Prints, per mode, how many answers match the label, how many say "cannot
//! mate" where the label says it can (unsound: must be 0), and how many
//! answers differ between the modes.

use pgn_arbiter::board::helpmate::{Mate, Proof, Solver, position};
use shakmaty::Color;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: proof_modes POSITIONS.txt");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let (mut questions, mut differ, mut unreadable) = (0, 0, 0);
    let mut correct = [0; 2];
    let mut unsound = [0; 2];
    let mut undecided = [0; 2];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (label, fen) = line.split_once(' ').expect("`XY FEN`");
        let Some(pos) = position(fen.trim()) else {
            unreadable += 1;
            continue;
        };
        for (side, can) in [
            (Color::White, &label[..1] == "W"),
            (Color::Black, &label[1..2] == "B"),
        ] {
            questions += 1;
            let answers = [Proof::Full, Proof::Fast].map(|proof| {
                let mut solver = Solver::unbounded();
                solver.proof = proof;
                solver.can_checkmate(&pos, side)
            });
            let says_impossible = |m: &Mate| *m == Mate::Impossible;
            if says_impossible(&answers[0]) != says_impossible(&answers[1]) {
                differ += 1;
            }
            for (i, answer) in answers.iter().enumerate() {
                match answer {
                    Mate::Impossible if can => unsound[i] += 1,
                    Mate::Impossible => correct[i] += 1,
                    Mate::Possible(_) | Mate::NotShownImpossible if can => correct[i] += 1,
                    Mate::Undecided => undecided[i] += 1,
                    _ => {}
                }
            }
        }
    }
    println!("{questions} questions ({unreadable} positions unreadable)");
    for (i, mode) in ["full", "fast"].iter().enumerate() {
        println!(
            "{mode}: {} match the label, {} unsound, {} undecided, {} \"not shown unable\" where the label says unable",
            correct[i],
            unsound[i],
            undecided[i],
            questions - correct[i] - unsound[i] - undecided[i]
        );
    }
    println!("answers that differ between the modes (cannot mate vs not): {differ}");
}
