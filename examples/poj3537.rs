//! POJ 3537 "Crosses and Crosses" (Treblecross), solved with stonegame.
//!
//! Input (standard input): one integer `n` (3 ≤ n ≤ 2000). Two players
//! alternately put a cross into a free cell of a 1 × n strip; whoever makes
//! three crosses in a row wins. Prints `1` if the first player wins, else
//! `2`. Invalid input prints a message on standard error and exits with
//! status 1.
//!
//! Nobody puts a cross within two cells of another (the opponent would
//! complete three), so the game is Treblecross, the octal game `0.007`
//! ([`TakeAndBreak::treblecross`]), on a heap of `n + 2` (see there why).
//!
//! ```text
//! $ echo 3 | cargo run --release --example poj3537
//! 1
//! ```
//!
//! For a judge: `tools/bundle examples/poj3537.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::octal::{OctalGame, TakeAndBreak};

/// The smallest strip of the problem (on fewer cells nobody can win).
pub const MIN_CELLS: u64 = 3;
/// The largest strip of the problem.
pub const MAX_CELLS: u64 = 2000;

pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let token = tokens.next().ok_or("input ended before n")?;
    let n: u64 = token
        .parse()
        .map_err(|_| format!("n ('{token}') is not a non-negative integer"))?;
    if !(MIN_CELLS..=MAX_CELLS).contains(&n) {
        return Err(format!("n is {n}, outside {MIN_CELLS}..={MAX_CELLS}"));
    }
    if let Some(extra) = tokens.next() {
        return Err(format!("unexpected extra input after n: {extra}"));
    }
    let outcome = OctalGame::new(TakeAndBreak::treblecross())
        .outcome(&[n + 2])
        .map_err(|e| e.to_string())?;
    Ok(if outcome == Outcome::First { "1" } else { "2" }.to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("poj3537: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("poj3537: {message}");
            ExitCode::FAILURE
        }
    }
}
