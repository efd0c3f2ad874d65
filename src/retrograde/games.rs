//! Adapters from other game descriptions to successor closures, so that other
//! families' solvers can be checked against plain retrograde analysis.

use std::hash::Hash;
use std::ops::ControlFlow;

use std::cell::Cell;

use crate::impartial::ImpartialGame;
use crate::{Budget, Convention, Error, Result};

use super::{Retrograde, RetrogradeTable};

/// Solves a disjunctive sum of impartial-game components by retrograde
/// analysis of the whole sum: no Grundy values, no Sprague–Grundy theorem, so
/// it is an independent check of them (normal or misère play).
///
/// A position is the list of components (ordered by hash, so equal sums
/// usually share one entry; any order would still be correct). A move picks
/// one component and replaces it by the components of one of its options.
///
/// # Errors
/// As [`Retrograde::solve`] with the default memory budget (set another with
/// [`solve_impartial_sum_within`]), and
/// [`Error::MemoryBudgetExceeded`] when one sum's list of options alone would
/// exceed that budget (a component whose game lists billions of options).
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::impartial::ImpartialGame;
/// use stonegame::retrograde::{Value, solve_impartial_sum, sum_key};
/// use stonegame::Convention;
///
/// /// Nim: a heap of n may become any smaller heap (0 leaves nothing).
/// struct Nim;
/// impl ImpartialGame for Nim {
///     type Position = u8;
///     fn for_each_option(
///         &self,
///         heap: &u8,
///         mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         for smaller in 0..*heap {
///             if smaller == 0 { visit(&[])? } else { visit(&[smaller])? }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let normal = solve_impartial_sum(&Nim, vec![1, 2, 3], Convention::Normal).unwrap();
/// assert_eq!(normal.value(&sum_key(vec![1, 2, 3])), Some(Value::Lose)); // 1 ^ 2 ^ 3 = 0
/// assert_eq!(normal.value(&sum_key(vec![1, 2])), Some(Value::Win));
/// let misere = solve_impartial_sum(&Nim, vec![1, 1], Convention::Misere).unwrap();
/// assert_eq!(misere.value(&vec![1, 1]), Some(Value::Win));
/// ```
pub fn solve_impartial_sum<G: ImpartialGame>(
    game: &G,
    components: Vec<G::Position>,
    convention: Convention,
) -> Result<RetrogradeTable<Vec<G::Position>>> {
    solve_impartial_sum_within(game, components, convention, Budget::default())
}

/// [`solve_impartial_sum`] within `budget`: the positions, moves and labels
/// of the analysis, and each sum's list of options, are charged to it
/// before they grow, and refused with [`Error::MemoryBudgetExceeded`]
/// beyond it. The search's time is bounded by its memory: every position
/// and every move it visits is stored.
///
/// # Example
/// ```
/// use stonegame::impartial::nim::Nim;
/// use stonegame::retrograde::{Value, solve_impartial_sum_within, sum_key};
/// use stonegame::{Budget, Convention, Error};
///
/// let small = solve_impartial_sum_within(&Nim::new(), [1, 2, 3], Convention::Normal, Budget::default())?;
/// assert_eq!(small.value(&sum_key(vec![1, 2, 3])), Some(Value::Lose));
/// let refused = solve_impartial_sum_within(&Nim::new(), [40, 40, 40], Convention::Normal, Budget::from_bytes(4096));
/// assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { .. })));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn solve_impartial_sum_within<G: ImpartialGame>(
    game: &G,
    components: impl IntoIterator<Item = G::Position>,
    convention: Convention,
    budget: Budget,
) -> Result<RetrogradeTable<Vec<G::Position>>> {
    let components: Vec<G::Position> = components.into_iter().collect();
    // One position's options are listed in memory before the solver sees
    // them; a component with an enormous option list must be refused, not
    // collected until memory runs out. Once one list overflows, every later
    // list is empty so the exploration ends at once, and the error replaces
    // the (meaningless) table.
    let overflow: Cell<Option<u128>> = Cell::new(None);
    let successors = |sum: &Vec<G::Position>| {
        let mut options = Vec::new();
        if overflow.get().is_some() {
            return options;
        }
        let option_bytes = option_bytes::<G::Position>(sum.len());
        let most = budget.bytes() / option_bytes;
        for (i, component) in sum.iter().enumerate() {
            let flow = game.for_each_option(component, |replacement| {
                if options.len() as u128 >= most {
                    return ControlFlow::Break(());
                }
                let mut next = Vec::with_capacity(sum.len() - 1 + replacement.len());
                next.extend(sum[..i].iter().cloned());
                next.extend(sum[i + 1..].iter().cloned());
                next.extend(replacement.iter().cloned());
                options.push(sum_key(next));
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                overflow.set(Some((options.len() as u128 + 1) * option_bytes));
                options.clear();
                return options;
            }
        }
        options
    };
    let solved = Retrograde::new(successors)
        .with_convention(convention)
        .with_budget(budget)
        .solve_named(
            [sum_key(components)],
            "retrograde analysis of a sum of impartial games (solve_impartial_sum: moves \
             explored, predecessors visited)",
        );
    match overflow.get() {
        Some(needed_bytes) => Err(Error::MemoryBudgetExceeded {
            what: "the option list of one sum",
            needed_bytes,
            budget_bytes: budget.bytes(),
        }),
        None => solved,
    }
}

/// Bytes one listed option of a sum of `components` takes at least: its
/// vector, its components and the allocator's smallest block (32 bytes with
/// its header); a replacement with several components takes more.
fn option_bytes<P>(components: usize) -> u128 {
    let components = components.max(1) as u128;
    let elements = (components * std::mem::size_of::<P>() as u128).max(32);
    std::mem::size_of::<Vec<P>>() as u128 + elements
}

/// The form in which [`solve_impartial_sum`] stores a sum: components ordered
/// by a fixed hash. Use it to look a sum up in the solution.
///
/// # Example
/// ```
/// use stonegame::retrograde::sum_key;
/// assert_eq!(sum_key(vec![3u8, 1, 2]), sum_key(vec![2, 3, 1]));
/// ```
pub fn sum_key<P: Hash>(mut components: Vec<P>) -> Vec<P> {
    let hasher = ahash::RandomState::with_seeds(17, 19, 21, 23);
    components.sort_by_cached_key(|c| hasher.hash_one(c));
    components
}
