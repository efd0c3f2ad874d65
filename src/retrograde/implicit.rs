//! Retrograde analysis over an implicit graph: positions numbered `0..N`,
//! successors and predecessors listed by the game on demand, no move
//! stored.

use std::cell::Cell;
use std::fmt;
use std::ops::ControlFlow;

use crate::budget::vec_with_capacity;
use crate::{Budget, Convention, Error, Outcome, Result};

use super::graph::check_counts;
use super::graph::{Moves, Predecessors};
use super::induction::{
    Labels, MoveFingerprint, UNKNOWN, check_predecessors, code_value, value_code,
};
use super::values::{self, Seeds, VALUES_BYTES_PER_POSITION};
use super::work::{BatchCharge, CHARGE_BATCH, DEFAULT_RETROGRADE_WORK, WorkMeter};
use super::{Analysis, Counts, Label, Value};

/// Bytes per position the implicit solver allocates: the value byte, the
/// `u32` counter/remoteness word and the `u32` queue slot. Nothing is
/// allocated per move. The exact predecessor check, when on, needs 8 bytes
/// a position more while it runs (before the word and the queue exist); so
/// does the diagnosis that names the position after a fingerprint mismatch
/// (after the tables are freed).
pub const IMPLICIT_BYTES_PER_POSITION: u128 = 1 + 4 + 4;

/// Bytes per position [`ImplicitSolver::solve_values`] charges (labels
/// alone, no remoteness): the value byte, a one-byte loss counter and a
/// 4-byte queue slot, which only solved positions fill (3 bytes more a
/// position when some position has more than 255 moves: `u32` counters).
///
/// # Example
/// ```
/// assert_eq!(stonegame::retrograde::IMPLICIT_VALUES_BYTES_PER_POSITION, 6);
/// ```
pub const IMPLICIT_VALUES_BYTES_PER_POSITION: u128 = VALUES_BYTES_PER_POSITION;

/// The default work cap of [`ImplicitSolver`]: a step a move counted for
/// the out-degrees, [`IMPLICIT_STEPS_PER_ENTRY`] a move or predecessor
/// listed for the induction or the predecessor check, and
/// [`IMPLICIT_LISTING_STEPS`] a listing; four times the other retrograde
/// engines' [`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK)
/// (2·10^10), as these steps are cheaper: measured 0.37 ns a step when the
/// cap is reached counting out-degrees and 0.56 in the induction (release,
/// one thread, 5·10^7–10^8 positions, 100–300 moves a position;
/// `examples/engine_work.rs`), so 7–11 s. Codeforces 786A at `n = 7000`
/// lists about 2 × 10^8 moves.
///
/// # Example
/// ```
/// use stonegame::retrograde::{DEFAULT_IMPLICIT_WORK, DEFAULT_RETROGRADE_WORK};
/// assert_eq!(DEFAULT_IMPLICIT_WORK, 4 * DEFAULT_RETROGRADE_WORK);
/// ```
pub const DEFAULT_IMPLICIT_WORK: u64 = 4 * DEFAULT_RETROGRADE_WORK;

/// Steps [`ImplicitSolver`] charges for each listing of a position's moves
/// or predecessors, beyond its entries: the call into the game and its
/// bookkeeping cost about as much as eight cheap moves.
///
/// # Example
/// ```
/// assert_eq!(stonegame::retrograde::IMPLICIT_LISTING_STEPS, 8);
/// ```
pub const IMPLICIT_LISTING_STEPS: u64 = 8;

/// Steps [`ImplicitSolver`] charges for each move or predecessor it lists
/// for the induction (and the predecessor check): a counter or a label
/// read at the listed position, about 3.5 ns against 0.2–0.5 for a move
/// only counted (the out-degrees, one step).
///
/// # Example
/// ```
/// assert_eq!(stonegame::retrograde::IMPLICIT_STEPS_PER_ENTRY, 4);
/// ```
pub const IMPLICIT_STEPS_PER_ENTRY: u64 = 4;

