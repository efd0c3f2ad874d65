//! Staircase Nim: coins lie on steps `1..=n`; a move shifts one or more coins
//! from a step `i` down to step `i − 1`. Step 0 is out of play; the last move
//! wins (normal play).
//!
//! # Theorem
//!
//! The position is Nim played on the odd steps: its Grundy value is the XOR
//! of the coin counts on steps 1, 3, 5, … A move from an odd step is a Nim
//! move on that heap (the coins land on an even step, which does not count);
//! a move from an even step `i` adds coins to the odd step `i − 1`. Either way
//! exactly one odd count changes, so the XOR changes; and every smaller XOR is
//! reached by a Nim move on an odd step. By induction on the number of
//! coin-steps left to play, the Grundy value is that XOR (so a position is lost
//! exactly when it is zero). Moves from even steps are reversible — the
//! opponent carries the same coins on down — which is why they do not help.
//!
//! # Misère play
//!
//! Under misère play (whoever moves the last coin to the ground loses) the
//! position is misère Nim on the odd steps. Let `f` be the misère Nim outcome
//! of the odd counts. A move from an odd step is a misère Nim move. A move
//! from an even step adds coins to one odd heap, and from a misère Nim
//! second-player position (all heaps at most 1 with an odd number of ones, or
//! some heap of 2 or more with XOR zero) adding to one heap always gives a
//! first-player position. So `f` is second-player exactly when every move
//! leads to a first-player position of `f`, and first-player positions have a
//! move to a second-player one: a misère Nim move, or, when every odd step is
//! empty but coins remain, one coin brought down from an even step (leaving a
//! single odd heap of 1); the empty staircase is a win for the player to move
//! under both. By induction `f` is the outcome.
//! The tests check this against an exhaustive search.
//!
//! # Complexity
//!
//! `outcome`, `nimber`, `winning_move`: O(n).
//!
//! # Example
//! ```
//! use stonegame::impartial::staircase::Staircase;
//! use stonegame::{Nimber, Outcome};
//!
//! let game = Staircase::new();
//! // Steps 1..=4 hold 3, 9, 3, 7 coins: the odd steps XOR to 3 ^ 3 = 0.
//! assert_eq!(game.outcome(&[3, 9, 3, 7]), Outcome::Second);
//! assert_eq!(game.nimber(&[2, 0, 5])?, Nimber(7));
//! // Move 2 coins from step 1 (5 coins) to the ground: 3 ^ 3 = 0.
//! assert_eq!(game.winning_move(&[5, 9, 3]).unwrap().to_string(), "1:5->3");
//! # Ok::<(), stonegame::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::impartial::ImpartialGame;
use crate::impartial::misere::{nim_rule_move, nim_rule_outcome};
use crate::impartial::strategy_line::winner_line;
use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};

/// A move in Staircase Nim: `from − to` coins leave step `step + 1` for the
/// step below.
///
/// `step` is the 0-based index into the coin counts (index 0 is step 1). Its
/// `Display` is `I:F->T` with `I` the step number (1-based), `F` the coins on
/// it before and `T` after: `3:5->2` moves 3 coins from step 3 to step 2.
///
/// # Example
/// ```
/// use stonegame::impartial::staircase::StaircaseMove;
/// let m = StaircaseMove { step: 2, from: 5, to: 2 };
/// assert_eq!(m.to_string(), "3:5->2");
/// assert_eq!(m.coins(), 3);
/// assert_eq!(m.apply(&[0, 1, 5])?, [0, 4, 2]);
/// # Ok::<(), stonegame::Error>(())
/// ```
///
/// The fields are public; [`StaircaseMove::new`] and deserialization (with
/// the `serde` feature) accept only a move that moves at least one coin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StaircaseMoveFields"))]
pub struct StaircaseMove {
    /// Index of the step the coins leave (0-based: index 0 is step 1).
    pub step: usize,
    /// Coins on that step before the move.
    pub from: u64,
    /// Coins left on it after the move.
    pub to: u64,
}

/// A staircase move as stored, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "StaircaseMove")]
struct StaircaseMoveFields {
    step: usize,
    from: u64,
    to: u64,
}

#[cfg(feature = "serde")]
impl TryFrom<StaircaseMoveFields> for StaircaseMove {
    type Error = Error;

    fn try_from(fields: StaircaseMoveFields) -> Result<Self> {
        StaircaseMove::new(fields.step, fields.from, fields.to)
    }
}

