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
//! - `retrograde/tiers/{in_memory,tiered}`: a layered game of 10 tiers of
//!   100 000 positions (moves stay in their tier or go one down), solved
//!   whole in memory (graph built from the same successor function) and
//!   tier by tier through files in a temporary directory (each lower tier
//!   read back from its file, then every tier's counts from the files).
//! - `retrograde/cores/{one,every}` (feature `parallel`): the dense solver
//!   on 10^6 positions on one core and on every core.
//!
//! Quick run: `cargo bench --bench retrograde -- --quick`
//! (`--features parallel` for the cores group).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use stonegame::Budget;
use stonegame::retrograde::{
    DenseSolver, Graph, Retrograde, TierDatabase, TierPosition, TieredGame, TieredSolver,
};

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

/// A layered pseudo-random game: tier `t` holds `size` positions; a position
/// has no move with probability 5%, otherwise 1..=6 moves, each to its own
/// tier or (half the time, above tier 0) the tier below.
struct Layered {
    tiers: u32,
    size: u32,
}

impl Layered {
    fn moves(&self, tier: u32, index: u32, mut visit: impl FnMut(u32, u32)) {
        let mut state =
            (u64::from(tier) << 32 | u64::from(index)).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        if next() % 100 < 5 {
            return;
        }
        let degree = 1 + next() % 6;
        for _ in 0..degree {
            let to_tier = if tier > 0 && next() % 2 == 0 {
                tier - 1
            } else {
                tier
            };
            visit(to_tier, (next() % u64::from(self.size)) as u32);
        }
    }

    fn whole_graph(&self) -> Graph {
        let size = self.size;
        Graph::from_successors((self.tiers * size) as usize, Budget::unlimited(), |u| {
            let mut out = Vec::with_capacity(6);
            self.moves(u / size, u % size, |t, i| out.push(t * size + i));
            out
        })
        .expect("fits")
    }
}

impl TieredGame for Layered {
    fn num_tiers(&self) -> u32 {
        self.tiers
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        self.size
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.moves(p.tier, p.index, |tier, index| {
            let _ = visit(TierPosition { tier, index });
        });
        ControlFlow::Continue(())
    }
}

fn tiers(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde/tiers");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let game = Layered {
        tiers: 10,
        size: 100_000,
    };
    let dir = std::env::temp_dir().join(format!("stonegame-bench-tiers-{}", std::process::id()));
    group.bench_function("in_memory", |b| {
        b.iter(|| {
            let graph = game.whole_graph();
            DenseSolver::new(&graph).solve().expect("fits").counts()
        })
    });
    group.bench_function("tiered", |b| {
        b.iter(|| {
            // The solve reads each lower tier back from its file; the counts
            // of every tier then come from a database reopened on the files
            // (each read through and checked). The directory is emptied
            // first: a solve into a complete database only checks its tiers.
            let _ = std::fs::remove_dir_all(&dir);
            TieredSolver::new(&game, &dir)
                .with_budget(Budget::unlimited())
                .solve()
                .expect("fits");
            let mut db = TierDatabase::open(&dir, Budget::unlimited());
            (0..game.tiers)
                .map(|tier| db.counts(tier).expect("written").win)
                .sum::<usize>()
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "parallel")]
fn cores(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde/cores");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let graph = graph(1_000_000);
    group.throughput(Throughput::Elements(graph.num_moves() as u64));
    for (name, parallel) in [("one", false), ("every", true)] {
        group.bench_with_input(BenchmarkId::new(name, 1_000_000), &graph, |b, graph| {
            b.iter(|| {
                DenseSolver::new(graph)
                    .with_parallel(parallel)
                    .solve()
                    .expect("fits")
                    .counts()
            })
        });
    }
    group.finish();
}

#[cfg(not(feature = "parallel"))]
fn cores(_: &mut Criterion) {}

criterion_group!(benches, dense_vs_hashed, large, tiers, cores);
criterion_main!(benches);
