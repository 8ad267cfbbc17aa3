//! The command line as a whole: its subcommands, parsed and run. The binary
//! and the Python package's `pgn-arbiter` script both run it, so that `pip
//! install` brings the same command as `cargo install` (as ruff and uv ship
//! theirs).

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use super::{audit, explain, merge, tournament};

/// Audits chess results after the games are over: replays every game of
/// PGN files and decides the correct result under the Laws of Chess.
#[derive(Parser)]
#[command(name = "pgn-arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Audit(audit::Args),
    Explain(explain::Args),
    Merge(merge::Args),
    Tournament(tournament::Args),
}

/// Parses `args` (the program's name first) and runs the subcommand; a
/// usage error prints clap's message and exits as clap does.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match Cli::parse_from(args).command {
        Command::Audit(args) => audit::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Tournament(args) => tournament::run(&args),
    }
}
