//! Taking stones from the front of a row: suffix dynamic programming with
//! sliding-window maxima.
//!
//! A position is the index of the first stone left (plus `M` for
//! [`FrontDoubling`]); a move is the number of stones taken.

use super::variants::{check_work, cubic_steps};
use super::{DpFamily, DpVariant, Negamax, Score, ScoringGame, abs_sum, totals_from};
use crate::budget::{charge_up_front, filled_vec};
use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Outcome, Result, Solution};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Prefix sums `p[i] = values[0] + … + values[i-1]` (bounded by `sum |values|`,
/// which the constructors check fits).
fn prefix_sums<T: Score>(values: &[T]) -> Vec<T> {
    let mut prefix = Vec::with_capacity(values.len() + 1);
    let mut running = T::zero();
    prefix.push(running);
    for &v in values {
        running = running + v;
        prefix.push(running);
    }
    prefix
}

/// Take 1..=k stones from the front of the row, score their sum: LeetCode
/// 1406 "Stone Game III" (there k = 3), with any k and any integer values.
///
/// Values may be negative. With prefix sums `P` and `dp[i]` the value of the
/// suffix starting at `i`,
///
/// ```text
/// dp[i] = max over j in i+1..=min(i+k, n) of (P[j] − dp[j])  −  P[i]
/// ```
///
/// a sliding-window maximum: a monotonic deque gives every `dp[i]` in O(1)
/// amortised, so every call is O(n) for any `k` (not O(nk)).
///
/// | method | answers | time | memory |
/// |---|---|---|---|
/// | [`value`](Front::value), [`outcome`](Front::outcome), [`totals`](Front::totals) | the start | O(n) | one array of n + 1 values |
/// | [`solve`](Front::solve) | value and the whole optimal line | O(n) | O(n), budget-checked |
/// | [`table`](Front::table) | value and best move of every suffix | O(n) | O(n), budget-checked |
///
/// # Example
/// ```
/// use stonegame::scoring::Front;
/// use stonegame::Outcome;
///
/// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
/// assert_eq!(game.value(), -1);
/// assert_eq!(game.outcome(), Outcome::Second);
/// assert_eq!(game.solve()?.line(), &[3, 1]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Front<T> {
    values: Vec<T>,
    prefix: Vec<T>,
    max_take: usize,
    pub(super) budget: Budget,
}

impl<T: Score> Front<T> {
    /// A row with these values where a move takes 1..=`max_take` stones.
    ///
    /// `values` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::InvalidParameter`] if `max_take` is 0 and with
    /// [`Error::ScoreOverflow`] if `sum |values|` does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// assert!(Front::new(vec![1i32, 2], 0).is_err());
    /// assert!(Front::new(vec![1i32, 2], 5).is_ok());
    /// ```
    pub fn new(values: impl IntoVec<T>, max_take: usize) -> Result<Self> {
        let values = owned(values, "stone values")?;
        if max_take == 0 {
            return Err(Error::InvalidParameter {
                name: "max_take",
                reason: "a move must be allowed to take at least 1 stone (max_take >= 1)"
                    .to_string(),
            });
        }
        abs_sum(&values, "stone values")?;
        let prefix = prefix_sums(&values);
        Ok(Self {
            values,
            prefix,
            max_take,
            budget: Budget::default(),
        })
    }

    /// The same game with `budget` for its table ([`Front::solve`], [`Front::table`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// use stonegame::{Budget, Error};
    /// let game = Front::new(vec![1i64; 1000], 3)?.with_budget(Budget::from_bytes(100));
    /// assert!(matches!(game.solve(), Err(Error::MemoryBudgetExceeded { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The stone values.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Front::new(vec![4i64], 1).unwrap().values(), &[4]);
    /// ```
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// The most stones one move may take.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Front::new(vec![4i64], 3).unwrap().max_take(), 3);
    /// ```
    pub fn max_take(&self) -> usize {
        self.max_take
    }

