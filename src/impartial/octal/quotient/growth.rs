//! [`QuotientGrowth`]: a bounded misère quotient grown heap by heap as far as
//! its limits allow, with the heap it stopped at and why.

use super::{DEFAULT_QUOTIENT_HEAPS, DEFAULT_QUOTIENT_WORK, MisereQuotient};
use crate::impartial::octal::TakeAndBreak;
use crate::{Budget, Error, Result};

/// Why the growth of a bounded quotient stopped before its target heap.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
/// use stonegame::Budget;
/// let grown = QuotientGrowth::new(TakeAndBreak::kayles())
///     .with_budget(Budget::default().with_work(1_000))
///     .grow()?;
/// let stop = grown.stop().expect("1,000 steps do not reach a period");
/// assert_eq!(stop.heap, grown.quotient().bound() + 1);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrowthStop {
    /// The first heap the quotient could not be extended to.
    pub heap: u64,
    /// The refusal met while adding it (a work cap, the memory budget, the
    /// order limit, or classes splitting beyond what the construction handles).
    pub reason: Error,
}

/// A misère quotient of a take-and-break game grown heap by heap: the
/// quotient `Q_n` of the largest bound `n` it was verified for, and, when it
/// stopped before its target, at which heap and why. Unlike
/// [`MisereQuotient::up_to`], which returns the quotient of exactly its bound
/// or an error, this keeps what was verified: a wild game whose quotient is
/// not known to be finite (Dawson's Kayles, `0.07`) answers every sum of heaps
/// up to the last verified heap, and names the heap it could not pass.
///
/// The search stops at the target heap ([`QuotientGrowth::with_max_heap`],
/// [`DEFAULT_QUOTIENT_HEAPS`] by default) or as soon as the heap map's period
/// is proven (then every heap is covered: [`MisereQuotient::period`]). Its
/// work is capped by the budget's work cap ([`DEFAULT_QUOTIENT_WORK`] by
/// default); tables are sized against its memory budget.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
/// use stonegame::Outcome;
///
/// let dawson = QuotientGrowth::new(TakeAndBreak::dawsons_kayles())
///     .with_max_heap(26)
///     .grow()?;
/// let q = dawson.quotient();
/// assert_eq!((q.bound(), q.order()), (26, 144)); // heap 25 splits classes
/// assert_eq!(q.outcome(&[24, 24, 7, 3])?, q.outcome(&[7, 3])?); // x + x cancels here
/// assert_eq!(q.outcome(&[2])?, Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct QuotientGrowth {
    game: TakeAndBreak,
    budget: Budget,
    max_heap: u64,
    quotient: MisereQuotient,
    stop: Option<GrowthStop>,
}

impl QuotientGrowth {
    /// A growth of `game`'s quotient up to [`DEFAULT_QUOTIENT_HEAPS`] heaps
    /// within the default budget (nothing is computed until [`QuotientGrowth::grow`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let growth = QuotientGrowth::new(TakeAndBreak::kayles());
    /// assert_eq!(growth.max_heap(), stonegame::impartial::octal::DEFAULT_QUOTIENT_HEAPS);
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self {
            quotient: MisereQuotient::empty(&game),
            game,
            budget: Budget::default(),
            max_heap: DEFAULT_QUOTIENT_HEAPS,
            stop: None,
        }
    }

    /// The same growth within `budget`: its memory for the tables, its work
    /// cap (default [`DEFAULT_QUOTIENT_WORK`]) for the construction.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// use stonegame::Budget;
    /// let growth = QuotientGrowth::new(TakeAndBreak::kayles()).with_budget(Budget::from_mebibytes(64));
    /// assert_eq!(growth.budget(), Budget::from_mebibytes(64));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// assert_eq!(QuotientGrowth::new(TakeAndBreak::kayles()).budget(), Default::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same growth, stopping at heap `max_heap` at the latest.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let grown = QuotientGrowth::new(TakeAndBreak::dawsons_kayles()).with_max_heap(20).grow()?;
    /// assert_eq!(grown.quotient().bound(), 20);
    /// assert!(grown.stop().is_none());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_max_heap(self, max_heap: u64) -> Self {
        Self { max_heap, ..self }
    }

    /// The target heap.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// assert_eq!(QuotientGrowth::new(TakeAndBreak::kayles()).with_max_heap(9).max_heap(), 9);
    /// ```
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// Grows the quotient: heap by heap up to the target, or until a period
    /// of the heap map is proven, or until a limit stops it (then the last
    /// verified quotient is kept, with [`QuotientGrowth::stop`] saying why).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a game that is not an octal code
    /// (Grundy's game); [`Error::SizeLimitExceeded`] for a target above
    /// `u32::MAX`; [`Error::MemoryBudgetExceeded`] when the heap map itself
    /// does not fit. Limits met while growing are not errors: see
    /// [`QuotientGrowth::stop`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let kayles = QuotientGrowth::new(TakeAndBreak::kayles()).grow()?;
    /// assert_eq!(kayles.quotient().order(), 40);
    /// assert!(kayles.quotient().period().is_some());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grow(self) -> Result<Self> {
        let budget = self
            .budget
            .with_work(self.budget.work_or(DEFAULT_QUOTIENT_WORK));
        let (quotient, stop) = MisereQuotient::grow(&self.game, self.max_heap, budget, true, true)?;
        Ok(Self {
            quotient,
            stop,
            ..self
        })
    }

    /// The largest verified quotient (of the empty game before [`QuotientGrowth::grow`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let grown = QuotientGrowth::new(TakeAndBreak::kayles()).with_max_heap(5).grow()?;
    /// assert_eq!(grown.quotient().order(), 12);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn quotient(&self) -> &MisereQuotient {
        &self.quotient
    }

    /// Consumes the growth, returning its quotient.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let q = QuotientGrowth::new(TakeAndBreak::kayles()).with_max_heap(5).grow()?.into_quotient();
    /// assert_eq!(q.bound(), 5);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_quotient(self) -> MisereQuotient {
        self.quotient
    }

    /// Why the growth stopped before its target, if it did.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak};
    /// let grown = QuotientGrowth::new(TakeAndBreak::kayles()).grow()?;
    /// assert!(grown.stop().is_none()); // Kayles' period is proven
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stop(&self) -> Option<&GrowthStop> {
        self.stop.as_ref()
    }
}

crate::game::delegate_configure!(QuotientGrowth);
