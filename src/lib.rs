//! pgn-arbiter: audits recorded chess results against the Laws of Chess.
//!
//! The crate is folded by stage, data flowing one way, each stage importing
//! only those after it in this list:
//! [`cli`] (the subcommands, the typed [`cli::settings`] every door
//! resolves, the run's one list of outputs) → `run` (reader, workers, the
//! one audit of a record, ordered writer) → [`report`] (each output) →
//! [`tournament`] (a tournament's report file, standings, tie-breaks,
//! ratings) → [`laws`] (editions, clauses, adjudication) → [`board`]
//! (replay, notation, permissive positions, helpmate, tablebases) →
//! [`read`] (input, split, shard, parse, events, endings) → [`model`]
//! (clock, claim, date, outcome, time control, verdict, incident).
//! `tests/architecture.rs` checks that no module imports itself round about
//! and that no stage imports a stage before it; docs/architecture.md names
//! every module.
//!
//! What a library user gets: reading a game ([`read::parse`]), the board
//! and the helpmate question ([`board::replay`], [`board::helpmate`]), the
//! Laws and their editions ([`laws`]), the value types ([`model`]), a
//! game's CSV rows and corrected text ([`report::rows`], [`report::fixed`]),
//! and, with the default `tables` feature, the audit as a call into Arrow
//! batches (`cli::tables`, what the Python package runs) with its typed
//! columns (`report::table`). The run (reader thread, workers, ordered
//! writer) and the report files are the binary's own.
//!
//! Auditing a game held in memory:
//!
//! ```
//! use pgn_arbiter::laws::{Judging, adjudicate::adjudicate};
//! use pgn_arbiter::read::parse::parse_game;
//!
//! let record = parse_game(b"[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0");
//! let adjudged = adjudicate(&record, record.claims.clone(), &Judging::default()).unwrap();
//! let verdict = &adjudged.judgement.verdict;
//! assert_eq!(verdict.status.as_str(), "corrected");
//! assert_eq!(verdict.correct.unwrap().as_str(), "0-1");
//! assert_eq!(verdict.rule, "checkmate");
//! ```

pub mod board;
pub mod cli;
pub mod laws;
pub mod model;
pub mod read;
pub mod report;
mod run;
pub mod tournament;
