//! The generic negamax solver ([`Negamax`]) and its table ([`NegamaxTable`]):
//! the values of the positions, from which best moves, lines and totals are
//! re-derived on request.
//!
//! How it solves depends on what the game declares ([`ScoringGame`]):
//! a bottom-up sweep over a dense numbering with a declared
//! [`MoveOrder`] (`sweep.rs`), a depth-first search over the same value
//! array without one, or a depth-first search with a hash map
//! (`search.rs`).

use super::memo::{Memo, Numbering};
use super::search::{DenseStore, HashedStore, Search};
use super::sweep::sweep;
use super::weights::{
    HASHED_STEPS_PER_MOVE, HASHED_STEPS_PER_POSITION, SEARCH_STEPS_PER_MOVE,
    SEARCH_STEPS_PER_NUMBER, SEARCH_STEPS_PER_POSITION, Work,
};
use super::window::windowed_value;
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Outcome, Result, Solution};
use num_traits::{CheckedAdd, CheckedSub, Zero};
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The generic solver for any [`ScoringGame`]: negamax on the value
/// difference, from the game's start.
///
/// | the game declares | the solver | memory the budget is charged |
/// |---|---|---|
/// | [`dense_positions`](ScoringGame::dense_positions) `Some(n)` and a [`dense_order`](ScoringGame::dense_order) (`ToSmaller`/`ToLarger`) | one bottom-up sweep over the positions [`for_each_dense_position`](ScoringGame::for_each_dense_position) lists, as a hand-written DP: no hashing, no recursion, no search state | `n × size_of::<Score>()` bytes (a zero cell is a number never listed), zeroed by the allocator, so pages of numbers that are no position are never touched |
/// | `dense_positions` `Some(n)`, no order | depth-first search over the same array | `n × size_of::<Score>()` + `8 × ⌈n / 32⌉` bytes (two bits of search state a number) + the stack and the moves along the current line |
/// | nothing | depth-first search with a hash map from position to `Option<Score>` | `b × (size_of::<(Position, Option<Score>)>() + 1) + 16` bytes for `b` buckets, a power of two ≥ 8/7 × the positions solved (so 1.14 to 2.3 × the entry a position); when the table doubles, the old and new tables are charged together + the stack and the moves along the current line |
///
/// The stack and the move list grow by doubling and are charged as
/// `capacity × size_of`, old and new buffers together when they grow (a
/// frame holds a position, two indices and an `Option<Score>`).
///
/// The search is iterative (an explicit stack), so a game whose lines are
/// millions of moves long does not overflow the call stack. Every allocation is
/// charged to the budget before it is made, so a game too big for it is
/// refused with [`Error::MemoryBudgetExceeded`], never an abort. Arithmetic
/// is checked ([`Error::ScoreOverflow`]); the numbers, positions and moves
/// are charged against the work cap in steps of about a nanosecond, each
/// way of solving by its own weights, [`Negamax::DEFAULT_WORK`] (about ten
/// seconds) unless [`Budget::with_work`] sets one
/// ([`Error::WorkLimitExceeded`]): moves as they are listed, and the numbers
/// of a numbering before anything is allocated; a position
/// met again on its own line of play means the game is not finite
/// ([`Error::CyclicGame`]); a numbering that contradicts itself is refused
/// ([`Error::InvalidParameter`], naming the position's number), in every
/// build: a move against the declared order, outside the numbering or to a
/// number the listing skipped, and two positions given one number (checked
/// by the round trip through [`ScoringGame::dense_position`] unless the game
/// names its children by number, or the numbering is trusted:
/// [`Negamax::trusting_numbering`]).
///
/// Only values are kept: best moves, lines and totals are re-derived from
/// them on request by replaying moves ([`NegamaxTable`]). Ties between
/// equally good moves go to the earliest in
/// [`ScoringGame::for_each_move`] order.
///
/// | method | answers |
/// |---|---|
/// | [`value`](Negamax::value), [`outcome`](Negamax::outcome) | the start's value and winner |
/// | [`solve`](Negamax::solve) | value, outcome and the whole optimal line |
/// | [`table`](Negamax::table) | value and best move of every position solved |
///
/// The search runs once: its values are kept, and every later call answers
/// from them ([`Negamax::with_budget`] starts afresh). A refused search keeps
/// nothing, so a call after a refusal searches again.
///
/// # Example
/// ```
/// use stonegame::scoring::{Ends, Negamax};
/// use stonegame::Outcome;
///
/// let game = Ends::new(vec![5i64, 3, 4, 5])?;
/// let solver = Negamax::new(&game);
/// assert_eq!(solver.value()?, 1);
/// assert_eq!(solver.outcome()?, Outcome::First);
/// assert_eq!(solver.solve()?.line().len(), 4);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub struct Negamax<G: ScoringGame> {
    budget: Budget,
    /// Whether each child read through a number is checked by the round trip.
    numbering: Numbering,
    /// The game, and its values once a search has succeeded.
    table: NegamaxTable<G>,
}

