//! Impartial games: both players have the same moves from every position.
//!
//! A game is described by [`ImpartialGame`]: from a position, each option is a
//! *sum* of zero or more component positions (a take-and-break move may split
//! one heap into two; taking a whole heap leaves the empty sum). Solvers turn
//! a game into Grundy values ([`crate::Nimber`]) and outcomes.
//!
//! # Layout
//!
//! The sources separate the machinery from the games, and the paths do not
//! show it: every module below is re-exported here, so `impartial::mex`,
//! `impartial::grundy::GrundySolver`, `impartial::nim::Nim` and
//! `impartial::Nim` are the paths to use, wherever the file is.
//!
//! - `src/impartial/engine/`: what every impartial game shares: [`mex`],
//!   Grundy searches ([`grundy`]), disjunctive sums ([`sum`]), misère play
//!   ([`misere`], [`genus`]), eventual periods ([`periodic`]) and the periodic
//!   runs of subtraction sequences, nimber arithmetic ([`nim_field`]), the
//!   heap move ([`HeapMove`]) and the lines of play that `solve` returns.
//! - `src/impartial/games/`: one module per game, its definition and its
//!   solvers side by side: [`nim`], [`subtraction`], [`boxes`], [`wythoff`],
//!   [`moore`], [`staircase`], [`fibonacci_nim`], [`euclid`], [`hackenbush`].
//! - `src/impartial/octal/`: the take-and-break games ([`octal`]). The family
//!   stays whole in its own directory because it is a game family with its
//!   own engine (sparse-space Grundy sequences, arithmetic periods, period
//!   certificates, misère quotients), which no other game uses: split between
//!   `engine/` and `games/` it would put a private engine among the shared one.
//! - This file: the definition trait [`ImpartialGame`] and [`FnGame`], which
//!   both sides name.

// The sources keep the machinery apart from the games that use it (see
// "Layout" above). `engine` and `games` are private: each module is
// re-exported here, so its public path is `impartial::name` as before.
mod dyn_game;
mod engine;
mod games;

// The machinery, shared by every impartial game.
pub use engine::{grundy, mex, misere, nim_field, periodic, sum};
// The genus of take-and-break games, computed where they are defined.
pub use octal::genus;
// Shared by the games' `solve` and by octal/: the heap move, the lines of
// play, the periodic runs of subtraction sequences.
use engine::{heap_move, line, runs, strategy_line};

// The games: each module holds a game's definition and its solvers side by side.
pub use games::{
    boxes, euclid, fibonacci_nim, hackenbush, moore, nim, staircase, subtraction, wythoff,
};

// The take-and-break family, with its own engine: see "Layout" above.
pub mod octal;

pub use heap_move::HeapMove;

// Every game and solver one level down, as `scoring::Ends` is: `impartial::Nim`.
pub use boxes::{BallBox, Boxes};
pub use dyn_game::DynImpartialGame;
pub use euclid::Euclid;
pub use fibonacci_nim::{FibonacciNim, FibonacciPosition};
pub use grundy::{GrundySolver, OutcomeSolver};
pub use hackenbush::GreenHackenbush;
pub use misere::ExactSearch;
pub use moore::Moore;
pub use nim::Nim;
pub use octal::{LastOne, OctalGame, TakeAndBreak};
pub use staircase::Staircase;
pub use subtraction::{Subtraction, SubtractionRule, SubtractionSet};
pub use wythoff::Wythoff;

use std::hash::Hash;
use std::ops::ControlFlow;

