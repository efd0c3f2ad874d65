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

use std::io::{BufRead, BufReader};
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::octal::{OctalGame, TakeAndBreak};

/// Answers the input in `input`.
pub fn solve(input: &str) -> Result<String, String> {
    answer(Numbers::new(input.as_bytes()))
}

/// Answers the cases read from `numbers`, one line each.
fn answer(mut numbers: Numbers<impl BufRead>) -> Result<String, String> {
    let cases = numbers.next(|| "T".to_string())?;
    let mut game = OctalGame::new(TakeAndBreak::laskers_nim());
    let mut answers = String::new();
    let mut heaps = Vec::new();
    for case in 1..=cases {
        let n = numbers.next(|| format!("N of case {case}"))?;
        heaps.clear();
        for i in 1..=n {
            heaps.push(numbers.next(|| format!("s_{i} of case {case}"))?);
        }
        let winner = match game.outcome(&heaps).map_err(|e| e.to_string())? {
            Outcome::First => "Alice",
            _ => "Bob",
        };
        answers.push_str(winner);
        answers.push('\n');
    }
    if numbers.skip_space().map_err(|e| e.to_string())? {
        return Err(format!("unexpected extra input after case {cases}"));
    }
    Ok(answers.trim_end().to_string())
}

/// Non-negative integers read one at a time (up to 10^8 heaps: the input is
/// never held whole).
struct Numbers<R> {
    reader: R,
    read: u64,
}

impl<R: BufRead> Numbers<R> {
    fn new(reader: R) -> Self {
        Self { reader, read: 0 }
    }

    /// Skips whitespace; whether anything follows.
    fn skip_space(&mut self) -> std::io::Result<bool> {
        loop {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                return Ok(false);
            }
            let spaces = buffer
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            let more = spaces < buffer.len();
            self.reader.consume(spaces);
            if more {
                return Ok(true);
            }
        }
    }

    /// The next number, named `what()` in errors (built only for an error:
    /// 10^8 heaps leave no room for a string each).
    fn next(&mut self, what: impl Fn() -> String) -> Result<u64, String> {
        let io = |e: std::io::Error| format!("cannot read standard input: {e}");
        if !self.skip_space().map_err(io)? {
            return Err(format!("input ended before {}", what()));
        }
        self.read += 1;
        let mut value: u64 = 0;
        loop {
            let buffer = self.reader.fill_buf().map_err(io)?;
            let token = buffer
                .iter()
                .take_while(|b| !b.is_ascii_whitespace())
                .count();
            for &byte in &buffer[..token] {
                let digit = byte.wrapping_sub(b'0');
                value = match (digit < 10).then(|| value.checked_mul(10)?.checked_add(digit.into()))
                {
                    Some(Some(v)) => v,
                    _ => {
                        return Err(format!(
                            "token {} ({}) is not a non-negative integer below 2^64",
                            self.read,
                            what()
                        ));
                    }
                };
            }
            let ended = token < buffer.len() || buffer.is_empty();
            self.reader.consume(token);
            if ended {
                // `skip_space` saw a byte that is not a space: at least one digit.
                return Ok(value);
            }
        }
    }
}

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    match answer(Numbers::new(BufReader::with_capacity(
        1 << 16,
        stdin.lock(),
    ))) {
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
