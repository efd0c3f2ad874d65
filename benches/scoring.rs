//! Scoring games: the generic memoised solver against each bottom-up fast
//! path (and the greedy for valuations), sizes on a log scale.
//!
//! `cargo bench --bench scoring -- --quick` for a short run.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use std::fmt::Display;
use std::hint::black_box;
use stonegame::scoring::{
    Ends, EndsRemainder, Front, FrontDoubling, Negamax, ScoringGame, Valuations,
};

/// Benchmarks one solver variant `run` on `game` under the name `variant/id`.
fn variant<G, R>(
    group: &mut BenchmarkGroup<WallTime>,
    variant: &str,
    id: impl Display,
    game: &G,
    run: impl Fn(&G) -> R,
) {
    group.bench_with_input(BenchmarkId::new(variant, id), game, |b, g| {
        b.iter(|| run(black_box(g)))
    });
}

/// The generic memoised negamax: the reference each fast path is set against.
fn memoised<G: ScoringGame>(group: &mut BenchmarkGroup<WallTime>, id: impl Display, game: &G) {
    variant(group, "memoised", id, game, |g| {
        Negamax::new(g).value().unwrap()
    });
}

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
    let linear = |g: &Ends<i64>| g.value();
    let interval_dp = |g: &Ends<i64>| g.value_by_interval_dp().unwrap();
    for n in [16, 64, 256, 1024] {
        let game = Ends::new(values(n, 1)).unwrap();
        memoised(&mut group, n, &game);
        variant(&mut group, "linear (peak reduction)", n, &game, linear);
        variant(&mut group, "bottom-up O(n) memory", n, &game, interval_dp);
        variant(&mut group, "bottom-up full table", n, &game, |g| {
            g.table().unwrap().value()
        });
    }
    for n in [4096, 16384] {
        let game = Ends::new(values(n, 1)).unwrap();
        variant(&mut group, "linear (peak reduction)", n, &game, linear);
        variant(&mut group, "bottom-up O(n) memory", n, &game, interval_dp);
    }
    for n in [1 << 20, 10_000_000] {
        let game = Ends::new(values(n, 1)).unwrap();
        variant(&mut group, "linear (peak reduction)", n, &game, linear);
    }
    group.finish();
}

fn ends_remainder(c: &mut Criterion) {
    let mut group = c.benchmark_group("ends-remainder");
    for n in [16, 64, 256, 1024] {
        let game = EndsRemainder::new(values(n, 2)).unwrap();
        memoised(&mut group, n, &game);
        variant(&mut group, "bottom-up O(n) memory", n, &game, |g| {
            g.value().unwrap()
        });
        variant(&mut group, "bottom-up totals", n, &game, |g| {
            g.totals().unwrap()
        });
    }
    group.finish();
}

fn front(c: &mut Criterion) {
    let mut group = c.benchmark_group("front");
    let deque = |g: &Front<i64>| g.table().unwrap().value();
    // The memoised solver tries every k moves: n = k = 16384 would take seconds.
    for (n, k) in [(64, 3), (1024, 3), (16384, 3), (64, 64), (1024, 1024)] {
        let game = Front::new(values(n, 3), k).unwrap();
        let id = format!("n={n} k={k}");
        memoised(&mut group, &id, &game);
        variant(&mut group, "bottom-up deque", &id, &game, deque);
    }
    for n in [1 << 18, 1 << 20] {
        let game = Front::new(values(n, 3), n).unwrap();
        variant(
            &mut group,
            "bottom-up deque",
            format!("n={n} k={n}"),
            &game,
            deque,
        );
    }
    group.finish();
}

fn front_doubling(c: &mut Criterion) {
    let mut group = c.benchmark_group("front-doubling");
    let deques = |g: &FrontDoubling<i64>| g.value().unwrap();
    for n in [16, 64, 256] {
        let game = FrontDoubling::new(values(n, 4)).unwrap();
        memoised(&mut group, n, &game);
        variant(&mut group, "bottom-up deques", n, &game, deques);
    }
    for n in [1024, 4096] {
        let game = FrontDoubling::new(values(n, 4)).unwrap();
        variant(&mut group, "bottom-up deques", n, &game, deques);
    }
    group.finish();
}

fn valuations(c: &mut Criterion) {
    let mut group = c.benchmark_group("valuations");
    let greedy = |g: &Valuations<i64>| g.value();
    for n in [4, 8, 12, 16] {
        let game = Valuations::new(values(n, 5), values(n, 6)).unwrap();
        memoised(&mut group, n, &game);
        variant(&mut group, "bitmask exact", n, &game, |g| {
            g.exact_table().unwrap().value()
        });
        variant(&mut group, "greedy", n, &game, greedy);
    }
    for n in [1 << 10, 1 << 16] {
        let game = Valuations::new(values(n, 5), values(n, 6)).unwrap();
        variant(&mut group, "greedy", n, &game, greedy);
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