/// A game whose positions are numbered `0..positions()` and whose moves are
/// listed on demand, forwards and backwards: solved by [`ImplicitSolver`]
/// without storing a move.
///
/// `for_each_predecessor(v, …)` must list each `u` with a move to `v` once
/// per such move (as `for_each_move(u, …)` lists `v`), and nothing else;
/// a position a terminal rule ends may be listed or not (its moves are never
/// followed). A predecessor function that disagrees with the moves is
/// refused with [`Error::PredecessorMismatch`] naming the position, in
/// every build: a keyed fingerprint of every move listed forwards is
/// compared with one of every predecessor listed, once, after the
/// induction ([`ImplicitSolver::with_trusted_predecessors`] skips it;
/// [`ImplicitSolver::with_predecessor_check`] checks each position before
/// the induction instead). A move or a predecessor outside `0..N` is always
/// refused with [`Error::InvalidParameter`] naming the position.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
///
/// /// Take 1 or 2 from a heap of 0..=10; who cannot move loses.
/// struct TakeOneOrTwo;
///
/// impl ImplicitGame for TakeOneOrTwo {
///     fn positions(&self) -> usize {
///         11
///     }
///     fn for_each_move(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
///         (1..=2).filter(|&s| s <= n).try_for_each(|s| visit(n - s))
///     }
///     fn for_each_predecessor(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
///         (1..=2).filter(|&s| n + s <= 10).try_for_each(|s| visit(n + s))
///     }
/// }
///
/// let solution = ImplicitSolver::new(TakeOneOrTwo).solve()?;
/// assert_eq!(solution.value(9), Some(Value::Lose)); // multiples of 3 lose
/// assert_eq!(solution.best_move(10), Some(9));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait ImplicitGame {
    /// The number of positions `N`; positions are `0..N`.
    fn positions(&self) -> usize;

    /// Calls `visit` with the target of each move from `position`, stopping
    /// when it returns `Break` (and then returning `Break`).
    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// Calls `visit` with each position that has a move to `position`, once
    /// per such move, stopping when it returns `Break`.
    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// A terminal rule: `Some(value)` ends the game at `position` with that
    /// value for the player to move (its moves are ignored); `None` (the
    /// default) lets play go on.
    fn terminal(&self, _position: u32) -> Option<Value> {
        None
    }

    /// The number of moves from `position`, where the game knows it
    /// without listing them; `None` (the default) has the solver count
    /// them. Read only by a solver that trusts the game
    /// ([`ImplicitSolver::with_trusted_predecessors`]): the moves are then
    /// not listed to count them, so neither checked against `0..N` nor
    /// fingerprinted, and a count that differs from `for_each_move`'s gives
    /// wrong labels. Codeforces 786A (98 million moves) lists no move at
    /// all for its counters this way, as its hand-written solution does.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
    ///
    /// /// Take 1 or 2 from a heap of 0..=10, the counts known.
    /// struct TakeOneOrTwo;
    ///
    /// impl ImplicitGame for TakeOneOrTwo {
    ///     fn positions(&self) -> usize {
    ///         11
    ///     }
    ///     fn for_each_move(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (1..=2).filter(|&s| s <= n).try_for_each(|s| visit(n - s))
    ///     }
    ///     fn for_each_predecessor(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (1..=2).filter(|&s| n + s <= 10).try_for_each(|s| visit(n + s))
    ///     }
    ///     fn move_count(&self, n: u32) -> Option<u32> {
    ///         Some(n.min(2))
    ///     }
    /// }
    ///
    /// let values = ImplicitSolver::new(TakeOneOrTwo).with_trusted_predecessors().solve_values()?;
    /// assert_eq!(values.value(9), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn move_count(&self, _position: u32) -> Option<u32> {
        None
    }

    /// Walks every position in the game's own loops, in order `0, 1, …,
    /// N - 1`, calling `visit(position, terminal, moves)` with what
    /// [`terminal`](ImplicitGame::terminal) and
    /// [`for_each_move`](ImplicitGame::for_each_move) say of it (the moves
    /// of a position a terminal rule ends may be left out), and returns
    /// `Some` of the last `visit`'s answer, stopping at the first `Break`
    /// (the work cap). `None`, the default: the game does not walk, and the
    /// solver asks position by position. Read by
    /// [`ImplicitSolver::solve_values`] only, which then neither splits a
    /// number into its parts nor calls into the game for each position;
    /// the moves are checked as listed ones are (inside `0..N`, and
    /// fingerprinted against the predecessors unless trusted), positions
    /// out of order are refused with [`Error::InvalidParameter`], and the
    /// work is charged per block of positions. Cat and mouse on a 50 × 50
    /// grid (`examples/cat_and_mouse.rs`, 7.5 million positions) took 17%
    /// less CPU with it (0.19 s against 0.23 with the default checks, 0.15
    /// against 0.16 trusted; release, medians of 9 alternating runs).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
    ///
    /// /// Take 1 or 2 from a heap of 0..=10; who cannot move loses.
    /// struct TakeOneOrTwo;
    ///
    /// impl ImplicitGame for TakeOneOrTwo {
    ///     fn positions(&self) -> usize {
    ///         11
    ///     }
    ///     fn for_each_move(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (1..=2).filter(|&s| s <= n).try_for_each(|s| visit(n - s))
    ///     }
    ///     fn for_each_predecessor(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (1..=2).filter(|&s| n + s <= 10).try_for_each(|s| visit(n + s))
    ///     }
    ///     fn for_each_position(
    ///         &self,
    ///         mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ///     ) -> Option<ControlFlow<()>> {
    ///         let walk = (0..=10u32).try_for_each(|n| match n {
    ///             0 => visit(0, None, &[]),
    ///             1 => visit(1, None, &[0]),
    ///             _ => visit(n, None, &[n - 1, n - 2]),
    ///         });
    ///         Some(walk)
    ///     }
    /// }
    ///
    /// let values = ImplicitSolver::new(TakeOneOrTwo).solve_values()?;
    /// assert_eq!(values.value(9), Some(Value::Lose));
    /// assert_eq!(values.value(10), Some(Value::Win));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn for_each_position(
        &self,
        _visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        None
    }
}

impl<G: ImplicitGame> ImplicitGame for &G {
    fn positions(&self) -> usize {
        (**self).positions()
    }

    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_move(position, visit)
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_predecessor(position, visit)
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        (**self).terminal(position)
    }

    fn move_count(&self, position: u32) -> Option<u32> {
        (**self).move_count(position)
    }

    fn for_each_position(
        &self,
        visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        (**self).for_each_position(visit)
    }
}

/// The terminal rule of an [`FnImplicitGame`] that has none.
pub type NoImplicitTerminal = fn(u32) -> Option<Value>;

/// An [`ImplicitGame`] made of closures: the number of positions, a
/// successor closure and a predecessor closure (each returning any
/// iterator of positions), and optionally a terminal rule.
///
/// # Example
/// ```
/// use stonegame::retrograde::{FnImplicitGame, ImplicitSolver, Value};
///
/// // A ring of 6 positions, one step clockwise a move; reaching 0 ends the
/// // game and the player then to move has lost.
/// let game = FnImplicitGame::new(6, |u| [(u + 1) % 6], |v| [(v + 5) % 6])
///     .with_terminal(|u| (u == 0).then_some(Value::Lose));
/// let solution = ImplicitSolver::new(game).solve()?;
/// assert_eq!(solution.value(5), Some(Value::Win));
/// assert_eq!(solution.value(4), Some(Value::Lose));
/// assert_eq!(solution.principal_line(3), vec![3, 4, 5, 0]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Clone)]
pub struct FnImplicitGame<S, R, T = NoImplicitTerminal> {
    positions: usize,
    successors: S,
    predecessors: R,
    terminal: Option<T>,
}

impl<S, R> FnImplicitGame<S, R> {
    /// A game of `positions` positions whose moves `successors` lists and
    /// whose reverse moves `predecessors` lists; no terminal rule.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{FnImplicitGame, ImplicitGame};
    /// let chain = FnImplicitGame::new(3, |u| (u + 1 < 3).then_some(u + 1), |v| v.checked_sub(1));
    /// assert_eq!(chain.positions(), 3);
    /// ```
    pub fn new<IS, IR>(positions: usize, successors: S, predecessors: R) -> Self
    where
        S: Fn(u32) -> IS,
        IS: IntoIterator<Item = u32>,
        R: Fn(u32) -> IR,
        IR: IntoIterator<Item = u32>,
    {
        Self {
            positions,
            successors,
            predecessors,
            terminal: None,
        }
    }
}

