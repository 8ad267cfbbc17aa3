//! The benchmark's baseline: the audit's block pipeline doing only what any
//! PGN tool must — pgn-reader parsing and shakmaty replay of every move — with
//! no clocks, no laws and no CSV.
//!
//! ```text
//! cargo run --release --example baseline -- FILE [--threads N]
//! ```
//! Prints `games plies` when done.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use pgn_arbiter::read::input::{Source, decompress};
use pgn_arbiter::read::split::Splitter;
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

struct Replayer;

impl Visitor for Replayer {
    type Tags = ();
    type Movetext = (Chess, u64);
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((Chess::default(), 0))
    }

    fn san(
        &mut self,
        (pos, plies): &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                *plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(*plies),
        }
    }

    fn end_game(&mut self, (_, plies): Self::Movetext) -> Self::Output {
        plies
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: baseline FILE [--threads N]");
    let threads: usize = match (args.next().as_deref(), args.next()) {
        (Some("--threads"), Some(n)) => n.parse().expect("a number of threads"),
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let (stream, _) = decompress(Source::File(path.into()).open_raw().unwrap()).unwrap();
    let mut splitter = Splitter::new(stream, 512 * 1024);
    let games = AtomicU64::new(0);
    let plies = AtomicU64::new(0);
    // The same shape as the audit: one reader, blocks on the pool, a bound on
    // the blocks in flight.
    let (permit_tx, permit_rx) = std::sync::mpsc::sync_channel::<()>(4 * threads);
    for _ in 0..4 * threads {
        permit_tx.send(()).unwrap();
    }
    pool.in_place_scope(|scope| {
        while let Some(block) = splitter.next_block().unwrap() {
            permit_rx.recv().unwrap();
            let (games, plies, permit_tx) = (&games, &plies, permit_tx.clone());
            scope.spawn(move |_| {
                let mut reader = Reader::new(block.data.as_slice());
                while let Ok(Some(n)) = reader.read_game(&mut Replayer) {
                    games.fetch_add(1, Ordering::Relaxed);
                    plies.fetch_add(n, Ordering::Relaxed);
                }
                let _ = permit_tx.send(());
            });
        }
    });
    println!("{} {}", games.into_inner(), plies.into_inner());
}
