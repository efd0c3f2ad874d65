//! The crate's one error type.

use thiserror::Error;

/// Everything that can go wrong when defining or solving a game.
///
/// Every message says what was wrong and which limit applies. The enum is
/// `#[non_exhaustive]`: new games bring new variants without a breaking change.
///
/// # Example
/// ```
/// use stonegame::{Error, Budget};
///
/// let budget = Budget::from_bytes(1024);
/// let err = budget.check_elements::<u64>(1_000, "interval table").unwrap_err();
/// assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));
/// assert!(err.to_string().contains("1024 bytes"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// A table or search would need more memory than the configured budget allows.
    #[error(
        "{what} needs {needed_bytes} bytes, above the memory budget of {budget_bytes} bytes \
         (raise it with Budget::from_bytes)"
    )]
    MemoryBudgetExceeded {
        /// What was being allocated.
        what: &'static str,
        /// Bytes the work would need (saturated at `u128::MAX`).
        needed_bytes: u128,
        /// The budget in force.
        budget_bytes: u128,
    },

    /// A search reached its work cap before it could answer.
    #[error("{what} stopped after {steps} steps, the work limit (raise it with Budget::with_work)")]
    WorkLimitExceeded {
        /// Which search stopped (e.g. "period search of 0.007").
        what: String,
        /// The cap that was reached.
        steps: u64,
    },

    /// The worst-case total of a game does not fit the chosen score type.
    #[error("scores may overflow {type_name}: {detail}; use a wider score type (i64 or i128)")]
    ScoreOverflow {
        /// The score type that is too narrow.
        type_name: &'static str,
        /// Which bound was exceeded.
        detail: String,
    },

    /// An input size is above a documented limit of an algorithm.
    #[error("{what} is {value}, above the limit of {limit}")]
    SizeLimitExceeded {
        /// What was measured (e.g. "number of stones for the exact solver").
        what: &'static str,
        /// The size given.
        value: u128,
        /// The documented limit.
        limit: u128,
    },

    /// Two inputs that must have the same length do not.
    #[error("{what}: lengths differ ({left} vs {right})")]
    LengthMismatch {
        /// Which inputs.
        what: &'static str,
        /// Length of the first.
        left: usize,
        /// Length of the second.
        right: usize,
    },

    /// A parameter is outside its valid range.
    #[error("invalid {name}: {reason}")]
    InvalidParameter {
        /// The parameter's name.
        name: &'static str,
        /// Why it is invalid.
        reason: String,
    },

    /// The game has no solver for the play convention asked for (every game
    /// answers normal play; a few have no misère analysis).
    #[error("{game}: no {convention} play solver in this crate (supported: {supported} play)")]
    UnsupportedConvention {
        /// The game asked about.
        game: &'static str,
        /// The convention asked for.
        convention: crate::Convention,
        /// The convention the game does support.
        supported: crate::Convention,
    },

    // --- counting ---
    /// A count does not fit the chosen fixed-width number type.
    #[error(
        "the count does not fit {type_name} (exceeded at step {step}); use a wider type, \
         a big integer (num_bigint::BigUint) or count modulo a number"
    )]
    CountOverflow {
        /// The number type that is too narrow.
        type_name: &'static str,
        /// The step (round) being counted when a value first exceeded the type.
        step: u64,
    },

    // --- impartial ---
    /// A heap is beyond the Grundy table the memory budget allows, and no period
    /// of the sequence was found within that table to answer it.
    #[error(
        "heap {heap} needs a Grundy table beyond the {searched} values the memory budget allows, \
         and no period was found within them (raise it with Budget::from_bytes)"
    )]
    NoPeriodWithinBudget {
        /// The heap that was asked for.
        heap: u64,
        /// How many values were computed (and searched for a period) before giving up.
        searched: u64,
    },

    /// A generic solver met a position again while still computing it: the game
    /// is not finite (it has a cycle), so Grundy values and outcomes do not exist.
    #[error("the game is not finite: a position is reachable from itself ({detail})")]
    CyclicGame {
        /// Where the cycle was found.
        detail: String,
    },

    // --- distributed ---
    /// Another process of a distributed computation (an MPI rank) stopped
    /// with an error; every rank stops together, and the failing rank
    /// returns its own error, which says why.
    #[error("rank {rank} of the distributed computation failed (its own error says why)")]
    RankFailed {
        /// The failing rank (the highest one, if several failed).
        rank: u32,
    },
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
