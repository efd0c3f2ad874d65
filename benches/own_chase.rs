//! Cat and mouse on a grid with walls and an exit (issue 42: a chase game
//! with draws, at most 4 options a position): the implicit solver's
//! labels-only search on examples/cat_and_mouse.rs's game, checked (the
//! default fingerprint) and trusted, against the breadth-first search an
//! expert writes by hand (benches/baseline/hand_chase.rs: a 1-byte value, a
//! 1-byte counter, a queue of the solved positions). All count the won
//! positions, compared once before timing.
//!
//! Whole programs on the 50 × 50 grid (7.5·10^6 positions) are timed by
//! benches/baseline/own_chase.sh.
//!
//! Quick run: `cargo bench --bench own_chase -- --quick`

#[allow(dead_code)]
#[path = "../examples/cat_and_mouse.rs"]
mod cat_and_mouse;

#[allow(dead_code)]
#[path = "baseline/hand_chase.rs"]
mod hand;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use stonegame::retrograde::ImplicitSolver;

/// A `side × side` grid with about a quarter walls (xorshift, fixed seed)
/// and the mouse, the cat and the exit on free cells.
fn grid(side: usize) -> String {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ side as u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut cells: Vec<u8> = (0..side * side)
        .map(|_| if next() % 100 < 24 { b'#' } else { b'.' })
        .collect();
    for marker in [b'M', b'C', b'E'] {
        loop {
            let at = (next() % cells.len() as u64) as usize;
            if cells[at] == b'.' {
                cells[at] = marker;
                break;
            }
        }
    }
    let rows: Vec<&str> = cells
        .chunks(side)
        .map(|row| std::str::from_utf8(row).expect("ASCII"))
        .collect();
    format!("{side} {side}\n{}\n", rows.join("\n"))
}

/// Won positions, by the solver (`trusted`: without the fingerprint).
fn solver_wins(game: &cat_and_mouse::CatAndMouse, trusted: bool) -> usize {
    let solver = ImplicitSolver::new(game);
    let solver = if trusted {
        solver.with_trusted_predecessors()
    } else {
        solver
    };
    solver
        .solve_values()
        .expect("fits the default budget")
        .counts()
        .win
}

/// Won positions, by the hand-written search.
fn hand_wins(grid: &hand::Grid) -> usize {
    hand::solve(grid).iter().filter(|&&r| r == 1).count()
}

fn chase_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_chase");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for side in [20usize, 35] {
        let input = grid(side);
        let game = cat_and_mouse::parse(&input).expect("a valid grid");
        let by_hand = hand::Grid::parse(&input);
        assert_eq!(
            solver_wins(&game, false),
            hand_wins(&by_hand),
            "side {side}"
        );
        assert_eq!(solver_wins(&game, true), hand_wins(&by_hand), "side {side}");
        let positions = 2 * (by_hand.free as u64).pow(2);
        group.throughput(Throughput::Elements(positions));
        group.bench_with_input(
            BenchmarkId::new("implicit_values", side),
            &game,
            |b, game| b.iter(|| solver_wins(black_box(game), false)),
        );
        group.bench_with_input(
            BenchmarkId::new("implicit_trusted", side),
            &game,
            |b, game| b.iter(|| solver_wins(black_box(game), true)),
        );
        group.bench_with_input(BenchmarkId::new("hand_bfs", side), &by_hand, |b, grid| {
            b.iter(|| hand_wins(black_box(grid)))
        });
    }
    group.finish();
}

criterion_group!(benches, chase_group);
criterion_main!(benches);
