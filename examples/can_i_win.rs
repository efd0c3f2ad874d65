//! LeetCode 464 "Can I Win", solved with stonegame's outcome sweep.
//!
//! Input (standard input): lines `maxChoosableInteger desiredTotal`
//! (1 ≤ maxChoosableInteger ≤ 20, 0 ≤ desiredTotal ≤ 300). Two players
//! alternately take an integer from 1 to maxChoosableInteger, each at most
//! once; whoever first brings the running total to desiredTotal or more
//! wins. Prints `true` for each line when the first player can force a win,
//! else `false`. Invalid input prints `line N: …` on standard error and
//! exits with status 2.
//!
//! A position is the set of integers taken (a mask; the running total is
//! their sum), numbered by the mask: a move adds an integer, so options go
//! to larger numbers (`MoveOrder::ToLarger`) and [`OutcomeSolver`] fills one
//! byte a mask in one sweep, stopping a position's options at the first one
//! that leaves the opponent lost, as a hand-written DP does. A move that
//! reaches the total leaves the opponent a position without options: it is
//! given as the empty option `&[]`, with no table read. Win or lose of one
//! game is all that is asked, so no Grundy value (and no mex over every
//! option) is needed: see docs/contest.md, "only win or lose of one game".
//!
//! LeetCode's edge cases: a desiredTotal of 0 is won at once (`true`); when
//! 1 + 2 + … + maxChoosableInteger is below desiredTotal, nobody reaches it
//! (`false`).
//!
//! ```text
//! $ printf '10 11\n10 0\n10 1\n' | cargo run --release --example can_i_win
//! false
//! true
//! true
//! ```

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::game::MoveOrder;
use stonegame::impartial::{ImpartialGame, OutcomeSolver};

/// The largest maxChoosableInteger of the problem.
pub const MAX_CHOOSABLE: u32 = 20;
/// The largest desiredTotal of the problem.
pub const MAX_TOTAL: u32 = 300;

/// The game for one line: integers `1..=choosable`, a win at `total`.
pub struct CanIWin {
    choosable: u32,
    total: u32,
    /// The sums of the low and high halves of a mask's bits (10 bits each).
    low_sums: [u16; 1024],
    high_sums: [u16; 1024],
}

impl CanIWin {
    pub fn new(choosable: u32, total: u32) -> Self {
        let half_sums = |offset: u32| {
            let mut sums = [0u16; 1024];
            for (half, sum) in sums.iter_mut().enumerate() {
                *sum = (0..10)
                    .filter(|bit| half >> bit & 1 == 1)
                    .map(|bit| (bit + offset + 1) as u16)
                    .sum();
            }
            sums
        };
        Self {
            choosable,
            total,
            low_sums: half_sums(0),
            high_sums: half_sums(10),
        }
    }

    /// The running total of the integers in `mask`.
    fn sum(&self, mask: usize) -> u32 {
        u32::from(self.low_sums[mask & 1023]) + u32::from(self.high_sums[mask >> 10 & 1023])
    }
}

impl ImpartialGame for CanIWin {
    type Position = u32;

    fn for_each_option(
        &self,
        &mask: &u32,
        mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_numbered_option(mask as usize, &mask, |option| match option {
            [] => visit(&[]),
            numbers => visit(&[numbers[0] as u32]),
        })
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(1 << self.choosable)
    }

    fn dense_index(&self, &mask: &u32) -> Option<usize> {
        Some(mask as usize)
    }

    fn dense_position(&self, number: usize) -> Option<u32> {
        u32::try_from(number).ok()
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToLarger
    }

    fn numbered_options(&self) -> bool {
        true
    }

    fn for_each_numbered_option(
        &self,
        mask: usize,
        _: &u32,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sum = self.sum(mask);
        if sum >= self.total {
            return ControlFlow::Continue(()); // the last move reached it: lost
        }
        // The largest integers first: a move that reaches the total wins
        // at once and stops the listing soonest.
        for integer in (1..=self.choosable).rev() {
            let bit = 1 << (integer - 1);
            if mask & bit == 0 {
                if sum + integer >= self.total {
                    visit(&[])?; // the opponent is left without a move
                } else {
                    visit(&[mask | bit])?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// One line's `maxChoosableInteger desiredTotal`, validated.
fn parse_line(line: &str) -> Result<(u32, u32), String> {
    let mut tokens = line.split_ascii_whitespace();
    let mut field = |name: &str, min: u32, max: u32| -> Result<u32, String> {
        let token = tokens.next().ok_or_else(|| {
            format!("expected `maxChoosableInteger desiredTotal`, {name} is missing")
        })?;
        let value: u32 = token
            .parse()
            .map_err(|_| format!("{name} ('{token}') is not a non-negative integer"))?;
        if !(min..=max).contains(&value) {
            return Err(format!("{name} is {value}, outside {min}..={max}"));
        }
        Ok(value)
    };
    let query = (
        field("maxChoosableInteger", 1, MAX_CHOOSABLE)?,
        field("desiredTotal", 0, MAX_TOTAL)?,
    );
    if let Some(extra) = tokens.next() {
        return Err(format!(
            "unexpected extra input after `maxChoosableInteger desiredTotal`: {extra}"
        ));
    }
    Ok(query)
}

/// Whether the first player wins one query.
pub fn can_i_win(choosable: u32, total: u32) -> Result<bool, String> {
    if total == 0 {
        return Ok(true);
    }
    if choosable * (choosable + 1) / 2 < total {
        return Ok(false);
    }
    let mut solver = OutcomeSolver::new(CanIWin::new(choosable, total));
    let outcome = solver.outcome_at_number(0).map_err(|e| e.to_string())?;
    Ok(outcome == Outcome::First)
}

/// The answers to every line of `input`, or the first error (`line N: …`).
pub fn solve(input: &str) -> Result<String, String> {
    let mut answers = String::new();
    for (index, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (choosable, total) =
            parse_line(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        let win = can_i_win(choosable, total).map_err(|e| format!("line {}: {e}", index + 1))?;
        answers.push_str(if win { "true\n" } else { "false\n" });
    }
    Ok(answers)
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("can_i_win: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    match solve(&input) {
        Ok(answers) => {
            print!("{answers}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("can_i_win: {message}");
            ExitCode::from(2)
        }
    }
}
