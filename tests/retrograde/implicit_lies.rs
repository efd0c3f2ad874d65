//! Implicit games that contradict themselves (issue 43, item 2): predecessor
//! listings that miss a move, add one, repeat one or name the wrong mover,
//! and moves outside `0..N`, placed at random in small random games with
//! cycles and terminal rules. With the default checks (the fingerprint, in
//! every build) each solve is refused with an error naming the position, or
//! answers exactly what a brute-force fixed point over the game's true
//! moves answers: never a wrong label. Both searches: `solve` (labels and
//! remoteness) and `solve_values` (labels alone, narrow counters), the
//! latter also with more than 255 moves a position (its `u32` counters).

use crate::retrograde_strategies as strategies;

use crate::lists::Lists;
use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::retrograde::{DenseSolver, Graph, ImplicitGame, ImplicitSolver, Value};
use stonegame::{Budget, Convention, Error};
use strategies::{any_convention, terminal_rules};

const BUDGET: Budget = Budget::from_mebibytes(64);

/// The values of a game by brute force over its moves, independent of the
/// engine: fixed rules first, then rounds until nothing changes (a win
/// where some move reaches a loss, a loss where every move reaches a win),
/// then ties spread the same way (a move to a tie), draws for the rest.
pub(crate) fn brute_values(
    successors: &[Vec<u32>],
    terminal: &[Option<Value>],
    convention: Convention,
) -> Vec<Value> {
    let n = successors.len();
    let no_moves = match convention {
        Convention::Misere => Value::Win,
        _ => Value::Lose,
    };
    let mut value: Vec<Option<Value>> = (0..n)
        .map(|u| terminal[u].or_else(|| successors[u].is_empty().then_some(no_moves)))
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for u in 0..n {
            if value[u].is_some() {
                continue;
            }
            let children = || successors[u].iter().map(|&v| value[v as usize]);
            let found = if children().any(|c| c == Some(Value::Lose)) {
                Some(Value::Win)
            } else if children().all(|c| c == Some(Value::Win)) {
                Some(Value::Lose)
            } else {
                None
            };
            if found.is_some() {
                value[u] = found;
                changed = true;
            }
        }
    }
    changed = true;
    while changed {
        changed = false;
        for u in 0..n {
            if value[u].is_none()
                && successors[u]
                    .iter()
                    .any(|&v| value[v as usize] == Some(Value::Tie))
            {
                value[u] = Some(Value::Tie);
                changed = true;
            }
        }
    }
    value
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

/// A random game with cycles, self-loops, repeated moves and terminal rules.
pub(crate) fn game() -> impl Strategy<Value = (usize, Vec<(u32, u32)>, Vec<Option<Value>>)> {
    (1..=12usize).prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::vec((0..n as u32, 0..n as u32), 0..=36),
            terminal_rules(n),
        )
    })
}

/// Where a lie goes: three indices, used modulo what there is to pick from.
fn placement() -> impl Strategy<Value = (usize, usize, usize)> {
    (any::<usize>(), any::<usize>(), any::<usize>())
}

/// How a lie bends the lists; `None` where the game has nothing to bend.
#[derive(Debug, Clone, Copy)]
enum Lie {
    /// One predecessor entry dropped.
    Missing,
    /// A predecessor `u` added to some position's list.
    Extra,
    /// One predecessor entry listed twice.
    Duplicated,
    /// One predecessor entry replaced by another position.
    Replaced,
    /// A move to `N + k` added to some position.
    Outside,
}

/// Every `(v, index)` of a predecessor entry.
fn entries(lists: &Lists) -> Vec<(usize, usize)> {
    (0..lists.predecessors.len())
        .flat_map(|v| (0..lists.predecessors[v].len()).map(move |k| (v, k)))
        .collect()
}

/// Bends `lists` by `lie` at `(a, b, c)`; returns the position whose
/// listing now lies (its number as the error should name it), or `None`
/// when there was nothing to bend.
fn tell(lists: &mut Lists, lie: Lie, (a, b, c): (usize, usize, usize)) -> Option<u32> {
    let n = lists.successors.len();
    match lie {
        Lie::Missing | Lie::Duplicated | Lie::Replaced => {
            let all = entries(lists);
            let &(v, k) = all.get(a % all.len().max(1))?;
            let list = &mut lists.predecessors[v];
            match lie {
                Lie::Missing => {
                    list.remove(k);
                }
                Lie::Duplicated => list.insert(b % (list.len() + 1), list[k]),
                _ => {
                    let other = (list[k] as usize + 1 + b % n.max(2)) % n;
                    if other == list[k] as usize {
                        return None;
                    }
                    list[k] = other as u32;
                }
            }
            Some(v as u32)
        }
        Lie::Extra => {
            let (u, v) = ((a % n) as u32, b % n);
            let list = &mut lists.predecessors[v];
            list.insert(c % (list.len() + 1), u);
            Some(v as u32)
        }
        Lie::Outside => {
            let u = a % n;
            let list = &mut lists.successors[u];
            list.insert(c % (list.len() + 1), (n + b % 3) as u32);
            Some(u as u32)
        }
    }
}

