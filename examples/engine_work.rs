//! The generic engines' work caps, measured (issue 49): solves one instance
//! of a generic engine and prints whether it answered or which limit
//! refused it; `tools/work-calibration --engines` times it (CPU seconds)
//! at a given cap and at the engine's default.
//!
//! ```text
//! cargo run --release --example engine_work -- ENGINE SIZE [WIDTH] [--max-work W]
//! ```
//!
//! ENGINE: `grundy-hashed`, `grundy-sweep`, `grundy-search` (heaps 0..=SIZE,
//! a move takes 1..=WIDTH stones, through a closure game, a numbered game
//! swept in order and the same searched without an order; `-trusting` after
//! the last two: `GrundySolver::trusting_numbering`), `misere` (the
//! misère sum of three rows of SIZE pins of a Kayles-like cutting game,
//! through `GrundySolver`), `implicit` (SIZE positions of an implicit game,
//! WIDTH moves each, `ImplicitSolver`), `tiered` (SIZE tiers of TIER
//! positions, 10,000 unless given after WIDTH, WIDTH moves each within the
//! tier or to the one below).

use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::{FnGame, ImpartialGame};
use stonegame::retrograde::{ImplicitSolver, TierPosition, TieredGame, TieredSolver};
use stonegame::{Budget, Convention, Result};

/// Heaps `0..=size`, a move takes `1..=width` stones; numbered when `order`
/// is given.
struct Take {
    size: u64,
    width: u64,
    order: Option<MoveOrder>,
}

impl ImpartialGame for Take {
    type Position = u64;
    fn for_each_option(
        &self,
        &n: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (1..=self.width.min(n)).try_for_each(|k| visit(&[n - k]))
    }
    fn dense_positions(&self) -> Option<usize> {
        self.order.map(|_| self.size as usize + 1)
    }
    fn dense_index(&self, &n: &u64) -> Option<usize> {
        Some(n as usize)
    }
    fn dense_position(&self, index: usize) -> Option<u64> {
        Some(index as u64)
    }
    fn dense_order(&self) -> MoveOrder {
        self.order.unwrap_or(MoveOrder::Unordered)
    }
}

/// Tiers of `TIER` positions; a position moves to `width` smaller ones of
/// its tier, or to the tier below.
struct Layers {
    tiers: u32,
    width: u32,
    size: u32,
}

impl TieredGame for Layers {
    fn identity(&self) -> &str {
        "engine_work layers v1"
    }
    fn num_tiers(&self) -> u32 {
        self.tiers
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        self.size
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (1..=self.width).try_for_each(|k| match p.index.checked_sub(k) {
            Some(index) => visit(TierPosition {
                tier: p.tier,
                index,
            }),
            None if p.tier > 0 => visit(TierPosition {
                tier: p.tier - 1,
                index: (p.index.wrapping_mul(7919) + k) % self.size,
            }),
            None => ControlFlow::Continue(()),
        })
    }
}

fn run(engine: &str, size: u64, width: u64, tier_size: u32, budget: Budget) -> Result<String> {
    let take = |order| Take { size, width, order };
    Ok(match engine {
        "grundy-hashed"
        | "grundy-sweep"
        | "grundy-search"
        | "grundy-sweep-trusting"
        | "grundy-search-trusting" => {
            let order = match engine {
                "grundy-sweep" | "grundy-sweep-trusting" => Some(MoveOrder::ToSmaller),
                "grundy-search" | "grundy-search-trusting" => Some(MoveOrder::Unordered),
                _ => None,
            };
            let game = take(order);
            let value = if order.is_none() {
                // A closure game: no numbering, the hashed path.
                let closure = FnGame::new(|n: &u64, visit: &mut dyn FnMut(&[u64]) -> _| {
                    game.for_each_option(n, |o| visit(o))
                });
                GrundySolver::new(&closure)
                    .with_budget(budget)
                    .grundy(&size)?
            } else if engine.ends_with("-trusting") {
                // Without the round trip that checks each component's number.
                GrundySolver::new(&game)
                    .with_budget(budget)
                    .trusting_numbering()
                    .grundy(&size)?
            } else {
                GrundySolver::new(&game).with_budget(budget).grundy(&size)?
            };
            format!("G({size}) = {}", value.0)
        }
        "misere" => {
            let cutting = FnGame::new(|&n: &u64, visit: &mut dyn FnMut(&[u64]) -> _| {
                for take in 1..=2u64.min(n) {
                    let rest = n - take;
                    for left in 0..=rest / 2 {
                        match (left, rest - left) {
                            (0, 0) => visit(&[])?,
                            (0, right) => visit(&[right])?,
                            (left, right) => visit(&[left, right])?,
                        }
                    }
                }
                ControlFlow::Continue(())
            });
            let mut solver = GrundySolver::new(&cutting)
                .with_convention(Convention::Misere)
                .with_budget(budget);
            let rows = [size, size - 1, size - 2];
            format!("{:?} {:?}", rows, solver.outcome(&rows)?)
        }
        "implicit" => {
            let n = size as u32;
            let w = width as u32;
            let solver = ImplicitSolver::from_fns(
                size as usize,
                move |u| (1..=w.min(u)).map(move |k| u - k),
                move |v| (1..=w).map(move |k| v + k).filter(move |&p| p < n),
            )
            .with_predecessor_check(false)
            .with_budget(budget);
            format!("{:?}", solver.solve()?.counts())
        }
        "tiered" => {
            let game = Layers {
                tiers: size as u32,
                width: width as u32,
                size: tier_size,
            };
            let dir = std::env::temp_dir().join(format!("engine-work-{}", std::process::id()));
            let result = TieredSolver::new(&game, &dir).with_budget(budget).solve();
            let _ = std::fs::remove_dir_all(&dir);
            format!("{:?}", result?.counts(0)?)
        }
        other => format!("unknown engine {other}"),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut budget = Budget::default();
    let mut plain = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--max-work" {
            budget = budget.with_work(args[i + 1].parse().expect("--max-work W"));
            i += 2;
        } else if args[i] == "--memory-mib" {
            let mib: u64 = args[i + 1].parse().expect("--memory-mib M");
            budget = match budget.work() {
                Some(w) => Budget::from_mebibytes(mib).with_work(w),
                None => Budget::from_mebibytes(mib),
            };
            i += 2;
        } else {
            plain.push(args[i].clone());
            i += 1;
        }
    }
    let engine = plain.first().map(String::as_str).unwrap_or("");
    let size: u64 = plain.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let width: u64 = plain.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let tier_size: u32 = plain.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    match run(engine, size, width, tier_size, budget) {
        Ok(answer) => println!("answered: {answer}"),
        Err(error) => {
            // On stderr, as the CLI prints its refusals.
            eprintln!("refused: {error}");
            std::process::exit(1);
        }
    }
}
