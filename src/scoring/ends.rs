// Why this file is long (about 1,500 lines): the two take-from-either-end
// games, Ends (score the stone) and EndsRemainder (score what remains), share
// one interval-table layout, its budget and work charges and its line
// reconstruction; about 620 lines are doc comments with runnable examples and
// 60 are unit tests. EndsRemainder could move to a sibling file if either grows.
//! Taking stones from either end of a row: interval dynamic programming.
//!
//! Positions are half-open intervals `(left, right)`: the stones
//! `values[left..right]` are still in the row.

use super::{DpFamily, DpVariant, Negamax, Score, ScoringGame, abs_sum, overflow, totals_from};
use crate::budget::{charge_up_front, filled_vec};
use crate::control::Watch;
use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Outcome, Result, Solution};
use std::fmt;
use std::ops::ControlFlow;

/// Which end of the row a move takes.
///
/// Displayed as `L` and `R`.
///
/// # Example
/// ```
/// use stonegame::scoring::End;
/// assert_eq!(format!("{} {}", End::Left, End::Right), "L R");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// The leftmost stone.
    Left,
    /// The rightmost stone.
    Right,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Left => "L",
            End::Right => "R",
        })
    }
}

impl End {
    /// The interval left after taking this end of `(left, right)` (which must be non-empty).
    fn apply(self, (left, right): (usize, usize)) -> (usize, usize) {
        match self {
            End::Left => (left + 1, right),
            End::Right => (left, right - 1),
        }
    }
}

/// What a move scores in an end-taking game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The value of the stone taken (LeetCode 877).
    TakenStone,
    /// The sum of the stones that remain (LeetCode 1690).
    Remainder,
}

/// Prefix sums `p[i] = values[0] + … + values[i-1]`; the caller has checked
/// that `sum |values|` fits, which bounds every prefix sum.
pub(crate) fn prefix_sums<T: Score>(values: &[T]) -> Vec<T> {
    let mut prefix = Vec::with_capacity(values.len() + 1);
    let mut running = T::zero();
    prefix.push(running);
    for &v in values {
        running = running + v;
        prefix.push(running);
    }
    prefix
}

/// Points scored by taking `end` of the interval `(left, right)` under `rule`.
fn points<T: Score>(rule: Rule, prefix: &[T], (left, right): (usize, usize), end: End) -> T {
    match (rule, end) {
        (Rule::TakenStone, End::Left) => prefix[left + 1] - prefix[left],
        (Rule::TakenStone, End::Right) => prefix[right] - prefix[right - 1],
        (Rule::Remainder, End::Left) => prefix[right] - prefix[left + 1],
        (Rule::Remainder, End::Right) => prefix[right - 1] - prefix[left],
    }
}

/// Take the stone at either end of the row, score its value: LeetCode 877
/// "Stone Game" and AtCoder Educational DP Contest L "Deque", with any
/// integer values.
///
/// Values may be negative. [`Ends::new`] checks that `sum |values|` fits the
/// score type, which bounds every value and total.
///
/// | method | answers | time | memory |
/// |---|---|---|---|
/// | [`value`](Ends::value), [`outcome`](Ends::outcome), [`totals`](Ends::totals) | the start | O(n²) | O(n) |
/// | [`solve`](Ends::solve) | value and the whole optimal line | O(n²), work-capped | O(n) |
/// | [`table`](Ends::table) | value and best move of every interval | O(n²) | O(n²), budget-checked |
/// | [`colouring_strategy`](Ends::colouring_strategy) | a never-losing strategy for even n | O(n) | O(1) |
///
/// # Example
/// ```
/// use stonegame::scoring::{End, Ends};
/// use stonegame::Outcome;
///
/// let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
/// assert_eq!(game.value(), 1);
/// assert_eq!(game.totals(), (8, 7));
/// assert_eq!(game.outcome(), Outcome::First);
/// assert_eq!(game.solve()?.best_move(), Some(&End::Left));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ends<T> {
    values: Vec<T>,
    pub(super) budget: Budget,
}

impl<T: Score> Ends<T> {
    /// A row of stones with these values.
    ///
    /// `values` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::ScoreOverflow`](crate::Error::ScoreOverflow) if `sum |values|` does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// assert!(Ends::new(vec![100i8, -27]).is_ok());
    /// assert!(Ends::new(vec![100i8, 28]).is_err());
    /// ```
    pub fn new(values: impl IntoVec<T>) -> Result<Self> {
        let values = owned(values, "stone values")?;
        abs_sum(&values, "stone values")?;
        Ok(Self {
            values,
            budget: Budget::default(),
        })
    }