    /// First player's total minus second's under optimal play, without the
    /// table of best moves: O(n) time, one array of n + 1 values (the size
    /// of the prefix sums the game already holds).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// assert_eq!(Front::new(vec![1i64, 2, 3, -9], 3).unwrap().value(), 15);
    /// ```
    pub fn value(&self) -> T {
        self.sweep(|_, _| {})[0]
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// use stonegame::Outcome;
    /// assert_eq!(Front::new(vec![1i64, 2, 3, -9], 3).unwrap().outcome(), Outcome::First);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.value())
    }

    /// `(first player's total, second player's total)`; every stone is scored,
    /// so they follow from the difference.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// assert_eq!(Front::new(vec![1i64, 2, 3, 7], 3).unwrap().totals(), (6, 7));
    /// ```
    pub fn totals(&self) -> (T, T) {
        totals_from(self.prefix[self.values.len()], self.value())
    }

    /// Value, outcome and the whole optimal line (ties go to taking fewer
    /// stones), through [`Front::table`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let solution = Front::new(vec![1i64, 2, 3, -9], 3)?.solve()?;
    /// assert_eq!(solution.value(), 15);
    /// assert_eq!(solution.line(), &[3, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<T, usize>> {
        Ok(self.table()?.solution())
    }

    /// Solves every suffix in O(n) time and memory: the value and best move of
    /// each position (ties go to taking fewer stones).
    ///
    /// Fails with [`Error::MemoryBudgetExceeded`] if the two arrays of n + 1
    /// cells and the window exceed the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let table = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?;
    /// assert_eq!(table.value_at(3), Some(7));
    /// assert_eq!(table.best_move(0), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<FrontTable<T>> {
        let n = self.values.len();
        let per_position = std::mem::size_of::<T>() + 2 * std::mem::size_of::<usize>();
        self.budget.check_bytes(
            (n as u128 + 1) * per_position as u128,
            "take-from-front tables (value, move and window per position)",
        )?;
        let mut take = filled_vec(n, 0usize, "take-from-front best moves", self.budget)?;
        let value = self.sweep(|i, best| take[i] = best);
        Ok(FrontTable {
            value,
            take,
            total: self.prefix[n],
        })
    }

    /// The value of every suffix; `record(i, take)` hears each best move.
    fn sweep(&self, mut record: impl FnMut(usize, usize)) -> Vec<T> {
        let n = self.values.len();
        let p = &self.prefix;
        let mut value = vec![T::zero(); n + 1];
        // Candidates j for the window i+1..=i+k, with P[j] - dp[j] strictly
        // decreasing from front to back: the front is the maximum, and among
        // equal maxima the smallest j (fewest stones) survives.
        let mut window: VecDeque<usize> = VecDeque::with_capacity(self.max_take.min(n) + 1);
        let gain = |value: &[T], j: usize| p[j] - value[j];
        for i in (0..n).rev() {
            let entering = i + 1;
            let entering_gain = gain(&value, entering);
            while window
                .back()
                .is_some_and(|&j| gain(&value, j) <= entering_gain)
            {
                window.pop_back();
            }
            window.push_back(entering);
            while window.front().is_some_and(|&j| j - i > self.max_take) {
                window.pop_front();
            }
            let best = window.front().copied().unwrap_or(entering);
            value[i] = gain(&value, best) - p[i];
            record(i, best - i);
        }
        value
    }
}

/// Every position of a [`Front`] game solved ([`Front::table`]): the value
/// and best move of each suffix. A position is the index of the first stone
/// left; a move is the number of stones taken.
///
/// # Example
/// ```
/// use stonegame::scoring::Front;
/// let table = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?;
/// assert_eq!(table.value_at(3), Some(7));
/// assert_eq!(table.best_move(0), Some(3));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontTable<T> {
    /// `value[i]`: the value of the suffix starting at `i` (`value[n] = 0`).
    value: Vec<T>,
    /// `take[i]`: the best number of stones to take at `i`.
    take: Vec<usize>,
    total: T,
}

