//! Your own DP variant beside the crate's (issue 47): a hand-written
//! LeetCode 1690 "Stone Game VII" DP behind [`DpSolver`], in a [`DpLineup`]
//! with the built-in variants of its family. Prints the lineup's `costs()`
//! report, the value by every variant, and checks that they agree.
//!
//! ```text
//! cargo run --release --example dp_own_variant            # n = 1000 random stones
//! cargo run --release --example dp_own_variant -- 5 3 1 4 2
//! ```
//!
//! `benches/dp_own_variant.rs` times the same lineup, and
//! `tests/scoring/user_variants.rs` checks the variant against the built-in
//! ones on random stones: both include this file.

use std::process::ExitCode;
use stonegame::scoring::{DpFamily, DpLineup, DpSolver, Order, TableSize, VariantInfo};
use stonegame::{Budget, Error, Result};

/// Stone Game VII (LeetCode 1690) the way contest code writes it: prefix
/// sums, then one row `dp[j]` = the best difference on stones `i..=j`,
/// start `i` descending, end `j` ascending. O(n²) time, two rows of n + 1.
pub struct HandRolling;

impl HandRolling {
    /// The work cap when the budget sets none: about ten seconds of cells.
    pub const DEFAULT_WORK: u64 = 10_000_000_000;
}

impl DpSolver<i64> for HandRolling {
    fn info(&self) -> VariantInfo {
        VariantInfo::beside(
            DpFamily::EndsRemainder,
            "hand-rolling",
            Order::QUADRATIC,
            Order::LINEAR,
        )
        // The row and the prefix sums.
        .with_table(TableSize::array(Order::LINEAR).times(2))
    }

    fn value(&self, stones: &[i64], budget: Budget) -> Result<i64> {
        let n = stones.len();
        // Every difference is at most the sum of the magnitudes: when twice
        // that fits, so does every sum and difference below.
        stones
            .iter()
            .try_fold(0i64, |sum, &s| sum.checked_add(s.checked_abs()?))
            .and_then(|sum| sum.checked_mul(2))
            .ok_or_else(|| Error::ScoreOverflow {
                type_name: "i64",
                detail: format!("twice the sum of the {n} stones' magnitudes"),
            })?;
        budget.check_elements::<i64>(2 * n as u128 + 1, "hand-rolling rows")?;
        // Known before it starts: a step a cell, n(n-1)/2 cells.
        let cells = (n as u128) * (n as u128).saturating_sub(1) / 2;
        let limit = budget.work_or(Self::DEFAULT_WORK);
        if cells > u128::from(limit) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!("hand-rolling Stone Game VII on {n} stones"),
                needed: cells,
                limit,
            });
        }
        let mut prefix = vec![0i64; n + 1];
        for (i, &stone) in stones.iter().enumerate() {
            prefix[i + 1] = prefix[i] + stone;
        }
        // After start i: dp[j] = the mover's best difference on stones i..=j.
        let mut dp = vec![0i64; n];
        // A cancel from the application stops it as it stops the built-in
        // variants: one look a row.
        let control = budget.control();
        for i in (0..n).rev() {
            if let Some(control) = &control {
                control.check_cancelled("hand-rolling Stone Game VII")?;
            }
            for j in i + 1..n {
                let take_left = prefix[j + 1] - prefix[i + 1] - dp[j];
                let take_right = prefix[j] - prefix[i] - dp[j - 1];
                dp[j] = take_left.max(take_right);
            }
        }
        Ok(dp.last().copied().unwrap_or(0))
    }
}

/// The built-in variants of Stone Game VII and the hand-written one after them.
pub fn lineup() -> DpLineup<i64> {
    DpLineup::of(DpFamily::EndsRemainder).with(HandRolling)
}

/// `n` deterministic stones in `1..=1000` (a small LCG).
fn stones(n: usize) -> Vec<i64> {
    let mut state = 2024u64;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            1 + ((state >> 33) % 1000) as i64
        })
        .collect()
}

fn run(args: &[String]) -> std::result::Result<(), String> {
    let stones = if args.is_empty() {
        stones(1000)
    } else {
        args.iter()
            .map(|a| {
                a.parse::<i64>()
                    .map_err(|e| format!("stone {a:?} is not an integer: {e}"))
            })
            .collect::<std::result::Result<Vec<_>, _>>()?
    };
    let lineup = lineup();
    print!("{}", lineup.report(stones.len()));
    let mut values = Vec::new();
    for solver in lineup.solvers() {
        let info = solver.info();
        let value = solver
            .value(&stones, Budget::default())
            .map_err(|e| format!("{}: {e}", info.variant))?;
        println!("{}: {value}", info.variant);
        values.push(value);
    }
    if values.windows(2).any(|pair| pair[0] != pair[1]) {
        return Err(format!("the variants disagree: {values:?}"));
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("dp_own_variant: {message}");
            ExitCode::from(2)
        }
    }
}
