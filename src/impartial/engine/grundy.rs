//! Grundy values: a generic memoised solver for any [`ImpartialGame`] and a
//! dense bottom-up table for heap games.
//!
//! [`GrundySolver`] works for every finite game whose positions can be hashed.
//! When the game numbers its positions ([`ImpartialGame::dense_positions`]),
//! it keeps the values in an array of the narrowest cells instead of a hash
//! map, and with a declared order ([`ImpartialGame::dense_order`]) fills it in
//! one sweep, as a hand-written DP does. It is iterative (an explicit stack),
//! so deep games cannot overflow the call stack, and it detects a cycle
//! instead of looping forever. [`heap_table`] is
//! the fast path for games whose positions are heap sizes and whose options are
//! sums of strictly smaller heaps: one pass from 0 upwards, no hashing.
//!
//! Both count every option they are shown against a work cap
//! ([`DEFAULT_GRUNDY_WORK`], [`DEFAULT_HEAP_TABLE_WORK`], or the cap of
//! [`Budget::with_work`]) and stop the enumeration when it is reached, so a
//! game with an astronomically long option list is refused with
//! [`Error::WorkLimitExceeded`] instead of hanging.

use std::ops::ControlFlow;

use crate::control::Watch;
use crate::impartial::ImpartialGame;
use crate::impartial::mex::MexSet;
use crate::impartial::misere::{ExactSearch, Run, SumMemo};

mod cells;
mod dense;
mod hashed;
mod outcome;

use crate::impartial::sum::{self, SumMove};
use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};
use dense::DenseTable;
use hashed::HashedMemo;
pub use outcome::OutcomeSolver;

/// Default work cap of one [`GrundySolver`] query, in steps of about a
/// nanosecond like every other cap: about ten seconds of CPU on every path.
/// Each component of each option visited is charged by path
/// ([`GRUNDY_HASHED_STEPS`], [`GRUNDY_SWEEP_STEPS`] with
/// [`GRUNDY_SWEEP_POSITION_STEPS`] a position swept, [`GRUNDY_SEARCH_STEPS`]);
/// an option without components counts as one. Until 2026-12-07 the cap was
/// 3·10^8 options at one step each: 3 s hashed, 0.3 s swept.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::grundy::DEFAULT_GRUNDY_WORK, 10_000_000_000);
/// ```
pub const DEFAULT_GRUNDY_WORK: u64 = 10_000_000_000;

/// What a cancelled [`GrundySolver`] query names.
const GRUNDY: &str = "GrundySolver";

/// Steps a component of an option costs on the hashed path (a hash look-up,
/// and a push when unknown): measured 10–13 ns a component (release, one
/// thread, 10^6–10^7 heaps, 2–100 options a heap; `examples/engine_work.rs`).
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::grundy::GRUNDY_HASHED_STEPS, 10);
/// ```
pub const GRUNDY_HASHED_STEPS: u64 = 10;

/// Steps a component of an option costs on the dense sweep (a cell read):
/// measured 0.9 ns a component at 1,000 options a heap.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::grundy::GRUNDY_SWEEP_STEPS, 1);
/// ```
pub const GRUNDY_SWEEP_STEPS: u64 = 1;

/// Steps a number of the dense sweep costs beyond its options (its
/// position built, the mex, the cell written): about 2 ns. The numbers a
/// query sweeps are known before it starts, so they are charged up front:
/// a sweep past the cap is refused at once.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::grundy::GRUNDY_SWEEP_POSITION_STEPS, 2);
/// ```
pub const GRUNDY_SWEEP_POSITION_STEPS: u64 = 2;

/// Steps a component of an option costs on the dense search without an
/// order (a cell and a state bit read; every option is visited twice, when
/// its position is expanded and when its mex is taken): measured 4 ns a
/// visit at 100 options a position, 8.7 ns at 3.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::grundy::GRUNDY_SEARCH_STEPS, 5);
/// ```
pub const GRUNDY_SEARCH_STEPS: u64 = 5;

/// Default work cap of [`heap_table`]: options visited (each a table look-up;
/// a few seconds in a release build).
pub const DEFAULT_HEAP_TABLE_WORK: u64 = 1_000_000_000;

