//! Everything an everyday user needs, in one `use`: every game, the generic
//! solvers of each family, the crate-wide traits ([`Configure`], [`Solve`],
//! [`SolveAt`], [`NimberAt`]) and the shared vocabulary.
//!
//! ```
//! use stonegame::prelude::*;
//!
//! let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
//! assert_eq!(game.outcome(), Outcome::First);
//! # Ok::<(), stonegame::Error>(())
//! ```

pub use crate::game::{Configure, MoveOrder, NimberAt, Solve, SolveAt};
pub use crate::impartial::boxes::{BallBox, Boxes};
pub use crate::impartial::euclid::Euclid;
pub use crate::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
pub use crate::impartial::grundy::{GrundySolver, OutcomeSolver};
pub use crate::impartial::hackenbush::GreenHackenbush;
pub use crate::impartial::moore::Moore;
pub use crate::impartial::nim::Nim;
pub use crate::impartial::octal::{LastOne, OctalCode, OctalGame, TakeAndBreak};
pub use crate::impartial::staircase::Staircase;
pub use crate::impartial::subtraction::{Subtraction, SubtractionRule, SubtractionSet};
pub use crate::impartial::wythoff::Wythoff;
pub use crate::impartial::{FnGame, HeapMove, ImpartialGame};
pub use crate::retrograde::{
    DenseSolver, FnImplicitGame, Graph, ImplicitGame, ImplicitSolver, Label, Retrograde,
    TierDatabase, TieredGame, TieredSolver, Value,
};
pub use crate::scoring::{
    End, Ends, EndsRemainder, Front, FrontDoubling, Negamax, ScoringGame, StoneMerge, StoneMod3,
    StoneSplit, Valuations,
};
pub use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};
