//! The calls every game answers, as traits the compiler checks.
//!
//! Every built-in game implements the traits of its shape, so generic code
//! (tests, benchmarks, a front end) can take any game:
//!
//! | trait | the game is… | calls | implemented by |
//! |---|---|---|---|
//! | [`Configure`] | any game or solver | `with_budget(Budget)`, `budget()` | every game and solver |
//! | [`Solve`] | its own start position (a row of stones, a drawing) | `value()`, `outcome()`, `solve()` | every scoring game, `Negamax`, `GreenHackenbush` |
//! | [`SolveAt`] | a rule set; a position is passed to each call | `convention()`, `with_convention(…)`, `outcome(&p)`, `winning_move(&p)`, `solve(&p)` | every impartial game, `SubtractionRule`, `GrundySolver` |
//! | [`NimberAt`] | a [`SolveAt`] game with Grundy values, normal play by default | `nimber(&p)` | every impartial game with a sum rule whose default is normal play (not Last One) |
//!
//! ## Which traits a type implements
//!
//! **A type implements a trait only where every call of the trait answers
//! under the type's default configuration.** A call that can still refuse
//! once the user changes the configuration (another convention, a smaller
//! budget) says so in its signature (`Result`) and its documented errors,
//! and the refusal says truthfully why. So [`NimberAt`] is not implemented
//! by Last One, misère by default (its own `nimber` answers once it is set
//! to normal play), and a `Nim` set to misère play refuses `nimber` with
//! "answered under normal play only". A type's own call of a trait call's
//! name is the same function as the trait call: they never answer
//! differently.
//!
//! ## Which calls can fail
//!
//! The trait calls return [`Result`] everywhere, so generic code handles one
//! shape. A type's own (inherent) calls of the same name return a plain value
//! exactly when nothing can go wrong: a closed form on any valid position
//! (`Nim::outcome`, `Wythoff::outcome`). They return `Result` when the call
//! may refuse: an invalid position (`Euclid` with a zero), a convention the
//! game has no solver for ([`Error::UnsupportedConvention`](crate::Error::UnsupportedConvention)),
//! a table over the memory budget, or a search over its work cap.
//!
//! ## Defining a game
//!
//! A new game is defined by the family's definition trait:
//! [`ImpartialGame`](crate::impartial::ImpartialGame) (options of a position,
//! through a stoppable callback) or [`ScoringGame`](crate::scoring::ScoringGame)
//! (moves and the points they score). The generic solvers turn a definition
//! into a game that answers these traits: `GrundySolver::new(game)` (normal
//! and misère play), `Negamax::new(game)`; the retrograde solver takes any
//! [`ImpartialGame`](crate::impartial::ImpartialGame) through
//! [`solve_impartial_sum`](crate::retrograde::solve_impartial_sum), and any
//! game given by its successors through
//! [`Retrograde`](crate::retrograde::Retrograde), cycles and draws included.
//!
//! # Example
//! ```
//! use stonegame::prelude::*;
//!
//! /// One generic function answers every impartial game.
//! fn first_player_wins<G: SolveAt>(game: &mut G, position: &G::Position) -> Result<bool> {
//!     Ok(game.outcome(position)? == Outcome::First)
//! }
//!
//! assert!(first_player_wins(&mut Nim::new(), &[3, 4, 5][..])?);
//! assert!(!first_player_wins(&mut Wythoff::new(), &[3, 5])?);
//! let mut misere = Subtraction::new(SubtractionSet::new([1, 2])?).with_convention(Convention::Misere);
//! assert!(!first_player_wins(&mut misere, &[4][..])?);
//! # Ok::<(), stonegame::Error>(())
//! ```

use crate::{Budget, Convention, Nimber, Outcome, Result, Solution};

