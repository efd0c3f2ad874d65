//! Impartial games: AtCoder DP K at its limits (table vs generic memo), and a
//! heap of 10^18 answered through the exact period.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
use stonegame::{Budget, Convention};

/// A deterministic pseudo-random set of `count` amounts within 1..=`max`.
fn spread_set(count: u64, max: u64) -> SubtractionSet {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut amounts = Vec::new();
    while amounts.len() < count as usize {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let a = state % max + 1;
        if !amounts.contains(&a) {
            amounts.push(a);
        }
    }
    SubtractionSet::new(amounts).expect("valid set")
}

fn dp_k(c: &mut Criterion) {
    let mut group = c.benchmark_group("dp_k_limits");
    group.sample_size(10);
    let k = 100_000u64;
    for (name, set) in [
        ("A=1..=100", SubtractionSet::new(1..=100).expect("valid")),
        ("A=100 spread in 1..=1e5", spread_set(100, 100_000)),
    ] {
        group.bench_with_input(BenchmarkId::new("outcome_table", name), &set, |b, set| {
            b.iter(|| set.outcome_table(black_box(k), Convention::Normal, Budget::default()))
        });
        group.bench_with_input(BenchmarkId::new("grundy_table", name), &set, |b, set| {
            b.iter(|| set.grundy_table(black_box(k), Budget::default()))
        });
        group.bench_with_input(BenchmarkId::new("generic_memo", name), &set, |b, set| {
            b.iter(|| GrundySolver::new(set).grundy(&black_box(k)))
        });
    }
    group.finish();
}

fn huge_heap(c: &mut Criterion) {
    let mut group = c.benchmark_group("heap_1e18_by_period");
    group.sample_size(10);
    for (name, set) in [
        ("A={2,5,7}", SubtractionSet::new([2, 5, 7]).expect("valid")),
        ("A=10 spread in 1..=100", spread_set(10, 100)),
        ("A=50 spread in 1..=100", spread_set(50, 100)),
    ] {
        group.bench_with_input(BenchmarkId::from_parameter(name), &set, |b, set| {
            b.iter(|| {
                let mut game = Subtraction::new(set.clone());
                game.outcome(&[black_box(10u64.pow(18))])
            })
        });
    }
    group.finish();
}

criterion_group!(benches, dp_k, huge_heap);
criterion_main!(benches);
