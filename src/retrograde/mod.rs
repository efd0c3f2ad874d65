//! Retrograde analysis: win, lose, tie or draw, with remoteness, for any
//! finite game, cycles included.
//!
//! # Values
//!
//! Every position is labelled for the player to move with one of four
//! [`Value`]s, the ones GamesmanOne uses:
//!
//! - [`Value::Win`]: the player to move can force a win;
//! - [`Value::Lose`]: the opponent can force a win;
//! - [`Value::Tie`]: neither can force a win, and the player to move can
//!   force the game to *end* level (a terminal rule returned `Tie`);
//! - [`Value::Draw`]: neither can force a win nor a tie: play goes on for
//!   ever (or reaches a position a terminal rule declares drawn).
//!
//! Each player prefers, in this order, **Win > Tie > Draw > Lose** (the value
//! of a move is the opposite of its target's value: Win ↔ Lose, Tie and Draw
//! unchanged). Among moves of the same value a player prefers by
//! *remoteness*, the number of moves to the end of the game:
//!
//! - a win as soon as possible (smallest remoteness);
//! - a loss as late as possible (largest remoteness);
//! - a tie as soon as possible (smallest remoteness), as GamesmanOne does;
//! - draws have no remoteness.
//!
//! A best move is recovered from the labels on demand.
//!
//! # Algorithm
//!
//! The solver works backwards from the positions where the game is over
//! (後退解析): a position with a move to a lost position is won; a position all
//! of whose moves lead to won positions is lost; processing positions level by
//! level of remoteness makes the first label each position gets the optimal
//! one. Among the rest, a breadth-first pass from the tied endings labels the
//! positions that can reach a tie through positions that are neither won nor
//! lost; whatever remains is a draw. The theorem behind it: in a finite game
//! graph the positions labelled this way are exactly those from which the
//! player can force the result within the stated number of moves (induction
//! on remoteness), and from every unlabelled position both players can keep
//! the game away from an ending that is worse for them for ever. The work is
//! O(V + E), iterative, on compact tables (9 bytes a position and 4 a move
//! for the predecessor lists, beyond the graph itself).
//!
//! # Ways in
//!
//! - [`solve`] / [`Retrograde`]: a game given by a successor closure over any
//!   hashable position type (pathfinding style), optionally with a canonical
//!   form for symmetric positions ([`Retrograde::with_canonical`]). Positions
//!   reachable from the start are numbered with an `ahash` map, then solved
//!   on the dense tables; the answer is a [`RetrogradeTable`], and
//!   [`Retrograde::solve_from`] returns the crate's [`Solution`](crate::Solution).
//! - [`Graph`] + [`DenseSolver`]: positions already numbered `0..N`, moves in a
//!   compressed (CSR, `u32`) adjacency: the fast path (on every core with
//!   the `parallel` feature, `DenseSolver::with_parallel`).
//! - [`ImplicitGame`] + [`ImplicitSolver`]: positions numbered `0..N` whose
//!   moves *and predecessors* the game lists on demand (a trait with
//!   `for_each_move` / `for_each_predecessor`, or closures:
//!   [`ImplicitSolver::from_fns`], [`FnImplicitGame`]): no move is stored,
//!   9 bytes a position in all, for games with more moves than memory
//!   (Codeforces 786A "Berzerk": 98 million moves on 14 000 positions).
//!   The answer is an [`ImplicitSolution`] (same queries as
//!   [`DenseSolution`]; best moves found by listing the moves again).
//! - [`TieredSolver`]: a game split into tiers (moves never go to a higher
//!   tier), solved from the bottom tier up, each tier's results written to a
//!   checksummed file ([`TierDatabase`]).
//!
//! Terminal positions are losses for the player to move under
//! [`Convention::Normal`](crate::Convention::Normal) and wins under
//! [`Convention::Misere`](crate::Convention::Misere); a terminal rule callback
//! can end the game early with any [`Value`] (e.g. three in a row, or a full
//! board with equal scores: `Tie`).
//!
//! [`Analysis`] reports counts by value and remoteness and the longest wins
//! and losses.
//!
//! # What each solver costs
//!
//! Bytes charged to the [`Budget`](crate::Budget) before allocating, for `V`
//! positions and `E` moves (the [retrograde guide](crate::guide::retrograde) has the table):
//!
//! - [`DenseSolver`]: the [`Graph`] `4 (V + 1) + 4 E` (charged when it is
//!   built), then `9 V`, plus `4 (V + 1) + 4 E` of predecessor lists unless
//!   a predecessor function is given (then nothing a move beyond the graph);
//!   `+ 8 V` with the `parallel` flag.
//! - [`Retrograde`] (hashed): per position the position stored twice (list
//!   and `ahash` map: `size_of::<P>() + ⌈8 (size_of::<(P, u32)>() + 1) / 7⌉`),
//!   the explored graph `4 (V + 1) + 4 E`, `9 V`, and the predecessor lists
//!   `4 (V + 1) + 4 E` unless given.
//! - [`ImplicitSolver`]: `9 V`, nothing a move.
//! - [`TieredSolver`]: one tier at a time, for a tier of `n` positions, `m`
//!   moves and `l` distinct lower-tier targets,
//!   `2 (4 (n + l + 1) + 4 m) + 9 (n + l) + 24 l`, plus `5` bytes a position
//!   of the lower tiers it keeps in memory (dropped, highest first, when
//!   they do not fit); `9 (n + l) + 24 l` and nothing a move when the game
//!   lists predecessors ([`TieredGame::lists_predecessors`]).
//!
//! The predecessor check ([`DenseSolver::with_predecessor_check`],
//! [`ImplicitSolver::with_predecessor_check`]) needs `8 V` more while it
//! runs.
//!
//! Work: every engine counts its steps against the budget's work cap
//! ([`Budget::with_work`](crate::Budget::with_work), default
//! [`DEFAULT_RETROGRADE_WORK`] = 5·10^9, about ten seconds) and refuses with
//! [`Error::WorkLimitExceeded`](crate::Error::WorkLimitExceeded) naming the
//! engine: 16 steps a position, move or predecessor read from tables, 20 a
//! position or move the hashed exploration lists, one a move an
//! [`ImplicitGame`] lists. A [`TieredSolver`] refused between tiers keeps
//! the tiers it wrote, and a later solve resumes from them.
//!
//! # Example
//! ```
//! use stonegame::retrograde::{self, Value};
//!
//! // Subtraction game: take 1, 3 or 4 stones; taking the last stone wins.
//! let table = retrograde::solve(10u32, |&n: &u32| {
//!     [1, 3, 4].into_iter().filter(move |&s| s <= n).map(move |s| n - s)
//! })
//! .unwrap();
//! assert_eq!(table.value(&7), Some(Value::Lose)); // 7 ≡ 0 (mod 7)
//! assert_eq!(table.value(&10), Some(Value::Win));
//! assert_eq!(table.best_move(&10), Some(&7));
//! // 10 → 7, then the loser delays: 7 → 6 → 2 → 1 → 0.
//! assert_eq!(table.remoteness(&10), Some(5));
//! ```