/// Limits set the same way on every game and solver.
///
/// Implemented by every game, every generic solver and every engine of the
/// crate (`GrundySolver`, `Negamax`, `Retrograde`, `DenseSolver`,
/// `TieredSolver`, `ImplicitSolver`, the MPI solvers, `ExactSearch`,
/// `MisereSearch`, `HeapValues`, `SequenceRun`, `AbsorbingWalk`, …). Games
/// that keep no table accept a budget too (it changes nothing), so code can
/// configure any game alike.
///
/// # Example
/// ```
/// use stonegame::prelude::*;
///
/// fn tight<G: Configure>(game: G) -> G {
///     game.with_budget(Budget::from_mebibytes(16))
/// }
/// assert_eq!(tight(Wythoff::new()).budget(), Budget::from_mebibytes(16));
/// assert_eq!(tight(Nim::new()).budget().bytes(), 16 << 20);
/// ```
pub trait Configure: Sized {
    /// The same game or solver, with its tables limited to `budget`'s memory
    /// and its searches to `budget`'s work cap.
    fn with_budget(self, budget: Budget) -> Self;

    /// The budget in force (the default, 1 GiB, unless set).
    fn budget(&self) -> Budget;
}

/// A game whose rules are fixed and whose position is passed to each call:
/// every impartial game, and the generic impartial solver.
///
/// `Position` is unsized for heap games (`[u64]`: a sum of heaps). Calls take
/// `&mut self` because some games keep tables between queries; games without
/// caches also offer `&self` calls of the same names, which are the same
/// functions (the trait calls delegate to them).
///
/// # Example
/// ```
/// use stonegame::prelude::*;
///
/// fn check<G: SolveAt>(mut game: G, position: &G::Position) -> Result<()> {
///     let outcome = game.outcome(position)?;
///     let solution = game.solve(position)?;
///     assert_eq!(solution.outcome(), outcome);
///     assert_eq!(game.winning_move(position)?.is_some(), outcome == Outcome::First);
///     Ok(())
/// }
/// check(Nim::new(), &[1, 2, 3][..])?;
/// check(Euclid::new().with_convention(Convention::Misere), &[7, 7])?;
/// check(FibonacciNim::new(), &FibonacciPosition::start(13)?)?;
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait SolveAt {
    /// A position: `[u64]` for a sum of heaps, `[u64; 2]` for Wythoff or Euclid, …
    type Position: ?Sized;
    /// A move, with a `Display` in the `I:…` form (heap moves `I:F->T`, the
    /// [conventions](crate::guide::conventions)) and a `Debug` (a
    /// [`Solution`] prints its line).
    type Move: Clone + std::fmt::Display + std::fmt::Debug;

    /// The play convention in force.
    fn convention(&self) -> Convention;

    /// The same game under `convention` (normal play by default). A game with
    /// no solver for a convention refuses every call under it with
    /// [`Error::UnsupportedConvention`](crate::Error::UnsupportedConvention).
    fn with_convention(self, convention: Convention) -> Self
    where
        Self: Sized;

    /// Who wins `position` with perfect play.
    fn outcome(&mut self, position: &Self::Position) -> Result<Outcome>;

    /// A winning move, or `None` when the player to move loses.
    fn winning_move(&mut self, position: &Self::Position) -> Result<Option<Self::Move>>;

    /// The full answer: outcome, a winning move and the winner's line.
    fn solve(&mut self, position: &Self::Position) -> Result<Solution<Outcome, Self::Move>>;
}