    /// The same game with `budget` for its tables ([`Ends::solve`], [`Ends::table`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// use stonegame::{Budget, Error};
    /// let game = Ends::new(vec![1i64; 1000])?.with_budget(Budget::from_bytes(1 << 10));
    /// assert!(matches!(game.table(), Err(Error::MemoryBudgetExceeded { .. })));
    /// assert_eq!(game.value(), 0); // the cheap call needs no table
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The stone values.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Ends::new(vec![1i32, 2]).unwrap().values(), &[1, 2]);
    /// ```
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// First player's total minus second's under optimal play: O(n) time, by
    /// peak reduction (see [`EndsReducer`]; the [scoring guide](crate::guide::scoring) gives the
    /// proof and how it is tested).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// assert_eq!(Ends::new(vec![1i64, 100, 2, 3]).unwrap().value(), 100);
    /// ```
    pub fn value(&self) -> T {
        linear_value(&self.values)
    }

    /// The same value by the O(n²)-time, O(n)-memory interval DP: the
    /// reference [`Ends::value`] is tested against, and a benchmark
    /// baseline. Its n(n-1)/2 cells are charged up front, a step each,
    /// against the work cap ([`DEFAULT_REMAINDER_WORK`] unless the budget
    /// sets one), as [`Ends::value_by`] charges them.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// use stonegame::{Budget, Error};
    /// let game = Ends::new(vec![4i64, 2, 9, 7, 1, 5])?;
    /// assert_eq!(game.value_by_interval_dp()?, game.value());
    /// let capped = game.with_budget(Budget::default().with_work(14));
    /// assert!(matches!(capped.value_by_interval_dp(), Err(Error::WorkLimitWouldExceed { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_by_interval_dp(&self) -> Result<T> {
        let cells = charge_interval_cells(self.budget, self.values.len(), 1, "ends interval DP")?;
        ends_difference(
            &self.values,
            &self.budget.watch("ends interval DP", Some(cells)),
        )
    }

    /// The value by one named DP variant ([`DpFamily::Ends`]): memoised
    /// ([`Negamax`]), full table ([`Ends::table`]), rolling (row-major,
    /// `i` descending), length-major ([`Ends::value_by_interval_dp`]) or
    /// linear ([`Ends::value`]). All agree; the [benchmarks](crate::guide::benchmarks) time them.
    ///
    /// Fails with [`Error::InvalidParameter`] for a variant the family
    /// lacks, with [`Error::MemoryBudgetExceeded`] when a memo or table
    /// exceeds the budget, with [`Error::WorkLimitWouldExceed`] when the
    /// quadratic variants' cells (charged up front, a step each) would pass
    /// the work cap and with [`Error::WorkLimitExceeded`] when the memoised
    /// search reaches it.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, Ends};
    /// let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
    /// for &variant in DpFamily::Ends.variants() {
    ///     assert_eq!(game.value_by(variant)?, 1);
    /// }
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_by(&self, variant: DpVariant) -> Result<T> {
        match variant {
            DpVariant::Memoised => Negamax::new(self).with_budget(self.budget).value(),
            DpVariant::FullTable => Ok(self.table()?.value()),
            DpVariant::Rolling => {
                let cells =
                    charge_interval_cells(self.budget, self.values.len(), 1, "ends rolling DP")?;
                ends_rolling(
                    &self.values,
                    &self.budget.watch("ends rolling DP", Some(cells)),
                )
            }
            DpVariant::LengthMajor => self.value_by_interval_dp(),
            DpVariant::Linear => Ok(self.value()),
            other => Err(DpFamily::Ends.unsupported(other)),
        }
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// use stonegame::Outcome;
    /// assert_eq!(Ends::new(vec![5i64, 3, 4, 5]).unwrap().outcome(), Outcome::First);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.value())
    }

    /// `(first player's total, second player's total)` under optimal play.
    ///
    /// Every stone is scored by someone, so the totals follow from the
    /// difference: `first = (sum + difference) / 2`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// assert_eq!(Ends::new(vec![5i64, 3, 4, 5]).unwrap().totals(), (9, 8));
    /// ```
    pub fn totals(&self) -> (T, T) {
        // sum |values| fits, so the plain sum does.
        let sum = self.values.iter().fold(T::zero(), |acc, &v| acc + v);
        totals_from(sum, self.value())
    }

    /// The work cap of [`Ends::solve`] without [`Budget::with_work`], in
    /// steps of about a nanosecond: the line scans about n² stones, each
    /// charged [`Ends::STEPS_PER_STONE_SCANNED`] steps, so about ten seconds.
    pub const DEFAULT_LINE_WORK: u64 = 10_000_000_000;

    /// The steps [`Ends::solve`] charges a stone scanned: a scan costs 3.5
    /// to 4 ns a stone (`tools/work-calibration`, release build).
    pub const STEPS_PER_STONE_SCANNED: u128 = 4;

    /// Value, outcome and the whole optimal line (ties go to [`End::Left`]).
    ///
    /// Each move compares `first − V(rest after taking it)` with
    /// `last − V(rest after taking it)`, both by the linear evaluator: O(n²)
    /// time in all, O(n) memory, so no table and no memory refusal. The moves
    /// are those of [`EndsTable::best_move`] (same values, same tie-break).
    /// The scans are counted against the work cap
    /// ([`DEFAULT_LINE_WORK`](Ends::DEFAULT_LINE_WORK) unless the budget sets one;
    /// refused before the first scan with
    /// [`Error::WorkLimitWouldExceed`](crate::Error::WorkLimitWouldExceed)).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End::*, Ends};
    /// let solution = Ends::new(vec![4i64, 5, 3, 1, 2])?.solve()?;
    /// assert_eq!(solution.line(), &[Left, Left, Left, Right, Left]);
    /// assert_eq!(solution.value(), 1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<T, End>> {
        let n = self.values.len() as u128;
        let scanned = n * (n + 1);
        let work = scanned * Self::STEPS_PER_STONE_SCANNED;
        let cap = self.budget.work_or(Self::DEFAULT_LINE_WORK);
        if work > u128::from(cap) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!(
                    "the optimal line of the take-either-end game ({n} stones, about n(n+1) = {scanned} stones scanned)"
                ),
                needed: work,
                limit: cap,
            });
        }
        let mut reducer = EndsReducer::new();
        let (mut left, mut right) = (0, self.values.len());
        let mut line = Vec::with_capacity(self.values.len());
        while left < right {
            let take_left = self.values[left] - reducer.value_of(&self.values[left + 1..right]);
            let take_right =
                self.values[right - 1] - reducer.value_of(&self.values[left..right - 1]);
            let end = if take_left >= take_right {
                End::Left
            } else {
                End::Right
            };
            line.push(end);
            (left, right) = end.apply((left, right));
        }
        let value = self.value();
        Ok(Solution::new(value, Outcome::from_difference(value), line))
    }

    /// The value and best move of every interval (n(n+1)/2 cells, checked
    /// against the budget).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends};
    ///
    /// let table = Ends::new(vec![1i64, 100, 2, 3])?.table()?;
    /// assert_eq!(table.value_at(0, 4), Some(100));
    /// assert_eq!(table.best_move(0, 4), Some(End::Right));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<EndsTable<T>> {
        EndsTable::build(Rule::TakenStone, prefix_sums(&self.values), self.budget)
    }

    /// The classical colouring strategy for a row of even length: colour the
    /// stones alternately; the first player can take every stone of one colour.
    ///
    /// Returns `None` when the row has odd length (the strategy needs even n).
    /// See [`ColouringStrategy`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Colour, Ends};
    /// let strategy = Ends::new(vec![4i64, 5, 3, 1]).unwrap().colouring_strategy().unwrap();
    /// assert_eq!(strategy.colour(), Colour::Even); // 4 + 3 > 5 + 1
    /// assert_eq!(strategy.guaranteed_margin(), 1);
    /// assert!(Ends::new(vec![1i64, 2, 3]).unwrap().colouring_strategy().is_none());
    /// ```
    pub fn colouring_strategy(&self) -> Option<ColouringStrategy<T>> {
        ColouringStrategy::new(&self.values)
    }
}

/// The value of a row whose `sum |values|` fits `T` (checked by [`Ends::new`]).
fn linear_value<T: Score>(values: &[T]) -> T {
    EndsReducer::new().value_of(values)
}

/// The linear-time evaluator of the take-either-end game ([`Ends`]), fed
/// one stone at a time: [`Ends::value`] without keeping the row.
///
/// **Peak reduction.** When three adjacent stones `x, y, z` of the row (so
/// `y` is not at an end) satisfy `x ≤ y ≥ z`, replacing them by the single
/// stone `x − y + z` does not change the value of the game. The evaluator
/// keeps the row read so far, reduced, on a stack: after each push it
/// reduces the top three stones while they form such a peak. The stack then
/// never has an interior peak, so it falls strictly, then rises (strictly
/// after its first step that does not fall), and its largest stone is at one
/// of its ends. Taking the larger end is then optimal for both players, and
/// what remains still has no interior peak: [`value`](EndsReducer::value)
/// plays this out with two pointers.
///
/// The [scoring guide](crate::guide::scoring) proves both steps. The greedy: a player who always
/// takes the largest stone gets, at their `k`-th turn, at least the
/// `(2k − 1)`-th largest stone (first player) or the `2k`-th (second). The
/// reduction: by induction
/// on the length, down to the case where the peak's neighbour is an end of
/// the row, which rests on a Lipschitz bound and on a pair lemma for rows
/// without an interior peak. The tests also compare the evaluator with the
/// O(n²) interval DP on every row of up to 9 stones over {−2, …, 2}
/// (2.4 million rows) and on random rows of up to 400 stones, and check the
/// proof's lemmas on small rows.
///
/// Each push is amortised O(1) (a reduction removes two stones for good);
/// memory is the reduced row, at most one value per stone pushed and
/// usually far fewer. Every value on the stack is `±` a sum of distinct
/// stones, so its magnitude is at most `sum |values|`: [`push`](EndsReducer::push)
/// checks that this sum fits `T` and the reductions need no further checks.
///
/// # Example
/// ```
/// use stonegame::scoring::EndsReducer;
///
/// let mut reducer = EndsReducer::new();
/// for stone in [4i64, 2, 9, 7, 1, 5] {
///     reducer.push(stone)?;
/// }
/// assert_eq!(reducer.value(), 2); // EDPC L, sample 4
/// assert!(reducer.reduced().len() < 6); // 2 ≤ 9 ≥ 7 became 2 − 9 + 7 = 0
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct EndsReducer<T> {
    stack: Vec<T>,
    magnitude: T,
}