/// An impartial game: positions and, for each, the options a move leads to.
///
/// Each option is a disjunctive sum of component positions, given as a slice;
/// the empty slice means the move leaves nothing to play. Implementations must
/// describe a finite game (every line of play ends), which is what makes Grundy
/// values exist.
///
/// The enumeration is stoppable: `visit` returns [`ControlFlow`], and an
/// implementation must stop at the first [`ControlFlow::Break`] and return
/// it (the `?` operator does exactly that). Solvers count every option
/// against their work cap and memory budget inside `visit`, so a position
/// with an astronomically long option list (a Nim heap of `u64::MAX`) is
/// refused with [`crate::Error::WorkLimitExceeded`] instead of hanging.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::impartial::ImpartialGame;
///
/// /// Take 1 or 2 from a single heap.
/// struct TakeOneOrTwo;
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u64;
///     fn for_each_option(
///         &self,
///         heap: &u64,
///         mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         for take in 1..=2 {
///             if take <= *heap {
///                 visit(&[heap - take])?; // stop when the caller says so
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut options = Vec::new();
/// let _ = TakeOneOrTwo.for_each_option(&5, |sum| {
///     options.push(sum.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(options, vec![vec![4], vec![3]]);
///
/// // A caller that wants only the first option stops the enumeration.
/// let mut first = None;
/// let stopped = TakeOneOrTwo.for_each_option(&5, |sum| {
///     first = Some(sum.to_vec());
///     ControlFlow::Break(())
/// });
/// assert_eq!((first, stopped), (Some(vec![4]), ControlFlow::Break(())));
/// ```
pub trait ImpartialGame {
    /// One component position (for heap games, a heap size).
    type Position: Clone + Eq + Hash;