impl<S, R, T> FnImplicitGame<S, R, T> {
    /// Sets a terminal rule (see [`ImplicitGame::terminal`], which answers
    /// with it; hence the name, where the solvers' builders say `terminal`).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{FnImplicitGame, ImplicitGame, Value};
    /// let game = FnImplicitGame::new(2, |u| [1 - u], |v| [1 - v])
    ///     .with_terminal(|u| (u == 1).then_some(Value::Tie));
    /// assert_eq!(game.terminal(1), Some(Value::Tie));
    /// assert_eq!(game.terminal(0), None);
    /// ```
    pub fn with_terminal<T2>(self, rule: T2) -> FnImplicitGame<S, R, T2>
    where
        T2: Fn(u32) -> Option<Value>,
    {
        FnImplicitGame {
            positions: self.positions,
            successors: self.successors,
            predecessors: self.predecessors,
            terminal: Some(rule),
        }
    }
}

impl<S, R, T> fmt::Debug for FnImplicitGame<S, R, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnImplicitGame")
            .field("positions", &self.positions)
            .field("terminal_rule", &self.terminal.is_some())
            .finish_non_exhaustive()
    }
}

impl<S, R, T, IS, IR> ImplicitGame for FnImplicitGame<S, R, T>
where
    S: Fn(u32) -> IS,
    IS: IntoIterator<Item = u32>,
    R: Fn(u32) -> IR,
    IR: IntoIterator<Item = u32>,
    T: Fn(u32) -> Option<Value>,
{
    fn positions(&self) -> usize {
        self.positions
    }

    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (self.successors)(position).into_iter().try_for_each(visit)
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (self.predecessors)(position)
            .into_iter()
            .try_for_each(visit)
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        self.terminal.as_ref().and_then(|rule| rule(position))
    }
}

/// Solves an [`ImplicitGame`]: the same labels and remoteness as
/// [`DenseSolver`](super::DenseSolver) on the same moves (same conventions,
/// terminal rules and preferences, see the [module docs](super)), in
/// [`IMPLICIT_BYTES_PER_POSITION`] = 9 bytes a position and nothing a move.
///
/// The out-degrees are counted by listing every position's moves once;
/// the induction then lists the predecessors of each won or lost position
/// once, and of each tied position once; for the fingerprint that checks
/// them against the moves, the drawn positions' predecessors are listed
/// once after it. A predecessor function that disagrees with the moves is
/// refused (see [`ImplicitGame`] and
/// [`ImplicitSolver::with_trusted_predecessors`]).
///
/// Options: the [`Convention`] for positions without moves (default normal
/// play), the [`Budget`] (memory: `9 N` bytes charged before allocating;
/// work: moves listed, default [`DEFAULT_IMPLICIT_WORK`]).
///
/// # Example
/// ```
/// use stonegame::Convention;
/// use stonegame::retrograde::{ImplicitSolver, Value};
///
/// // Positions 0..=20, a move takes 1, 3 or 4; under misère play whoever
/// // cannot move wins.
/// let solver = ImplicitSolver::from_fns(
///     21,
///     |n| [1, 3, 4].into_iter().filter(move |&s| s <= n).map(move |s| n - s),
///     |n| [1, 3, 4].into_iter().map(move |s| n + s).filter(|&p| p <= 20),
/// );
/// let solution = solver.with_convention(Convention::Misere).solve()?;
/// assert_eq!(solution.value(0), Some(Value::Win));
/// assert_eq!(solution.value(1), Some(Value::Lose));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ImplicitSolver<G> {
    game: G,
    convention: Convention,
    budget: Budget,
    checks_predecessors: bool,
    fingerprints: bool,
}

impl<G> crate::game::Configure for ImplicitSolver<G> {
    fn with_budget(self, budget: Budget) -> Self {
        ImplicitSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<S, R> ImplicitSolver<FnImplicitGame<S, R>> {
    /// A solver for the game of `positions` positions whose moves
    /// `successors` lists and whose reverse moves `predecessors` lists (the
    /// closure form of [`FnImplicitGame`]; for a terminal rule build the
    /// `FnImplicitGame` and pass it to [`ImplicitSolver::new`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// // A chain 0 → 1 → … → 9.
    /// let solution = ImplicitSolver::from_fns(10, |u| (u < 9).then_some(u + 1), |v| v.checked_sub(1))
    ///     .solve()?;
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// assert_eq!(solution.remoteness(0), Some(9));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_fns<IS, IR>(positions: usize, successors: S, predecessors: R) -> Self
    where
        S: Fn(u32) -> IS,
        IS: IntoIterator<Item = u32>,
        R: Fn(u32) -> IR,
        IR: IntoIterator<Item = u32>,
    {
        Self::new(FnImplicitGame::new(positions, successors, predecessors))
    }
}

impl<G> ImplicitSolver<G> {
    /// A solver for `game` (by value, or `&game`) with normal play, the
    /// default budget and the predecessors checked by a fingerprint (in
    /// every build).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{FnImplicitGame, ImplicitSolver, Value};
    /// let game = FnImplicitGame::new(2, |u| [1 - u], |v| [1 - v]);
    /// assert_eq!(ImplicitSolver::new(&game).solve()?.value(0), Some(Value::Draw));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(game: G) -> Self {
        Self {
            game,
            convention: Convention::Normal,
            budget: Budget::default(),
            checks_predecessors: false,
            fingerprints: true,
        }
    }

    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, retrograde::{ImplicitSolver, Value}};
    /// let solver = ImplicitSolver::from_fns(1, |_| None, |_| None);
    /// let solution = solver.with_convention(Convention::Misere).solve()?;
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget (`9 N` bytes are charged before anything is
    /// allocated) and the work cap (moves listed; default
    /// [`DEFAULT_IMPLICIT_WORK`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Error, retrograde::ImplicitSolver};
    /// let solver = ImplicitSolver::from_fns(1000, |_| None, |_| None);
    /// let refused = solver.with_budget(Budget::from_bytes(100)).solve();
    /// assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { .. })));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::ImplicitSolver};
    /// let solver = ImplicitSolver::from_fns(3, |_| None, |_| None);
    /// assert_eq!(solver.with_budget(Budget::from_bytes(4096)).budget(), Budget::from_bytes(4096));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Whether each position's predecessors are checked against the
    /// moves before the induction (the exact, eager check: one more pass
    /// over both, 8 bytes a position while it runs); off by default, in
    /// every build. Without it the predecessors are still checked, by a
    /// fingerprint of every move compared once after the induction (see
    /// [`ImplicitSolver::with_trusted_predecessors`]), and the exact check
    /// runs only to name the position when the fingerprints differ. A
    /// mismatch is refused with [`Error::PredecessorMismatch`] either way;
    /// a move outside `0..N` is always refused with
    /// [`Error::InvalidParameter`].
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, retrograde::ImplicitSolver};
    /// // A chain 0 → 1 → 2, and a predecessor function that is off by one.
    /// let solver = ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| v.checked_sub(2));
    /// let refused = solver.with_predecessor_check(true).solve();
    /// assert!(matches!(refused, Err(Error::PredecessorMismatch { .. })));
    /// ```
    pub fn with_predecessor_check(mut self, check: bool) -> Self {
        self.checks_predecessors = check;
        self
    }

