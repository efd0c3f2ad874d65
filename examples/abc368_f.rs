//! AtCoder Beginner Contest 368 F "Dividing Game", solved with stonegame.
//!
//! Input (standard input): `N` then `A_1 … A_N`. Anna and Bruno alternately
//! replace one `A_i` by a proper divisor of it (a positive divisor other than
//! `A_i`); whoever cannot move loses. Prints `Anna` if Anna, who moves first,
//! wins, else `Bruno`. Invalid input prints a message on standard error and
//! exits with status 1.
//!
//! The game is a sum of one game per number. A move from `a` goes to a proper
//! divisor, so it removes a non-empty part of the multiset of `a`'s prime
//! factors: the number is a Nim heap of `Ω(a)` stones, the count of its prime
//! factors with multiplicity (from `Ω(a) = k` every smaller count is reachable,
//! and no move keeps the count). A sieve gives `Ω` for every value up to the
//! largest `A_i`, and the sum is Nim.
//!
//! ```text
//! $ echo "3
//! 2 3 4" | cargo run --release --example abc368_f
//! Anna
//! ```
//!
//! For a judge: `tools/bundle examples/abc368_f.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::nim::Nim;

/// The largest `A_i` accepted: the sieve holds one byte per value up to it.
pub const MAX_VALUE: u32 = 10_000_000;

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input.split_whitespace().enumerate().map(|(index, token)| {
        token.parse::<u32>().map_err(|_| {
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
    let values = (1..=n)
        .map(|i| {
            let value = next(&format!("A_{i}"))?;
            if (1..=MAX_VALUE).contains(&value) {
                Ok(value)
            } else {
                Err(format!("A_{i} is {value}, outside 1..={MAX_VALUE}"))
            }
        })
        .collect::<Result<Vec<u32>, String>>()?;
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!("unexpected extra input after A_{n}: {token}"));
    }
    let largest = values.iter().copied().max().unwrap_or(1);
    let omega = prime_factor_counts(largest);
    let heaps: Vec<u64> = values
        .iter()
        .map(|&a| u64::from(omega[a as usize]))
        .collect();
    Ok(match Nim::new().outcome(&heaps) {
        Outcome::First => "Anna",
        _ => "Bruno",
    }
    .to_string())
}

/// `Ω(a)` for every `a` in `0..=upto` (0 for 0 and 1), from smallest prime
/// factors: `Ω(a) = Ω(a / p) + 1` for the smallest prime `p` dividing `a`.
pub fn prime_factor_counts(upto: u32) -> Vec<u8> {
    let len = upto as usize + 1;
    let mut smallest = vec![0u32; len];
    let mut omega = vec![0u8; len];
    for a in 2..len {
        if smallest[a] == 0 {
            // a is prime: it is the smallest prime factor of its multiples not yet marked
            for multiple in (a..len).step_by(a) {
                if smallest[multiple] == 0 {
                    smallest[multiple] = a as u32;
                }
            }
        }
        omega[a] = omega[a / smallest[a] as usize] + 1;
    }
    omega
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("abc368_f: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("abc368_f: {message}");
            ExitCode::FAILURE
        }
    }
}