mod analysis;
mod dyn_game;
mod games;
mod graph;
mod hashed;
mod implicit;
mod induction;
#[cfg(feature = "mpi")]
#[cfg_attr(docsrs, doc(cfg(feature = "mpi")))]
pub mod mpi;
#[cfg(feature = "parallel")]
mod parallel;
mod solver;
mod tiers;
mod values;
mod work;

use std::fmt;

use crate::Outcome;

pub use analysis::{Analysis, RemotenessCounts};
pub use dyn_game::{DynImplicitGame, DynTieredGame, PositionVisitor};
pub use games::{solve_impartial_sum, solve_impartial_sum_within, sum_key};
pub use graph::Graph;
pub use hashed::{NoPredecessors, NoTerminalRule, Retrograde, RetrogradeTable, solve};
pub use implicit::{
    DEFAULT_IMPLICIT_WORK, FnImplicitGame, IMPLICIT_BYTES_PER_POSITION, IMPLICIT_LISTING_STEPS,
    IMPLICIT_STEPS_PER_ENTRY, IMPLICIT_VALUES_BYTES_PER_POSITION, ImplicitGame, ImplicitSolution,
    ImplicitSolver, ImplicitValues, NoImplicitTerminal,
};
pub use solver::{DenseSolution, DenseSolver};
pub use tiers::{TierDatabase, TierPosition, TieredGame, TieredSolver};
pub use work::DEFAULT_RETROGRADE_WORK;

/// The tier errors now live in the crate's one error type: `TierError::Io`
/// is [`Error::Io`](crate::Error::Io), `Corrupt` is `TierCorrupt`,
/// `Truncated` is `TierTruncated`, `VersionMismatch` is
/// `TierVersionMismatch`, `ChecksumMismatch` is `TierChecksumMismatch`, and
/// `Solve(error)` is the error itself.
#[deprecated(
    since = "0.2.0",
    note = "use stonegame::Error (its Tier* and Io variants)"
)]
pub type TierError = crate::Error;