impl StaircaseMove {
    /// The move of `from - to` coins off step `step + 1`, when it moves at
    /// least one coin.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `to >= from`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::StaircaseMove;
    /// assert_eq!(StaircaseMove::new(2, 5, 2)?.coins(), 3);
    /// assert!(StaircaseMove::new(2, 5, 5).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(step: usize, from: u64, to: u64) -> Result<Self> {
        if to >= from {
            return Err(Error::InvalidParameter {
                name: "staircase move",
                reason: format!(
                    "{from} -> {to} coins on step {}: none moves",
                    step as u128 + 1
                ),
            });
        }
        Ok(Self { step, from, to })
    }

    /// How many coins move down (0 for a hand-built move whose `to` is
    /// above `from`: never a panic).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::StaircaseMove;
    /// assert_eq!(StaircaseMove { step: 0, from: 4, to: 0 }.coins(), 4);
    /// ```
    pub fn coins(&self) -> u64 {
        self.from.saturating_sub(self.to)
    }

    /// The coin counts after the move (coins moved off step 1 leave the game).
    ///
    /// Saturates instead of overflowing if the step below would pass `u64::MAX`
    /// (only reachable from inputs whose total exceeds `u64::MAX`).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if the move does not fit `coins` (a step
    /// past the staircase, `from` not the coins on it, or no coin moved): a
    /// hand-built move is checked, never a panic.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::StaircaseMove;
    /// assert_eq!(StaircaseMove { step: 0, from: 4, to: 1 }.apply(&[4, 2])?, [1, 2]);
    /// assert!(StaircaseMove { step: 5, from: 4, to: 1 }.apply(&[4, 2]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn apply(&self, coins: &[u64]) -> Result<Vec<u64>> {
        if coins.get(self.step) != Some(&self.from) || self.to >= self.from {
            return Err(Error::InvalidParameter {
                name: "staircase move",
                reason: format!(
                    "{self} does not fit a staircase of {} steps{}",
                    coins.len(),
                    coins
                        .get(self.step)
                        .map(|on| format!(" with {on} coins on step {}", self.step as u128 + 1))
                        .unwrap_or_default()
                ),
            });
        }
        Ok(self.applied(coins))
    }

    /// [`apply`](Self::apply) for a move known to fit (listed by the game).
    fn applied(&self, coins: &[u64]) -> Vec<u64> {
        let mut after = coins.to_vec();
        after[self.step] = self.to;
        if self.step > 0 {
            after[self.step - 1] = after[self.step - 1].saturating_add(self.coins());
        }
        after
    }
}

impl fmt::Display for StaircaseMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}->{}", self.step as u128 + 1, self.from, self.to)
    }
}

/// Staircase Nim (normal play). A position is the coin counts on steps
/// `1..=n`, step 1 first.
///
/// Also an [`ImpartialGame`] whose position is the whole staircase (a
/// `Vec<u64>`), for the generic solvers.
///
/// # Example
/// ```
/// use stonegame::impartial::staircase::Staircase;
/// use stonegame::Outcome;
/// let solution = Staircase::new().solve(&[1, 4, 1])?;
/// assert_eq!(solution.outcome(), Outcome::Second);
/// assert_eq!(solution.best_move(), None);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Staircase {
    convention: Convention,
    budget: Budget,
}

impl Staircase {
    /// The game.
    ///
    /// # Example
    /// ```
    /// let _game = stonegame::impartial::staircase::Staircase::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`: under misère play, whoever moves the
    /// last coin to the ground loses.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::staircase::Staircase, Convention, Outcome};
    /// let misere = Staircase::new().with_convention(Convention::Misere);
    /// // One coin on step 1: moving it down is the last move, and loses.
    /// assert_eq!(misere.outcome(&[1]), Outcome::Second);
    /// assert_eq!(misere.outcome(&[0, 3]), Outcome::First);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::staircase::Staircase, Convention};
    /// assert_eq!(Staircase::new().convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Under misère play with every odd step empty, the player to move wins
    /// by bringing exactly one coin down from an even step (leaving one
    /// odd heap of 1); `None` when no coin is left (or an odd step holds one,
    /// the case [`nim_rule_move`] answers).
    fn misere_waiting_move(coins: &[u64]) -> Option<StaircaseMove> {
        if coins.iter().step_by(2).any(|&c| c > 0) {
            return None;
        }
        let step = (1..coins.len()).step_by(2).find(|&i| coins[i] > 0)?;
        Some(StaircaseMove {
            step,
            from: coins[step],
            to: coins[step] - 1,
        })
    }

    /// The coin counts on the odd steps: the heaps of the equivalent Nim.
    fn odd_steps(coins: &[u64]) -> Vec<u64> {
        coins.iter().step_by(2).copied().collect()
    }

