//! # stonegame
//!
//! Exact, fast solvers for two-player perfect-information games: the stone
//! games of LeetCode's series and AtCoder's DP contest, impartial games (Nim,
//! subtraction and octal games, misère play), any finite game by retrograde
//! analysis, and counting outcome sequences.
//!
//! ## One shape for every answer
//!
//! `use stonegame::prelude::*;` brings every everyday type into scope. Every
//! game answers the same way (the whole contract is in the [conventions](guide::conventions)):
//!
//! - a **scoring game is its row**: `Game::new(row)?`, then the cheap
//!   `value()` (first player's total minus the second's) and `outcome()`, and
//!   `solve()?`, a [`Solution`] with the value, the outcome, a best first move
//!   and the whole optimal line;
//! - an **impartial game is its rule set**, and a position is passed to each
//!   call: `outcome(&heaps)`, `nimber(&heaps)` (normal play) and
//!   `solve(&heaps)?`, a [`Solution`] whose best move is a winning move;
//! - limits are set the same way everywhere: `.with_budget(Budget)` (memory
//!   for tables, a work cap for searches) and, for impartial games,
//!   `.with_convention(Convention::Misere)`.
//!
//! The compiler holds every game to this: the traits of [`game`]
//! ([`Configure`](game::Configure), [`Solve`](game::Solve),
//! [`SolveAt`](game::SolveAt), [`NimberAt`](game::NimberAt)) are implemented
//! by every built-in game, so one generic function takes any of them. A new
//! game is defined by its moves ([`impartial::ImpartialGame`],
//! [`impartial::FnGame`], [`scoring::ScoringGame`], or a successor closure)
//! and solved by the family's generic solver.
//!
//! ## Which type for which game
//!
//! | your game | where you meet it | call |
//! |---|---|---|
//! | take the stone at either end, score it | LeetCode 877, AtCoder EDPC L "Deque" | [`scoring::Ends`] |
//! | take either end, score the stones that remain | LeetCode 1690 | [`scoring::EndsRemainder`] |
//! | take 1..=k stones from the front | LeetCode 1406 (k = 3) | [`scoring::Front`] |
//! | take up to 2M stones from the front | LeetCode 1140 | [`scoring::FrontDoubling`] |
//! | each player values the stones differently | LeetCode 1686 | [`scoring::Valuations`] |
//! | split the row, the heavier part is thrown away, score the kept part | LeetCode 1563 | [`scoring::StoneSplit`] |
//! | take the x > 1 leftmost stones, score them, put their sum back | LeetCode 1872 | [`scoring::StoneMerge`] |
//! | remove one stone; making the removed sum divisible by 3 loses | LeetCode 2029 | [`scoring::StoneMod3`] |
//! | any scoring game you define | AtCoder ABC 201 D, UVa 10891 "Game of Sum" (`examples/abc201_d.rs`, `examples/uva10891.rs`) | implement [`scoring::ScoringGame`]; number the positions so every move goes to a smaller (or larger) number and declare it ([`game::MoveOrder`]) for a bottom-up table at hand-DP speed; solve with [`scoring::Negamax`] |
//! | Nim, normal or misère | | [`impartial::Nim`] |
//! | a subtraction game with a move set, heaps up to 10^18 | AtCoder EDPC K "Stones" | [`impartial::Subtraction`] over a [`impartial::SubtractionSet`] |
//! | subtract a square, or any move rule | LeetCode 1510 | [`impartial::SubtractionRule`] |
//! | take 1..=a_i balls from one of n boxes | the classic "take at most a" puzzle | [`impartial::Boxes`] |
//! | replace a number by a proper divisor | AtCoder ABC 368 F | [`impartial::Nim`] on prime-factor counts (`examples/abc368_f.rs`) |
//! | Wythoff's game, normal or misère | OEIS A000201 / A001950 | [`impartial::Wythoff`] |
//! | Moore's Nim_k: take from up to k heaps | | [`impartial::Moore`] |
//! | staircase Nim, normal or misère | | [`impartial::Staircase`] |
//! | Fibonacci Nim: take at most twice the previous take | | [`impartial::FibonacciNim`] |
//! | Euclid's game, normal or misère | | [`impartial::Euclid`] |
//! | nim multiplication in the field of 2^64 nimbers | Library Checker "Nim Product (64-bit)" | [`impartial::nim_field::product`], [`impartial::nim_field::inverse`] |
//! | Green Hackenbush on any graph rooted at the ground | Winning Ways | [`impartial::GreenHackenbush`] |
//! | arithmetic-periodic take-and-break games, Lasker's Nim | | [`impartial::OctalGame`]; [`impartial::octal::arithmetic_period`] |
//! | misère Kayles and other wild misère octal games | Plambeck and Siegel | [`impartial::OctalGame`] with `Convention::Misere`; [`impartial::octal::MisereQuotient`] |
//! | octal games: Kayles, Dawson's Kayles, Grundy's game | | [`impartial::OctalGame`] over a [`impartial::TakeAndBreak`] |
//! | Last One: rows of sticks, last stick loses | *Clubhouse Games* (Nintendo DS) | [`impartial::LastOne`] |
//! | Grundy sequences and their periods | OEIS | [`impartial::octal::grundy_sequence`], [`impartial::octal::find_period_certificate`], [`impartial::periodic`] |
//! | any impartial game you define | POJ 2311 "Cutting Game" (`examples/poj2311.rs`) | implement [`impartial::ImpartialGame`] (numbered with a declared [`game::MoveOrder`] for a bottom-up Grundy table; or [`impartial::FnGame`], `FnGame::from_successors`); solve with [`impartial::GrundySolver`] (normal and misère play) |
//! | any finite game, cycles, ties and draws included | chess-like endgames, games on a graph | [`retrograde::solve`] / [`retrograde::Retrograde`] (closures; `with_canonical` for symmetry, `solve_from` for a [`Solution`]), [`retrograde::Graph`] + [`retrograde::DenseSolver`] (numbered positions) |
//! | any finite game on numbered positions whose moves and predecessors you can list, too many moves to store | Codeforces 786A "Berzerk" (`examples/cf786a.rs`) | implement [`retrograde::ImplicitGame`] (or closures: [`retrograde::ImplicitSolver::from_fns`]), solve with [`retrograde::ImplicitSolver`] (9 bytes a position, no move stored) |
//! | a game too big for memory, split into tiers | | [`retrograde::TieredSolver`] → [`retrograde::TierDatabase`] |
//! | rock-paper-scissors with coins: count bankrupting sequences | a CodeIQ puzzle | [`counting::janken_count`], [`counting::AbsorbingWalk`] |
//!
//! The [guide] (the `docs/` directory) explains the theory and algorithms behind each row;
//! the `stonegame` binary (feature `cli`) answers the same questions from the
//! command line, and `tools/bundle` turns a program using the crate into one
//! file a contest judge accepts.
//!
//! ## In an application
//!
//! - **Cancel and progress**: give a solve a [`control::Control`] through its
//!   budget ([`Budget::with_control`]); [`Control::cancel`](control::Control::cancel)
//!   from any thread makes it return [`Error::Cancelled`], and a callback
//!   sees its progress ([`control::Progress`]). The pattern, with a worker
//!   thread, is in the conventions' "Stopping a solve and watching it
//!   advance" ([`guide::conventions`]).
//! - **Games chosen at run time**: the object-safe twins
//!   [`scoring::DynScoringGame`] and [`impartial::DynImpartialGame`] keep
//!   games of one family and the same position types in one `Vec`; the
//!   conventions' "Games chosen at run time" mixes any games in one list.
//! - **Threads**: every public game, solver and table is `Send + Sync`, and
//!   a [`Budget`] is `Copy`.
//! - **Your own DP variant** of a scoring game beside the crate's:
//!   [`scoring::DpSolver`] in a [`scoring::DpLineup`] (the [benchmarks
//!   guide](guide::benchmarks), "Your own variant beside them").
//! - **Errors** are one [`Error`] enum; each message says what was wrong and,
//!   for a refusal, which limit and how to raise it.
//!
//! ## Features
//!
//! - `bigint`: exact counts of any size with `num_bigint::BigUint`.
//! - `cli`: the `stonegame` command-line program (brings `clap` and `bigint`).
//! - `parallel`: backward induction on every core for [`retrograde::DenseSolver`] (rayon).
//! - `serde`: serialisation of values, labels, counts and analyses, and of
//!   [`Outcome`], [`Convention`], [`Nimber`] and [`Budget`].
//!
//! # Examples
//! ```
//! use stonegame::prelude::*;
//!
//! // LeetCode 877: stones 4 5 3 1 2, take either end; the first player ends 8 to 7.
//! let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
//! assert_eq!(game.value(), 1);
//! assert_eq!(game.outcome(), Outcome::First);
//! let solution = game.solve()?;
//! assert_eq!(solution.line().len(), 5);
//!
//! // Nim heaps 3, 4, 5: XOR is 2, the first player wins, in misère play too.
//! let nim = Nim::new();
//! assert_eq!(nim.outcome(&[3, 4, 5]), Outcome::First);
//! assert_eq!(nim.with_convention(Convention::Misere).outcome(&[3, 4, 5]), Outcome::First);
//! assert_eq!(nim.solve(&[3, 4, 5])?.best_move().unwrap().to_string(), "1:3->1");
//!
//! // AtCoder EDPC K: moves {2, 3}; G has period 5 and 10^18 is 0 mod 5, a loss.
//! let mut game = Subtraction::new(SubtractionSet::new([2, 3])?);
//! assert_eq!(game.outcome(&[1_000_000_000_000_000_000])?, Outcome::Second);
//! # Ok::<(), stonegame::Error>(())
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]
// `unsafe` is denied everywhere but `scoring::dispatch`, which calls the
// AVX2/AVX-512 builds of a DP kernel after checking the CPU has them.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod budget;
pub mod control;
mod error;
mod into_vec;
mod outcome;
pub mod prelude;
mod solution;
mod verify;

