use std::process::ExitCode;

fn main() -> ExitCode {
    pgn_arbiter::cli::command::run(std::env::args_os())
}
