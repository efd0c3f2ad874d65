//! AtCoder Educational DP Contest K "Stones", solved with stonegame.
//!
//! Input (standard input): `N K` then `a_1 … a_N`. Two players alternately
//! take `a_i` stones from a pile of `K`; whoever cannot move loses. Prints
//! `First` if the first player wins, else `Second`. Invalid input prints a
//! message on standard error and exits with status 1.
//!
//! ```text
//! $ echo "2 4
//! 2 3" | cargo run --release --example dp_k
//! First
//! ```

use std::io::Read;
use std::process::ExitCode;

use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input.split_whitespace().enumerate().map(|(index, token)| {
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
    let n = next("N")?;
    let k = next("K")?;
    let amounts = (1..=n)
        .map(|i| next(&format!("a_{i}")))
        .collect::<Result<Vec<u64>, String>>()?;
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!("unexpected extra input after a_{n}: {token}"));
    }
    let set = SubtractionSet::new(amounts).map_err(|e| e.to_string())?;
    // Heap sizes up to 10^18 are answered from one period of the Grundy sequence.
    let outcome = Subtraction::new(set)
        .outcome(&[k])
        .map_err(|e| e.to_string())?;
    Ok(outcome.to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("dp_k: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("dp_k: {message}");
            ExitCode::FAILURE
        }
    }
}