pub mod counting;
pub mod game;
pub mod impartial;
pub mod retrograde;
pub mod scoring;

/// The rustdoc targets of the guide pages' link labels (see src/guide.rs).
#[cfg(any(doc, doctest))]
macro_rules! link_definitions {
    () => {
        concat!(
            "[README.md]: crate::guide\n",
            "[conventions.md]: crate::guide::conventions\n",
            "[scoring.md]: crate::guide::scoring\n",
            "[stone-series.md]: crate::guide::stone_series\n",
            "[benchmarks.md]: crate::guide::benchmarks\n",
            "[impartial.md]: crate::guide::impartial\n",
            "[classic.md]: crate::guide::classic\n",
            "[hackenbush.md]: crate::guide::hackenbush\n",
            "[octal.md]: crate::guide::octal\n",
            "[octal-arithmetic.md]: crate::guide::octal_arithmetic\n",
            "[misere-quotients.md]: crate::guide::misere_quotients\n",
            "[octal-frontier.md]: crate::guide::octal_frontier\n",
            "[retrograde.md]: crate::guide::retrograde\n",
            "[counting.md]: crate::guide::counting\n",
            "[contest.md]: crate::guide::contest\n",
        )
    };
}
#[cfg(any(doc, doctest))]
pub mod guide;

pub use budget::Budget;
pub use error::{Error, IoError, Result};
pub use into_vec::IntoVec;
pub use outcome::{Convention, Nimber, Outcome};
pub use solution::Solution;

/// Re-exported so users can name the numeric bounds of generic solvers.
pub use num_traits;
