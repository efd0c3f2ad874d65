//! Each player values the stones differently and may take any stone: a greedy
//! by combined value, with an exact exponential solver as its reference.

use super::{Score, ScoringGame, abs_sum, overflow};
use crate::budget::vec_with_capacity;
use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Outcome, Result, Solution};
use std::cmp::Reverse;
use std::ops::ControlFlow;

/// Stone `i` is worth `first[i]` to the first player and `second[i]` to the
/// second; a move takes any remaining stone and scores the mover's value of
/// it: LeetCode 1686 "Stone Game VI", with any integer values.
///
/// **The greedy is optimal.** Write `c_i = first[i] + second[i]`. The
/// difference is `Σ_{first's stones} first[i] − Σ_{second's stones} second[i]
/// = Σ_{first's stones} c_i − Σ_all second[i]`; the last sum is fixed, so the
/// first player maximises and the second minimises the `c`-sum of the first
/// player's stones, which is the same as maximising their own `c`-sum. Both
/// play the symmetric game "take any stone, score `c_i`", in which taking a
/// largest remaining `c` is optimal (exchange argument: swapping a smaller
/// first pick for a larger one never lowers the mover's share). The difference
/// depends only on the sorted multiset of `c`, so how ties are broken does not
/// change it; the greedy breaks them by smaller index, which makes its line
/// and totals deterministic.
///
/// | method | answers | time | memory |
/// |---|---|---|---|
/// | [`value`](Valuations::value), [`outcome`](Valuations::outcome), [`totals`](Valuations::totals) | the start, by the greedy | O(n log n) | O(n) |
/// | [`solve`](Valuations::solve) | value and the greedy's (optimal) line | O(n log n) | O(n) |
/// | [`value_at`](Valuations::value_at), [`best_move`](Valuations::best_move) | any position, by the greedy | O(n log n) | O(n) |
/// | [`exact_table`](Valuations::exact_table) | every position by exhaustive search: the reference | O(2ⁿ n) | O(2ⁿ), n ≤ [`EXACT_LIMIT`](Valuations::EXACT_LIMIT) |
///
/// # Example
/// ```
/// use stonegame::scoring::Valuations;
///
/// let game = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7])?;
/// assert_eq!(game.value(), -1);
/// assert_eq!(game.solve()?.line(), &[1, 2, 0]); // stone indices, 0-based
/// assert_eq!(game.exact_table()?.value(), -1);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valuations<T> {
    first: Vec<T>,
    second: Vec<T>,
    pub(super) budget: Budget,
}

impl<T: Score> Valuations<T> {
    /// The largest number of stones [`Valuations::exact_table`] accepts: its
    /// table has 2ⁿ cells and takes about 2ⁿ·n steps.
    pub const EXACT_LIMIT: usize = 22;

    /// Stones worth `first[i]` to the first player and `second[i]` to the second.
    ///
    /// `first` and `second` are each a `Vec` (taken over, no copy) or a borrowed
    /// slice or an array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::LengthMismatch`] if the lengths differ and with
    /// [`Error::ScoreOverflow`] if `sum |first| + sum |second|` does not fit `T`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// assert!(Valuations::new(vec![1i32, 2], vec![3]).is_err());
    /// assert!(Valuations::new(vec![100i8], vec![100]).is_err());
    /// ```
    pub fn new(first: impl IntoVec<T>, second: impl IntoVec<T>) -> Result<Self> {
        let first = owned(first, "first player's values")?;
        let second = owned(second, "second player's values")?;
        if first.len() != second.len() {
            return Err(Error::LengthMismatch {
                what: "first player's and second player's stone values",
                left: first.len(),
                right: second.len(),
            });
        }
        let a = abs_sum(&first, "first player's values")?;
        let b = abs_sum(&second, "second player's values")?;
        a.checked_add(&b)
            .ok_or_else(|| overflow::<T>("sum |first| + sum |second| does not fit"))?;
        Ok(Self {
            first,
            second,
            budget: Budget::default(),
        })
    }

