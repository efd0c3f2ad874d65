//! HackerRank "Game of Kyles" (Kayles), solved with stonegame.
//!
//! Input (standard input): `T`, then `T` cases, each `N` and a string of `N`
//! letters, `I` for a standing pin and `X` for a knocked-down one. Players
//! alternately knock down one pin or two adjacent pins; whoever knocks down
//! the last pin wins. For each case prints `WIN` if the player to move wins,
//! else `LOSE`. Invalid input prints a message on standard error and exits
//! with status 1.
//!
//! Each maximal run of standing pins is a heap of Kayles, the octal game
//! `0.77` ([`TakeAndBreak::kayles`]), and the row is their sum. Kayles is
//! periodic (period 12 from heap 72, proved by the crate), so runs of any
//! length are answered at once.
//!
//! ```text
//! $ echo "2
//! 4
//! IXXI
//! 4
//! XIIX" | cargo run --release --example kayles_pins
//! LOSE
//! WIN
//! ```
//!
//! For a judge: `tools/bundle examples/kayles_pins.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::octal::{OctalGame, TakeAndBreak};

pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let cases = count(&mut tokens, "T")?;
    let mut game = OctalGame::new(TakeAndBreak::kayles());
    let mut answers = Vec::with_capacity(cases.min(1 << 16));
    for case in 1..=cases {
        let n = count(&mut tokens, &format!("N of case {case}"))?;
        let row = tokens
            .next()
            .ok_or_else(|| format!("input ended before the pins of case {case}"))?;
        if row.len() != n || row.bytes().any(|b| b != b'I' && b != b'X') {
            return Err(format!(
                "case {case}: the pins must be {n} letters I or X, got '{row}'"
            ));
        }
        let runs: Vec<u64> = row
            .split('X')
            .filter(|run| !run.is_empty())
            .map(|run| run.len() as u64)
            .collect();
        let outcome = game.outcome(&runs).map_err(|e| e.to_string())?;
        answers.push(if outcome == Outcome::First {
            "WIN"
        } else {
            "LOSE"
        });
    }
    if let Some(extra) = tokens.next() {
        return Err(format!(
            "unexpected extra input after case {cases}: {extra}"
        ));
    }
    Ok(answers.join("\n"))
}

/// The next token, a count.
fn count<'a>(tokens: &mut impl Iterator<Item = &'a str>, what: &str) -> Result<usize, String> {
    let token = tokens
        .next()
        .ok_or_else(|| format!("input ended before {what}"))?;
    token
        .parse::<usize>()
        .map_err(|_| format!("{what} ('{token}') is not a non-negative integer"))
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("kayles_pins: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kayles_pins: {message}");
            ExitCode::FAILURE
        }
    }
}
