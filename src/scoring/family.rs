//! [`DpFamily::build`] and the games' [`DpGame`] impls: a game of a family
//! behind one trait, kept apart from the family's names (`variants.rs`),
//! which the games themselves use.

use super::{DpFamily, DpGame, DpVariant, Ends, EndsRemainder, FrontDoubling, Score, StoneSplit};
use crate::{Budget, Result};

impl DpFamily {
    /// A game of this family on `values`, with `budget` for its tables and
    /// its work cap, behind the family-independent [`DpGame`].
    ///
    /// Fails as the family's constructor does ([`Error::ScoreOverflow`] when
    /// the worst-case total does not fit `T`; [`Error::InvalidParameter`]
    /// for a stone of Stone Game V that is not positive).
    ///
    /// [`Error::ScoreOverflow`]: crate::Error::ScoreOverflow
    /// [`Error::InvalidParameter`]: crate::Error::InvalidParameter
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// use stonegame::scoring::{DpFamily, DpVariant};
    ///
    /// let game = DpFamily::EndsRemainder.build(&[5i64, 3, 1, 4, 2], Budget::default())?;
    /// assert_eq!(game.value_by(DpVariant::Rolling)?, 6);
    /// assert!(DpFamily::StoneSplit.build(&[3i64, -1], Budget::default()).is_err());
    ///
    /// // The game may go to a worker thread.
    /// let worker = std::thread::spawn(move || game.value_by(DpVariant::FullTable));
    /// assert_eq!(worker.join().unwrap()?, 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn build<T: Score>(
        self,
        values: &[T],
        budget: Budget,
    ) -> Result<Box<dyn DpGame<T> + Send + Sync>> {
        Ok(match self {
            DpFamily::Ends => Box::new(Ends::from_values(values, budget)?),
            DpFamily::EndsRemainder => Box::new(EndsRemainder::from_values(values, budget)?),
            DpFamily::FrontDoubling => Box::new(FrontDoubling::from_values(values, budget)?),
            DpFamily::StoneSplit => Box::new(StoneSplit::from_values(values, budget)?),
        })
    }
}

impl<T: Score> DpGame<T> for Ends<T> {
    fn from_values(values: &[T], budget: Budget) -> Result<Self> {
        Ok(Ends::new(values)?.with_budget(budget))
    }
    fn family(&self) -> DpFamily {
        DpFamily::Ends
    }
    fn value_by(&self, variant: DpVariant) -> Result<T> {
        Ends::value_by(self, variant)
    }
}

impl<T: Score> DpGame<T> for EndsRemainder<T> {
    fn from_values(values: &[T], budget: Budget) -> Result<Self> {
        Ok(EndsRemainder::new(values)?.with_budget(budget))
    }
    fn family(&self) -> DpFamily {
        DpFamily::EndsRemainder
    }
    fn value_by(&self, variant: DpVariant) -> Result<T> {
        EndsRemainder::value_by(self, variant)
    }
}

impl<T: Score> DpGame<T> for FrontDoubling<T> {
    fn from_values(values: &[T], budget: Budget) -> Result<Self> {
        Ok(FrontDoubling::new(values)?.with_budget(budget))
    }
    fn family(&self) -> DpFamily {
        DpFamily::FrontDoubling
    }
    fn value_by(&self, variant: DpVariant) -> Result<T> {
        FrontDoubling::value_by(self, variant)
    }
}

impl<T: Score> DpGame<T> for StoneSplit<T> {
    fn from_values(values: &[T], budget: Budget) -> Result<Self> {
        Ok(StoneSplit::new(values)?.with_budget(budget))
    }
    fn family(&self) -> DpFamily {
        DpFamily::StoneSplit
    }
    fn value_by(&self, variant: DpVariant) -> Result<T> {
        StoneSplit::value_by(self, variant)
    }
}
