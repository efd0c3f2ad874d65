//! LeetCode Stone Game V, VIII and IX at LeetCode's largest sizes: each fast
//! method against a plain baseline written here.
//!
//! - `stone-split`, n = 500: [`StoneSplit::value`] and [`StoneSplit::solve`]
//!   (O(n²), monotone split point) against the textbook O(n³) interval DP;
//! - `stone-merge`, n = 10^5: [`StoneMerge::value`] and [`StoneMerge::solve`]
//!   against a prefix-sum array and one backward loop;
//! - `stone-mod3`, n = 10^5: [`StoneMod3::new`] + [`StoneMod3::outcome`]
//!   (counting residues) and [`StoneMod3::solve`] (plus the line) against
//!   counting residues by hand.
//!
//! `cargo bench --bench stone_series -- --quick` for a short run.

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::scoring::{StoneMerge, StoneMod3, StoneSplit};

/// Deterministic values in `low..=high` (a small LCG: same every run).
fn values(n: usize, seed: u64, low: i64, high: i64) -> Vec<i64> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let span = (high - low + 1) as u64;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            low + ((state >> 33) % span) as i64
        })
        .collect()
}

/// The textbook O(n³) DP of Stone Game V (every cut of every interval).
fn cubic_split(row: &[i64]) -> i64 {
    let n = row.len();
    let mut prefix = vec![0i64; n + 1];
    for (i, v) in row.iter().enumerate() {
        prefix[i + 1] = prefix[i] + v;
    }
    let mut dp = vec![0i64; n * n];
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let mut best = 0;
            for k in i..j {
                let l = prefix[k + 1] - prefix[i];
                let r = prefix[j + 1] - prefix[k + 1];
                if l <= r {
                    best = best.max(l + dp[i * n + k]);
                }
                if l >= r {
                    best = best.max(r + dp[(k + 1) * n + j]);
                }
            }
            dp[i * n + j] = best;
        }
    }
    dp[n - 1]
}

/// Stone Game VIII the LeetCode way: a prefix array, then one backward loop.
fn prefix_loop_merge(row: &[i64]) -> i64 {
    let mut prefix = Vec::with_capacity(row.len());
    let mut sum = 0;
    for &v in row {
        sum += v;
        prefix.push(sum);
    }
    let n = row.len();
    let mut best = prefix[n - 1];
    for j in (1..n - 1).rev() {
        best = best.max(prefix[j] - best);
    }
    best
}

/// Stone Game IX by hand: count residues, apply the rule.
fn counted_mod3(row: &[u64]) -> bool {
    let mut counts = [0u64; 3];
    for &v in row {
        counts[(v % 3) as usize] += 1;
    }
    if counts[0] % 2 == 0 {
        counts[1] >= 1 && counts[2] >= 1
    } else {
        counts[1].abs_diff(counts[2]) > 2
    }
}

fn stone_split(c: &mut Criterion) {
    let mut group = c.benchmark_group("stone-split");
    let n = 500;
    let row = values(n, 1, 1, 1_000_000);
    let game = StoneSplit::new(row.clone()).unwrap();
    assert_eq!(game.value().unwrap(), cubic_split(&row));
    group.bench_function(BenchmarkId::new("value O(n^2)", n), |b| {
        b.iter(|| black_box(&game).value().unwrap())
    });
    group.bench_function(BenchmarkId::new("solve O(n^2) with line", n), |b| {
        b.iter(|| black_box(&game).solve().unwrap().value())
    });
    group.bench_function(BenchmarkId::new("baseline O(n^3) DP", n), |b| {
        b.iter(|| cubic_split(black_box(&row)))
    });
    group.finish();
}

fn stone_merge(c: &mut Criterion) {
    let mut group = c.benchmark_group("stone-merge");
    let n = 100_000;
    let row = values(n, 2, -10_000, 10_000);
    let game = StoneMerge::new(row.clone()).unwrap();
    assert_eq!(game.value(), prefix_loop_merge(&row));
    group.bench_function(BenchmarkId::new("value", n), |b| {
        b.iter(|| black_box(&game).value())
    });
    group.bench_function(BenchmarkId::new("new + value", n), |b| {
        // The row is cloned outside the timing: `new` takes it by value.
        b.iter_batched(
            || row.clone(),
            |row| StoneMerge::new(row).unwrap().value(),
            BatchSize::LargeInput,
        )
    });
    group.bench_function(BenchmarkId::new("solve with line", n), |b| {
        b.iter(|| black_box(&game).solve().unwrap().value())
    });
    group.bench_function(BenchmarkId::new("baseline prefix array + loop", n), |b| {
        b.iter(|| prefix_loop_merge(black_box(&row)))
    });
    group.finish();
}

fn stone_mod3(c: &mut Criterion) {
    let mut group = c.benchmark_group("stone-mod3");
    let n = 100_000;
    let row: Vec<u64> = values(n, 3, 1, 10_000)
        .into_iter()
        .map(|v| v as u64)
        .collect();
    let game = StoneMod3::new(row.clone()).unwrap();
    assert_eq!(
        game.outcome() == stonegame::Outcome::First,
        counted_mod3(&row)
    );
    group.bench_function(BenchmarkId::new("new + outcome", n), |b| {
        b.iter_batched(
            || row.clone(),
            |row| StoneMod3::new(row).unwrap().outcome(),
            BatchSize::LargeInput,
        )
    });
    group.bench_function(BenchmarkId::new("solve with line", n), |b| {
        b.iter(|| black_box(&game).solve().unwrap().outcome())
    });
    group.bench_function(BenchmarkId::new("baseline count by hand", n), |b| {
        b.iter(|| counted_mod3(black_box(&row)))
    });
    group.finish();
}

criterion_group!(benches, stone_split, stone_merge, stone_mod3);
criterion_main!(benches);