impl<T: Score> FrontTable<T> {
    /// First player's total minus second's under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// assert_eq!(Front::new(vec![1i64, 2, 3, 6], 3)?.table()?.value(), 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> T {
        self.value[0]
    }

    /// `(first player's total, second player's total)`; every stone is scored,
    /// so they follow from the difference.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// assert_eq!(Front::new(vec![1i64, 2, 3, 7], 3)?.table()?.totals(), (6, 7));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> (T, T) {
        totals_from(self.total, self.value())
    }

    /// The value for the player to move when stones `first..` remain (`None` past the end).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let table = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?;
    /// assert_eq!(table.value_at(4), Some(0));
    /// assert_eq!(table.value_at(5), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_at(&self, first: usize) -> Option<T> {
        self.value.get(first).copied()
    }

    /// How many stones to take when stones `first..` remain (`None` when none remain).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let table = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?;
    /// assert_eq!(table.best_move(1), Some(3));
    /// assert_eq!(table.best_move(4), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, first: usize) -> Option<usize> {
        self.take.get(first).copied()
    }

    /// The optimal line when stones `first..` remain: the number of stones
    /// each move takes.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let table = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?;
    /// assert_eq!(table.line_from(0), vec![3, 1]);
    /// assert_eq!(table.line_from(2), vec![2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn line_from(&self, mut first: usize) -> Vec<usize> {
        let mut line = Vec::new();
        while let Some(take) = self.best_move(first) {
            line.push(take);
            first += take;
        }
        line
    }

    /// Value, outcome and the optimal line from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// let solution = Front::new(vec![1i64, 2, 3, 7], 3)?.table()?.solution();
    /// assert_eq!((solution.value(), solution.line()), (-1, &[3, 1][..]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solution(&self) -> Solution<T, usize> {
        let value = self.value();
        Solution::new(value, Outcome::from_difference(value), self.line_from(0))
    }
}

impl<T: Score> ScoringGame for Front<T> {
    type Position = usize;
    type Move = usize;
    type Score = T;

    fn start(&self) -> usize {
        0
    }

    fn for_each_move(
        &self,
        &first: &usize,
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let left = self.values.len().saturating_sub(first);
        (1..=self.max_take.min(left)).try_for_each(visit)
    }

    fn play(&self, &first: &usize, &take: &usize) -> (T, usize) {
        (self.prefix[first + take] - self.prefix[first], first + take)
    }
}

/// Take `X` stones from the front, `1 <= X <= 2M`, score their sum, then
/// `M = max(M, X)`, with `M = 1` at the start: LeetCode 1140 "Stone Game II",
/// with any integer values (LeetCode's are positive).
///
/// A position is `(first stone left, M)`. Once `2M >= stones left`, every
/// number of stones is allowed for the rest of the game, so all such `M` share
/// one value `U[i]` (the unrestricted game, a suffix maximum). (The shortcut
/// "then take everything", common in solutions for positive values, is wrong
/// for negative values: with `[5, -10]` left, taking 5 and leaving −10 wins by 15.)
///
/// For the other states, `value(i, M)` is the larger of two window maxima:
/// over `X <= M` the child is `(i+X, M)`, a window `i+1..=i+M` in row `M`
/// that slides as `i` decreases; over `M < X <= 2M` the child is `(i+X, X)`,
/// a window `M+1..=2M` over `X` that slides as `M` grows. Monotonic deques
/// give both in O(1) amortised: the table is O(n²) time and memory (about
/// n²/2 cells, budget-checked), where the direct recurrence is O(n³). Every
/// call needs the table, so every call returns a `Result`.
///
/// | method | answers | time | memory |
/// |---|---|---|---|
/// | [`value`](FrontDoubling::value), [`outcome`](FrontDoubling::outcome), [`totals`](FrontDoubling::totals) | the start | O(n²) | O(n²), budget-checked |
/// | [`solve`](FrontDoubling::solve) | value and the whole optimal line | O(n²) | O(n²), budget-checked |
/// | [`table`](FrontDoubling::table) | value and best move of every state | O(n²) | O(n²), budget-checked |
///
/// # Example
/// ```
/// use stonegame::scoring::FrontDoubling;
///
/// let game = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?;
/// assert_eq!(game.totals()?, (10, 16));
/// assert_eq!(game.value()?, -6);
/// assert_eq!(game.solve()?.line(), &[1, 2, 2]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontDoubling<T> {
    values: Vec<T>,
    prefix: Vec<T>,
    pub(super) budget: Budget,
}

