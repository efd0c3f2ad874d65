//! The variants bench's harness, shared by `dp_variants.rs` (the built-in
//! variants) and `dp_own_variant.rs` (a user's beside them): every solver of
//! a [`DpLineup`], through [`DpSolver`] alone, sizes on a log scale, `i64`
//! scores. A variant is timed from the stones (`DpSolver::value`, its game's
//! construction included) up to the largest size its description allows
//! ([`largest`]).

use criterion::{BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;
use stonegame::Budget;
use stonegame::scoring::{DpLineup, Order, VariantInfo};

/// Deterministic values in `1..=1_000_000` (a small LCG: same every run).
/// Positive, as in every family's published statement (Stone Game V refuses others).
pub fn values(n: usize, seed: u64) -> Vec<i64> {
    let mut state = seed.wrapping_mul(6364136223846793005) | 1;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            1 + ((state >> 33) % 1_000_000) as i64
        })
        .collect()
}

/// The sizes, powers of 4 from 16, up to 16,384.
fn sizes() -> impl Iterator<Item = usize> {
    (2..8).map(|k| 1usize << (2 * k))
}

/// The largest size a variant runs at, from its description alone: cubic
/// time stops at 256, a memo of positions at 1,024, tables at 64 MiB of
/// `i64` (a quadratic table at 4,096).
pub fn largest(info: &VariantInfo) -> usize {
    const TABLE_BYTES: u128 = 64 << 20;
    if info.time >= Order::CUBIC {
        256
    } else if info.table.memo {
        1024
    } else {
        sizes()
            .take_while(|&n| info.table.cells_at(n) * 8 <= TABLE_BYTES)
            .last()
            .unwrap_or(16)
    }
}

/// One criterion group a family (`dp-<key>`), every variant of the family
/// in the lineup at every size up to its [`largest`].
pub fn bench_lineup(c: &mut Criterion, lineup: &DpLineup<i64>) {
    for (seed, family) in (1..).zip(lineup.families()) {
        let mut group = c.benchmark_group(format!("dp-{family}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_millis(800));
        for n in sizes() {
            let stones = values(n, seed);
            for solver in lineup.in_family(&family) {
                let info = solver.info();
                if n > largest(&info) {
                    continue;
                }
                let id = BenchmarkId::new(info.variant.as_ref(), n);
                group.bench_with_input(id, &stones, |b, stones| {
                    b.iter(|| {
                        solver
                            .value(black_box(stones), Budget::default())
                            .expect("the bench's values fit i64 and are positive")
                    })
                });
            }
        }
        group.finish();
    }
}

/// Writes the lineup's variants with their orders where `tools/bench-report`
/// finds them (`target/criterion/dp-costs.tsv`: family, variant, time,
/// memory, then the tables: the power of n, times, per, `memo` or `array`),
/// so the published tables take the orders (and, for a variant the report
/// does not know, the memory) from the crate.
pub fn write_costs(lineup: &DpLineup<i64>) -> std::io::Result<()> {
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
    let dir = std::path::Path::new(&target).join("criterion");
    std::fs::create_dir_all(&dir)?;
    let mut lines = String::new();
    for info in lineup.costs() {
        let table = info.table;
        lines += &format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            info.family,
            info.variant,
            info.time,
            info.memory,
            table.cells.power(),
            table.times,
            table.per,
            if table.memo { "memo" } else { "array" }
        );
    }
    std::fs::write(dir.join("dp-costs.tsv"), lines)
}
