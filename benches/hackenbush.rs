//! Green Hackenbush at 2·10^5 edges: the nimber (colon + fusion principles,
//! linear) and a winning move, on a path, a random tree with cycles, a long
//! odd cycle (one component, only the middle edge wins) and a graph where every
//! edge lies in a 2-edge cut (the winning move needs the cut classes).

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

/// A cycle of 40,000 vertices plus 40,000 random chords, every edge made a
/// path of 2 or 3 edges (so each lies in a 2-edge cut), with an odd number of
/// edges (about 2·10^5): nimber 1, the winning edge inside the one component.
fn subdivided() -> Vec<(u32, u32)> {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut next = move |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let n = 40_000;
    let mut base: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    for _ in 0..n {
        base.push((next(n), next(n)));
    }
    let mut edges = Vec::new();
    let mut vertices = n;
    for (i, &(u, v)) in base.iter().enumerate() {
        let mut length = 2 + next(2) as usize;
        if i + 1 == base.len() && (edges.len() + length) % 2 == 0 {
            length += 1;
        }
        let mut previous = u;
        for _ in 1..length {
            edges.push((previous, vertices));
            previous = vertices;
            vertices += 1;
        }
        edges.push((previous, v));
    }
    edges
}

/// An odd cycle of 100,001 edges with 16,666 pairs of equal stalks of length
/// 2 or 4 at random cycle vertices (about 2·10^5 edges): nimber 1, and only the
/// few cycle edges that balance the two arcs win.
fn cycle_with_stalk_pairs() -> Vec<(u32, u32)> {
    let mut state = 99u64;
    let mut next = move |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let n = 100_001;
    let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let mut vertices = n;
    for _ in 0..16_666 {
        let length = 2 * (1 + next(2));
        for _ in 0..2 {
            let mut previous = next(n);
            for _ in 0..length {
                edges.push((previous, vertices));
                previous = vertices;
                vertices += 1;
            }
        }
    }
    edges
}

fn hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush_2e5_edges");
    group.sample_size(20);
    for (name, edges) in [
        ("path", path()),
        ("random_tree", bushy_tree()),
        ("tree_with_cycles", tree_with_cycles()),
        ("odd_cycle", odd_cycle(EDGES + 1)),
        ("every_edge_in_a_2_edge_cut", subdivided()),
        ("cycle_with_stalk_pairs", cycle_with_stalk_pairs()),
    ] {
        let game = GreenHackenbush::new(&edges).expect("valid");
        group.bench_with_input(BenchmarkId::new("nimber", name), &game, |b, game| {
            b.iter(|| black_box(game).nimber().expect("fits"))
        });
        group.bench_with_input(BenchmarkId::new("winning_move", name), &game, |b, game| {
            b.iter(|| black_box(game).winning_move().expect("found"))
        });
    }
    group.finish();
}

criterion_group!(benches, hackenbush);
criterion_main!(benches);
