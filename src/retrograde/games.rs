//! Adapters from other game descriptions to successor closures, so that other
//! families' solvers can be checked against plain retrograde analysis.

use std::hash::Hash;
use std::ops::ControlFlow;

use crate::impartial::ImpartialGame;
use crate::{Convention, Result};

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
/// As [`Retrograde::solve`] with the default memory budget.
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
///         visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
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
    let successors = |sum: &Vec<G::Position>| {
        let mut options = Vec::new();
        for (i, component) in sum.iter().enumerate() {
            let _ = game.for_each_option(component, &mut |replacement| {
                let mut next = Vec::with_capacity(sum.len() - 1 + replacement.len());
                next.extend(sum[..i].iter().cloned());
                next.extend(sum[i + 1..].iter().cloned());
                next.extend(replacement.iter().cloned());
                options.push(sum_key(next));
                ControlFlow::Continue(())
            });
        }
        options
    };
    Retrograde::new(successors)
        .with_convention(convention)
        .solve([sum_key(components)])
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
