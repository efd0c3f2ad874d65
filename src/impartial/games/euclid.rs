//! Euclid's game: two positive numbers; a move subtracts a positive multiple
//! of the smaller from the larger, which must stay `>= 0`. Whoever makes a
//! number zero wins.
//!
//! # Theorem (Cole and Davie, 1969)
//!
//! With `a >= b > 0`, the player to move wins exactly when `a = b` or
//! `a/b > φ = (1 + √5)/2` (equality is impossible: φ is irrational). Write
//! `a = qb + r` with `0 <= r < b`. If `r = 0` the player wins at once. If
//! `q >= 2` the player chooses between `(b, r)` and `(b + r, b)`; from the
//! second the opponent's only move leads to the first, so one of the two is a
//! loss for the opponent. If `q = 1` the move to `(b, r)` is forced, and
//! `a/b < φ` exactly when `b/r > φ`. Induction on the Euclidean algorithm ends
//! the proof.
//!
//! # Misère play
//!
//! Under misère play (whoever makes a number zero loses) the outcome is the
//! same except at `a = b`, where the only move makes a zero: the player to
//! move loses. Proof: write the game as the rounds of the Euclidean
//! algorithm, with quotients `q_1, …, q_k`; within a round with `q = 1` the
//! move is forced. For `a ≠ b` the last quotient is at least 2. In the last
//! round `(qb, b)` with `q >= 2` the mover leaves `(b, b)` and wins. In an
//! earlier round with `q >= 2` the mover chooses who starts the next round,
//! exactly as in normal play. So in both conventions the mover of the first
//! round with `q >= 2` wins, and the positions differ only at `a = b`.
//! The tests check this against an exhaustive search.
//!
//! # Exact arithmetic
//!
//! `a/b > φ` holds exactly when `a² − ab − b² > 0`, since `φ` is the positive
//! root of `x² = x + 1`; the test is `a(a − b) > b²`, whose sides fit `u128`
//! for all `u64` inputs. No floating point, no recursion, no loop: every
//! question is O(1).
//!
//! # Example
//! ```
//! use stonegame::impartial::euclid::Euclid;
//! use stonegame::Outcome;
//!
//! let game = Euclid::new();
//! assert_eq!(game.outcome(&[25, 7])?, Outcome::First); // 25/7 > 2
//! assert_eq!(game.outcome(&[8, 5])?, Outcome::Second); // 8/5 < φ
//! // From (25, 7): 25 = 3·7 + 4 and (7, 4) is a win for the mover, so leave (11, 7).
//! assert_eq!(game.winning_move(&[25, 7])?.unwrap().to_string(), "1:25->11");
//! # Ok::<(), stonegame::Error>(())
//! ```

use std::fmt;

use crate::impartial::strategy_line::winner_line;
use crate::{Budget, Convention, Error, Outcome, Result, Solution};

/// A move in Euclid's game: number `index` (0-based) goes from `from` to `to`.
///
/// Its `Display` is `I:F->T` with `I` counted from 1: `1:25->11`.
///
/// # Example
/// ```
/// use stonegame::impartial::euclid::EuclidMove;
/// assert_eq!(EuclidMove { index: 1, from: 9, to: 0 }.to_string(), "2:9->0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EuclidMove {
    /// Which number changes (0-based).
    pub index: usize,
    /// Its value before the move.
    pub from: u64,
    /// Its value after the move (`from` minus a positive multiple of the other).
    pub to: u64,
}

impl EuclidMove {
    /// The pair after the move.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::euclid::EuclidMove;
    /// assert_eq!(EuclidMove { index: 0, from: 25, to: 11 }.apply(&[25, 7]), [11, 7]);
    /// ```
    pub fn apply(&self, position: &[u64; 2]) -> [u64; 2] {
        let mut after = *position;
        after[self.index] = self.to;
        after
    }
}

impl fmt::Display for EuclidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}->{}", self.index + 1, self.from, self.to)
    }
}

/// Whether the player to move wins `(larger, smaller)`, both positive:
/// `larger == smaller` or `larger/smaller > φ`.
fn mover_wins(larger: u64, smaller: u64) -> bool {
    let (a, b) = (u128::from(larger), u128::from(smaller));
    a == b || a * (a - b) > b * b
}

/// Euclid's game (making a zero wins). A position is the two numbers `[a, b]`,
/// both positive.
///
/// # Example
/// ```
/// use stonegame::impartial::euclid::Euclid;
/// use stonegame::Outcome;
/// let solution = Euclid::new().solve(&[10, 6])?;
/// // 10/6 > φ; the only move leaves (4, 6), and 6/4 < φ.
/// assert_eq!(solution.outcome(), Outcome::First);
/// assert_eq!(solution.best_move().unwrap().to_string(), "1:10->4");
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Euclid {
    convention: Convention,
    budget: Budget,
}