impl<T: Score> EndsReducer<T> {
    /// An evaluator that has seen no stone.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::EndsReducer::<i32>::new().value(), 0);
    /// ```
    pub fn new() -> Self {
        Self {
            stack: Vec::new(),
            magnitude: T::zero(),
        }
    }

    /// Appends a stone at the right end of the row.
    ///
    /// Fails with [`Error::ScoreOverflow`](crate::Error::ScoreOverflow) when
    /// the sum of `|stone|` so far no longer fits `T`; the stone is then not added.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsReducer;
    /// let mut reducer = EndsReducer::new();
    /// assert!(reducer.push(100i8).is_ok());
    /// assert!(reducer.push(-28i8).is_err());
    /// assert_eq!(reducer.value(), 100);
    /// ```
    pub fn push(&mut self, stone: T) -> Result<()> {
        self.magnitude = abs_sum(&[self.magnitude, stone], "stone values")?;
        self.push_unchecked(stone);
        Ok(())
    }

    /// [`push`](Self::push) for a stone whose row is known to satisfy the bound.
    #[inline]
    fn push_unchecked(&mut self, stone: T) {
        self.stack.push(stone);
        // An interior peak x ≤ y ≥ z on top becomes x − y + z; that may make
        // a new peak with the stones below, so repeat.
        while let [.., x, y, z] = self.stack[..] {
            if x > y || y < z {
                break;
            }
            let len = self.stack.len();
            self.stack.truncate(len - 2);
            self.stack[len - 3] = x - y + z;
        }
    }

    /// The reduced row: no interior peak, so strictly falling, then rising
    /// (strictly after its first step that does not fall).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsReducer;
    /// let mut reducer = EndsReducer::new();
    /// for stone in [1i64, 5, 2, 3] {
    ///     reducer.push(stone)?;
    /// }
    /// assert_eq!(reducer.reduced(), &[-2, 3]); // 1 ≤ 5 ≥ 2 became −2
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn reduced(&self) -> &[T] {
        &self.stack
    }

    /// First player's total minus second's for the row pushed so far: both
    /// players take the larger end of the reduced row (ties: the left).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsReducer;
    /// let mut reducer = EndsReducer::new();
    /// for stone in [10i64, 80, 90, 30] {
    ///     reducer.push(stone)?;
    /// }
    /// assert_eq!(reducer.value(), 10); // EDPC L, sample 1
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> T {
        larger_end_play(&self.stack)
    }

    /// The value of `values` from scratch, reusing this evaluator's stack
    /// (the caller has checked the bound on `sum |values|`).
    fn value_of(&mut self, values: &[T]) -> T {
        self.stack.clear();
        for &v in values {
            self.push_unchecked(v);
        }
        self.value()
    }
}

/// Both players take the larger end of a row without interior peak: its
/// largest stone is always at an end, and taking it is optimal.
fn larger_end_play<T: Score>(row: &[T]) -> T {
    let (mut left, mut right) = (0, row.len());
    let mut difference = T::zero();
    let mut first_to_move = true;
    while left < right {
        let taken = if row[left] >= row[right - 1] {
            left += 1;
            row[left - 1]
        } else {
            right -= 1;
            row[right]
        };
        difference = if first_to_move {
            difference + taken
        } else {
            difference - taken
        };
        first_to_move = !first_to_move;
    }
    difference
}

/// The O(n)-memory sweep by interval length behind [`Ends::value_by_interval_dp`]:
/// `d(i, j) = max(v[i] − d(i+1, j), v[j] − d(i, j−1))`, all intervals of one
/// length in one pass with `i` ascending. Inside a pass no cell depends on
/// another, so the loop vectorizes.
pub(crate) fn ends_difference<T: Score>(values: &[T], watch: &Watch) -> Result<T> {
    // |v[i]| + |d| <= sum |values| for every take, so twice the sum bounds
    // the difference of two takes: then `max_by_sign` is exact.
    let sum = values.iter().fold(T::zero(), |acc, &v| acc + v.abs());
    if let Some(narrow) = narrowed::<T>(values, sum) {
        let value = ends_difference_kernel(&narrow, true, watch)?;
        return Ok(T::from(value).unwrap_or_else(T::zero));
    }
    ends_difference_kernel(values, sum.checked_add(&sum).is_some(), watch)
}

fn ends_difference_kernel<T: Score>(values: &[T], sign_max: bool, watch: &Watch) -> Result<T> {
    if sign_max {
        ends_difference_with(values, max_by_sign::<T>, watch)
    } else {
        ends_difference_with(values, |a: T, b: T| a.max(b), watch)
    }
}

/// One monomorphic sweep per maximum function, so the choice is made once.
#[inline(always)]
fn ends_difference_with<T: Score>(
    values: &[T],
    max: impl Fn(T, T) -> T,
    watch: &Watch,
) -> Result<T> {
    let n = values.len();
    let mut d = values.to_vec();
    // The control is looked at between passes, with the cells done so far.
    let mut done = 0u64;
    for len in 2..=n {
        let count = n - len + 1;
        watch.poll(done)?;
        done += count as u64;
        // Slicing up front lets the compiler drop every bounds check in the loop.
        let lefts = &values[..count];
        let rights = &values[len - 1..len - 1 + count];
        let d = &mut d[..=count];
        for i in 0..count {
            let take_left = lefts[i] - d[i + 1];
            let take_right = rights[i] - d[i];
            d[i] = max(take_left, take_right);
        }
    }
    Ok(d.first().copied().unwrap_or_else(T::zero))
}

/// The row-major rolling loop of LeetCode 877 ([`DpVariant::Rolling`]):
/// `d[j]` holds the interval `i..=j` for the current `i`, `i` descending and
/// `j` ascending; each `d[j]` needs the `d[j − 1]` just written.
fn ends_rolling<T: Score>(values: &[T], watch: &Watch) -> Result<T> {
    let n = values.len();
    let mut d = values.to_vec();
    let mut done = 0u64;
    for i in (0..n).rev() {
        watch.poll(done)?;
        done += (n - i) as u64;
        d[i] = values[i];
        let first = values[i];
        for j in i + 1..n {
            d[j] = (first - d[j]).max(values[j] - d[j - 1]);
        }
    }
    Ok(d.last().copied().unwrap_or_else(T::zero))
}

/// The row-major rolling loop of LeetCode 1690 ([`DpVariant::Rolling`]),
/// the contest loop: `d[j]` holds the interval `i..=j`, `i` descending.
fn remainder_rolling<T: Score>(prefix: &[T], watch: &Watch) -> Result<T> {
    let n = prefix.len() - 1;
    let mut d = vec![T::zero(); n];
    let mut done = 0u64;
    for i in (0..n).rev() {
        watch.poll(done)?;
        done += (n - i) as u64;
        d[i] = T::zero();
        for j in i + 1..n {
            d[j] = (prefix[j + 1] - prefix[i + 1] - d[j]).max(prefix[j] - prefix[i] - d[j - 1]);
        }
    }
    Ok(d.last().copied().unwrap_or_else(T::zero))
}

