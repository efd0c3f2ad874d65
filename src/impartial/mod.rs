//! Impartial games: both players have the same moves from every position.
//!
//! A game is described by [`ImpartialGame`]: from a position, each option is a
//! *sum* of zero or more component positions (a take-and-break move may split
//! one heap into two; taking a whole heap leaves the empty sum). Solvers turn
//! a game into Grundy values ([`crate::Nimber`]) and outcomes.

pub mod genus;
pub mod mex;
pub mod octal;

/// Concrete games.
// NOTE(merge): the impartial branch owns `games/mod.rs`; on merge this inline
// module becomes `pub mod games;` and `games/mod.rs` gains `pub mod octal;`.
pub mod games {
    pub mod octal;
}

use std::hash::Hash;

/// An impartial game: positions and, for each, the options a move leads to.
///
/// Each option is a disjunctive sum of component positions, given as a slice;
/// the empty slice means the move leaves nothing to play. Implementations must
/// describe a finite game (every line of play ends), which is what makes Grundy
/// values exist.
///
/// # Example
/// ```
/// use stonegame::impartial::ImpartialGame;
///
/// /// Take 1 or 2 from a single heap.
/// struct TakeOneOrTwo;
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u64;
///     fn for_each_option(&self, heap: &u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2 {
///             if take <= *heap {
///                 visit(&[heap - take]);
///             }
///         }
///     }
/// }
///
/// let mut options = Vec::new();
/// TakeOneOrTwo.for_each_option(&5, &mut |sum| options.push(sum.to_vec()));
/// assert_eq!(options, vec![vec![4], vec![3]]);
/// ```
pub trait ImpartialGame {
    /// One component position (for heap games, a heap size).
    type Position: Clone + Eq + Hash;

    /// Calls `visit` once for every option of `position`, passing the option as
    /// a sum of components. The callback form avoids allocating per option.
    fn for_each_option(&self, position: &Self::Position, visit: &mut dyn FnMut(&[Self::Position]));
}
