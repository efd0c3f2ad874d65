//! Counting outcome sequences: rock-paper-scissors (janken) with coins.
//!
//! A holds `a` coins, B holds `b`. Each round A wins, draws or loses, and the
//! loser pays the winner one coin. Play stops as soon as a player has no coin
//! left. [`janken_count`] counts the outcome sequences that end with a
//! bankruptcy within `rounds` rounds; each such sequence is counted once, with
//! the length at which its player hit zero (sequences that never bankrupt
//! anyone are not counted). Zero coins or zero rounds give 0.
//!
//! Behind it is [`AbsorbingWalk`]: a walk on the integers with steps -1, 0, +1
//! of given multiplicities ([`StepWeights`]) between two absorbing barriers,
//! with the number of paths absorbed at each barrier at each step. Counting
//! other variants (each outcome realised by three pairs of hands, draws that
//! are impossible, …) is a matter of weights.
//!
//! Counts are generic over [`PathCount`] (`num-traits` bounds): `u64`,
//! `u128`, the modular integer [`Modular`], and `num_bigint::BigUint` with the
//! `bigint` feature. A fixed-width type that cannot hold the answer gives
//! [`Error::CountOverflow`](crate::Error::CountOverflow), never a wrong number;
//! an intermediate value overflows only if the answer itself does. For a
//! modulus known at run time use [`janken_count_modulo`].
//!
//! Time O(rounds · min(rounds, a + b)), memory O(min(rounds, a + b)).
//! Modulo a number the count is also the `rounds`-th term of a linear
//! recurrence of order `d = min(a, rounds + 1) + min(b, rounds + 1)`
//! ([`AbsorbingWalk::absorbed_series_modulo`]), found by Bostan–Mori in
//! O(d log d log rounds) for any `rounds < 2^64`; [`janken_count_modulo`]
//! picks the cheaper. The machinery is public: [`polynomial_product_modulo`],
//! [`rational_series_coefficient_modulo`] and [`linear_recurrence_term_modulo`],
//! modulo any number from 1 to `2^64 - 1`.
//!
//! # Example
//! ```
//! use stonegame::counting::{janken_count, janken_table, Modular};
//!
//! // A has 1 coin, B has 2, at most 3 rounds: L, DL, WW, DDL, WLL, DWW, WDW.
//! assert_eq!(janken_count::<u64>(1, 2, 3).unwrap(), 7);
//! // The article's program crashes here; nobody can lose 30 coins in 24 rounds.
//! assert_eq!(janken_count::<u64>(30, 30, 24).unwrap(), 0);
//! // Too big for u64: an error, not a wrapped number. Modular arithmetic never fails.
//! assert!(janken_count::<u64>(50, 50, 1000).is_err());
//! let residue: Modular<998_244_353> = janken_count(50, 50, 1000).unwrap();
//! // The article's table: coins enough for every round, A's gain after 3 rounds.
//! assert_eq!(janken_table::<u64>(3).unwrap()[2].counts, vec![1, 3, 6, 7, 6, 3, 1]);
//! # let _ = residue;
//! ```

mod ntt;
mod number;
mod recurrence;
mod strip;
mod walk;

pub use number::{Modular, PathCount};
pub use recurrence::{
    DEFAULT_SERIES_WORK, linear_recurrence_term_modulo, polynomial_product_modulo,
    rational_series_coefficient_modulo,
};
pub use walk::{
    AbsorbingWalk, Absorptions, CountingMethod, DEFAULT_WALK_WORK, Distribution, StepWeights,
};

/// The default cap of an exact (big-integer) count, in the limb updates of
/// [`AbsorbingWalk::exact_limb_updates`]: about 9 s at the 0.5–0.76 ns each
/// that `tools/work-calibration` and A = B = 5000, N = 10^4 measure (it was
/// 8·10^9 at 1.5 ns each). That worst janken instance with N <= 10^4 needs
/// 1.24 * 10^10 and must be allowed more explicitly (`--max-work` on the
/// command line).
///
/// # Example
/// ```
/// use stonegame::counting::{AbsorbingWalk, DEFAULT_EXACT_COUNT_WORK};
/// let walk = AbsorbingWalk::janken(5000, 5000);
/// assert!(walk.exact_limb_updates(10_000) > DEFAULT_EXACT_COUNT_WORK);
/// assert!(walk.exact_limb_updates(1000) < DEFAULT_EXACT_COUNT_WORK);
/// ```
pub const DEFAULT_EXACT_COUNT_WORK: u128 = 12_000_000_000;

/// The default cap of a count modulo M, in the estimated operations of
/// [`AbsorbingWalk::modulo_work`]: about 10 s of CPU at the cap. An
/// operation of the recurrence takes 0.4–0.55 ns on the project's
/// measuring machine (A = B = 4·10^5, N = 2^64 − 1: 2.1·10^9 operations in
/// 0.95 s modulo 998244353, 8.7·10^9 in 3.6 s modulo 10^9 + 7, 1.5·10^10 in
/// 8.1 s modulo 2^64 − 1), so 8–11 s at the cap (it was 5·10^9 when an
/// operation took 1.9 ns). It admits A = B = 500,000 for every N below 2^64
/// modulo any M; A = B = 600,000 modulo 2^64 − 1 needs 3.1·10^10.
///
/// # Example
/// ```
/// use stonegame::counting::{AbsorbingWalk, DEFAULT_MODULO_COUNT_WORK};
/// let walk = AbsorbingWalk::janken(500_000, 500_000);
/// assert!(walk.modulo_work(u64::MAX, u64::MAX) <= DEFAULT_MODULO_COUNT_WORK);
/// let wider = AbsorbingWalk::janken(600_000, 600_000);
/// assert!(wider.modulo_work(u64::MAX, u64::MAX) > DEFAULT_MODULO_COUNT_WORK);
/// ```
pub const DEFAULT_MODULO_COUNT_WORK: u128 = 20_000_000_000;