    /// Calls `visit` once for every option of `position`, passing the option as
    /// a sum of components, until `visit` returns [`ControlFlow::Break`]; then
    /// stops at once and returns `Break(())`. Returns `Continue(())` when every
    /// option was visited. The callback form avoids allocating per option.
    fn for_each_option(
        &self,
        position: &Self::Position,
        visit: impl FnMut(&[Self::Position]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// An optional dense numbering, for speed: `Some(n)` when
    /// [`dense_index`](ImpartialGame::dense_index) numbers every component
    /// position the solver meets below `n`.
    /// [`GrundySolver`] then keeps its Grundy values in
    /// an array of the narrowest cells that hold them instead of a hash map.
    /// `None` by default.
    ///
    /// **The recommended numbering**, the one a hand-written DP uses: number
    /// positions so that every component of every option gets a smaller
    /// number (a sheet `w × h` whose cuts shrink one side: `w * (max + 1) + h`;
    /// a heap: its size), give the inverse in
    /// [`dense_position`](ImpartialGame::dense_position) (`None` for a number
    /// that is no position: it is skipped) and declare
    /// [`MoveOrder::ToSmaller`](crate::game::MoveOrder::ToSmaller). A query
    /// then fills the array from 0 up to its number in one sweep, each number
    /// once, with one comparison an option component to check the declaration.
    ///
    /// **What it costs**: 1 byte a number up to the largest asked for (2, 4
    /// or 8 once a value passes 254, 65,534 or 2^32 - 2: the top value of a
    /// cell marks a number that is no position), plus 1 KiB of mex
    /// stamps; that is what the [`Budget`](crate::Budget) is charged before
    /// the array grows (its capacity doubles, up to `n`). Without a declared
    /// order the solver searches over all `n` cells and adds two bits a
    /// number and its stack. Without a numbering, a hash map costs 19 to 39
    /// bytes a position of 8 bytes (see
    /// [`GrundySolver`]).
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::impartial::{GrundySolver, ImpartialGame};
    ///
    /// /// Take 1, 3 or 4 from a heap of at most 1000, numbered by its size.
    /// struct Take134;
    ///
    /// impl ImpartialGame for Take134 {
    ///     type Position = u32;
    ///     fn for_each_option(
    ///         &self,
    ///         &heap: &u32,
    ///         mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         for take in [1, 3, 4] {
    ///             if take <= heap {
    ///                 visit(&[heap - take])?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(1001)
    ///     }
    ///     fn dense_index(&self, &heap: &u32) -> Option<usize> {
    ///         Some(heap as usize) // the solver refuses a number >= 1001
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<u32> {
    ///         u32::try_from(index).ok()
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller // every option is a smaller heap
    ///     }
    /// }
    ///
    /// let mut solver = GrundySolver::new(Take134);
    /// assert_eq!(solver.grundy(&1000)?.0, 2); // one sweep over heaps 0..=1000
    /// assert_eq!(solver.grundy(&7)?.0, 0); // read from the table
    /// assert!(solver.grundy(&1001).is_err()); // outside the numbering
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn dense_positions(&self) -> Option<usize> {
        None
    }

    /// The number of `position` in `0..n` (see
    /// [`dense_positions`](ImpartialGame::dense_positions)); `None` by default.
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// The inverse of [`dense_index`](ImpartialGame::dense_index): the
    /// position numbered `index`, or `None` when no position has that
    /// number. Needed with a declared [`dense_order`](ImpartialGame::dense_order)
    /// (unless [`for_each_dense_position`](ImpartialGame::for_each_dense_position)
    /// lists the positions), and by [`GrundySolver`]'s check that no two
    /// positions share a number: each component's number and each asked
    /// position's is mapped back through it, unless
    /// [`GrundySolver::trusting_numbering`] (or options given by number).
    fn dense_position(&self, index: usize) -> Option<Self::Position> {
        let _ = index;
        None
    }

    /// How options run through the dense numbering: `Unordered` by default;
    /// `ToSmaller` promises that every component of every option has a
    /// smaller number than the position (so one sweep fills the table),
    /// `ToLarger` a larger one. A component against the declaration is
    /// refused with [`Error::InvalidParameter`](crate::Error::InvalidParameter).
    fn dense_order(&self) -> crate::game::MoveOrder {
        crate::game::MoveOrder::Unordered
    }

    /// Lists the numbered positions from number `from` on in sweep order,
    /// each with its number, until `visit` returns [`ControlFlow::Break`]:
    /// `from, from + 1, …` up to the last number under
    /// [`MoveOrder::ToSmaller`](crate::game::MoveOrder::ToSmaller), and
    /// `from, from - 1, …, 0` under `ToLarger`, where `from` is the largest
    /// number still to list (nothing when `Unordered`). The default
    /// walks the numbers through
    /// [`dense_position`](ImpartialGame::dense_position), skipping numbers
    /// that are no position. Override it with the loops a hand-written DP
    /// runs when the inverse costs a division per number (a grid numbered
    /// `row * width + column`): the sweep then never calls `dense_position`.
    ///
    /// [`GrundySolver`] refuses a listing whose numbers do not run strictly
    /// in sweep order, or a position listed under a number that is not its
    /// [`dense_index`](ImpartialGame::dense_index), with
    /// [`Error::InvalidParameter`](crate::Error::InvalidParameter); a number
    /// left out is no position, and a move to it is refused the same way.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::impartial::ImpartialGame;
    ///
    /// /// Heaps 0..10, numbered by their size; only even heaps exist.
    /// struct Even;
    ///
    /// impl ImpartialGame for Even {
    ///     type Position = u32;
    ///     fn for_each_option(
    ///         &self,
    ///         &heap: &u32,
    ///         mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         if heap >= 2 {
    ///             visit(&[heap - 2])?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(10)
    ///     }
    ///     fn dense_index(&self, &heap: &u32) -> Option<usize> {
    ///         Some(heap as usize)
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<u32> {
    ///         (index % 2 == 0).then_some(index as u32)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    /// }
    ///
    /// let mut listed = Vec::new();
    /// let _ = Even.for_each_dense_position(5, |number, heap| {
    ///     listed.push((number, heap));
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(listed, [(6, 6), (8, 8)]);
    /// ```
    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Plain loops, one call site of `visit`: the sweep's body inlines.
        let n = self.dense_positions().unwrap_or(0);
        let larger = match self.dense_order() {
            crate::game::MoveOrder::ToSmaller => false,
            crate::game::MoveOrder::ToLarger => true,
            crate::game::MoveOrder::Unordered => return ControlFlow::Continue(()),
        };
        let mut left = if larger {
            n.min(from.saturating_add(1))
        } else {
            n.saturating_sub(from)
        };
        let mut number = from;
        while left > 0 {
            if let Some(position) = self.dense_position(number) {
                visit(number, position)?;
            }
            left -= 1;
            number = if larger {
                number.wrapping_sub(1)
            } else {
                number + 1
            };
        }
        ControlFlow::Continue(())
    }

    /// Whether [`for_each_numbered_option`](ImpartialGame::for_each_numbered_option)
    /// gives the options of a sweep by their components' numbers (the
    /// fastest form, see there); `false` by default.
    fn numbered_options(&self) -> bool {
        false
    }

    /// The options of the position numbered `number` (`position`, as
    /// [`for_each_dense_position`](ImpartialGame::for_each_dense_position)
    /// listed it), each as the NUMBERS of its components. Used by the sweep
    /// of [`GrundySolver`] when [`numbered_options`](ImpartialGame::numbered_options)
    /// is `true`: **the fastest form**, as fast as a hand-written DP. A
    /// position is its number there, so nothing is recomputed per move and
    /// two positions cannot share a number; a number outside `0..n`, against
    /// the declared order, or one the listing skipped is refused with
    /// [`Error::InvalidParameter`](crate::Error::InvalidParameter) naming
    /// both numbers.
    ///
    /// The default maps the components of
    /// [`for_each_option`](ImpartialGame::for_each_option) through
    /// [`dense_index`](ImpartialGame::dense_index) (a position without a
    /// number becomes `usize::MAX`, which is refused); override it.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::game::MoveOrder;
    /// use stonegame::impartial::{GrundySolver, ImpartialGame};
    ///
    /// /// Take 1, 3 or 4 from a heap of at most 1000: a heap is its number.
    /// struct Take134;
    ///
    /// impl ImpartialGame for Take134 {
    ///     type Position = usize;
    ///     fn for_each_option(
    ///         &self,
    ///         &heap: &usize,
    ///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         self.for_each_numbered_option(heap, &heap, |option| visit(option))
    ///     }
    ///     fn dense_positions(&self) -> Option<usize> {
    ///         Some(1001)
    ///     }
    ///     fn dense_index(&self, &heap: &usize) -> Option<usize> {
    ///         Some(heap)
    ///     }
    ///     fn dense_position(&self, index: usize) -> Option<usize> {
    ///         Some(index)
    ///     }
    ///     fn dense_order(&self) -> MoveOrder {
    ///         MoveOrder::ToSmaller
    ///     }
    ///     fn numbered_options(&self) -> bool {
    ///         true
    ///     }
    ///     fn for_each_numbered_option(
    ///         &self,
    ///         heap: usize,
    ///         _: &usize,
    ///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         for take in [1, 3, 4] {
    ///             if take <= heap {
    ///                 visit(&[heap - take])?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut solver = GrundySolver::new(Take134);
    /// assert_eq!(solver.grundy(&1000)?.0, 2);
    /// assert_eq!(solver.grundy(&7)?.0, 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn for_each_numbered_option(
        &self,
        number: usize,
        position: &Self::Position,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let _ = number;
        let mut numbers = Vec::new();
        self.for_each_option(position, |option| {
            numbers.clear();
            numbers.extend(
                option
                    .iter()
                    .map(|component| self.dense_index(component).unwrap_or(usize::MAX)),
            );
            visit(&numbers)
        })
    }
}

/// An [`ImpartialGame`] defined by a closure, for games too small to deserve a type.
///
/// The closure receives a position and a callback to call once per option
/// (each option a sum of components, as in [`ImpartialGame::for_each_option`]);
/// it stops at the callback's first [`ControlFlow::Break`] and returns it.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::impartial::{grundy::GrundySolver, FnGame};
/// use stonegame::Nimber;
///
/// // Take 1, 3 or 4 from a heap.
/// let game = FnGame::new(|heap: &u64, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>| {
///     for take in [1, 3, 4] {
///         if take <= *heap {
///             visit(&[heap - take])?;
///         }
///     }
///     ControlFlow::Continue(())
/// });
/// let mut solver = GrundySolver::new(&game);
/// assert_eq!(solver.grundy(&2).unwrap(), Nimber(0));
/// assert_eq!(solver.grundy(&7).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy)]
pub struct FnGame<P, F> {
    options: F,
    position: std::marker::PhantomData<fn(&P)>,
}

/// A closure has no printable form: the type's name only.
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl<P, F> std::fmt::Debug for FnGame<P, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FnGame").finish_non_exhaustive()
    }
}