impl<G: ScoringGame + std::fmt::Debug> std::fmt::Debug for Negamax<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Negamax")
            .field("game", &self.table.game)
            .field("budget", &self.budget)
            .field("solved", &self.table.solved.get().is_some())
            .finish()
    }
}

/// A clone starts without the solved values.
impl<G: ScoringGame + Clone> Clone for Negamax<G> {
    fn clone(&self) -> Self {
        Self {
            numbering: self.numbering,
            ..Self::new(self.table.game.clone()).with_budget(self.budget)
        }
    }
}

impl<G: ScoringGame> Negamax<G> {
    /// The work cap without [`Budget::with_work`]: steps of about a
    /// nanosecond, about ten seconds of CPU whichever way the game is
    /// solved. The sweep charges [`SWEEP_STEPS_PER_NUMBER`] a number of the
    /// numbering before it starts and [`SWEEP_STEPS_PER_MOVE`] a move; the
    /// search over a numbering [`SEARCH_STEPS_PER_NUMBER`] up front,
    /// [`SEARCH_STEPS_PER_POSITION`] a position and [`SEARCH_STEPS_PER_MOVE`]
    /// a move; the hashed search [`HASHED_STEPS_PER_POSITION`] a position
    /// and [`HASHED_STEPS_PER_MOVE`] a move. Moves are charged as they are
    /// listed, so a position whose listing never ends is refused at the cap.
    ///
    /// [`SWEEP_STEPS_PER_NUMBER`]: super::SWEEP_STEPS_PER_NUMBER
    /// [`SWEEP_STEPS_PER_MOVE`]: super::SWEEP_STEPS_PER_MOVE
    /// [`SEARCH_STEPS_PER_NUMBER`]: super::SEARCH_STEPS_PER_NUMBER
    /// [`SEARCH_STEPS_PER_POSITION`]: super::SEARCH_STEPS_PER_POSITION
    /// [`SEARCH_STEPS_PER_MOVE`]: super::SEARCH_STEPS_PER_MOVE
    /// [`HASHED_STEPS_PER_POSITION`]: super::HASHED_STEPS_PER_POSITION
    /// [`HASHED_STEPS_PER_MOVE`]: super::HASHED_STEPS_PER_MOVE
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// assert_eq!(Negamax::<Ends<i64>>::DEFAULT_WORK, 10_000_000_000);
    /// ```
    pub const DEFAULT_WORK: u64 = 10_000_000_000;