impl<T: Score> FrontDoubling<T> {
    /// A row with these values.
    ///
    /// `values` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::ScoreOverflow`] if `sum |values|` does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// assert!(FrontDoubling::new(vec![i32::MAX, 1]).is_err());
    /// ```
    pub fn new(values: impl IntoVec<T>) -> Result<Self> {
        let values = owned(values, "stone values")?;
        abs_sum(&values, "stone values")?;
        let prefix = prefix_sums(&values);
        Ok(Self {
            values,
            prefix,
            budget: Budget::default(),
        })
    }

    /// The same game with `budget` for its table.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// use stonegame::{Budget, Error};
    /// let game = FrontDoubling::new(vec![1i64; 10_000])?.with_budget(Budget::from_mebibytes(1));
    /// assert!(matches!(game.value(), Err(Error::MemoryBudgetExceeded { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The stone values.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::FrontDoubling::new(vec![4i64]).unwrap().values(), &[4]);
    /// ```
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// First player's total minus second's under optimal play (through the table).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// assert_eq!(FrontDoubling::new(vec![5i64, -10])?.value()?, 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> Result<T> {
        Ok(self.table()?.value())
    }

    /// The value by one named DP variant ([`DpFamily::FrontDoubling`]):
    /// memoised ([`Negamax`], O(n³) moves), full table (every state `(i, M)`
    /// bottom-up trying every move, O(n³) time, (n + 1)² cells) or sliding
    /// window ([`FrontDoubling::value`], O(n²)).
    ///
    /// Fails with [`Error::InvalidParameter`] for a variant the family
    /// lacks, [`Error::MemoryBudgetExceeded`] when the table exceeds the
    /// budget and [`Error::WorkLimitWouldExceed`] (before they start) when
    /// the cubic variants would pass the work cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, FrontDoubling};
    /// let game = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?;
    /// for &variant in DpFamily::FrontDoubling.variants() {
    ///     assert_eq!(game.value_by(variant)?, -6);
    /// }
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_by(&self, variant: DpVariant) -> Result<T> {
        match variant {
            DpVariant::Memoised => Negamax::new(self).with_budget(self.budget).value(),
            DpVariant::FullTable => self.value_by_full_table(),
            DpVariant::SlidingWindow => self.value(),
            other => Err(DpFamily::FrontDoubling.unsupported(other)),
        }
    }

    /// Every state `(i, M)`, `M <= n`, bottom-up over `i` descending, trying
    /// every move: the textbook O(n³) table.
    fn value_by_full_table(&self) -> Result<T> {
        let n = self.values.len();
        let width = n + 1;
        self.budget.check_elements::<T>(
            width as u128 * width as u128,
            "take-up-to-2M full table ((n + 1)² cells)",
        )?;
        check_work(
            self.budget,
            2 * cubic_steps(n),
            "take-up-to-2M full table (about n³/3 moves)",
        )?;
        let p = &self.prefix;
        // value[i * width + m] for 1 <= m <= n; row n (no stone left) is 0.
        let mut value = filled_vec(
            width * width,
            T::zero(),
            "take-up-to-2M full table ((n + 1)² cells)",
            self.budget,
        )?;
        let steps = u64::try_from(2 * cubic_steps(n)).ok();
        let watch = self.budget.watch("take-up-to-2M full table", steps);
        for i in (0..n).rev() {
            // Moves tried so far: about (n - i)² n / 2, at most n² a row, so
            // a row of thousands of stones looks again along the row (the
            // count stays below the next row's).
            let row_start = ((n - i) * (n - i)) as u64 * n as u64 / 2;
            for m in 1..=n {
                watch.poll(row_start + m as u64 * (n - i) as u64)?;
                let most = (2 * m).min(n - i);
                let mut best: Option<T> = None;
                for take in 1..=most {
                    let next = (i + take) * width + m.max(take);
                    let candidate = p[i + take] - p[i] - value[next];
                    best = Some(best.map_or(candidate, |b| b.max(candidate)));
                }
                value[i * width + m] = best.unwrap_or_else(T::zero);
            }
        }
        Ok(if n == 0 { T::zero() } else { value[1] })
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// use stonegame::Outcome;
    /// assert_eq!(FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.outcome()?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(Outcome::from_difference(self.value()?))
    }

    /// `(first player's total, second player's total)`; every stone is scored,
    /// so they follow from the difference.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// assert_eq!(FrontDoubling::new(vec![1i64, 2, 3, 4, 5, 100])?.totals()?, (104, 11));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> Result<(T, T)> {
        Ok(self.table()?.totals())
    }

    /// Value, outcome and the whole optimal line (ties go to taking fewer stones).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let solution = FrontDoubling::new(vec![1i64, 2, 3, 4, 5, 100])?.solve()?;
    /// assert_eq!(solution.line(), &[1, 1, 1, 2, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<T, usize>> {
        Ok(self.table()?.solution())
    }

    /// Solves every state `(i, M)` in O(n²) time and memory (see the type's
    /// documentation). Ties go to taking fewer stones.
    ///
    /// Fails with [`Error::MemoryBudgetExceeded`] if the table (about
    /// n²/2 cells of `T` plus the windows) exceeds the budget,
    /// [`Error::AllocationRefused`] if the system refuses it, and
    /// [`Error::WorkLimitWouldExceed`] before it starts when its cells times
    /// [`FRONT_DOUBLING_STEPS_PER_CELL`] pass the work cap
    /// ([`DEFAULT_FRONT_DOUBLING_WORK`] unless [`Budget::with_work`] sets one).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let table = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.table()?;
    /// assert_eq!(table.value_at(2, 2), Some(17));
    /// assert_eq!(table.best_move(2, 2), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<FrontDoublingTable<T>> {
        const WHAT: &str = "take-up-to-2M table (about n²/2 cells)";
        let n = self.values.len();
        // Rows M = 1..=rows are the only ones where 2M < n - i for some i.
        let rows = n.saturating_sub(1) / 2;
        let width = n + 1;
        let cells = rows as u128 * width as u128;
        // The rings (rows(rows + 3)/2 pairs), the second window (2 rows + 2
        // pairs) and the rows' ends, starts and front gains.
        let pair = (std::mem::size_of::<T>() + std::mem::size_of::<usize>()) as u128;
        let window_cells = (rows as u128) * (rows as u128 + 3) / 2 + 2 * rows as u128 + 2;
        let row_state =
            rows as u128 * (3 * std::mem::size_of::<usize>() + std::mem::size_of::<T>()) as u128;
        self.budget.check_bytes(
            cells * std::mem::size_of::<T>() as u128
                + window_cells * pair
                + row_state
                + width as u128 * std::mem::size_of::<T>() as u128,
            WHAT,
        )?;
        charge_up_front(
            self.budget,
            DEFAULT_FRONT_DOUBLING_WORK,
            cells.saturating_mul(FRONT_DOUBLING_STEPS_PER_CELL),
            || format!("front-doubling (take up to 2M) on {n} stones"),
        )?;
        let mut prefix = filled_vec(width, T::zero(), WHAT, self.budget)?;
        prefix.copy_from_slice(&self.prefix);
        let mut table = FrontDoublingTable {
            prefix,
            unrestricted: filled_vec(width, T::zero(), WHAT, self.budget)?,
            rows,
            cells: filled_vec(cells as usize, T::zero(), WHAT, self.budget)?,
        };
        table.fill(self.budget)?;
        Ok(table)
    }
}

