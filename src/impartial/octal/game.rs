//! [`OctalGame`]: a take-and-break game's rules with the solvers of both
//! conventions, asked like every other game of the crate.
//!
//! Normal play lives here; misère play lives in `misere_play.rs`, reached
//! only through [`MisereSolver`], a trait object that
//! [`OctalGame::with_convention`] (defined there) installs. A program that
//! plays normal play never names a misère type, so `tools/bundle` leaves the
//! misère search and quotient out of its submission.

use std::any::Any;
use std::fmt::Debug;

use super::{HeapValues, TakeAndBreak};
use crate::impartial::HeapMove;
use crate::impartial::line::{LinePlay, play_line, reply_from_largest};
use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};

/// The misère solvers of an [`OctalGame`], seen from normal-play code.
/// `Send + Sync` so that the game is too: it can be solved on a worker thread.
pub(super) trait MisereSolver: Debug + Send + Sync {
    /// Who wins the sum `heaps` of `game` under misère play.
    fn outcome(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Outcome>;
    /// A winning misère move, or `None` when the player to move loses.
    fn winning_move(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Option<HeapMove>>;
    /// The same solvers limited to `budget`, forgetting what they computed.
    fn set_budget(&mut self, budget: Budget);
    /// A copy behind a new box (for `Clone`).
    fn clone_box(&self) -> Box<dyn MisereSolver>;
    /// The concrete solver, for the misère module's own methods.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A take-and-break game (an octal code or Grundy's game): the rules, the
/// play convention, and the solvers of any sum of heaps, which keep what they
/// compute between calls.
///
/// - Normal play: Grundy values from [`HeapValues`]; heaps up to `u64::MAX`
///   when the game's period is certified or the game is Nim-like, otherwise
///   up to the search limit ([`super::DEFAULT_SEARCH_LIMIT`]).
/// - Misère play: the misère Nim rule for Nim-like codes (any heap); else the
///   game's misère quotient ([`MisereQuotient`](super::MisereQuotient), any heap once its period is
///   proven, e.g. Kayles), tried once on the first misère query; else (or for
///   heaps beyond a quotient's bound) the exact search [`MisereSearch`](super::MisereSearch) (heaps
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
#[derive(Debug)]
pub struct OctalGame {
    pub(super) convention: Convention,
    pub(super) budget: Budget,
    pub(super) values: HeapValues,
    /// The misère solvers: installed by `with_convention(Convention::Misere)`
    /// (or a call to `misere_quotient`), never by normal-play code.
    pub(super) misere: Option<Box<dyn MisereSolver>>,
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
        }
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
    pub fn with_budget(mut self, budget: Budget) -> Self {
        if let Some(misere) = self.misere.as_mut() {
            misere.set_budget(budget);
        }
        Self {
            budget,
            values: self.values.with_budget(budget),
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

    /// The Grundy value of the sum `heaps`: the XOR of the heaps' values.
    ///
    /// # Errors
    /// As [`HeapValues::grundy`];
    /// [`Error::UnsupportedConvention`] under misère play, where Grundy
    /// values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::Nimber;
    /// assert_eq!(OctalGame::new(TakeAndBreak::kayles()).nimber(&[4, 5])?, Nimber(1 ^ 4));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        self.normal_nimber(heaps)
    }

    /// The normal-play Grundy value of a sum, whatever the convention.
    fn normal_nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
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
    /// [`MisereSearch::outcome`](super::MisereSearch::outcome).
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
            Convention::Normal => Ok(self.normal_nimber(heaps)?.normal_outcome()),
            Convention::Misere => {
                let game = self.values.game();
                let solver = self.misere.as_mut().ok_or_else(misere_not_installed)?;
                solver.outcome(game, heaps)
            }
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
            Convention::Misere => {
                let game = self.values.game();
                let solver = self.misere.as_mut().ok_or_else(misere_not_installed)?;
                solver.winning_move(game, heaps)
            }
        }
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
}

// Written out rather than derived: a derive would need `Clone` for
// `Box<dyn MisereSolver>`, an impl tools/bundle cannot tie to `OctalGame`.
impl Clone for OctalGame {
    fn clone(&self) -> Self {
        Self {
            convention: self.convention,
            budget: self.budget,
            values: self.values.clone(),
            misere: self.misere.as_ref().map(|solver| solver.clone_box()),
        }
    }
}

/// The convention is only ever set to misère together with its solvers
/// (`with_convention` installs both), so this is never returned.
fn misere_not_installed() -> Error {
    Error::InvalidParameter {
        name: "convention",
        reason: "misère play was selected without its solvers".to_string(),
    }
}

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
