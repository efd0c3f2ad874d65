//! "Your own game at the cost of a hand-written DP" (issue 42), GrundySolver:
//! the grid token game of examples/grundy_grid.rs (up 2, left 3, diagonal
//! 5) on a `side` x `side` board, swept whole by `GrundySolver` in its
//! three forms (options by number, the fastest; by position, each
//! component's number checked by mapping it back; by position, trusting the
//! numbering) and by the hand DP (benches/baseline/hand_grundy_grid.rs).
//! Whole programs are timed by benches/baseline/own_grundy_grid.sh; this
//! compares the sweeps alone.

#[allow(dead_code)]
#[path = "baseline/hand_grundy_grid.rs"]
mod hand;

#[allow(dead_code)]
#[path = "../examples/grundy_grid.rs"]
mod example;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

/// The input of one query, the board's last cell (the whole board swept).
fn input(side: usize) -> String {
    format!("{side} 2 3 5 1\n{} {}\n", side - 1, side - 1)
}

fn grid(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_grundy_grid");
    group.sample_size(10);
    for side in [1000, 3000] {
        let text = input(side);
        group.bench_function(format!("hand_table/{side}"), |b| {
            b.iter(|| hand::grundy_table(black_box(side), 2, 3, 5)[side * side - 1])
        });
        group.bench_function(format!("numbered/{side}"), |b| {
            b.iter(|| example::solve(black_box(&text), true, false).unwrap())
        });
        group.bench_function(format!("positions/{side}"), |b| {
            b.iter(|| example::solve(black_box(&text), false, false).unwrap())
        });
        group.bench_function(format!("positions_trusting/{side}"), |b| {
            b.iter(|| example::solve(black_box(&text), false, true).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, grid);
criterion_main!(benches);