/// Solves the lying `lists` with the default checks; passes when the
/// solver refuses the lie naming `liar`, or answers as the brute force on
/// the true moves `truth` does (values) and as the dense solver on them
/// (values and remoteness).
fn refused_or_right(
    lists: &Lists,
    truth: &Lists,
    liar: u32,
    convention: Convention,
) -> Result<(), TestCaseError> {
    values_refused_or_right(lists, truth, liar, convention)?;
    match ImplicitSolver::new(lists)
        .with_convention(convention)
        .with_budget(BUDGET)
        .solve()
    {
        Err(Error::PredecessorMismatch { position }) => {
            prop_assert_eq!(position, format!("position {liar}"));
        }
        Err(Error::InvalidParameter { name, reason }) => {
            prop_assert_eq!(name, "for_each_move");
            let named = format!("position {liar} has a move");
            prop_assert!(reason.starts_with(&named), "{}", reason);
        }
        Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
        Ok(solution) => {
            let values = brute_values(&truth.successors, &truth.terminal, convention);
            for u in 0..values.len() as u32 {
                prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
            }
            let true_moves: Vec<(u32, u32)> = (0..truth.successors.len())
                .flat_map(|u| truth.successors[u].iter().map(move |&v| (u as u32, v)))
                .collect();
            let graph = Graph::from_edges(values.len(), &true_moves, BUDGET).unwrap();
            let rules = truth.terminal.clone();
            let dense = DenseSolver::new(&graph)
                .with_convention(convention)
                .terminal(move |u| rules[u as usize])
                .with_budget(BUDGET)
                .solve()
                .unwrap();
            for u in 0..values.len() as u32 {
                prop_assert_eq!(solution.label(u), dense.label(u), "at {}", u);
            }
        }
    }
    Ok(())
}

/// As [`refused_or_right`], for the labels-only search
/// ([`ImplicitSolver::solve_values`]).
fn values_refused_or_right(
    lists: &Lists,
    truth: &Lists,
    liar: u32,
    convention: Convention,
) -> Result<(), TestCaseError> {
    match ImplicitSolver::new(lists)
        .with_convention(convention)
        .with_budget(BUDGET)
        .solve_values()
    {
        Err(Error::PredecessorMismatch { position }) => {
            prop_assert_eq!(position, format!("position {liar}"));
        }
        Err(Error::InvalidParameter { name, reason }) => {
            prop_assert_eq!(name, "for_each_move");
            let named = format!("position {liar} has a move");
            prop_assert!(reason.starts_with(&named), "{}", reason);
        }
        Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
        Ok(found) => {
            let values = brute_values(&truth.successors, &truth.terminal, convention);
            for u in 0..values.len() as u32 {
                prop_assert_eq!(found.value(u), Some(values[u as usize]), "values at {}", u);
            }
        }
    }
    Ok(())
}