/// Work steps charged per cell of [`FrontDoubling::table`] (about n²/2
/// cells): a cell costs 50–65 ns on the reference machine from 6,000 to
/// 10,000 stones (`tools/work-calibration`; more as the windows outgrow the
/// caches), so a step stays near a nanosecond.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::scoring::{FRONT_DOUBLING_STEPS_PER_CELL, FrontDoubling};
/// // 9 stones: rows M = 1..=4 of 10 cells each.
/// let steps = (40 * FRONT_DOUBLING_STEPS_PER_CELL) as u64;
/// let game = FrontDoubling::new(vec![1i64; 9])?;
/// assert!(game.clone().with_budget(Budget::default().with_work(steps)).value().is_ok());
/// assert!(game.with_budget(Budget::default().with_work(steps - 1)).value().is_err());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub const FRONT_DOUBLING_STEPS_PER_CELL: u128 = 64;

/// The default work cap of [`FrontDoubling::table`]: about ten seconds of
/// CPU (156,000,000 cells, a row of 17,700 stones, beyond the 1 GiB table
/// of the default budget at about 16,000), unless
/// [`Budget::with_work`] sets one.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::scoring::FrontDoubling;
/// let game = FrontDoubling::new(vec![1i64; 2000])?;
/// assert!(game.clone().with_budget(Budget::default().with_work(1_000)).value().is_err());
/// assert!(game.value().is_ok());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub const DEFAULT_FRONT_DOUBLING_WORK: u64 = 10_000_000_000;

