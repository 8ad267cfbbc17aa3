//! A run: one reader thread cuts the inputs into blocks of games, worker
//! threads audit them and format them for each output, and the outputs
//! receive the blocks in input order.

mod in_ranges;
mod options;
pub mod pipeline;
pub(crate) mod record;
mod worker;
mod workers;
