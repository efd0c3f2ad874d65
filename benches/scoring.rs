//! Scoring games: the generic memoised solver against each bottom-up fast
//! path (and the greedy for valuations), sizes on a log scale.
//!
//! `cargo bench --bench scoring -- --quick` for a short run.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::MemoryBudget;
use stonegame::scoring::{Ends, EndsRemainder, Front, FrontDoubling, Valuations, solve};

/// Deterministic values in [-1000, 1000] (a small LCG: no dependency, same every run).
fn values(n: usize, seed: u64) -> Vec<i64> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % 2001) as i64 - 1000
        })
        .collect()
}

fn ends(c: &mut Criterion) {
    let mut group = c.benchmark_group("ends");
    for n in [16, 64, 256, 1024] {
        let game = Ends::new(values(n, 1)).unwrap();
        group.bench_with_input(BenchmarkId::new("memoised", n), &game, |b, g| {
            b.iter(|| {
                solve(black_box(g), MemoryBudget::default())
                    .unwrap()
                    .value()
            })
        });
        group.bench_with_input(
            BenchmarkId::new("bottom-up O(n) memory", n),
            &game,
            |b, g| b.iter(|| black_box(g).difference()),
        );
        group.bench_with_input(
            BenchmarkId::new("bottom-up full table", n),
            &game,
            |b, g| {
                b.iter(|| {
                    black_box(g)
                        .table(MemoryBudget::default())
                        .unwrap()
                        .value(0, n)
                })
            },
        );
    }
    for n in [4096, 16384] {
        let game = Ends::new(values(n, 1)).unwrap();
        group.bench_with_input(
            BenchmarkId::new("bottom-up O(n) memory", n),
            &game,
            |b, g| b.iter(|| black_box(g).difference()),
        );
    }
    group.finish();
}

fn ends_remainder(c: &mut Criterion) {
    let mut group = c.benchmark_group("ends-remainder");
    for n in [16, 64, 256, 1024] {
        let game = EndsRemainder::new(values(n, 2)).unwrap();
        group.bench_with_input(BenchmarkId::new("memoised", n), &game, |b, g| {
            b.iter(|| {
                solve(black_box(g), MemoryBudget::default())
                    .unwrap()
                    .value()
            })
        });
        group.bench_with_input(
            BenchmarkId::new("bottom-up O(n) memory", n),
            &game,
            |b, g| b.iter(|| black_box(g).difference()),
        );
        group.bench_with_input(BenchmarkId::new("bottom-up totals", n), &game, |b, g| {
            b.iter(|| black_box(g).totals())
        });
    }
    group.finish();
}

fn front(c: &mut Criterion) {
    let mut group = c.benchmark_group("front");
    // The memoised solver tries every k moves: n = k = 16384 would take seconds.
    for (n, k) in [(64, 3), (1024, 3), (16384, 3), (64, 64), (1024, 1024)] {
        let game = Front::new(values(n, 3), k).unwrap();
        let id = format!("n={n} k={k}");
        group.bench_with_input(BenchmarkId::new("memoised", &id), &game, |b, g| {
            b.iter(|| {
                solve(black_box(g), MemoryBudget::default())
                    .unwrap()
                    .value()
            })
        });
        group.bench_with_input(BenchmarkId::new("bottom-up deque", &id), &game, |b, g| {
            b.iter(|| black_box(g).solve().unwrap().difference())
        });
    }
    for n in [1 << 18, 1 << 20] {
        let game = Front::new(values(n, 3), n).unwrap();
        let id = format!("n={n} k={n}");
        group.bench_with_input(BenchmarkId::new("bottom-up deque", &id), &game, |b, g| {
            b.iter(|| black_box(g).solve().unwrap().difference())
        });
    }
    group.finish();
}

fn front_doubling(c: &mut Criterion) {
    let mut group = c.benchmark_group("front-doubling");
    for n in [16, 64, 256] {
        let game = FrontDoubling::new(values(n, 4)).unwrap();
        group.bench_with_input(BenchmarkId::new("memoised", n), &game, |b, g| {
            b.iter(|| {
                solve(black_box(g), MemoryBudget::default())
                    .unwrap()
                    .value()
            })
        });
        group.bench_with_input(BenchmarkId::new("bottom-up deques", n), &game, |b, g| {
            b.iter(|| {
                black_box(g)
                    .solve(MemoryBudget::default())
                    .unwrap()
                    .difference()
            })
        });
    }
    for n in [1024, 4096] {
        let game = FrontDoubling::new(values(n, 4)).unwrap();
        group.bench_with_input(BenchmarkId::new("bottom-up deques", n), &game, |b, g| {
            b.iter(|| {
                black_box(g)
                    .solve(MemoryBudget::default())
                    .unwrap()
                    .difference()
            })
        });
    }
    group.finish();
}

fn valuations(c: &mut Criterion) {
    let mut group = c.benchmark_group("valuations");
    for n in [4, 8, 12, 16] {
        let game = Valuations::new(values(n, 5), values(n, 6)).unwrap();
        group.bench_with_input(BenchmarkId::new("memoised", n), &game, |b, g| {
            b.iter(|| {
                solve(black_box(g), MemoryBudget::default())
                    .unwrap()
                    .value()
            })
        });
        group.bench_with_input(BenchmarkId::new("bitmask exact", n), &game, |b, g| {
            b.iter(|| {
                black_box(g)
                    .exact(MemoryBudget::default())
                    .unwrap()
                    .difference()
            })
        });
        group.bench_with_input(BenchmarkId::new("greedy", n), &game, |b, g| {
            b.iter(|| black_box(g).greedy().difference)
        });
    }
    for n in [1 << 10, 1 << 16] {
        let game = Valuations::new(values(n, 5), values(n, 6)).unwrap();
        group.bench_with_input(BenchmarkId::new("greedy", n), &game, |b, g| {
            b.iter(|| black_box(g).greedy().difference)
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    ends,
    ends_remainder,
    front,
    front_doubling,
    valuations
);
criterion_main!(benches);