/// A memoising Grundy-value solver for any finite impartial game.
///
/// Values are kept between calls, so asking for many positions of one game
/// shares the work. The values are bounded by a [`Budget`], and each query by
/// the budget's work cap ([`DEFAULT_GRUNDY_WORK`] steps, charged per
/// component of each option visited, unless [`Budget::with_work`] sets one).
///
/// # Two paths, and what each costs
///
/// **Hashed** (the game gives no numbering): a hash map from position to
/// [`Nimber`], filled by a depth-first search with an explicit stack. A
/// position costs a bucket of `size_of::<(P, Nimber)>() + 1` bytes, and
/// there are 8/7 to 16/7 buckets an entry (a power of two): 19 to 39 bytes
/// for a `P` of 8 bytes. The budget is charged, before the map or the
/// stack grows, `buckets × (size_of::<(P, Nimber)>() + 1)` for the
/// capacity the map grows to, plus `size_of::<(P, bool)>()` a pending
/// position and `2 × (size_of::<P>() + 1)` a position on the current line.
///
/// **Dense** ([`ImpartialGame::dense_positions`] is `Some(n)`): an array
/// indexed by the game's numbers, no hashing. Cells are bytes and widen to
/// 2, 4 then 8 bytes the moment a value does not fit (a mex over k options is
/// at most k, so byte cells hold every game with fewer than 256 options a
/// position). With a declared [`dense_order`](ImpartialGame::dense_order)
/// (`ToSmaller` or `ToLarger`) a query fills the numbers from where the last
/// one stopped to its own in one sweep, with no other state: `width` bytes a
/// number swept, numbers without a position included. Without an order, a
/// search over the same array needs all `n` cells, two bits a number of state
/// and `size_of::<(P, usize)>()` bytes a pending position. The mex uses
/// stamps of 4 bytes (256 of them, more only for values above 255). The
/// budget is charged, before allocating: `cells × width + 4 × stamps` on a
/// sweep (cells: the capacity the array grows to, doubling up to `n`), plus
/// `n / 4` bytes and the stack's capacity in entries on a search; widening
/// charges the old and the new array together. Queries by number
/// ([`grundy_at_number`](GrundySolver::grundy_at_number)) skip the
/// numbering: once swept, one comparison and one read; a sum of many
/// ([`grundy_of_sum_at_numbers`](GrundySolver::grundy_of_sum_at_numbers))
/// one read a number and no branch (a 3000 × 3000 grid with 200,000
/// tokens, `examples/grundy_grid.rs`: about 1.2× a hand-written DP's CPU,
/// 1.09× its peak memory).
///
/// **A numbering that contradicts itself is refused, in every build**,
/// with [`Error::InvalidParameter`] naming the position's number and the
/// component's: a component numbered against the declared order or
/// `>= n`, or without a number (one comparison a component); numbered as
/// a number the sweep skipped (its cell holds the width's top value,
/// which no Grundy value takes: the same read checks it); numbered as
/// another position's number (`dense_position(dense_index(c)) != c`: a
/// round trip a component, on by default, skipped by
/// [`trusting_numbering`](GrundySolver::trusting_numbering)); a swept or
/// asked position whose number maps back to another. A cycle is
/// [`Error::CyclicGame`]. A game whose options come by number
/// ([`ImpartialGame::numbered_options`]) cannot give two positions one
/// number and needs no round trip.
///
/// # Example
/// ```
/// use stonegame::impartial::subtraction::SubtractionSet;
/// use stonegame::impartial::grundy::GrundySolver;
/// use stonegame::{Nimber, Outcome};
///
/// let game = SubtractionSet::new([1, 3, 4]).unwrap();
/// let mut solver = GrundySolver::new(&game);
/// let values: Vec<u64> = (0..8).map(|n| solver.grundy(&n).unwrap().0).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
/// // A sum of heaps 7 and 2 has nimber 0 ^ 0: the second player wins.
/// assert_eq!(solver.outcome(&[7, 2]).unwrap(), Outcome::Second);
/// ```
///
/// A numbered game (the sweep): see [`ImpartialGame::dense_positions`].
/// Only win or lose of one game (not a sum): [`OutcomeSolver`], the same
/// sweep stopping a position's options at the first lost one.
#[derive(Clone)]
pub struct GrundySolver<G: ImpartialGame> {
    game: G,
    values: Values<G::Position>,
    budget: Budget,
    work_cap: u64,
    convention: Convention,
    /// The misère sums decided so far, kept between calls (and the moves
    /// of a line) under [`Convention::Misere`].
    misere: SumMemo<G::Position>,
}

/// The game, the limits, the convention and how many values are known (the
/// values themselves are not printed).
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl<G: ImpartialGame + std::fmt::Debug> std::fmt::Debug for GrundySolver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrundySolver")
            .field("game", &self.game)
            .field("convention", &self.convention)
            .field("budget", &self.budget)
            .field("known_positions", &self.known_positions())
            .finish()
    }
}