/// `max(a, b)` by the sign of `a − b`, for `a − b` that cannot overflow.
///
/// Without SSE4.2 (plain x86-64) there is no vector compare of 64-bit lanes;
/// a subtraction, an arithmetic shift and a mask are all SSE2 has, and this
/// form lets the loops above vectorize on it. With SSE4.2 and later the
/// compiler's own `max` is as good or better.
#[inline(always)]
pub(crate) fn max_by_sign<T: Score>(a: T, b: T) -> T {
    if cfg!(any(target_feature = "sse4.2", not(target_arch = "x86_64"))) {
        return a.max(b);
    }
    let difference = a - b;
    let sign_bits = std::mem::size_of::<T>() * 8 - 1;
    // All ones when a < b (arithmetic shift of a signed type), else zero.
    a - (difference & (difference >> sign_bits))
}

/// `values` as `i32` when `T` is wider and `2 · bound` fits `i32`: four
/// lanes to a 128-bit register instead of two, and half the memory traffic.
pub(crate) fn narrowed<T: Score>(values: &[T], bound: T) -> Option<Vec<i32>> {
    if std::mem::size_of::<T>() <= 4 {
        return None;
    }
    let doubled = bound.checked_add(&bound)?;
    if doubled > T::from(i32::MAX)? {
        return None;
    }
    // Through i128: the contest bundles' num-traits stand-in has no `to_i32`.
    values
        .iter()
        .map(|v| v.to_i128().and_then(|w| i32::try_from(w).ok()))
        .collect()
}

/// LeetCode 1690 by interval length in the *kept-sum* form.
///
/// With `S(i, j)` the sum of the interval and `d` the game value, let
/// `e(i, j) = S(i, j) − d(i, j)`. Taking the left stone scores
/// `S(i+1, j) = S(i, j) − v[i]`, so
/// `d(i, j) = S(i, j) − min(v[i] + d(i+1, j), v[j] + d(i, j−1))`, and since
/// `v[i] + d(i+1, j) = S(i, j) − e(i+1, j)` (and likewise on the right):
///
/// ```text
/// e(i, i) = v[i],    e(i, j) = S(i, j) − max(e(i+1, j), e(i, j−1)),    d = S − e.
/// ```
///
/// Two prefix-sum loads, one maximum and two subtractions per cell, against
/// four loads, one maximum and four subtractions for `d` directly.
pub(crate) fn remainder_difference<T: Score>(
    values: &[T],
    prefix: &[T],
    worst: T,
    watch: &Watch,
) -> Result<T> {
    if values.len() < 2 {
        return Ok(T::zero());
    }
    // |e| <= n · sum |values| = worst, so 2 · worst bounds the compared difference.
    if let Some(narrow) = narrowed::<T>(values, worst) {
        let narrow_prefix = prefix_sums(&narrow);
        let value = match remainder_wide(&narrow, &narrow_prefix, watch) {
            Some(value) => value?,
            None => remainder_kernel(&narrow, &narrow_prefix, true, watch)?,
        };
        return Ok(T::from(value).unwrap_or_else(T::zero));
    }
    if let Some(value) = remainder_wide(values, prefix, watch) {
        return value;
    }
    if PREFER_FLOAT_LANES {
        if let Some(value) = remainder_in_f64(values, prefix, worst, watch) {
            return value;
        }
    }
    remainder_kernel(values, prefix, worst.checked_add(&worst).is_some(), watch)
}

/// The kept-sum sweep compiled for AVX2 or AVX-512 when the CPU has them
/// (`dispatch`): there the `i64` maximum is one instruction on four or eight
/// lanes. `None` on other CPUs, for scores wider than 64 bits (no vector
/// lanes for them) and in contest bundles.
#[cfg(not(stonegame_bundle))]
fn remainder_wide<T: Score>(values: &[T], prefix: &[T], watch: &Watch) -> Option<Result<T>> {
    if std::mem::size_of::<T>() > 8 {
        return None;
    }
    let wide = super::dispatch::wide()?;
    let sweep = KeptSweep {
        values,
        prefix,
        watch,
    };
    Some(super::dispatch::run(wide, sweep))
}

/// [`remainder_kept_with`] with the plain maximum, as a dispatch kernel.
#[cfg(not(stonegame_bundle))]
struct KeptSweep<'a, T> {
    values: &'a [T],
    prefix: &'a [T],
    watch: &'a Watch,
}

#[cfg(not(stonegame_bundle))]
impl<T: Score> super::dispatch::Kernel for KeptSweep<'_, T> {
    type Output = Result<T>;
    #[inline(always)]
    fn run(self) -> Result<T> {
        remainder_kept_with(self.values, self.prefix, |a: T, b: T| a.max(b), self.watch)
    }
}

#[cfg(stonegame_bundle)]
fn remainder_wide<T: Score>(_: &[T], _: &[T], _: &Watch) -> Option<Result<T>> {
    None
}

/// Plain x86-64 (SSE2) has a two-lane `f64` maximum in one instruction and
/// none for `i64`; from AVX2 on, the `i64` loop is as fast or faster.
const PREFER_FLOAT_LANES: bool = cfg!(all(target_arch = "x86_64", not(target_feature = "avx2")));

/// The kept-sum sweep in `f64` when every number it forms is an integer of
/// magnitude at most 2^53, so every `f64` operation is exact: `|S| <= sum`,
/// `|e| <= n · sum = worst`, and each intermediate is at most `2 · worst`.
/// `None` when `2 · worst` exceeds 2^53.
fn remainder_in_f64<T: Score>(
    values: &[T],
    prefix: &[T],
    worst: T,
    watch: &Watch,
) -> Option<Result<T>> {
    // 2 · worst <= 2^53. Conversions go through i128 (exact both ways for
    // integers of this size; the contest bundles' num-traits stand-in has no
    // `to_f64`).
    if worst.to_i128()? > 1i128 << 52 {
        return None;
    }
    let exact = |v: &T| v.to_i128().map(|w| w as f64);
    let values: Vec<f64> = values.iter().map(exact).collect::<Option<_>>()?;
    let prefix: Vec<f64> = prefix.iter().map(exact).collect::<Option<_>>()?;
    // `a > b` and `maxpd` agree on every non-NaN pair; there are no NaNs here.
    let max = |a: f64, b: f64| if a > b { a } else { b };
    match remainder_kept_with(&values, &prefix, max, watch) {
        Ok(value) => T::from(value as i128).map(Ok),
        Err(cancelled) => Some(Err(cancelled)),
    }
}

fn remainder_kernel<T: Score>(
    values: &[T],
    prefix: &[T],
    sign_max: bool,
    watch: &Watch,
) -> Result<T> {
    if sign_max {
        remainder_kept_with(values, prefix, max_by_sign::<T>, watch)
    } else {
        remainder_kept_with(values, prefix, |a: T, b: T| a.max(b), watch)
    }
}