    /// The Grundy value: the XOR of the coins on the odd steps.
    ///
    /// # Errors
    /// [`Error::UnsupportedConvention`] under misère play, where Grundy
    /// values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::Staircase;
    /// use stonegame::Nimber;
    /// assert_eq!(Staircase::new().nimber(&[1, 100, 2])?, Nimber(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self, coins: &[u64]) -> crate::Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        Ok(Self::normal_nimber(coins))
    }

    /// The normal-play Grundy value, whatever the convention.
    fn normal_nimber(coins: &[u64]) -> Nimber {
        coins.iter().step_by(2).map(|&c| Nimber(c)).sum()
    }

    /// Who wins with perfect play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::Staircase;
    /// use stonegame::Outcome;
    /// // Coins on step 2 only: whatever comes down to step 1 is answered there.
    /// assert_eq!(Staircase::new().outcome(&[0, 5]), Outcome::Second);
    /// assert_eq!(Staircase::new().outcome(&[1, 5]), Outcome::First);
    /// assert_eq!(Staircase::new().outcome(&[]), Outcome::Second);
    /// ```
    pub fn outcome(&self, coins: &[u64]) -> Outcome {
        match self.convention {
            Convention::Normal => Self::normal_nimber(coins).normal_outcome(),
            Convention::Misere => nim_rule_outcome(&Self::odd_steps(coins)),
        }
    }

    /// A winning move — a Nim move on an odd step — or `None` when the player
    /// to move loses.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::Staircase;
    /// // Odd steps hold 6 and 4: bring step 1 down to 4.
    /// assert_eq!(Staircase::new().winning_move(&[6, 0, 4]).unwrap().to_string(), "1:6->4");
    /// assert_eq!(Staircase::new().winning_move(&[4, 0, 4]), None);
    /// ```
    pub fn winning_move(&self, coins: &[u64]) -> Option<StaircaseMove> {
        let (heap, to) = match self.convention {
            Convention::Normal => {
                let total = Self::normal_nimber(coins).0;
                let heap = coins.iter().step_by(2).position(|&c| c ^ total < c)?;
                (heap, coins[2 * heap] ^ total)
            }
            Convention::Misere => match nim_rule_move(&Self::odd_steps(coins)) {
                Some(nim_move) => nim_move,
                None => return Self::misere_waiting_move(coins),
            },
        };
        let step = 2 * heap;
        Some(StaircaseMove {
            step,
            from: coins[step],
            to,
        })
    }

    /// The loser's fixed reply in [`Staircase::solve`]'s line: one coin down
    /// from the step holding the most coins (the lowest such step).
    fn reply(coins: &[u64]) -> Option<StaircaseMove> {
        let (step, &from) = coins
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|(_, c)| **c)
            .filter(|(_, c)| **c > 0)?;
        Some(StaircaseMove {
            step,
            from,
            to: from - 1,
        })
    }

    /// The full answer: outcome, a winning move and the winner's line against
    /// the loser's reply "one coin down from the fullest step".
    ///
    /// Errors: [`Error::SizeLimitExceeded`] when the coins add up to more than
    /// `u64::MAX` (a step of the line could then overflow); `outcome` and
    /// `winning_move` have no such limit.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::staircase::Staircase;
    /// let solution = Staircase::new().solve(&[0, 2])?;
    /// // 2 ^ 0: the first player must wait; the second answers every move.
    /// assert_eq!(solution.outcome(), stonegame::Outcome::Second);
    /// assert!(solution.is_line_complete());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, coins: &[u64]) -> Result<Solution<Outcome, StaircaseMove>> {
        let total: u128 = coins.iter().map(|&c| u128::from(c)).sum();
        if total > u128::from(u64::MAX) {
            return Err(Error::SizeLimitExceeded {
                what: "total number of coins on the staircase for the line of play",
                value: total,
                limit: u128::from(u64::MAX),
            });
        }
        let (line, complete) = winner_line(
            coins.to_vec(),
            |p| self.winning_move(p),
            |p: &Vec<u64>| Self::reply(p),
            |p, m| m.applied(p),
        );
        Ok(Solution::from_line(self.outcome(coins), line, complete))
    }
}

crate::game::delegate_solve_at!(Staircase, [u64], StaircaseMove, plain);
crate::game::stateless_configure!(Staircase);

crate::game::delegate_nimber_at!(Staircase, [u64]);

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;

    fn for_each_option(
        &self,
        coins: &Vec<u64>,
        mut visit: impl FnMut(&[Vec<u64>]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in 0..coins.len() {
            for to in 0..coins[step] {
                let after = StaircaseMove {
                    step,
                    from: coins[step],
                    to,
                }
                .applied(coins);
                visit(&[after])?;
            }
        }
        ControlFlow::Continue(())
    }
}
