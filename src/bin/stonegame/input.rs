//! Reading instances (one per line) and reporting bad input as `line N: …` with exit status 2.

use clap::Args;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::str::FromStr;

/// The play options every `First`/`Second` heap game shares.
#[derive(Args)]
pub struct PlayArgs {
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// After `First`, print one winning move (format above).
    #[arg(long = "move")]
    pub show_move: bool,
}

impl PlayArgs {
    /// The convention these options ask for.
    pub fn convention(&self) -> stonegame::Convention {
        if self.misere {
            stonegame::Convention::Misere
        } else {
            stonegame::Convention::Normal
        }
    }
}

/// Exit status for malformed input or refused work.
const BAD_INPUT: u8 = 2;

/// Solves every instance and prints one answer per instance.
///
/// With `values` non-empty they form the single instance (reported as line 1);
/// otherwise instances are read from standard input, one per line, skipping
/// blank lines and lines starting with `#`. The first failing instance stops
/// the run with `line N: <message>` on standard error and exit status 2.
pub fn run(values: &[String], mut solve: impl FnMut(&str) -> Result<String, String>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = if values.is_empty() {
        solve_stdin(&mut out, &mut solve)
    } else {
        solve_line(&mut out, 1, &values.join(" "), &mut solve)
    };
    finish(out, result)
}

/// Prints one answer computed without reading instances (e.g. `grundy`).
pub fn run_single(answer: Result<String, String>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = answer
        .map_err(|message| (1, message))
        .and_then(|text| writeln!(out, "{text}").map_err(|e| (0, e.to_string())));
    finish(out, result)
}

/// A failure: the line number (0 for none) and the message.
pub type Failure = (usize, String);

fn solve_stdin(
    out: &mut impl Write,
    solve: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), Failure> {
    let stdin = io::stdin();
    for (index, line) in stdin.lock().lines().enumerate() {
        let number = index + 1;
        let line = line.map_err(|e| (number, format!("cannot read input: {e}")))?;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        solve_line(out, number, trimmed, solve)?;
    }
    Ok(())
}

fn solve_line(
    out: &mut impl Write,
    number: usize,
    line: &str,
    solve: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), Failure> {
    let answer = solve(line).map_err(|message| (number, message))?;
    writeln!(out, "{answer}").map_err(|e| (0, format!("cannot write output: {e}")))
}

/// Flushes the answers and reports the first failure as `line N: …` (exit status 2).
pub fn finish(mut out: impl Write, result: Result<(), Failure>) -> ExitCode {
    // Answers already computed are flushed before the error, so output stays in order.
    let flushed = out.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err((0, message)), _) => {
            eprintln!("stonegame: {message}");
            ExitCode::from(BAD_INPUT)
        }
        (Err((number, message)), _) => {
            eprintln!("line {number}: {message}");
            ExitCode::from(BAD_INPUT)
        }
        (Ok(()), Err(e)) => {
            eprintln!("stonegame: cannot write output: {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// Parses whitespace-separated numbers, naming the first bad token.
pub fn parse_numbers<T: FromStr>(text: &str, kind: &str) -> Result<Vec<T>, String> {
    text.split_whitespace()
        .enumerate()
        .map(|(index, token)| parse_number(token, kind, index + 1))
        .collect()
}

/// Parses one number; `position` (1-based) names the token in the message.
pub fn parse_number<T: FromStr>(token: &str, kind: &str, position: usize) -> Result<T, String> {
    token
        .parse()
        .map_err(|_| format!("value {position} ('{token}') is not {kind}"))
}