#[inline(always)]
fn remainder_kept_with<T>(
    values: &[T],
    prefix: &[T],
    max: impl Fn(T, T) -> T,
    watch: &Watch,
) -> Result<T>
where
    T: Copy + Default + std::ops::Sub<Output = T>,
{
    let n = values.len();
    let mut kept = values.to_vec();
    kept.push(T::default());
    // Two lengths per pass halve the passes over memory and share a load.
    let mut len = 2;
    // The control is looked at between passes, with the cells done so far.
    let mut done = 0u64;
    while len < n {
        watch.poll(done)?;
        done += 2 * (n - len) as u64 + 1;
        kept_two_lengths(&mut kept, prefix, len, &max);
        len += 2;
    }
    if len == n {
        kept_one_length(&mut kept, prefix, len, &max);
    }
    Ok(prefix[n] - kept[0])
}

/// One pass over the intervals of length `len`: `kept[i]` becomes
/// `e(i, i + len − 1)` from the length `len − 1` values in `kept`.
#[inline(always)]
fn kept_one_length<T>(kept: &mut [T], prefix: &[T], len: usize, max: &impl Fn(T, T) -> T)
where
    T: Copy + std::ops::Sub<Output = T>,
{
    let n = prefix.len() - 1;
    let count = n - len + 1;
    let ends = &prefix[len..len + count];
    let starts = &prefix[..count];
    let kept = &mut kept[..=count];
    // The old `kept[i + 1]` is the next cell's old `kept[i]`: carried in a
    // register, so each cell loads it once (the vectorizer shuffles lanes).
    let mut next = kept[0];
    for i in 0..count {
        let here = next;
        next = kept[i + 1];
        kept[i] = (ends[i] - starts[i]) - max(here, next);
    }
}

/// One pass over the lengths `len` and `len + 1`: iteration `i` makes the
/// length-`len` interval at `i + 1` from the old values at `i + 1` and
/// `i + 2`, then the length-`len + 1` interval at `i` from it and the one
/// made the iteration before. Both intervals end at stone `i + len`, so they
/// share one prefix-sum load, and the values in between stay in registers.
#[inline(always)]
fn kept_two_lengths<T>(kept: &mut [T], prefix: &[T], len: usize, max: &impl Fn(T, T) -> T)
where
    T: Copy + std::ops::Sub<Output = T>,
{
    let n = prefix.len() - 1;
    let count = n - len; // intervals of length len + 1
    let ends = &prefix[len + 1..len + 1 + count];
    let starts = &prefix[..count + 2];
    let kept = &mut kept[..count + 2];
    // Carried: the old value at i + 1, and the new length-len value at i.
    let mut old_next = kept[1];
    let mut shorter_here = (prefix[len] - prefix[0]) - max(kept[0], kept[1]);
    for i in 0..count {
        let old_after = kept[i + 2];
        let end = ends[i];
        let shorter_next = (end - starts[i + 1]) - max(old_next, old_after);
        kept[i] = (end - starts[i]) - max(shorter_here, shorter_next);
        old_next = old_after;
        shorter_here = shorter_next;
    }
}

/// Take the stone at either end of the row, score the sum of the stones that
/// remain: LeetCode 1690 "Stone Game VII", with any integer values.
///
/// [`EndsRemainder::new`] checks that `n · sum |values|` fits the score type
/// (a player scores at most `sum |values|` per move).
///
/// | method | answers | time | memory |
/// |---|---|---|---|
/// | [`value`](EndsRemainder::value), [`outcome`](EndsRemainder::outcome) | the start | O(n²), work-capped | O(n) |
/// | [`totals`](EndsRemainder::totals) | both totals on the optimal line | O(n²), work-capped | O(n) |
/// | [`solve`](EndsRemainder::solve) | value and the whole optimal line | O(n²) | O(n²), budget-checked |
/// | [`table`](EndsRemainder::table) | value and best move of every interval | O(n²) | O(n²), budget-checked |
///
/// The totals are not determined by the difference here (the sum of all
/// points depends on the order of play): they are those of the line that
/// breaks ties towards [`End::Left`], the line [`solve`](EndsRemainder::solve) gives.
///
/// # Example
/// ```
/// use stonegame::scoring::{End, EndsRemainder};
/// let game = EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?;
/// assert_eq!(game.value()?, 6);
/// assert_eq!(game.totals()?, (18, 12));
/// assert_eq!(game.solve()?.best_move(), Some(&End::Right));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndsRemainder<T> {
    values: Vec<T>,
    prefix: Vec<T>,
    /// `n · sum |values|`: bounds every value and every total of the game.
    worst: T,
    pub(super) budget: Budget,
}

impl<T: Score> EndsRemainder<T> {
    /// A row of stones with these values.
    ///
    /// `values` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::ScoreOverflow`](crate::Error::ScoreOverflow) if `n · sum |values|` does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// assert!(EndsRemainder::new(vec![10i8, 10, 10]).is_ok()); // 3 · 30 <= 127
    /// assert!(EndsRemainder::new(vec![10i8; 4]).is_err()); // 4 · 40 > 127
    /// ```
    pub fn new(values: impl IntoVec<T>) -> Result<Self> {
        let values = owned(values, "stone values")?;
        let sum = abs_sum(&values, "stone values")?;
        let worst = T::from(values.len())
            .and_then(|n| n.checked_mul(&sum))
            .ok_or_else(|| overflow::<T>("n · sum |stone values| does not fit"))?;
        let prefix = prefix_sums(&values);
        Ok(Self {
            values,
            prefix,
            worst,
            budget: Budget::default(),
        })
    }