    /// Trusts the predecessor function: skips the fingerprint that
    /// otherwise compares every move listed with every predecessor listed
    /// (a keyed 64-bit hash of each move, summed on both sides and compared
    /// once; a difference is refused with [`Error::PredecessorMismatch`]
    /// naming the position). The fingerprint costs a hash a move and a
    /// listing of the drawn positions' predecessors: measured on Codeforces
    /// 786A at `n = 7000` (release, CPU, medians of 5 alternating runs) at
    /// +40% with full step sets (98 million moves, 7,000 a position) and
    /// +51% with random half sets (half the positions drawn), against
    /// +0–5% for the range check of the moves alone. A predecessor
    /// function that disagrees with the moves then gives wrong labels,
    /// silently; moves outside `0..N` are still refused.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// // The predecessors of a chain 0 → 1 → 2, listed exactly.
    /// let solver = ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| v.checked_sub(1));
    /// let solution = solver.with_trusted_predecessors().solve()?;
    /// assert_eq!(solution.value(1), Some(Value::Win));
    /// assert_eq!(solution.value(0), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_trusted_predecessors(mut self) -> Self {
        self.fingerprints = false;
        self
    }
}

impl<G: ImplicitGame> ImplicitSolver<G> {
    /// Labels every position.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] beyond `u32::MAX` positions;
    /// [`Error::MemoryBudgetExceeded`] (before allocating) if `9 N` bytes
    /// exceed the budget; [`Error::WorkLimitExceeded`] past the work cap;
    /// [`Error::InvalidParameter`] for a predecessor outside `0..N`;
    /// [`Error::PredecessorMismatch`] if the predecessors disagree with the
    /// moves (when checked).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// // 0 → 1 → 2 and 1 → 0.
    /// let solver = ImplicitSolver::from_fns(
    ///     3,
    ///     |u| match u { 0 => vec![1], 1 => vec![2, 0], _ => vec![] },
    ///     |v| match v { 0 => vec![1], 1 => vec![0], _ => vec![1] },
    /// );
    /// let solution = solver.solve()?;
    /// assert_eq!(solution.value(1), Some(Value::Win));
    /// assert_eq!(solution.value(0), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(self) -> Result<ImplicitSolution<G>> {
        let n = self.game.positions();
        check_counts(n, 0)?;
        self.budget.check_bytes(
            IMPLICIT_BYTES_PER_POSITION * n as u128,
            "implicit retrograde tables (9 bytes a position)",
        )?;
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_IMPLICIT_WORK,
            "ImplicitSolver",
            "retrograde analysis of an implicit game (moves listed)",
        );
        meter.check()?;
        let fingerprints = self.fingerprints && !self.checks_predecessors;
        let listing = Listing {
            game: &self.game,
            num_positions: n as u32,
            meter: &meter,
            forward: fingerprints.then(|| Cell::new(MoveFingerprint::random())),
            takes_counts: !self.fingerprints && !self.checks_predecessors,
        };
        // Charged above (9 bytes a position); a refusal of the allocator is an error.
        let mut code: Vec<u8> =
            vec_with_capacity(n, "implicit retrograde tables", Budget::unlimited())?;
        code.extend((0..n as u32).map(|u| self.game.terminal(u).map_or(UNKNOWN, value_code)));
        let mut predecessors = GamePredecessors::new(&self.game, n as u32, &meter);
        if self.checks_predecessors {
            check_predecessors(&listing, &code, &mut predecessors, self.budget, |v| {
                format!("position {v}")
            })?;
        }
        let labels = match &listing.forward {
            None => Labels::induce(&listing, code, None, self.convention, &mut predecessors)?,
            Some(forward) => {
                let mut backward = MoveFingerprint::keyed(forward.get().keys());
                let labels = Labels::induce_tallied(
                    &listing,
                    code,
                    None,
                    self.convention,
                    &mut predecessors,
                    &mut backward,
                )?;
                labels.tally_unlisted(&mut predecessors, &mut backward)?;
                if backward.sum() != forward.get().sum() {
                    // Frees the 9 bytes a position the diagnosis needs.
                    drop(labels);
                    return Err(self.diagnose(&listing, &mut predecessors));
                }
                labels
            }
        };
        predecessors.settle()?;
        Ok(ImplicitSolution {
            game: self.game,
            labels,
        })
    }

    /// Labels every position with its value alone (win, lose, tie or
    /// draw; no remoteness, no best moves), as a contest program does: a
    /// value byte and a one-byte loss counter a position (`u32` counters
    /// where a position has more than 255 moves) and a queue of the solved
    /// positions only, processed in any order. The checks are
    /// [`ImplicitSolver::solve`]'s: moves outside `0..N` refused, the
    /// predecessors fingerprinted (unless trusted) or checked exactly.
    ///
    /// # Errors
    /// As [`ImplicitSolver::solve`], the memory budget charged
    /// [`IMPLICIT_VALUES_BYTES_PER_POSITION`] = 6 bytes a position.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// // Take 1 or 2 from a heap of 0..=9: multiples of 3 lose.
    /// let solver = ImplicitSolver::from_fns(
    ///     10,
    ///     |n| (1..=2).filter(move |&s| s <= n).map(move |s| n - s),
    ///     |n| (1..=2).map(move |s| n + s).filter(|&p| p <= 9),
    /// );
    /// let values = solver.solve_values()?;
    /// assert_eq!(values.value(9), Some(Value::Lose));
    /// assert_eq!(values.value(7), Some(Value::Win));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve_values(self) -> Result<ImplicitValues> {
        let n = self.game.positions();
        check_counts(n, 0)?;
        values::check_budget(n, self.budget)?;
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_IMPLICIT_WORK,
            "ImplicitSolver",
            "retrograde analysis of an implicit game (moves listed)",
        );
        meter.check()?;
        let fingerprints = self.fingerprints && !self.checks_predecessors;
        let listing = Listing {
            game: &self.game,
            num_positions: n as u32,
            meter: &meter,
            forward: fingerprints.then(|| Cell::new(MoveFingerprint::random())),
            takes_counts: !self.fingerprints && !self.checks_predecessors,
        };
        let mut predecessors = GamePredecessors::new(&self.game, n as u32, &meter);
        // The game's own walk, when it has one (and the exact check, which
        // lists moves position by position, is off).
        let walked = if self.checks_predecessors {
            None
        } else {
            self.walk(&listing)
        };
        let (code, seeds) = match walked {
            Some(walked) => walked?,
            None => {
                let mut code: Vec<u8> =
                    vec_with_capacity(n, "implicit retrograde values", Budget::unlimited())?;
                code.extend(
                    (0..n as u32).map(|u| self.game.terminal(u).map_or(UNKNOWN, value_code)),
                );
                if self.checks_predecessors {
                    check_predecessors(&listing, &code, &mut predecessors, self.budget, |v| {
                        format!("position {v}")
                    })?;
                }
                let mut seeds = Seeds::new(n, self.convention, self.budget)?;
                for (u, slot) in code.iter_mut().enumerate() {
                    let degree = if *slot == UNKNOWN {
                        listing.out_degree(u as u32)?
                    } else {
                        0
                    };
                    *slot = seeds.seed(u as u32, *slot, degree)?;
                }
                (code, seeds)
            }
        };
        let (code, sums) = match &listing.forward {
            None => (seeds.spread(code, &mut predecessors, &mut ())?, None),
            Some(forward) => {
                let mut backward = MoveFingerprint::keyed(forward.get().keys());
                let code = seeds.spread(code, &mut predecessors, &mut backward)?;
                (code, Some((forward.get().sum(), backward.sum())))
            }
        };
        predecessors.settle()?;
        // (No let chain: contest bundles are compiled as edition 2021.)
        if sums.is_some_and(|(forward, backward)| forward != backward) {
            drop(code);
            return Err(self.diagnose(&listing, &mut predecessors));
        }
        Ok(ImplicitValues { code })
    }

    /// The value bytes and seeds of every position from the game's own
    /// walk ([`ImplicitGame::for_each_position`]), `None` if it has none:
    /// each position's moves counted, checked against `0..N` and added to
    /// the forward fingerprint (when kept), the work charged a block of
    /// positions at a time. Not inlined: it runs once a solve, and kept
    /// apart it leaves the search's own code as it is for games without a
    /// walk (no difference measured either way on Codeforces 786A or cat
    /// and mouse).
    #[inline(never)]
    fn walk(&self, listing: &Listing<'_, G>) -> Option<Result<(Vec<u8>, Seeds)>> {
        let n = listing.num_positions;
        // Reserved before the walk, whether the game walks or not: no page
        // is touched until written, and the walk's step has no first
        // position to tell apart.
        let reserved = Seeds::new(n as usize, self.convention, self.budget).and_then(|seeds| {
            let code = vec_with_capacity(
                n as usize,
                "implicit retrograde values",
                Budget::unlimited(),
            )?;
            Ok((code, seeds))
        });
        let (mut code, mut seeds): (Vec<u8>, Seeds) = match reserved {
            Ok(reserved) => reserved,
            Err(error) => return Some(Err(error)),
        };
        let mut next = 0u32;
        let mut failure: Option<Error> = None;
        // The fingerprint a local copy (written back after the walk), its
        // sum kept apart from the tables the walk writes.
        let fingerprinted = listing.forward.is_some();
        let mut forward = listing
            .forward
            .as_ref()
            .map_or(MoveFingerprint::keyed((0, 0)), Cell::get);
        let mut walk = Walk {
            meter: listing.meter,
            pending: 0,
        };
        let flow = self.game.for_each_position(|u, terminal, moves| {
            if u != next || u >= n {
                return stop(&mut failure, out_of_order(u, next, n));
            }
            next += 1;
            let mut degree = 0;
            let c = match terminal {
                Some(value) => value_code(value),
                None => {
                    let largest = if fingerprinted {
                        forward.add_moves(u, moves)
                    } else {
                        moves.iter().fold(0, |largest, &v| largest.max(v))
                    };
                    if largest >= n {
                        return stop(&mut failure, outside(u, largest, n));
                    }
                    degree = match u32::try_from(moves.len()) {
                        Ok(degree) => degree,
                        Err(_) => return stop(&mut failure, too_many_moves(moves.len())),
                    };
                    UNKNOWN
                }
            };
            if let Err(error) = walk.charge(degree) {
                return stop(&mut failure, error);
            }
            match seeds.seed(u, c, degree) {
                Ok(byte) => code.push(byte),
                Err(error) => return stop(&mut failure, error),
            }
            ControlFlow::Continue(())
        })?;
        if let Some(error) = failure {
            return Some(Err(error));
        }
        if flow.is_break() || next != n {
            return Some(Err(Error::InvalidParameter {
                name: "for_each_position",
                reason: format!("the walk stopped after {next} of the {n} positions"),
            }));
        }
        if let Some(cell) = &listing.forward {
            cell.set(forward);
        }
        Some(walk.finish().map(|()| (code, seeds)))
    }

    /// The error for predecessors whose fingerprint differs from the
    /// moves': the exact check names the first position they disagree at,
    /// within what is left of the work cap; past the cap, or if the exact
    /// check finds nothing (a game whose listings change from one call to
    /// the next), the error says so and how to find the position.
    fn diagnose(
        &self,
        listing: &Listing<'_, G>,
        predecessors: &mut GamePredecessors<'_, G>,
    ) -> Error {
        let n = listing.num_positions;
        let mut code = Vec::new();
        if code.try_reserve_exact(n as usize).is_err() {
            return unnamed_mismatch("the memory for the exact check was refused");
        }
        code.extend((0..n).map(|u| self.game.terminal(u).map_or(UNKNOWN, value_code)));
        let exact = Listing {
            forward: None,
            takes_counts: false,
            ..*listing
        };
        match check_predecessors(&exact, &code, predecessors, self.budget, |v| {
            format!("position {v}")
        }) {
            Err(Error::WorkLimitExceeded { .. }) => unnamed_mismatch(
                "the work cap stopped the exact check that names it (raise the cap with \
                 Budget::with_work)",
            ),
            Err(error) => error,
            Ok(()) => unnamed_mismatch(
                "the exact check found every position's predecessors right on a second \
                 listing, so the game's listings change from one call to the next",
            ),
        }
    }
}

