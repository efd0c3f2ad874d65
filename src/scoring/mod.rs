//! Scoring games: two players alternate, each move scores points for the mover,
//! and the player with more points at the end wins.
//!
//! Every game here is solved by *negamax on the value difference*: the value of
//! a position is the best the player to move can achieve of
//! `(own points) - (opponent's points)` from there on, so
//!
//! ```text
//! value(p) = max over moves m of ( points(m) - value(play(p, m)) ),   value(end) = 0
//! ```
//!
//! The positive/negative sign of the root value gives the winner ([`Outcome`]).
//!
//! Every game has the same shape (see the [conventions](crate::guide::conventions)): `new(…)`
//! validates, `.with_budget(Budget)` sets the limits, `value()` and
//! `outcome()` are the cheap calls, `solve()` returns a [`Solution`] with the
//! whole optimal line, and `table()` gives every position's value and best move.
//!
//! | game | type | `value()` | `table()` | reference |
//! |---|---|---|---|---|
//! | take the stone at either end, score it (LeetCode 877, AtCoder EDPC L "Deque") | [`Ends`] | O(n) by peak reduction ([`EndsReducer`]) | [`EndsTable`] | [`Negamax`] |
//! | take either end, score what remains (LeetCode 1690) | [`EndsRemainder`] | O(n²) time, O(n) memory | [`EndsTable`] | [`Negamax`] |
//! | take 1..=k from the front (LeetCode 1406) | [`Front`] | O(n) for any k | [`FrontTable`] | [`Negamax`] |
//! | take X ≤ 2M from the front, M = max(M, X) (LeetCode 1140) | [`FrontDoubling`] | O(n²), a table | [`FrontDoublingTable`] | [`Negamax`] |
//! | players value stones differently, take any (LeetCode 1686) | [`Valuations`] | greedy O(n log n) | [`ValuationsTable`] (exact, 2ⁿ) | [`Negamax`] |
//!
//! Every game is also a [`ScoringGame`], so the generic memoised solver
//! [`Negamax`] answers it too; the tests check that both agree (and agree with a
//! plain exponential minimax).
//!
//! Scores are generic over signed primitive integers through [`Score`]. Each
//! game's constructor checks once that its worst-case total fits the score type
//! and returns [`Error::ScoreOverflow`] otherwise,
//! so the hot loops need no checked arithmetic.
//!
//! [`Outcome`]: crate::Outcome
//! [`Solution`]: crate::Solution

mod answers;
#[cfg(not(stonegame_bundle))]
pub(crate) mod dispatch;
mod dyn_game;
mod ends;
mod family;
mod front;
mod lineup;
mod memo;
mod search;
mod solver;
mod stone_merge;
mod stone_mod3;
mod stone_split;
mod sweep;
mod valuations;
pub mod variants;
mod weights;
mod window;

pub use dyn_game::DynScoringGame;
pub use ends::{
    Colour, ColouringStrategy, DEFAULT_REMAINDER_WORK, End, Ends, EndsReducer, EndsRemainder,
    EndsTable, REMAINDER_CELLS_PER_STEP,
};
pub use front::{
    DEFAULT_FRONT_DOUBLING_WORK, FRONT_DOUBLING_STEPS_PER_CELL, Front, FrontDoubling,
    FrontDoublingTable, FrontTable,
};
pub use lineup::{BuiltInVariant, CostReport, DpLineup, DpSolver, TableSize, VariantInfo};
pub use solver::{Negamax, NegamaxTable};
pub use stone_merge::StoneMerge;
pub use stone_mod3::{Removal, StoneMod3};
pub use stone_split::{STONE_SPLIT_STEPS_PER_CELL, Side, Split, StoneSplit};
pub use valuations::{Valuations, ValuationsTable};
pub use variants::{DpFamily, DpGame, DpVariant, Order, VariantCost};
pub use weights::{
    HASHED_STEPS_PER_MOVE, HASHED_STEPS_PER_POSITION, SEARCH_STEPS_PER_MOVE,
    SEARCH_STEPS_PER_NUMBER, SEARCH_STEPS_PER_POSITION, SWEEP_STEPS_PER_MOVE,
    SWEEP_STEPS_PER_NUMBER,
};