impl<P, F> FnGame<P, F>
where
    P: Clone + Eq + Hash,
    F: Fn(&P, &mut dyn FnMut(&[P]) -> ControlFlow<()>) -> ControlFlow<()>,
{
    /// Wraps `options`, which calls its callback once per option of a position
    /// until the callback returns [`ControlFlow::Break`].
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::impartial::{FnGame, ImpartialGame};
    ///
    /// let nim = FnGame::new(|heap: &u64, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>| {
    ///     (0..*heap).try_for_each(|left| visit(&[left]))
    /// });
    /// let mut count = 0;
    /// let _ = nim.for_each_option(&3, |_| {
    ///     count += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(count, 3);
    /// ```
    pub fn new(options: F) -> Self {
        Self {
            options,
            position: std::marker::PhantomData,
        }
    }
}

/// The options of an [`FnGame`] built by [`FnGame::from_successors`]: the
/// closure given, kept as it is, so the game is `Send`, `Sync`, `Clone` and
/// `Copy` whenever that closure is.
///
/// # Example
/// ```
/// use stonegame::impartial::FnGame;
///
/// let game = FnGame::from_successors(|&n: &u32| (1..=2).filter(move |&t| t <= n).map(move |t| n - t));
/// let copy = game.clone();
/// std::thread::spawn(move || drop(copy)).join().unwrap();
/// # drop(game);
/// ```
#[derive(Clone, Copy)]
pub struct FromSuccessors<S>(S);

