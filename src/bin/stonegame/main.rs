//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

mod counting;
mod impartial;
mod input;
mod octal;
mod scoring;

use clap::{ArgGroup, Args, Parser, Subcommand};
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
    /// Take-and-break (octal) game: heap sizes in, First or Second out.
    Octal(octal::OctalArgs),
    /// Last One: rows of sticks, whoever strikes the last stick loses.
    LastOne(octal::LastOneArgs),
    Grundy(GrundyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Ends(args) => input::run(&args.values, |line| scoring::ends(&args, line)),
        Game::Janken(args) => input::run(&args.values, |line| counting::janken(&args, line)),
        Game::Nim(args) => impartial::nim(&args),
        Game::Subtraction(args) => impartial::subtraction(&args),
        Game::Boxes(args) => impartial::boxes(&args),
        Game::Octal(args) => match octal::OctalSolver::new(&args) {
            Ok(mut solver) => input::run(&args.values, |line| solver.solve(&args, line)),
            Err(message) => input::run_single(Err(message)),
        },
        Game::LastOne(args) => input::run(&args.values, |line| octal::last_one(&args, line)),
        Game::Grundy(args) => input::run_single(grundy(&args)),
    }
}

/// Grundy values G(0..=N) of one heap, on one line separated by spaces.
///
/// Exactly one source of the game: `--set S` (a subtraction game: comma-separated
/// positive amounts), `--octal CODE` (a take-and-break code such as `0.77`, `0.07`,
/// `4.07`, `0.(7)`; see docs/octal.md) or `--game NAME` (grundys-game, last-one,
/// kayles, dawsons-kayles, dawsons-chess, nim). With `--period`, a second line
/// `preperiod P period Q` when the sequence is proven periodic (subtraction sets:
/// a repeated window of max(S) values; octal codes: the Guy-Smith octal periodicity
/// theorem applied to G(0..=N)), else `no period certified up to L`.
/// Limits: N <= 10000000 for --set; for --octal/--game the table must fit the
/// 1 GiB memory budget (N <= 50000000 for codes whose values are G(n) = n).
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).multiple(false)))]
struct GrundyArgs {
    /// Subtraction game: comma-separated positive amounts a move may take.
    #[arg(long, value_name = "S", group = "source")]
    set: Option<String>,
    /// A take-and-break (octal) code, e.g. `0.77`, `4.07`, `0.(7)`.
    #[arg(long, value_name = "CODE", group = "source")]
    octal: Option<String>,
    /// A named heap game: grundys-game, last-one, kayles, dawsons-kayles, dawsons-chess, nim.
    #[arg(long, value_name = "NAME", group = "source")]
    game: Option<String>,
    /// Print G(0) through G(N).
    #[arg(long, value_name = "N")]
    upto: u64,
    /// Also print the preperiod and period on a second line.
    #[arg(long)]
    period: bool,
}

fn grundy(args: &GrundyArgs) -> Result<String, String> {
    match (&args.set, &args.octal, &args.game) {
        (Some(set), _, _) => impartial::grundy_of_set(set, args.upto, args.period),
        (None, Some(name), _) | (None, None, Some(name)) => {
            octal::grundy(name, args.upto, args.period)
        }
        (None, None, None) => Err("give the game: --set S, --octal CODE or --game NAME".into()),
    }
}
