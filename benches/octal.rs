//! Take-and-break games: plain vs sparse-space Grundy sequences, and
//! periodicity certificate search.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stonegame::Budget;
use stonegame::impartial::octal::TakeAndBreak;
use stonegame::impartial::octal::{
    SparseGrundy, find_period_certificate, grundy_sequence, grundy_sequence_plain,
};

fn sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_sequence");
    group.sample_size(10);
    for (name, game) in [
        ("kayles", TakeAndBreak::kayles()),
        ("grundys-game", TakeAndBreak::grundys_game()),
    ] {
        for n in [1u64 << 10, 1 << 12, 1 << 14] {
            group.bench_with_input(BenchmarkId::new(format!("plain/{name}"), n), &n, |b, &n| {
                b.iter(|| grundy_sequence_plain(&game, black_box(n), Budget::default()))
            });
            group.bench_with_input(
                BenchmarkId::new(format!("sparse/{name}"), n),
                &n,
                |b, &n| b.iter(|| grundy_sequence(&game, black_box(n), Budget::default())),
            );
        }
    }
    group.finish();
}

fn certificates(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_certificate");
    group.sample_size(10);
    for code in ["0.77", "0.137", "0.156", "0.644"] {
        let game = TakeAndBreak::octal(code).unwrap();
        group.bench_function(code, |b| {
            b.iter(|| find_period_certificate(&game, 1 << 20, Budget::default()))
        });
    }
    group.finish();
}

/// Grundy's game grown from 2^20 heaps to 2^21 and 2^22 (one solver per
/// sample): the range where the byte path runs; `examples/grundy_growth.rs`
/// times larger exponents, past the first value 256 at heap 7,250,049.
fn growth(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_growth");
    group.sample_size(10);
    let budget = Budget::default().with_work(u64::MAX);
    for exponent in [21u32, 22] {
        group.bench_with_input(
            BenchmarkId::new("grundys-game", format!("2^{exponent}")),
            &exponent,
            |b, &exponent| {
                b.iter(|| {
                    let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
                    solver.extend_to(black_box((1u64 << exponent) - 1), budget)
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, sequences, certificates, growth);
criterion_main!(benches);