impl<P: Clone + Eq + Hash> FnGame<P, ()> {
    /// The game whose moves from a position lead to the positions that
    /// `successors` lists, each a single component: the same closure that
    /// [`Retrograde::new`](crate::retrograde::Retrograde::new) takes, so one
    /// definition serves the impartial and the retrograde solvers. The game
    /// is `Send`, `Sync` and `Clone` when the closure is.
    ///
    /// # Example
    /// ```
    /// use stonegame::prelude::*;
    ///
    /// // Take 1 or 2 from a heap.
    /// let successors = |&n: &u32| (1..=2).filter(move |&t| t <= n).map(move |t| n - t);
    /// let mut grundy = GrundySolver::new(FnGame::from_successors(successors));
    /// assert_eq!(grundy.grundy(&4)?, Nimber(1));
    /// let table = Retrograde::new(successors).solve([4])?;
    /// assert_eq!(table.value(&4), Some(Value::Win));
    /// assert_eq!(table.value(&3), Some(Value::Lose));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_successors<S, I>(successors: S) -> FnGame<P, FromSuccessors<S>>
    where
        S: Fn(&P) -> I,
        I: IntoIterator<Item = P>,
    {
        FnGame {
            options: FromSuccessors(successors),
            position: std::marker::PhantomData,
        }
    }
}

// `FromSuccessors` is a local type that is no closure, so this impl and the
// closure impl below never overlap (the `Fn` traits are fundamental).
impl<P, S, I> ImpartialGame for FnGame<P, FromSuccessors<S>>
where
    P: Clone + Eq + Hash,
    S: Fn(&P) -> I,
    I: IntoIterator<Item = P>,
{
    type Position = P;

    fn for_each_option(
        &self,
        position: &P,
        mut visit: impl FnMut(&[P]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (self.options.0)(position)
            .into_iter()
            .try_for_each(|next| visit(std::slice::from_ref(&next)))
    }
}

impl<P, F> ImpartialGame for FnGame<P, F>
where
    P: Clone + Eq + Hash,
    F: Fn(&P, &mut dyn FnMut(&[P]) -> ControlFlow<()>) -> ControlFlow<()>,
{
    type Position = P;

    fn for_each_option(
        &self,
        position: &P,
        mut visit: impl FnMut(&[P]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (self.options)(position, &mut visit)
    }
}

impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;

    fn for_each_option(
        &self,
        position: &Self::Position,
        visit: impl FnMut(&[Self::Position]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_option(position, visit)
    }

    fn dense_positions(&self) -> Option<usize> {
        (**self).dense_positions()
    }

    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        (**self).dense_index(position)
    }

    fn dense_position(&self, index: usize) -> Option<Self::Position> {
        (**self).dense_position(index)
    }

    fn dense_order(&self) -> crate::game::MoveOrder {
        (**self).dense_order()
    }

    fn for_each_dense_position(
        &self,
        from: usize,
        visit: impl FnMut(usize, Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_dense_position(from, visit)
    }

    fn numbered_options(&self) -> bool {
        (**self).numbered_options()
    }

    fn for_each_numbered_option(
        &self,
        number: usize,
        position: &Self::Position,
        visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_numbered_option(number, position, visit)
    }
}
