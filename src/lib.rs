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
//! | [`counting`] | rock-paper-scissors with coins: [`counting::janken_count`]; weighted walks between absorbing barriers: [`counting::AbsorbingWalk`] |
//! | [`impartial::games::nim`], [`impartial::games::subtraction`], [`impartial::games::boxes`] | Nim, subtraction games (AtCoder DP K, heaps to 10^18 by exact period, subtract-a-square), boxes with a bound per take; normal and misère; winning moves |
//! | [`impartial::grundy::GrundySolver`], [`impartial::misere::ExactSearch`], [`impartial::periodic`] | any impartial game: Grundy values, exact outcome of sums under either convention, exact periods |
//! | [`impartial::octal`] | take-and-break games (Kayles, Dawson's Kayles, octal codes, Grundy's game, Last One): [`impartial::octal::grundy_sequence`], [`impartial::octal::find_period_certificate`], [`impartial::octal::HeapValues`], [`impartial::octal::misere_outcome`], [`impartial::octal::last_one_outcome`] |
//! | [`retrograde`] | any finite game, cycles included: win/lose/draw with remoteness and best move ([`retrograde::solve`] for a successor closure, [`retrograde::Graph`] for numbered positions) |
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

pub mod counting;
pub mod impartial;
pub mod retrograde;
pub mod scoring;

pub use budget::MemoryBudget;
pub use error::{Error, Result};
pub use outcome::{Convention, Nimber, Outcome};

/// Re-exported so users can name the numeric bounds of generic solvers.
pub use num_traits;
