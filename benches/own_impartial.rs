//! "Your own game at the cost of a hand-written DP", impartial side: the
//! Cutting Game (POJ 2311) on sheets up to `max` x `max`, through
//! `GrundySolver` with the numbering the docs recommend (one sweep), through
//! the same solver without a numbering (hashed memo), and as an inline hand
//! table (flat bytes, each cut once, a stamp mex). Whole programs are timed
//! by benches/baseline/own_impartial.sh; this compares the loops alone.

#[allow(dead_code)]
#[path = "baseline/hand_poj2311.rs"]
mod hand;

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

/// Sheets with both sides in `2..=MAX`, numbered `w * (MAX + 1) + h` when
/// `numbered` (as examples/poj2311.rs does, whose bound is a constant too).
struct Cutting<const MAX: u32> {
    numbered: bool,
}

impl<const MAX: u32> Cutting<MAX> {
    const STRIDE: usize = MAX as usize + 1;
}

impl<const MAX: u32> ImpartialGame for Cutting<MAX> {
    type Position = (u32, u32);

    fn for_each_option(
        &self,
        &(w, h): &(u32, u32),
        mut visit: impl FnMut(&[(u32, u32)]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in 2..=w / 2 {
            visit(&[(i, h), (w - i, h)])?;
        }
        for j in 2..=h / 2 {
            visit(&[(w, j), (w, h - j)])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        self.numbered.then_some(Self::STRIDE * Self::STRIDE)
    }

    fn dense_index(&self, &(w, h): &(u32, u32)) -> Option<usize> {
        (h <= MAX).then(|| w as usize * Self::STRIDE + h as usize)
    }

    fn dense_position(&self, index: usize) -> Option<(u32, u32)> {
        let (w, h) = ((index / Self::STRIDE) as u32, (index % Self::STRIDE) as u32);
        (w >= 2 && h >= 2).then_some((w, h))
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
}

/// The generic solver's Grundy value of the `MAX` x `MAX` sheet: one sweep
/// over every smaller sheet when `numbered`, a hashed search otherwise.
fn generic<const MAX: u32>(numbered: bool) -> u64 {
    let mut solver = GrundySolver::new(Cutting::<MAX> { numbered });
    solver.grundy(&(black_box(MAX), MAX)).unwrap().0
}

fn cutting(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_impartial_cutting");
    group.sample_size(10);
    group.bench_function("hand_table/60", |b| {
        b.iter(|| hand::grundy_table(black_box(60))[60 * 62])
    });
    group.bench_function("generic_sweep/60", |b| b.iter(|| generic::<60>(true)));
    group.bench_function("generic_hashed/60", |b| b.iter(|| generic::<60>(false)));
    group.bench_function("hand_table/120", |b| {
        b.iter(|| hand::grundy_table(black_box(120))[120 * 122])
    });
    group.bench_function("generic_sweep/120", |b| b.iter(|| generic::<120>(true)));
    group.finish();
}

criterion_group!(benches, cutting);
criterion_main!(benches);
