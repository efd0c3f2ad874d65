//! `ImplicitGame::for_each_position` (issue 42): a game that walks its own
//! positions gives `solve_values` exactly the labels of the position by
//! position path and of a brute-force fixed point, checked and trusted;
//! a walk that lies (moves that disagree with the predecessors, a move
//! outside `0..N`, positions out of order, missing or extra) is refused or
//! answers as the true game; the walk's work is charged against the cap.

use crate::implicit_lies::{brute_values, game};
use crate::retrograde_strategies::any_convention;

use proptest::prelude::*;
use std::cell::Cell;
use std::ops::ControlFlow;
use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
use stonegame::{Budget, Convention, Error};

/// A game told by lists, whose walk lists `walk` (by default the true
/// positions and moves, in order).
#[derive(Debug, Clone)]
struct Walked {
    successors: Vec<Vec<u32>>,
    predecessors: Vec<Vec<u32>>,
    terminal: Vec<Option<Value>>,
    /// What the walk visits: `None` for no walk at all.
    walk: Option<Vec<(u32, Vec<u32>)>>,
}

impl Walked {
    fn new(n: usize, edges: &[(u32, u32)], terminal: Vec<Option<Value>>) -> Self {
        let mut successors = vec![Vec::new(); n];
        let mut predecessors = vec![Vec::new(); n];
        for &(u, v) in edges {
            successors[u as usize].push(v);
            predecessors[v as usize].push(u);
        }
        let walk = Some((0..n as u32).zip(successors.iter().cloned()).collect());
        Self {
            successors,
            predecessors,
            terminal,
            walk,
        }
    }

    fn values(&self, convention: Convention, trusted: bool) -> Result<Vec<Value>, Error> {
        let solver = ImplicitSolver::new(self).with_convention(convention);
        let solver = if trusted {
            solver.with_trusted_predecessors()
        } else {
            solver
        };
        let values = solver.solve_values()?;
        Ok((0..self.successors.len() as u32)
            .map(|u| values.value(u).unwrap())
            .collect())
    }
}

impl ImplicitGame for Walked {
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
        self.terminal.get(position as usize).copied().flatten()
    }

    fn for_each_position(
        &self,
        mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let walk = self.walk.as_ref()?;
        Some(
            walk.iter()
                .try_for_each(|(u, moves)| visit(*u, self.terminal(*u), moves)),
        )
    }
}

/// A lie about the walk alone (the moves and predecessors stay true).
#[derive(Debug, Clone)]
enum WalkLie {
    /// A move's target changed.
    Retarget,
    /// A move added.
    ExtraMove,
    /// A move dropped.
    DropMove,
    /// A move outside `0..N`.
    Outside,
    /// Two positions swapped in the order.
    Swap,
    /// A position left out.
    Skip,
    /// A position past the last.
    Extra,
}

