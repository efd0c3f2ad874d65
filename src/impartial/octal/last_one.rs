//! Last One (ラストワン, a game of the Nintendo DS collection Clubhouse Games,
//! アソビ大全, and a paper-and-pencil classic): rows of sticks; a move strikes out any run of
//! adjacent sticks in one row (possibly splitting it); whoever strikes the last
//! stick loses. It is the misère play of the octal game `0.(7)`, whose heaps
//! have `G(n) = n` and which follows the misère Nim rule: with a row of two or
//! more sticks, XOR the row lengths (non-zero: the player to move wins); with
//! only single sticks, an even count wins. Row lengths may go up to `u64::MAX`.
//!
//! Cost: [`LastOne::outcome`] and [`LastOne::winning_move`] are one pass over
//! the rows, O(n); [`LastOne::solve`] plays its line out, O(n) per move.

use super::misere::{misere_nim_move, misere_nim_outcome};
use crate::impartial::HeapMove;
use crate::impartial::line::{LinePlay, play_line};
use crate::impartial::nim::Nim;
use crate::impartial::nim::largest_heap_reply;
use crate::{Budget, Convention, Outcome, Result, Solution};

/// Last One: the rules, and the solver of any position (a list of row
/// lengths). Whoever strikes the last stick loses, so the game is played
/// misère by default; `with_convention(Convention::Normal)` plays the same
/// moves with the last stick winning (then it is Nim: `G(n) = n`).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::LastOne;
/// use stonegame::Outcome;
///
/// // A 6-row pyramid (rows of 1..=6 sticks), a common start: the first player wins.
/// let pyramid = LastOne::pyramid(6)?;
/// assert_eq!(LastOne::new().outcome(&pyramid), Outcome::First);
/// // XOR is 7; row 4 keeps 4 ^ 7 = 3 sticks (strike its last one).
/// assert_eq!(LastOne::new().solve(&pyramid)?.best_move().unwrap().to_string(), "4:4->3");
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastOne {
    convention: Convention,
    budget: Budget,
}

impl Default for LastOne {
    /// Last One as published: misère play.
    fn default() -> Self {
        Self {
            convention: Convention::Misere,
            budget: Budget::default(),
        }
    }
}

impl LastOne {
    /// The game.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::octal::LastOne, Outcome};
    /// assert_eq!(LastOne::new().outcome(&[1]), Outcome::Second);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same moves under `convention`: misère (the default, whoever
    /// strikes the last stick loses) or normal play (whoever strikes it wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::octal::LastOne, Convention, Outcome};
    /// let normal = LastOne::new().with_convention(Convention::Normal);
    /// assert_eq!(normal.outcome(&[1, 1, 1]), Outcome::First);
    /// assert_eq!(normal.winning_move(&[5, 3]).unwrap().to_string(), "1:5->3");
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention (misère unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::octal::LastOne, Convention};
    /// assert_eq!(LastOne::new().convention(), Convention::Misere);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The pyramid of `rows` rows: `1, 2, …, rows` sticks.
    ///
    /// # Errors
    /// [`crate::Error::MemoryBudgetExceeded`] when the list of rows would not
    /// fit the default budget (1 GiB, about 1.3·10^8 rows).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::LastOne;
    /// assert_eq!(LastOne::pyramid(4)?, [1, 2, 3, 4]);
    /// assert!(LastOne::pyramid(u64::MAX).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn pyramid(rows: u64) -> crate::Result<Vec<u64>> {
        let mut pyramid = crate::budget::vec_with_capacity(
            rows as usize,
            "rows of the pyramid",
            Budget::default(),
        )?;
        pyramid.extend(1..=rows);
        Ok(pyramid)
    }

    /// The Grundy value under normal play: a row of `n` sticks has value
    /// `n`, so the rows' XOR.
    ///
    /// # Errors
    /// [`Error::UnsupportedConvention`](crate::Error::UnsupportedConvention)
    /// under misère play, the default, where Grundy values do not add up
    /// over sums (so `LastOne` does not implement
    /// [`NimberAt`](crate::game::NimberAt)).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::octal::LastOne, Convention, Nimber};
    /// let normal = LastOne::new().with_convention(Convention::Normal);
    /// assert_eq!(normal.nimber(&[1, 2, 3])?, Nimber(0));
    /// assert!(LastOne::new().nimber(&[1, 2, 3]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self, rows: &[u64]) -> Result<crate::Nimber> {
        crate::game::require_normal(self.convention)?;
        Ok(crate::impartial::nim::normal_nimber(rows))
    }

    /// Who wins with these row lengths (the player to move is `First`).
    /// With no stick left the player to move wins: the opponent struck the
    /// last one.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::LastOne;
    /// use stonegame::Outcome;
    ///
    /// assert_eq!(LastOne::new().outcome(&[1, 1, 1]), Outcome::Second);
    /// let huge = 1_000_000_000_000_000_000;
    /// assert_eq!(LastOne::new().outcome(&[huge, huge]), Outcome::Second);
    /// assert_eq!(LastOne::new().outcome(&[]), Outcome::First);
    /// ```
    pub fn outcome(&self, rows: &[u64]) -> Outcome {
        match self.convention {
            Convention::Misere => misere_nim_outcome(rows),
            Convention::Normal => Nim::new().outcome(rows),
        }
    }

    /// A winning move: row `index` of `from` sticks keeps `to[0]` sticks
    /// before the struck run and `to[1]` (if present) after it; `None` when
    /// the player to move loses or no stick is left. The first move of
    /// [`LastOne::solve`], without playing out the line.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::LastOne;
    /// assert_eq!(LastOne::new().winning_move(&[3, 1]).unwrap().to_string(), "1:3->0");
    /// assert_eq!(LastOne::new().winning_move(&[1, 1, 1]), None);
    /// ```
    pub fn winning_move(&self, rows: &[u64]) -> Option<HeapMove> {
        match self.convention {
            Convention::Misere => misere_nim_move(rows),
            // G(n) = n: strike the last sticks of a row, as a Nim move.
            Convention::Normal => Nim::new().winning_move(rows),
        }
    }

    /// The whole answer: who wins, a winning move, and the winner's line
    /// against a loser who strikes one stick at the end of the longest row
    /// (cut after `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// None in practice; the `Result` is the shape every game's `solve` has.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::LastOne;
    /// use stonegame::Outcome;
    /// let solution = LastOne::new().solve(&[1, 1, 1])?;
    /// assert_eq!(solution.outcome(), Outcome::Second);
    /// assert_eq!(solution.best_move(), None);
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["1:1->0", "1:1->0", "1:1->0"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, rows: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        play_line(&mut LastOneLine(*self), rows, self.outcome(rows))
    }
}

struct LastOneLine(LastOne);

impl LinePlay<u64> for LastOneLine {
    fn winning(&mut self, rows: &[u64]) -> Result<Option<HeapMove>> {
        Ok(self.0.winning_move(rows))
    }

    fn reply(&mut self, rows: &[u64]) -> Result<Option<HeapMove>> {
        largest_heap_reply(rows, 1)
    }

    fn apply(&self, rows: &[u64], played: &HeapMove) -> Result<Vec<u64>> {
        played.apply(rows)
    }
}

crate::game::delegate_solve_at!(LastOne, [u64], HeapMove, plain);
crate::game::stateless_configure!(LastOne);

// No `NimberAt`: Last One is misère by default, where Grundy values do not
// add up (docs/conventions.md, "Which traits a type implements").
