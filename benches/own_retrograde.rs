//! Codeforces 786A "Berzerk" (two players, `n` objects in a circle, random
//! step sets of about `n / 2` each, seeded): the implicit retrograde solver
//! (`ImplicitSolver` over an `ImplicitGame`, no move stored) against the
//! breadth-first search with out-degree counters an expert writes by hand
//! (inline below, the same as benches/baseline/hand_cf786a.rs). Both return
//! the number of won positions, compared once before timing.
//!
//! Whole programs (input, output, the largest input `n = 7000` with full
//! step sets) are timed by benches/baseline/own_retrograde.sh.
//!
//! Quick run: `cargo bench --bench own_retrograde -- --quick`

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};

/// Positions `player * n + object`, object 0 the black hole.
struct Berzerk {
    n: u32,
    steps: [Vec<u32>; 2],
}

impl ImplicitGame for Berzerk {
    fn positions(&self) -> usize {
        2 * self.n as usize
    }

    fn for_each_move(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n;
        let (player, object) = (position / n, position % n);
        let next = (1 - player) * n;
        for &step in &self.steps[player as usize] {
            let target = object + step;
            visit(next + if target >= n { target - n } else { target })?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n;
        let (player, object) = (position / n, position % n);
        let mover = 1 - player;
        for &step in &self.steps[mover as usize] {
            let from = if object >= step {
                object - step
            } else {
                object + n - step
            };
            visit(mover * n + from)?;
        }
        ControlFlow::Continue(())
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        (position % self.n == 0).then_some(Value::Lose)
    }
}

/// Won positions, by the implicit solver.
fn implicit_wins(game: &Berzerk) -> usize {
    let solution = ImplicitSolver::new(game)
        .with_predecessor_check(false)
        .solve()
        .expect("fits the default budget");
    solution.counts().win
}

/// Won positions, by the hand-written BFS with out-degree counters.
fn hand_wins(game: &Berzerk) -> usize {
    let n = game.n as usize;
    let steps = &game.steps;
    let mut result = vec![0u8; 2 * n]; // 0 undecided, 1 win, 2 lose
    let mut counter = vec![0u32; 2 * n];
    let mut queue = Vec::with_capacity(2 * n);
    for player in 0..2 {
        for object in 1..n {
            counter[player * n + object] = steps[player].len() as u32;
        }
        result[player * n] = 2;
        queue.push((player * n) as u32);
    }
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head] as usize;
        head += 1;
        let (player, object) = (state / n, state % n);
        let mover = 1 - player;
        let lost = result[state] == 2;
        for &step in &steps[mover] {
            let step = step as usize;
            let from = if object >= step {
                object - step
            } else {
                object + n - step
            };
            if from == 0 {
                continue;
            }
            let u = mover * n + from;
            if result[u] != 0 {
                continue;
            }
            if lost {
                result[u] = 1;
                queue.push(u as u32);
            } else {
                counter[u] -= 1;
                if counter[u] == 0 {
                    result[u] = 2;
                    queue.push(u as u32);
                }
            }
        }
    }
    result.iter().filter(|&&r| r == 1).count()
}

/// Random step sets of about `n / 2` each (xorshift, fixed seed).
fn berzerk(n: u32) -> Berzerk {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(n);
    let mut coin = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state & 1 == 1
    };
    let mut set = || (1..n).filter(|_| coin()).collect::<Vec<_>>();
    let steps = [set(), set()];
    Berzerk { n, steps }
}

fn berzerk_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_retrograde");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for n in [1_000u32, 3_000] {
        let game = berzerk(n);
        assert_eq!(implicit_wins(&game), hand_wins(&game), "n = {n}");
        let moves = (game.steps[0].len() + game.steps[1].len()) as u64 * u64::from(n);
        group.throughput(Throughput::Elements(moves));
        group.bench_with_input(BenchmarkId::new("implicit", n), &game, |b, game| {
            b.iter(|| implicit_wins(black_box(game)))
        });
        group.bench_with_input(BenchmarkId::new("hand_bfs", n), &game, |b, game| {
            b.iter(|| hand_wins(black_box(game)))
        });
    }
    group.finish();
}

criterion_group!(benches, berzerk_group);
criterion_main!(benches);
