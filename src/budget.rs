//! Budgets: how much memory a solver may allocate and how much work a search may do.
//!
//! Every table is sized up front and refused if it would not fit; every search
//! that can run long counts its steps and stops at the work cap.

#[cfg(not(stonegame_bundle))]
use std::num::NonZeroU64;

use crate::{Error, Result};

/// The identity of a [`Control`](crate::control::Control) that a [`Budget`]
/// carries (a budget stays `Copy`): the budget names the control, and a
/// solve looks it up once.
#[cfg(not(stonegame_bundle))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ControlId(pub(crate) NonZeroU64);

/// A bundle for a judge has no controls: its budgets name none (fewer bytes).
#[cfg(stonegame_bundle)]
pub(crate) type ControlId = ();

/// The limits a solver works within: memory for its tables, and work for its searches.
///
/// Solvers compute the size of their tables before allocating and return
/// [`Error::MemoryBudgetExceeded`] instead of aborting the process. The
/// default is [`Budget::DEFAULT_BYTES`] (1 GiB); in a program bundled for a
/// judge with `tools/bundle` it is [`Budget::CONTEST_BYTES`] (128 MiB).
///
/// Searches that can run long (period hunts, exact misère search, …) count
/// their elementary steps and return [`Error::WorkLimitExceeded`] at the work
/// cap; a computation whose work is known before it starts is refused
/// before any of it with [`Error::WorkLimitWouldExceed`] (how many steps it
/// would need). By default each search uses its own documented cap, chosen so that it
/// answers or refuses within about ten seconds; [`Budget::with_work`] sets one
/// cap for every search.
///
/// A step is meant to cost about the same everywhere: a nanosecond or so
/// of CPU on the reference machine, so `with_work(1_000_000)` answers or
/// refuses within a few milliseconds and the default caps (10^10 steps, or
/// fewer where a step runs slower) within about ten seconds. Measured
/// (release, one thread): the octal sequence 0.4–1.8 ns a step (a removal
/// listed, a rare pair, eight pairs of a lazy scan, four pairs marked one by
/// one; default 6·10^9), the ends-remainder sweep about 1 ns (three cells,
/// or one `i128` cell); the exact misère search
/// of take-and-break games charges 48 steps an option and 8 a heap it
/// leaves, about as much a step as Grundy's game's sequence; the misère
/// quotient construction charges 6 steps a product or comparison and the
/// misère search of subtraction games 64 an option and 16 a component
/// (0.3–1.4 ns a step, default 10^10 each). The retrograde
/// engines charge 16 steps a position, move or predecessor read from their
/// tables and 20 a position or move a hashed exploration lists: 1.0–2.4 ns
/// a step from 10^6 to 3·10^7 positions; an implicit game's listings are
/// charged 1 a move counted, 4 a move or predecessor listed and 8 a listing
/// (default cap 2·10^10 steps, refused after 7–14 s), a tiered game's 2 a
/// position or move. `GrundySolver` charges 10 steps an option component
/// hashed, 5 searched, 1 swept (plus 2 a number, before the sweep starts;
/// default 10^10, about ten seconds on every path). The
/// generic negamax weighs each way of solving (`scoring::SWEEP_STEPS_PER_MOVE`
/// and the rest: 2 steps a move of the sweep, 30 of the hashed search;
/// default 10^10, a game ten times over it refused after 8 s).
/// `tools/work-calibration` measures every CLI family (the conventions
/// guide, [Calibration](crate::guide::conventions#calibration-what-a-step-of-work-costs)).
///
/// Every game and solver takes its budget the same way: `.with_budget(budget)`.
///
/// # Example
/// ```
/// use stonegame::Budget;
///
/// let budget = Budget::from_mebibytes(64);
/// assert_eq!(budget.bytes(), 64 << 20);
/// assert!(budget.check_elements::<i64>(1 << 20, "row").is_ok());
/// assert!(budget.check_elements::<i64>(1 << 30, "row").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Budget {
    bytes: u128,
    work: Option<u64>,
    /// The control a solve under this budget watches (a budget names it,
    /// so it stays `Copy`); never serialised, as a control lives in one process.
    #[cfg_attr(feature = "serde", serde(skip))]
    control: Option<ControlId>,
}

