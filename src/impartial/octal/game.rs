//! [`OctalGame`]: a take-and-break game's rules with the solvers of both
//! conventions, asked like every other game of the crate.

use super::misere::{misere_nim_move, misere_nim_outcome};
use super::{HeapValues, MisereQuotient, MisereSearch, TakeAndBreak};
use crate::impartial::HeapMove;
use crate::impartial::line::{LinePlay, play_line, reply_from_largest};
use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};

/// The work cap of the misère quotient [`OctalGame`] tries on its first
/// misère query (when the budget sets none): enough for Kayles (about 0.3 s).
pub const QUOTIENT_ATTEMPT_WORK: u64 = 60_000_000;

/// Misère sums of at most this many tokens are searched exactly without
/// first building the quotient.
const SMALL_MISERE_TOKENS: u64 = 40;

/// A take-and-break game (an octal code or Grundy's game): the rules, the
/// play convention, and the solvers of any sum of heaps, which keep what they
/// compute between calls.
///
/// - Normal play: Grundy values from [`HeapValues`]; heaps up to `u64::MAX`
///   when the game's period is certified or the game is Nim-like, otherwise
///   up to the search limit ([`super::DEFAULT_SEARCH_LIMIT`]).
/// - Misère play: the misère Nim rule for Nim-like codes (any heap); else the
///   game's misère quotient ([`MisereQuotient`], any heap once its period is
///   proven, e.g. Kayles), tried once on the first misère query; else (or for
///   heaps beyond a quotient's bound) the exact search [`MisereSearch`] (heaps
///   up to [`super::MAX_MISERE_HEAP`], refused with an error beyond its work
///   cap rather than guessed).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
/// use stonegame::{Convention, Nimber, Outcome};
///
/// let mut kayles = OctalGame::new(TakeAndBreak::kayles());
/// assert_eq!(kayles.nimber(&[1_000_000_000_000_000_000])?, Nimber(1));
/// assert_eq!(kayles.outcome(&[3, 3])?, Outcome::Second);
/// let solution = kayles.solve(&[5])?;
/// assert_eq!(solution.best_move().unwrap().to_string(), "1:5->2+2");
///
/// // Misère Kayles: a row of four pins is lost for the player to move.
/// let mut misere = OctalGame::new(TakeAndBreak::kayles()).with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&[4])?, Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct OctalGame {
    convention: Convention,
    budget: Budget,
    values: HeapValues,
    /// Built on first misère query of a game that is not Nim-like.
    misere: Option<MisereSearch>,
    /// The misère quotient: `None` until tried, then `Some(None)` when it
    /// could not be computed within the budget.
    quotient: Option<Option<MisereQuotient>>,
}

