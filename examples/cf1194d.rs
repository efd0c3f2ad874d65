//! Codeforces 1194D "1-2-K Game", solved with stonegame.
//!
//! Input (standard input): `T`, then `T` lines `n k` (0 <= n <= 10^9,
//! 3 <= k <= 10^9). A chip stands on cell `n` of a strip; a move takes it 1,
//! 2 or `k` cells to the left (not past cell 0); Alice moves first and whoever
//! cannot move loses. Prints `Alice` or `Bob` per line. This is the
//! subtraction game `{1, 2, k}` on one heap of `n`: the large move `k` is
//! handled by the periodic runs of the sequence, so `k = 10^9` costs no more
//! than `k = 10`. Invalid input prints a message on standard error and exits
//! with status 1.
//!
//! ```text
//! $ printf "4\n0 3\n3 3\n3 4\n4 4\n" | cargo run --release --example cf1194d
//! Bob
//! Alice
//! Bob
//! Alice
//! ```

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
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
    let queries = next("T")?;
    let mut answers = Vec::new();
    for query in 1..=queries {
        let n = next(&format!("n of query {query}"))?;
        let k = next(&format!("k of query {query}"))?;
        if k < 3 {
            return Err(format!("query {query}: k = {k}, but k must be at least 3"));
        }
        let set = SubtractionSet::new([1, 2, k]).map_err(|e| e.to_string())?;
        let outcome = Subtraction::new(set)
            .outcome(&[n])
            .map_err(|e| e.to_string())?;
        answers.push(if outcome == Outcome::First {
            "Alice"
        } else {
            "Bob"
        });
    }
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!(
            "unexpected extra input after query {queries}: {token}"
        ));
    }
    Ok(answers.join("\n"))
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cf1194d: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("cf1194d: {message}");
            ExitCode::FAILURE
        }
    }
}
