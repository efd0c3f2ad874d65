//! My own DP variant of LeetCode 877 / EDPC L (take an end, score it),
//! beside the crate's variants of that family, as docs/benchmarks.md ("Your
//! own variant beside them") shows for Stone Game VII.

use stonegame::scoring::{DpFamily, DpLineup, DpSolver, Order, TableSize, VariantInfo};
use stonegame::{Budget, Error, Result};

/// Length-major over one row, written the way an application author would:
/// `d[i]` = the mover's best difference on stones `i..i + len`.
struct MyRolling;

impl MyRolling {
    const DEFAULT_WORK: u64 = 10_000_000_000;
}

impl DpSolver<i64> for MyRolling {
    fn info(&self) -> VariantInfo {
        VariantInfo::beside(
            DpFamily::Ends,
            "my-rolling",
            Order::QUADRATIC,
            Order::LINEAR,
        )
        .with_table(TableSize::array(Order::LINEAR))
    }

    fn value(&self, stones: &[i64], budget: Budget) -> Result<i64> {
        let n = stones.len();
        budget.check_elements::<i64>(n as u128, "my-rolling row")?;
        let cells = (n as u128) * (n as u128) / 2;
        let limit = budget.work_or(Self::DEFAULT_WORK);
        if cells > u128::from(limit) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!("my-rolling on {n} stones"),
                needed: cells,
                limit,
            });
        }
        // No public way to look at the budget's control from here: a cancel
        // is not seen by this variant (see the notes).
        let mut d: Vec<i64> = stones.to_vec();
        for len in 2..=n {
            for i in 0..=n - len {
                let j = i + len - 1;
                d[i] = (stones[i] - d[i + 1]).max(stones[j] - d[i]);
            }
        }
        Ok(d.first().copied().unwrap_or(0))
    }
}

/// My variant, for the cancel trial.
pub fn mine() -> impl DpSolver<i64> {
    MyRolling
}

pub fn show() -> Result<()> {
    let lineup = DpLineup::of(DpFamily::Ends).with(MyRolling);
    print!("{}", lineup.report(4096));
    for info in lineup.costs() {
        println!("cost row: {info}");
    }
    let stones = [4i64, 5, 3, 1, 2];
    for solver in lineup.solvers() {
        println!(
            "{}: {}",
            solver.info().variant,
            solver.value(&stones, Budget::default())?
        );
    }
    // A refusal from my variant, through the same Error as the crate's.
    let big: Vec<i64> = (0..200_000).collect();
    match MyRolling.value(&big, Budget::default().with_work(1_000_000)) {
        Err(e) => println!("my variant refuses: {e}"),
        Ok(v) => println!("my variant answered {v} (!)"),
    }
    Ok(())
}
