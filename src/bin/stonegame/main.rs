//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

mod counting;
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
    /// Rock-paper-scissors with coins: count the outcome sequences that bankrupt a player.
    ///
    /// A line `A,B,N`: A and B hold A and B coins; each round A wins, draws or
    /// loses and the loser pays the winner one coin; play stops when a player
    /// has no coin. The answer is the number of outcome sequences (A wins / draw
    /// / B wins per round) in which a player runs out of coins within N rounds,
    /// each counted once at the round its player hits zero; exact (big
    /// integer), or modulo M with --modulo M. Zero coins or zero rounds give 0.
    ///
    /// Limits: A, B <= 18446744073709551615; N <= 100000000. Work is measured
    /// in cell updates (at most N * min(2N+1, A+B-1); positions that can no
    /// longer reach a barrier are skipped): exact mode allows cell updates * N
    /// <= 6*10^11 (every instance with N <= 10000) and about 1 GiB of big
    /// integers, --modulo allows 10^9 cell updates. Example:
    /// `echo 50,50,10000 | stonegame janken`.
    Janken(counting::JankenArgs),
    Nim(impartial::NimArgs),
    Subtraction(impartial::SubtractionArgs),
    Boxes(impartial::BoxesArgs),
    Grundy(impartial::GrundyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Ends(args) => input::run(&args.values, |line| scoring::ends(&args, line)),
        Game::Janken(args) => input::run(&args.values, |line| counting::janken(&args, line)),
        Game::Nim(args) => impartial::nim(&args),
        Game::Subtraction(args) => impartial::subtraction(&args),
        Game::Boxes(args) => impartial::boxes(&args),
        Game::Grundy(args) => impartial::grundy(&args),
    }
}
