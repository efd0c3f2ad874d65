//! LeetCode 1872 "Stone Game VIII": take the leftmost stones, score their sum,
//! put one stone of that sum back; O(n) over prefix sums from the right.
//!
//! # The recurrence
//!
//! Merging never changes the prefix sums of the original row: after any
//! moves, the first stone is the sum `P(i)` of the first `i` original stones
//! (`P(i) = a_1 + … + a_i`) and the others are the original stones `i+1..=n`.
//! So a position is the number `i` of original stones in the first stone
//! (`i = 1` at the start, the game is over at `i = n`), and a move taking
//! `x > 1` stones goes to `j = i + x − 1 > i` and scores `P(j)`. With `f(i)` the
//! value (mover's total minus the other's) of position `i`:
//!
//! ```text
//! f(n) = 0,    f(i) = max over j in i+1..=n of ( P(j) − f(j) )
//! ```
//!
//! The maximum for `i` is the maximum for `i + 1` plus one new candidate
//! `j = i + 1`, so one sweep from the right keeps it in O(1) per position:
//! O(n) time, and O(1) memory beyond the prefix sums for [`StoneMerge::value`].
//!
//! # Scores
//!
//! Let `M = max |P(j)|` over `j >= 2`. Every `f(i)` with `i < n` lies in
//! `[P(n), 2M]`: `f(n − 1) = P(n)`, `f` only grows as `i` decreases (more
//! choices), and each candidate `P(j) − f(j)` is `P(n)` for `j = n` and at most
//! `P(j) − P(n) <= 2M` otherwise. So every candidate lies in `[−3M, 2M]`: the
//! constructor checks once that `3M` fits the score type.

use super::{Score, ScoringGame, overflow};
use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Outcome, Result};
use std::ops::ControlFlow;

/// LeetCode 1872 "Stone Game VIII": a move takes the `x > 1` leftmost stones,
/// scores their sum and puts back one stone of that sum at the left; the game
/// ends when one stone is left. Stones may be negative.
///
/// The value is the first player's total minus the second's. O(n) time (see
/// the module documentation). A move is the number `x` of stones taken from
/// the current row; among equally good moves the line takes the fewest
/// stones.
///
/// # Example
/// ```
/// use stonegame::scoring::StoneMerge;
/// use stonegame::Outcome;
///
/// let game = StoneMerge::new(vec![-1i64, 2, -3, 4, -5])?;
/// assert_eq!(game.value(), 5);
/// let solution = game.solve()?;
/// // Take four stones (scoring 2), then the other player takes both stones left (−3).
/// assert_eq!(solution.line(), &[4, 2]);
/// assert_eq!(solution.outcome(), Outcome::First);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneMerge<T> {
    stones: Vec<T>,
    /// `prefix[i] = P(i)`, the sum of the first `i` stones.
    prefix: Vec<T>,
    pub(super) budget: Budget,
}

