//! The rest of the LeetCode Stone Game series on the command line:
//! `stone-split` (1563), `stone-merge` (1872), `stone-mod3` (2029).
//!
//! Values are parsed as `i64` (`u64` for `stone-mod3`); when a game's up-front
//! overflow check refuses `i64`, the instance is solved again with `i128`.

use crate::input;
use clap::Args;
use std::fmt::Display;
use stonegame::scoring::{Score, StoneMerge, StoneMod3, StoneSplit};
use stonegame::{Error, Outcome};

/// The most stones `stone-split` takes: its triangle of n(n+1)/2 `i64` scores
/// (two with `--line`) and three rows of n must fit the 1 GiB memory budget.
const MAX_SPLIT_STONES: usize = 16_380;
/// The same limit with `--line`.
const MAX_SPLIT_STONES_WITH_LINE: usize = 11_583;

/// LeetCode 1563 "Stone Game V": split the row; the heavier part is thrown away, the kept part scores.
///
/// Line: positive integers, the stones in a row. The first player (Alice)
/// cuts the row into two non-empty parts; the part with the larger sum is
/// thrown away (on a tie she chooses which), she scores the sum of the part
/// kept and goes on with it until one stone is left.
///
/// Answer: Alice's largest total.
///
/// With --line: `TOTAL | SPLITS`, each split `KL` or `KR`: cut after stone K
/// of the original row (stones numbered from 1) and keep the left (`L`) or
/// right (`R`) part; ties go to the earliest cut, left before right.
///
/// Limits: values up to 9223372036854775807 (sums beyond i64 are solved in
/// i128); at most 16380 stones (11583 with --line). O(n^2) time.
#[derive(Args)]
pub struct SplitArgs {
    /// Also print the line of play: `TOTAL | SPLIT SPLIT …`.
    #[arg(long)]
    pub line: bool,
    /// One instance on the command line; instances are read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// LeetCode 1872 "Stone Game VIII": take the x > 1 leftmost stones, score their sum, put one stone of that sum back.
///
/// Line: integers (negative allowed), at least 2 stones. A move takes the
/// x > 1 leftmost stones, scores their sum and puts back one stone of that
/// sum at the left; the game ends when one stone is left.
///
/// Answer: first player's total minus second's, both playing optimally.
///
/// With --line: `DIFFERENCE | X X …`, the number of stones each move takes
/// (ties: fewest).
///
/// Limits: values are i64 (i128 when three times a prefix sum exceeds i64).
/// O(n) time.
#[derive(Args)]
pub struct MergeArgs {
    /// Also print the line of play: `DIFFERENCE | X X …`.
    #[arg(long)]
    pub line: bool,
    /// One instance on the command line; instances are read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// LeetCode 2029 "Stone Game IX": remove one stone at a time; whoever makes the removed sum divisible by 3 loses.
///
/// Line: positive integers (up to 18446744073709551615). Players alternately
/// remove one stone; whoever makes the sum of all removed stones divisible by
/// 3 loses; if every stone is removed, the second player wins.
///
/// Answer: `First` or `Second`, who wins with perfect play (O(n): counts of
/// residues mod 3).
///
/// With --move, after `First`: one winning first move `I:V`, remove stone I
/// (numbered from 1) of value V. With --line: then ` | ` and the line of play
/// as `I:V` moves (the winner plays a stone of the needed residue, else a
/// multiple of 3; so does the loser until no safe move is left), cut after
/// 10000 moves with a final `...`.
#[derive(Args)]
pub struct Mod3Args {
    /// After `First`, print one winning move.
    #[arg(long = "move")]
    pub show_move: bool,
    /// Also print the line of play: ` | I:V I:V …`.
    #[arg(long)]
    pub line: bool,
    /// One instance on the command line; instances are read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

const INTEGER: &str = "an integer in the i64 range";
const POSITIVE: &str = "a positive integer up to 18446744073709551615";

/// `VALUE`, or `VALUE | MOVES` when a line is given.
fn answer<V: Display, M: Display>(value: V, line: Option<&[M]>) -> String {
    match line {
        None => value.to_string(),
        Some(moves) => {
            let mut text = format!("{value} |");
            for m in moves {
                text.push(' ');
                text.push_str(&m.to_string());
            }
            text
        }
    }
}

/// Runs `narrow` on the values as `i64`; on an overflow refusal, `wide` on them as `i128`.
fn with_i128_fallback(
    values: Vec<i64>,
    narrow: impl FnOnce(Vec<i64>) -> Result<String, Error>,
    wide: impl FnOnce(Vec<i128>) -> Result<String, Error>,
) -> Result<String, String> {
    match narrow(values.clone()) {
        Err(Error::ScoreOverflow { .. }) => {
            wide(values.into_iter().map(i128::from).collect()).map_err(|e| e.to_string())
        }
        other => other.map_err(|e| e.to_string()),
    }
}

fn split_answer<T: Score>(values: Vec<T>, line: bool) -> Result<String, Error> {
    let game = StoneSplit::new(values)?.with_budget(input::budget());
    if line {
        let solution = game.solve()?;
        Ok(answer(solution.value(), Some(solution.line())))
    } else {
        Ok(answer::<_, u8>(game.value()?, None))
    }
}

fn merge_answer<T: Score>(values: Vec<T>, line: bool) -> Result<String, Error> {
    let game = StoneMerge::new(values)?.with_budget(input::budget());
    if line {
        let solution = game.solve()?;
        Ok(answer(solution.value(), Some(solution.line())))
    } else {
        Ok(answer::<_, u8>(game.value(), None))
    }
}

/// Solves one `stone-split` instance.
pub fn stone_split(args: &SplitArgs, line: &str) -> Result<String, String> {
    let values: Vec<i64> = input::parse_numbers(line, INTEGER)?;
    let limit = if args.line {
        MAX_SPLIT_STONES_WITH_LINE
    } else {
        MAX_SPLIT_STONES
    };
    if values.len() > limit {
        return Err(Error::SizeLimitExceeded {
            what: "the number of stones",
            value: values.len() as u128,
            limit: limit as u128,
        }
        .to_string());
    }
    with_i128_fallback(
        values,
        |v| split_answer(v, args.line),
        |v| split_answer(v, args.line),
    )
}

/// Solves one `stone-merge` instance.
pub fn stone_merge(args: &MergeArgs, line: &str) -> Result<String, String> {
    let values: Vec<i64> = input::parse_numbers(line, INTEGER)?;
    with_i128_fallback(
        values,
        |v| merge_answer(v, args.line),
        |v| merge_answer(v, args.line),
    )
}

/// Solves one `stone-mod3` instance.
pub fn stone_mod3(args: &Mod3Args, line: &str) -> Result<String, String> {
    let values: Vec<u64> = input::parse_numbers(line, POSITIVE)?;
    let game = StoneMod3::new(values)
        .map_err(|e| e.to_string())?
        .with_budget(input::budget());
    if !args.show_move && !args.line {
        return Ok(game.outcome().to_string());
    }
    let solution = game.solve().map_err(|e| e.to_string())?;
    let mut text = solution.outcome().to_string();
    if args.show_move && solution.outcome() == Outcome::First {
        if let Some(first) = solution.best_move() {
            text.push_str(&format!(" {first}"));
        }
    }
    if args.line {
        text.push_str(" |");
        for removal in solution.line() {
            text.push_str(&format!(" {removal}"));
        }
        if !solution.is_line_complete() {
            text.push_str(" ...");
        }
    }
    Ok(text)
}