use crate::{Error, Result};
use num_traits::{CheckedNeg, PrimInt, Signed};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::ControlFlow;

/// The score types of every scoring game: signed primitive integers
/// (`i8` … `i128`, `isize`).
///
/// An alias trait with a blanket implementation, so bounds stay readable.
///
/// # Example
/// ```
/// use stonegame::scoring::Score;
///
/// fn double<T: Score>(x: T) -> T {
///     x + x
/// }
/// assert_eq!(double(21i64), 42);
/// assert_eq!(double(-4i128), -8);
/// ```
pub trait Score:
    PrimInt + Signed + CheckedNeg + Debug + Display + Hash + Default + Send + Sync + 'static
{
}

impl<T> Score for T where
    T: PrimInt + Signed + CheckedNeg + Debug + Display + Hash + Default + Send + Sync + 'static
{
}

/// A two-player game in which every move scores points for the mover.
///
/// The game must be finite: every line of play ends. A position without moves
/// ends the game (it is worth 0 to the player to move).
///
/// Moves are listed the way every definition trait of the crate lists them
/// ([`ImpartialGame::for_each_option`](crate::impartial::ImpartialGame::for_each_option),
/// [`TieredGame::for_each_move`](crate::retrograde::TieredGame::for_each_move)):
/// a callback called once per move that can stop the listing by returning
/// [`ControlFlow::Break`]. Nothing is allocated per position, and the
/// callback is a generic parameter, so the solver's loop and the game's
/// listing compile into one loop.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::scoring::{Negamax, ScoringGame};
/// use stonegame::Outcome;
///
/// /// A row of coins; a move takes the first one or two coins and scores their sum.
/// struct TakeOneOrTwo(Vec<i64>);
///
/// impl ScoringGame for TakeOneOrTwo {
///     type Position = usize;
///     type Move = usize;
///     type Score = i64;
///     fn start(&self) -> usize {
///         0
///     }
///     fn for_each_move(
///         &self,
///         &i: &usize,
///         mut visit: impl FnMut(usize) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         for take in 1..=2 {
///             if i + take <= self.0.len() {
///                 visit(take)?; // stop when the solver says so
///             }
///         }
///         ControlFlow::Continue(())
///     }
///     fn play(&self, &i: &usize, &take: &usize) -> (i64, usize) {
///         (self.0[i..i + take].iter().sum(), i + take)
///     }
/// }
///
/// let solution = Negamax::new(TakeOneOrTwo(vec![3, -1, 4])).solve().unwrap();
/// // Taking 3 alone lets the opponent take -1 and 4 together: a draw is the best.
/// assert_eq!(solution.value(), 0);
/// assert_eq!(solution.line(), &[1, 2]);
/// assert_eq!(solution.outcome(), Outcome::Draw);
/// ```
pub trait ScoringGame {
    /// A position (it determines whose turn it is only relative to the start).
    type Position: Clone + Eq + Hash;
    /// A move from a position.
    type Move: Clone + Debug;
    /// The score type.
    type Score: Score;

    /// The starting position.
    fn start(&self) -> Self::Position;