/// A mismatch of the whole listing's fingerprint that no position was
/// named for, and why.
fn unnamed_mismatch(why: &str) -> Error {
    Error::PredecessorMismatch {
        position: format!(
            "some position (the fingerprint of every move listed forwards differs from the \
             predecessors'; {why}; ImplicitSolver::with_predecessor_check(true) checks each \
             position before the induction)"
        ),
    }
}

/// Positions a walk charges between two charges of the work cap.
const WALK_BLOCK: u32 = 1024;

/// The work of a walk ([`ImplicitGame::for_each_position`]), charged a
/// block of positions at a time: each position's moves (a step each, as
/// counted out-degrees are) and [`IMPLICIT_LISTING_STEPS`] for the
/// position. A position's moves come as a slice, so a block is bounded and
/// a walk that never ends is stopped by its order check or by the cap.
struct Walk<'m> {
    meter: &'m WorkMeter,
    pending: u64,
}

impl Walk<'_> {
    #[inline]
    fn charge(&mut self, degree: u32) -> Result<()> {
        self.pending += u64::from(degree) + IMPLICIT_LISTING_STEPS;
        if self.pending >= u64::from(WALK_BLOCK) * IMPLICIT_LISTING_STEPS {
            let steps = std::mem::take(&mut self.pending);
            self.meter.charge(steps)?;
        }
        Ok(())
    }

    fn finish(self) -> Result<()> {
        self.meter.charge(self.pending)
    }
}