/// Where the values live: a map for games without a numbering, an array
/// over the game's dense numbering otherwise.
#[derive(Clone)]
enum Values<P> {
    Hashed(HashedMemo<P>),
    Dense(DenseTable<P>),
}
/// Steps charged by one query, against its cap, and the watch of the
/// budget's control they are shown to (once a position, never an option).
struct WorkCount {
    /// Steps still allowed.
    left: u64,
    cap: u64,
    over: bool,
    watch: Watch,
}

impl WorkCount {
    fn new(cap: u64, watch: Watch) -> Self {
        Self {
            left: cap,
            cap,
            over: false,
            watch,
        }
    }

    /// Shows the steps so far to the control: [`Error::Cancelled`] once
    /// it is cancelled (one comparison between looks).
    #[inline]
    fn poll(&self) -> Result<()> {
        self.watch.poll(self.cap - self.left)
    }

    /// Counts one option of `components` components at `weight` steps a
    /// component (one at least); `Break` once the cap is passed.
    #[inline]
    fn step(&mut self, components: usize, weight: u64) -> ControlFlow<()> {
        let steps = (components.max(1) as u64).saturating_mul(weight);
        if steps > self.left {
            self.left = 0;
            self.over = true;
            return ControlFlow::Break(());
        }
        self.left -= steps;
        ControlFlow::Continue(())
    }

    /// Charges `steps` known before the work starts: refused at once
    /// (nothing done) when they do not fit what is left.
    fn up_front(&mut self, steps: u128) -> ControlFlow<()> {
        match u64::try_from(steps) {
            Ok(steps) if steps <= self.left => {
                self.left -= steps;
                ControlFlow::Continue(())
            }
            _ => {
                self.over = true;
                ControlFlow::Break(())
            }
        }
    }

    fn exceeded(&self) -> bool {
        self.over
    }

    fn error(&self, what: &str) -> Error {
        Error::WorkLimitExceeded {
            what: format!("{what} (counting the components of the options visited)"),
            steps: self.cap,
        }
    }
}

impl<G: ImpartialGame> GrundySolver<G> {
    /// A solver with the default memory budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// assert_eq!(GrundySolver::new(Nim::new()).grundy(&9).unwrap().0, 9);
    /// ```
    pub fn new(game: G) -> Self {
        let values = match game.dense_positions() {
            Some(n) => Values::Dense(DenseTable::new(n, game.dense_order())),
            None => Values::Hashed(HashedMemo::new()),
        };
        Self {
            game,
            values,
            budget: Budget::default(),
            work_cap: DEFAULT_GRUNDY_WORK,
            convention: Convention::Normal,
            misere: SumMemo::default(),
        }
    }