    /// The same game with `budget` for its tables ([`EndsRemainder::solve`],
    /// [`EndsRemainder::table`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// use stonegame::{Budget, Error};
    /// let game = EndsRemainder::new(vec![1i64; 100])?.with_budget(Budget::from_bytes(4096));
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
    /// assert_eq!(stonegame::scoring::EndsRemainder::new(vec![3i64]).unwrap().values(), &[3]);
    /// ```
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// First player's total minus second's under optimal play: O(n²) time,
    /// O(n) memory, by increasing interval length as in [`Ends::value`];
    /// the same answer, under the same limits, as
    /// [`Solve::value`](crate::game::Solve::value).
    ///
    /// The sweep's n(n-1)/2 cell updates are charged up front against the
    /// work cap of the game's budget, one step for every
    /// [`REMAINDER_CELLS_PER_STEP`] cells (every cell for `i128`) (by
    /// default [`DEFAULT_REMAINDER_WORK`] steps, about ten seconds), and a
    /// row too long for the cap is refused at once with
    /// [`Error::WorkLimitWouldExceed`](crate::Error::WorkLimitWouldExceed).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// use stonegame::{Budget, Error};
    /// let game = EndsRemainder::new(vec![7i64, 90, 5, 1, 100, 10, 10, 2])?;
    /// assert_eq!(game.value()?, 122);
    /// let capped = EndsRemainder::new(vec![1i64; 10_000])?.with_budget(Budget::default().with_work(1000));
    /// assert!(matches!(capped.value(), Err(Error::WorkLimitWouldExceed { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> Result<T> {
        // Scores wider than 64 bits leave the vector units: a step a cell.
        let per_step = if std::mem::size_of::<T>() <= 8 {
            REMAINDER_CELLS_PER_STEP
        } else {
            1
        };
        charge_interval_cells(self.budget, self.values.len(), per_step, "ends-remainder")?;
        self.length_major()
    }

    /// The length-major sweep, uncharged (the caller charged it).
    fn length_major(&self) -> Result<T> {
        let n = self.values.len() as u64;
        let watch = self
            .budget
            .watch("ends-remainder", Some(n * n.saturating_sub(1) / 2));
        remainder_difference(&self.values, &self.prefix, self.worst, &watch)
    }

    /// The value by one named DP variant ([`DpFamily::EndsRemainder`]):
    /// memoised ([`Negamax`]), full table ([`EndsRemainder::table`]), rolling
    /// (row-major, `i` descending) or length-major ([`EndsRemainder::value`]).
    ///
    /// Fails with [`Error::InvalidParameter`] for a variant the family lacks
    /// and with [`Error::MemoryBudgetExceeded`] when a memo or table exceeds the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, EndsRemainder};
    /// let game = EndsRemainder::new(vec![7i64, 90, 5, 1, 100, 10, 10, 2])?;
    /// for &variant in DpFamily::EndsRemainder.variants() {
    ///     assert_eq!(game.value_by(variant)?, 122);
    /// }
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_by(&self, variant: DpVariant) -> Result<T> {
        match variant {
            DpVariant::Memoised => Negamax::new(self).with_budget(self.budget).value(),
            DpVariant::FullTable => Ok(self.table()?.value()),
            DpVariant::Rolling => {
                let n = self.values.len();
                let cells = charge_interval_cells(self.budget, n, 1, "ends-remainder rolling DP")?;
                let watch = self.budget.watch("ends-remainder rolling DP", Some(cells));
                remainder_rolling(&self.prefix, &watch)
            }
            DpVariant::LengthMajor => self.value(),
            other => Err(DpFamily::EndsRemainder.unsupported(other)),
        }
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// use stonegame::Outcome;
    /// assert_eq!(EndsRemainder::new(vec![-5i64, 1])?.outcome()?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(Outcome::from_difference(self.value()?))
    }

    /// `(first player's total, second player's total)` along the optimal line
    /// that prefers [`End::Left`] on ties: O(n²) time, O(n) memory (a second
    /// array carries the points scored along each interval's line). Its
    /// n(n-1)/2 cells are charged up front, a step each, against the work
    /// cap ([`DEFAULT_REMAINDER_WORK`] unless the budget sets one).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// assert_eq!(EndsRemainder::new(vec![1i64, 2, 3])?.totals()?, (5, 3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> Result<(T, T)> {
        let cells =
            charge_interval_cells(self.budget, self.values.len(), 1, "ends-remainder totals")?;
        let watch = self.budget.watch("ends-remainder totals", Some(cells));
        let (difference, total) = self.sweep_with_totals(&watch)?;
        Ok(totals_from(total, difference))
    }

    /// `(value, points scored along the line)` of the whole row: the sweep by
    /// length on `d` directly, with a second row for the points scored.
    fn sweep_with_totals(&self, watch: &Watch) -> Result<(T, T)> {
        let n = self.values.len();
        let p = &self.prefix;
        // Intervals of length 1 are worth 0: taking the last stone scores nothing.
        let mut d = vec![T::zero(); n + 1];
        let mut scored = vec![T::zero(); n + 1];
        let mut done = 0u64;
        for len in 2..=n {
            let count = n - len + 1;
            watch.poll(done)?;
            done += count as u64;
            let (ends, starts) = (&p[len..len + count], &p[..count]);
            let (ends_before, starts_after) = (&p[len - 1..len - 1 + count], &p[1..=count]);
            let (d, scored) = (&mut d[..=count], &mut scored[..=count]);
            for i in 0..count {
                let left_points = ends[i] - starts_after[i];
                let right_points = ends_before[i] - starts[i];
                let take_left = left_points - d[i + 1];
                let take_right = right_points - d[i];
                // Ties go left, as in the table and the generic solver.
                scored[i] = if take_left >= take_right {
                    left_points + scored[i + 1]
                } else {
                    right_points + scored[i]
                };
                d[i] = take_left.max(take_right);
            }
        }
        Ok((d[0], scored[0]))
    }

    /// Value, outcome and the whole optimal line (ties go to [`End::Left`]),
    /// through [`EndsRemainder::table`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End::*, EndsRemainder};
    /// let solution = EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?.solve()?;
    /// assert_eq!((solution.value(), solution.line()), (6, &[Right, Left, Left, Left, Left][..]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<T, End>> {
        Ok(self.table()?.solution())
    }

    /// The value and best move of every interval (n(n+1)/2 cells, checked
    /// against the budget).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, EndsRemainder};
    /// let table = EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?.table()?;
    /// assert_eq!(table.value_at(0, 5), Some(6));
    /// assert_eq!(table.best_move(0, 5), Some(End::Right));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<EndsTable<T>> {
        EndsTable::build(Rule::Remainder, self.prefix.clone(), self.budget)
    }
}

/// Cell updates of the vectorised ends-remainder sweep (scores of up to 64
/// bits) that cost about one step of work, a nanosecond on the reference
/// machine: about 3·10^9 cells a second, measured on 100,000 stones by
/// `tools/work-calibration`; `i128` scores cost about a nanosecond a cell,
/// charged a step each.
pub const REMAINDER_CELLS_PER_STEP: u128 = 3;

/// Default work cap of [`EndsRemainder::value`], of the quadratic DP
/// variants ([`Ends::value_by`], [`EndsRemainder::value_by`]) and of the
/// interval tables ([`EndsRemainder::table`], [`Ends::table`]): about ten
/// seconds.
pub const DEFAULT_REMAINDER_WORK: u64 = 10_000_000_000;

/// Charges an O(n²) sweep over the intervals of `n` stones up front:
/// n(n-1)/2 cells (every interval of two stones or more), `per_step` cells
/// a step, refused at once when they pass the work cap of `budget`.
/// Returns the cells, which the sweep's progress counts.
fn charge_interval_cells(budget: Budget, n: usize, per_step: u128, what: &str) -> Result<u64> {
    let n = n as u128;
    let cells = n * n.saturating_sub(1) / 2;
    let steps = cells.div_ceil(per_step);
    charge_up_front(budget, DEFAULT_REMAINDER_WORK, steps, || {
        format!("{what} on {n} stones")
    })?;
    Ok(u64::try_from(cells).unwrap_or(u64::MAX))
}

/// The value and best move of every interval of an end-taking game
/// ([`Ends::table`], [`EndsRemainder::table`]): n(n+1)/2 cells stored by
/// interval length. Intervals are half-open: `(left, right)` holds the stones
/// `values[left..right]`. Ties go to [`End::Left`].
///
/// # Example
/// ```
/// use stonegame::scoring::{End, Ends};
/// let table = Ends::new(vec![4i64, 5, 3, 1, 2])?.table()?;
/// assert_eq!(table.value_at(1, 5), Some(3));
/// assert_eq!(table.line_from(1, 5), vec![End::Left, End::Left, End::Right, End::Left]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct EndsTable<T> {
    rule: Rule,
    prefix: Vec<T>,
    /// Row `len - 1` holds the intervals of length `len`, indexed by their start.
    cells: Vec<T>,
}

