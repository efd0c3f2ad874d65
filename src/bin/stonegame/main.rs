//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

mod input;
mod octal;
mod scoring;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exact solutions of two-player perfect-information games.
///
/// Values given after the game form one instance; without them, instances are
/// read from standard input, one per line (blank lines and lines starting with
/// `#` are skipped). One answer line per instance. Bad input prints
/// `line N: <what is wrong>` on standard error and exits with status 2
/// (command-line values count as line 1).
#[derive(Parser)]
#[command(name = "stonegame", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    Ends(scoring::EndsArgs),
    /// Take-and-break (octal) game: heap sizes in, First or Second out.
    Octal(octal::OctalArgs),
    /// Last One: rows of sticks, whoever strikes the last stick loses.
    LastOne(octal::LastOneArgs),
    /// Grundy values G(0..=N) of a heap game, optionally with a certified period.
    Grundy(octal::GrundyOctalArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Ends(args) => input::run(&args.values, |line| scoring::ends(&args, line)),
        Game::Octal(args) => match octal::OctalSolver::new(&args) {
            Ok(mut solver) => input::run(&args.values, |line| solver.solve(&args, line)),
            Err(message) => input::run_single(Err(message)),
        },
        Game::LastOne(args) => input::run(&args.values, |line| octal::last_one(&args, line)),
        Game::Grundy(args) => input::run_single(octal::grundy(&args)),
    }
}
