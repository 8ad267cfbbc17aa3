//! A run: one reader thread cuts the inputs into blocks of games, worker
//! threads audit them, and the outputs receive the blocks in input order.

pub mod pipeline;