/// Plays a lie of kind `lie` on a random game: `Outside` changes the moves
/// (the truth is then the moves inside `0..N`, which never get a label from
/// the outside one as it is refused), the others the predecessors only.
fn lie_case(
    (n, edges, terminal): (usize, Vec<(u32, u32)>, Vec<Option<Value>>),
    lie: Lie,
    at: (usize, usize, usize),
    convention: Convention,
) -> Result<(), TestCaseError> {
    let truth = Lists::new(n, &edges, terminal);
    let mut lists = truth.clone();
    let Some(liar) = tell(&mut lists, lie, at) else {
        return Ok(());
    };
    if let Lie::Outside = lie {
        // A terminal position's moves are never listed: its outside move is
        // not a lie the game tells (nothing refused, answers unchanged).
        if lists.terminal[liar as usize].is_some() {
            let solution = ImplicitSolver::new(&lists)
                .with_convention(convention)
                .with_budget(BUDGET)
                .solve()
                .unwrap();
            let values = brute_values(&truth.successors, &truth.terminal, convention);
            for u in 0..n as u32 {
                prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
            }
            return Ok(());
        }
        let refused = ImplicitSolver::new(&lists)
            .with_convention(convention)
            .with_budget(BUDGET)
            .solve();
        let Err(Error::InvalidParameter { name, reason }) = refused else {
            prop_assert!(false, "a move outside 0..{} was not refused", n);
            unreachable!()
        };
        prop_assert_eq!(name, "for_each_move");
        prop_assert!(
            reason.starts_with(&format!("position {liar} has a move")),
            "{}",
            reason
        );
        return values_refused_or_right(&lists, &truth, liar, convention);
    }
    refused_or_right(&lists, &truth, liar, convention)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// A predecessor entry dropped: refused naming its position, or harmless.
    #[test]
    fn a_missing_predecessor_is_refused_or_harmless(
        game in game(), at in placement(), convention in any_convention(),
    ) {
        lie_case(game, Lie::Missing, at, convention)?;
    }

    /// A predecessor that has no such move: refused naming the position, or harmless.
    #[test]
    fn an_extra_predecessor_is_refused_or_harmless(
        game in game(), at in placement(), convention in any_convention(),
    ) {
        lie_case(game, Lie::Extra, at, convention)?;
    }

    /// A predecessor listed twice for one move.
    #[test]
    fn a_duplicated_predecessor_is_refused_or_harmless(
        game in game(), at in placement(), convention in any_convention(),
    ) {
        lie_case(game, Lie::Duplicated, at, convention)?;
    }

    /// A predecessor entry naming the wrong mover.
    #[test]
    fn a_replaced_predecessor_is_refused_or_harmless(
        game in game(), at in placement(), convention in any_convention(),
    ) {
        lie_case(game, Lie::Replaced, at, convention)?;
    }

    /// A move to a number outside `0..N`.
    #[test]
    fn a_move_outside_the_numbering_is_refused(
        game in game(), at in placement(), convention in any_convention(),
    ) {
        lie_case(game, Lie::Outside, at, convention)?;
    }

    /// Several lies of random kinds at once.
    #[test]
    fn several_lies_are_refused_or_harmless(
        game in game(),
        lies in proptest::collection::vec((0..4usize, placement()), 1..=4),
        convention in any_convention(),
    ) {
        let (n, edges, terminal) = game;
        let truth = Lists::new(n, &edges, terminal);
        let mut lists = truth.clone();
        let kinds = [Lie::Missing, Lie::Extra, Lie::Duplicated, Lie::Replaced];
        for (kind, at) in lies {
            let _ = tell(&mut lists, kinds[kind], at);
        }
        let solver = || ImplicitSolver::new(&lists).with_convention(convention).with_budget(BUDGET);
        let values = brute_values(&truth.successors, &truth.terminal, convention);
        match solver().solve() {
            Err(Error::PredecessorMismatch { .. }) => {}
            Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
            Ok(solution) => {
                for u in 0..n as u32 {
                    prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
                }
            }
        }
        match solver().solve_values() {
            Err(Error::PredecessorMismatch { .. }) => {}
            Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
            Ok(found) => {
                for u in 0..n as u32 {
                    prop_assert_eq!(found.value(u), Some(values[u as usize]), "values at {}", u);
                }
            }
        }
    }

    /// Honest games: the values equal the brute force's, with the
    /// fingerprint, with the exact check, and trusted.
    #[test]
    fn honest_games_answer_as_the_brute_force(
        (n, edges, terminal) in game(),
        convention in any_convention(),
        mode in 0..3u8,
    ) {
        let lists = Lists::new(n, &edges, terminal);
        let solver = ImplicitSolver::new(&lists).with_convention(convention).with_budget(BUDGET);
        let solver = match mode {
            0 => solver,
            1 => solver.with_predecessor_check(true),
            _ => solver.with_trusted_predecessors(),
        };
        let values = brute_values(&lists.successors, &lists.terminal, convention);
        let found = solver.clone().solve_values().unwrap();
        let solution = solver.solve().unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
            prop_assert_eq!(found.value(u), Some(values[u as usize]), "values at {}", u);
        }
        prop_assert_eq!(found.counts(), solution.counts());
    }
}

/// The lies the issue replayed, in a release-sized setting: a chain game
/// whose predecessors miss one move is refused (it was answered with wrong
/// labels when only the debug build checked).
#[test]
fn a_missing_move_in_a_large_game_is_refused_naming_it() {
    let n = 100_000u32;
    // u → u + 1 and u → u + 2; predecessors of 77_777 forget 77_775.
    let solver = ImplicitSolver::from_fns(
        n as usize,
        move |u| [u + 1, u + 2].into_iter().filter(move |&v| v < n),
        |v| {
            [v.checked_sub(1), v.checked_sub(2).filter(|_| v != 77_777)]
                .into_iter()
                .flatten()
        },
    );
    let refused = solver.solve().unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the predecessors given disagree with the successors at position 77777: they must \
         list every position with a move to it, once per such move, and nothing else"
    );
}