fn lie() -> impl Strategy<Value = WalkLie> {
    prop_oneof![
        Just(WalkLie::Retarget),
        Just(WalkLie::ExtraMove),
        Just(WalkLie::DropMove),
        Just(WalkLie::Outside),
        Just(WalkLie::Swap),
        Just(WalkLie::Skip),
        Just(WalkLie::Extra),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// An honest walk: the same values as the position by position path
    /// (the same game without its walk) and as the brute force, with the
    /// fingerprint, trusted, and with the exact check (which ignores it).
    #[test]
    fn an_honest_walk_answers_as_the_listings(
        (n, edges, terminal) in game(),
        convention in any_convention(),
    ) {
        let walked = Walked::new(n, &edges, terminal.clone());
        let expected = brute_values(&walked.successors, &terminal, convention);
        let listed = Walked { walk: None, ..walked.clone() };
        prop_assert_eq!(listed.values(convention, false).unwrap(), expected.clone());
        prop_assert_eq!(walked.values(convention, false).unwrap(), expected.clone());
        prop_assert_eq!(walked.values(convention, true).unwrap(), expected.clone());
        let exact = ImplicitSolver::new(&walked)
            .with_convention(convention)
            .with_predecessor_check(true)
            .solve_values()
            .unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(exact.value(u), Some(expected[u as usize]));
        }
    }

    /// A walk that lies: refused (a mismatch, a move outside, positions out
    /// of order) or, where the lie cannot matter (the moves of a position a
    /// terminal rule ends), the true game's values; never a wrong label.
    #[test]
    fn a_lying_walk_is_refused_or_harmless(
        (n, edges, terminal) in game(),
        convention in any_convention(),
        lie in lie(),
        at in any::<usize>(),
        to in any::<u32>(),
    ) {
        let mut walked = Walked::new(n, &edges, terminal.clone());
        let expected = brute_values(&walked.successors, &terminal, convention);
        let walk = walked.walk.as_mut().unwrap();
        let u = at % n;
        let n32 = n as u32;
        match lie {
            WalkLie::Retarget => {
                let moves = &mut walk[u].1;
                if moves.is_empty() || n < 2 {
                    return Ok(());
                }
                let k = to as usize % moves.len();
                moves[k] = (moves[k] + 1 + to % (n32 - 1)) % n32;
            }
            WalkLie::ExtraMove => walk[u].1.push(to % n32),
            WalkLie::DropMove => {
                if walk[u].1.pop().is_none() {
                    return Ok(());
                }
            }
            WalkLie::Outside => walk[u].1.push(n32 + to % 1000),
            WalkLie::Swap => {
                if n < 2 {
                    return Ok(());
                }
                walk.swap(u, (u + 1) % n);
            }
            WalkLie::Skip => {
                walk.remove(u);
            }
            WalkLie::Extra => walk.push((n32 + to % 3, Vec::new())),
        }
        // What the walk says, as a game: a lie the fingerprint cannot see
        // (a position left without moves is known before the search, and
        // its moves are never followed on either side) answers this.
        let mut said = vec![Vec::new(); n];
        for (u, moves) in walk.iter().filter(|(u, _)| (*u as usize) < n) {
            said[*u as usize] = moves.iter().copied().filter(|&v| (v as usize) < n).collect();
        }
        let as_said = brute_values(&said, &terminal, convention);
        let ended = terminal[u].is_some() || walk.iter().all(|(w, moves)| *w as usize != u || moves.is_empty());
        for trusted in [false, true] {
            match walked.values(convention, trusted) {
                Ok(values) => {
                    let order = matches!(lie, WalkLie::Swap | WalkLie::Skip | WalkLie::Extra);
                    prop_assert!(!order, "{:?} was not refused", lie);
                    // Checked (and, trusted, a move outside) only a lie
                    // about a position known before the search passes.
                    if !trusted || matches!(lie, WalkLie::Outside) {
                        prop_assert!(ended, "{:?} at {} was not refused", lie, u);
                        prop_assert!(
                            values == expected || values == as_said,
                            "{:?} at {}: {:?}, expected {:?}", lie, u, values, expected
                        );
                    }
                }
                Err(Error::PredecessorMismatch { .. }) => {
                    prop_assert!(!trusted);
                    prop_assert!(matches!(
                        lie,
                        WalkLie::Retarget | WalkLie::ExtraMove | WalkLie::DropMove
                    ));
                }
                Err(Error::InvalidParameter { name, reason }) => {
                    let order = matches!(lie, WalkLie::Swap | WalkLie::Skip | WalkLie::Extra);
                    if order {
                        prop_assert_eq!(name, "for_each_position");
                    } else {
                        prop_assert!(matches!(lie, WalkLie::Outside));
                        prop_assert_eq!(name, "for_each_move");
                        let named = format!("position {u} has a move");
                        prop_assert!(reason.contains(&named), "{}", reason);
                    }
                }
                Err(other) => prop_assert!(false, "unexpected error {other:?}"),
            }
        }
    }
}

/// A chain `0 → 1 → … → N - 1` that walks its positions and counts them.
struct WalkedChain {
    n: u32,
    walked: Cell<u32>,
    /// Moves a position lists in the walk (each to the next position).
    width: usize,
}

impl ImplicitGame for WalkedChain {
    fn positions(&self) -> usize {
        self.n as usize
    }

    fn for_each_move(
        &self,
        u: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if u + 1 < self.n {
            (0..self.width).try_for_each(|_| visit(u + 1))?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_predecessor(
        &self,
        v: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if v > 0 {
            (0..self.width).try_for_each(|_| visit(v - 1))?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_position(
        &self,
        mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let mut moves = vec![0; self.width];
        Some((0..self.n).try_for_each(|u| {
            self.walked.set(u + 1);
            moves.iter_mut().for_each(|m| *m = u + 1);
            visit(u, None, if u + 1 < self.n { &moves } else { &[] })
        }))
    }
}

/// The walk is charged as it goes: a cap far below the work stops it a
/// block of positions past the cap, long before its end.
#[test]
fn a_walk_is_stopped_at_the_work_cap() {
    let chain = WalkedChain {
        n: 1_000_000,
        walked: Cell::new(0),
        width: 40,
    };
    let refused = ImplicitSolver::new(&chain)
        .with_budget(Budget::default().with_work(100_000))
        .solve_values();
    assert!(
        matches!(
            refused,
            Err(Error::WorkLimitExceeded { steps: 100_000, .. })
        ),
        "{refused:?}"
    );
    // 48 steps a position: the cap is passed after ~2,100 positions, seen
    // at the end of the first block of 1,024 positions past it.
    assert!(chain.walked.get() < 5_000, "walked {}", chain.walked.get());
    // With room, the same walk answers (a chain of 10^6: the first loses).
    let chain = WalkedChain {
        n: 1_000,
        walked: Cell::new(0),
        width: 3,
    };
    let values = ImplicitSolver::new(&chain).solve_values().unwrap();
    assert_eq!(values.value(999), Some(Value::Lose));
    assert_eq!(values.value(998), Some(Value::Win));
}

/// With a walk, a predecessor listing far longer than the cap allows is
/// still stopped at the cap.
#[test]
fn a_long_predecessor_listing_is_stopped_at_the_cap() {
    let chain = WalkedChain {
        n: 3,
        walked: Cell::new(0),
        width: 100_000,
    };
    let refused = ImplicitSolver::new(&chain)
        .with_budget(Budget::default().with_work(150_000))
        .solve_values();
    assert!(
        matches!(refused, Err(Error::WorkLimitExceeded { .. })),
        "{refused:?}"
    );
    let values = ImplicitSolver::new(&chain).solve_values().unwrap();
    assert_eq!(values.value(0), Some(Value::Lose));
}
