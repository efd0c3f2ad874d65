//! Times the growth of a sparse-space Grundy sequence, one power of two at a
//! time, and prints what the solver sees at each: the largest value and where
//! it first occurs, the number of rare positions and the last one, the mask.
//!
//! `cargo run --release --example grundy_growth -- 26` grows Grundy's game
//! from 2^20 to 2^26 heaps; `-- 24 0.354` grows an octal code instead.
//! Timings are cumulative from the start (one solver, extended in place).

use std::time::Instant;
use stonegame::Budget;
use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let top: u32 = args.next().map_or(Ok(22), |s| s.parse())?;
    let game: TakeAndBreak = args
        .next()
        .unwrap_or_else(|| "grundys-game".into())
        .parse()?;
    if !(1..=31).contains(&top) {
        return Err("the exponent must be between 1 and 31".into());
    }
    // A timing tool: the user names the size, so no work cap applies.
    let budget = Budget::from_bytes(1 << 40).with_work(u64::MAX);
    let mut solver = SparseGrundy::new(game.clone());
    let start = Instant::now();
    for exponent in top.min(20)..=top {
        let heaps = 1u64 << exponent;
        solver.extend_to(heaps - 1, budget)?;
        let (largest, first) =
            solver
                .values()
                .enumerate()
                .fold((0, 0), |(largest, first), (heap, value)| {
                    if value > largest {
                        (value, heap)
                    } else {
                        (largest, first)
                    }
                });
        let rare = solver.rare_positions();
        let last_rare = rare.last().copied().unwrap_or(0);
        println!(
            "{game} 2^{exponent}: {:.2?}, largest G({first}) = {largest}, \
             {} rare (last {last_rare}), mask {:#x}",
            start.elapsed(),
            rare.len(),
            solver.mask()
        );
    }
    Ok(())
}
