//! Issue 32, "your own game at the cost of a hand-written DP": the contest
//! examples' games, written against `ScoringGame` and solved by the generic
//! `Negamax` (a bottom-up sweep over their declared numbering), against a
//! hand-written DP over the same moves and recurrence, inline here.
//! Moderate sizes, so `cargo bench` stays short; whole-program timings at
//! the problems' largest sizes are `benches/baseline/own_scoring.sh`.
//!
//! `cargo bench --bench own_scoring -- --quick` for a short run.

#[allow(dead_code)]
#[path = "../examples/abc201_d.rs"]
mod abc201_d;

#[allow(dead_code)]
#[path = "../examples/uva10891.rs"]
mod uva10891;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::scoring::Negamax;

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

/// ABC 201 D by hand: one flat i32 table, filled row by row from the
/// bottom-right corner, the edges apart (as benches/baseline/hand_abc201_d.rs).
fn hand_abc201_d(h: usize, w: usize, points: &[i8]) -> i32 {
    let mut dp = vec![0i32; h * w];
    let last = h - 1;
    for c in (0..w - 1).rev() {
        let cell = last * w + c;
        dp[cell] = i32::from(points[cell + 1]) - dp[cell + 1];
    }
    for r in (0..last).rev() {
        let (rows, below) = dp.split_at_mut((r + 1) * w);
        let row = &mut rows[r * w..];
        let (here, down) = (
            &points[r * w..(r + 1) * w],
            &points[(r + 1) * w..(r + 2) * w],
        );
        row[w - 1] = i32::from(down[w - 1]) - below[w - 1];
        for c in (0..w - 1).rev() {
            row[c] = (i32::from(here[c + 1]) - row[c + 1]).max(i32::from(down[c]) - below[c]);
        }
    }
    dp[0]
}

/// Game of Sum by hand: one flat i64 table over the intervals by length,
/// prefix sums for the takes (as benches/baseline/hand_uva10891.rs).
fn hand_uva10891(row: &[i64]) -> i64 {
    let n = row.len();
    let mut prefix = vec![0i64; n + 1];
    for i in 0..n {
        prefix[i + 1] = prefix[i] + row[i];
    }
    let stride = n + 1;
    let mut dp = vec![0i64; stride * stride];
    for len in 1..=n {
        for l in 0..=n - len {
            let r = l + len;
            let mut best = i64::MIN;
            for k in 1..=len {
                best = best.max(prefix[l + k] - prefix[l] - dp[(l + k) * stride + r]);
                best = best.max(prefix[r] - prefix[r - k] - dp[l * stride + r - k]);
            }
            dp[l * stride + r] = best;
        }
    }
    dp[n]
}

fn abc201_d_bench(c: &mut Criterion) {
    let (h, w) = (500, 500);
    let mut next = stream(201);
    let rows: Vec<Vec<u8>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| if next() % 2 == 0 { b'+' } else { b'-' })
                .collect()
        })
        .collect();
    let row_refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
    let points: Vec<i8> = rows
        .iter()
        .flatten()
        .map(|&cell| if cell == b'+' { 1 } else { -1 })
        .collect();
    let game = abc201_d::Momotetsu::new(&row_refs);
    assert_eq!(
        Negamax::new(&game).value().unwrap(),
        hand_abc201_d(h, w, &points)
    );
    let mut group = c.benchmark_group("own_scoring/abc201_d_500x500");
    group.bench_function("generic", |b| {
        b.iter(|| Negamax::new(black_box(&game)).value().unwrap())
    });
    group.bench_function("hand", |b| {
        b.iter(|| hand_abc201_d(h, w, black_box(&points)))
    });
    group.finish();
}

fn uva10891_bench(c: &mut Criterion) {
    let mut next = stream(10891);
    let row: Vec<i64> = (0..100).map(|_| (next() % 2001) as i64 - 1000).collect();
    let game = uva10891::GameOfSum::new(&row);
    assert_eq!(Negamax::new(&game).value().unwrap(), hand_uva10891(&row));
    let mut group = c.benchmark_group("own_scoring/uva10891_n100");
    group.bench_function("generic", |b| {
        b.iter(|| Negamax::new(black_box(&game)).value().unwrap())
    });
    group.bench_function("hand", |b| b.iter(|| hand_uva10891(black_box(&row))));
    group.finish();
}

criterion_group!(benches, abc201_d_bench, uva10891_bench);
criterion_main!(benches);