    /// A solver for `game` (pass `&game` to keep the game) with the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let value = Negamax::new(Front::new(vec![1i64, 2, 3, -9], 3)?).value()?;
    /// assert_eq!(value, 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(game: G) -> Self {
        Self {
            budget: Budget::default(),
            numbering: Numbering::Checked,
            table: NegamaxTable {
                game,
                solved: OnceLock::new(),
            },
        }
    }

    /// The same solver with `budget` for its memo and stack, and its work cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// use stonegame::{Budget, Error};
    /// let game = Ends::new(vec![1i64; 100])?;
    /// let small = Negamax::new(&game).with_budget(Budget::from_bytes(4096));
    /// assert!(matches!(small.value(), Err(Error::MemoryBudgetExceeded { .. })));
    /// let capped = Negamax::new(&game).with_budget(Budget::default().with_work(1000));
    /// assert!(matches!(capped.value(), Err(Error::WorkLimitExceeded { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            numbering: self.numbering,
            table: NegamaxTable {
                game: self.table.game,
                solved: OnceLock::new(),
            },
        }
    }

    /// The same solver, trusting the game's dense numbering: it no longer
    /// checks, for every move read through a number, that
    /// [`dense_position`](ScoringGame::dense_position)`(`[`dense_index`](ScoringGame::dense_index)`(child))`
    /// gives the child back (and that each listed position is its number's
    /// `dense_position`). That round trip is what refuses two positions
    /// given one number, so with a numbering that is not one-to-one the
    /// answers are wrong, silently; and it is the one check of a numbered
    /// game that costs more than a comparison: a call of `dense_position`
    /// and a comparison of positions a move, so it costs what the game's
    /// inverse costs (nothing measurable on ABC 201 D, whose cell is its
    /// number; 3.2× the sweep's CPU on UVa 10891, a division a move; 4.7× on
    /// the two-option row of `examples/scoring_row.rs` written through
    /// `play`, a square root a move: `cargo bench --bench own_scoring_row`).
    /// The other checks (a child outside the numbering, against the
    /// declared order, or never listed) stay on.
    ///
    /// A game that names its children by number
    /// ([`numbered_moves`](ScoringGame::numbered_moves)) needs no round
    /// trip (two positions cannot share a number there) and is as fast
    /// either way: prefer that form. Without it, the checked sweep and the
    /// checked search need `dense_position`, and refuse a game without it
    /// ([`Error::InvalidParameter`]) unless trusted.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    ///
    /// /// Take 1 or 2 from a pile of n, score what you take; no dense_position.
    /// struct Pile(usize);
    ///
    /// impl ScoringGame for Pile {
    ///     type Position = usize;
    ///     type Move = usize;
    ///     type Score = i64;
    ///     fn start(&self) -> usize {
    ///         self.0
    ///     }
    ///     fn for_each_move(&self, &n: &usize, mut visit: impl FnMut(usize) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (1..=n.min(2)).try_for_each(|take| visit(take))
    ///     }
    ///     fn play(&self, &n: &usize, &take: &usize) -> (i64, usize) {
    ///         (take as i64, n - take)
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(self.0 + 1)
    ///     }
    ///     fn dense_index(&self, &n: &usize) -> Option<usize> {
    ///         Some(n)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    ///     fn for_each_dense_position(&self, mut visit: impl FnMut(usize) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         (0..=self.0).try_for_each(|n| visit(n))
    ///     }
    /// }
    ///
    /// // Without dense_position the numbering cannot be checked: refused.
    /// assert!(Negamax::new(Pile(5)).value().is_err());
    /// // Trusted (the numbering n -> n is one-to-one), it is solved.
    /// assert_eq!(Negamax::new(Pile(5)).trusting_numbering().value()?, 1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn trusting_numbering(self) -> Self {
        Self {
            numbering: Numbering::Trusted,
            ..self.with_budget_kept()
        }
    }

    /// The same solver, its values dropped (a setting changed).
    fn with_budget_kept(self) -> Self {
        let budget = self.budget;
        self.with_budget(budget)
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// use stonegame::Budget;
    /// let game = Ends::new(vec![1i64, 2])?;
    /// let solver = Negamax::new(&game).with_budget(Budget::from_mebibytes(1));
    /// assert_eq!(solver.budget(), Budget::from_mebibytes(1));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2])?;
    /// assert_eq!(Negamax::new(&game).game().values(), &[1, 2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn game(&self) -> &G {
        &self.table.game
    }

    /// First player's total minus second's under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).value()?, -1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> Result<G::Score> {
        Ok(self.table()?.value())
    }

    /// The start's value as [`value`](Negamax::value) gives it, in the
    /// memory of a hand DP that rolls its rows: a game that declares
    /// [`dense_reach`](ScoringGame::dense_reach) is swept in a ring of
    /// `reach + 1` values instead of the table (nothing is kept: ask
    /// [`table`](Negamax::table) for queries and best moves). A game that
    /// declares no reach, or a table already built, answers as `value`
    /// does. A method of its own, so that a contest bundle carries the
    /// ring's code only when the program asks for it.
    ///
    /// # Errors
    /// As [`value`](Negamax::value), and
    /// [`Error::InvalidParameter`](crate::Error::InvalidParameter) for a
    /// move outside the declared reach, naming both numbers.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).rolling_value()?, -1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn rolling_value(&self) -> Result<G::Score> {
        if self.table.solved.get().is_none() {
            let cap = self.budget.work_or(Self::DEFAULT_WORK);
            if let Some(value) = windowed_value(&self.table.game, self.budget, cap, self.numbering)?
            {
                return Ok(value);
            }
        }
        self.value()
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// use stonegame::Outcome;
    /// let game = Front::new(vec![1i64, 2, 3, 6], 3)?;
    /// assert_eq!(Negamax::new(&game).outcome()?, Outcome::Draw);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(Outcome::from_difference(self.value()?))
    }

    /// Value, outcome and the whole optimal line from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// let solution = Negamax::new(&game).solve()?;
    /// assert_eq!(solution.value(), -1);
    /// assert_eq!(solution.line(), &[3, 1]);
    /// assert_eq!(solution.best_move(), Some(&3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<G::Score, G::Move>> {
        Ok(self.table()?.solution())
    }

    /// The solved table: the value of every position solved, and the best
    /// move of each re-derived on request. The first call searches; later
    /// calls return the same table.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends, Negamax};
    /// let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
    /// let solver = Negamax::new(&game);
    /// let table = solver.table()?;
    /// assert_eq!(table.value(), 1);
    /// assert_eq!(table.best_move(&(1, 5)), Some(End::Left)); // after the first player took 4
    /// assert_eq!(table.value_at(&(1, 5)), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<&NegamaxTable<G>> {
        if self.table.solved.get().is_none() {
            let solved = self.search()?;
            let _ = self.table.solved.set(solved);
        }
        Ok(&self.table)
    }

    /// The solver's table, taken out of it (searching first if needed).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.value(), -97);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_table(self) -> Result<NegamaxTable<G>> {
        self.table()?;
        Ok(self.table)
    }

    fn search(&self) -> Result<Solved<G>> {
        let game = &self.table.game;
        let budget = self.budget;
        let cap = budget.work_or(Self::DEFAULT_WORK);
        let start = game.start();
        // One loop per way of solving, each compiled for its memo and
        // charged by its own weights (`weights.rs`).
        let memo = match (game.dense_positions(), game.dense_order()) {
            (Some(count), MoveOrder::Unordered) => {
                // Memory first (a numbering too large for it is the
                // cause), then the known work, then the allocation.
                DenseStore::<G>::check(count, budget)?;
                let work = Work::up_front(cap, count, SEARCH_STEPS_PER_NUMBER, SEARCH_WHAT)?
                    .weighing(SEARCH_STEPS_PER_POSITION, SEARCH_STEPS_PER_MOVE);
                let store = DenseStore::new(count, budget, self.numbering)?;
                Search::new(game, budget, work, store).run(start.clone())?
            }
            (Some(count), order) => {
                check_start_is_numbered(game, &start, count, self.numbering)?;
                sweep(game, count, order, budget, cap, self.numbering)?
            }
            (None, MoveOrder::Unordered) => {
                let work = Work::up_front(cap, 0, 0, HASHED_WHAT)?
                    .weighing(HASHED_STEPS_PER_POSITION, HASHED_STEPS_PER_MOVE);
                Search::new(game, budget, work, HashedStore::default()).run(start.clone())?
            }
            (None, order) => {
                return Err(Error::InvalidParameter {
                    name: "game",
                    reason: format!("dense_order() is {order:?} but dense_positions() is None"),
                });
            }
        };
        // Values read back through a number are checked to be their
        // position's own, as the solve checked them.
        let checked = self.numbering == Numbering::Checked && !game.numbered_moves();
        let value = memo
            .value(game, &start, checked)
            .ok_or_else(|| Error::InvalidParameter {
                name: "game",
                reason: "the start was not solved: for_each_dense_position (by default, \
                         dense_position over the numbers) did not list it; a declared order \
                         needs dense_position or for_each_dense_position"
                    .to_string(),
            })?;
        let totals = line_totals(game, &memo, &start, checked)?;
        Ok(Solved {
            checked,
            start,
            value,
            totals,
            memo,
        })
    }
}