    /// The same game with `budget` for [`Valuations::exact_table`] (the
    /// greedy needs O(n) memory, like the input).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// use stonegame::{Budget, Error};
    /// let game = Valuations::new(vec![1i64; 12], vec![1; 12])?.with_budget(Budget::from_bytes(1024));
    /// assert!(matches!(game.exact_table(), Err(Error::MemoryBudgetExceeded { .. })));
    /// assert_eq!(game.value(), 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The number of stones.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Valuations::new(vec![1i64], vec![2]).unwrap().len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.first.len()
    }

    /// Whether there are no stones.
    ///
    /// # Example
    /// ```
    /// assert!(stonegame::scoring::Valuations::<i64>::new(vec![], vec![]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.first.is_empty()
    }

    /// What stone `index` scores for the player to move (`first_to_move` says who).
    fn points(&self, index: usize, first_to_move: bool) -> T {
        if first_to_move {
            self.first[index]
        } else {
            self.second[index]
        }
    }

    /// The stones in greedy order: combined value descending, ties by index.
    fn greedy_order(&self, taken: Option<&[bool]>) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.len())
            .filter(|&i| taken.is_none_or(|t| !t[i]))
            .collect();
        // sum |first| + sum |second| fits, so every combined value does.
        order.sort_by_key(|&i| (Reverse(self.first[i] + self.second[i]), i));
        order
    }

    /// The greedy's line from the start and both players' totals along it.
    fn greedy_line(&self) -> (Vec<usize>, T, T) {
        let line = self.greedy_order(None);
        let (mut first_total, mut second_total) = (T::zero(), T::zero());
        for (turn, &stone) in line.iter().enumerate() {
            if turn % 2 == 0 {
                first_total = first_total + self.first[stone];
            } else {
                second_total = second_total + self.second[stone];
            }
        }
        (line, first_total, second_total)
    }

    /// First player's total minus second's under optimal play, by the greedy
    /// (see the type's documentation): O(n log n).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// assert_eq!(Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().value(), 1);
    /// ```
    pub fn value(&self) -> T {
        let (first, second) = self.totals();
        first - second
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// use stonegame::Outcome;
    /// assert_eq!(Valuations::new(vec![1i64, 2], vec![3, 1]).unwrap().outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.value())
    }

    /// `(first player's total, second player's total)` along the greedy's line.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// assert_eq!(Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().totals(), (3, 2));
    /// ```
    pub fn totals(&self) -> (T, T) {
        let (_, first, second) = self.greedy_line();
        (first, second)
    }

    /// Value, outcome and the greedy's (optimal) line as 0-based stone
    /// indices. The greedy cannot fail; the `Result` is the shape every
    /// game's `solve` has.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let solution = Valuations::new(vec![1i64, 3], vec![2, 1])?.solve()?;
    /// assert_eq!((solution.value(), solution.line()), (1, &[1, 0][..]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<T, usize>> {
        let (line, first, second) = self.greedy_line();
        let value = first - second;
        Ok(Solution::new(value, Outcome::from_difference(value), line))
    }

    fn check_taken(&self, taken: &[bool]) -> Result<()> {
        if taken.len() == self.len() {
            Ok(())
        } else {
            Err(Error::LengthMismatch {
                what: "taken flags and stones",
                left: taken.len(),
                right: self.len(),
            })
        }
    }

    /// The best move, by the greedy, when the stones flagged in `taken` are gone:
    /// the remaining stone of largest combined value (ties: smaller index).
    /// The player to move is the first player when an even number is taken.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let game = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7]).unwrap();
    /// assert_eq!(game.best_move(&[false, false, true]).unwrap(), Some(1));
    /// assert!(game.best_move(&[false]).is_err());
    /// ```
    pub fn best_move(&self, taken: &[bool]) -> Result<Option<usize>> {
        self.check_taken(taken)?;
        Ok(self.greedy_order(Some(taken)).first().copied())
    }

    /// The value, for the player to move, of the position where the stones
    /// flagged in `taken` are gone, by the greedy.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let game = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7]).unwrap();
    /// // The second player to move, stones 0 and 1 left: take 1 (6), then the first takes 0 (2).
    /// assert_eq!(game.value_at(&[false, false, true]).unwrap(), 4);
    /// ```
    pub fn value_at(&self, taken: &[bool]) -> Result<T> {
        self.check_taken(taken)?;
        let mover_is_first = taken.iter().filter(|&&t| t).count() % 2 == 0;
        let order = self.greedy_order(Some(taken));
        Ok(order
            .iter()
            .enumerate()
            .fold(T::zero(), |acc, (turn, &stone)| {
                let mover_turn = turn % 2 == 0;
                let points = self.points(stone, mover_is_first == mover_turn);
                if mover_turn {
                    acc + points
                } else {
                    acc - points
                }
            }))
    }

    /// The exact value and best move of every position, by dynamic
    /// programming over the 2ⁿ sets of remaining stones: the reference the
    /// greedy is tested against.
    ///
    /// Fails with [`Error::SizeLimitExceeded`] above
    /// [`EXACT_LIMIT`](Valuations::EXACT_LIMIT) stones and with
    /// [`Error::MemoryBudgetExceeded`] if 2ⁿ cells exceed the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// use stonegame::Error;
    /// let game = Valuations::new(vec![1i64, 2], vec![3, 1])?;
    /// assert_eq!(game.exact_table()?.value(), 0);
    /// let big = Valuations::new(vec![1i64; 30], vec![1; 30])?;
    /// assert!(matches!(big.exact_table(), Err(Error::SizeLimitExceeded { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn exact_table(&self) -> Result<ValuationsTable<T>> {
        let n = self.len();
        if n > Self::EXACT_LIMIT {
            return Err(Error::SizeLimitExceeded {
                what: "number of stones for the exact valuations solver",
                value: n as u128,
                limit: Self::EXACT_LIMIT as u128,
            });
        }
        let mut table = ValuationsTable {
            game: self.clone(),
            value: vec_with_capacity(1 << n, "exact valuations table (2^n cells)", self.budget)?,
        };
        table.value.push(T::zero());
        let watch = self.budget.watch("exact valuations table", Some(1 << n));
        for remaining in 1..1usize << n {
            // One set of stones left a step, as the table grows.
            watch.poll(remaining as u64)?;
            let value = table.best_choice(remaining).0;
            table.value.push(value);
        }
        Ok(table)
    }
}