/// Keeps the first error of a walk and stops it.
fn stop(failure: &mut Option<Error>, error: Error) -> ControlFlow<()> {
    *failure = Some(error);
    ControlFlow::Break(())
}

/// A walk that visits `u` where `next` was due.
fn out_of_order(u: u32, next: u32, n: u32) -> Error {
    Error::InvalidParameter {
        name: "for_each_position",
        reason: if next >= n {
            format!("the walk visits position {u} after all {n} positions")
        } else {
            format!("the walk visits position {u} where position {next} was due (order 0..{n})")
        },
    }
}

/// A move outside `0..n`.
fn outside(u: u32, v: u32, n: u32) -> Error {
    Error::InvalidParameter {
        name: "for_each_move",
        reason: format!("position {u} has a move {v}, outside 0..{n}"),
    }
}

/// More moves from one position than a `u32` counts.
fn too_many_moves(count: usize) -> Error {
    Error::SizeLimitExceeded {
        what: "moves from one position (u32 counters)",
        value: count as u128,
        limit: u128::from(u32::MAX),
    }
}

/// The successors of an [`ImplicitGame`], as the induction reads them.
struct Listing<'a, G> {
    game: &'a G,
    num_positions: u32,
    meter: &'a WorkMeter,
    /// The fingerprint of the moves counted so far, when one is kept.
    forward: Option<Cell<MoveFingerprint>>,
    /// Whether the game's own move counts are taken (trusted, unchecked).
    takes_counts: bool,
}

impl<G: ImplicitGame> Moves for Listing<'_, G> {
    fn num_positions(&self) -> usize {
        self.num_positions as usize
    }

    /// Counts the moves of `u`, refusing one outside `0..N` (one
    /// comparison a move) and adding each to the forward fingerprint when
    /// one is kept; charged every [`CHARGE_BATCH`](super::work::CHARGE_BATCH)
    /// moves while they are listed, so a listing that never ends is
    /// stopped at the cap.
    fn out_degree(&self, u: u32) -> Result<u32> {
        if self.takes_counts {
            // Trusted: a count the game knows is taken as it is.
            if let Some(count) = self.game.move_count(u) {
                self.meter
                    .charge(u64::from(count).saturating_add(IMPLICIT_LISTING_STEPS))?;
                return Ok(count);
            }
        }
        let n = self.num_positions;
        let mut degree = 0u64;
        // The largest target, compared with `N` once the listing is over:
        // no early exit in the loop, which the compiler then keeps tight.
        let mut largest = 0u32;
        let mut charge = BatchCharge::new(self.meter);
        match &self.forward {
            None => {
                let _ = self.game.for_each_move(u, |v| {
                    largest = largest.max(v);
                    degree += 1;
                    charge.one()
                });
            }
            Some(cell) => {
                let mut forward = cell.get();
                let _ = self.game.for_each_move(u, |v| {
                    largest = largest.max(v);
                    forward.add_target(v);
                    degree += 1;
                    charge.one()
                });
                forward.moves_listed(u);
                cell.set(forward);
            }
        }
        if largest >= n && !charge.is_refused() {
            return Err(Error::InvalidParameter {
                name: "for_each_move",
                reason: format!("position {u} has a move {largest}, outside 0..{n}"),
            });
        }
        charge.finish(IMPLICIT_LISTING_STEPS)?;
        u32::try_from(degree).map_err(|_| Error::SizeLimitExceeded {
            what: "moves from one position (u32 counters)",
            value: u128::from(degree),
            limit: u128::from(u32::MAX),
        })
    }

    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        let mut listing = InRange::new(self.num_positions, self.meter);
        let _ = self.game.for_each_move(u, |v| listing.visit(v, visit));
        listing.finish(|v| (("for_each_move", "a move"), u, v))
    }

    fn find_move(&self, u: u32, mut wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut found = None;
        let _ = self.game.for_each_move(u, |v| {
            if v < self.num_positions && wanted(v) {
                found = Some(v);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }
}

/// Passes on the positions a game lists while they are inside `0..N`,
/// charging them as they come; the first one outside, or the first batch
/// past the work cap, stops the listing.
struct InRange<'m> {
    num_positions: u32,
    charge: BatchCharge<'m>,
    outside: Option<u32>,
}

impl<'m> InRange<'m> {
    fn new(num_positions: u32, meter: &'m WorkMeter) -> Self {
        Self {
            num_positions,
            charge: BatchCharge::weighted(meter, IMPLICIT_STEPS_PER_ENTRY),
            outside: None,
        }
    }

    fn visit(&mut self, u: u32, visit: &mut impl FnMut(u32)) -> ControlFlow<()> {
        if u >= self.num_positions {
            self.outside = Some(u);
            return ControlFlow::Break(());
        }
        self.charge.one()?;
        visit(u);
        ControlFlow::Continue(())
    }

    /// Charges the rest of what was listed, or refuses the position
    /// outside (or the work past the cap): `name` gives the game's method
    /// and what it lists, the position listed from and the one outside.
    fn finish(
        self,
        name: impl FnOnce(u32) -> ((&'static str, &'static str), u32, u32),
    ) -> Result<()> {
        let meter = self.charge.meter();
        meter.charge(self.owed(name)?)
    }

    /// As [`InRange::finish`], but returns the steps of the listing (the
    /// rest of its entries and [`IMPLICIT_LISTING_STEPS`]) uncharged.
    #[inline]
    fn owed(
        self,
        name: impl FnOnce(u32) -> ((&'static str, &'static str), u32, u32),
    ) -> Result<u64> {
        match self.outside {
            Some(u) if !self.charge.is_refused() => {
                let ((method, what), from, to) = name(u);
                Err(Error::InvalidParameter {
                    name: method,
                    reason: format!(
                        "position {from} has {what} {to}, outside 0..{}",
                        self.num_positions
                    ),
                })
            }
            _ => self.charge.owed(IMPLICIT_LISTING_STEPS),
        }
    }
}

/// Steps of predecessor listings [`GamePredecessors`] sums before it
/// charges them: a charge a listing (the meter's cells and the control's
/// poll) cost a few nanoseconds a position.
const OWED_BATCH: u64 = CHARGE_BATCH * IMPLICIT_STEPS_PER_ENTRY;

/// The predecessors of an [`ImplicitGame`], checked against the range;
/// the listings' work charged a batch of listings at a time
/// ([`GamePredecessors::settle`] charges what is left).
struct GamePredecessors<'a, G> {
    game: &'a G,
    num_positions: u32,
    meter: &'a WorkMeter,
    /// Steps listed and not yet charged (below [`OWED_BATCH`]).
    owed: u64,
}

