//! Retrograde analysis on reproducible pseudo-random game graphs (about 3.3
//! moves per position, 5% terminal positions; a mix of wins, losses and draws).
//!
//! - `retrograde/dense`: positions numbered `0..N` (`Graph` + `DenseSolver`),
//!   predecessor lists built by the solver: the fast path.
//! - `retrograde/dense_given_predecessors`: the same with predecessor lists
//!   supplied (the induction alone).
//! - `retrograde/hashed`: the same game through a successor closure, positions
//!   numbered by an `ahash` map (the generic path).
//! - `retrograde/large`: 10^7 positions; only with `STONEGAME_BENCH_LARGE=1`
//!   (about 0.5 GB and a few seconds per sample).
//!
//! Quick run: `cargo bench --bench retrograde -- --quick`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use stonegame::Budget;
use stonegame::retrograde::{DenseSolver, Graph, Retrograde};

const MAX_MOVES: u32 = 6;
const TERMINAL_PERCENT: u8 = 5;
const SEED: u64 = 1;

fn graph(n: usize) -> Graph {
    Graph::pseudo_random(n, MAX_MOVES, TERMINAL_PERCENT, SEED, Budget::unlimited())
        .expect("benchmark graph fits in memory")
}

fn dense_vs_hashed(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for n in [10_000usize, 100_000, 1_000_000] {
        let graph = graph(n);
        let reverse = graph.reversed(Budget::unlimited()).expect("fits");
        group.throughput(Throughput::Elements(graph.num_moves() as u64));
        group.bench_with_input(BenchmarkId::new("dense", n), &graph, |b, graph| {
            b.iter(|| DenseSolver::new(graph).solve().expect("fits").counts())
        });
        group.bench_with_input(
            BenchmarkId::new("dense_given_predecessors", n),
            &graph,
            |b, graph| {
                b.iter(|| {
                    DenseSolver::new(graph)
                        .predecessors(|v| reverse.successors(v).iter().copied())
                        .solve()
                        .expect("fits")
                        .counts()
                })
            },
        );
        if n <= 100_000 {
            group.bench_with_input(BenchmarkId::new("hashed", n), &graph, |b, graph| {
                b.iter(|| {
                    Retrograde::new(|&u: &u32| graph.successors(u).iter().copied())
                        .solve(0..black_box(n as u32))
                        .expect("fits")
                        .counts()
                })
            });
        }
    }
    group.finish();
}

fn large(c: &mut Criterion) {
    if std::env::var_os("STONEGAME_BENCH_LARGE").is_none() {
        return;
    }
    let mut group = c.benchmark_group("retrograde");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    let n = 10_000_000;
    let graph = graph(n);
    group.throughput(Throughput::Elements(graph.num_moves() as u64));
    group.bench_with_input(BenchmarkId::new("large", n), &graph, |b, graph| {
        b.iter(|| DenseSolver::new(graph).solve().expect("fits").counts())
    });
    group.finish();
}

criterion_group!(benches, dense_vs_hashed, large);
criterion_main!(benches);