/// The exact value of every set of remaining stones of a [`Valuations`] game.
///
/// Positions are bit masks of the *remaining* stones (bit `i` for stone `i`);
/// the first player moves when an even number of stones has been taken.
/// Ties go to the smaller stone index.
///
/// # Example
/// ```
/// use stonegame::scoring::Valuations;
/// let table = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7]).unwrap().exact_table().unwrap();
/// assert_eq!(table.value(), -1);
/// assert_eq!(table.best_move(0b111), Some(0)); // as good as the greedy's stone 1 here
/// assert_eq!(table.value_at(0b011), Some(4));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValuationsTable<T> {
    game: Valuations<T>,
    value: Vec<T>,
}

impl<T: Score> ValuationsTable<T> {
    fn full(&self) -> usize {
        (1usize << self.game.len()) - 1
    }

    /// `(value, stone, points)` of a non-empty set whose subsets are solved.
    fn best_choice(&self, remaining: usize) -> (T, usize, T) {
        let taken = self.game.len() - remaining.count_ones() as usize;
        let first_to_move = taken % 2 == 0;
        let mut best: Option<(T, usize, T)> = None;
        let mut bits = remaining;
        while bits != 0 {
            let stone = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let points = self.game.points(stone, first_to_move);
            let candidate = points - self.value[remaining ^ (1 << stone)];
            if best.is_none_or(|(v, _, _)| candidate > v) {
                best = Some((candidate, stone, points));
            }
        }
        best.unwrap_or((T::zero(), 0, T::zero()))
    }

    /// First player's total minus second's under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let table = Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().exact_table().unwrap();
    /// assert_eq!(table.value(), 1);
    /// ```
    pub fn value(&self) -> T {
        self.value[self.full()]
    }

    /// The value for the player to move when the stones in the mask `remaining`
    /// are left (`None` if the mask names a stone that does not exist).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let table = Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().exact_table().unwrap();
    /// assert_eq!(table.value_at(0b01), Some(2)); // the second player takes stone 0
    /// assert_eq!(table.value_at(0b100), None);
    /// ```
    pub fn value_at(&self, remaining: usize) -> Option<T> {
        self.value.get(remaining).copied()
    }

    /// The best stone to take when the stones in `remaining` are left
    /// (ties: smaller index); `None` for the empty or an invalid mask.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let table = Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().exact_table().unwrap();
    /// assert_eq!(table.best_move(0b11), Some(1));
    /// ```
    pub fn best_move(&self, remaining: usize) -> Option<usize> {
        (remaining != 0 && remaining <= self.full()).then(|| self.best_choice(remaining).1)
    }

    /// The optimal line from the start (0-based stone indices; ties go to
    /// the smaller index) and both players' totals along it.
    fn line_with_totals(&self) -> (Vec<usize>, [T; 2]) {
        let mut remaining = self.full();
        let mut line = Vec::new();
        let mut totals = [T::zero(), T::zero()];
        while remaining != 0 {
            let (_, stone, points) = self.best_choice(remaining);
            totals[line.len() % 2] = totals[line.len() % 2] + points;
            line.push(stone);
            remaining ^= 1 << stone;
        }
        (line, totals)
    }

    /// `(first player's total, second player's total)` along the optimal line.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let table = Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().exact_table().unwrap();
    /// assert_eq!(table.totals(), (3, 2));
    /// ```
    pub fn totals(&self) -> (T, T) {
        let (_, [first, second]) = self.line_with_totals();
        (first, second)
    }

    /// Value, outcome and the optimal line from the start (0-based stone
    /// indices; ties go to the smaller index).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Valuations;
    /// let table = Valuations::new(vec![1i64, 3], vec![2, 1]).unwrap().exact_table().unwrap();
    /// assert_eq!(table.solution().line(), &[1, 0]);
    /// ```
    pub fn solution(&self) -> Solution<T, usize> {
        let value = self.value();
        let (line, _) = self.line_with_totals();
        Solution::new(value, Outcome::from_difference(value), line)
    }
}

impl<T: Score> ScoringGame for Valuations<T> {
    /// `taken[i]`: whether stone `i` is gone.
    type Position = Vec<bool>;
    type Move = usize;
    type Score = T;

    fn start(&self) -> Vec<bool> {
        vec![false; self.len()]
    }

    fn for_each_move(
        &self,
        taken: &Vec<bool>,
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..taken.len()).filter(|&i| !taken[i]).try_for_each(visit)
    }

    fn play(&self, taken: &Vec<bool>, &stone: &usize) -> (T, Vec<bool>) {
        let first_to_move = taken.iter().filter(|&&t| t).count() % 2 == 0;
        let mut next = taken.clone();
        next[stone] = true;
        (self.points(stone, first_to_move), next)
    }
}