impl Budget {
    /// The default budget: 1 GiB.
    pub const DEFAULT_BYTES: u128 = 1 << 30;

    /// The default budget of a program bundled for a judge with `tools/bundle`:
    /// 128 MiB. Tables are charged with room to grow, so the process stays
    /// well inside the common 256 MiB limit (Codeforces, AtCoder's older
    /// problems, LeetCode); a program sets another with `.with_budget(…)`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::CONTEST_BYTES, 128 << 20);
    /// ```
    pub const CONTEST_BYTES: u128 = 128 << 20;

    /// A budget of `bytes` bytes.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::from_bytes(10).bytes(), 10);
    /// ```
    pub const fn from_bytes(bytes: u128) -> Self {
        Self {
            bytes,
            work: None,
            control: None,
        }
    }

    /// A budget of `mebibytes` MiB.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::from_mebibytes(1).bytes(), 1 << 20);
    /// ```
    pub const fn from_mebibytes(mebibytes: u64) -> Self {
        Self {
            bytes: (mebibytes as u128) << 20,
            work: None,
            control: None,
        }
    }

    /// No limit at all (use with care: an oversized input then aborts the process).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::unlimited().bytes(), u128::MAX);
    /// ```
    pub const fn unlimited() -> Self {
        Self {
            bytes: u128::MAX,
            work: Some(u64::MAX),
            control: None,
        }
    }

    /// The same memory budget with one work cap for every search: at most
    /// `steps` elementary steps (moves tried, values computed) per query.
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// let budget = Budget::default().with_work(1_000_000);
    /// assert_eq!(budget.work(), Some(1_000_000));
    /// assert_eq!(budget.work_or(50), 1_000_000);
    /// assert_eq!(Budget::default().work_or(50), 50);
    /// ```
    pub const fn with_work(self, steps: u64) -> Self {
        Self {
            work: Some(steps),
            ..self
        }
    }

    /// The same budget with no control.
    ///
    /// # Example
    /// ```
    /// use stonegame::{control::Control, Budget};
    /// let budget = Budget::default().with_control(&Control::new());
    /// assert_eq!(budget.without_control(), Budget::default());
    /// ```
    pub const fn without_control(self) -> Self {
        Self {
            control: None,
            ..self
        }
    }

    /// The control this budget names, if any.
    pub(crate) const fn control_id(self) -> Option<ControlId> {
        self.control
    }

    /// The same budget naming the control `id` (see [`crate::control`]).
    #[cfg(not(stonegame_bundle))]
    pub(crate) const fn with_control_id(self, id: ControlId) -> Self {
        Self {
            control: Some(id),
            ..self
        }
    }

    /// The work cap set with [`Budget::with_work`], if any.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::default().work(), None);
    /// ```
    pub const fn work(self) -> Option<u64> {
        self.work
    }

    /// The work cap of a search whose own default is `default_steps`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::default().work_or(7), 7);
    /// ```
    pub const fn work_or(self, default_steps: u64) -> u64 {
        match self.work {
            Some(steps) => steps,
            None => default_steps,
        }
    }

    /// The budget in bytes.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Budget::default().bytes(), 1 << 30);
    /// ```
    pub const fn bytes(self) -> u128 {
        self.bytes
    }

    /// Checks that `needed_bytes` fit; `what` names the allocation in the error.
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// assert!(Budget::from_bytes(100).check_bytes(100, "table").is_ok());
    /// assert!(Budget::from_bytes(100).check_bytes(101, "table").is_err());
    /// ```
    pub fn check_bytes(self, needed_bytes: u128, what: &'static str) -> Result<()> {
        if needed_bytes <= self.bytes {
            Ok(())
        } else {
            Err(Error::MemoryBudgetExceeded {
                what,
                needed_bytes,
                budget_bytes: self.bytes,
            })
        }
    }

    /// Checks that `count` values of type `T` fit (the size saturates, so huge
    /// counts are refused rather than wrapping).
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// let budget = Budget::from_bytes(80);
    /// assert!(budget.check_elements::<u64>(10, "table").is_ok());
    /// assert!(budget.check_elements::<u64>(11, "table").is_err());
    /// ```
    pub fn check_elements<T>(self, count: u128, what: &'static str) -> Result<()> {
        let size = std::mem::size_of::<T>() as u128;
        self.check_bytes(count.saturating_mul(size), what)
    }
}

