//! Retrograde analysis: win, lose or draw, with remoteness, for any finite game,
//! cycles included.
//!
//! Every position is labelled for the player to move: [`Value::Win`],
//! [`Value::Lose`] or [`Value::Draw`] (play can go on for ever, or the game ends
//! in a tie), together with its *remoteness*: the number of moves to the end
//! under optimal play, where the winner hurries (takes the fastest win) and the
//! loser delays (takes the slowest loss). A best move is recovered from the
//! labels on demand.
//!
//! The solver works backwards from the positions where the game is over
//! (後退解析): a position with a move to a lost position is won; a position all
//! of whose moves lead to won positions is lost; a FIFO queue makes the first
//! label each position gets the one with optimal remoteness. Whatever is never
//! labelled is a draw. The work is O(V + E), iterative, on compact tables.
//!
//! Two ways in:
//! - [`solve`] / [`Retrograde`]: a game given by a successor closure over any
//!   hashable position type (pathfinding style). Positions reachable from the
//!   start are numbered with an `ahash` map, then solved on the dense tables.
//! - [`Graph`] + [`DenseSolver`]: positions already numbered `0..N`, moves in a
//!   compressed (CSR, `u32`) adjacency: the fast path.
//!
//! Terminal positions are losses for the player to move under
//! [`Convention::Normal`](crate::Convention::Normal) and wins under
//! [`Convention::Misere`](crate::Convention::Misere); a terminal rule callback
//! can end the game early with any [`Value`] (e.g. three in a row).
//!
//! # Example
//! ```
//! use stonegame::retrograde::{self, Value};
//!
//! // Subtraction game: take 1, 3 or 4 stones; taking the last stone wins.
//! let solution = retrograde::solve(10u32, |&n: &u32| {
//!     [1, 3, 4].into_iter().filter(move |&s| s <= n).map(move |s| n - s)
//! })
//! .unwrap();
//! assert_eq!(solution.value(&7), Some(Value::Lose)); // 7 ≡ 0 (mod 7)
//! assert_eq!(solution.value(&10), Some(Value::Win));
//! assert_eq!(solution.best_move(&10), Some(&7));
//! // 10 → 7, then the loser delays: 7 → 6 → 2 → 1 → 0.
//! assert_eq!(solution.remoteness(&10), Some(5));
//! ```

mod games;
mod graph;
mod hashed;
mod solver;

use std::fmt;

use crate::Outcome;

pub use games::{solve_impartial_sum, sum_key};
pub use graph::Graph;
pub use hashed::{NoPredecessors, NoTerminalRule, Retrograde, Solution, solve};
pub use solver::{DenseSolution, DenseSolver};

/// The value of a position for the player to move.
///
/// # Example
/// ```
/// use stonegame::Outcome;
/// use stonegame::retrograde::Value;
///
/// assert_eq!(Value::Win.outcome(), Outcome::First);
/// assert_eq!(Value::Lose.to_string(), "Lose");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against perfect play.
    Lose,
    /// Neither player can force a win: play goes on for ever, or ends in a tie.
    Draw,
}

impl Value {
    /// The same fact as an [`Outcome`]: `Win` is `First` (the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, retrograde::Value};
    /// assert_eq!(Value::Lose.outcome(), Outcome::Second);
    /// assert_eq!(Value::Draw.outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Value::Win => Outcome::First,
            Value::Lose => Outcome::Second,
            Value::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "Win",
            Value::Lose => "Lose",
            Value::Draw => "Draw",
        })
    }
}

/// A solved position: its value and, for wins and losses, its remoteness.
///
/// # Example
/// ```
/// use stonegame::retrograde::{Graph, Label, Value};
/// use stonegame::{Convention, Budget};
///
/// // 0 → 1, and 1 has no move.
/// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
/// let solution = graph.solve(Convention::Normal).unwrap();
/// assert_eq!(solution.label(0), Some(Label { value: Value::Win, remoteness: Some(1) }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Label {
    /// Win, lose or draw for the player to move.
    pub value: Value,
    /// Moves to the end under optimal play (`None` for draws).
    pub remoteness: Option<u32>,
}

/// How many positions of a solution are wins, losses and draws.
///
/// # Example
/// ```
/// use stonegame::retrograde::{Counts, Graph};
/// use stonegame::{Convention, Budget};
///
/// // 0 ⇄ 1 loop forever; 2 → 3 ends.
/// let graph = Graph::from_edges(4, &[(0, 1), (1, 0), (2, 3)], Budget::default()).unwrap();
/// let counts = graph.solve(Convention::Normal).unwrap().counts();
/// assert_eq!(counts, Counts { win: 1, lose: 1, draw: 2 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Counts {
    /// Positions won by the player to move.
    pub win: usize,
    /// Positions lost by the player to move.
    pub lose: usize,
    /// Drawn positions.
    pub draw: usize,
}
