//! "Your own game at the cost of a hand-written DP", impartial side: the
//! Cutting Game (POJ 2311) on sheets up to `max` x `max`, through
//! `GrundySolver` with the numbering the docs recommend (one sweep), through
//! the same solver without a numbering (hashed memo), and as an inline hand
//! table (flat bytes, each cut once, a stamp mex). Whole programs are timed
//! by benches/baseline/own_impartial.sh; this compares the loops alone.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

/// Sheets with both sides in `2..=max`, numbered `w * (max + 1) + h` when
/// `numbered` (as examples/poj2311.rs does).
struct Cutting {
    max: u32,
    numbered: bool,
}

impl ImpartialGame for Cutting {
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
        self.numbered.then(|| (self.max as usize + 1).pow(2))
    }

    fn dense_index(&self, &(w, h): &(u32, u32)) -> Option<usize> {
        (h <= self.max).then(|| w as usize * (self.max as usize + 1) + h as usize)
    }

    fn dense_position(&self, index: usize) -> Option<(u32, u32)> {
        let stride = self.max as usize + 1;
        let (w, h) = ((index / stride) as u32, (index % stride) as u32);
        (w >= 2 && h >= 2).then_some((w, h))
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
}

/// The hand table: Grundy values of every sheet up to `max` x `max`.
fn hand_table(max: usize) -> Vec<u8> {
    let stride = max + 1;
    let mut g = vec![0u8; stride * stride];
    let mut stamp = [0u32; 257];
    let mut generation = 0u32;
    for w in 2..=max {
        for h in 2..=max {
            generation += 1;
            for i in 2..=w / 2 {
                stamp[(g[i * stride + h] ^ g[(w - i) * stride + h]) as usize] = generation;
            }
            for j in 2..=h / 2 {
                stamp[(g[w * stride + j] ^ g[w * stride + h - j]) as usize] = generation;
            }
            let mut mex = 0;
            while stamp[mex] == generation {
                mex += 1;
            }
            g[w * stride + h] = mex as u8;
        }
    }
    g
}

fn cutting(c: &mut Criterion) {
    let mut group = c.benchmark_group("own_impartial_cutting");
    group.sample_size(10);
    for max in [60u32, 120] {
        group.bench_with_input(BenchmarkId::new("hand_table", max), &max, |b, &max| {
            b.iter(|| hand_table(black_box(max as usize))[max as usize * (max as usize + 2)])
        });
        group.bench_with_input(BenchmarkId::new("generic_sweep", max), &max, |b, &max| {
            b.iter(|| {
                let mut solver = GrundySolver::new(Cutting {
                    max,
                    numbered: true,
                });
                solver.grundy(&(black_box(max), max)).unwrap()
            })
        });
        if max <= 60 {
            group.bench_with_input(BenchmarkId::new("generic_hashed", max), &max, |b, &max| {
                b.iter(|| {
                    let mut solver = GrundySolver::new(Cutting {
                        max,
                        numbered: false,
                    });
                    solver.grundy(&(black_box(max), max)).unwrap()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, cutting);
criterion_main!(benches);
