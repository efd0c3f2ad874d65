//! Predecessor functions corrupted at chosen kinds of positions (issue 42,
//! issue 43): an edge dropped from, added to, or moved between the
//! predecessor lists of positions that the true game solves (won, lost,
//! tied) or leaves drawn, in small random games with cycles and terminal
//! rules. With the default checks the engine either refuses the game with
//! `Error::PredecessorMismatch` or answers exactly as a brute-force fixed
//! point over the forward moves does: through the game's own walk
//! (`for_each_position`, `solve_values`), position by position
//! (`solve_values` without a walk) and with remoteness (`solve`). A lie at a
//! drawn position is never read by the search, so the answers cannot be
//! wrong there; the fingerprint still refuses it (every position's
//! predecessors are compared), which the last property pins down.

use crate::implicit_lies::{brute_values, game};
use crate::lists::Lists as Told;
use crate::retrograde_strategies::any_convention;

use proptest::prelude::*;
use stonegame::retrograde::{ImplicitSolver, Value};
use stonegame::{Budget, Convention, Error};

const BUDGET: Budget = Budget::from_mebibytes(64);

/// Which positions a corruption touches, by their true value.
#[derive(Debug, Clone, Copy)]
enum Class {
    Solved,
    Drawn,
}

/// How the predecessor lists are corrupted.
#[derive(Debug, Clone, Copy)]
enum Corruption {
    /// One entry of a position of the class dropped.
    Drop(Class),
    /// A random mover added to a position of the class.
    Add(Class),
    /// One entry moved from a position of the first class to one of the second.
    Move(Class, Class),
}

fn class() -> impl Strategy<Value = Class> {
    prop_oneof![Just(Class::Solved), Just(Class::Drawn)]
}

fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        class().prop_map(Corruption::Drop),
        class().prop_map(Corruption::Add),
        (class(), class()).prop_map(|(from, to)| Corruption::Move(from, to)),
    ]
}

/// The positions of `class` under the true `values`.
fn of_class(values: &[Value], class: Class) -> Vec<usize> {
    (0..values.len())
        .filter(|&v| matches!(class, Class::Drawn) == (values[v] == Value::Draw))
        .collect()
}

/// Corrupts `told`'s predecessor lists at positions picked by `picks`;
/// `false` when the class has nothing to corrupt (or the move would put the
/// entry back where it was).
fn corrupt(
    told: &mut Told,
    values: &[Value],
    corruption: Corruption,
    (a, b, c): (usize, usize, usize),
) -> bool {
    let n = values.len();
    let pick = |class: Class, at: usize, nonempty: bool, told: &Told| {
        let candidates: Vec<usize> = of_class(values, class)
            .into_iter()
            .filter(|&v| !nonempty || !told.predecessors[v].is_empty())
            .collect();
        candidates.get(at % candidates.len().max(1)).copied()
    };
    match corruption {
        Corruption::Drop(class) => {
            let Some(v) = pick(class, a, true, told) else {
                return false;
            };
            let list = &mut told.predecessors[v];
            list.remove(b % list.len());
        }
        Corruption::Add(class) => {
            let Some(v) = pick(class, a, false, told) else {
                return false;
            };
            let list = &mut told.predecessors[v];
            list.insert(c % (list.len() + 1), (b % n) as u32);
        }
        Corruption::Move(from, to) => {
            let (Some(v), Some(w)) = (pick(from, a, true, told), pick(to, c, false, told)) else {
                return false;
            };
            if v == w {
                return false;
            }
            let list = &mut told.predecessors[v];
            let u = list.remove(b % list.len());
            told.predecessors[w].push(u);
        }
    }
    true
}

/// The true game of `edges`, walking its positions.
fn truth(n: usize, edges: &[(u32, u32)], terminal: Vec<Option<Value>>) -> Told {
    Told {
        walks: true,
        ..Told::new(n, edges, terminal)
    }
}

/// The three solves of `told` (walk, no walk, with remoteness): each is
/// refused for a mismatch or answers `values`; returns how many refused.
fn refused_or_exact(
    told: &Told,
    values: &[Value],
    convention: Convention,
) -> Result<usize, TestCaseError> {
    let mut refused = 0;
    for walks in [true, false] {
        let told = Told {
            walks,
            ..told.clone()
        };
        let solver = ImplicitSolver::new(&told)
            .with_convention(convention)
            .with_budget(BUDGET);
        match solver.clone().solve_values() {
            Err(Error::PredecessorMismatch { .. }) => refused += 1,
            Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
            Ok(found) => {
                for u in 0..values.len() as u32 {
                    prop_assert_eq!(found.value(u), Some(values[u as usize]), "at {}", u);
                }
            }
        }
        if walks {
            continue;
        }
        match solver.solve() {
            Err(Error::PredecessorMismatch { .. }) => refused += 1,
            Err(other) => prop_assert!(false, "unexpected refusal: {}", other),
            Ok(solution) => {
                for u in 0..values.len() as u32 {
                    prop_assert_eq!(solution.value(u), Some(values[u as usize]), "at {}", u);
                }
            }
        }
    }
    Ok(refused)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// An edge dropped, added or moved at solved or drawn positions:
    /// refused, or answered exactly as the forward game says.
    #[test]
    fn a_corrupted_predecessor_function_is_refused_or_answered_exactly(
        (n, edges, terminal) in game(),
        corruptions in proptest::collection::vec(
            (corruption(), (any::<usize>(), any::<usize>(), any::<usize>())), 1..=3),
        convention in any_convention(),
    ) {
        let mut told = truth(n, &edges, terminal);
        let values = brute_values(&told.successors, &told.terminal, convention);
        for (corruption, picks) in corruptions {
            corrupt(&mut told, &values, corruption, picks);
        }
        refused_or_exact(&told, &values, convention)?;
    }

    /// One edge dropped from a drawn position whose mover is not ended:
    /// the answers could not be wrong (a draw is never listed from), and
    /// the fingerprint refuses it all the same, in all three solves.
    #[test]
    fn a_lie_at_a_drawn_position_is_refused(
        (n, edges, terminal) in game(),
        picks in (any::<usize>(), any::<usize>(), any::<usize>()),
        convention in any_convention(),
    ) {
        let mut told = truth(n, &edges, terminal);
        let values = brute_values(&told.successors, &told.terminal, convention);
        let before = told.clone();
        if corrupt(&mut told, &values, Corruption::Drop(Class::Drawn), picks) {
            // The dropped mover: the entry that differs.
            let v = (0..n).find(|&v| told.predecessors[v] != before.predecessors[v]).unwrap();
            let mut dropped = before.predecessors[v].clone();
            for u in &told.predecessors[v] {
                let k = dropped.iter().position(|x| x == u).unwrap();
                dropped.remove(k);
            }
            if told.terminal[dropped[0] as usize].is_none() {
                prop_assert_eq!(refused_or_exact(&told, &values, convention)?, 3);
            }
        }
    }
}