/// What a work refusal of each search names (the sweep's: `sweep.rs`).
const SEARCH_WHAT: &str = "generic negamax search";
const HASHED_WHAT: &str = "generic negamax hashed search";

/// Refuses a sweep whose start has no number below `count`, or whose number
/// `dense_position` does not give back (a declared order without
/// `dense_position`, say).
fn check_start_is_numbered<G: ScoringGame>(
    game: &G,
    start: &G::Position,
    count: usize,
    numbering: Numbering,
) -> Result<()> {
    let number = game.dense_index(start).filter(|&number| number < count);
    let Some(number) = number else {
        return Err(Error::InvalidParameter {
            name: "game",
            reason: format!(
                "dense_index gave the start no number below dense_positions() = {count}"
            ),
        });
    };
    // The start is read through its number: unless its children are named
    // by number or the numbering trusted, that number must be its own.
    let checked = numbering == Numbering::Checked && !game.numbered_moves();
    if checked && game.dense_position(number).as_ref() != Some(start) {
        return Err(start_not_its_number(number));
    }
    Ok(())
}

#[cfg(not(stonegame_bundle))]
#[cold]
fn start_not_its_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "dense_index numbers the start {number}, but dense_position({number}) is not the \
             start (another position has its number, or dense_position is not given; skip \
             this check with Negamax::trusting_numbering)"
        ),
    }
}

