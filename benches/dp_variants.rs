//! The DP variants of each quadratic scoring family side by side, sizes on a
//! log scale, `i64` scores, through the family-independent [`DpGame`]: no
//! per-family code.
//!
//! Short measurements so the whole run fits a shared machine:
//! `tools/bench-report --run` runs this bench, then writes the tables and
//! plots of `docs/benchmarks.md` from `target/criterion` with the machine and
//! its load beside them.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use stonegame::Budget;
use stonegame::scoring::{DpFamily, DpGame, DpVariant, Order, VariantCost};

/// Deterministic values in `1..=1_000_000` (a small LCG: same every run).
/// Positive, as in every family's published statement (Stone Game V refuses others).
fn values(n: usize, seed: u64) -> Vec<i64> {
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

/// The largest size a variant runs at, from its costs alone: cubic time
/// stops at 256, a memo of every position (hashing) at 1,024, quadratic
/// memory at 4,096 (64 MiB of `i64`).
fn largest(cost: &VariantCost) -> usize {
    if cost.time >= Order::CUBIC {
        256
    } else if cost.variant == DpVariant::Memoised {
        1024
    } else if cost.memory >= Order::QUADRATIC {
        4096
    } else {
        16384
    }
}

fn family_group(c: &mut Criterion, family: DpFamily, seed: u64) {
    let mut group = c.benchmark_group(format!("dp-{family:?}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));
    for n in sizes() {
        let game: Box<dyn DpGame<i64>> = family
            .build(&values(n, seed), Budget::default())
            .expect("the bench's values fit i64 and are positive");
        for cost in family.costs().iter().filter(|cost| n <= largest(cost)) {
            group.bench_with_input(BenchmarkId::new(cost.variant.name(), n), &game, |b, g| {
                b.iter(|| g.value_by(black_box(cost.variant)).unwrap())
            });
        }
    }
    group.finish();
}

/// Writes every family's variants with their orders where `tools/bench-report`
/// finds them (`target/criterion/dp-costs.tsv`: family, variant, time, memory),
/// so the published tables take the orders from the crate.
fn write_costs() -> std::io::Result<()> {
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
    let dir = std::path::Path::new(&target).join("criterion");
    std::fs::create_dir_all(&dir)?;
    let mut lines = String::new();
    for family in DpFamily::ALL {
        for cost in family.costs() {
            lines += &format!(
                "{family:?}\t{}\t{}\t{}\n",
                cost.variant, cost.time, cost.memory
            );
        }
    }
    std::fs::write(dir.join("dp-costs.tsv"), lines)
}

fn every_family(c: &mut Criterion) {
    if let Err(err) = write_costs() {
        eprintln!("dp_variants: could not write the variants' orders: {err}");
    }
    for (seed, family) in (1..).zip(DpFamily::ALL) {
        family_group(c, family, seed);
    }
}

criterion_group!(benches, every_family);
criterion_main!(benches);