/// Moves one window of [`FrontDoublingTable::fill`]: `(entering, j)` joins
/// the ring (the entries it beats leave the back), the entries past `last`
/// leave the front, and the window's maximum is returned. `ring` is the
/// window's ring (capacity = its length), `front` and `len` its state.
#[inline(always)]
fn slide<T: Score>(
    ring: &mut [(T, usize)],
    front: &mut usize,
    len: &mut usize,
    entering: T,
    j: usize,
    last: usize,
) -> T {
    let capacity = ring.len();
    let wrap = |at: usize| if at >= capacity { at - capacity } else { at };
    while *len > 0 && ring[wrap(*front + *len - 1)].0 <= entering {
        *len -= 1;
    }
    ring[wrap(*front + *len)] = (entering, j);
    *len += 1;
    // `j <= last` itself never leaves, so the window is never empty.
    while ring[*front].1 > last {
        *front = wrap(*front + 1);
        *len -= 1;
    }
    ring[*front].0
}

/// Every state `(first stone left, M)` of a [`FrontDoubling`] game solved
/// ([`FrontDoubling::table`]); a move is the number of stones taken.
///
/// # Example
/// ```
/// use stonegame::scoring::FrontDoubling;
/// let table = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.table()?;
/// assert_eq!(table.best_move(0, 1), Some(1));
/// assert_eq!(table.line_from(0, 1), vec![1, 2, 2]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontDoublingTable<T> {
    prefix: Vec<T>,
    /// `unrestricted[i]`: the value from `i` when any number may be taken.
    unrestricted: Vec<T>,
    rows: usize,
    /// `value(j, M)` at `j * rows + (M - 1)`: the states of one stone index
    /// are adjacent, which is the order the fill visits them in.
    cells: Vec<T>,
}

impl<T: Score> FrontDoublingTable<T> {
    fn stones(&self) -> usize {
        self.prefix.len() - 1
    }

    /// `value(i, m)` for `i <= n` and `m >= 1`, from cells already computed.
    fn get(&self, i: usize, m: usize) -> T {
        let n = self.stones();
        if m.saturating_mul(2) >= n - i || m > self.rows {
            self.unrestricted[i]
        } else {
            self.cells[i * self.rows + (m - 1)]
        }
    }