/// A contest bundle keeps its bytes: the short form of the refusal.
#[cfg(stonegame_bundle)]
#[cold]
fn start_not_its_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!("dense_position({number}) is not the start"),
    }
}

/// The values of a solved game and what the start's line adds up to.
#[derive(Clone)]
struct Solved<G: ScoringGame> {
    /// Whether a value read through a number is checked to be its
    /// position's own ([`Memo::value`]).
    checked: bool,
    start: G::Position,
    value: G::Score,
    /// Each player's points along the optimal line from the start.
    totals: (G::Score, G::Score),
    memo: Memo<G>,
}

/// The best move from `position` re-derived from the values: the first move,
/// in [`ScoringGame::for_each_move`] order, whose `points - value(child)` is
/// the position's value; with its points and the child.
fn best_step<G: ScoringGame>(
    game: &G,
    memo: &Memo<G>,
    position: &G::Position,
    checked: bool,
) -> Option<(G::Move, G::Score, G::Position)> {
    let value = memo.value(game, position, checked)?;
    let mut found = None;
    let _ = game.for_each_move(position, |mv| {
        let (points, child) = game.play(position, &mv);
        let child_value = memo.value(game, &child, checked);
        if child_value.and_then(|v| points.checked_sub(&v)) == Some(value) {
            found = Some((mv, points, child));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// Each player's points along the optimal line from `start`, checked.
fn line_totals<G: ScoringGame>(
    game: &G,
    memo: &Memo<G>,
    start: &G::Position,
    checked: bool,
) -> Result<(G::Score, G::Score)> {
    let mut totals = [G::Score::zero(); 2];
    let mut turn = 0;
    let mut position = start.clone();
    while let Some((_, points, next)) = best_step(game, memo, &position, checked) {
        totals[turn] = totals[turn]
            .checked_add(&points)
            .ok_or_else(|| overflow::<G::Score>("the points scored along a line do not fit"))?;
        turn = 1 - turn;
        position = next;
    }
    Ok((totals[0], totals[1]))
}

/// A game solved by [`Negamax`]: the value of every position solved (every
/// numbered position after a sweep, every position reachable from the start
/// after a search), with best moves and lines re-derived from the values on
/// request (nothing but values is stored per position).
///
/// Ties between equally good moves go to the earliest in
/// [`ScoringGame::for_each_move`] order.
///
/// # Example
/// ```
/// use stonegame::scoring::{Ends, Negamax};
/// let game = Ends::new(vec![1i64, 100, 2])?;
/// let table = Negamax::new(&game).into_table()?;
/// assert_eq!(table.value_at(&(1, 2)), Some(100));
/// assert_eq!(table.value_at(&(0, 9)), None); // not a position of this row
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Clone)]
pub struct NegamaxTable<G: ScoringGame> {
    game: G,
    /// Set once solved: a table is handed out only then.
    solved: OnceLock<Solved<G>>,
}

impl<G: ScoringGame> std::fmt::Debug for NegamaxTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NegamaxTable")
            .field("positions", &self.len())
            .finish()
    }
}

impl<G: ScoringGame> NegamaxTable<G> {
    fn solved(&self) -> &Solved<G> {
        match self.solved.get() {
            Some(solved) => solved,
            None => unreachable!("a NegamaxTable is only handed out once solved"),
        }
    }

