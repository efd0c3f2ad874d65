//! The implicit retrograde solver (no stored moves) against the dense one on
//! random graphs with cycles, terminal rules and both conventions; its
//! refusals: predecessor mismatches, moves out of range, memory budget,
//! work cap; a deep chain.

use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::retrograde::{
    DenseSolver, FnImplicitGame, Graph, ImplicitGame, ImplicitSolver, Value,
};
use stonegame::{Budget, Convention, Error};

const BUDGET: Budget = Budget::from_mebibytes(64);

/// A game given by adjacency lists both ways, listed through the trait.
struct Lists {
    successors: Vec<Vec<u32>>,
    predecessors: Vec<Vec<u32>>,
    terminal: Vec<Option<Value>>,
}

impl Lists {
    fn new(n: usize, edges: &[(u32, u32)], terminal: Vec<Option<Value>>) -> Self {
        let mut successors = vec![Vec::new(); n];
        let mut predecessors = vec![Vec::new(); n];
        for &(u, v) in edges {
            successors[u as usize].push(v);
            predecessors[v as usize].push(u);
        }
        Self {
            successors,
            predecessors,
            terminal,
        }
    }
}

impl ImplicitGame for Lists {
    fn positions(&self) -> usize {
        self.successors.len()
    }

    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.successors[position as usize]
            .iter()
            .copied()
            .try_for_each(visit)
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.predecessors[position as usize]
            .iter()
            .copied()
            .try_for_each(visit)
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        self.terminal[position as usize]
    }
}

fn any_convention() -> impl Strategy<Value = Convention> {
    prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
}

/// Mostly no terminal rule; sometimes a forced Win, Lose, Tie or Draw.
fn terminal_rules(n: usize) -> impl Strategy<Value = Vec<Option<Value>>> {
    let rule = prop_oneof![
        8 => Just(None),
        1 => Just(Some(Value::Win)),
        1 => Just(Some(Value::Lose)),
        2 => Just(Some(Value::Tie)),
        1 => Just(Some(Value::Draw)),
    ];
    proptest::collection::vec(rule, n)
}