    /// Calls `visit` once for every legal move of `position`, in a fixed
    /// order, until `visit` returns [`ControlFlow::Break`]; then stops at
    /// once and returns `Break(())` (the `?` operator does exactly that).
    /// Returns `Continue(())` when every move was visited.
    ///
    /// Solvers break ties between equally good moves in favour of the
    /// earliest, so the order must be the same every time a position is
    /// listed.
    fn for_each_move(
        &self,
        position: &Self::Position,
        visit: impl FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// Plays `mv` from `position`: the points the mover scores and the next position.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> (Self::Score, Self::Position);

    /// An optional dense numbering, for speed: `Some(n)` when
    /// [`dense_index`](ScoringGame::dense_index) numbers every position
    /// reachable from the start below `n`. [`Negamax`] then keeps one value
    /// per number in an array instead of a hash map, and nothing else per
    /// position (best moves and lines are re-derived from the values):
    ///
    /// - with a declared [`dense_order`](ScoringGame::dense_order) and
    ///   [`dense_position`](ScoringGame::dense_position) (or your own
    ///   [`for_each_dense_position`](ScoringGame::for_each_dense_position)),
    ///   one bottom-up sweep over the positions, the memory of a
    ///   hand-written DP table: `n × size_of::<Score>()` bytes, charged to
    ///   the budget before it is allocated and zeroed by the allocator
    ///   (numbers that are no position are never touched; a zero cell is a
    ///   number never listed, so `Score::min_value()` is no position's
    ///   value: a position worth it is refused as an overflow);
    /// - without one, a depth-first search over the same array:
    ///   `n × size_of::<Score>()` bytes plus two bits of search state a
    ///   number (`8 × ⌈n / 32⌉` bytes), plus the stack and the moves listed
    ///   along the current line as they grow.
    ///
    /// Number the positions so that every move goes to a smaller number (or
    /// every move to a larger one) and declare it: that is the fast form, as
    /// below; the fastest also names each child by its number as it lists
    /// the move ([`for_each_numbered_move`](ScoringGame::for_each_numbered_move)).
    ///
    /// A numbering that contradicts itself is refused
    /// ([`Error::InvalidParameter`], naming the position's number), never
    /// answered: a child outside `0..n`, against the declared order or never
    /// listed, in every build; and two positions given one number, by the
    /// round trip `dense_position(dense_index(child)) == child` on every
    /// move read through a number (so a numbered game needs
    /// [`dense_position`](ScoringGame::dense_position) unless it names its
    /// children by number, or the solver is told to
    /// [trust the numbering](Negamax::trusting_numbering)).
    ///
    /// `None` by default (a hash map: about
    /// `(size_of::<(Position, Option<Score>)>() + 1) × 8/7` bytes a position
    /// at best and twice that after the table doubles, see [`Negamax`]).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    ///
    /// /// UVa 10891 "Game of Sum": take any number of stones from either end
    /// /// of the row, scoring their sum. A position is the interval left.
    /// struct GameOfSum(Vec<i64>);
    ///
    /// impl GameOfSum {
    ///     fn width(&self) -> usize {
    ///         self.0.len() + 1
    ///     }
    /// }
    ///
    /// impl ScoringGame for GameOfSum {
    ///     type Position = (usize, usize);
    ///     type Move = (bool, usize); // (from the left?, how many)
    ///     type Score = i64;
    ///     fn start(&self) -> (usize, usize) {
    ///         (0, self.0.len())
    ///     }
    ///     fn for_each_move(
    ///         &self,
    ///         &(l, r): &(usize, usize),
    ///         mut visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         for k in 1..=r - l {
    ///             visit((true, k))?;
    ///             visit((false, k))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn play(&self, &(l, r): &(usize, usize), &(left, k): &(bool, usize)) -> (i64, (usize, usize)) {
    ///         if left {
    ///             (self.0[l..l + k].iter().sum(), (l + k, r))
    ///         } else {
    ///             (self.0[r - k..r].iter().sum(), (l, r - k))
    ///         }
    ///     }
    ///     // Number the interval l..r by its length first: every move shortens
    ///     // it, so every move goes to a smaller number and one sweep fills the table.
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(self.width() * self.width())
    ///     }
    ///     fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
    ///         Some((r - l) * self.width() + l)
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<(usize, usize)> {
    ///         let (len, l) = (index / self.width(), index % self.width());
    ///         (l + len <= self.0.len()).then_some((l, l + len))
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    /// }
    ///
    /// // The UVa sample: 4 -10 -20 7 gives 7; 1 2 3 gives 6.
    /// assert_eq!(Negamax::new(GameOfSum(vec![4, -10, -20, 7])).value()?, 7);
    /// assert_eq!(Negamax::new(GameOfSum(vec![1, 2, 3])).value()?, 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn dense_positions(&self) -> Option<usize> {
        None
    }

    /// The number of `position` in `0..n` under the dense numbering (see
    /// [`dense_positions`](ScoringGame::dense_positions)); `None` by default.
    /// A position without a number below `n` makes the solver refuse with
    /// [`Error::InvalidParameter`].
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// The inverse of [`dense_index`](ScoringGame::dense_index): the
    /// position numbered `index`, or `None` when no position has that
    /// number; `None` by default.
    ///
    /// The default [`for_each_dense_position`](ScoringGame::for_each_dense_position)
    /// walks the numbers through it; and [`Negamax`] checks every child it
    /// reads through a number by it (`dense_position(dense_index(child))`
    /// must be the child: two positions given one number are refused), so a
    /// numbered game gives it, unless it names its children by number
    /// ([`numbered_moves`](ScoringGame::numbered_moves)) or the solver
    /// [trusts the numbering](Negamax::trusting_numbering).
    fn dense_position(&self, index: usize) -> Option<Self::Position> {
        let _ = index;
        None
    }

    /// Lists every numbered position in sweep order, until `visit` returns
    /// [`ControlFlow::Break`]: ascending numbers under
    /// [`MoveOrder::ToSmaller`](crate::game::MoveOrder::ToSmaller),
    /// descending under `ToLarger`. The default walks the numbers
    /// `0..dense_positions()` in that order through
    /// [`dense_position`](ScoringGame::dense_position), skipping numbers
    /// that are no position. Override it with the loops a hand-written DP
    /// would run when the inverse costs a division or a search per number:
    /// the sweep then never calls `dense_position`.
    ///
    /// The sweep solves exactly the positions listed (reachable or not) and
    /// refuses a listing whose numbers do not run strictly in sweep order
    /// ([`Error::InvalidParameter`]). Every position a listed position moves
    /// to must be listed too: a move to a number that was skipped is
    /// refused, in every build (its cell still reads "never listed").
    ///
    /// The example is the fastest form: the DP's own loops as the listing,
    /// and each child named by its number
    /// ([`for_each_numbered_move`](ScoringGame::for_each_numbered_move)),
    /// so nothing is recomputed per move and no round trip through
    /// `dense_position` is needed to check the numbering.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    ///
    /// /// AtCoder EDPC L "Deque": take the first or the last number, score it.
    /// struct Deque(Vec<i64>);
    ///
    /// impl ScoringGame for Deque {
    ///     type Position = (usize, usize);
    ///     type Move = bool; // from the left?
    ///     type Score = i64;
    ///     fn start(&self) -> (usize, usize) {
    ///         (0, self.0.len())
    ///     }
    ///     fn for_each_move(
    ///         &self,
    ///         &(l, r): &(usize, usize),
    ///         mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         if l < r {
    ///             visit(true)?;
    ///             visit(false)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn play(&self, &(l, r): &(usize, usize), &left: &bool) -> (i64, (usize, usize)) {
    ///         if left { (self.0[l], (l + 1, r)) } else { (self.0[r - 1], (l, r - 1)) }
    ///     }
    ///     // Intervals numbered by length: every move goes to a smaller number.
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some((self.0.len() + 1) * (self.0.len() + 1))
    ///     }
    ///     fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
    ///         Some((r - l) * (self.0.len() + 1) + l)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    ///     // Each child named by its number: (l + 1, r) and (l, r - 1) are
    ///     // one shorter, so one row of the numbering lower.
    ///     fn numbered_moves(&self) -> bool {
    ///         true
    ///     }
    ///     #[inline(always)]
    ///     fn for_each_numbered_move(
    ///         &self,
    ///         &(l, r): &(usize, usize),
    ///         mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         let width = self.0.len() + 1;
    ///         if l < r {
    ///             let shorter = (r - l - 1) * width + l;
    ///             visit(self.0[l], shorter + 1)?;
    ///             visit(self.0[r - 1], shorter)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     // The DP's own loops instead of an inverse numbering.
    ///     fn for_each_dense_position(
    ///         &self,
    ///         mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         let n = self.0.len();
    ///         for len in 0..=n {
    ///             for l in 0..=n - len {
    ///                 visit((l, l + len))?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// // EDPC L's samples.
    /// assert_eq!(Negamax::new(Deque(vec![10, 80])).value()?, 70);
    /// assert_eq!(Negamax::new(Deque(vec![10, 100, 10])).value()?, -80);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let count = self.dense_positions().unwrap_or(0);
        let mut listed = |number| match self.dense_position(number) {
            Some(position) => visit(position),
            None => ControlFlow::Continue(()),
        };
        match self.dense_order() {
            crate::game::MoveOrder::ToLarger => (0..count).rev().try_for_each(&mut listed),
            _ => (0..count).try_for_each(&mut listed),
        }
    }