impl<'a, G> GamePredecessors<'a, G> {
    fn new(game: &'a G, num_positions: u32, meter: &'a WorkMeter) -> Self {
        Self {
            game,
            num_positions,
            meter,
            owed: 0,
        }
    }

    /// Charges the steps listed and not yet charged.
    fn settle(&mut self) -> Result<()> {
        self.meter.charge(std::mem::take(&mut self.owed))
    }
}

impl<G: ImplicitGame> Predecessors for GamePredecessors<'_, G> {
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        let mut listing = InRange::new(self.num_positions, self.meter);
        let _ = self
            .game
            .for_each_predecessor(v, |u| listing.visit(u, visit));
        self.owed += listing.owed(|u| (("for_each_predecessor", "a predecessor"), v, u))?;
        if self.owed >= OWED_BATCH {
            self.settle()?;
        }
        Ok(())
    }
}

/// The values alone of every position of an [`ImplicitGame`] (win, lose,
/// tie or draw for the player to move), from
/// [`ImplicitSolver::solve_values`]: a byte a position. Queries out of
/// range return `None`.
///
/// # Example
/// ```
/// use stonegame::{Outcome, retrograde::{Counts, ImplicitSolver, Value}};
/// // 0 → 1 → 0 is a cycle; 2 → 0 and 2 → 3.
/// let values = ImplicitSolver::from_fns(
///     4,
///     |u| match u { 0 => vec![1], 1 => vec![0], 2 => vec![0, 3], _ => vec![] },
///     |v| match v { 0 => vec![1, 2], 1 => vec![0], 3 => vec![2], _ => vec![] },
/// )
/// .solve_values()?;
/// assert_eq!(values.value(0), Some(Value::Draw));
/// assert_eq!(values.outcome(2), Some(Outcome::First));
/// assert_eq!(values.counts(), Counts { win: 1, lose: 1, tie: 0, draw: 2 });
/// assert_eq!((values.len(), values.value(4)), (4, None));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ImplicitValues {
    code: Vec<u8>,
}

impl ImplicitValues {
    /// Number of positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// let values = ImplicitSolver::from_fns(3, |_| None, |_| None).solve_values()?;
    /// assert_eq!(values.len(), 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.code.len()
    }

    /// Whether there are no positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// assert!(ImplicitSolver::from_fns(0, |_| None, |_| None).solve_values()?.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    /// Win, lose, tie or draw for the player to move at `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// let values = ImplicitSolver::from_fns(1, |_| None, |_| None).solve_values()?;
    /// assert_eq!(values.value(0), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self, position: u32) -> Option<Value> {
        let &byte = self.code.get(position as usize)?;
        Some(code_value(values::code_of(byte)))
    }

    /// The value as an [`Outcome`] (`First`: the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, retrograde::ImplicitSolver};
    /// let values = ImplicitSolver::from_fns(2, |u| (u == 0).then_some(1), |v| (v == 1).then_some(0))
    ///     .solve_values()?;
    /// assert_eq!(values.outcome(0), Some(Outcome::First));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, position: u32) -> Option<Outcome> {
        self.value(position).map(Value::outcome)
    }

    /// How many positions are wins, losses, ties and draws.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Counts, ImplicitSolver};
    /// let values = ImplicitSolver::from_fns(1, |_| Some(0), |_| Some(0)).solve_values()?;
    /// assert_eq!(values.counts(), Counts { win: 0, lose: 0, tie: 0, draw: 1 });
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn counts(&self) -> Counts {
        // A histogram of the bytes first: no branch a position; four
        // histograms in turn, so that runs of one byte do not wait on
        // their own counter's last store (3.3 ms against 7 over 7.5
        // million positions).
        let mut four = [[0usize; 256]; 4];
        let mut chunks = self.code.chunks_exact(4);
        for chunk in &mut chunks {
            for (histogram, &byte) in four.iter_mut().zip(chunk) {
                histogram[usize::from(byte)] += 1;
            }
        }
        for &byte in chunks.remainder() {
            four[0][usize::from(byte)] += 1;
        }
        let mut bytes = [0usize; 256];
        for histogram in &four {
            for (total, &count) in bytes.iter_mut().zip(histogram) {
                *total += count;
            }
        }
        let mut counts = Counts::default();
        for (byte, &count) in bytes.iter().enumerate() {
            match code_value(values::code_of(byte as u8)) {
                Value::Win => counts.win += count,
                Value::Lose => counts.lose += count,
                Value::Tie => counts.tie += count,
                Value::Draw => counts.draw += count,
            }
        }
        counts
    }
}

