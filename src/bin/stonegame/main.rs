//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

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
    /// Take the stone at either end of the row; it scores its value.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move `L` or `R` (the end taken).
    ///
    /// Limits: values are i64; sums beyond i64 are solved in i128. O(n^2) time,
    /// O(n) memory; --line keeps an n(n+1)/2-cell table (refused above 1 GiB,
    /// about n = 16,000).
    Ends(scoring::ScoringArgs),
    /// Take the stone at either end; the move scores the sum of the stones that remain.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move `L` or `R`.
    ///
    /// Limits: values are i64; when n * sum|values| exceeds i64 the game is
    /// solved in i128. O(n^2) time, O(n) memory; --line keeps an n(n+1)/2-cell
    /// table (refused above 1 GiB).
    EndsRemainder(scoring::ScoringArgs),
    /// Take 1..=K stones from the front of the row; the move scores their sum.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move the number of stones taken
    /// (ties: fewest).
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n) time and memory
    /// for any K.
    Front(scoring::FrontArgs),
    /// Take X stones from the front, 1 <= X <= 2M; scores their sum, then M = max(M, X). M starts at 1.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move the number of stones taken
    /// (ties: fewest).
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n^2) time; a table of
    /// about n^2/2 cells (refused above 1 GiB, about n = 16,000).
    FrontDoubling(scoring::ScoringArgs),
    /// Each player values the stones differently; a move takes any stone.
    ///
    /// Line: `a_1 … a_n / b_1 … b_n`: stone i is worth a_i to the first player
    /// and b_i to the second (negative allowed; both lists the same length).
    ///
    /// Answer: first player's points minus second's, both playing optimally
    /// (greedy by a_i + b_i, proved optimal; ties by smaller index).
    ///
    /// With --line: `DIFFERENCE | STONES`, the stones taken in order, numbered from 1.
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n log n).
    Valuations(scoring::ScoringArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Ends(args) => input::run(&args.values, |line| scoring::ends(&args, line)),
        Game::EndsRemainder(args) => {
            input::run(&args.values, |line| scoring::ends_remainder(&args, line))
        }
        Game::Front(args) => input::run(&args.common.values, |line| scoring::front(&args, line)),
        Game::FrontDoubling(args) => {
            input::run(&args.values, |line| scoring::front_doubling(&args, line))
        }
        Game::Valuations(args) => input::run(&args.values, |line| scoring::valuations(&args, line)),
    }
}