/// A [`SolveAt`] game with Grundy values (normal play): a sum's value is the
/// XOR of its components' values.
///
/// Implemented by the games whose default convention is normal play (the
/// rule of the [module documentation](self)); Last One, misère by default,
/// does not implement it, and the compiler says so:
///
/// ```compile_fail
/// use stonegame::prelude::*;
/// fn nimber_of<G: NimberAt>(mut game: G, position: &G::Position) -> Result<Nimber> {
///     game.nimber(position)
/// }
/// nimber_of(LastOne::new(), &[1, 2, 3][..]);
/// ```
///
/// # Example
/// ```
/// use stonegame::prelude::*;
///
/// fn nimber_of<G: NimberAt>(mut game: G, position: &G::Position) -> Result<u64> {
///     Ok(game.nimber(position)?.0)
/// }
/// assert_eq!(nimber_of(Nim::new(), &[1, 2][..])?, 3);
/// assert_eq!(nimber_of(Subtraction::new(SubtractionSet::new([1, 2])?), &[5][..])?, 2);
/// // Grundy values are a normal-play notion: misère play refuses.
/// assert!(nimber_of(Nim::new().with_convention(Convention::Misere), &[1][..]).is_err());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait NimberAt: SolveAt {
    /// The Grundy value of `position` under normal play; the game's own
    /// `nimber`, if it has one, is this same function.
    ///
    /// # Errors
    /// [`Error::UnsupportedConvention`](crate::Error::UnsupportedConvention)
    /// under misère play, where Grundy values do not add up over sums (the
    /// outcome calls answer misère play); the game's own limits (a table
    /// over the budget, a search over its work cap).
    fn nimber(&mut self, position: &Self::Position) -> Result<Nimber>;
}

/// A game that holds its own start position: a scoring game's row, a
/// Hackenbush drawing, a generic solver over a game's start.
///
/// `Value` is the score type of a scoring game (the first player's total
/// minus the second's), or [`Outcome`] for a win/lose game.
///
/// # Example
/// ```
/// use stonegame::prelude::*;
///
/// fn margin<G: Solve>(game: &G) -> Result<(G::Value, Outcome)> {
///     Ok((game.value()?, game.outcome()?))
/// }
/// assert_eq!(margin(&Ends::new(vec![4i64, 5, 3, 1, 2])?)?, (1, Outcome::First));
/// assert_eq!(margin(&Front::new(vec![1i64, 2, 3, 7], 3)?)?, (-1, Outcome::Second));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait Solve {
    /// The value type: a score, or [`Outcome`] for win/lose games; it prints
    /// with `{:?}`, as a [`Solution`] does.
    type Value: Copy + std::fmt::Debug;
    /// A move; it prints with `{:?}`, as a [`Solution`]'s line does.
    type Move: Clone + std::fmt::Debug;

    /// The value of the start position for the player to move.
    fn value(&self) -> Result<Self::Value>;

    /// Who wins with perfect play.
    fn outcome(&self) -> Result<Outcome>;

    /// The full answer: value, outcome, a best move and the whole line.
    fn solve(&self) -> Result<Solution<Self::Value, Self::Move>>;
}

/// How a game's moves run through its dense numbering of positions
/// ([`ScoringGame::dense_order`](crate::scoring::ScoringGame::dense_order),
/// [`ImpartialGame::dense_order`](crate::impartial::ImpartialGame::dense_order)).
///
/// A declared order lets the generic solvers fill their value tables
/// bottom-up in one sweep over the numbers (no recursion, no search state),
/// as a hand-written DP does; `Unordered` (the default) makes them search
/// depth-first over the same arrays with an explicit stack. The declaration
/// is checked as the sweep goes: a move against it is refused with
/// [`Error::InvalidParameter`](crate::Error::InvalidParameter), never
/// answered from an unfilled cell.
///
/// # Example
/// ```
/// use stonegame::game::MoveOrder;
///
/// // A move from (i, j) to (i + 1, j) or (i, j + 1), numbered i * w + j,
/// // always goes to a larger number.
/// let (w, i, j) = (10usize, 3usize, 4usize);
/// assert!((i + 1) * w + j > i * w + j && i * w + j + 1 > i * w + j);
/// assert_eq!(MoveOrder::default(), MoveOrder::Unordered);
/// assert_ne!(MoveOrder::ToLarger, MoveOrder::ToSmaller);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MoveOrder {
    /// Nothing is promised: the solver searches (explicit stack, the same arrays).
    #[default]
    Unordered,
    /// Every move goes to a position with a smaller number: one sweep from 0 up.
    ToSmaller,
    /// Every move goes to a position with a larger number: one sweep from the top down.
    ToLarger,
}

