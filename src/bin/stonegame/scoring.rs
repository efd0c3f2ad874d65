//! Scoring games on the command line: `ends`, `ends-remainder`, `front`,
//! `front-doubling`, `valuations`.
//!
//! Values are parsed as `i64` and solved with `i64`; when a game's up-front
//! overflow check refuses `i64`, the instance is solved again with `i128`.

use crate::input::{self, INTEGER, fast_i64, parse_number};
use clap::Args;
use std::fmt::Display;
use std::process::ExitCode;
use stonegame::scoring::{Ends, EndsRemainder, Front, FrontDoubling, Score, Valuations};
use stonegame::{Error, Solution};

/// Options shared by every scoring game.
#[derive(Args)]
pub struct ScoringArgs {
    /// Also print the optimal line of play: `DIFFERENCE | MOVE MOVE …`.
    #[arg(long)]
    pub line: bool,
    /// One instance on the command line; instances are read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Options of `front`.
#[derive(Args)]
pub struct FrontArgs {
    /// Required: the most stones one move may take (K >= 1; LeetCode 1406 uses 3).
    #[arg(long, value_name = "K")]
    pub max_take: Option<usize>,
    #[command(flatten)]
    pub common: ScoringArgs,
}

/// Parses whitespace-separated `i64` values, naming the first bad token.
///
/// Splitting on ASCII whitespace is markedly faster than Unicode-aware
/// splitting on lines of a million values.
fn parse_numbers(text: &str, kind: &str) -> Result<Vec<i64>, String> {
    // A token takes at least two bytes with its separator: reserving that much
    // avoids regrowing (pages never written cost nothing).
    let capacity = text.len() / 2 + 1;
    input::reserve_within_budget::<i64>(text.len(), capacity)?;
    let mut values = Vec::with_capacity(capacity);
    for (index, token) in text.split_ascii_whitespace().enumerate() {
        values.push(match fast_i64(token.as_bytes()) {
            Some(value) => value,
            None => parse_number(token, kind, index + 1)?,
        });
    }
    Ok(values)
}

/// `DIFFERENCE`, or `DIFFERENCE | MOVES` when a line is given.
fn answer<T: Display, M: Display>(difference: T, line: Option<Vec<M>>) -> String {
    match line {
        None => difference.to_string(),
        Some(moves) => {
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            format!("{difference} | {}", moves.join(" "))
        }
    }
}

/// How a game's worst-case total grows with its values.
#[derive(Clone, Copy)]
enum Bound {
    /// `sum |values|` (a move scores stones it takes).
    Sum,
    /// `n · sum |values|` (a move may score every remaining stone).
    CountTimesSum,
}

/// Solves with `i64`, falling back to `i128` when the overflow check refuses `i64`.
fn with_fallback(
    values: Vec<i64>,
    bound: Bound,
    narrow: impl FnOnce(Vec<i64>) -> Result<String, Error>,
    wide: impl FnOnce(Vec<i128>) -> Result<String, Error>,
) -> Result<String, String> {
    if surely_fits_i64(&values, bound) {
        // No game's overflow check can refuse: skip the copy kept for the fallback.
        return narrow(values).map_err(|e| e.to_string());
    }
    match narrow(values.clone()) {
        Err(Error::ScoreOverflow { .. }) => {
            wide(values.into_iter().map(i128::from).collect()).map_err(|e| e.to_string())
        }
        other => other.map_err(|e| e.to_string()),
    }
}

/// Whether the game's worst-case bound surely fits `i64` (computed exactly in
/// `i128`: fewer than 2^64 values below 2^63 each). A `false` only costs a copy.
fn surely_fits_i64(values: &[i64], bound: Bound) -> bool {
    let magnitude: i128 = values.iter().map(|&v| i128::from(v).abs()).sum();
    let scale = match bound {
        Bound::Sum => 1,
        Bound::CountTimesSum => i128::try_from(values.len()).unwrap_or(i128::MAX),
    };
    magnitude.saturating_mul(scale) <= i128::from(i64::MAX)
}

/// The value, or the value and the whole line when `line` is asked for.
fn value_or_line<T: Score, M: Display + Clone>(
    value: impl FnOnce() -> Result<T, Error>,
    solve: impl FnOnce() -> Result<Solution<T, M>, Error>,
    line: bool,
) -> Result<String, Error> {
    if line {
        let solution = solve()?;
        Ok(answer(solution.value(), Some(solution.into_line())))
    } else {
        Ok(answer::<_, u8>(value()?, None))
    }
}

fn ends_answer<T: Score>(values: Vec<T>, line: bool) -> Result<String, Error> {
    let game = Ends::new(values)?.with_budget(input::budget());
    value_or_line(|| Ok(game.value()), || game.solve(), line)
}

fn ends_remainder_answer<T: Score>(values: Vec<T>, line: bool) -> Result<String, Error> {
    let game = EndsRemainder::new(values)?.with_budget(input::budget());
    value_or_line(|| game.value(), || game.solve(), line)
}

fn front_answer<T: Score>(values: Vec<T>, max_take: usize, line: bool) -> Result<String, Error> {
    let game = Front::new(values, max_take)?.with_budget(input::budget());
    value_or_line(|| Ok(game.value()), || game.solve(), line)
}

fn front_doubling_answer<T: Score>(values: Vec<T>, line: bool) -> Result<String, Error> {
    let game = FrontDoubling::new(values)?.with_budget(input::budget());
    value_or_line(|| game.value(), || game.solve(), line)
}

fn valuations_answer<T: Score>(first: Vec<T>, second: Vec<T>, line: bool) -> Result<String, Error> {
    let solution = Valuations::new(first, second)?
        .with_budget(input::budget())
        .solve()?;
    // Stones are numbered from 1 on the command line.
    let stones = line.then(|| solution.line().iter().map(|&i| i + 1).collect());
    Ok(answer(solution.value(), stones))
}

/// Runs `ends`: instances from standard input are streamed through the
/// linear evaluator (no line is held); values on the command line and
/// `--line` go through the line-based harness.
pub fn ends_main(args: &ScoringArgs) -> ExitCode {
    if args.line || !args.values.is_empty() || input::format() != input::InputFormat::Lines {
        input::run(&args.values, |line| ends(args, line))
    } else {
        crate::stream::ends_stdin()
    }
}

/// Solves one `ends` instance.
fn ends(args: &ScoringArgs, line: &str) -> Result<String, String> {
    let values = parse_numbers(line, INTEGER)?;
    with_fallback(
        values,
        Bound::Sum,
        |v| ends_answer(v, args.line),
        |v| ends_answer(v, args.line),
    )
}

/// Solves one `ends-remainder` instance.
pub fn ends_remainder(args: &ScoringArgs, line: &str) -> Result<String, String> {
    let values = parse_numbers(line, INTEGER)?;
    with_fallback(
        values,
        Bound::CountTimesSum,
        |v| ends_remainder_answer(v, args.line),
        |v| ends_remainder_answer(v, args.line),
    )
}

/// Runs `front`: refuses a missing `--max-take` (as `line 1: …`, exit 2)
/// before reading any instance, then solves every instance.
pub fn front_main(args: &FrontArgs) -> ExitCode {
    match args.max_take {
        Some(max_take) => input::run(&args.common.values, |line| front(args, max_take, line)),
        None => input::run_single(Err(
            "missing --max-take K, the most stones one move may take \
             (LeetCode 1406 \"Stone Game III\" is --max-take 3)"
                .to_string(),
        )),
    }
}

/// Solves one `front` instance.
fn front(args: &FrontArgs, max_take: usize, line: &str) -> Result<String, String> {
    let values = parse_numbers(line, INTEGER)?;
    let show = args.common.line;
    with_fallback(
        values,
        Bound::Sum,
        |v| front_answer(v, max_take, show),
        |v| front_answer(v, max_take, show),
    )
}

/// Solves one `front-doubling` instance.
pub fn front_doubling(args: &ScoringArgs, line: &str) -> Result<String, String> {
    let values = parse_numbers(line, INTEGER)?;
    with_fallback(
        values,
        Bound::Sum,
        |v| front_doubling_answer(v, args.line),
        |v| front_doubling_answer(v, args.line),
    )
}

/// Solves one `valuations` instance: `a_1 … a_n / b_1 … b_n`.
pub fn valuations(args: &ScoringArgs, line: &str) -> Result<String, String> {
    let (first_text, second_text) = line.split_once('/').ok_or_else(|| {
        "expected `a_1 … a_n / b_1 … b_n`: the first player's values, '/', the second's".to_string()
    })?;
    if second_text.contains('/') {
        return Err("expected exactly one '/' between the two players' values".to_string());
    }
    // Lines of valuations are short next to the greedy's sort: the harness's
    // general parser is fast enough here.
    let first: Vec<i64> = input::parse_numbers(first_text, INTEGER)?;
    let second: Vec<i64> =
        input::parse_numbers(second_text, INTEGER).map_err(|e| format!("after '/': {e}"))?;
    let count = first.len();
    let mut both = first;
    both.extend(second);
    let show = args.line;
    with_fallback(
        both,
        Bound::Sum,
        |v| {
            let (a, b) = split(v, count);
            valuations_answer(a, b, show)
        },
        |v| {
            let (a, b) = split(v, count);
            valuations_answer(a, b, show)
        },
    )
}

/// Splits the concatenated values back into the two players' lists.
fn split<T>(mut all: Vec<T>, count: usize) -> (Vec<T>, Vec<T>) {
    let second = all.split_off(count);
    (all, second)
}
