//! The classic games on the command line: `wythoff`, `moore`, `staircase`,
//! `euclid`, `fibonacci-nim`.

use std::fmt::Display;
use std::process::ExitCode;

use clap::Args;
use stonegame::Outcome;
use stonegame::impartial::euclid::Euclid;
use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
use stonegame::impartial::moore::Moore;
use stonegame::impartial::staircase::Staircase;
use stonegame::impartial::wythoff::Wythoff;

use crate::input;

const HEAP_KIND: &str = "a heap size (a whole number from 0 to 18446744073709551615)";
const COUNT_KIND: &str = "a coin count (a whole number from 0 to 18446744073709551615)";
const POSITIVE_KIND: &str = "a positive whole number up to 18446744073709551615";

/// Wythoff's game: two heaps; a move takes any number from one heap, or the same number from both.
///
/// Line: `a b`, the two heap sizes (0 to 18446744073709551615, so 10^18 is
/// fine). Answer: `First` (the player to move wins) or `Second`. Normal play
/// (the last move wins) unless `--misere`. Exact for every size: the losing
/// pairs (⌊kφ⌋, ⌊kφ²⌋) are computed with integer square roots, O(1) per line.
///
/// With --move: `First MOVE`, the heaps that change as `I:F->T` (heap I from F
/// to T stones): `First 2:20->7` or `First 1:6->3 2:8->5`. Under --misere with
/// both heaps empty: `First` alone (the opponent made the last move).
#[derive(Args)]
pub struct WythoffArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The two heap sizes (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Moore's Nim_k: a move takes stones from at least one and at most K heaps.
///
/// Line: heap sizes (0 to 18446744073709551615). Answer: `First` or
/// `Second`. Normal play unless `--misere`. The player to move loses when
/// every binary digit is set in a multiple of K + 1 heaps (Moore); O(64 n).
///
/// With --move: `First MOVE`, each lowered heap as `I:F->T` separated by
/// spaces: `First 1:5->3 2:7->5`.
#[derive(Args)]
pub struct MooreArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The most heaps one move may take from (K >= 1; K = 1 is Nim).
    #[arg(long = "k", value_name = "K", required = true)]
    pub k: String,
    /// Heap sizes (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// The `--move` option of games without a misère variant here.
#[derive(Args)]
pub struct MoveArgs {
    /// After `First`, print one winning move (format above).
    #[arg(long = "move")]
    pub show_move: bool,
}

/// Staircase Nim: coins on steps 1..n; a move shifts one or more coins from step i to step i-1.
///
/// Line: `c_1 … c_n`, the coins on steps 1..n (0 to 18446744073709551615
/// each); coins moved off step 1 leave the game; the last move wins unless
/// `--misere` (then it loses). Answer: `First` or `Second`: the player to move
/// loses when the XOR of the coins on the odd steps is 0 (under --misere: by
/// the misère Nim rule on the odd steps). O(n).
///
/// With --move: `First I:F->T`: step I goes from F to T coins, the F - T
/// coins moving to step I - 1 (e.g. `First 3:5->2`).
#[derive(Args)]
pub struct StaircaseArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// Coins on steps 1..n (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Euclid's game: subtract a positive multiple of the smaller number from the larger; making a 0 wins.
///
/// Line: `a b`, two positive integers (1 to 18446744073709551615). Answer:
/// `First` or `Second`: the player to move wins exactly when a = b or
/// max/min > φ (decided exactly in integers), O(1). Under --misere (making a
/// 0 loses) the same, except that a = b loses.
///
/// With --move: `First I:F->T`: number I (1 or 2) goes from F to T (e.g.
/// `First 1:25->11`).
#[derive(Args)]
pub struct EuclidArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The two numbers (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Fibonacci Nim: one heap of n stones; the first move takes 1..n-1, each later move at most twice the previous.
///
/// Line: `n`, the heap (2 to 18446744073709551615). Taking the last stone
/// wins (normal play) unless `--misere` (then it loses). Answer: `First` or
/// `Second`: under normal play the first player loses exactly when n is a
/// Fibonacci number (Zeckendorf); O(log n).
///
/// With --move: `First 1:F->T`, the heap going from F to T stones; the take
/// F - T is the smallest term of the Zeckendorf representation of n (of n - 1
/// under --misere).
#[derive(Args)]
pub struct FibonacciNimArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The heap size (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// `First` or `Second`, with the move after `First` when asked.
fn answer(outcome: Outcome, show_move: bool, found: Option<impl Display>) -> String {
    match (outcome, show_move, found) {
        (Outcome::First, true, Some(m)) => format!("First {m}"),
        (outcome, _, _) => outcome.to_string(),
    }
}

/// Exactly `N` numbers of `kind` on the line.
fn parse_exactly<const N: usize>(line: &str, kind: &str, what: &str) -> Result<[u64; N], String> {
    let numbers: Vec<u64> = input::parse_numbers(line, kind)?;
    <[u64; N]>::try_from(numbers.as_slice())
        .map_err(|_| format!("expected {what}, got {} values", numbers.len()))
}

/// Runs `wythoff`.
pub fn wythoff(args: &WythoffArgs) -> ExitCode {
    let game = Wythoff::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let position = parse_exactly::<2>(line, HEAP_KIND, "two heap sizes `a b`")?;
        let found = args
            .play
            .show_move
            .then(|| game.winning_move(&position))
            .flatten();
        Ok(answer(game.outcome(&position), args.play.show_move, found))
    })
}

/// Runs `moore`.
pub fn moore(args: &MooreArgs) -> ExitCode {
    let game = input::parse_number::<u64>(&args.k, "a whole number K >= 1", 1)
        .map_err(|e| format!("invalid --k: {e}"))
        .and_then(|k| Moore::new(k).map_err(|e| e.to_string()));
    let game = match game {
        Ok(game) => game.with_convention(args.play.convention()),
        Err(message) => return input::run_single(Err(message)),
    };
    input::run(&args.values, |line| {
        let heaps: Vec<u64> = input::parse_numbers(line, HEAP_KIND)?;
        let found = args
            .play
            .show_move
            .then(|| game.winning_move(&heaps))
            .flatten();
        Ok(answer(game.outcome(&heaps), args.play.show_move, found))
    })
}

/// Runs `staircase`.
pub fn staircase(args: &StaircaseArgs) -> ExitCode {
    let game = Staircase::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let coins: Vec<u64> = input::parse_numbers(line, COUNT_KIND)?;
        let found = args
            .play
            .show_move
            .then(|| game.winning_move(&coins))
            .flatten();
        Ok(answer(game.outcome(&coins), args.play.show_move, found))
    })
}

/// Runs `euclid`.
pub fn euclid(args: &EuclidArgs) -> ExitCode {
    let game = Euclid::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let position = parse_exactly::<2>(line, POSITIVE_KIND, "two positive numbers `a b`")?;
        if let Some(index) = position.iter().position(|&n| n == 0) {
            return Err(format!(
                "value {} ('0') is not {POSITIVE_KIND}: a zero ends Euclid's game",
                index + 1
            ));
        }
        let outcome = game.outcome(&position).map_err(|e| e.to_string())?;
        let found = if args.play.show_move {
            game.winning_move(&position).map_err(|e| e.to_string())?
        } else {
            None
        };
        Ok(answer(outcome, args.play.show_move, found))
    })
}

/// Runs `fibonacci-nim`.
pub fn fibonacci_nim(args: &FibonacciNimArgs) -> ExitCode {
    let game = FibonacciNim::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let [n] = parse_exactly::<1>(line, HEAP_KIND, "one heap size `n`")?;
        let start = FibonacciPosition::start(n).map_err(|e| e.to_string())?;
        let found = args
            .play
            .show_move
            .then(|| game.winning_move(&start))
            .flatten();
        Ok(answer(game.outcome(&start), args.play.show_move, found))
    })
}