    fn fill(&mut self, budget: Budget) -> Result<()> {
        const WHAT: &str = "take-up-to-2M windows";
        let n = self.stones();
        let rows = self.rows;
        let p = std::mem::take(&mut self.prefix);
        // Row m's window i+1..=i+m: `(gain, j)` pairs, gain = P[j] - value(j, m)
        // strictly decreasing front to back (front: the maximum with the
        // smallest j), in a ring of capacity m + 1 inside one flat array
        // (`ring_start[m - 1]`), with its front and length in `ends`. Flat
        // rings instead of one `VecDeque` per row: no header to load per
        // row, and the wrap is a compare, not a division. Gains are kept
        // beside the indices so a comparison never reads the table again.
        let mut ring_start = filled_vec(rows, 0usize, WHAT, budget)?;
        let mut start = 0;
        for (m, here) in (1..).zip(&mut ring_start) {
            *here = start;
            start += m + 1;
        }
        let mut rings = filled_vec(rows * (rows + 3) / 2, (T::zero(), 0usize), WHAT, budget)?;
        let mut ends = filled_vec(rows, (0usize, 0usize), WHAT, budget)?;
        // best_small[m - 1]: the front gain of row m's window for the current
        // i, written as the window moves and read in order by the second
        // part (instead of going back to each ring).
        let mut best_small = filled_vec(rows, T::zero(), WHAT, budget)?;
        // The window over X (child (i+X, X)), M+1..=2M, rebuilt for every i
        // in a plain array: entries front..back.
        let mut second_part = filled_vec(2 * rows + 2, (T::zero(), 0usize), WHAT, budget)?;
        let mut best_unrestricted: Option<T> = None;
        let cells = (rows * n) as u64 * FRONT_DOUBLING_STEPS_PER_CELL as u64;
        let watch = budget.watch("front-doubling (take up to 2M)", Some(cells));
        for i in (0..n).rev() {
            // A step count per cell, as charged up front.
            watch.poll(((n - 1 - i) * rows) as u64 * FRONT_DOUBLING_STEPS_PER_CELL as u64)?;
            let j = i + 1;
            let gain_all = p[j] - self.unrestricted[j];
            best_unrestricted = Some(best_unrestricted.map_or(gain_all, |g| g.max(gain_all)));
            self.unrestricted[i] = best_unrestricted.unwrap_or(gain_all) - p[i];
            // Row m of stone j is restricted while 2m < n - j: those rows read
            // value(j, m) from the table, the others all have unrestricted[j].
            let restricted_at_j = ((n - j).saturating_sub(1) / 2).min(rows);
            let row_j = &self.cells[(j * rows).min(self.cells.len())..][..restricted_at_j];
            let gain_unrestricted = p[j] - self.unrestricted[j];
            let rows_state = ring_start.iter().zip(ends.iter_mut()).zip(&mut best_small);
            for (row, ((&start, (front, len)), best)) in rows_state.enumerate() {
                let entering = match row_j.get(row) {
                    Some(&value_j) => p[j] - value_j,
                    None => gain_unrestricted,
                };
                let m = row + 1;
                *best = slide(
                    &mut rings[start..start + m + 1],
                    front,
                    len,
                    entering,
                    j,
                    i + m,
                );
            }
            // The older (smaller X) candidate stays in front on ties.
            let (mut front, mut back) = (0, 0);
            let restricted_rows = ((n - i - 1) / 2).min(rows);
            for m in 1..=restricted_rows {
                for x in (m + 1).max(2 * m - 1)..=2 * m {
                    let entering = p[i + x] - self.get_with(&p, i + x, x);
                    while back > front && second_part[back - 1].0 < entering {
                        back -= 1;
                    }
                    second_part[back] = (entering, x);
                    back += 1;
                }
                while back > front && second_part[front].1 <= m {
                    front += 1;
                }
                let small = best_small[m - 1];
                let best = if back > front {
                    small.max(second_part[front].0)
                } else {
                    small
                };
                self.cells[i * rows + (m - 1)] = best - p[i];
            }
            for m in restricted_rows + 1..=rows {
                self.cells[i * rows + (m - 1)] = self.unrestricted[i];
            }
        }
        self.prefix = p;
        Ok(())
    }

