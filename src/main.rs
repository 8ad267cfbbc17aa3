use std::process::ExitCode;

use clap::{Parser, Subcommand};

use pgn_arbiter::cli::{audit, explain, merge, tournament};

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

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Audit(args) => audit::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Tournament(args) => tournament::run(&args),
    }
}