/// The intervals of length `len` (`row[i]` is `(i, i + len)`) from those of
/// length `len − 1` (`previous[i]`); ties and values as in
/// [`EndsTable::best_choice`].
fn fill_row<T: Score>(rule: Rule, prefix: &[T], len: usize, row: &mut [T], previous: &[T]) {
    let count = row.len();
    let starts = &prefix[..count];
    let starts_after = &prefix[1..=count];
    let ends = &prefix[len..len + count];
    let ends_before = &prefix[len - 1..len - 1 + count];
    let (shorter_left, shorter_right) = (&previous[1..=count], &previous[..count]);
    // Taking the left end leaves (i + 1, j), the right end (i, j − 1). One
    // loop per rule, so the rule is decided once per row.
    match rule {
        Rule::TakenStone => {
            for i in 0..count {
                let (left_points, right_points) =
                    (starts_after[i] - starts[i], ends[i] - ends_before[i]);
                row[i] = (left_points - shorter_left[i]).max(right_points - shorter_right[i]);
            }
        }
        Rule::Remainder => {
            for i in 0..count {
                let (left_points, right_points) =
                    (ends[i] - starts_after[i], ends_before[i] - starts[i]);
                row[i] = (left_points - shorter_left[i]).max(right_points - shorter_right[i]);
            }
        }
    }
}

impl<T: Score> EndsTable<T> {
    fn len(&self) -> usize {
        self.prefix.len() - 1
    }

    /// Index of interval `(left, left + len)` for `len >= 1`.
    fn index(n: usize, left: usize, len: usize) -> usize {
        // Rows of lengths 1..len hold n, n-1, …, n-len+2 cells.
        (len - 1) * (2 * n + 2 - len) / 2 + left
    }

    fn build(rule: Rule, prefix: Vec<T>, budget: Budget) -> Result<Self> {
        let n = prefix.len() - 1;
        let cells_needed = (n as u128) * (n as u128 + 1) / 2;
        const WHAT: &str = "interval table (n(n+1)/2 cells)";
        budget.check_elements::<T>(cells_needed, WHAT)?;
        // One step a cell: each is filled once, then read by the line.
        charge_up_front(budget, DEFAULT_REMAINDER_WORK, cells_needed, || {
            format!("the interval table of {n} stones ({cells_needed} cells)")
        })?;
        let mut cells = filled_vec(n * (n + 1) / 2, T::zero(), WHAT, budget)?;
        // Row `len - 1` (the intervals of length len) from the row before it,
        // one pass per length like the O(n)-memory sweeps.
        let mut row_start = 0;
        let watch = budget.watch("interval table", u64::try_from(cells_needed).ok());
        for len in 1..=n {
            let count = n - len + 1;
            watch.poll(row_start as u64)?;
            let (done, rest) = cells.split_at_mut(row_start);
            let row = &mut rest[..count];
            match len {
                1 if rule == Rule::TakenStone => {
                    for (cell, pair) in row.iter_mut().zip(prefix.windows(2)) {
                        *cell = pair[1] - pair[0];
                    }
                }
                1 => {} // one stone left scores nothing under the remainder rule
                _ => {
                    let previous = &done[row_start - (count + 1)..];
                    fill_row(rule, &prefix, len, row, &previous[..=count]);
                }
            }
            row_start += count;
        }
        Ok(Self {
            rule,
            prefix,
            cells,
        })
    }

    /// The value of `(left, right)` from cells already computed.
    fn cell(&self, left: usize, right: usize) -> T {
        if left == right {
            T::zero()
        } else {
            self.cells[Self::index(self.len(), left, right - left)]
        }
    }

    /// `(value, best end, points of that move)` of a non-empty interval whose
    /// sub-intervals are computed; ties go left.
    fn best_choice(&self, left: usize, right: usize) -> (T, End, T) {
        let outcome_of = |end: End| {
            let scored = points(self.rule, &self.prefix, (left, right), end);
            let (l, r) = end.apply((left, right));
            (scored - self.cell(l, r), scored)
        };
        let (take_left, left_points) = outcome_of(End::Left);
        let (take_right, right_points) = outcome_of(End::Right);
        if take_left >= take_right {
            (take_left, End::Left, left_points)
        } else {
            (take_right, End::Right, right_points)
        }
    }

    fn valid(&self, left: usize, right: usize) -> bool {
        left <= right && right <= self.len()
    }

    /// The value of the whole row: first player's total minus second's.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// assert_eq!(Ends::new(vec![3i64, 9])?.table()?.value(), 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> T {
        self.cell(0, self.len())
    }

    /// The value of the interval `values[left..right]` for the player to
    /// move, or `None` if it is not an interval of the row.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// let table = Ends::new(vec![3i64, 9])?.table()?;
    /// assert_eq!(table.value_at(0, 2), Some(6));
    /// assert_eq!(table.value_at(0, 3), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_at(&self, left: usize, right: usize) -> Option<T> {
        self.valid(left, right).then(|| self.cell(left, right))
    }

    /// The best move from `values[left..right]` (ties go to [`End::Left`]);
    /// `None` for an empty or invalid interval.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends};
    /// let table = Ends::new(vec![3i64, 9])?.table()?;
    /// assert_eq!(table.best_move(0, 2), Some(End::Right));
    /// assert_eq!(table.best_move(1, 1), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, left: usize, right: usize) -> Option<End> {
        (self.valid(left, right) && left < right).then(|| self.best_choice(left, right).1)
    }

    /// The optimal line from `values[left..right]` (empty for an invalid interval).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends};
    /// let table = Ends::new(vec![3i64, 9])?.table()?;
    /// assert_eq!(table.line_from(0, 2), vec![End::Right, End::Left]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn line_from(&self, left: usize, right: usize) -> Vec<End> {
        self.line_with_points(left, right).0
    }

    fn line_with_points(&self, left: usize, right: usize) -> (Vec<End>, T) {
        let mut line = Vec::new();
        let mut scored = T::zero();
        if !self.valid(left, right) {
            return (line, scored);
        }
        let mut interval = (left, right);
        while interval.0 < interval.1 {
            let (_, end, points) = self.best_choice(interval.0, interval.1);
            line.push(end);
            scored = scored + points;
            interval = end.apply(interval);
        }
        (line, scored)
    }

    /// `(first player's total, second player's total)` along the optimal line
    /// from the whole row.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::EndsRemainder;
    /// assert_eq!(EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?.table()?.totals(), (18, 12));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> (T, T) {
        let (_, scored) = self.line_with_points(0, self.len());
        totals_from(scored, self.value())
    }

    /// Value, outcome and the optimal line from the whole row.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends};
    /// let solution = Ends::new(vec![3i64, 9])?.table()?.solution();
    /// assert_eq!(solution.line(), &[End::Right, End::Left]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solution(&self) -> Solution<T, End> {
        let value = self.value();
        Solution::new(
            value,
            Outcome::from_difference(value),
            self.line_from(0, self.len()),
        )
    }
}

/// A stone's colour in the colouring strategy: the parity of its index (0-based).
///
/// # Example
/// ```
/// use stonegame::scoring::Colour;
/// assert_eq!(Colour::of(4), Colour::Even);
/// assert_eq!(Colour::of(7), Colour::Odd);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// Stones at even indices 0, 2, 4, …
    Even,
    /// Stones at odd indices 1, 3, 5, …
    Odd,
}

impl Colour {
    /// The colour of the stone at `index`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Colour::of(0), stonegame::scoring::Colour::Even);
    /// ```
    pub fn of(index: usize) -> Colour {
        if index % 2 == 0 {
            Colour::Even
        } else {
            Colour::Odd
        }
    }
}

