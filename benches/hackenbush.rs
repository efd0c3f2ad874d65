//! Green Hackenbush at 2·10^5 edges: the nimber (colon + fusion principles,
//! linear) and a winning move, on a path, a random tree with cycles, and a
//! long odd cycle (the winning move's worst case: one component, middle edge).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::impartial::hackenbush::GreenHackenbush;

const EDGES: u32 = 200_000;

fn path() -> Vec<(u32, u32)> {
    (0..EDGES).map(|i| (i, i + 1)).collect()
}

/// A random tree on EDGES / 2 + 1 vertices plus EDGES / 2 random extra edges.
fn tree_with_cycles() -> Vec<(u32, u32)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let vertices = EDGES / 2 + 1;
    let mut edges: Vec<(u32, u32)> = (1..vertices).map(|v| (next(v), v)).collect();
    while edges.len() < EDGES as usize {
        edges.push((next(vertices), next(vertices)));
    }
    edges
}

/// Stalks hanging from a random tree: many bridges, few cycles.
fn bushy_tree() -> Vec<(u32, u32)> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (1..=EDGES)
        .map(|v| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state % u64::from(v)) as u32, v)
        })
        .collect()
}

fn odd_cycle(n: u32) -> Vec<(u32, u32)> {
    (0..n).map(|i| (i, (i + 1) % n)).collect()
}

fn hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush_2e5_edges");
    group.sample_size(20);
    for (name, edges) in [
        ("path", path()),
        ("random_tree", bushy_tree()),
        ("tree_with_cycles", tree_with_cycles()),
        ("odd_cycle", odd_cycle(EDGES + 1)),
    ] {
        let game = GreenHackenbush::new(&edges).expect("valid");
        group.bench_with_input(BenchmarkId::new("nimber", name), &game, |b, game| {
            b.iter(|| black_box(game).nimber().expect("fits"))
        });
        if name != "odd_cycle" {
            group.bench_with_input(BenchmarkId::new("winning_move", name), &game, |b, game| {
                b.iter(|| black_box(game).winning_move().expect("found"))
            });
        }
    }
    group.finish();
    // The quadratic case, at sizes within the default work cap.
    let mut group = c.benchmark_group("hackenbush_odd_cycle_move");
    group.sample_size(10);
    for n in [1_001u32, 4_001] {
        let game = GreenHackenbush::new(&odd_cycle(n)).expect("valid");
        group.bench_with_input(BenchmarkId::new("winning_move", n), &game, |b, game| {
            b.iter(|| black_box(game).winning_move().expect("found"))
        });
    }
    group.finish();
}

criterion_group!(benches, hackenbush);
criterion_main!(benches);
