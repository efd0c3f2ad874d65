//! Memory budgets: every table is sized up front and refused if it would not fit.

use crate::{Error, Result};

/// An upper bound on the memory a solver may allocate for its tables.
///
/// Solvers compute the size of their tables before allocating and return
/// [`Error::MemoryBudgetExceeded`] instead of aborting the process. The
/// default is [`MemoryBudget::DEFAULT_BYTES`] (1 GiB).
///
/// # Example
/// ```
/// use stonegame::MemoryBudget;
///
/// let budget = MemoryBudget::from_mebibytes(64);
/// assert_eq!(budget.bytes(), 64 << 20);
/// assert!(budget.check_elements::<i64>(1 << 20, "row").is_ok());
/// assert!(budget.check_elements::<i64>(1 << 30, "row").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemoryBudget {
    bytes: u128,
}

impl MemoryBudget {
    /// The default budget: 1 GiB.
    pub const DEFAULT_BYTES: u128 = 1 << 30;

    /// A budget of `bytes` bytes.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::MemoryBudget::from_bytes(10).bytes(), 10);
    /// ```
    pub const fn from_bytes(bytes: u128) -> Self {
        Self { bytes }
    }

    /// A budget of `mebibytes` MiB.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::MemoryBudget::from_mebibytes(1).bytes(), 1 << 20);
    /// ```
    pub const fn from_mebibytes(mebibytes: u64) -> Self {
        Self {
            bytes: (mebibytes as u128) << 20,
        }
    }

    /// No limit at all (use with care: an oversized input then aborts the process).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::MemoryBudget::unlimited().bytes(), u128::MAX);
    /// ```
    pub const fn unlimited() -> Self {
        Self { bytes: u128::MAX }
    }

    /// The budget in bytes.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::MemoryBudget::default().bytes(), 1 << 30);
    /// ```
    pub const fn bytes(self) -> u128 {
        self.bytes
    }

    /// Checks that `needed_bytes` fit; `what` names the allocation in the error.
    ///
    /// # Example
    /// ```
    /// use stonegame::MemoryBudget;
    /// assert!(MemoryBudget::from_bytes(100).check_bytes(100, "table").is_ok());
    /// assert!(MemoryBudget::from_bytes(100).check_bytes(101, "table").is_err());
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
    /// use stonegame::MemoryBudget;
    /// let budget = MemoryBudget::from_bytes(80);
    /// assert!(budget.check_elements::<u64>(10, "table").is_ok());
    /// assert!(budget.check_elements::<u64>(11, "table").is_err());
    /// ```
    pub fn check_elements<T>(self, count: u128, what: &'static str) -> Result<()> {
        let size = std::mem::size_of::<T>() as u128;
        self.check_bytes(count.saturating_mul(size), what)
    }
}

impl Default for MemoryBudget {
    fn default() -> Self {
        Self::from_bytes(Self::DEFAULT_BYTES)
    }
}