/// The value of a position for the player to move.
///
/// # Example
/// ```
/// use stonegame::Outcome;
/// use stonegame::retrograde::Value;
///
/// assert_eq!(Value::Win.outcome(), Outcome::First);
/// assert_eq!(Value::Lose.to_string(), "Lose");
/// assert_eq!(Value::Tie.outcome(), Outcome::Draw);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against perfect play.
    Lose,
    /// Neither player can force a win; the player to move can force the game
    /// to end level.
    Tie,
    /// Neither player can force a win or a tie: play goes on for ever.
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
            Value::Tie | Value::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "Win",
            Value::Lose => "Lose",
            Value::Tie => "Tie",
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
/// let solution = graph.solve().unwrap();
/// assert_eq!(solution.label(0), Some(Label { value: Value::Win, remoteness: Some(1) }));
/// ```
///
/// With the `serde` feature a label deserializes only when it agrees with
/// itself: a remoteness for wins, losses and ties, none for draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "LabelFields"))]
pub struct Label {
    /// Win, lose, tie or draw for the player to move.
    pub value: Value,
    /// Moves to the end under optimal play (`None` for draws).
    pub remoteness: Option<u32>,
}

/// A label as stored, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Label")]
struct LabelFields {
    value: Value,
    remoteness: Option<u32>,
}

#[cfg(feature = "serde")]
impl TryFrom<LabelFields> for Label {
    type Error = String;

    fn try_from(fields: LabelFields) -> Result<Self, String> {
        match (fields.value, fields.remoteness) {
            (Value::Draw, Some(r)) => Err(format!("a Draw has no remoteness, {r} was given")),
            (value, None) if value != Value::Draw => {
                Err(format!("a {value} needs a remoteness, none was given"))
            }
            (value, remoteness) => Ok(Label { value, remoteness }),
        }
    }
}

/// How many positions of a solution are wins, losses, ties and draws.
///
/// # Example
/// ```
/// use stonegame::retrograde::{Counts, Graph};
/// use stonegame::{Convention, Budget};
///
/// // 0 ⇄ 1 loop forever; 2 → 3 ends.
/// let graph = Graph::from_edges(4, &[(0, 1), (1, 0), (2, 3)], Budget::default()).unwrap();
/// let counts = graph.solve().unwrap().counts();
/// assert_eq!(counts, Counts { win: 1, lose: 1, tie: 0, draw: 2 });
/// ```
///
/// With the `serde` feature, counts deserialize only when their total
/// fits a `usize` ([`Counts::checked_total`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "CountsFields"))]
pub struct Counts {
    /// Positions won by the player to move.
    pub win: usize,
    /// Positions lost by the player to move.
    pub lose: usize,
    /// Tied positions.
    pub tie: usize,
    /// Drawn positions (endless play).
    pub draw: usize,
}

impl Counts {
    /// All positions counted.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::Counts;
    /// assert_eq!(Counts { win: 1, lose: 2, tie: 3, draw: 4 }.total(), 10);
    /// ```
    ///
    /// Saturates at `usize::MAX` for hand-built counts whose sum does not
    /// fit (no solver produces them); [`Counts::checked_total`] says so.
    pub fn total(&self) -> usize {
        self.checked_total().unwrap_or(usize::MAX)
    }

    /// All positions counted, or `None` when the sum overflows.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::Counts;
    /// assert_eq!(Counts { win: 1, lose: 2, tie: 3, draw: 4 }.checked_total(), Some(10));
    /// assert_eq!(Counts { win: 1, draw: usize::MAX, ..Counts::default() }.checked_total(), None);
    /// ```
    pub fn checked_total(&self) -> Option<usize> {
        self.win
            .checked_add(self.lose)?
            .checked_add(self.tie)?
            .checked_add(self.draw)
    }
}

/// Counts as stored, before their total is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Counts")]
struct CountsFields {
    win: usize,
    lose: usize,
    tie: usize,
    draw: usize,
}

#[cfg(feature = "serde")]
impl TryFrom<CountsFields> for Counts {
    type Error = String;

    fn try_from(fields: CountsFields) -> Result<Self, String> {
        let counts = Counts {
            win: fields.win,
            lose: fields.lose,
            tie: fields.tie,
            draw: fields.draw,
        };
        match counts.checked_total() {
            Some(_) => Ok(counts),
            None => Err("the counts add up to more than a usize holds".to_string()),
        }
    }
}