    /// Whether the game gives
    /// [`for_each_numbered_move`](ScoringGame::for_each_numbered_move): the
    /// fastest form of a numbered game. `false` by default.
    fn numbered_moves(&self) -> bool {
        false
    }

    /// Calls `visit(points, child_number)` once for every move of
    /// `position`, in [`for_each_move`](ScoringGame::for_each_move)'s order,
    /// with the points the mover scores and the NUMBER of the position the
    /// move leads to, until `visit` returns [`ControlFlow::Break`] (then
    /// returns `Break(())` at once).
    ///
    /// The sweep of a game that declares
    /// [`numbered_moves`](ScoringGame::numbered_moves) calls this instead
    /// of `for_each_move`, `play` and `dense_index` for every move: nothing
    /// is recomputed per move, and since a child is named by its number, two
    /// positions can never be given one number (the sweep skips the round
    /// trip through [`dense_position`](ScoringGame::dense_position) that
    /// otherwise checks each child). The numbers must be the ones
    /// `dense_index` gives the children `play` returns: the table's queries,
    /// best moves and lines go through `for_each_move`, `play` and
    /// `dense_index`. A child number the listing skipped, outside
    /// `0..dense_positions()` or against the declared order is still refused.
    ///
    /// Mark it `#[inline(always)]`, as below: the sweep's loop and the
    /// game's then compile into one (on the two-option row of
    /// `examples/scoring_row.rs`, 2× the hand-written DP's CPU without the
    /// attribute, 1.0–1.2× with it).
    ///
    /// The default lists the moves through `for_each_move`, `play` and
    /// `dense_index` (`usize::MAX` for a child without a number).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    ///
    /// /// Take 1 or 2 coins from the front of a row, score them. A position
    /// /// is how many coins were taken: its own number.
    /// struct Coins(Vec<i64>);
    ///
    /// impl ScoringGame for Coins {
    ///     type Position = usize;
    ///     type Move = usize;
    ///     type Score = i64;
    ///     fn start(&self) -> usize {
    ///         0
    ///     }
    ///     fn for_each_move(&self, &i: &usize, mut visit: impl FnMut(usize) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         for take in 1..=2.min(self.0.len() - i) {
    ///             visit(take)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn play(&self, &i: &usize, &take: &usize) -> (i64, usize) {
    ///         (self.0[i..i + take].iter().sum(), i + take)
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(self.0.len() + 1)
    ///     }
    ///     fn dense_index(&self, &i: &usize) -> Option<usize> {
    ///         Some(i)
    ///     }
    ///     fn dense_position(&self, i: usize) -> Option<usize> {
    ///         Some(i)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToLarger
    ///     }
    ///     fn numbered_moves(&self) -> bool {
    ///         true
    ///     }
    ///     // The same moves, each with its points and its child's number.
    ///     #[inline(always)]
    ///     fn for_each_numbered_move(
    ///         &self,
    ///         &i: &usize,
    ///         mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         let mut points = 0;
    ///         for take in 1..=2.min(self.0.len() - i) {
    ///             points += self.0[i + take - 1];
    ///             visit(points, i + take)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// assert_eq!(Negamax::new(Coins(vec![3, -1, 4])).value()?, 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn for_each_numbered_move(
        &self,
        position: &Self::Position,
        mut visit: impl FnMut(Self::Score, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_move(position, |mv| {
            let (points, child) = self.play(position, &mv);
            visit(points, self.dense_index(&child).unwrap_or(usize::MAX))
        })
    }