impl Default for Budget {
    /// [`Budget::DEFAULT_BYTES`]; in a program bundled for a judge by
    /// `tools/bundle`, [`Budget::CONTEST_BYTES`].
    fn default() -> Self {
        Self::from_bytes(default_bytes())
    }
}

/// The default memory budget of a Cargo build.
#[cfg(not(stonegame_bundle))]
const fn default_bytes() -> u128 {
    Budget::DEFAULT_BYTES
}

/// The default memory budget of a bundle (`tools/bundle` turns
/// `cfg(stonegame_bundle)` on and drops `cfg(not(stonegame_bundle))`).
#[cfg(stonegame_bundle)]
const fn default_bytes() -> u128 {
    Budget::CONTEST_BYTES
}

/// Reserves room for `additional` more elements of `vec`, turning a refusal
/// of the allocator (the process's address-space limit, say) into
/// [`Error::MemoryBudgetExceeded`] instead of an abort.
pub(crate) fn try_reserve<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
    budget: Budget,
) -> Result<()> {
    vec.try_reserve(additional).map_err(|_| {
        allocation_refused(
            vec.len(),
            additional,
            std::mem::size_of::<T>(),
            what,
            budget,
        )
    })
}

/// The error for an allocation of `len + additional` elements of `size`
/// bytes that the allocator refused: over the budget when it is, else the
/// system's refusal ([`Error::AllocationRefused`]).
pub(crate) fn allocation_refused(
    len: usize,
    additional: usize,
    size: usize,
    what: &'static str,
    budget: Budget,
) -> Error {
    let bytes = (len as u128 + additional as u128).saturating_mul(size as u128);
    match budget.check_bytes(bytes, what) {
        Err(over) => over,
        Ok(()) => Error::AllocationRefused { what, bytes },
    }
}

/// The error for `needed_bytes` of `what` refused: over the budget when they
/// are, else the allocator's own refusal ([`Error::AllocationRefused`]), so a
/// process limit below the budget is never blamed on the budget.
pub(crate) fn bytes_refused(what: &'static str, needed_bytes: u128, budget: Budget) -> Error {
    match budget.check_bytes(needed_bytes, what) {
        Err(over) => over,
        Ok(()) => Error::AllocationRefused {
            what,
            bytes: needed_bytes,
        },
    }
}

/// `len` copies of `value` in a vector sized against `budget` first, then
/// allocated fallibly: a refusal of the allocator (a process memory limit
/// below the budget) is [`Error::AllocationRefused`], never an abort.
pub(crate) fn filled_vec<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
    budget: Budget,
) -> Result<Vec<T>> {
    budget.check_elements::<T>(len as u128, what)?;
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| allocation_refused(0, len, std::mem::size_of::<T>(), what, budget))?;
    vec.resize(len, value);
    Ok(vec)
}

/// An empty vector with room for `capacity` elements, checked against
/// `budget` and allocated fallibly (see [`filled_vec`]).
pub(crate) fn vec_with_capacity<T>(
    capacity: usize,
    what: &'static str,
    budget: Budget,
) -> Result<Vec<T>> {
    budget.check_elements::<T>(capacity as u128, what)?;
    let mut vec = Vec::new();
    vec.try_reserve_exact(capacity)
        .map_err(|_| allocation_refused(0, capacity, std::mem::size_of::<T>(), what, budget))?;
    Ok(vec)
}

/// Charges `steps` of work known before a computation starts against the
/// work cap of `budget` (`default_steps` when none is set), refusing the
/// whole computation at once when it would not fit.
pub(crate) fn charge_up_front(
    budget: Budget,
    default_steps: u64,
    steps: u128,
    what: impl FnOnce() -> String,
) -> Result<()> {
    let cap = budget.work_or(default_steps);
    if steps <= u128::from(cap) {
        Ok(())
    } else {
        Err(Error::WorkLimitWouldExceed {
            what: what(),
            needed: steps,
            limit: cap,
        })
    }
}