    /// The same solver under `convention`. Grundy values are a normal-play
    /// notion; under misère play [`outcome`](GrundySolver::outcome),
    /// [`winning_move`](GrundySolver::winning_move) and
    /// [`solve`](GrundySolver::solve) (with `G::Position: Ord`) answer by the
    /// exact search over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::prelude::*;
    /// use stonegame::impartial::grundy::GrundySolver;
    ///
    /// // Misère Nim with heaps 1, 1: the player to move takes one and wins.
    /// let mut solver = GrundySolver::new(Nim::new()).with_convention(Convention::Misere);
    /// assert_eq!(solver.outcome(&[1, 1])?, Outcome::First);
    /// assert_eq!(SolveAt::outcome(&mut solver, &[1, 1][..])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        // The misère memo holds outcomes under one convention.
        let misere = if convention == self.convention {
            self.misere
        } else {
            SumMemo::default()
        };
        Self {
            convention,
            misere,
            ..self
        }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::Convention;
    /// assert_eq!(GrundySolver::new(Nim::new()).convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::Budget;
    /// let solver = GrundySolver::new(Nim::new()).with_budget(Budget::from_bytes(4096));
    /// assert_eq!(solver.budget(), Budget::from_bytes(4096));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same solver with its memo limited to `budget` and each query to
    /// the budget's work cap (values already known are kept).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::{Error, Budget};
    ///
    /// let mut solver = GrundySolver::new(Nim::new()).with_budget(Budget::from_bytes(256));
    /// assert!(matches!(solver.grundy(&1000), Err(Error::MemoryBudgetExceeded { .. })));
    ///
    /// // A heap of u64::MAX has too many options to list: the work cap stops it.
    /// let mut capped = GrundySolver::new(Nim::new()).with_budget(Budget::default().with_work(1000));
    /// assert!(matches!(capped.grundy(&u64::MAX), Err(Error::WorkLimitExceeded { .. })));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            work_cap: budget.work_or(DEFAULT_GRUNDY_WORK),
            ..self
        }
    }

    /// The same solver, trusting the game's numbering: a component's
    /// [`dense_index`](ImpartialGame::dense_index) is no longer mapped back
    /// through [`dense_position`](ImpartialGame::dense_position) to check
    /// that it names that component (nor a swept or asked position's
    /// number), so two positions given one number go undetected and share
    /// a value. Reads of numbers that are no position, numbers outside
    /// `0..n` and against the declared order are still refused (they cost
    /// nothing extra). The checks it skips cost what `dense_position`
    /// costs: nothing measurable for an identity numbering, 2× on POJ 2311
    /// (a division a component); see the
    /// [contest guide](crate::guide::contest). A game that gives its options
    /// by number ([`ImpartialGame::numbered_options`]) needs no such check
    /// and is faster still.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// // Nim has no numbering: nothing to trust, the same answers.
    /// let mut solver = GrundySolver::new(Nim::new()).trusting_numbering();
    /// assert_eq!(solver.grundy(&9)?.0, 9);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn trusting_numbering(mut self) -> Self {
        if let Values::Dense(table) = &mut self.values {
            table.trust(true);
        }
        self
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// let solver = GrundySolver::new(Nim::new());
    /// let _nim: &Nim = solver.game();
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have a memoised value.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// let mut solver = GrundySolver::new(Nim::new());
    /// solver.grundy(&4).unwrap();
    /// assert_eq!(solver.known_positions(), 5);
    /// ```
    pub fn known_positions(&self) -> usize {
        match &self.values {
            Values::Hashed(memo) => memo.known(),
            Values::Dense(table) => table.known(),
        }
    }

    /// How many sums the misère search has decided and keeps: the calls
    /// of one solver (and the moves of a [`solve`](GrundySolver::solve)
    /// line) reuse them instead of searching again.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::Convention;
    /// let mut solver = GrundySolver::new(Nim::new()).with_convention(Convention::Misere);
    /// assert_eq!(solver.known_misere_sums(), 0);
    /// solver.outcome(&[2, 3])?;
    /// let known = solver.known_misere_sums();
    /// assert!(known > 0);
    /// solver.outcome(&[3, 2])?; // the same sum: nothing new is searched
    /// assert_eq!(solver.known_misere_sums(), known);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn known_misere_sums(&self) -> usize {
        self.misere.len()
    }

    /// The Grundy value of one component position.
    ///
    /// Errors: [`Error::MemoryBudgetExceeded`] when the memo would outgrow the
    /// budget, [`Error::WorkLimitExceeded`] when the query visits more options
    /// than the work cap, [`Error::CyclicGame`] when a position is reachable
    /// from itself.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{FnGame, grundy::GrundySolver};
    /// use stonegame::Error;
    ///
    /// // A "game" whose only move returns to the same position has no Grundy value.
    /// let loopy = FnGame::new(|p: &u8, visit: &mut dyn FnMut(&[u8]) -> _| visit(&[*p]));
    /// assert!(matches!(GrundySolver::new(&loopy).grundy(&0), Err(Error::CyclicGame { .. })));
    /// ```
    pub fn grundy(&mut self, root: &G::Position) -> Result<Nimber> {
        if let Values::Dense(table) = &self.values {
            if let Some(value) = table.swept_value(&self.game, root) {
                return Ok(Nimber(value));
            }
        }
        let mut work = WorkCount::new(self.work_cap, self.budget.watch(GRUNDY, None));
        work.watch.check()?;
        let value = match &mut self.values {
            Values::Hashed(memo) => memo.grundy(&self.game, root, self.budget, &mut work),
            Values::Dense(table) => table.grundy(&self.game, root, self.budget, &mut work),
        };
        value.map(Nimber)
    }

    /// The Grundy value of the position numbered `number` in the game's
    /// dense numbering ([`ImpartialGame::dense_positions`]): the same value
    /// as [`grundy`](GrundySolver::grundy) of that position, without
    /// numbering it. Once a sweep has passed `number` (a declared
    /// [`dense_order`](ImpartialGame::dense_order)), a query costs one
    /// comparison and one table read, as a hand-written DP's does: the
    /// form for many queries.
    ///
    /// Errors: [`Error::InvalidParameter`] when the game has no dense
    /// numbering, when `number` is outside `0..n`, or when it names no
    /// position (a number the sweep's listing skipped, or, without an
    /// order, one whose `dense_position` is `None` or maps back to another
    /// number); otherwise those of [`grundy`](GrundySolver::grundy).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::impartial::{GrundySolver, ImpartialGame};
    /// use stonegame::{Error, Nimber};
    ///
    /// /// Take 1, 3 or 4 from an even heap of at most 100, numbered by its size.
    /// struct EvenTake134;
    ///
    /// impl ImpartialGame for EvenTake134 {
    ///     type Position = usize;
    ///     fn for_each_option(
    ///         &self,
    ///         &heap: &usize,
    ///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         for take in [1, 3, 4] {
    ///             if take <= heap && (heap - take) % 2 == 0 {
    ///                 visit(&[heap - take])?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(101)
    ///     }
    ///     fn dense_index(&self, &heap: &usize) -> Option<usize> {
    ///         Some(heap)
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<usize> {
    ///         (index % 2 == 0).then_some(index) // odd numbers name no heap
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    /// }
    ///
    /// let mut solver = GrundySolver::new(EvenTake134);
    /// assert_eq!(solver.grundy_at_number(100)?, solver.grundy(&100)?);
    /// assert_eq!(solver.grundy_at_number(8)?, Nimber(0)); // 8 moves to 4 only, 4 to 0
    /// assert!(matches!(solver.grundy_at_number(7), Err(Error::InvalidParameter { .. })));
    /// assert!(matches!(solver.grundy_at_number(101), Err(Error::InvalidParameter { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grundy_at_number(&mut self, number: usize) -> Result<Nimber> {
        let table = match &mut self.values {
            Values::Dense(table) => table,
            Values::Hashed(_) => {
                return Err(Error::InvalidParameter {
                    name: "number",
                    reason: "the game has no dense numbering (dense_positions() is None): \
                             ask by position with grundy"
                        .to_string(),
                });
            }
        };
        if let Some(value) = table.swept_number(number) {
            return Ok(Nimber(value));
        }
        let mut work = WorkCount::new(self.work_cap, self.budget.watch(GRUNDY, None));
        work.watch.check()?;
        table
            .grundy_at_number(&self.game, number, self.budget, &mut work)
            .map(Nimber)
    }

    /// The Grundy value of the disjunctive sum of the positions numbered
    /// `numbers` (repeats allowed) in the game's dense numbering: the XOR of
    /// their [`grundy_at_number`](GrundySolver::grundy_at_number) values,
    /// and the same refusals. With a declared
    /// [`dense_order`](ImpartialGame::dense_order), one sweep through the
    /// number the sweep reaches last, then one read a number with no branch:
    /// the form for many tokens, at a hand-written DP's cost. `numbers` is
    /// walked twice (hence `Clone`).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::impartial::{GrundySolver, ImpartialGame};
    /// use stonegame::{Error, Nimber};
    ///
    /// /// Take 1, 3 or 4 from a heap of at most 100.
    /// struct Take134;
    ///
    /// impl ImpartialGame for Take134 {
    ///     type Position = usize;
    ///     fn for_each_option(
    ///         &self,
    ///         &heap: &usize,
    ///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         for take in [1, 3, 4] {
    ///             if take <= heap {
    ///                 visit(&[heap - take])?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(101)
    ///     }
    ///     fn dense_index(&self, &heap: &usize) -> Option<usize> {
    ///         Some(heap)
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<usize> {
    ///         (index <= 100).then_some(index)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    /// }
    ///
    /// let mut solver = GrundySolver::new(Take134);
    /// let heaps = [2_u32, 5, 100];
    /// let sum = solver.grundy_of_sum_at_numbers(heaps.iter().map(|&h| h as usize))?;
    /// assert_eq!(sum, solver.grundy_of_sum(&[2, 5, 100])?);
    /// assert!(matches!(
    ///     solver.grundy_of_sum_at_numbers([3, 101]),
    ///     Err(Error::InvalidParameter { .. })
    /// ));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grundy_of_sum_at_numbers<I>(&mut self, numbers: I) -> Result<Nimber>
    where
        I: IntoIterator<Item = usize>,
        I::IntoIter: Clone,
    {
        let numbers = numbers.into_iter();
        if let Values::Dense(table) = &self.values {
            if let Some(furthest) = table.furthest_unswept(numbers.clone()) {
                self.grundy_at_number(furthest)?;
            }
        }
        if let Values::Dense(table) = &self.values {
            if let Some(total) = table.swept_sum(numbers.clone()) {
                return Ok(Nimber(total));
            }
        }
        // No order, or a number naming no position: one by one, for the
        // values or the first refusal.
        let mut total = Nimber::ZERO;
        for number in numbers {
            total ^= self.grundy_at_number(number)?;
        }
        Ok(total)
    }

    /// The value of an option (a sum) whose components all have a value.
    fn option_value(&self, option: &[G::Position]) -> Option<Nimber> {
        option.iter().try_fold(Nimber::ZERO, |total, component| {
            let value = match &self.values {
                Values::Hashed(memo) => memo.known_value(component),
                Values::Dense(table) => table.known_value(&self.game, component),
            };
            value.map(|g| total ^ Nimber(g))
        })
    }

    /// The Grundy value of a disjunctive sum: the XOR of its components' values.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::Nimber;
    /// assert_eq!(GrundySolver::new(Nim::new()).grundy_of_sum(&[3, 5]).unwrap(), Nimber(6));
    /// ```
    pub fn grundy_of_sum(&mut self, components: &[G::Position]) -> Result<Nimber> {
        let mut total = Nimber::ZERO;
        for component in components {
            total ^= self.grundy(component)?;
        }
        Ok(total)
    }

    /// A winning normal-play move in a sum (whatever the convention).
    fn normal_winning_move(
        &mut self,
        components: &[G::Position],
    ) -> Result<Option<SumMove<Vec<G::Position>>>> {
        let values = components
            .iter()
            .map(|c| self.grundy(c))
            .collect::<Result<Vec<_>>>()?;
        let mut work = WorkCount::new(self.work_cap, self.budget.watch(GRUNDY, None));
        sum::winning_move(&values, |index, target| {
            // Replay the component's options against the values: its own
            // value is known, so every option's components are too.
            let mut found = None;
            let _ = self.game.for_each_option(&components[index], |option| {
                work.step(option.len(), GRUNDY_HASHED_STEPS)?;
                if self.option_value(option) == Some(target) {
                    found = Some(option.to_vec());
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if work.exceeded() {
                return Err(work.error("GrundySolver's winning move"));
            }
            Ok(found)
        })
    }
}

/// The calls of every impartial game, under either convention: normal play
/// by Grundy values, misère play by the exact search over sums (which orders
/// a sum's components, hence `Ord`). The [`SolveAt`](crate::game::SolveAt)
/// calls are these same functions.
impl<G> GrundySolver<G>
where
    G: ImpartialGame,
    G::Position: Ord,
{
    /// Who wins the disjunctive sum `components`: under normal play by the
    /// XOR of Grundy values, under misère play by the exact search over sums.
    ///
    /// # Errors
    /// As [`GrundySolver::grundy`]; under misère play, the exact search's
    /// memory budget and work cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::{Convention, Outcome};
    /// assert_eq!(GrundySolver::new(Nim::new()).outcome(&[1, 2, 3])?, Outcome::Second);
    /// // Misère Nim with heaps 1, 1: the player to move takes one and wins.
    /// let mut misere = GrundySolver::new(Nim::new()).with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&[1, 1])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome> {
        match self.convention {
            Convention::Normal => Ok(self.grundy_of_sum(components)?.normal_outcome()),
            Convention::Misere => self.with_exact_search(|run| run.outcome(components)),
        }
    }

    /// A winning move in a sum, under the convention in force: which
    /// component to play in and the option (a sum of components) that
    /// replaces it; `None` when the player to move loses.
    ///
    /// # Errors
    /// As [`GrundySolver::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    ///
    /// let mut solver = GrundySolver::new(Nim::new());
    /// let winning = solver.winning_move(&[3, 4, 5]).unwrap().unwrap();
    /// // 3 ^ 4 ^ 5 = 2: reduce heap 3 to 1, leaving 1 ^ 4 ^ 5 = 0.
    /// assert_eq!(winning.to_string(), "1:->1");
    /// assert_eq!((winning.component, winning.option), (0, vec![1]));
    /// assert_eq!(solver.winning_move(&[2, 2]).unwrap(), None);
    /// ```
    pub fn winning_move(
        &mut self,
        components: &[G::Position],
    ) -> Result<Option<SumMove<Vec<G::Position>>>> {
        match self.convention {
            Convention::Normal => self.normal_winning_move(components),
            Convention::Misere => self.with_exact_search(|run| run.winning_move(components)),
        }
    }

    /// The full answer: who wins, a winning move, and the winner's line
    /// against a loser who plays the first option of the first component
    /// that has one (cut after `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// As [`GrundySolver::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, grundy::GrundySolver};
    /// use stonegame::Outcome;
    /// let solution = GrundySolver::new(Nim::new()).solve(&[1, 2])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// assert!(solution.is_line_complete());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(
        &mut self,
        components: &[G::Position],
    ) -> Result<Solution<Outcome, SumMove<Vec<G::Position>>>> {
        let outcome = self.outcome(components)?;
        let mut position = components.to_vec();
        let mut line = Vec::new();
        while line.len() < Solution::<Outcome, SumMove<Vec<G::Position>>>::LINE_LIMIT {
            let next = match self.winning_move(&position)? {
                Some(winning) => winning,
                None => match first_option(&self.game, &position) {
                    Some(reply) => reply,
                    None => return Ok(Solution::from_line(outcome, line, true)),
                },
            };
            position.splice(next.component..=next.component, next.option.iter().cloned());
            line.push(next);
        }
        let over = self.winning_move(&position)?.is_none()
            && first_option(&self.game, &position).is_none();
        Ok(Solution::from_line(outcome, line, over))
    }

    /// Runs `query` on a misère search over this solver's game within its
    /// budget (a fresh work cap), starting from the sums decided by earlier
    /// calls and keeping those it decides, even when it is refused.
    fn with_exact_search<T>(&mut self, query: impl FnOnce(&mut Run<&G>) -> Result<T>) -> Result<T> {
        let memo = std::mem::take(&mut self.misere);
        // No count of sums: the budget's memory and work bound the search,
        // so a larger budget buys a larger one.
        let limits = ExactSearch::new()
            .with_budget(self.budget)
            .with_max_positions(usize::MAX);
        let mut run = Run::with_memo(&self.game, self.convention, limits, memo);
        let result = query(&mut run);
        self.misere = run.into_memo();
        result
    }
}

/// The generic solver answers the calls of every impartial game whose
/// positions are ordered (for the misère search) and printable (its moves
/// print as `I:->T`): the inherent calls of the same names.
impl<G> crate::game::SolveAt for GrundySolver<G>
where
    G: ImpartialGame,
    G::Position: Ord + std::fmt::Debug,
{
    type Position = [G::Position];
    type Move = SumMove<Vec<G::Position>>;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn with_convention(self, convention: Convention) -> Self {
        GrundySolver::with_convention(self, convention)
    }

    fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome> {
        GrundySolver::outcome(self, components)
    }

    fn winning_move(&mut self, components: &[G::Position]) -> Result<Option<Self::Move>> {
        GrundySolver::winning_move(self, components)
    }

    fn solve(&mut self, components: &[G::Position]) -> Result<Solution<Outcome, Self::Move>> {
        GrundySolver::solve(self, components)
    }
}

impl<G: ImpartialGame> crate::game::NimberAt for GrundySolver<G>
where
    G::Position: Ord + std::fmt::Debug,
{
    fn nimber(&mut self, components: &[G::Position]) -> Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        self.grundy_of_sum(components)
    }
}