    /// How moves run through the dense numbering ([`MoveOrder`]):
    /// `Unordered` by default. Declaring `ToSmaller` or `ToLarger` (with
    /// [`dense_position`](ScoringGame::dense_position)) lets [`Negamax`]
    /// fill its table in one sweep; a move against the declaration is
    /// refused with [`Error::InvalidParameter`].
    ///
    /// [`MoveOrder`]: crate::game::MoveOrder
    fn dense_order(&self) -> crate::game::MoveOrder {
        crate::game::MoveOrder::Unordered
    }

    /// How far back a move can reach through the dense numbering, for
    /// [`Negamax::value`] to keep a window of the table instead of all of
    /// it. `Some(reach)` promises: under
    /// [`MoveOrder::ToSmaller`](crate::game::MoveOrder::ToSmaller), every
    /// move from number `x` goes to a number in `x - reach ..= x - 1`;
    /// under `ToLarger`, to a number in `x + 1 ..= x + reach`. `None` by
    /// default (no promise); ignored without a declared order.
    ///
    /// With a reach, [`Negamax::rolling_value`] (one value asked, the
    /// start's) sweeps the numbers up to the start's
    /// (under `ToLarger`: down to it) keeping a ring of `reach + 1` values
    /// rounded up to a power of two, as a hand-written DP keeps one rolling
    /// row: `ring × size_of::<Score>()` bytes charged to the budget, not
    /// `n ×`. The work cap is charged as the full sweep charges it. The
    /// table ([`Negamax::table`], [`Negamax::solve`], queries of other
    /// positions, [`Negamax::value`]) still sweeps the whole numbering,
    /// once, and `rolling_value` answers from it once it exists; a windowed
    /// `rolling_value` keeps nothing, so a second call sweeps again.
    ///
    /// The promise is checked on every move, in every build (one
    /// comparison on the child's number): a move outside the reach is
    /// refused with [`Error::InvalidParameter`] naming both numbers, never
    /// answered from a cell the ring has reused. A child the listing
    /// skipped is refused as in the full sweep. Positions numbered past the
    /// start are not listed, so a fault there is not seen.
    ///
    /// An interval `l..r` of a row of `n` numbered by length
    /// (`(r - l) * (n + 1) + l`), whose moves take one stone from either
    /// end, reaches `n + 1` back (to `(r - l - 1) * (n + 1) + l`): a ring of
    /// about `n` values instead of `n²`.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    ///
    /// /// Take the first or the last number of the row; the k-th take
    /// /// (k = 1, 2, …) scores k times the number taken.
    /// struct Row(Vec<i64>);
    ///
    /// impl ScoringGame for Row {
    ///     type Position = (usize, usize);
    ///     type Move = bool; // from the left?
    ///     type Score = i64;
    ///     fn start(&self) -> (usize, usize) {
    ///         (0, self.0.len())
    ///     }
    ///     fn for_each_move(&self, &(l, r): &(usize, usize), mut visit: impl FnMut(bool) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         if l < r {
    ///             visit(true)?;
    ///             visit(false)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn play(&self, &(l, r): &(usize, usize), &left: &bool) -> (i64, (usize, usize)) {
    ///         let k = (self.0.len() - (r - l) + 1) as i64;
    ///         if left { (k * self.0[l], (l + 1, r)) } else { (k * self.0[r - 1], (l, r - 1)) }
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some((self.0.len() + 1) * (self.0.len() + 1))
    ///     }
    ///     fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
    ///         Some((r - l) * (self.0.len() + 1) + l)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    ///     // (l + 1, r) and (l, r - 1) are n and n + 1 numbers back.
    ///     fn dense_reach(&self) -> Option<usize> {
    ///         Some(self.0.len() + 1)
    ///     }
    ///     fn numbered_moves(&self) -> bool {
    ///         true
    ///     }
    ///     #[inline(always)]
    ///     fn for_each_numbered_move(&self, &(l, r): &(usize, usize), mut visit: impl FnMut(i64, usize) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         let n = self.0.len();
    ///         if l < r {
    ///             let k = (n - (r - l) + 1) as i64;
    ///             let shorter = (r - l - 1) * (n + 1) + l;
    ///             visit(k * self.0[l], shorter + 1)?;
    ///             visit(k * self.0[r - 1], shorter)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn for_each_dense_position(&self, mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         let n = self.0.len();
    ///         for len in 0..=n {
    ///             for l in 0..=n - len {
    ///                 visit((l, l + len))?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// // 1 3 1: take a 1 (scores 1 · 1); the opponent takes the 3 (2 · 3),
    /// // the last take is the other 1 (3 · 1): 1 + 3 - 6 = -2.
    /// let solver = Negamax::new(Row(vec![1, 3, 1]));
    /// assert_eq!(solver.rolling_value()?, -2); // a ring of 8 values, not 16
    /// assert_eq!(solver.table()?.value(), -2); // the whole table, swept once
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn dense_reach(&self) -> Option<usize> {
        None
    }
}

