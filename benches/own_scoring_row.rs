//! Issue 42, "few options a position": the two-option row of
//! `examples/scoring_row.rs` (take either end; a take scores the number
//! taken minus the one taken before it), solved by the generic `Negamax`
//! sweep, against a hand-written DP over the same recurrence, inline here
//! (as benches/baseline/hand_scoring_row.rs). Three forms of the same game:
//!
//! - `numbered`: as docs/contest.md shows it, each child named by its
//!   number (`for_each_numbered_move`): no round trip is needed;
//! - `positions_checked`: children through `play` and `dense_index`, each
//!   checked by the round trip through `dense_position` (the default);
//! - `positions_trusted`: the same, `Negamax::trusting_numbering`.
//!
//! A moderate size (n = 1000, 10^6 positions), so `cargo bench` stays short;
//! whole-program timings at n = 3000 with 10^5 queries are
//! `benches/baseline/own_scoring_row.sh`.
//!
//! `cargo bench --bench own_scoring_row -- --quick` for a short run.

#[allow(dead_code)]
#[path = "../examples/scoring_row.rs"]
mod scoring_row;

use criterion::{Criterion, criterion_group, criterion_main};
use scoring_row::Row;
use std::hint::black_box;
use std::ops::ControlFlow;
use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

/// A deterministic stream of numbers (a small LCG: same every run).
fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    }
}

/// The hand DP: one flat i64 table by length, then left end, then side.
fn hand(row: &[i64]) -> i64 {
    let n = row.len();
    let mut padded = vec![0i64; n + 2];
    padded[1..=n].copy_from_slice(row);
    let first = |len: usize| 2 * (len * (n + 1) - len * len.saturating_sub(1) / 2);
    let mut dp = vec![0i64; first(n + 1)];
    for len in 1..=n {
        let (shorter, here) = (first(len - 1), first(len));
        for l in 0..=n - len {
            let r = l + len;
            let (left, right) = (padded[l + 1], padded[r]);
            let (after_left, after_right) = (dp[shorter + 2 * l + 2], dp[shorter + 2 * l + 1]);
            for side in 0..2 {
                let previous = if side == 0 { padded[l] } else { padded[r + 1] };
                dp[here + 2 * l + side] =
                    (left - previous - after_left).max(right - previous - after_right);
            }
        }
    }
    dp[first(n)]
}

/// The row game through positions only: children by `play` and
/// `dense_index`, with the inverse numbering the round trip checks them by.
struct Positions<'a>(&'a Row);

impl ScoringGame for Positions<'_> {
    type Position = (usize, usize, usize);
    type Move = bool;
    type Score = i64;

    fn start(&self) -> Self::Position {
        self.0.start()
    }
    fn for_each_move(
        &self,
        position: &Self::Position,
        visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0.for_each_move(position, visit)
    }
    fn play(&self, position: &Self::Position, mv: &bool) -> (i64, Self::Position) {
        self.0.play(position, mv)
    }
    fn dense_positions(&self) -> Option<usize> {
        self.0.dense_positions()
    }
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        self.0.dense_index(position)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn for_each_dense_position(
        &self,
        visit: impl FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0.for_each_dense_position(visit)
    }
    /// The length by a square root (then corrected), the rest by subtraction.
    fn dense_position(&self, number: usize) -> Option<Self::Position> {
        let n = self.0.numbers();
        if number >= self.0.first_of_length(n + 1) {
            return None;
        }
        // first_of_length(len) = len (2n + 3 - len): the largest len at or below number.
        let b = (2 * n + 3) as f64;
        let mut len = ((b - (b * b - 4.0 * number as f64).max(0.0).sqrt()) / 2.0) as usize;
        while len > 0 && self.0.first_of_length(len) > number {
            len -= 1;
        }
        while self.0.first_of_length(len + 1) <= number {
            len += 1;
        }
        let rest = number - self.0.first_of_length(len);
        let (l, side) = (rest / 2, rest % 2);
        Some((l, l + len, side))
    }
}

fn row_bench(c: &mut Criterion) {
    let n = 1000;
    let mut next = stream(42);
    let row: Vec<i64> = (0..n)
        .map(|_| (next() % 2_000_001) as i64 - 1_000_000)
        .collect();
    let game = Row::new(&row);
    let expected = hand(&row);
    assert_eq!(Negamax::new(&game).value().unwrap(), expected);
    let positions = Positions(&game);
    assert_eq!(Negamax::new(&positions).value().unwrap(), expected);
    let mut group = c.benchmark_group("own_scoring_row/n1000");
    group.sample_size(20);
    group.bench_function("numbered", |b| {
        b.iter(|| Negamax::new(black_box(&game)).value().unwrap())
    });
    group.bench_function("positions_checked", |b| {
        b.iter(|| Negamax::new(black_box(&positions)).value().unwrap())
    });
    group.bench_function("positions_trusted", |b| {
        b.iter(|| {
            Negamax::new(black_box(&positions))
                .trusting_numbering()
                .value()
                .unwrap()
        })
    });
    group.bench_function("hand", |b| b.iter(|| hand(black_box(&row))));
    group.finish();
}

criterion_group!(benches, row_bench);
criterion_main!(benches);
