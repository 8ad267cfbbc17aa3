//! The command line (`command.rs`, which `main.rs` and the Python script
//! run) and its subcommands, each with its usage text: `audit`, `explain`, `merge`,
//! `tournament`;
//! the options that judge a game, which they share; why a subcommand failed and its exit
//! code.

/// An `eprintln!` that cannot panic or drive the terminal (see
/// `failure::say`); defined before the modules, so they all have it.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::failure::say(&format!($($arg)*))
    };
}

pub mod audit;
pub mod command;
mod doors;
pub mod explain;
mod failure;
pub mod judging_options;
mod laws_option;
pub mod merge;
mod outputs;
pub mod settings;
#[cfg(feature = "tables")]
pub mod tables;
pub mod tournament;
