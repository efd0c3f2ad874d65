//! # stonegame
//!
//! Exact, fast solvers for two-player perfect-information games.
//!
//! The crate is organised by family of games; in each, game definitions are
//! separate from solvers, and every bottom-up fast path is tested against a
//! simple generic reference.
//!
//! | module | games |
//! |---|---|
//! | [`impartial`] | both players have the same moves: Grundy values, sums, Nim |
//! | [`scoring`] | each move scores points: [`scoring::Ends`] (take either end), [`scoring::EndsRemainder`] (score what remains), [`scoring::Front`] (take 1..=k from the front), [`scoring::FrontDoubling`] (take up to 2M), [`scoring::Valuations`] (players value stones differently); any [`scoring::ScoringGame`] via [`scoring::solve`] |
//!
//! Shared vocabulary: [`Outcome`] (who wins), [`Convention`] (normal or misère
//! play), [`Nimber`] (Grundy values), [`MemoryBudget`] (every table is sized up
//! front and refused with an [`Error`] rather than aborting), and [`Error`].
//!
//! # Example
//! ```
//! use stonegame::{Nimber, Outcome};
//!
//! // Three Nim heaps 3, 4, 5: the XOR of their nimbers is 2, so the first player wins.
//! let value: Nimber = [3, 4, 5].into_iter().map(Nimber).sum();
//! assert_eq!(value.normal_outcome(), Outcome::First);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod budget;
mod error;
mod outcome;

pub mod impartial;
pub mod scoring;

pub use budget::MemoryBudget;
pub use error::{Error, Result};
pub use outcome::{Convention, Nimber, Outcome};

/// Re-exported so users can name the numeric bounds of generic solvers.
pub use num_traits;