impl<G: ImpartialGame> crate::game::Configure for GrundySolver<G> {
    fn with_budget(self, budget: Budget) -> Self {
        GrundySolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

/// The loser's reply in a generic line: the first option of the first
/// component that has one.
fn first_option<G: ImpartialGame>(
    game: &G,
    components: &[G::Position],
) -> Option<SumMove<Vec<G::Position>>> {
    components
        .iter()
        .enumerate()
        .find_map(|(component, position)| {
            let mut first = None;
            let _ = game.for_each_option(position, |option| {
                first = Some(option.to_vec());
                ControlFlow::Break(())
            });
            first.map(|option| SumMove { component, option })
        })
}

pub(super) fn inconsistent_game() -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: "for_each_option gave different options for the same position".to_string(),
    }
}

/// The mex of `values`; values above `values.len()` cannot be the mex, so the
/// bitset stays as small as the number of options.
pub(crate) fn mex_of(values: &[u64]) -> u64 {
    let mut set = MexSet::new();
    for &value in values {
        if value <= values.len() as u64 {
            set.insert(value as usize);
        }
    }
    set.mex() as u64
}

/// Grundy values `G(0..=upto)` of a heap game, bottom-up in one pass.
///
/// Every option of heap `n` must be a sum of heaps smaller than `n` (true of
/// every game that removes stones); otherwise the result is an
/// [`Error::InvalidParameter`]. The table is checked against `budget` before
/// it is allocated, and the options visited against its work cap
/// ([`DEFAULT_HEAP_TABLE_WORK`] unless [`Budget::with_work`] sets one).
///
/// # Example
/// ```
/// use stonegame::impartial::{FnGame, grundy::heap_table};
/// use stonegame::Budget;
///
/// // Subtract a square (LeetCode 1510): losing heaps are those with value 0.
/// let squares = FnGame::new(|n: &u64, visit: &mut dyn FnMut(&[u64]) -> _| {
///     (1..).map(|k: u64| k * k).take_while(|s| s <= n).try_for_each(|s| visit(&[n - s]))
/// });
/// let table = heap_table(&squares, 10, Budget::default()).unwrap();
/// let losing: Vec<usize> = (0..=10).filter(|&n| table[n].is_zero()).collect();
/// assert_eq!(losing, [0, 2, 5, 7, 10]);
/// ```
pub fn heap_table<G>(game: &G, upto: u64, budget: Budget) -> Result<Vec<Nimber>>
where
    G: ImpartialGame<Position = u64>,
{
    let len = table_len(upto, budget, std::mem::size_of::<Nimber>(), "Grundy table")?;
    let mut table: Vec<Nimber> = crate::budget::vec_with_capacity(len, "Grundy table", budget)?;
    // The option values of one heap: as many as its options, which the work
    // cap bounds, so they are sized against the budget beside the table.
    let mut values: Vec<u64> = Vec::new();
    let mut refused = None;
    let mut work = WorkCount::new(
        budget.work_or(DEFAULT_HEAP_TABLE_WORK),
        budget.watch("Grundy table", None),
    );
    work.watch.check()?;
    for heap in 0..len as u64 {
        work.poll()?;
        values.clear();
        let mut offending = None;
        let _ = game.for_each_option(&heap, |option| {
            work.step(1, 1)?;
            let mut total = 0;
            for &component in option {
                // Heaps are pushed in order, so a smaller heap is always in the table.
                match table.get(component as usize) {
                    Some(g) if component < heap => total ^= g.0,
                    _ => {
                        offending = Some(component);
                        return ControlFlow::Break(());
                    }
                }
            }
            if values.len() == values.capacity() {
                let grown = (values.len() as u128 + 1) * 2 * 8 + len as u128 * 8;
                if let Err(error) = budget
                    .check_bytes(grown, "option values of a heap")
                    .and_then(|()| {
                        crate::budget::try_reserve(
                            &mut values,
                            1,
                            "option values of a heap",
                            budget,
                        )
                    })
                {
                    refused = Some(error);
                    return ControlFlow::Break(());
                }
            }
            values.push(total);
            ControlFlow::Continue(())
        });
        if let Some(error) = refused {
            return Err(error);
        }
        if work.exceeded() {
            return Err(work.error(&format!("Grundy table up to heap {upto}")));
        }
        if let Some(component) = offending {
            return Err(Error::InvalidParameter {
                name: "heap game",
                reason: format!(
                    "an option of heap {heap} contains heap {component}, which is not smaller"
                ),
            });
        }
        table.push(Nimber(mex_of(&values)));
    }
    Ok(table)
}

