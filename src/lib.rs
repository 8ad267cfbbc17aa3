//! pgn-arbiter: audits recorded chess results against the rapid-play rules.
//!
//! The pipeline, one module a stage, data flowing one way:
//! [`input`] → [`split`] → [`parse`] → [`replay`] → [`laws`] → [`report`],
//! driven by [`pipeline`]. The domain values are [`clock::Clock`],
//! [`outcome::GameResult`], [`time_control::Category`],
//! [`verdict::Verdict`] with its [`verdict::Clause`], and
//! [`incident::Incident`]; [`helpmate`] answers "can this side still
//! checkmate?".

pub mod adjudicate;
pub mod audit;
pub mod claim;
pub mod clock;
pub mod diagram;
pub mod ending;
pub mod events;
pub mod explain;
pub mod failure;
pub mod fixed;
pub mod helpmate;
pub mod html;
pub mod incident;
pub mod input;
pub mod laws;
pub mod laws_option;
pub mod merge;
pub mod notation;
pub mod outcome;
pub mod output;
pub mod parse;
pub mod permissive;
pub mod pipeline;
pub mod replay;
pub mod report;
pub mod report_file;
pub mod report_set;
pub mod rulebook;
pub mod run_summary;
pub mod shard;
pub mod split;
pub mod tablebase;
pub mod time_control;
pub mod verdict;