    /// The start's value: first player's total minus second's.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, -9], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.value(), 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> G::Score {
        self.solved().value
    }

    /// `(first player's total, second player's total)` along the optimal line
    /// from the start (added up once, when the values were found, by
    /// replaying the line).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.totals(), (6, 7));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> (G::Score, G::Score) {
        self.solved().totals
    }

    /// The value of `position` for the player to move there, if it was
    /// solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// assert_eq!(Negamax::new(&game).table()?.value_at(&(0, 3)), Some(-97));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_at(&self, position: &G::Position) -> Option<G::Score> {
        let solved = self.solved();
        solved.memo.value(&self.game, position, solved.checked)
    }

    /// The best move from `position` (`None` at the end of the game or for a
    /// position not solved): the first move, in
    /// [`ScoringGame::for_each_move`] order, that achieves the position's
    /// value. Re-derived from the values each call (one listing of the
    /// position's moves), so it is returned owned.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.best_move(&(0, 3)), Some(End::Left)); // both ends lose by 97
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, position: &G::Position) -> Option<G::Move> {
        let solved = self.solved();
        best_step(&self.game, &solved.memo, position, solved.checked).map(|(mv, _, _)| mv)
    }

    /// The optimal line of play from any solved `position` (empty if it is not solved).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.line_from(&2), vec![2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn line_from(&self, position: &G::Position) -> Vec<G::Move> {
        let solved = self.solved();
        let mut line = Vec::new();
        let mut position = position.clone();
        while let Some((mv, _, next)) =
            best_step(&self.game, &solved.memo, &position, solved.checked)
        {
            line.push(mv);
            position = next;
        }
        line
    }

    /// The start's value, outcome and optimal line as a [`Solution`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.solution().line(), &[3, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solution(&self) -> Solution<G::Score, G::Move> {
        let value = self.value();
        Solution::new(
            value,
            Outcome::from_difference(value),
            self.line_from(&self.solved().start),
        )
    }

    /// How many positions were solved (after a sweep, every number that
    /// is a position, counted on request).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2, 3])?;
    /// assert!(Negamax::new(&game).table()?.positions() >= 7);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn positions(&self) -> usize {
        self.solved().memo.len()
    }

    /// How many positions the table holds (as [`NegamaxTable::positions`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.len(), table.positions());
    /// assert!(!table.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.positions()
    }

    /// Whether the table is empty (never, once solved: it holds the start).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64])?;
    /// assert!(!Negamax::new(&game).table()?.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.positions() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain: from n the only move goes to n - 1 and scores 1.
    struct Chain(u32);

    impl ScoringGame for Chain {
        type Position = u32;
        type Move = ();
        type Score = i64;
        fn start(&self) -> u32 {
            self.0
        }
        fn for_each_move(
            &self,
            &n: &u32,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if n > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &n: &u32, _: &()) -> (i64, u32) {
            (1, n - 1)
        }
    }

    #[test]
    fn a_chain_of_a_million_moves_does_not_overflow_the_stack() {
        let table = Negamax::new(Chain(1_000_000)).into_table().unwrap();
        // Players alternate single points: an even number of moves is a draw.
        assert_eq!(table.value(), 0);
        assert_eq!(table.solution().line().len(), 1_000_000);
        assert_eq!(table.totals(), (500_000, 500_000));
        assert_eq!(Negamax::new(Chain(999_999)).value().unwrap(), 1);
    }

    #[test]
    fn the_budget_is_enforced() {
        let err = Negamax::new(Chain(10_000))
            .with_budget(Budget::from_bytes(10_000))
            .value()
            .unwrap_err();
        assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));
        // The hashed search: 10,001 positions and 10,000 moves.
        let steps = 10_001 * HASHED_STEPS_PER_POSITION + 10_000 * HASHED_STEPS_PER_MOVE;
        let err = Negamax::new(Chain(10_000))
            .with_budget(Budget::default().with_work(steps - 1))
            .value()
            .unwrap_err();
        assert!(matches!(err, Error::WorkLimitExceeded { .. }), "{err}");
        assert!(
            Negamax::new(Chain(10_000))
                .with_budget(Budget::default().with_work(steps))
                .value()
                .is_ok()
        );
    }

    struct Loop;
    impl ScoringGame for Loop {
        type Position = u8;
        type Move = ();
        type Score = i32;
        fn start(&self) -> u8 {
            0
        }
        fn for_each_move(
            &self,
            _: &u8,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            visit(())
        }
        fn play(&self, &p: &u8, _: &()) -> (i32, u8) {
            (1, (p + 1) % 3)
        }
    }

    #[test]
    fn a_cycle_is_an_error_not_a_hang() {
        assert!(matches!(
            Negamax::new(Loop).value(),
            Err(Error::CyclicGame { .. })
        ));
    }

    struct Huge;
    impl ScoringGame for Huge {
        type Position = u8;
        type Move = ();
        type Score = i8;
        fn start(&self) -> u8 {
            3
        }
        fn for_each_move(
            &self,
            &p: &u8,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if p > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &p: &u8, _: &()) -> (i8, u8) {
            (if p % 2 == 1 { 100 } else { -100 }, p - 1)
        }
    }

    #[test]
    fn overflow_is_reported() {
        assert!(matches!(
            Negamax::new(Huge).value(),
            Err(Error::ScoreOverflow { .. })
        ));
    }
}
