//! Concrete impartial games: Nim, subtraction games, and boxes with a bound on
//! each take.
//!
//! Each game implements [`ImpartialGame`](super::ImpartialGame) (so the generic
//! solvers apply) and offers closed forms or fast tables for its sums, under
//! normal and misère play, with a winning move ([`HeapMove`]).

pub mod boxes;
pub mod nim;
pub mod octal;
pub mod subtraction;

/// A move in a sum of heaps (or boxes): take `take` stones from the heap at
/// index `heap` (0-based, in the order given).
///
/// # Example
/// ```
/// use stonegame::impartial::games::{nim, HeapMove};
/// use stonegame::Convention;
///
/// let m = nim::winning_move(&[3, 4, 5], Convention::Normal).unwrap();
/// assert_eq!(m, HeapMove { heap: 0, take: 2 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// Index of the heap played in.
    pub heap: usize,
    /// How many stones are taken.
    pub take: u64,
}
