//! Issue 35 for the retrograde engines: each one charges the work cap for
//! the positions, moves and predecessors it reads, refuses at the cap with
//! `WorkLimitExceeded { steps: cap }` naming itself, and answers exactly as
//! without a cap once the cap suffices.

use std::ops::ControlFlow;
use std::path::PathBuf;

use stonegame::impartial::Nim;
use stonegame::retrograde::{
    DenseSolver, Graph, ImplicitSolver, Label, Retrograde, TierDatabase, TierPosition, TieredGame,
    TieredSolver, Value, solve_impartial_sum_within,
};
use stonegame::{Budget, Convention, Error, Result};

/// The least cap under which `attempt` answers: every smaller cap tried is
/// refused with exactly that cap and a message naming `engine`.
fn least_cap<T>(engine: &str, mut attempt: impl FnMut(Budget) -> Result<T>) -> u64 {
    let mut refused_at = |cap: u64| match attempt(Budget::default().with_work(cap)) {
        Ok(_) => false,
        Err(Error::WorkLimitExceeded { what, steps }) => {
            assert_eq!(steps, cap, "{what}");
            assert!(what.contains(engine), "{engine}: {what}");
            true
        }
        Err(other) => panic!("cap {cap}: {other}"),
    };
    assert!(refused_at(0), "{engine} answered with no work at all");
    let mut high = 1u64;
    while refused_at(high) {
        high = high.checked_mul(2).expect("answers under some cap");
    }
    let mut low = high / 2; // refused (or 0, refused above)
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if refused_at(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    high
}

fn dense_labels(graph: &Graph, budget: Budget) -> Result<Vec<Option<Label>>> {
    let solution = DenseSolver::new(graph).with_budget(budget).solve()?;
    Ok((0..graph.num_positions() as u32)
        .map(|u| solution.label(u))
        .collect())
}

#[test]
fn dense_solver_charges_every_position_and_move() {
    let graph = Graph::pseudo_random(3000, 5, 10, 11, Budget::default()).unwrap();
    let uncapped = dense_labels(&graph, Budget::default()).unwrap();
    let cap = least_cap("DenseSolver", |budget| dense_labels(&graph, budget));
    // The out-degrees and the predecessor lists read every position and
    // move once each (16 steps apiece), the induction at most once more.
    let entries = (graph.num_positions() + graph.num_moves()) as u64;
    assert!(
        (2 * 16 * entries..=3 * 16 * entries).contains(&cap),
        "{cap} steps for {entries} positions and moves"
    );
    let budget = Budget::default().with_work(cap);
    assert_eq!(dense_labels(&graph, budget).unwrap(), uncapped);
}

#[test]
fn dense_solver_charges_a_callers_predecessors_and_their_check() {
    let graph = Graph::pseudo_random(1000, 4, 10, 5, Budget::default()).unwrap();
    let reverse = graph.reversed(Budget::default()).unwrap();
    let solve = |budget: Budget, check: bool| -> Result<Vec<Option<Label>>> {
        let solution = DenseSolver::new(&graph)
            .predecessors(|v| reverse.successors(v).to_vec())
            .with_predecessor_check(check)
            .with_budget(budget)
            .solve()?;
        Ok((0..1000).map(|u| solution.label(u)).collect())
    };
    let uncapped = dense_labels(&graph, Budget::default()).unwrap();
    let unchecked = least_cap("DenseSolver", |budget| solve(budget, false));
    let checked = least_cap("DenseSolver", |budget| solve(budget, true));
    // The check lists every move and every predecessor once more.
    let entries = (graph.num_positions() + graph.num_moves()) as u64;
    assert!(
        checked >= unchecked + 2 * 16 * entries,
        "{checked} {unchecked}"
    );
    let enough = Budget::default().with_work(checked);
    assert_eq!(solve(enough, true).unwrap(), uncapped);
}

#[cfg(feature = "parallel")]
#[test]
fn the_parallel_induction_charges_as_the_single_core_one() {
    let graph = Graph::pseudo_random(5000, 5, 10, 3, Budget::default()).unwrap();
    let solve = |budget: Budget| -> Result<Vec<Option<Label>>> {
        let solution = DenseSolver::new(&graph)
            .with_parallel(true)
            .with_budget(budget)
            .solve()?;
        Ok((0..5000).map(|u| solution.label(u)).collect())
    };
    let cap = least_cap("DenseSolver", solve);
    let single = least_cap("DenseSolver", |budget| dense_labels(&graph, budget));
    assert_eq!(cap, single);
    let uncapped = dense_labels(&graph, Budget::default()).unwrap();
    assert_eq!(solve(Budget::default().with_work(cap)).unwrap(), uncapped);
}

/// Two heaps; a move takes 1, 2 or 5 from one, or moves one stone across
/// (which makes cycles, hence draws).
fn two_heaps(&(a, b): &(u16, u16)) -> Vec<(u16, u16)> {
    let mut next = Vec::new();
    for take in [1, 2, 5] {
        if a >= take {
            next.push((a - take, b));
        }
        if b >= take {
            next.push((a, b - take));
        }
    }
    if a > 0 && b < 40 {
        next.push((a - 1, b + 1));
    }
    next
}

#[test]
fn hashed_exploration_and_induction_are_charged() {
    let solve = |budget: Budget| {
        Retrograde::new(two_heaps)
            .with_budget(budget)
            .solve([(40, 40)])
    };
    let uncapped = solve(Budget::default()).unwrap();
    let cap = least_cap("Retrograde", solve);
    let entries = (uncapped.len() + uncapped.graph().num_moves()) as u64;
    // Exploring costs 20 steps a position and a move, reading the
    // out-degrees and building the predecessor lists 16 each.
    assert!(
        cap >= (20 + 2 * 16) * entries,
        "{cap} steps for {entries} positions and moves"
    );
    let capped = solve(Budget::default().with_work(cap)).unwrap();
    let labels = |table: &stonegame::retrograde::RetrogradeTable<(u16, u16)>| {
        table.iter().map(|(p, l)| (*p, l)).collect::<Vec<_>>()
    };
    assert_eq!(labels(&capped), labels(&uncapped));
    // `solve_from` runs the same solve.
    let line = least_cap("Retrograde", |budget| {
        Retrograde::new(two_heaps)
            .with_budget(budget)
            .solve_from((40, 40))
    });
    assert_eq!(line, cap);
}

#[test]
fn impartial_sums_are_charged_and_named() {
    let solve = |budget: Budget| {
        solve_impartial_sum_within(&Nim::new(), [5u64, 4, 3, 2], Convention::Normal, budget)
    };
    let uncapped = solve(Budget::default()).unwrap();
    let cap = least_cap("sum of impartial games", solve);
    let capped = solve(Budget::default().with_work(cap)).unwrap();
    assert_eq!(capped.counts(), uncapped.counts());
    for (sum, label) in uncapped.iter() {
        assert_eq!(capped.label(sum), Some(label), "{sum:?}");
    }
}

#[test]
fn implicit_solver_refuses_at_the_cap_and_names_itself() {
    let solve = |budget: Budget| {
        let solution = ImplicitSolver::from_fns(
            2000,
            |n| {
                [1, 3, 4]
                    .into_iter()
                    .filter(move |&s| s <= n)
                    .map(move |s| n - s)
            },
            |n| {
                [1, 3, 4]
                    .into_iter()
                    .map(move |s| n + s)
                    .filter(|&p| p < 2000)
            },
        )
        .with_predecessor_check(false)
        .with_budget(budget)
        .solve()?;
        Ok((0..2000).map(|u| solution.label(u)).collect::<Vec<_>>())
    };
    let uncapped = solve(Budget::default()).unwrap();
    let cap = least_cap("implicit game", solve);
    assert_eq!(solve(Budget::default().with_work(cap)).unwrap(), uncapped);
}

/// Layers of 40 positions: a position moves to 0 to 3 lower-numbered
/// positions of its own tier or to the tier below.
struct Layers {
    tiers: u32,
    lists_predecessors: bool,
}

const LAYER: u32 = 40;

impl Layers {
    fn targets(p: TierPosition) -> Vec<TierPosition> {
        let h = (p.tier * 7919 + p.index * 104_729) % 97;
        (0..h % 4)
            .filter_map(|k| {
                let step = 1 + (h + k * 13) % 5;
                match p.index.checked_sub(step) {
                    Some(index) => Some(TierPosition {
                        tier: p.tier,
                        index,
                    }),
                    None if p.tier > 0 => Some(TierPosition {
                        tier: p.tier - 1,
                        index: (p.index + step * 7) % LAYER,
                    }),
                    None => None,
                }
            })
            .collect()
    }
}

impl TieredGame for Layers {
    fn identity(&self) -> &str {
        "layers for the work-cap tests v1"
    }
    fn num_tiers(&self) -> u32 {
        self.tiers
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        LAYER
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        Self::targets(p).into_iter().try_for_each(&mut visit)
    }
    fn lists_predecessors(&self) -> bool {
        self.lists_predecessors
    }
    fn for_each_predecessor(
        &self,
        p: TierPosition,
        tier: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for index in 0..LAYER {
            let from = TierPosition { tier, index };
            for to in Self::targets(from) {
                if to == p {
                    visit(index)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "stonegame-retrograde-work-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn tier_labels(database: &mut TierDatabase, tiers: u32) -> Vec<Option<Label>> {
    (0..tiers)
        .flat_map(|tier| (0..LAYER).map(move |index| TierPosition { tier, index }))
        .map(|p| database.label(p).unwrap())
        .collect()
}

#[test]
fn tiered_solves_refuse_between_tiers_and_resume() {
    for lists_predecessors in [false, true] {
        let game = Layers {
            tiers: 6,
            lists_predecessors,
        };
        let reference_dir = scratch(&format!("reference-{lists_predecessors}"));
        let mut reference = TieredSolver::new(&game, &reference_dir).solve().unwrap();
        let expected = tier_labels(&mut reference, 6);
        assert!(
            expected
                .iter()
                .any(|l| l.is_some_and(|l| l.value == Value::Win))
        );

        let dir = scratch(&format!("capped-{lists_predecessors}"));
        let solve = |budget: Budget| {
            let _ = std::fs::remove_dir_all(&dir);
            TieredSolver::new(&game, &dir).with_budget(budget).solve()
        };
        let full = least_cap("layers for the work-cap tests v1", solve);

        // Half the work: some tiers are written, then the solve refuses;
        // the tiers it wrote are kept, and the rest is solved later for
        // less than a whole solve.
        let _ = std::fs::remove_dir_all(&dir);
        let half = Budget::default().with_work(full / 2);
        let refused = TieredSolver::new(&game, &dir).with_budget(half).solve();
        assert!(matches!(refused, Err(Error::WorkLimitExceeded { .. })));
        assert!(std::fs::metadata(TierDatabase::open(&dir, half).path(0)).is_ok());
        let less = Budget::default().with_work(full - 1);
        let mut resumed = TieredSolver::new(&game, &dir)
            .with_budget(less)
            .solve()
            .unwrap();
        assert_eq!(tier_labels(&mut resumed, 6), expected);
        // Checking a tier's file costs a step a byte.
        let bytes = std::fs::metadata(resumed.path(3)).unwrap().len();
        let tight = TierDatabase::open(&dir, Budget::default().with_work(bytes - 1));
        assert!(matches!(
            tight.verify(3),
            Err(Error::WorkLimitExceeded { steps, .. }) if steps == bytes - 1
        ));
        let enough = TierDatabase::open(&dir, Budget::default().with_work(bytes));
        assert_eq!(enough.verify(3).unwrap(), reference.verify(3).unwrap());
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&reference_dir);
    }
}
