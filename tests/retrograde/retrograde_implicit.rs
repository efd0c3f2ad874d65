//! The implicit retrograde solver (no stored moves) against the dense one on
//! random graphs with cycles, terminal rules and both conventions; its
//! refusals: predecessor mismatches, moves out of range, memory budget,
//! work cap; a deep chain; Codeforces 786A (examples/cf786a.rs) against the
//! hand-written BFS (benches/baseline/hand_cf786a.rs).

#[allow(dead_code)]
#[path = "../../examples/cf786a.rs"]
mod cf786a;

#[allow(dead_code)]
#[path = "../../benches/baseline/hand_cf786a.rs"]
mod hand;

use crate::retrograde_strategies as strategies;

use crate::lists::Lists;
use proptest::prelude::*;
use stonegame::retrograde::{DenseSolver, FnImplicitGame, Graph, ImplicitSolver, Value};
use stonegame::{Budget, Error};
use strategies::{any_convention, terminal_rules};

const BUDGET: Budget = Budget::from_mebibytes(64);

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
        .with_terminal(|u| terminal[u as usize]);
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
    let game = FnImplicitGame::new(u32::MAX as usize, listed, listed).with_terminal(
        |_| -> Option<Value> { panic!("asked a terminal rule before the budget check") },
    );
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
    // Trusted, every move is counted once (a step each, and
    // IMPLICIT_LISTING_STEPS a position's listing) and the predecessors of
    // the (draw-free) labelled positions are not listed at all here:
    // everything draws.
    let counted = 90_000 + u64::from(n) * stonegame::retrograde::IMPLICIT_LISTING_STEPS;
    let solution = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(counted))
        .with_trusted_predecessors()
        .solve()
        .unwrap();
    assert_eq!(solution.counts().draw, n as usize);
    let short = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(counted - 1))
        .with_trusted_predecessors()
        .solve();
    assert!(matches!(short, Err(Error::WorkLimitExceeded { .. })));
    // The fingerprint lists the drawn positions' predecessors too (four
    // steps each, and a listing's eight).
    let fingerprinted = counted + 4 * 90_000 + u64::from(n) * 8;
    let solution = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(fingerprinted))
        .solve()
        .unwrap();
    assert_eq!(solution.counts().draw, n as usize);
    let short = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(fingerprinted - 1))
        .solve();
    assert!(matches!(short, Err(Error::WorkLimitExceeded { .. })));
    let checked = ImplicitSolver::from_fns(n as usize, all, all)
        .with_budget(Budget::default().with_work(counted))
        .with_predecessor_check(true)
        .solve();
    assert!(matches!(checked, Err(Error::WorkLimitExceeded { .. })));
}

#[test]
fn berzerk_answers_the_samples() {
    assert_eq!(
        cf786a::solve("5\n2 3 2\n3 1 2 3\n").unwrap(),
        "Lose Win Win Loop\nLoop Win Win Win\n"
    );
    assert_eq!(
        cf786a::solve("8\n4 6 2 3 4\n2 3 6\n").unwrap(),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n"
    );
}

#[test]
fn berzerk_names_the_bad_line() {
    for (input, expected) in [
        ("", "line 1: empty input"),
        ("1\n1 1\n1 1\n", "line 1: n = 1"),
        ("5\n2 3 2\n", "line 3: input ends before Morty's steps"),
        ("5\n\n2 3 3\n3 1 2 3\n", "line 3: Rick: step 3 is repeated"),
        (
            "5\n2 3 2\n3 1 2 5\n",
            "line 3: Morty: step 5 is outside 1..5",
        ),
        (
            "5\n2 3 2\n2 1 2 3\n",
            "line 3: Morty: k = 2, but 3 steps follow",
        ),
        ("5\n0\n1 1\n", "line 2: Rick: k = 0"),
        ("5\n2 3 x\n1 1\n", "line 2: Rick: `x` is not"),
        ("5\n2 3 2\n1 1\n7\n", "line 4: unexpected input"),
    ] {
        let error = cf786a::solve(input).expect_err(input);
        assert!(error.starts_with(expected), "{input:?}: {error}");
    }
}

proptest! {
    /// The example (implicit solver) agrees with the hand-written BFS.
    #[test]
    fn berzerk_agrees_with_the_hand_bfs(
        (n, rick, morty) in (2usize..=14).prop_flat_map(|n| {
            let set = proptest::sample::subsequence((1..n).collect::<Vec<_>>(), 1..n);
            (Just(n), set.clone().prop_shuffle(), set.prop_shuffle())
        })
    ) {
        let line = |set: &Vec<usize>| {
            format!("{} {}\n", set.len(), set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" "))
        };
        let input = format!("{n}\n{}{}", line(&rick), line(&morty));
        let result = hand::solve(n, &[rick, morty]);
        let expected: String = (0..2)
            .map(|player| {
                let words: Vec<&str> = (1..n)
                    .map(|object| match result[player * n + object] {
                        1 => "Win",
                        2 => "Lose",
                        _ => "Loop",
                    })
                    .collect();
                words.join(" ") + "\n"
            })
            .collect();
        prop_assert_eq!(cf786a::solve(&input).unwrap(), expected);
    }
}
