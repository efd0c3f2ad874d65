//! Counting family: janken counts by number type and by round limit (log scale).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::counting::{
    AbsorbingWalk, CountingMethod, Modular, StepWeights, janken_count, janken_count_modulo,
};

type Mod = Modular<1_000_000_007>;

/// The same instances in every number type: small enough for u64.
fn by_type(c: &mut Criterion) {
    let mut group = c.benchmark_group("janken_by_type/A=B=8");
    for rounds in [8_u64, 16, 32] {
        group.bench_with_input(BenchmarkId::new("u64", rounds), &rounds, |b, &n| {
            b.iter(|| janken_count::<u64>(black_box(8), black_box(8), n).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("u128", rounds), &rounds, |b, &n| {
            b.iter(|| janken_count::<u128>(black_box(8), black_box(8), n).unwrap())
        });
        group.bench_with_input(
            BenchmarkId::new("Modular<1e9+7>", rounds),
            &rounds,
            |b, &n| b.iter(|| janken_count::<Mod>(black_box(8), black_box(8), n).unwrap()),
        );
        group.bench_with_input(
            BenchmarkId::new("runtime_modulo", rounds),
            &rounds,
            |b, &n| {
                b.iter(|| {
                    janken_count_modulo(black_box(8), black_box(8), n, 1_000_000_007).unwrap()
                })
            },
        );
        #[cfg(feature = "cli")]
        group.bench_with_input(BenchmarkId::new("BigUint", rounds), &rounds, |b, &n| {
            b.iter(|| janken_count::<num_bigint::BigUint>(black_box(8), black_box(8), n).unwrap())
        });
    }
    group.finish();
}

/// The target shape (A = B = 50) as the round limit grows tenfold.
fn by_rounds(c: &mut Criterion) {
    let mut group = c.benchmark_group("janken_by_rounds/A=B=50");
    group.sample_size(10);
    for rounds in [100_u64, 1_000, 10_000] {
        group.bench_with_input(
            BenchmarkId::new("Modular<1e9+7>", rounds),
            &rounds,
            |b, &n| b.iter(|| janken_count::<Mod>(black_box(50), black_box(50), n).unwrap()),
        );
        group.bench_with_input(
            BenchmarkId::new("runtime_modulo", rounds),
            &rounds,
            |b, &n| {
                b.iter(|| {
                    janken_count_modulo(black_box(50), black_box(50), n, 1_000_000_007).unwrap()
                })
            },
        );
        #[cfg(feature = "cli")]
        group.bench_with_input(BenchmarkId::new("BigUint", rounds), &rounds, |b, &n| {
            b.iter(|| janken_count::<num_bigint::BigUint>(black_box(50), black_box(50), n).unwrap())
        });
    }
    group.finish();
}

/// Unit weights take the two-additions hot loop; other weights multiply.
fn by_weights(c: &mut Criterion) {
    let mut group = c.benchmark_group("walk_by_weights/A=B=50/N=1000");
    for (name, weights) in [
        ("1,1,1", StepWeights::UNIT),
        ("3,3,3", StepWeights::new(3, 3, 3)),
    ] {
        let walk = AbsorbingWalk::new(50, 50, weights);
        group.bench_function(name, |b| {
            b.iter(|| walk.total_absorbed::<Mod>(black_box(1_000)).unwrap())
        });
    }
    group.finish();
}

/// The sweep against the recurrence (generating function and Bostan–Mori)
/// where both run: A = B = 200, modulo an NTT prime and modulo 10^9 + 7.
fn sweep_vs_recurrence(c: &mut Criterion) {
    let mut group = c.benchmark_group("janken_sweep_vs_recurrence/A=B=200");
    group.sample_size(10);
    let walk = AbsorbingWalk::janken(200, 200);
    for rounds in [1_000_u64, 10_000, 100_000] {
        for modulus in [998_244_353_u64, 1_000_000_007] {
            for (name, method) in [
                ("sweep", CountingMethod::Sweep),
                ("recurrence", CountingMethod::Recurrence),
            ] {
                let counted = walk.with_method(method);
                group.bench_with_input(
                    BenchmarkId::new(format!("{name}/mod {modulus}"), rounds),
                    &rounds,
                    |b, &n| {
                        b.iter(|| {
                            counted
                                .total_absorbed_modulo(black_box(n), modulus)
                                .unwrap()
                        })
                    },
                );
            }
        }
    }
    group.finish();
}

/// Issue 44's instance: A = B = 5 * 10^4, N = 10^18, by the (folded)
/// recurrence, modulo an NTT prime, 10^9 + 7 (three primes) and 2^64 - 1
/// (five primes). `benches/baseline/janken_huge.sh` times the same against C++.
fn huge(c: &mut Criterion) {
    let mut group = c.benchmark_group("janken_huge/A=B=50000/N=1e18");
    group.sample_size(10);
    for modulus in [998_244_353_u64, 1_000_000_007, u64::MAX] {
        group.bench_with_input(BenchmarkId::new("modulo", modulus), &modulus, |b, &m| {
            b.iter(|| {
                janken_count_modulo(black_box(50_000), 50_000, 1_000_000_000_000_000_000, m)
                    .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    by_type,
    by_rounds,
    by_weights,
    sweep_vs_recurrence,
    huge
);
criterion_main!(benches);
