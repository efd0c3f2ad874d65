//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

mod impartial;
mod input;
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
    Nim(impartial::NimArgs),
    Subtraction(impartial::SubtractionArgs),
    Boxes(impartial::BoxesArgs),
    Grundy(impartial::GrundyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Ends(args) => input::run(&args.values, |line| scoring::ends(&args, line)),
        Game::Nim(args) => impartial::nim(&args),
        Game::Subtraction(args) => impartial::subtraction(&args),
        Game::Boxes(args) => impartial::boxes(&args),
        Game::Grundy(args) => impartial::grundy(&args),
    }
}
