//! AtCoder Educational DP Contest L "Deque", solved with stonegame.
//!
//! Input (standard input): `N` then `a_1 … a_N`. Taro and Jiro alternately
//! remove the first or the last element of the row and score it; Taro moves
//! first. Prints X − Y, Taro's total minus Jiro's, under optimal play. Invalid
//! input prints a message on standard error and exits with status 1.
//!
//! ```text
//! $ echo "4
//! 10 80 90 30" | cargo run --release --example dp_l
//! 10
//! ```
//!
//! For a judge: `tools/bundle examples/dp_l.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::scoring::Ends;

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input.split_whitespace().enumerate().map(|(index, token)| {
        token
            .parse::<i64>()
            .map_err(|_| format!("token {} ('{token}') is not an integer", index + 1))
    });
    let mut next = |what: &str| {
        numbers
            .next()
            .unwrap_or_else(|| Err(format!("input ended before {what}")))
    };
    let n = next("N")?;
    if n < 0 {
        return Err(format!("N is {n}, below 0"));
    }
    let row = (1..=n)
        .map(|i| next(&format!("a_{i}")))
        .collect::<Result<Vec<i64>, String>>()?;
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!("unexpected extra input after a_{n}: {token}"));
    }
    // Ends refuses a row whose total could overflow i64 (a typed error, not a wrap).
    let game = Ends::new(row).map_err(|e| e.to_string())?;
    Ok(game.value().to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("dp_l: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("dp_l: {message}");
            ExitCode::FAILURE
        }
    }
}