/// The labels of every position of an [`ImplicitGame`] (which it keeps, to
/// replay moves for best moves). Queries out of range return `None`.
///
/// # Example
/// ```
/// use stonegame::{Outcome, retrograde::{ImplicitSolver, Value}};
/// // 0 → 1 → 2 → 0 is a cycle, with an escape 2 → 3.
/// let solver = ImplicitSolver::from_fns(
///     4,
///     |u| match u { 0 => vec![1], 1 => vec![2], 2 => vec![0, 3], _ => vec![] },
///     |v| match v { 0 => vec![2], 1 => vec![0], 2 => vec![1], _ => vec![2] },
/// );
/// let solution = solver.solve()?;
/// assert_eq!(solution.value(2), Some(Value::Win));
/// assert_eq!(solution.outcome(0), Some(Outcome::First));
/// assert_eq!(solution.principal_line(0), vec![0, 1, 2, 3]);
/// assert_eq!(solution.value(9), None);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Clone)]
pub struct ImplicitSolution<G> {
    game: G,
    labels: Labels,
}

impl<G> fmt::Debug for ImplicitSolution<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImplicitSolution")
            .field("positions", &self.labels.len())
            .field("counts", &self.labels.counts())
            .finish_non_exhaustive()
    }
}

impl<G> ImplicitSolution<G> {
    /// Number of positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// let solution = ImplicitSolver::from_fns(3, |_| None, |_| None).solve()?;
    /// assert_eq!(solution.len(), 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there are no positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// assert!(ImplicitSolver::from_fns(0, |_| None, |_| None).solve()?.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The game solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitGame, ImplicitSolver};
    /// let solution = ImplicitSolver::from_fns(3, |_| None, |_| None).solve()?;
    /// assert_eq!(solution.game().positions(), 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Win, lose, tie or draw for the player to move at `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Value};
    /// let solution = ImplicitSolver::from_fns(1, |_| None, |_| None).solve()?;
    /// assert_eq!(solution.value(0), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self, position: u32) -> Option<Value> {
        self.labels.value(position as usize)
    }

    /// Moves to the end under optimal play (`None` for draws and out of range).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// let solution = ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| v.checked_sub(1))
    ///     .solve()?;
    /// assert_eq!(solution.remoteness(0), Some(2));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn remoteness(&self, position: u32) -> Option<u32> {
        self.labels.remoteness(position as usize)
    }

    /// Value and remoteness together.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{ImplicitSolver, Label, Value};
    /// let solution = ImplicitSolver::from_fns(1, |_| Some(0), |_| Some(0)).solve()?;
    /// assert_eq!(solution.label(0), Some(Label { value: Value::Draw, remoteness: None }));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn label(&self, position: u32) -> Option<Label> {
        self.labels.label(position as usize)
    }

    /// The value as an [`Outcome`] (`First`: the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, retrograde::ImplicitSolver};
    /// let solution = ImplicitSolver::from_fns(2, |u| (u == 0).then_some(1), |v| (v == 1).then_some(0))
    ///     .solve()?;
    /// assert_eq!(solution.outcome(0), Some(Outcome::First));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, position: u32) -> Option<Outcome> {
        self.value(position).map(Value::outcome)
    }

    /// How many positions are wins, losses, ties and draws.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Counts, ImplicitSolver};
    /// let solution = ImplicitSolver::from_fns(2, |u| (u == 0).then_some(1), |v| (v == 1).then_some(0))
    ///     .solve()?;
    /// assert_eq!(solution.counts(), Counts { win: 1, lose: 1, tie: 0, draw: 0 });
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn counts(&self) -> Counts {
        self.labels.counts()
    }

    /// Counts by value and remoteness and the longest win, loss and tie.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// let solution = ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| v.checked_sub(1))
    ///     .solve()?;
    /// assert_eq!(solution.analysis().longest_loss, Some((0, 2)));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn analysis(&self) -> Analysis<u32> {
        Analysis::of_labels(&self.labels)
    }
}

impl<G: ImplicitGame> ImplicitSolution<G> {
    /// An optimal move, found by listing the moves of `position` again
    /// against the labels: to a loss at remoteness `r - 1` from a win, to
    /// a win at `r - 1` from a loss, to a tie at `r - 1` from a tie, to a
    /// draw from a draw; `None` where the game is over.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// // From 0: moving to 1 loses (1 → 2 wins for the opponent), moving to 2 wins.
    /// let solution = ImplicitSolver::from_fns(
    ///     3,
    ///     |u| match u { 0 => vec![1, 2], 1 => vec![2], _ => vec![] },
    ///     |v| match v { 1 => vec![0], 2 => vec![0, 1], _ => vec![] },
    /// )
    /// .solve()?;
    /// assert_eq!(solution.best_move(0), Some(2));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, position: u32) -> Option<u32> {
        self.with_listing(|moves| self.labels.best_move(moves, position))
    }

    /// `position` followed by best moves until the game ends (just
    /// `[position]` for a draw, whose play never ends; empty out of range).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::ImplicitSolver;
    /// let solution = ImplicitSolver::from_fns(3, |u| (u < 2).then_some(u + 1), |v| v.checked_sub(1))
    ///     .solve()?;
    /// assert_eq!(solution.principal_line(0), vec![0, 1, 2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn principal_line(&self, position: u32) -> Vec<u32> {
        if (position as usize) < self.len() {
            self.with_listing(|moves| self.labels.principal_line(moves, position))
        } else {
            Vec::new()
        }
    }

    /// Runs `query` on the moves as the queries read them (listing a few
    /// moves is not charged to any cap).
    fn with_listing<T>(&self, query: impl FnOnce(&Listing<'_, G>) -> T) -> T {
        let meter = WorkMeter::with_cap(u64::MAX, "");
        query(&Listing {
            game: &self.game,
            num_positions: self.labels.len() as u32,
            meter: &meter,
            forward: None,
            takes_counts: false,
        })
    }
}