/// A game whose predecessors differ from one call to the next: the
/// fingerprint differs, the exact check (a second listing) finds nothing,
/// and the error says so.
#[test]
fn a_listing_that_changes_is_refused_without_a_name() {
    let calls = std::cell::Cell::new(0u32);
    let solver = ImplicitSolver::from_fns(
        3,
        |u| (u < 2).then_some(u + 1),
        |v| {
            calls.set(calls.get() + 1);
            // Right from the fourth call on (the exact check's).
            let right = calls.get() > 3;
            v.checked_sub(if right { 1 } else { 2 })
        },
    );
    let Err(Error::PredecessorMismatch { position }) = solver.solve() else {
        panic!("a changing listing was not refused");
    };
    assert!(
        position.contains("change from one call to the next"),
        "{position}"
    );
}

/// A mismatch whose exact check does not fit the work cap: refused all the
/// same, saying how to name the position.
#[test]
fn a_mismatch_past_the_work_cap_is_refused_saying_how_to_name_it() {
    let n = 20_000u32;
    let forgetful = move |v: u32| v.checked_sub(1).filter(|_| v != n - 1);
    let work = |cap| {
        ImplicitSolver::from_fns(n as usize, move |u| (u + 1 < n).then_some(u + 1), forgetful)
            .with_budget(BUDGET.with_work(cap))
            .solve()
    };
    // Find a cap the induction fits and the exact check does not.
    let refusals: Vec<Error> = (300_000..1_200_000)
        .step_by(50_000)
        .filter_map(|cap| work(cap).err())
        .collect();
    assert!(
        refusals.iter().any(|e| matches!(e,
            Error::PredecessorMismatch { position } if position.contains("Budget::with_work"))),
        "{refusals:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Positions with more than 255 moves (repeated moves): the labels-only
    /// search widens its counters and answers as the brute force.
    #[test]
    fn values_with_wide_counters_answer_as_the_brute_force(
        (n, edges, terminal) in game(),
        heavy in 0..12usize,
        repeats in 250..300usize,
        convention in any_convention(),
    ) {
        let mut edges = edges;
        let u = (heavy % n) as u32;
        edges.extend(std::iter::repeat_n((u, (u + 1) % n as u32), repeats));
        let lists = Lists::new(n, &edges, terminal);
        let found = ImplicitSolver::new(&lists)
            .with_convention(convention)
            .with_budget(BUDGET)
            .solve_values()
            .unwrap();
        let values = brute_values(&lists.successors, &lists.terminal, convention);
        for u in 0..n as u32 {
            prop_assert_eq!(found.value(u), Some(values[u as usize]), "at {}", u);
        }
    }
}

/// [`Lists`] that also tell their move counts, off by `skew` (0: honest).
struct Counted {
    lists: Lists,
    skew: u32,
}

impl ImplicitGame for Counted {
    fn positions(&self) -> usize {
        self.lists.positions()
    }

    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.lists.for_each_move(position, visit)
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.lists.for_each_predecessor(position, visit)
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        self.lists.terminal(position)
    }

    fn move_count(&self, position: u32) -> Option<u32> {
        Some(self.lists.successors[position as usize].len() as u32 + self.skew)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Honest move counts, trusted: both searches answer as the brute force.
    /// Skewed counts are never read unless trusted: checked, both searches
    /// still answer as the brute force.
    #[test]
    fn move_counts_are_read_only_when_trusted(
        (n, edges, terminal) in game(),
        convention in any_convention(),
        skew in 0..3u32,
    ) {
        let lists = Lists::new(n, &edges, terminal);
        let values = brute_values(&lists.successors, &lists.terminal, convention);
        let game = Counted { lists, skew };
        let solver = || ImplicitSolver::new(&game).with_convention(convention).with_budget(BUDGET);
        let checked = [solver().solve_values().unwrap(), solver().with_predecessor_check(true).solve_values().unwrap()];
        for found in &checked {
            for u in 0..n as u32 {
                prop_assert_eq!(found.value(u), Some(values[u as usize]), "at {}", u);
            }
        }
        if skew == 0 {
            let trusted = solver().with_trusted_predecessors();
            let found = trusted.clone().solve_values().unwrap();
            let solution = trusted.solve().unwrap();
            for u in 0..n as u32 {
                prop_assert_eq!(found.value(u), Some(values[u as usize]), "at {}", u);
                prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
            }
        }
    }
}