/// A random graph with cycles, self-loops and repeated moves, and terminal rules.
fn game() -> impl Strategy<Value = (usize, Vec<(u32, u32)>, Vec<Option<Value>>)> {
    (1..=14usize).prop_flat_map(|n| {
        let edge = (0..n as u32, 0..n as u32);
        (
            Just(n),
            proptest::collection::vec(edge, 0..=40),
            terminal_rules(n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Labels, remoteness, best moves, lines and counts equal DenseSolver's,
    /// through the trait and through closures, with and without the check.
    #[test]
    fn implicit_equals_dense(
        (n, edges, terminal) in game(),
        convention in any_convention(),
        checked in any::<bool>(),
    ) {
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let rules = terminal.clone();
        let dense = DenseSolver::new(&graph)
            .with_convention(convention)
            .terminal(move |u| rules[u as usize])
            .with_budget(BUDGET)
            .solve()
            .unwrap();
        let lists = Lists::new(n, &edges, terminal.clone());
        let implicit = ImplicitSolver::new(&lists)
            .with_convention(convention)
            .with_budget(BUDGET)
            .with_predecessor_check(checked)
            .solve()
            .unwrap();
        let closures = FnImplicitGame::new(
            n,
            |u| lists.successors[u as usize].clone(),
            |v| lists.predecessors[v as usize].clone(),
        )
        .terminal(|u| terminal[u as usize]);
        let from_closures = ImplicitSolver::new(closures)
            .with_convention(convention)
            .with_budget(BUDGET)
            .with_predecessor_check(checked)
            .solve()
            .unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(implicit.label(u), dense.label(u), "position {}", u);
            prop_assert_eq!(implicit.best_move(u), dense.best_move(u), "best move of {}", u);
            prop_assert_eq!(implicit.principal_line(u), dense.principal_line(u));
            prop_assert_eq!(implicit.outcome(u), dense.outcome(u));
            prop_assert_eq!(from_closures.label(u), dense.label(u), "closures at {}", u);
            prop_assert_eq!(from_closures.best_move(u), dense.best_move(u));
        }
        prop_assert_eq!(implicit.counts(), dense.counts());
        prop_assert_eq!(implicit.analysis(), dense.analysis());
        prop_assert_eq!(implicit.len(), n);
        prop_assert_eq!(implicit.value(n as u32), None);
        prop_assert!(implicit.principal_line(n as u32).is_empty());
    }

    /// A predecessor list with one move of a non-terminal position dropped,
    /// or one move too many, is refused by the check.
    #[test]
    fn the_check_refuses_a_wrong_predecessor(
        (n, edges, terminal) in game(),
        pick in any::<prop::sample::Index>(),
        extra in any::<bool>(),
        target in any::<prop::sample::Index>(),
    ) {
        let live: Vec<usize> = (0..edges.len())
            .filter(|&k| terminal[edges[k].0 as usize].is_none())
            .collect();
        let mut lists = Lists::new(n, &edges, terminal);
        if extra {
            // A position with no rule claims a move it does not have (one
            // copy more than it has).
            let Some(u) = (0..n as u32).find(|&u| lists.terminal[u as usize].is_none()) else {
                return Ok(());
            };
            lists.predecessors[target.index(n)].push(u);
        } else {
            prop_assume!(!live.is_empty());
            let (u, v) = edges[live[pick.index(live.len())]];
            let list = &mut lists.predecessors[v as usize];
            let at = list.iter().position(|&w| w == u).unwrap();
            list.remove(at);
        }
        let refused = ImplicitSolver::new(&lists)
            .with_budget(BUDGET)
            .with_predecessor_check(true)
            .solve();
        prop_assert!(
            matches!(refused, Err(Error::PredecessorMismatch { .. })),
            "{:?}",
            refused.map(|s| s.counts())
        );
    }
}

#[test]
fn moves_outside_the_positions_are_refused() {
    let bad_predecessor =
        ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| Some(v + 5))
            .with_predecessor_check(false)
            .solve()
            .unwrap_err();
    assert!(
        matches!(
            bad_predecessor,
            Error::InvalidParameter {
                name: "for_each_predecessor",
                ..
            }
        ),
        "{bad_predecessor}"
    );
    assert!(bad_predecessor.to_string().contains("outside 0..3"));
    let bad_move = ImplicitSolver::from_fns(3, |u| Some(u + 1), |v| v.checked_sub(1))
        .with_predecessor_check(true)
        .solve()
        .unwrap_err();
    assert!(
        matches!(
            bad_move,
            Error::InvalidParameter {
                name: "for_each_move",
                ..
            }
        ),
        "{bad_move}"
    );
}

#[test]
fn a_chain_of_a_million_solves_without_recursion() {
    const N: u32 = 1_000_000;
    let solution = ImplicitSolver::from_fns(
        N as usize,
        |u| (u + 1 < N).then_some(u + 1),
        |v| v.checked_sub(1),
    )
    .with_predecessor_check(true)
    .solve()
    .unwrap();
    assert_eq!(solution.remoteness(0), Some(N - 1));
    assert_eq!(solution.value(0), Some(Value::Win)); // N - 1 is odd
    assert_eq!(solution.value(1), Some(Value::Lose));
    let line = solution.principal_line(0);
    assert_eq!(line.len(), N as usize);
    assert_eq!(line.last(), Some(&(N - 1)));
}

#[test]
fn a_small_budget_is_refused_before_anything_is_listed() {
    // u32::MAX positions need 9 × 2^32 bytes: refused at once; no closure
    // is called (each would panic).
    let listed = |_: u32| -> Option<u32> { panic!("listed a move before the budget check") };
    let game = FnImplicitGame::new(u32::MAX as usize, listed, listed)
        .terminal(|_| -> Option<Value> { panic!("asked a terminal rule before the budget check") });
    let refused = ImplicitSolver::new(game).solve().unwrap_err();
    assert!(
        matches!(refused, Error::MemoryBudgetExceeded { needed_bytes, .. } if needed_bytes == 9 * u32::MAX as u128),
        "{refused}"
    );
    let refused = ImplicitSolver::from_fns(1000, |_| None, |_| None)
        .with_budget(Budget::from_bytes(8999))
        .solve()
        .unwrap_err();
    assert!(matches!(
        refused,
        Error::MemoryBudgetExceeded {
            budget_bytes: 8999,
            ..
        }
    ));
    assert!(
        ImplicitSolver::from_fns(1000, |_| None, |_| None)
            .with_budget(Budget::from_bytes(9000))
            .with_predecessor_check(false)
            .solve()
            .is_ok()
    );
    let too_many = FnImplicitGame::new(u32::MAX as usize + 1, listed, listed);
    assert!(matches!(
        ImplicitSolver::new(too_many).solve(),
        Err(Error::SizeLimitExceeded { .. })
    ));
}

#[test]
fn the_work_cap_is_enforced() {
    // A complete game on 300 positions: 90,000 moves to count.
    let n = 300u32;
    let all = move |_: u32| 0..n;
    let capped = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(50_000))
        .solve()
        .unwrap_err();
    assert!(
        matches!(capped, Error::WorkLimitExceeded { steps: 50_000, .. }),
        "{capped}"
    );
    // Every move is counted once and the predecessors of the (draw-free)
    // labelled positions are not listed at all here: everything draws.
    let solution = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(90_000))
        .with_predecessor_check(false)
        .solve()
        .unwrap();
    assert_eq!(solution.counts().draw, n as usize);
    let checked = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(90_000))
        .with_predecessor_check(true)
        .solve();
    assert!(matches!(checked, Err(Error::WorkLimitExceeded { .. })));
}

#[test]
fn berzerk_samples() {
    // Codeforces 786A, both samples, through closures over (player, object).
    fn berzerk(n: u32, rick: &[u32], morty: &[u32]) -> String {
        let steps = [rick.to_vec(), morty.to_vec()];
        let successors = |v: u32| {
            let (p, x) = (v / n, v % n);
            let next = (1 - p) * n;
            steps[p as usize]
                .iter()
                .map(move |&s| next + (x + s) % n)
                .collect::<Vec<_>>()
        };
        let predecessors = |v: u32| {
            let (p, y) = (v / n, v % n);
            let q = 1 - p;
            steps[q as usize]
                .iter()
                .map(move |&s| q * n + (y + n - s) % n)
                .collect::<Vec<_>>()
        };
        let game = FnImplicitGame::new(2 * n as usize, successors, predecessors)
            .terminal(|v| (v % n == 0).then_some(Value::Lose));
        let solution = ImplicitSolver::new(game)
            .with_predecessor_check(true)
            .solve()
            .unwrap();
        (0..2)
            .map(|p| {
                (1..n)
                    .map(|x| match solution.value(p * n + x).unwrap() {
                        Value::Win => "Win",
                        Value::Lose => "Lose",
                        _ => "Loop",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
    assert_eq!(
        berzerk(5, &[3, 2], &[1, 2, 3]),
        "Lose Win Win Loop\nLoop Win Win Win"
    );
    assert_eq!(
        berzerk(8, &[6, 2, 3, 4], &[3, 6]),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose"
    );
}