use crate::Result;

/// The number of outcome sequences in which A (with `a_coins`) or B (with
/// `b_coins`) runs out of coins within `rounds` rounds, each counted once at
/// the round its player hits zero.
///
/// # Errors
/// [`Error::CountOverflow`](crate::Error::CountOverflow) if the count does not
/// fit `T`; [`Error::MemoryBudgetExceeded`](crate::Error::MemoryBudgetExceeded)
/// if the row of `min(2 * rounds + 1, a_coins + b_coins - 1)` counts does not
/// fit the default budget (use [`AbsorbingWalk::with_budget`] to change it).
///
/// # Example
/// ```
/// use stonegame::counting::janken_count;
///
/// assert_eq!(janken_count::<u64>(1, 1, 1).unwrap(), 2); // A loses, or B loses
/// assert_eq!(janken_count::<u64>(5, 5, 24).unwrap(), 8_243_669_008);
/// assert_eq!(janken_count::<u64>(0, 5, 24).unwrap(), 0);
/// assert_eq!(janken_count::<u64>(5, 5, 0).unwrap(), 0);
/// ```
pub fn janken_count<T: PathCount>(a_coins: u64, b_coins: u64, rounds: u64) -> Result<T> {
    AbsorbingWalk::janken(a_coins, b_coins).total_absorbed(rounds)
}

/// [`janken_count`] modulo `modulus`, a number known at run time (for a
/// constant modulus, [`Modular`] works too), for any number of rounds: the
/// sweep or the linear recurrence, whichever is estimated cheaper (see
/// [`AbsorbingWalk::total_absorbed_modulo`]).
///
/// # Errors
/// [`Error::InvalidParameter`](crate::Error::InvalidParameter) if `modulus`
/// is 0; [`Error::MemoryBudgetExceeded`](crate::Error::MemoryBudgetExceeded)
/// and [`Error::WorkLimitWouldExceed`](crate::Error::WorkLimitWouldExceed) beyond
/// the default budget (before any work).
///
/// # Example
/// ```
/// use stonegame::counting::janken_count_modulo;
///
/// assert_eq!(janken_count_modulo(5, 5, 24, 1_000).unwrap(), 8);
/// assert!(janken_count_modulo(5, 5, 24, 0).is_err());
/// // One coin each: two sequences end in every round, 2N within N rounds.
/// let n = 1_000_000_000_000_000_000;
/// assert_eq!(janken_count_modulo(1, 1, n, 1_000_000_007).unwrap(), (2 * n as u128 % 1_000_000_007) as u64);
/// ```
pub fn janken_count_modulo(a_coins: u64, b_coins: u64, rounds: u64, modulus: u64) -> Result<u64> {
    AbsorbingWalk::janken(a_coins, b_coins).total_absorbed_modulo(rounds, modulus)
}

/// The number of sequences ending with a bankruptcy at exactly round
/// `k`, for `k` in `1..=rounds` (entry `k - 1`).
///
/// # Errors
/// As [`janken_count`]; the result also takes `rounds` counts of memory.
///
/// # Example
/// ```
/// use stonegame::counting::janken_counts_by_round;
///
/// // A has 1 coin, B has 2: L | DL, WW | DDL, WLL, DWW, WDW.
/// assert_eq!(janken_counts_by_round::<u64>(1, 2, 3).unwrap(), vec![1, 2, 4]);
/// ```
pub fn janken_counts_by_round<T: PathCount>(
    a_coins: u64,
    b_coins: u64,
    rounds: u64,
) -> Result<Vec<T>> {
    AbsorbingWalk::janken(a_coins, b_coins)
        .absorptions(rounds)?
        .per_step()
}

/// The article's table: with coins enough for every round, how many outcome
/// sequences of `k` rounds leave A with each gain `-k..=k` (row `k - 1`, for
/// `k` in `1..=rounds`). These are the trinomial coefficients, the
/// coefficients of `(1 + x + x^2)^k`.
///
/// # Errors
/// [`Error::CountOverflow`](crate::Error::CountOverflow) if an entry does not
/// fit `T`; [`Error::MemoryBudgetExceeded`](crate::Error::MemoryBudgetExceeded)
/// if the table (about `2 * rounds^2` counts) does not fit the default budget.
///
/// # Example
/// ```
/// use stonegame::counting::janken_table;
///
/// let rows = janken_table::<u32>(3).unwrap();
/// assert_eq!(rows[0].counts, vec![1, 1, 1]);
/// assert_eq!(rows[1].counts, vec![1, 2, 3, 2, 1]);
/// // The article prints 8 in the middle of this row: a typo, the 27 sequences give 7.
/// assert_eq!(rows[2].counts, vec![1, 3, 6, 7, 6, 3, 1]);
/// ```
pub fn janken_table<T: PathCount>(rounds: u64) -> Result<Vec<Distribution<T>>> {
    let unreachable = rounds.saturating_add(1);
    AbsorbingWalk::janken(unreachable, unreachable).survivor_table(rounds)
}
