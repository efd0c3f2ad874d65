//! # stonegame
//!
//! Exact, fast solvers for two-player perfect-information games.
//!
//! The crate is organised by family of games; in each, game definitions are
//! separate from solvers, and every bottom-up fast path is tested against a
//! simple generic reference.
//!
//! ## Which function for which game
//!
//! | your game | call | seed / contest |
//! |---|---|---|
//! | take the stone at either end, score it | [`scoring::Ends`] (`difference`, `totals`, `table` for moves, `colouring_strategy`) | `000` Game 1, LeetCode 877 |
//! | take either end, score what remains | [`scoring::EndsRemainder`] | `000` Game 2, LeetCode 1690 |
//! | take 1..=k from the front | [`scoring::Front`] (O(n) for any k) | `000` Game 3, LeetCode 1406 |
//! | take up to 2M from the front | [`scoring::FrontDoubling`] | `000` Game 4, LeetCode 1140 |
//! | players value the stones differently | [`scoring::Valuations`] (`greedy`, `exact` reference) | `000` Game 5, LeetCode 1686 |
//! | any other scoring game | implement [`scoring::ScoringGame`], call [`scoring::solve`] | |
//! | Nim, normal or misère | [`impartial::nim::outcome`], [`impartial::nim::winning_move`] | `001`, `004` |
//! | subtraction game with a move set, heaps up to 10^18 | [`impartial::subtraction::SubtractionSolver`] | `004`, AtCoder DP K (`examples/dp_k.rs`) |
//! | subtract-a-square or any move rule | [`impartial::subtraction::SubtractionRule`] | LeetCode 1510 |
//! | boxes: take 1..=a_i from one box, last ball wins or loses | [`impartial::boxes::outcome`], [`impartial::boxes::winning_move`] | `003` Rem-W(n), Rem-L(n) |
//! | octal games, Kayles, Dawson's Kayles, Grundy's game | [`impartial::octal::TakeAndBreak`] with [`impartial::octal::HeapValues`] (normal), [`impartial::octal::misere_outcome`] (misère) | `001` |
//! | Last One (rows of sticks, last stick loses) | [`impartial::octal::last_one_outcome`], [`impartial::octal::last_one_winning_move`] | `001` |
//! | Grundy sequences and periods | [`impartial::octal::grundy_sequence`], [`impartial::octal::find_period_certificate`], [`impartial::periodic`] | `001`, `004` |
//! | any impartial game you define | implement [`impartial::ImpartialGame`] (or use [`impartial::FnGame`]); [`impartial::grundy::GrundySolver`], [`impartial::sum`], [`impartial::misere::ExactSearch`] | |
//! | any finite game, cycles and draws included | [`retrograde::solve`] (closures), [`retrograde::Graph`] + [`retrograde::DenseSolver`] (numbered positions) | `001` (後退解析) |
//! | rock-paper-scissors with coins: count bankrupting sequences | [`counting::janken_count`], [`counting::janken_count_modulo`]; the general walk: [`counting::AbsorbingWalk`] | `002` |
//!
//! The guide in `docs/` explains the theory and algorithms
//! behind each row; the `stonegame` binary (feature `cli`) answers the same
//! questions from the command line.
//!
//! ## Features
//!
//! - `bigint`: exact counts of any size with `num_bigint::BigUint`.
//! - `cli`: the `stonegame` command-line program (brings `clap` and `bigint`).
//!
//! Shared vocabulary: [`Outcome`] (who wins), [`Convention`] (normal or misère
//! play), [`Nimber`] (Grundy values), [`Budget`] (every table is sized up
//! front and refused with an [`Error`] rather than aborting), and [`Error`].
//!
//! # Examples
//! ```
//! use stonegame::{Convention, Budget, Outcome};
//! use stonegame::impartial::{nim, subtraction::{SubtractionSet, SubtractionSolver}};
//! use stonegame::scoring::Ends;
//!
//! // Seed 000, Game 1: stones 4 5 3 1 2, take either end; the first player ends 8 to 7.
//! let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
//! assert_eq!(game.difference(), 1);
//! assert_eq!(game.totals(), (8, 7));
//! assert_eq!(game.outcome(), Outcome::First);
//!
//! // Nim heaps 3, 4, 5: XOR is 2, the first player wins; under misère play too.
//! assert_eq!(nim::outcome(&[3, 4, 5], Convention::Normal), Outcome::First);
//! assert_eq!(nim::outcome(&[3, 4, 5], Convention::Misere), Outcome::First);
//!
//! // Seed 004 / AtCoder DP K: moves {2, 3}; G has period 5 and 10^18 is 0 mod 5, a loss.
//! let set = SubtractionSet::new([2, 3])?;
//! let mut solver = SubtractionSolver::new(&set, Budget::default())?;
//! assert_eq!(solver.outcome(&[1_000_000_000_000_000_000], Convention::Normal)?, Outcome::Second);
//! # Ok::<(), stonegame::Error>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod budget;
mod error;
mod outcome;
pub mod prelude;
mod solution;

pub mod counting;
pub mod impartial;
pub mod retrograde;
pub mod scoring;

pub use budget::Budget;
pub use error::{Error, Result};
pub use outcome::{Convention, Nimber, Outcome};
pub use solution::Solution;

/// Re-exported so users can name the numeric bounds of generic solvers.
pub use num_traits;
