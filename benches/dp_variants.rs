//! The DP variants of each quadratic scoring family side by side, sizes on a
//! log scale, `i64` scores, through [`DpSolver`](stonegame::scoring::DpSolver)
//! and the harness of `dp_harness/` (which `dp_own_variant.rs` shares, with a
//! user's variant added): no per-family code.
//!
//! Short measurements so the whole run fits a shared machine:
//! `tools/bench-report --run` runs this bench, then writes the tables and
//! plots of `docs/benchmarks.md` from `target/criterion` with the machine and
//! its load beside them.

mod dp_harness;

use criterion::{Criterion, criterion_group, criterion_main};
use stonegame::scoring::DpLineup;

fn every_family(c: &mut Criterion) {
    let lineup = DpLineup::built_in();
    if let Err(err) = dp_harness::write_costs(&lineup) {
        eprintln!("dp_variants: could not write the variants' orders: {err}");
    }
    dp_harness::bench_lineup(c, &lineup);
}

criterion_group!(benches, every_family);
criterion_main!(benches);
