//! The classic games: 5·10^5 nim products of random 64-bit nimbers (the
//! Library Checker "Nim Product (64-bit)" at its limit), table-driven against
//! the plain recursion on halves; and the O(1) answers of Wythoff and Euclid
//! on heaps near 10^18.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::impartial::euclid::Euclid;
use stonegame::impartial::nim_field;
use stonegame::impartial::wythoff::Wythoff;

/// `count` deterministic pseudo-random pairs of 64-bit numbers (xorshift).
fn random_pairs(count: usize) -> Vec<(u64, u64)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count).map(|_| (next(), next())).collect()
}

fn nim_products(c: &mut Criterion) {
    let pairs = random_pairs(500_000);
    // Build the byte table outside the measurement, as a long-running program would.
    black_box(nim_field::product(3, 3));
    let mut group = c.benchmark_group("nim_product");
    group.sample_size(10);
    group.bench_function("tables_5e5_products", |b| {
        b.iter(|| {
            pairs.iter().fold(0u64, |acc, &(x, y)| {
                acc ^ nim_field::product(black_box(x), y)
            })
        })
    });
    // The ratio against the table-free recursion, on 2,000 products (the
    // recursion needs about 4,000 leaf steps a product), alternating the two.
    let few = &pairs[..2_000];
    for round in ["a", "b"] {
        group.bench_function(BenchmarkId::new("tables_2000_products", round), |b| {
            b.iter(|| {
                few.iter().fold(0u64, |acc, &(x, y)| {
                    acc ^ nim_field::product(black_box(x), y)
                })
            })
        });
        group.bench_function(BenchmarkId::new("recursion_2000_products", round), |b| {
            b.iter(|| {
                few.iter().fold(0u64, |acc, &(x, y)| {
                    acc ^ nim_field::product_by_halves(black_box(x), y)
                })
            })
        });
    }
    group.finish();
}

fn huge_positions(c: &mut Criterion) {
    let pairs: Vec<[u64; 2]> = random_pairs(1_000)
        .into_iter()
        .map(|(a, b)| {
            [
                a % 1_000_000_000_000_000_000 + 1,
                b % 1_000_000_000_000_000_000 + 1,
            ]
        })
        .collect();
    let mut group = c.benchmark_group("positions_up_to_1e18_x1000");
    let wythoff = Wythoff::new();
    group.bench_function("wythoff_winning_move", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|p| wythoff.winning_move(black_box(p)).is_some())
                .count()
        })
    });
    let euclid = Euclid::new();
    group.bench_function("euclid_winning_move", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|p| matches!(euclid.winning_move(black_box(p)), Ok(Some(_))))
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, nim_products, huge_positions);
criterion_main!(benches);
