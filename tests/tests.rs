//! The integration tests, one binary (as ripgrep's `tests/tests.rs`): one
//! link of the library instead of one per file. Each module is a file of
//! this folder; run one with `cargo test --test integration explain::`.
//! `memory_bounds.rs` stays a binary of its own: a child's peak resident
//! set, as Linux counts it, starts from the memory of the process that
//! spawned it, and this binary's other tests make that large.

mod common;

mod adversarial;
mod all_or_nothing;
mod architecture;
mod cli;
mod doors;
mod edge_cases;
mod editions;
mod explain;
mod federation_files;
mod fen_restart;
mod fixed_pgn;
mod fuzz_regressions;
mod json_reference;
mod merge_shard;
mod msrv;
mod otb;
mod parquet;
mod readme;
mod real_games;
mod robustness;
mod round_eight_exports;
mod round_eight_rulings;
mod round_eight_tournaments;
mod round_eight_words;
mod round_five;
mod round_seven;
mod round_seven_reading;
mod round_seven_rules;
mod round_six;
mod round_six_doors;
mod round_six_teams;
mod samples;
mod server_exports;
mod servers;
mod slurm_scripts;
mod testimony;
mod tournament;
mod tournament_robustness;
mod unfair_timeouts;