/// A game borrowed is the same game: `Negamax::new(&game)` keeps `game` usable.
/// The methods the solvers call per position and per move are inlined, so a
/// borrowed game's loops compile as its own do.
impl<G: ScoringGame + ?Sized> ScoringGame for &G {
    type Position = G::Position;
    type Move = G::Move;
    type Score = G::Score;

    fn start(&self) -> Self::Position {
        (**self).start()
    }

    #[inline(always)]
    fn for_each_move(
        &self,
        position: &Self::Position,
        visit: impl FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_move(position, visit)
    }

    #[inline(always)]
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> (Self::Score, Self::Position) {
        (**self).play(position, mv)
    }

    fn dense_positions(&self) -> Option<usize> {
        (**self).dense_positions()
    }

    #[inline(always)]
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        (**self).dense_index(position)
    }

    #[inline(always)]
    fn dense_position(&self, index: usize) -> Option<Self::Position> {
        (**self).dense_position(index)
    }

    #[inline(always)]
    fn for_each_dense_position(
        &self,
        visit: impl FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_dense_position(visit)
    }

    fn dense_order(&self) -> crate::game::MoveOrder {
        (**self).dense_order()
    }

    fn numbered_moves(&self) -> bool {
        (**self).numbered_moves()
    }

    fn dense_reach(&self) -> Option<usize> {
        (**self).dense_reach()
    }

    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        position: &Self::Position,
        visit: impl FnMut(Self::Score, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_numbered_move(position, visit)
    }
}

