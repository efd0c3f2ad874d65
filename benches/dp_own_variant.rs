//! Issue 47, "your own DP variant beside the crate's": the hand-written
//! Stone Game VII (LeetCode 1690) DP of `examples/dp_own_variant.rs`, a
//! [`DpSolver`](stonegame::scoring::DpSolver) of a user's, timed by the
//! variants bench's own harness next to the built-in variants of its family
//! (criterion group `dp-EndsRemainder`, variant `hand-rolling`).
//!
//! `cargo bench --bench dp_own_variant` (about a minute); `-- --quick` for a
//! shorter run. The variants' orders are written beside the results
//! (`target/criterion/dp-costs.tsv`), so `tools/bench-report` lists the
//! user's variant in its tables too.

#[allow(dead_code)]
#[path = "../examples/dp_own_variant.rs"]
mod dp_own_variant;

mod dp_harness;

use criterion::{Criterion, criterion_group, criterion_main};
use stonegame::scoring::DpLineup;

fn beside_the_built_in_ones(c: &mut Criterion) {
    let lineup = dp_own_variant::lineup();
    // Every family's orders, the user's variant among them.
    let every = DpLineup::built_in().with(dp_own_variant::HandRolling);
    if let Err(err) = dp_harness::write_costs(&every) {
        eprintln!("dp_own_variant: could not write the variants' orders: {err}");
    }
    dp_harness::bench_lineup(c, &lineup);
}

criterion_group!(benches, beside_the_built_in_ones);
criterion_main!(benches);
