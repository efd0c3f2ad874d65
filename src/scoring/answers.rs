//! The crate-wide calls ([`Solve`], [`Configure`]) for every scoring game and
//! for [`Negamax`], delegating to each type's own calls of the same names.

use super::{
    End, Ends, EndsRemainder, Front, FrontDoubling, Negamax, Removal, Score, ScoringGame, Split,
    StoneMerge, StoneMod3, StoneSplit, Valuations,
};
use crate::game::{Configure, Solve};
use crate::{Budget, Outcome, Result, Solution};

/// `Solve` and `Configure` for a scoring game over score type `T`, whose
/// own `value`/`outcome` are `plain` (cannot fail, no search to cap) or
/// `fallible` (the budget's limits, the same as the trait's).
macro_rules! scoring_answers {
    (@value $kind:ident, $game:ident, $self:ident) => {
        crate::game::lift!($kind, $game::value($self))
    };
    ($game:ident, $move:ty, $kind:ident) => {
        impl<T: Score> Solve for $game<T> {
            type Value = T;
            type Move = $move;
            fn value(&self) -> Result<T> {
                scoring_answers!(@value $kind, $game, self)
            }
            fn outcome(&self) -> Result<Outcome> {
                Ok(Outcome::from_difference(Solve::value(self)?))
            }
            fn solve(&self) -> Result<Solution<T, $move>> {
                $game::solve(self)
            }
        }

        impl<T: Score> Configure for $game<T> {
            fn with_budget(self, budget: Budget) -> Self {
                $game::with_budget(self, budget)
            }
            fn budget(&self) -> Budget {
                self.budget
            }
        }
    };
}

scoring_answers!(Ends, End, plain);
scoring_answers!(EndsRemainder, End, fallible);
scoring_answers!(Front, usize, plain);
scoring_answers!(FrontDoubling, usize, fallible);
scoring_answers!(Valuations, usize, plain);
scoring_answers!(StoneSplit, Split, fallible);
scoring_answers!(StoneMerge, usize, plain);

/// Stone Game IX is won or lost: its value is the [`Outcome`].
impl Solve for StoneMod3 {
    type Value = Outcome;
    type Move = Removal;
    fn value(&self) -> Result<Outcome> {
        Ok(StoneMod3::outcome(self))
    }
    fn outcome(&self) -> Result<Outcome> {
        Ok(StoneMod3::outcome(self))
    }
    fn solve(&self) -> Result<Solution<Outcome, Removal>> {
        StoneMod3::solve(self)
    }
}

impl Configure for StoneMod3 {
    fn with_budget(self, budget: Budget) -> Self {
        StoneMod3::with_budget(self, budget)
    }
    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<G: ScoringGame> Solve for Negamax<G> {
    type Value = G::Score;
    type Move = G::Move;
    fn value(&self) -> Result<G::Score> {
        Negamax::value(self)
    }
    fn outcome(&self) -> Result<Outcome> {
        Negamax::outcome(self)
    }
    fn solve(&self) -> Result<Solution<G::Score, G::Move>> {
        Negamax::solve(self)
    }
}

impl<G: ScoringGame> Configure for Negamax<G> {
    fn with_budget(self, budget: Budget) -> Self {
        Negamax::with_budget(self, budget)
    }
    fn budget(&self) -> Budget {
        Negamax::budget(self)
    }
}