/// The name of a score type, for error messages.
pub(crate) fn type_name<T>() -> &'static str {
    std::any::type_name::<T>()
}

/// The overflow error for score type `T`.
pub(crate) fn overflow<T>(detail: impl Into<String>) -> Error {
    Error::ScoreOverflow {
        type_name: type_name::<T>(),
        detail: detail.into(),
    }
}

/// `sum |v|` over `values`, or an overflow error naming `what`.
pub(crate) fn abs_sum<T: Score>(values: &[T], what: &str) -> Result<T> {
    values.iter().try_fold(T::zero(), |acc, &v| {
        let magnitude = if v < T::zero() {
            v.checked_neg()
        } else {
            Some(v)
        };
        magnitude
            .and_then(|m| acc.checked_add(&m))
            .ok_or_else(|| overflow::<T>(format!("the sum of |{what}| does not fit")))
    })
}

/// `(a + b) / 2` for `a ≡ b (mod 2)`, without the intermediate sum overflowing.
pub(crate) fn half_sum<T: Score>(a: T, b: T) -> T {
    let two = T::one() + T::one();
    // Truncating division: x = 2 (x / 2) + x % 2 exactly, so the halves add up.
    a / two + b / two + (a % two + b % two) / two
}

/// Each player's total from the total of all points scored and their difference.
pub(crate) fn totals_from<T: Score>(total_scored: T, difference: T) -> (T, T) {
    let first = half_sum(total_scored, difference);
    let second = half_sum(total_scored, -difference);
    (first, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_sum_is_exact_at_the_extremes() {
        assert_eq!(half_sum(i64::MAX, i64::MAX), i64::MAX);
        assert_eq!(half_sum(i64::MIN, i64::MIN), i64::MIN);
        assert_eq!(half_sum(i64::MAX, -i64::MAX), 0);
        for a in -9i32..=9 {
            for b in -9i32..=9 {
                if (a - b) % 2 == 0 {
                    assert_eq!(half_sum(a, b), (a + b) / 2, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn abs_sum_reports_overflow() {
        assert_eq!(abs_sum(&[-3i8, 4], "values").unwrap(), 7);
        assert!(abs_sum(&[i8::MIN], "values").is_err());
        assert!(abs_sum(&[100i8, -100], "values").is_err());
    }
}