/// The length `upto + 1` of a table of `element_bytes`-byte values, refused
/// when it does not fit the budget or the address space.
pub(crate) fn table_len(
    upto: u64,
    budget: Budget,
    element_bytes: usize,
    what: &'static str,
) -> Result<usize> {
    let len = u128::from(upto) + 1;
    budget.check_bytes(len.saturating_mul(element_bytes as u128), what)?;
    usize::try_from(len).map_err(|_| Error::SizeLimitExceeded {
        what: "table length",
        value: len,
        limit: usize::MAX as u128,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::FnGame;

    #[test]
    fn deep_chain_does_not_overflow_the_stack() {
        let chain = FnGame::new(|n: &u64, visit: &mut dyn FnMut(&[u64]) -> _| {
            if *n > 0 {
                visit(&[n - 1])?;
            }
            ControlFlow::Continue(())
        });
        let mut solver = GrundySolver::new(&chain);
        assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber(0));
        assert_eq!(solver.grundy(&999_999).unwrap(), Nimber(1));
    }

    #[test]
    fn heap_table_refuses_options_that_do_not_shrink() {
        let bad = FnGame::new(|n: &u64, visit: &mut dyn FnMut(&[u64]) -> _| visit(&[*n]));
        assert!(matches!(
            heap_table(&bad, 3, Budget::default()),
            Err(Error::InvalidParameter { .. })
        ));
    }

    #[test]
    fn heap_table_refuses_oversized_tables() {
        let nim = crate::impartial::nim::Nim::new();
        assert!(matches!(
            heap_table(&nim, u64::MAX, Budget::default()),
            Err(Error::MemoryBudgetExceeded { .. })
        ));
    }
}