/// The refusal of a convention that `game` has no solver for.
pub(crate) fn unsupported(game: &'static str, convention: Convention) -> crate::Error {
    crate::Error::UnsupportedConvention {
        game,
        convention,
        supported: Convention::Normal,
    }
}

/// `Ok` under normal play; otherwise the refusal of Grundy values, which
/// add up over sums under normal play only.
pub(crate) fn require_normal(convention: Convention) -> Result<()> {
    match convention {
        Convention::Normal => Ok(()),
        Convention::Misere => Err(unsupported(
            "nimber (Grundy values add up over sums under normal play only; outcome, \
             winning_move and solve answer misère play)",
            convention,
        )),
    }
}

/// Implements [`SolveAt`] for a game whose inherent calls already have the
/// trait's names, by delegating to them. `plain` says the inherent
/// `outcome` and `winning_move` cannot fail (their answer is lifted into
/// `Ok`); `fallible` says they return `Result` already.
macro_rules! delegate_solve_at {
    ($game:ty, $position:ty, $move:ty, $kind:ident) => {
        impl $crate::game::SolveAt for $game {
            type Position = $position;
            type Move = $move;
            fn convention(&self) -> $crate::Convention {
                <$game>::convention(self)
            }
            fn with_convention(self, convention: $crate::Convention) -> Self {
                <$game>::with_convention(self, convention)
            }
            fn outcome(&mut self, position: &$position) -> $crate::Result<$crate::Outcome> {
                $crate::game::lift!($kind, <$game>::outcome(self, position))
            }
            fn winning_move(&mut self, position: &$position) -> $crate::Result<Option<$move>> {
                $crate::game::lift!($kind, <$game>::winning_move(self, position))
            }
            fn solve(
                &mut self,
                position: &$position,
            ) -> $crate::Result<$crate::Solution<$crate::Outcome, $move>> {
                <$game>::solve(self, position)
            }
        }
    };
}
pub(crate) use delegate_solve_at;

/// Implements [`NimberAt`] by delegating to the inherent `nimber`, which
/// refuses misère play itself: one function, whichever is called.
macro_rules! delegate_nimber_at {
    ($game:ty, $position:ty) => {
        impl $crate::game::NimberAt for $game {
            fn nimber(&mut self, position: &$position) -> $crate::Result<$crate::Nimber> {
                <$game>::nimber(self, position)
            }
        }
    };
}
pub(crate) use delegate_nimber_at;

/// An inherent call's answer as the trait returns it: `plain` answers are
/// lifted into `Ok`, `fallible` ones are `Result` already.
macro_rules! lift {
    (plain, $call:expr) => {
        Ok($call)
    };
    (fallible, $call:expr) => {
        $call
    };
}
pub(crate) use lift;

/// Implements [`Configure`] for a game that keeps a `budget` field and has
/// an inherent `with_budget`.
macro_rules! delegate_configure {
    ($game:ty) => {
        impl $crate::game::Configure for $game {
            fn with_budget(self, budget: $crate::Budget) -> Self {
                <$game>::with_budget(self, budget)
            }
            fn budget(&self) -> $crate::Budget {
                <$game>::budget(self)
            }
        }
    };
}
pub(crate) use delegate_configure;

/// Implements [`Configure`] for a game that keeps no table: the budget is
/// stored (so `budget()` reports it) and changes nothing else.
macro_rules! stateless_configure {
    ($game:ty) => {
        impl $crate::game::Configure for $game {
            /// The same game; it keeps no table, so the budget only is recorded.
            fn with_budget(self, budget: $crate::Budget) -> Self {
                Self { budget, ..self }
            }
            fn budget(&self) -> $crate::Budget {
                self.budget
            }
        }
    };
}
pub(crate) use stateless_configure;