impl<T: Score> StoneMerge<T> {
    /// A row of at least two stones (any sign).
    ///
    /// `stones` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::InvalidParameter`] for fewer than two stones and
    /// with [`Error::ScoreOverflow`] if three times the largest `|P(j)|`
    /// (`j >= 2`) does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// assert!(StoneMerge::new(vec![5i32]).is_err());
    /// assert!(StoneMerge::new(vec![i32::MAX / 2, 0]).is_err());
    /// assert_eq!(StoneMerge::new(vec![-10i32, -12])?.value(), -22);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(stones: impl IntoVec<T>) -> Result<Self> {
        let stones = owned(stones, "stones")?;
        if stones.len() < 2 {
            return Err(Error::InvalidParameter {
                name: "stones",
                reason: format!(
                    "Stone Game VIII needs at least 2 stones (a move takes x > 1 of them), got {}",
                    stones.len()
                ),
            });
        }
        let mut prefix = Vec::with_capacity(stones.len() + 1);
        let mut running = T::zero();
        let mut largest = T::zero();
        prefix.push(running);
        for (index, &v) in stones.iter().enumerate() {
            running = running
                .checked_add(&v)
                .ok_or_else(|| overflow::<T>("a prefix sum of the stones does not fit"))?;
            if index >= 1 {
                let magnitude = if running < T::zero() {
                    running
                        .checked_neg()
                        .ok_or_else(|| overflow::<T>("|a prefix sum| does not fit"))?
                } else {
                    running
                };
                largest = largest.max(magnitude);
            }
            prefix.push(running);
        }
        let three = T::one() + T::one() + T::one();
        largest
            .checked_mul(&three)
            .ok_or_else(|| overflow::<T>("three times the largest |prefix sum| does not fit"))?;
        Ok(Self {
            stones,
            prefix,
            budget: Budget::default(),
        })
    }

    /// The same game solved within `budget` ([`StoneMerge::solve`] keeps one
    /// move per position).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// use stonegame::{Budget, Error};
    /// let game = StoneMerge::new(vec![1i64; 1000])?.with_budget(Budget::from_bytes(100));
    /// assert!(matches!(game.solve(), Err(Error::MemoryBudgetExceeded { .. })));
    /// assert_eq!(game.value(), 1000); // the cheap call needs no table
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The stones.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// assert_eq!(StoneMerge::new(vec![3i64, -1])?.stones(), &[3, -1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stones(&self) -> &[T] {
        &self.stones
    }

    /// First player's total minus second's under optimal play: one sweep from
    /// the right, O(n) time, no allocation.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// assert_eq!(StoneMerge::new(vec![7i64, -6, 5, 10, 5, -2, -6])?.value(), 13);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> T {
        self.sweep(|_, _| {})
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// use stonegame::Outcome;
    /// assert_eq!(StoneMerge::new(vec![-10i64, -12])?.outcome(), Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.value())
    }

    /// The value and the whole line of play: the number of stones each move
    /// takes (ties: fewest). O(n) time, one move per position (n machine
    /// words, refused with [`Error::MemoryBudgetExceeded`] beyond the budget).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMerge;
    /// let solution = StoneMerge::new(vec![7i64, -6, 5, 10, 5, -2, -6])?.solve()?;
    /// assert_eq!(solution.value(), 13);
    /// assert_eq!(solution.line(), &[7]); // taking all seven stones scores 13
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<crate::Solution<T, usize>> {
        let n = self.stones.len();
        self.budget
            .check_elements::<usize>(n as u128, "Stone Game VIII best moves (one per position)")?;
        // target[i]: where the best move from position i leads.
        let mut target = vec![0usize; n];
        let value = self.sweep(|i, j| target[i] = j);
        let mut line = Vec::new();
        let mut i = 1;
        while i < n {
            let j = target[i];
            line.push(j - i + 1);
            i = j;
        }
        Ok(crate::Solution::new(
            value,
            Outcome::from_difference(value),
            line,
        ))
    }

    /// `f(1)`; `record(i, j)` hears the best move `i -> j` of every position
    /// `1 <= i < n` (ties: the smallest `j`, the fewest stones).
    fn sweep(&self, mut record: impl FnMut(usize, usize)) -> T {
        let n = self.stones.len();
        let p = &self.prefix;
        // best = max over j in i+1..=n of P(j) − f(j) = f(i), with its j.
        let (mut best, mut best_j) = (p[n], n);
        record(n - 1, n);
        for i in (1..n - 1).rev() {
            // The candidate j = i + 1 enters; f(i + 1) is the current best.
            let candidate = p[i + 1] - best;
            if candidate >= best {
                best = candidate;
                best_j = i + 1;
            }
            record(i, best_j);
        }
        best
    }
}

impl<T: Score> ScoringGame for StoneMerge<T> {
    /// The number of original stones merged into the first stone (1 at the
    /// start; the game is over at n).
    type Position = usize;
    /// The number `x > 1` of stones taken from the current row.
    type Move = usize;
    type Score = T;

    fn start(&self) -> usize {
        1
    }

    fn for_each_move(
        &self,
        &merged: &usize,
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let row = self.stones.len() + 1 - merged.min(self.stones.len());
        (2..=row).try_for_each(visit)
    }

    fn play(&self, &merged: &usize, &take: &usize) -> (T, usize) {
        let next = merged + take - 1;
        (self.prefix[next], next)
    }
}
