//! Misère play of an [`OctalGame`]: the solvers behind
//! `OctalGame::with_convention(Convention::Misere)`.
//!
//! Everything misère about [`OctalGame`] is here, reached from `game.rs` only
//! through the [`MisereSolver`] trait object, so a normal-play program never
//! names these types and `tools/bundle` leaves them (and the misère search
//! and quotient they use) out of a contest submission.

use std::any::Any;

use super::game::MisereSolver;
use super::misere::{misere_nim_move, misere_nim_outcome};
use super::{MisereQuotient, MisereSearch, OctalGame, TakeAndBreak};
use crate::impartial::HeapMove;
use crate::{Budget, Convention, Error, Outcome, Result};

/// The work cap of the misère quotient [`OctalGame`] tries on its first
/// misère query (when the budget sets none): enough for Kayles (about 0.3 s).
pub const QUOTIENT_ATTEMPT_WORK: u64 = 60_000_000;

/// Misère sums of at most this many tokens are searched exactly without
/// first building the quotient.
const SMALL_MISERE_TOKENS: u64 = 40;

/// The misère solvers of one game, keeping what they compute between calls.
#[derive(Debug, Clone)]
struct MiserePlay {
    budget: Budget,
    /// Built on first misère query of a game that is not Nim-like.
    search: Option<MisereSearch>,
    /// The misère quotient: `None` until tried, then `Some(None)` when it
    /// could not be computed within the budget.
    quotient: Option<Option<MisereQuotient>>,
}

impl MiserePlay {
    fn new(budget: Budget) -> Self {
        Self {
            budget,
            search: None,
            quotient: None,
        }
    }

    /// The quotient, tried once (`None` when it cannot be built within the
    /// budget: then the exact search answers).
    fn quotient(&mut self, game: &TakeAndBreak) -> Option<&MisereQuotient> {
        if self.quotient.is_none() {
            // An automatic attempt gets a smaller work cap than an explicit
            // computation, so that games whose quotient is out of reach
            // (Dawson's Kayles) fall back to the exact search quickly.
            let work = self.budget.work().unwrap_or(QUOTIENT_ATTEMPT_WORK);
            let attempt = MisereQuotient::certified(game, self.budget.with_work(work)).ok();
            self.quotient = Some(attempt);
        }
        self.quotient.as_ref().and_then(Option::as_ref)
    }

    /// Answers from the misère quotient when it covers the heaps. Small sums
    /// (at most `SMALL_MISERE_TOKENS` tokens) go to the exact search, which
    /// answers them in microseconds, unless the quotient is already built.
    fn answer_from_quotient<T>(
        &mut self,
        game: &TakeAndBreak,
        heaps: &[u64],
        query: impl Fn(&MisereQuotient) -> Result<T>,
    ) -> Option<T> {
        let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
        if tokens <= SMALL_MISERE_TOKENS && self.quotient.is_none() {
            return None;
        }
        self.quotient(game).and_then(|q| query(q).ok())
    }

    /// Runs `query` on the exact search. The search keeps its positions
    /// between queries; when they fill its limits, a refused query is tried
    /// once more with an empty memo, so earlier queries never make a later
    /// one fail.
    fn search<T>(
        &mut self,
        game: &TakeAndBreak,
        query: impl Fn(&mut MisereSearch) -> Result<T>,
    ) -> Result<T> {
        let budget = self.budget;
        let fresh = || MisereSearch::new(game.clone()).with_budget(budget);
        let search = self.search.get_or_insert_with(fresh);
        let held_positions = search.stored_positions() > 0;
        match query(search) {
            Err(Error::SizeLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. })
                if held_positions =>
            {
                query(self.search.insert(fresh()))
            }
            answer => answer,
        }
    }
}

impl MisereSolver for MiserePlay {
    fn outcome(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Outcome> {
        if game.is_nim_like() {
            return Ok(misere_nim_outcome(heaps));
        }
        match self.answer_from_quotient(game, heaps, |q| q.outcome(heaps)) {
            Some(outcome) => Ok(outcome),
            None => self.search(game, |search| search.outcome(heaps)),
        }
    }

    fn winning_move(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Option<HeapMove>> {
        if game.is_nim_like() {
            return Ok(misere_nim_move(heaps));
        }
        match self.answer_from_quotient(game, heaps, |q| q.winning_move(heaps)) {
            Some(best) => Ok(best),
            None => self.search(game, |search| search.winning_move(heaps)),
        }
    }

    fn set_budget(&mut self, budget: Budget) {
        *self = MiserePlay::new(budget);
    }

    fn clone_box(&self) -> Box<dyn MisereSolver> {
        Box::new(self.clone())
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl OctalGame {
    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::{Convention, Outcome};
    /// let mut dawson = OctalGame::new(TakeAndBreak::dawsons_kayles()).with_convention(Convention::Misere);
    /// assert_eq!(dawson.outcome(&[2])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        if convention == Convention::Misere {
            self.misere_play();
        }
        Self { convention, ..self }
    }

    /// The misère quotient, computed on first use (`None` when it cannot be,
    /// within the budget: then the exact search answers).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// let mut kayles = OctalGame::new(TakeAndBreak::kayles());
    /// assert_eq!(kayles.misere_quotient().unwrap().order(), 40);
    /// ```
    pub fn misere_quotient(&mut self) -> Option<&MisereQuotient> {
        let game = self.values.game();
        let budget = self.budget;
        let solver = self
            .misere
            .get_or_insert_with(|| Box::new(MiserePlay::new(budget)));
        solver
            .as_any_mut()
            .downcast_mut::<MiserePlay>()
            .and_then(|play| play.quotient(game))
    }

    /// The misère solvers, installed on first use.
    fn misere_play(&mut self) {
        let budget = self.budget;
        self.misere
            .get_or_insert_with(|| Box::new(MiserePlay::new(budget)));
    }
}

// The crate-wide traits live here, beside `with_convention`, which they
// call: a bundle of a normal-play program that reaches the traits through
// another game does not pull misère play in with them.
crate::game::delegate_solve_at!(OctalGame, [u64], HeapMove, fallible);
crate::game::delegate_configure!(OctalGame);
crate::game::delegate_nimber_at!(OctalGame, [u64], fallible);
