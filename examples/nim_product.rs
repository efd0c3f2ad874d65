//! Library Checker "Nim Product (64-bit)", solved with stonegame.
//!
//! Input (standard input): `T`, then `T` lines `a b` (0 <= a, b < 2^64).
//! Prints `a ⊗ b`, the nim product, one per line. Invalid input prints a
//! message on standard error and exits with status 1.
//!
//! ```text
//! $ printf '3\n1 1\n2 2\n4 4\n' | cargo run --release --example nim_product
//! 1
//! 3
//! 6
//! ```

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::ExitCode;

use stonegame::impartial::nim_field;

pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_whitespace().enumerate().map(|(index, token)| {
        token.parse::<u64>().map_err(|_| {
            format!(
                "token {} ('{token}') is not a whole number from 0 to 18446744073709551615",
                index + 1
            )
        })
    });
    let mut next = |what: &dyn Fn() -> String| {
        tokens
            .next()
            .unwrap_or_else(|| Err(format!("input ended before {}", what())))
    };
    let count = next(&|| "T".to_string())?;
    let mut output = String::new();
    for case in 1..=count {
        let a = next(&|| format!("a of case {case}"))?;
        let b = next(&|| format!("b of case {case}"))?;
        writeln!(output, "{}", nim_field::product(a, b)).expect("writing to a String");
    }
    if let Some(extra) = tokens.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!(
            "unexpected extra input after case {count}: {token}"
        ));
    }
    Ok(output)
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("nim_product: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(output) => {
            let mut out = std::io::stdout().lock();
            if let Err(e) = out.write_all(output.as_bytes()) {
                eprintln!("nim_product: cannot write output: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("nim_product: {message}");
            ExitCode::FAILURE
        }
    }
}