impl OctalGame {
    /// The game under normal play, with the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// assert_eq!(OctalGame::new(TakeAndBreak::kayles()).game(), &TakeAndBreak::kayles());
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self {
            convention: Convention::Normal,
            budget: Budget::default(),
            values: HeapValues::new(game),
            misere: None,
            quotient: None,
        }
    }

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
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The same game searching for a period of a finite code among up to
    /// `limit` values (see [`HeapValues::with_search_limit`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Outcome;
    /// let mut game = OctalGame::new(TakeAndBreak::octal("0.137")?).with_search_limit(1 << 23);
    /// assert_eq!(game.outcome(&[0])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_search_limit(self, limit: u64) -> Self {
        Self {
            values: self.values.with_search_limit(limit),
            ..self
        }
    }

    /// The same game with its tables and searches limited to `budget` (a work
    /// cap set with [`Budget::with_work`] limits the misère search).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::{Budget, Convention};
    /// let mut tiny = OctalGame::new(TakeAndBreak::kayles())
    ///     .with_convention(Convention::Misere)
    ///     .with_budget(Budget::default().with_work(100));
    /// assert!(tiny.outcome(&[20, 20]).is_err());
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            values: self.values.with_budget(budget),
            misere: self.misere.map(|search| search.with_budget(budget)),
            quotient: None,
            ..self
        }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Budget;
    /// let game = OctalGame::new(TakeAndBreak::kayles()).with_budget(Budget::from_mebibytes(8));
    /// assert_eq!(game.budget(), Budget::from_mebibytes(8));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The game's moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// assert_eq!(OctalGame::new(TakeAndBreak::last_one()).game().to_string(), "0.(7)");
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        self.values.game()
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Convention;
    /// assert_eq!(OctalGame::new(TakeAndBreak::kayles()).convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The normal-play solver of single heaps, with its periodicity
    /// certificate once one has been found.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// let mut dawson = OctalGame::new(TakeAndBreak::dawsons_kayles());
    /// dawson.nimber(&[1 << 40])?;
    /// assert_eq!(dawson.heap_values().certificate().unwrap().period(), 34);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn heap_values(&self) -> &HeapValues {
        &self.values
    }

    /// The Grundy value of the sum `heaps` under normal play (whatever the
    /// convention): the XOR of the heaps' values.
    ///
    /// # Errors
    /// As [`HeapValues::grundy`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Nimber;
    /// assert_eq!(OctalGame::new(TakeAndBreak::kayles()).nimber(&[4, 5])?, Nimber(1 ^ 4));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
        let mut total = Nimber::ZERO;
        for &heap in heaps {
            total ^= self.values.grundy(heap)?;
        }
        Ok(total)
    }

    /// Who wins the sum `heaps`.
    ///
    /// # Errors
    /// Normal play: as [`HeapValues::grundy`]. Misère play: as
    /// [`MisereSearch::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::{Convention, Outcome};
    /// let mut nim = OctalGame::new(TakeAndBreak::nim()).with_convention(Convention::Misere);
    /// assert_eq!(nim.outcome(&[1, 1, 1])?, Outcome::Second);
    /// let mut kayles = OctalGame::new(TakeAndBreak::kayles()).with_convention(Convention::Misere);
    /// assert_eq!(kayles.outcome(&[3, 3])?, Outcome::Second);
    /// assert_eq!(kayles.outcome(&[3, 2])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        match self.convention {
            Convention::Normal => Ok(self.nimber(heaps)?.normal_outcome()),
            Convention::Misere if self.game().is_nim_like() => Ok(misere_nim_outcome(heaps)),
            Convention::Misere => match self.answer_from_quotient(heaps, |q| q.outcome(heaps)) {
                Some(outcome) => Ok(outcome),
                None => self.search_misere(|search| search.outcome(heaps)),
            },
        }
    }

    /// A winning move, or `None` when the player to move loses (or, under
    /// misère play, has no move left and so has already won). The first move
    /// of [`OctalGame::solve`], without playing out the line.
    ///
    /// # Errors
    /// As [`OctalGame::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Convention;
    /// let mut nim = OctalGame::new(TakeAndBreak::nim()).with_convention(Convention::Misere);
    /// assert_eq!(nim.winning_move(&[3, 1])?.unwrap().to_string(), "1:3->0");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        match self.convention {
            Convention::Normal => self.values.winning_move(heaps),
            Convention::Misere if self.game().is_nim_like() => Ok(misere_nim_move(heaps)),
            Convention::Misere => match self.answer_from_quotient(heaps, |q| q.winning_move(heaps))
            {
                Some(best) => Ok(best),
                None => self.search_misere(|search| search.winning_move(heaps)),
            },
        }
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
        if self.quotient.is_none() {
            // An automatic attempt gets a smaller work cap than an explicit
            // computation, so that games whose quotient is out of reach
            // (Dawson's Kayles) fall back to the exact search quickly.
            let work = self.budget.work().unwrap_or(QUOTIENT_ATTEMPT_WORK);
            let attempt = MisereQuotient::certified(self.game(), self.budget.with_work(work)).ok();
            self.quotient = Some(attempt);
        }
        self.quotient.as_ref().and_then(Option::as_ref)
    }

    /// Answers from the misère quotient when it covers the heaps. Small sums
    /// (at most `SMALL_MISERE_TOKENS` tokens) go to the exact search, which
    /// answers them in microseconds, unless the quotient is already built.
    fn answer_from_quotient<T>(
        &mut self,
        heaps: &[u64],
        query: impl Fn(&MisereQuotient) -> Result<T>,
    ) -> Option<T> {
        let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
        if tokens <= SMALL_MISERE_TOKENS && self.quotient.is_none() {
            return None;
        }
        self.misere_quotient().and_then(|q| query(q).ok())
    }

    /// The whole answer: who wins, a winning move, and the winner's line
    /// against a loser who, in the largest heap that has a move, plays the
    /// move removing the fewest tokens (cut after `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// As [`OctalGame::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Outcome;
    /// let mut dawson = OctalGame::new(TakeAndBreak::dawsons_kayles());
    /// let solution = dawson.solve(&[4])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["1:4->1+1"]); // two single pins: no move is left
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&mut self, heaps: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        let outcome = self.outcome(heaps)?;
        play_line(self, heaps, outcome)
    }

    /// Runs `query` on the misère search. The search keeps its positions
    /// between queries; when they fill its limits, a refused query is tried
    /// once more with an empty memo, so earlier queries never make a later
    /// one fail.
    fn search_misere<T>(&mut self, query: impl Fn(&mut MisereSearch) -> Result<T>) -> Result<T> {
        let search = self.misere.take().unwrap_or_else(|| {
            MisereSearch::new(self.values.game().clone()).with_budget(self.budget)
        });
        let search = self.misere.insert(search);
        let held_positions = search.stored_positions() > 0;
        match query(search) {
            Err(Error::SizeLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. })
                if held_positions =>
            {
                let fresh = MisereSearch::new(self.values.game().clone()).with_budget(self.budget);
                query(self.misere.insert(fresh))
            }
            answer => answer,
        }
    }
}

crate::game::delegate_solve_at!(OctalGame, [u64], HeapMove, fallible);
crate::game::delegate_configure!(OctalGame);

crate::game::delegate_nimber_at!(OctalGame, [u64], fallible);

impl LinePlay<u64> for OctalGame {
    fn winning(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        self.winning_move(heaps)
    }

    fn reply(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        let game = self.game();
        reply_from_largest(heaps, |index, heap| match game.smallest_option(heap) {
            Some(to) => HeapMove::new(index, heap, &to).map(Some),
            None => Ok(None),
        })
    }

    fn apply(&self, heaps: &[u64], played: &HeapMove) -> Result<Vec<u64>> {
        played.apply(heaps)
    }
}
