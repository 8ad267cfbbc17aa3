//! Reading PGN: the inputs (files, folders, compression, standard input),
//! the split into games, shards of a file, the parse of one game's bytes,
//! the events file of claims kept outside the PGN, the servers' JSON
//! exports, and how a record says its game ended.

pub mod ahead;
pub(crate) mod bytes;
pub mod encoding;
pub mod ending;
pub(crate) mod events;
pub mod export;
pub mod games;
pub mod input;
pub mod parse;
pub mod ranges;
pub mod shard;
pub mod split;
pub mod tags;
pub mod words;