/// The classical constructive guarantee for [`Ends`] with an even number of stones.
///
/// Colour the stones by index parity. When an even number of stones remains,
/// the two end stones have different colours, so the first player can take
/// the end of their chosen colour; then an odd number remains, both ends have
/// the other colour, and the opponent must take one of those. Repeating, the
/// first player takes *every* stone of the chosen colour, whatever the
/// opponent does. Choosing the colour with the larger sum (ties: [`Colour::Even`])
/// guarantees a difference of exactly [`guaranteed_margin`](Self::guaranteed_margin)
/// `= |even sum − odd sum| ≥ 0`: the first player never loses. Optimal play
/// ([`Ends::value`]) can do better.
///
/// # Example
/// ```
/// use stonegame::scoring::{End, Ends};
///
/// let values = vec![4i64, 5, 3, 1, 2, 6];
/// let strategy = Ends::new(&values).unwrap().colouring_strategy().unwrap();
/// // Play it against an opponent who always takes the left end.
/// let (mut left, mut right, mut margin) = (0, values.len(), 0);
/// while left < right {
///     let end = strategy.next_move(left, right).unwrap();
///     let taken = if end == End::Left { left += 1; left - 1 } else { right -= 1; right };
///     margin += values[taken];
///     margin -= values[left];
///     left += 1;
/// }
/// assert_eq!(margin, strategy.guaranteed_margin());
/// assert!(margin >= 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColouringStrategy<T> {
    colour: Colour,
    margin: T,
}

impl<T: Score> ColouringStrategy<T> {
    fn new(values: &[T]) -> Option<Self> {
        if values.len() % 2 != 0 {
            return None;
        }
        let (mut even, mut odd) = (T::zero(), T::zero());
        for pair in values.chunks_exact(2) {
            even = even + pair[0];
            odd = odd + pair[1];
        }
        // |even - odd| <= sum |values|, which the game checked fits.
        let (colour, margin) = if even >= odd {
            (Colour::Even, even - odd)
        } else {
            (Colour::Odd, odd - even)
        };
        Some(Self { colour, margin })
    }

    /// The colour whose stones the first player takes.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Colour, Ends};
    /// let strategy = Ends::new(vec![1i64, 2]).unwrap().colouring_strategy().unwrap();
    /// assert_eq!(strategy.colour(), Colour::Odd);
    /// ```
    pub fn colour(&self) -> Colour {
        self.colour
    }

    /// The difference the strategy guarantees against any opponent: the
    /// chosen colour's sum minus the other's.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// let strategy = Ends::new(vec![1i64, 2, 10, 3]).unwrap().colouring_strategy().unwrap();
    /// assert_eq!(strategy.guaranteed_margin(), 6);
    /// ```
    pub fn guaranteed_margin(&self) -> T {
        self.margin
    }

    /// The strategy's move when `values[left..right]` remains and it is the
    /// first player's turn: the end of the chosen colour. `None` when the
    /// interval is empty or has odd length (then it is not the first player's turn).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends};
    /// let strategy = Ends::new(vec![1i64, 2, 10, 3]).unwrap().colouring_strategy().unwrap();
    /// assert_eq!(strategy.next_move(0, 4), Some(End::Left));
    /// assert_eq!(strategy.next_move(1, 4), None);
    /// ```
    pub fn next_move(&self, left: usize, right: usize) -> Option<End> {
        if left >= right || (right - left) % 2 != 0 {
            return None;
        }
        Some(if Colour::of(left) == self.colour {
            End::Left
        } else {
            End::Right
        })
    }
}

impl<T: Score> ScoringGame for Ends<T> {
    type Position = (usize, usize);
    type Move = End;
    type Score = T;

    fn start(&self) -> (usize, usize) {
        (0, self.values.len())
    }

    fn for_each_move(
        &self,
        &(left, right): &(usize, usize),
        mut visit: impl FnMut(End) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left < right {
            visit(End::Left)?;
            visit(End::Right)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(left, right): &(usize, usize), &end: &End) -> (T, (usize, usize)) {
        let taken = match end {
            End::Left => self.values[left],
            End::Right => self.values[right - 1],
        };
        (taken, end.apply((left, right)))
    }
}

impl<T: Score> ScoringGame for EndsRemainder<T> {
    type Position = (usize, usize);
    type Move = End;
    type Score = T;

    fn start(&self) -> (usize, usize) {
        (0, self.values.len())
    }

    fn for_each_move(
        &self,
        &(left, right): &(usize, usize),
        mut visit: impl FnMut(End) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left < right {
            visit(End::Left)?;
            visit(End::Right)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &position: &(usize, usize), &end: &End) -> (T, (usize, usize)) {
        (
            points(Rule::Remainder, &self.prefix, position, end),
            end.apply(position),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_indexing_is_dense() {
        let n = 7;
        let mut seen = Vec::new();
        for len in 1..=n {
            for left in 0..=n - len {
                seen.push(EndsTable::<i64>::index(n, left, len));
            }
        }
        let expected: Vec<usize> = (0..n * (n + 1) / 2).collect();
        assert_eq!(seen, expected);
    }

    /// The value of 1690 by every kernel this machine can run: the
    /// dispatched one (`value`), the plain ones (the wide sets turned off),
    /// each wide set explicitly, all against the serial rolling loop.
    fn remainder_by_every_kernel<T: Score>(values: Vec<T>) {
        let Ok(game) = EndsRemainder::new(values) else {
            return; // n · sum does not fit T: refused, nothing to compare
        };
        let unwatched = Budget::default().watch("test", None);
        let expected = remainder_rolling(&game.prefix, &unwatched).unwrap();
        assert_eq!(game.length_major().unwrap(), expected, "dispatched");
        let plain = crate::scoring::dispatch::with_plain_kernels(|| game.length_major());
        assert_eq!(plain.unwrap(), expected, "plain");
        for wide in crate::scoring::dispatch::available() {
            let kernel = KeptSweep {
                values: &game.values,
                prefix: &game.prefix,
                watch: &unwatched,
            };
            if game.values.len() >= 2 {
                let value = crate::scoring::dispatch::run(wide, kernel).unwrap();
                assert_eq!(value, expected, "{wide:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn remainder_kernels_agree_small_values(values in proptest::collection::vec(-50i64..50, 0..70)) {
            remainder_by_every_kernel(values.clone());
            remainder_by_every_kernel(values.iter().map(|&v| v as i16).collect());
            remainder_by_every_kernel(values.iter().map(|&v| v as i32).collect());
            remainder_by_every_kernel(values.iter().map(|&v| v as i128).collect());
        }

        // Values this large skip the i32 narrowing, and the largest the f64
        // lanes of plain x86-64 (n · sum above 2^52).
        #[test]
        fn remainder_kernels_agree_large_values(
            values in proptest::collection::vec(-(1i64 << 50)..(1i64 << 50), 0..40),
            scale in 0u32..40,
        ) {
            let values: Vec<i64> = values.iter().map(|&v| v >> scale).collect();
            remainder_by_every_kernel(values.clone());
            remainder_by_every_kernel(values.iter().map(|&v| v as i128).collect());
            remainder_by_every_kernel(values.iter().map(|&v| v as i32).collect());
        }
    }
}
