//! Codeforces 786A "Berzerk" (two players, `n` objects in a circle, random
//! step sets of about `n / 2` each, seeded): the implicit retrograde solver
//! on examples/cf786a.rs's `Berzerk` game (`ImplicitSolver` over an
//! `ImplicitGame`, no move stored) against the breadth-first search with
//! out-degree counters an expert writes by hand
//! (benches/baseline/hand_cf786a.rs). Both count the won positions,
//! compared once before timing.
//!
//! Whole programs (input, output, the largest input `n = 7000` with full
//! step sets) are timed by benches/baseline/own_retrograde.sh.
//!
//! Quick run: `cargo bench --bench own_retrograde -- --quick`

#[allow(dead_code)]
#[path = "../examples/cf786a.rs"]
mod cf786a;

#[allow(dead_code)]
#[path = "baseline/hand_cf786a.rs"]
mod hand;

use std::hint::black_box;
use std::time::Duration;

use cf786a::Berzerk;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use stonegame::retrograde::ImplicitSolver;

/// Won positions, by the implicit solver.
fn implicit_wins(game: &Berzerk) -> usize {
    let solution = ImplicitSolver::new(game)
        .with_trusted_predecessors()
        .solve()
        .expect("fits the default budget");
    solution.counts().win
}

/// Won positions, by the hand-written BFS.
fn hand_wins(n: usize, steps: &[Vec<usize>; 2]) -> usize {
    hand::solve(n, steps).iter().filter(|&&r| r == 1).count()
}

/// Random step sets of about `n / 2` each (xorshift, fixed seed).
fn step_sets(n: u32) -> [Vec<u32>; 2] {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(n);
    let mut coin = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state & 1 == 1
    };
    let mut set = || (1..n).filter(|_| coin()).collect::<Vec<_>>();
    [set(), set()]
}

fn berzerk_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_retrograde");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for n in [1_000u32, 3_000] {
        let [rick, morty] = step_sets(n);
        let wide =
            [rick.clone(), morty.clone()].map(|s| s.into_iter().map(|x| x as usize).collect());
        let moves = (rick.len() + morty.len()) as u64 * u64::from(n);
        let game = Berzerk::new(n, rick, morty);
        assert_eq!(
            implicit_wins(&game),
            hand_wins(n as usize, &wide),
            "n = {n}"
        );
        group.throughput(Throughput::Elements(moves));
        group.bench_with_input(BenchmarkId::new("implicit", n), &game, |b, game| {
            b.iter(|| implicit_wins(black_box(game)))
        });
        group.bench_with_input(BenchmarkId::new("hand_bfs", n), &wide, |b, steps| {
            b.iter(|| hand_wins(n as usize, black_box(steps)))
        });
    }
    group.finish();
}

criterion_group!(benches, berzerk_group);
criterion_main!(benches);