    /// [`get`](Self::get) while the prefix sums are borrowed out of `self`.
    fn get_with(&self, p: &[T], i: usize, m: usize) -> T {
        let n = p.len() - 1;
        if m.saturating_mul(2) >= n - i || m > self.rows {
            self.unrestricted[i]
        } else {
            self.cells[i * self.rows + (m - 1)]
        }
    }

    /// First player's total minus second's under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// assert_eq!(FrontDoubling::new(vec![5i64, -10])?.table()?.value(), 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> T {
        self.get(0, 1)
    }

    /// `(first player's total, second player's total)`; every stone is scored,
    /// so they follow from the difference.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// assert_eq!(FrontDoubling::new(vec![1i64, 2, 3, 4, 5, 100])?.table()?.totals(), (104, 11));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> (T, T) {
        totals_from(self.prefix[self.stones()], self.value())
    }

    /// The value for the player to move at state `(first stone left, M)`;
    /// `None` if `first > n` or `m == 0`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let table = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.table()?;
    /// assert_eq!(table.value_at(2, 2), Some(17));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_at(&self, first: usize, m: usize) -> Option<T> {
        (first <= self.stones() && m >= 1).then(|| self.get(first, m))
    }

    /// The best number of stones to take at `(first, M)` (ties: fewest);
    /// `None` when no stone is left or the state is invalid.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let table = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.table()?;
    /// assert_eq!(table.best_move(2, 2), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, first: usize, m: usize) -> Option<usize> {
        let n = self.stones();
        if first >= n || m == 0 {
            return None;
        }
        let most = m.saturating_mul(2).min(n - first);
        let mut best: Option<(T, usize)> = None;
        for take in 1..=most {
            let next_m = m.max(take);
            let candidate =
                self.prefix[first + take] - self.prefix[first] - self.get(first + take, next_m);
            if best.is_none_or(|(value, _)| candidate > value) {
                best = Some((candidate, take));
            }
        }
        best.map(|(_, take)| take)
    }

    /// The optimal line from state `(first, M)`: the number of stones each
    /// move takes (empty for an invalid state).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let table = FrontDoubling::new(vec![1i64, 2, 3, 4, 5, 100])?.table()?;
    /// assert_eq!(table.line_from(0, 1), vec![1, 1, 1, 2, 1]);
    /// assert_eq!(table.line_from(3, 2), vec![3]); // 4 + 5 + 100: 2M = 4 covers the rest
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn line_from(&self, mut first: usize, mut m: usize) -> Vec<usize> {
        let mut line = Vec::new();
        while let Some(take) = self.best_move(first, m) {
            line.push(take);
            first += take;
            m = m.max(take);
        }
        line
    }

    /// Value, outcome and the optimal line from the start `(0, 1)`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::FrontDoubling;
    /// let solution = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.table()?.solution();
    /// assert_eq!((solution.value(), solution.line()), (-6, &[1, 2, 2][..]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solution(&self) -> Solution<T, usize> {
        let value = self.value();
        Solution::new(value, Outcome::from_difference(value), self.line_from(0, 1))
    }
}

impl<T: Score> ScoringGame for FrontDoubling<T> {
    /// `(first stone left, M)`.
    type Position = (usize, usize);
    type Move = usize;
    type Score = T;

    fn start(&self) -> (usize, usize) {
        (0, 1)
    }

    fn for_each_move(
        &self,
        &(first, m): &(usize, usize),
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let left = self.values.len().saturating_sub(first);
        (1..=m.saturating_mul(2).min(left)).try_for_each(visit)
    }

    fn play(&self, &(first, m): &(usize, usize), &take: &usize) -> (T, (usize, usize)) {
        (
            self.prefix[first + take] - self.prefix[first],
            (first + take, m.max(take)),
        )
    }
}