impl Euclid {
    /// The game.
    ///
    /// # Example
    /// ```
    /// let _game = stonegame::impartial::euclid::Euclid::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`: under misère play, whoever makes a
    /// number zero loses.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::euclid::Euclid, Convention, Outcome};
    /// let misere = Euclid::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&[5, 5])?, Outcome::Second); // forced to make a zero
    /// assert_eq!(misere.winning_move(&[15, 5])?.unwrap().to_string(), "1:15->5");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::euclid::Euclid, Convention};
    /// assert_eq!(Euclid::new().convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Whether the player to move wins the valid position `(a, b)`, `a >= b > 0`.
    fn mover_wins(&self, a: u64, b: u64) -> bool {
        match self.convention {
            Convention::Normal => mover_wins(a, b),
            Convention::Misere => a != b && mover_wins(a, b),
        }
    }

    fn check(position: &[u64; 2]) -> Result<()> {
        if position.contains(&0) {
            return Err(Error::InvalidParameter {
                name: "position",
                reason: format!(
                    "both numbers of Euclid's game must be positive (a zero ends the game), got {} and {}",
                    position[0], position[1]
                ),
            });
        }
        Ok(())
    }

    /// Who wins `position` with perfect play.
    ///
    /// Errors: [`Error::InvalidParameter`] when a number is zero.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::euclid::Euclid;
    /// use stonegame::Outcome;
    /// let game = Euclid::new();
    /// assert_eq!(game.outcome(&[5, 5])?, Outcome::First);
    /// assert_eq!(game.outcome(&[13, 21])?, Outcome::Second);
    /// assert!(game.outcome(&[0, 3]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, position: &[u64; 2]) -> Result<Outcome> {
        Self::check(position)?;
        let [a, b] = *position;
        Ok(if self.mover_wins(a.max(b), a.min(b)) {
            Outcome::First
        } else {
            Outcome::Second
        })
    }

    /// A winning move, or `None` when the player to move loses.
    ///
    /// Errors: [`Error::InvalidParameter`] when a number is zero.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::euclid::Euclid;
    /// let game = Euclid::new();
    /// assert_eq!(game.winning_move(&[4, 12])?.unwrap().to_string(), "2:12->0");
    /// assert_eq!(game.winning_move(&[5, 8])?, None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self, position: &[u64; 2]) -> Result<Option<EuclidMove>> {
        Self::check(position)?;
        Ok(self.move_from(position))
    }

    /// The winning move of a valid position; `None` once a number is zero.
    fn move_from(&self, position: &[u64; 2]) -> Option<EuclidMove> {
        let index = usize::from(position[1] > position[0]);
        let (a, b) = (position[index], position[1 - index]);
        if b == 0 || !self.mover_wins(a, b) {
            return None;
        }
        let remainder = a % b;
        let to = if remainder == 0 && self.convention == Convention::Misere {
            // The last round: leave (b, b), whose only move makes a zero.
            b
        } else if remainder == 0 || !mover_wins(b, remainder) {
            // For b > r > 0 both conventions agree on (b, r).
            remainder
        } else {
            // Then a/b > φ forces a quotient of at least 2, so b + r < a.
            remainder + b
        };
        Some(EuclidMove { index, from: a, to })
    }

    /// The loser's reply in [`Euclid::solve`]'s line: subtract the smaller
    /// number once (from a losing position it is the only move).
    fn reply(position: &[u64; 2]) -> Option<EuclidMove> {
        let index = usize::from(position[1] > position[0]);
        let (a, b) = (position[index], position[1 - index]);
        (b > 0).then_some(EuclidMove {
            index,
            from: a,
            to: a - b,
        })
    }

    /// The full answer: outcome, a winning move and the whole game (it lasts
    /// O(log) moves: the loser's moves are forced).
    ///
    /// Errors: [`Error::InvalidParameter`] when a number is zero.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::euclid::Euclid;
    /// let solution = Euclid::new().solve(&[5, 8])?;
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["2:8->3", "1:5->2", "2:3->1", "1:2->0"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, position: &[u64; 2]) -> Result<Solution<Outcome, EuclidMove>> {
        let outcome = self.outcome(position)?;
        let (line, complete) = winner_line(
            *position,
            |p| self.move_from(p),
            Self::reply,
            |p, m| m.apply(p),
        );
        Ok(Solution::from_line(outcome, line, complete))
    }
}

crate::game::delegate_solve_at!(Euclid, [u64; 2], EuclidMove, fallible);
crate::game::stateless_configure!(Euclid);
