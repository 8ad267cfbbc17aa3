//! The domain values every stage shares: a clock reading, a claim, a
//! date, a result, a time control and its category, a verdict and its clause, an
//! incident. They import nothing of the crate but each other.

pub mod claim;
pub mod clock;
pub mod date;
pub mod ending;
pub mod incident;
pub mod outcome;
pub mod time_control;
pub mod verdict;
