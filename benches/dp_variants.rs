//! The DP variants of each quadratic scoring family side by side
//! (`DpVariant`), sizes on a log scale, `i64` scores.
//!
//! Short measurements so the whole run fits a shared machine:
//! `cargo bench --bench dp_variants`, then `tools/bench-report` writes the
//! tables and plots of `docs/benchmarks.md` from `target/criterion`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use stonegame::scoring::{DpFamily, DpVariant, Ends, EndsRemainder, FrontDoubling, StoneSplit};

/// Deterministic values in `low..=high` (a small LCG: same every run).
fn values(n: usize, seed: u64, low: i64, high: i64) -> Vec<i64> {
    let mut state = seed.wrapping_mul(6364136223846793005) | 1;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            low + ((state >> 33) % (high - low + 1) as u64) as i64
        })
        .collect()
}

/// The sizes, powers of 4 from 16, up to `largest`.
fn sizes(largest: usize) -> impl Iterator<Item = usize> {
    (2..)
        .map(|k| 1usize << (2 * k))
        .take_while(move |&n| n <= largest)
}

/// The largest size each variant runs at (quadratic memory or cubic time stop early).
fn largest(family: DpFamily, variant: DpVariant) -> usize {
    use DpVariant::*;
    match (family, variant) {
        (DpFamily::FrontDoubling | DpFamily::StoneSplit, Memoised | FullTable) => 256,
        (_, Memoised) => 1024,
        (_, FullTable) => 4096,
        (DpFamily::FrontDoubling, _) => 4096,
        (DpFamily::StoneSplit, _) => 4096,
        _ => 16384,
    }
}

fn family_group<G>(
    c: &mut Criterion,
    family: DpFamily,
    make: impl Fn(usize) -> G,
    value: impl Fn(&G, DpVariant) -> i64,
) {
    let mut group: BenchmarkGroup<WallTime> = c.benchmark_group(format!("dp-{family:?}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));
    for n in sizes(16384) {
        let game = make(n);
        for &variant in family.variants() {
            if n <= largest(family, variant) {
                group.bench_with_input(BenchmarkId::new(variant.name(), n), &game, |b, g| {
                    b.iter(|| value(black_box(g), variant))
                });
            }
        }
    }
    group.finish();
}

fn ends(c: &mut Criterion) {
    family_group(
        c,
        DpFamily::Ends,
        |n| Ends::new(values(n, 1, -1_000_000, 1_000_000)).unwrap(),
        |g, v| g.value_by(v).unwrap(),
    );
}

fn ends_remainder(c: &mut Criterion) {
    family_group(
        c,
        DpFamily::EndsRemainder,
        |n| EndsRemainder::new(values(n, 2, 1, 1_000_000)).unwrap(),
        |g, v| g.value_by(v).unwrap(),
    );
}

fn front_doubling(c: &mut Criterion) {
    family_group(
        c,
        DpFamily::FrontDoubling,
        |n| FrontDoubling::new(values(n, 3, -1_000_000, 1_000_000)).unwrap(),
        |g, v| g.value_by(v).unwrap(),
    );
}

fn stone_split(c: &mut Criterion) {
    family_group(
        c,
        DpFamily::StoneSplit,
        |n| StoneSplit::new(values(n, 4, 1, 1_000_000)).unwrap(),
        |g, v| g.value_by(v).unwrap(),
    );
}

criterion_group!(benches, ends, ends_remainder, front_doubling, stone_split);
criterion_main!(benches);
