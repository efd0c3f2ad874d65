//! `ImplicitGame::with_predecessors` (issue 42): a game that hands each
//! position's predecessors as one slice gets exactly the labels of the
//! one-by-one listing and of a brute-force fixed point, with `solve` and
//! `solve_values`, checked, trusted and exact; a slice that lies (an entry
//! missing, added, repeated, replaced, outside `0..N`, the slice handed
//! twice or never) is refused or answers as the true game, never wrong; a
//! slice is charged against the work cap.

use crate::implicit_lies::{brute_values, game};
use crate::retrograde_strategies::any_convention;

use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
use stonegame::{Budget, Convention, Error};

/// A game told by lists, whose predecessors are handed as slices (or, with
/// `slices` off, listed one by one only); `handed` bends how one
/// position's slice is handed.
#[derive(Debug, Clone)]
struct Sliced {
    successors: Vec<Vec<u32>>,
    predecessors: Vec<Vec<u32>>,
    terminal: Vec<Option<Value>>,
    slices: bool,
    handed: Option<(u32, Handed)>,
}

/// How a slice is handed, other than once.
#[derive(Debug, Clone, Copy)]
enum Handed {
    Twice,
    Never,
}

impl Sliced {
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
            slices: true,
            handed: None,
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

impl ImplicitGame for Sliced {
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

    fn with_predecessors(&self, position: u32, mut visit: impl FnMut(&[u32])) -> bool {
        if !self.slices {
            return false;
        }
        let from = &self.predecessors[position as usize];
        match self.handed {
            Some((v, Handed::Never)) if v == position => {}
            Some((v, Handed::Twice)) if v == position => {
                visit(from);
                visit(from);
            }
            _ => visit(from),
        }
        true
    }
}

/// A lie about one position's slice.
#[derive(Debug, Clone, Copy)]
enum SliceLie {
    Missing,
    Extra,
    Duplicated,
    Replaced,
    Outside,
    Twice,
    Never,
}

fn slice_lie() -> impl Strategy<Value = SliceLie> {
    prop_oneof![
        Just(SliceLie::Missing),
        Just(SliceLie::Extra),
        Just(SliceLie::Duplicated),
        Just(SliceLie::Replaced),
        Just(SliceLie::Outside),
        Just(SliceLie::Twice),
        Just(SliceLie::Never),
    ]
}

/// Bends `game`'s slice of position `v` by `lie` (`b` picks an entry or a
/// position); `false` when there was nothing to bend.
fn tell(game: &mut Sliced, v: usize, lie: SliceLie, b: usize) -> bool {
    let n = game.successors.len();
    let list = &mut game.predecessors[v];
    let k = b % list.len().max(1);
    match lie {
        SliceLie::Missing if !list.is_empty() => {
            list.remove(k);
        }
        SliceLie::Duplicated if !list.is_empty() => list.insert(k, list[k]),
        SliceLie::Replaced if !list.is_empty() && n > 1 => {
            list[k] = (list[k] + 1 + (b % (n - 1)) as u32) % n as u32;
        }
        SliceLie::Extra => list.insert(k.min(list.len()), (b % n) as u32),
        SliceLie::Outside => list.insert(k.min(list.len()), (n + b % 3) as u32),
        SliceLie::Twice if !list.is_empty() => game.handed = Some((v as u32, Handed::Twice)),
        SliceLie::Never if !list.is_empty() => game.handed = Some((v as u32, Handed::Never)),
        _ => return false,
    }
    true
}

/// A refusal of a lie about `v`'s slice: a mismatch naming `v`, or its
/// predecessor outside `0..N`.
fn refuses(error: &Error, v: usize) -> Result<(), TestCaseError> {
    match error {
        Error::PredecessorMismatch { position } => {
            prop_assert_eq!(position, &format!("position {v}"));
        }
        Error::InvalidParameter { name, reason } => {
            prop_assert_eq!(*name, "with_predecessors");
            let named = format!("position {v} has a predecessor");
            prop_assert!(reason.starts_with(&named), "{}", reason);
        }
        other => prop_assert!(false, "unexpected refusal: {}", other),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Honest slices: the values of the brute force and of the same game
    /// listing one by one, checked, trusted and exact; and `solve`'s
    /// labels (with remoteness) the same as the one-by-one listing's.
    #[test]
    fn honest_slices_answer_as_the_listings(
        (n, edges, terminal) in game(),
        convention in any_convention(),
    ) {
        let sliced = Sliced::new(n, &edges, terminal.clone());
        let listed = Sliced { slices: false, ..sliced.clone() };
        let expected = brute_values(&sliced.successors, &terminal, convention);
        prop_assert_eq!(sliced.values(convention, false).unwrap(), expected.clone());
        prop_assert_eq!(sliced.values(convention, true).unwrap(), expected.clone());
        let exact = ImplicitSolver::new(&sliced)
            .with_convention(convention)
            .with_predecessor_check(true)
            .solve_values()
            .unwrap();
        let by_slices = ImplicitSolver::new(&sliced).with_convention(convention).solve().unwrap();
        let one_by_one = ImplicitSolver::new(&listed).with_convention(convention).solve().unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(exact.value(u), Some(expected[u as usize]));
            prop_assert_eq!(by_slices.label(u), one_by_one.label(u));
            prop_assert_eq!(by_slices.value(u), Some(expected[u as usize]));
        }
    }

    /// Lying slices, with the default checks: each search refuses naming
    /// the position, or answers as the brute force on the true moves
    /// (the lie was about a position known before the search); trusted, a
    /// predecessor outside `0..N` is still refused where it is listed.
    #[test]
    fn lying_slices_are_refused_or_harmless(
        (n, edges, terminal) in game(),
        convention in any_convention(),
        lie in slice_lie(),
        at in any::<usize>(),
        b in any::<usize>(),
    ) {
        let truth = Sliced::new(n, &edges, terminal.clone());
        let mut lying = truth.clone();
        let v = at % n;
        if !tell(&mut lying, v, lie, b) {
            return Ok(());
        }
        let expected = brute_values(&truth.successors, &terminal, convention);
        match lying.values(convention, false) {
            Ok(values) => prop_assert_eq!(values, expected.clone()),
            Err(error) => refuses(&error, v)?,
        }
        match ImplicitSolver::new(&lying).with_convention(convention).solve() {
            Ok(solution) => {
                for u in 0..n as u32 {
                    prop_assert_eq!(solution.value(u), Some(expected[u as usize]));
                }
            }
            Err(error) => refuses(&error, v)?,
        }
        match lying.values(convention, true) {
            Err(error) => {
                prop_assert!(matches!(lie, SliceLie::Outside), "{:?}: {}", lie, error);
                refuses(&error, v)?;
            }
            Ok(_) => {}
        }
    }
}

/// A chain `0 → 1 → … → N - 1` whose every position but the first hands a
/// slice of `width` copies of its predecessor (the moves repeat as often).
struct WideChain {
    n: u32,
    width: usize,
}

impl ImplicitGame for WideChain {
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

