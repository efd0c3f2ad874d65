//! HDU 3032 "Nim or not Nim?" (Lasker's Nim), solved with stonegame.
//!
//! Input (standard input): `T`, then `T` cases, each `N` and `s_1 … s_N`.
//! Alice and Bob alternately either remove any positive number of objects
//! from one heap or split one heap into two non-empty heaps; whoever takes
//! the last object wins. For each case prints `Alice` if Alice, who moves
//! first, wins, else `Bob`. Invalid input prints a message on standard error
//! and exits with status 1.
//!
//! The game is Lasker's Nim, the octal game `4.(3)`
//! ([`TakeAndBreak::laskers_nim`]): its Grundy values are arithmetic-periodic
//! with period 4 and saltus 4, which the crate proves and uses for any heap.
//!
//! ```text
//! $ echo "2
//! 3
//! 2 2 3
//! 2
//! 3 3" | cargo run --release --example hdu3032
//! Alice
//! Bob
//! ```
//!
//! For a judge: `tools/bundle examples/hdu3032.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::octal::{OctalGame, TakeAndBreak};

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input.split_ascii_whitespace().enumerate().map(|(index, token)| {
        token.parse::<u64>().map_err(|_| {
            format!(
                "token {} ('{token}') is not a non-negative integer",
                index + 1
            )
        })
    });
    let mut next = |what: &str| {
        numbers
            .next()
            .unwrap_or_else(|| Err(format!("input ended before {what}")))
    };
    let cases = next("T")?;
    let mut game = OctalGame::new(TakeAndBreak::laskers_nim());
    let mut answers = String::new();
    let mut heaps = Vec::new();
    for case in 1..=cases {
        let n = next(&format!("N of case {case}"))?;
        heaps.clear();
        for i in 1..=n {
            heaps.push(next(&format!("s_{i} of case {case}"))?);
        }
        let winner = match game.outcome(&heaps).map_err(|e| e.to_string())? {
            Outcome::First => "Alice",
            _ => "Bob",
        };
        answers.push_str(winner);
        answers.push('\n');
    }
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!("unexpected extra input after case {cases}: {token}"));
    }
    Ok(answers.trim_end().to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("hdu3032: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("hdu3032: {message}");
            ExitCode::FAILURE
        }
    }
}