    fn move_count(&self, u: u32) -> Option<u32> {
        Some(if u + 1 < self.n { self.width as u32 } else { 0 })
    }

    fn with_predecessors(&self, v: u32, mut visit: impl FnMut(&[u32])) -> bool {
        let from = if v > 0 {
            vec![v - 1; self.width]
        } else {
            Vec::new()
        };
        visit(&from);
        true
    }
}

/// Slices are charged as they come: the counts (taken from `move_count`)
/// cost 100,008 steps a position, 9.9 million in all, and each slice of
/// 100,000 predecessors 400,008 more: a cap of 2·10^7 steps is passed at
/// the 26th slice, where uncharged slices would leave the solve inside it.
#[test]
fn slices_are_charged_against_the_work_cap() {
    let chain = WideChain {
        n: 100,
        width: 100_000,
    };
    let refused = ImplicitSolver::new(&chain)
        .with_trusted_predecessors()
        .with_budget(Budget::default().with_work(20_000_000))
        .solve_values();
    assert!(
        matches!(
            refused,
            Err(Error::WorkLimitExceeded {
                steps: 20_000_000,
                ..
            })
        ),
        "{refused:?}"
    );
    // With room, the same chain answers: the last position loses.
    let chain = WideChain { n: 10, width: 3 };
    let values = ImplicitSolver::new(&chain).solve_values().unwrap();
    assert_eq!(values.value(9), Some(Value::Lose));
    assert_eq!(values.value(8), Some(Value::Win));
    assert_eq!(values.value(7), Some(Value::Lose));
}
