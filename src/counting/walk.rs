//! Weighted lattice paths with steps -1, 0, +1 between two absorbing barriers.

use super::number::{PathCount, add_mod, mul_mod};
use crate::budget::{filled_vec, try_reserve, vec_with_capacity};
use crate::{Budget, Error, Result};
use std::marker::PhantomData;

/// The default work cap of a sweep, in cell updates (one position advanced by
/// one step): about ten seconds of fixed-width counting on a current core.
/// Big-integer counts cost more per update. [`Budget::with_work`] sets another.
pub const DEFAULT_WALK_WORK: u64 = 10_000_000_000;

/// How many ways there are to take each kind of step (its multiplicity).
///
/// Rock-paper-scissors with one outcome per round is [`StepWeights::UNIT`];
/// counting the hands themselves (three hand pairs win for A, three draw,
/// three lose) is `StepWeights::new(3, 3, 3)`. A weight of 0 forbids the step.
///
/// # Example
/// ```
/// use stonegame::counting::StepWeights;
///
/// let hands = StepWeights::new(3, 3, 3);
/// assert_eq!(hands.up, 3);
/// assert_eq!(StepWeights::UNIT, StepWeights::new(1, 1, 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepWeights {
    /// Ways to step down (toward the lower barrier): in janken, B wins.
    pub down: u64,
    /// Ways to stay: in janken, a draw.
    pub stay: u64,
    /// Ways to step up (toward the upper barrier): in janken, A wins.
    pub up: u64,
}

impl StepWeights {
    /// One way each: down, stay, up.
    pub const UNIT: Self = Self::new(1, 1, 1);

    /// Weights `down`, `stay`, `up`.
    ///
    /// # Example
    /// ```
    /// let lazy = stonegame::counting::StepWeights::new(1, 2, 1);
    /// assert_eq!(lazy.stay, 2);
    /// ```
    pub const fn new(down: u64, stay: u64, up: u64) -> Self {
        Self { down, stay, up }
    }
}

/// Absorption counts of a walk, step by step.
///
/// `lower[k - 1]` and `upper[k - 1]` are the weighted numbers of paths that
/// reach the lower (upper) barrier for the first time at step `k`.
///
/// # Example
/// ```
/// use stonegame::counting::{AbsorbingWalk, StepWeights};
///
/// // One step from each barrier: one path absorbed at each at step 1.
/// let walk = AbsorbingWalk::new(1, 1, StepWeights::UNIT);
/// let counts = walk.absorptions::<u64>(2).unwrap();
/// assert_eq!(counts.lower, vec![1, 1]);
/// assert_eq!(counts.upper, vec![1, 1]);
/// assert_eq!(counts.total().unwrap(), 4);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Absorptions<T> {
    /// Paths first hitting the lower barrier at step `index + 1`.
    pub lower: Vec<T>,
    /// Paths first hitting the upper barrier at step `index + 1`.
    pub upper: Vec<T>,
}

impl<T: PathCount> Absorptions<T> {
    /// Paths absorbed at either barrier, per step (`lower + upper`).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, StepWeights};
    /// let walk = AbsorbingWalk::new(1, 2, StepWeights::UNIT);
    /// assert_eq!(walk.absorptions::<u32>(3).unwrap().per_step().unwrap(), vec![1, 2, 4]);
    /// ```
    pub fn per_step(&self) -> Result<Vec<T>> {
        // No budget travels with the counts; they already hold as many
        // values, so only the allocator's refusal is turned into an error.
        let what = "absorption counts per step";
        let mut sums = vec_with_capacity(self.lower.len(), what, Budget::unlimited())?;
        for (index, (lower, upper)) in self.lower.iter().zip(&self.upper).enumerate() {
            let mut sum = lower.clone();
            if !sum.checked_add_assign(upper) {
                return Err(overflow::<T>(index as u64 + 1));
            }
            sums.push(sum);
        }
        Ok(sums)
    }

    /// Paths absorbed at either barrier, over all steps.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, StepWeights};
    /// let walk = AbsorbingWalk::new(1, 2, StepWeights::UNIT);
    /// assert_eq!(walk.absorptions::<u32>(3).unwrap().total().unwrap(), 7);
    /// ```
    pub fn total(&self) -> Result<T> {
        let mut total = T::zero();
        for (index, (lower, upper)) in self.lower.iter().zip(&self.upper).enumerate() {
            if !(total.checked_add_assign(lower) && total.checked_add_assign(upper)) {
                return Err(overflow::<T>(index as u64 + 1));
            }
        }
        Ok(total)
    }
}

/// Weighted numbers of surviving paths (not yet absorbed), by position.
///
/// `counts[i]` belongs to position `lowest + i` (positions are relative to the
/// start; in janken, A's coins won minus coins lost).
///
/// # Example
/// ```
/// use stonegame::counting::janken_table;
///
/// let rows = janken_table::<u64>(2).unwrap();
/// assert_eq!(rows[1].lowest, -2);
/// assert_eq!(rows[1].counts, vec![1, 2, 3, 2, 1]);
/// assert_eq!(rows[1].get(0), Some(&3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution<T> {
    /// The position of `counts[0]`.
    pub lowest: i64,
    /// Surviving paths at positions `lowest, lowest + 1, …`.
    pub counts: Vec<T>,
}

impl<T> Distribution<T> {
    /// The count at `position`, if it lies in the listed range.
    ///
    /// # Example
    /// ```
    /// let rows = stonegame::counting::janken_table::<u64>(1).unwrap();
    /// assert_eq!(rows[0].get(1), Some(&1));
    /// assert_eq!(rows[0].get(2), None);
    /// ```
    pub fn get(&self, position: i64) -> Option<&T> {
        let offset = position.checked_sub(self.lowest)?;
        self.counts.get(usize::try_from(offset).ok()?)
    }
}

/// How [`AbsorbingWalk::total_absorbed_modulo`] counts.
///
/// # Example
/// ```
/// use stonegame::counting::{AbsorbingWalk, CountingMethod};
///
/// let walk = AbsorbingWalk::janken(3, 4);
/// let sweep = walk.with_method(CountingMethod::Sweep).total_absorbed_modulo(30, 1_000_003);
/// let series = walk.with_method(CountingMethod::Recurrence).total_absorbed_modulo(30, 1_000_003);
/// assert_eq!(sweep.unwrap(), series.unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CountingMethod {
    /// Whichever of the two is estimated cheaper (the default).
    #[default]
    Automatic,
    /// The step-by-step sweep: O(steps * min(steps, a + b)) additions.
    Sweep,
    /// The rational generating function and Bostan–Mori:
    /// O(d log d log steps) with `d = min(a, steps + 1) + min(b, steps + 1)`.
    Recurrence,
}

/// A walk on the integers starting at 0 with steps -1, 0, +1 of given
/// multiplicities, absorbed when it reaches `-lower_distance` or
/// `+upper_distance`.
///
/// This is the object behind [`janken_count`](super::janken_count): position
/// = A's coins won so far, lower barrier = A bankrupt, upper barrier = B
/// bankrupt. Counting is a sweep over one row of at most
/// `min(2 * steps + 1, lower_distance + upper_distance - 1)` positions,
/// updated in place, so it takes O(steps · row) time and O(row) memory.
/// Positions that can no longer reach a barrier in the steps left are
/// skipped, which makes wide barriers cheap. A barrier at distance 0 means
/// the walk starts absorbed: every count for steps 1 and later is 0.
///
/// # Example
/// ```
/// use stonegame::counting::{AbsorbingWalk, StepWeights};
///
/// // Each janken outcome realised by three pairs of hands.
/// let walk = AbsorbingWalk::new(2, 2, StepWeights::new(3, 3, 3));
/// let by_hands: u64 = walk.total_absorbed(3).unwrap();
/// let by_outcome: u64 = AbsorbingWalk::janken(2, 2).total_absorbed(3).unwrap();
/// assert_eq!(by_outcome, 2 + 4); // LL, WW; then DLL, DWW, LDL, WDW (draw first or between)
/// assert_eq!(by_hands, 9 * 2 + 27 * 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbsorbingWalk {
    lower_distance: u64,
    upper_distance: u64,
    weights: StepWeights,
    budget: Budget,
    method: CountingMethod,
}

impl AbsorbingWalk {
    /// A walk absorbed at `-lower_distance` and `+upper_distance`.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, StepWeights};
    /// let walk = AbsorbingWalk::new(3, 5, StepWeights::UNIT);
    /// assert_eq!(walk, AbsorbingWalk::janken(3, 5));
    /// ```
    pub fn new(lower_distance: u64, upper_distance: u64, weights: StepWeights) -> Self {
        Self {
            lower_distance,
            upper_distance,
            weights,
            budget: Budget::default(),
            method: CountingMethod::Automatic,
        }
    }

    /// Rock-paper-scissors with coins: A holds `a_coins`, B holds `b_coins`,
    /// each round A wins (up), draws (stay) or loses (down) one coin.
    ///
    /// # Example
    /// ```
    /// let walk = stonegame::counting::AbsorbingWalk::janken(1, 1);
    /// assert_eq!(walk.total_absorbed::<u64>(1).unwrap(), 2);
    /// ```
    pub fn janken(a_coins: u64, b_coins: u64) -> Self {
        Self::new(a_coins, b_coins, StepWeights::UNIT)
    }

    /// The same walk with another memory budget for its tables.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, Budget, counting::AbsorbingWalk};
    /// let walk = AbsorbingWalk::janken(1000, 1000).with_budget(Budget::from_bytes(64));
    /// assert!(matches!(walk.total_absorbed::<u64>(1000), Err(Error::MemoryBudgetExceeded { .. })));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The same walk counted modulo a number by `method` (see
    /// [`total_absorbed_modulo`](Self::total_absorbed_modulo)); exact counts
    /// always sweep.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, CountingMethod};
    /// let walk = AbsorbingWalk::janken(2, 3);
    /// let by_series = walk.with_method(CountingMethod::Recurrence);
    /// assert_eq!(by_series.method(), CountingMethod::Recurrence);
    /// assert_eq!(
    ///     by_series.total_absorbed_modulo(1000, 998_244_353).unwrap(),
    ///     walk.with_method(CountingMethod::Sweep).total_absorbed_modulo(1000, 998_244_353).unwrap()
    /// );
    /// ```
    pub fn with_method(self, method: CountingMethod) -> Self {
        Self { method, ..self }
    }

    /// The counting method set with [`with_method`](Self::with_method).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, CountingMethod};
    /// assert_eq!(AbsorbingWalk::janken(2, 3).method(), CountingMethod::Automatic);
    /// ```
    pub fn method(&self) -> CountingMethod {
        self.method
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, counting::AbsorbingWalk};
    /// assert_eq!(AbsorbingWalk::janken(3, 5).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Distance from the start to the lower barrier.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::counting::AbsorbingWalk::janken(3, 5).lower_distance(), 3);
    /// ```
    pub fn lower_distance(&self) -> u64 {
        self.lower_distance
    }

    /// Distance from the start to the upper barrier.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::counting::AbsorbingWalk::janken(3, 5).upper_distance(), 5);
    /// ```
    pub fn upper_distance(&self) -> u64 {
        self.upper_distance
    }

    /// The step weights.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, StepWeights};
    /// assert_eq!(AbsorbingWalk::janken(3, 5).weights(), StepWeights::UNIT);
    /// ```
    pub fn weights(&self) -> StepWeights {
        self.weights
    }

    /// Absorption counts at each barrier for steps `1..=steps`.
    ///
    /// Needs memory for `2 * steps` counts besides the row; for the total
    /// alone, [`total_absorbed`](Self::total_absorbed) needs only the row.
    ///
    /// # Errors
    /// [`Error::CountOverflow`] if a count does not fit `T`;
    /// [`Error::InvalidParameter`] if a weight does not fit `T`;
    /// [`Error::MemoryBudgetExceeded`] if the tables do not fit the budget;
    /// [`Error::AllocationRefused`] if the system refuses memory the budget allows.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// let counts = AbsorbingWalk::janken(1, 2).absorptions::<u64>(3).unwrap();
    /// assert_eq!(counts.lower, vec![1, 1, 2]); // L; DL; DDL, WLL
    /// assert_eq!(counts.upper, vec![0, 1, 2]); // WW; DWW, WDW
    /// ```
    pub fn absorptions<T: PathCount>(&self, steps: u64) -> Result<Absorptions<T>> {
        let length = u128::from(steps);
        self.budget
            .check_elements::<T>(length.saturating_mul(2), "absorption counts per step")?;
        let capacity = usize::try_from(steps).map_err(|_| size_error("steps", length))?;
        let what = "absorption counts per step";
        let mut counts = Absorptions {
            lower: vec_with_capacity(capacity, what, self.budget)?,
            upper: vec_with_capacity(capacity, what, self.budget)?,
        };
        self.sweep(&Exact::<T>(PhantomData), steps, true, |lower, upper| {
            counts.lower.push(lower);
            counts.upper.push(upper);
            Ok(())
        })?;
        // Steps after the last useful position can absorb nothing.
        counts.lower.resize(capacity, T::zero());
        counts.upper.resize(capacity, T::zero());
        Ok(counts)
    }

    /// Paths absorbed at either barrier within `steps` steps, each counted at
    /// the step it is absorbed. Memory: one row. For a residue type
    /// ([`Modular`](super::Modular)) the count is made as
    /// [`total_absorbed_modulo`](Self::total_absorbed_modulo) makes it, by
    /// the linear recurrence when that is cheaper (any `steps < 2^64`, with
    /// that method's limits).
    ///
    /// # Errors
    /// As [`absorptions`](Self::absorptions).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// assert_eq!(AbsorbingWalk::janken(1, 2).total_absorbed::<u64>(3).unwrap(), 7);
    /// // Residues: any number of steps (here by the recurrence).
    /// use stonegame::counting::Modular;
    /// let walk = AbsorbingWalk::janken(30, 20);
    /// let far: Modular<998_244_353> = walk.total_absorbed(1 << 62).unwrap();
    /// assert_eq!(far.value(), walk.total_absorbed_modulo(1 << 62, 998_244_353).unwrap());
    /// ```
    pub fn total_absorbed<T: PathCount>(&self, steps: u64) -> Result<T> {
        // Residues modulo a constant (`Modular<M>`): the method of
        // `total_absorbed_modulo` when it is the recurrence (any number of
        // steps); the sweep stays in the type itself.
        if let Some(modulus) = T::residue_modulus()
            && self.method_for(steps, modulus) == CountingMethod::Recurrence
        {
            let residue = self.total_by_recurrence(steps, modulus)?;
            return T::from_u64(residue).ok_or_else(|| overflow::<T>(steps));
        }
        let arith = Exact::<T>(PhantomData);
        let mut total = T::zero();
        let mut step = 0;
        self.sweep(&arith, steps, true, |lower, upper| {
            step += 1;
            if total.checked_add_assign(&lower) && total.checked_add_assign(&upper) {
                Ok(())
            } else {
                Err(overflow::<T>(step))
            }
        })?;
        Ok(total)
    }

    /// [`total_absorbed`](Self::total_absorbed) modulo `modulus`, for a
    /// modulus known at run time (see [`Modular`](super::Modular) for a
    /// constant one). Never overflows.
    ///
    /// Two methods, the cheaper by estimate unless one is set with
    /// [`with_method`](Self::with_method) (see [`method_for`](Self::method_for)):
    /// the sweep, O(steps * min(steps, a + b)); or the count as a coefficient
    /// of a rational series of order `d = min(a, steps + 1) + min(b, steps + 1)`
    /// ([`absorbed_series_modulo`](Self::absorbed_series_modulo)) found by
    /// Bostan–Mori, O(d log d log steps): `steps` up to `2^64 - 1`.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `modulus` is 0;
    /// [`Error::MemoryBudgetExceeded`] if the row or the polynomials do not
    /// fit the budget ([`Error::AllocationRefused`] if the system refuses
    /// memory the budget allows); [`Error::WorkLimitWouldExceed`] (before any
    /// work) above the work cap
    /// ([`DEFAULT_WALK_WORK`] cell updates for the sweep,
    /// [`DEFAULT_SERIES_WORK`](super::DEFAULT_SERIES_WORK) operations for the recurrence).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// let walk = AbsorbingWalk::janken(1, 2);
    /// assert_eq!(walk.total_absorbed_modulo(3, 5).unwrap(), 7 % 5);
    /// // 10^18 rounds: the recurrence.
    /// let far = AbsorbingWalk::janken(300, 200).total_absorbed_modulo(1_000_000_000_000_000_000, 1_000_000_007);
    /// assert!(far.unwrap() < 1_000_000_007);
    /// ```
    pub fn total_absorbed_modulo(&self, steps: u64, modulus: u64) -> Result<u64> {
        if modulus == 0 {
            return Err(Error::InvalidParameter {
                name: "modulus",
                reason: "must be at least 1".to_string(),
            });
        }
        if self.method_for(steps, modulus) == CountingMethod::Recurrence {
            return self.total_by_recurrence(steps, modulus);
        }
        let arith = Modulo(modulus);
        let mut total = 0;
        self.sweep(&arith, steps, true, |lower, upper| {
            total = add_mod(add_mod(total, lower, modulus), upper, modulus);
            Ok(())
        })?;
        Ok(total)
    }

    /// The surviving paths by position after each step `1..=steps`: row
    /// `k - 1` lists positions `-k..=k` clipped to the barriers. With
    /// barriers farther than `steps` this is the article's table of
    /// (weighted) trinomial coefficients.
    ///
    /// # Errors
    /// As [`absorptions`](Self::absorptions); the table holds up to
    /// `steps * row` counts. Empty if a barrier is at distance 0 (no path
    /// survives step 0).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// // A has 1 coin: position -1 is absorbed, so it never appears.
    /// let rows = AbsorbingWalk::janken(1, 5).survivor_table::<u64>(2).unwrap();
    /// assert_eq!((rows[1].lowest, rows[1].counts.clone()), (0, vec![2, 2, 1]));
    /// ```
    pub fn survivor_table<T: PathCount>(&self, steps: u64) -> Result<Vec<Distribution<T>>> {
        let Some(geometry) = self.geometry(steps, false) else {
            return Ok(Vec::new());
        };
        let width = geometry.row_len();
        let cells = width.saturating_mul(u128::from(steps));
        let row_headers = u128::from(steps).saturating_mul(size_of::<Distribution<T>>() as u128);
        let bytes = cells
            .saturating_mul(size_of::<T>() as u128)
            .saturating_add(row_headers);
        self.budget.check_bytes(bytes, "survivor table")?;
        let mut rows = Vec::new();
        // The row count fitted the budget above, so it fits usize.
        let row_count = usize::try_from(geometry.steps).unwrap_or(usize::MAX);
        try_reserve(&mut rows, row_count, "survivor table", self.budget)?;
        let arith = Exact::<T>(PhantomData);
        let mut sweep = Sweep::new(&arith, &geometry, self.weights, self.budget)?;
        for step in 1..=geometry.steps {
            sweep
                .advance(step)
                .map_err(|step| overflow::<T>(step as u64))?;
            rows.push(sweep.reachable(step, self.budget)?);
        }
        Ok(rows)
    }

    /// How many cell updates [`total_absorbed`](Self::total_absorbed) performs
    /// for `steps` steps: its running time is proportional to this (times the
    /// size of the numbers). Computed in O(steps) time without counting.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// // Barriers at distance 2, 3 steps: positions -1, 0, 1 at step 1; at
    /// // step 2 only -1 and 1 can still reach a barrier (at step 3).
    /// assert_eq!(AbsorbingWalk::janken(2, 2).cell_updates(3), 3 + 2);
    /// // Barriers too far away to be reached: nothing to do.
    /// assert_eq!(AbsorbingWalk::janken(50, 50).cell_updates(40), 0);
    /// ```
    pub fn cell_updates(&self, steps: u64) -> u128 {
        self.geometry(steps, true)
            .map_or(0, |geometry| geometry.total_cells())
    }

    /// The number of positions in the row the sweep keeps for `steps` steps:
    /// `min(2 * steps + 1, lower_distance + upper_distance - 1)` (0 if a
    /// barrier is at distance 0).
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// assert_eq!(AbsorbingWalk::janken(50, 50).row_len(10_000), 99);
    /// assert_eq!(AbsorbingWalk::janken(50, 50).row_len(10), 21);
    /// ```
    pub fn row_len(&self, steps: u64) -> u128 {
        self.geometry(steps, true).map_or(0, |g| g.row_len())
    }

    /// The work of an exact count over `steps` steps with a big-integer
    /// [`PathCount`] (such as `num_bigint::BigUint`), in updates of one 64-bit
    /// limb: [`cell_updates`](Self::cell_updates) times the limbs of the
    /// largest count, which has about `steps * log2(down + stay + up)` bits.
    /// About 1.5 ns a limb update (measured on janken), so callers cap it
    /// like any work; [`DEFAULT_EXACT_COUNT_WORK`](super::DEFAULT_EXACT_COUNT_WORK)
    /// is the command line's default.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    /// let walk = AbsorbingWalk::janken(5000, 5000);
    /// // 10^4 rounds: counts of about 15,850 bits, 248 limbs, in every cell.
    /// assert_eq!(walk.exact_limb_updates(10_000), walk.cell_updates(10_000) * 248);
    /// assert_eq!(AbsorbingWalk::janken(50, 50).exact_limb_updates(40), 0);
    /// ```
    pub fn exact_limb_updates(&self, steps: u64) -> u128 {
        let weights = self.weights;
        let total = weights
            .down
            .saturating_add(weights.stay)
            .saturating_add(weights.up)
            .max(2);
        // Thousandths of a bit per step, rounded up: 1585 for janken's 3.
        let milli_bits = ((total as f64).log2() * 1000.0).ceil() as u128;
        let limbs = u128::from(steps) * milli_bits / 64_000 + 1;
        self.cell_updates(steps).saturating_mul(limbs)
    }

    fn geometry(&self, steps: u64, prune: bool) -> Option<Geometry> {
        if self.lower_distance == 0 || self.upper_distance == 0 {
            return None;
        }
        let steps = i128::from(steps);
        let lower = i128::from(self.lower_distance);
        let upper = i128::from(self.upper_distance);
        Some(Geometry {
            steps,
            lower,
            upper,
            lowest: -(lower - 1).min(steps),
            highest: (upper - 1).min(steps),
            toward_lower: self.weights.down != 0,
            toward_upper: self.weights.up != 0,
            prune,
        })
    }

    /// Runs the sweep, calling `visit(lower, upper)` for steps 1, 2, … until
    /// `steps` or until no position can reach a barrier any more.
    fn sweep<R: Arith>(
        &self,
        arith: &R,
        steps: u64,
        prune: bool,
        mut visit: impl FnMut(R::Value, R::Value) -> Result<()>,
    ) -> Result<()> {
        let Some(geometry) = self.geometry(steps, prune) else {
            return Ok(());
        };
        let cap = self.budget.work_or(DEFAULT_WALK_WORK);
        let work = geometry.total_cells();
        if work > u128::from(cap) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!(
                    "counting a walk with barriers at -{} and +{} over {steps} steps \
                     (a step of work a cell update)",
                    self.lower_distance, self.upper_distance
                ),
                needed: work,
                limit: cap,
            });
        }
        let watch = self
            .budget
            .watch("counting a walk", u64::try_from(work).ok());
        watch.check()?;
        let mut sweep = Sweep::new(arith, &geometry, self.weights, self.budget)?;
        for step in 1..=geometry.steps {
            if watch.is_active() {
                // Counting the step's cells costs a little: only when watched.
                watch.advance(u64::try_from(geometry.cells_at(step)).unwrap_or(u64::MAX))?;
            }
            let (lower, upper) = sweep
                .advance(step)
                .map_err(|step| arith.overflow(step as u64))?;
            visit(lower, upper)?;
            if prune && geometry.spans(step).is_empty() {
                // No position can reach a barrier in the steps left, now or
                // later (useless positions only feed useless ones): every
                // further count is 0.
                break;
            }
        }
        Ok(())
    }
}

/// Where the sweep works: positions `lowest..=highest` (the barriers lie just
/// outside, or beyond reach), and at each step only positions that are
/// reachable and, when pruning, can still reach a barrier in time.
struct Geometry {
    steps: i128,
    lower: i128,
    upper: i128,
    lowest: i128,
    highest: i128,
    toward_lower: bool,
    toward_upper: bool,
    prune: bool,
}

/// Up to two disjoint position ranges, in increasing order.
struct Spans {
    spans: [(i128, i128); 2],
    len: usize,
}

impl Spans {
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn iter(&self) -> impl Iterator<Item = &(i128, i128)> {
        self.spans.iter().take(self.len)
    }
}

impl Geometry {
    fn row_len(&self) -> u128 {
        (self.highest - self.lowest + 1) as u128
    }

    /// Positions updated at `step`.
    fn cells_at(&self, step: i128) -> u128 {
        self.spans(step)
            .iter()
            .map(|(from, to)| (to - from + 1) as u128)
            .sum()
    }

    /// Positions updated over the whole sweep, in closed form.
    ///
    /// The spans' ends are mins and maxes of six lines in `step` (slopes -1, 0
    /// and 1), so between two steps where any two lines meet every end is one
    /// fixed line and the number of cells is linear in `step`: each such
    /// segment sums as an arithmetic series. Once no position can reach a
    /// barrier the spans stay empty (useless positions only feed useless ones),
    /// so summing to `steps` equals the sweep, which stops there.
    fn total_cells(&self) -> u128 {
        let lines = [
            (0, self.lowest),
            (0, self.highest),
            (-1, 0),
            (1, 0),
            (-1, self.steps - self.lower),
            (1, self.upper - self.steps),
        ];
        let mut cuts = vec![1, self.steps + 1];
        for (i, &(slope_a, intercept_a)) in lines.iter().enumerate() {
            for &(slope_b, intercept_b) in &lines[i + 1..] {
                if slope_a == slope_b {
                    continue;
                }
                // Where the lines meet, and where they are one apart (the
                // spans' merge test compares ends with an offset of 1).
                let meet = (intercept_b - intercept_a).div_euclid(slope_a - slope_b);
                cuts.extend((meet - 2)..=(meet + 3));
            }
        }
        cuts.retain(|&cut| (1..=self.steps + 1).contains(&cut));
        cuts.sort_unstable();
        cuts.dedup();
        cuts.windows(2)
            .map(|pair| {
                let (first, end) = (pair[0], pair[1]);
                let count = (end - first) as u128;
                let (a, b) = (self.cells_at(first), self.cells_at(end - 1));
                // A linear run: (a + b) * count / 2 is exact, since a + b and
                // count are not both odd for an integer series.
                (a + b).saturating_mul(count) / 2
            })
            .fold(0u128, u128::saturating_add)
    }

    /// The positions to update at `step`. A position useless at one step (too
    /// far from both barriers for the steps left) only feeds positions that
    /// are useless at the next, so stale values there are never read by a
    /// useful position; and a useful position's neighbours were useful one
    /// step earlier, so its inputs are up to date.
    fn spans(&self, step: i128) -> Spans {
        let reach_low = self.lowest.max(-step);
        let reach_high = self.highest.min(step);
        let mut spans = Spans {
            spans: [(0, -1); 2],
            len: 0,
        };
        let mut push = |from: i128, to: i128| {
            if from <= to {
                spans.spans[spans.len] = (from, to);
                spans.len += 1;
            }
        };
        if !self.prune {
            push(reach_low, reach_high);
            return spans;
        }
        let left = self.steps - step;
        let near_lower = (reach_low, reach_high.min(left - self.lower));
        let near_upper = (reach_low.max(self.upper - left), reach_high);
        let lower_open = self.toward_lower && near_lower.0 <= near_lower.1;
        let upper_open = self.toward_upper && near_upper.0 <= near_upper.1;
        match (lower_open, upper_open) {
            (true, true) if near_upper.0 <= near_lower.1 + 1 => push(near_lower.0, near_upper.1),
            _ => {
                if lower_open {
                    push(near_lower.0, near_lower.1);
                }
                if upper_open {
                    push(near_upper.0, near_upper.1);
                }
            }
        }
        spans
    }
}

/// The arithmetic a sweep counts with.
trait Arith {
    type Value: Clone;
    fn zero(&self) -> Self::Value;
    fn one(&self) -> Self::Value;
    fn weight(&self, weight: u64) -> Option<Self::Value>;
    /// `acc += x`; false on overflow.
    fn add(&self, acc: &mut Self::Value, x: &Self::Value) -> bool;
    /// `acc *= weight`; false on overflow.
    fn mul(&self, acc: &mut Self::Value, weight: &Self::Value) -> bool;
    fn overflow(&self, step: u64) -> Error;
    fn type_name(&self) -> &'static str;

    /// The hot loop for unit weights (plain janken): `new[i] = old[i - 1] +
    /// old[i] + old[i + 1]` over `cells[1..len - 1]`, two additions per cell,
    /// with `carry` holding `old[0]`. False on overflow.
    fn unit_update(&self, cells: &mut [Self::Value], carry: &mut Self::Value) -> bool {
        // A local carry stays in registers for machine integers.
        let mut previous = self.zero();
        std::mem::swap(&mut previous, carry);
        let mut fits = true;
        for i in 1..cells.len().saturating_sub(1) {
            if !(self.add(&mut previous, &cells[i]) && self.add(&mut previous, &cells[i + 1])) {
                fits = false;
                break;
            }
            std::mem::swap(&mut previous, &mut cells[i]);
        }
        std::mem::swap(&mut previous, carry);
        fits
    }
}

struct Exact<T>(PhantomData<T>);

impl<T: PathCount> Arith for Exact<T> {
    type Value = T;
    fn zero(&self) -> T {
        T::zero()
    }
    fn one(&self) -> T {
        T::one()
    }
    fn weight(&self, weight: u64) -> Option<T> {
        T::from_u64(weight)
    }
    fn add(&self, acc: &mut T, x: &T) -> bool {
        acc.checked_add_assign(x)
    }
    fn mul(&self, acc: &mut T, weight: &T) -> bool {
        acc.checked_mul_assign(weight)
    }
    fn overflow(&self, step: u64) -> Error {
        overflow::<T>(step)
    }
    fn type_name(&self) -> &'static str {
        std::any::type_name::<T>()
    }
}

/// Residues modulo a run-time modulus (at least 1).
struct Modulo(u64);

impl Arith for Modulo {
    type Value = u64;
    fn zero(&self) -> u64 {
        0
    }
    fn one(&self) -> u64 {
        1 % self.0
    }
    fn weight(&self, weight: u64) -> Option<u64> {
        Some(weight % self.0)
    }
    fn add(&self, acc: &mut u64, x: &u64) -> bool {
        *acc = add_mod(*acc, *x, self.0);
        true
    }
    fn mul(&self, acc: &mut u64, weight: &u64) -> bool {
        *acc = mul_mod(*acc, *weight, self.0);
        true
    }
    fn overflow(&self, step: u64) -> Error {
        overflow::<u64>(step)
    }
    fn type_name(&self) -> &'static str {
        "u64 modulo a number"
    }
}

fn overflow<T>(step: u64) -> Error {
    Error::CountOverflow {
        type_name: std::any::type_name::<T>(),
        step,
    }
}

fn size_error(what: &'static str, value: u128) -> Error {
    Error::SizeLimitExceeded {
        what,
        value,
        limit: usize::MAX as u128,
    }
}

/// A step weight, with the common cases 0 and 1 kept apart so the hot loop
/// skips a term or adds without multiplying.
enum Factor<V> {
    Zero,
    One,
    Times(V),
}

impl<V> Factor<V> {
    fn new<R: Arith<Value = V>>(arith: &R, weight: u64) -> Result<Self> {
        Ok(match weight {
            0 => Self::Zero,
            1 => Self::One,
            _ => Self::Times(
                arith
                    .weight(weight)
                    .ok_or_else(|| Error::InvalidParameter {
                        name: "step weight",
                        reason: format!(
                            "{weight} does not fit the count type {}",
                            arith.type_name()
                        ),
                    })?,
            ),
        })
    }
}

/// One row of surviving-path counts, advanced in place step by step.
///
/// `row[i]` holds position `lowest + i - 1`; `row[0]` and the last entry are
/// always-zero padding, so the barriers (or the edge of reach) read as zero.
struct Sweep<'a, R: Arith> {
    arith: &'a R,
    geometry: &'a Geometry,
    down: Factor<R::Value>,
    stay: Factor<R::Value>,
    up: Factor<R::Value>,
    row: Vec<R::Value>,
    carry: R::Value,
    scratch: R::Value,
}

/// Overflow is reported as the step (a plain number) and turned into an
/// `Error` by the caller, which knows the type.
type StepResult<T> = std::result::Result<T, i128>;

impl<'a, R: Arith> Sweep<'a, R> {
    fn new(
        arith: &'a R,
        geometry: &'a Geometry,
        weights: StepWeights,
        budget: Budget,
    ) -> Result<Self> {
        let len = geometry.row_len() + 2;
        budget.check_elements::<R::Value>(len, "row of path counts")?;
        let len = usize::try_from(len).map_err(|_| size_error("row of path counts", len))?;
        let mut row = filled_vec(len, arith.zero(), "row of path counts", budget)?;
        let start = geometry_index(geometry, 0);
        row[start] = arith.one();
        Ok(Self {
            arith,
            geometry,
            down: Factor::new(arith, weights.down)?,
            stay: Factor::new(arith, weights.stay)?,
            up: Factor::new(arith, weights.up)?,
            row,
            carry: arith.zero(),
            scratch: arith.zero(),
        })
    }

    fn index(&self, position: i128) -> usize {
        geometry_index(self.geometry, position)
    }

    /// Paths absorbed at each barrier at `step`, then the row moved to `step`.
    fn advance(&mut self, step: i128) -> StepResult<(R::Value, R::Value)> {
        let lower = self.entering(1 - self.geometry.lower, &self.down, step)?;
        let upper = self.entering(self.geometry.upper - 1, &self.up, step)?;
        let spans = self.geometry.spans(step);
        for &(from, to) in spans.iter() {
            self.update(self.index(from), self.index(to), step)?;
        }
        Ok((lower, upper))
    }

    /// Paths leaving `position` (next to a barrier) by a step of `factor`.
    fn entering(
        &self,
        position: i128,
        factor: &Factor<R::Value>,
        step: i128,
    ) -> StepResult<R::Value> {
        if position < self.geometry.lowest || position > self.geometry.highest {
            return Ok(self.arith.zero());
        }
        let cell = &self.row[self.index(position)];
        match factor {
            Factor::Zero => Ok(self.arith.zero()),
            Factor::One => Ok(cell.clone()),
            Factor::Times(weight) => {
                let mut count = cell.clone();
                if self.arith.mul(&mut count, weight) {
                    Ok(count)
                } else {
                    Err(step)
                }
            }
        }
    }

    /// `new[i] = up * old[i - 1] + stay * old[i] + down * old[i + 1]` for
    /// `i` in `first..=last`, in place: `carry` holds `old[i - 1]` and is
    /// swapped with the finished cell, so no number is cloned or allocated in
    /// the loop when the weights are 0 or 1.
    fn update(&mut self, first: usize, last: usize, step: i128) -> StepResult<()> {
        let Self {
            arith,
            down,
            stay,
            up,
            row,
            carry,
            scratch,
            ..
        } = self;
        carry.clone_from(&row[first - 1]);
        if matches!(
            (&*down, &*stay, &*up),
            (Factor::One, Factor::One, Factor::One)
        ) {
            return if arith.unit_update(&mut row[first - 1..=last + 1], carry) {
                Ok(())
            } else {
                Err(step)
            };
        }
        for i in first..=last {
            match up {
                Factor::Zero => *carry = arith.zero(),
                Factor::One => {}
                Factor::Times(weight) => {
                    if !arith.mul(carry, weight) {
                        return Err(step);
                    }
                }
            }
            if !(add_term(*arith, carry, &row[i], stay, scratch)
                && add_term(*arith, carry, &row[i + 1], down, scratch))
            {
                return Err(step);
            }
            std::mem::swap(carry, &mut row[i]);
        }
        Ok(())
    }

    /// The reachable part of the row after `step`.
    fn reachable(&self, step: i128, budget: Budget) -> Result<Distribution<R::Value>> {
        let from = self.geometry.lowest.max(-step);
        let to = self.geometry.highest.min(step);
        let cells = &self.row[self.index(from)..=self.index(to)];
        let mut counts = vec_with_capacity(cells.len(), "survivor table", budget)?;
        counts.extend_from_slice(cells);
        Ok(Distribution {
            // The row fitted the memory budget, so its positions fit i64.
            lowest: i64::try_from(from).unwrap_or(i64::MIN),
            counts,
        })
    }
}

fn geometry_index(geometry: &Geometry, position: i128) -> usize {
    // Callers pass positions inside lowest..=highest (+-1 for padding), and the
    // row length fitted usize, so the offset does too.
    (position - geometry.lowest + 1) as usize
}

/// `acc += factor * x`; false on overflow.
fn add_term<R: Arith>(
    arith: &R,
    acc: &mut R::Value,
    x: &R::Value,
    factor: &Factor<R::Value>,
    scratch: &mut R::Value,
) -> bool {
    match factor {
        Factor::Zero => true,
        Factor::One => arith.add(acc, x),
        Factor::Times(weight) => {
            scratch.clone_from(x);
            arith.mul(scratch, weight) && arith.add(acc, scratch)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sweep's own count: step by step until the spans run out.
    fn cells_by_steps(geometry: &Geometry) -> u128 {
        let mut cells = 0;
        for step in 1..=geometry.steps {
            let updated = geometry.cells_at(step);
            if updated == 0 {
                break;
            }
            cells += updated;
        }
        cells
    }

    #[test]
    fn closed_form_cell_count_equals_the_step_by_step_count() {
        for lower in 1..=9u64 {
            for upper in 1..=9u64 {
                for steps in 0..=30u64 {
                    for (down, up) in [(1, 1), (0, 1), (1, 0), (0, 0)] {
                        let walk = AbsorbingWalk::new(lower, upper, StepWeights::new(down, 1, up));
                        let geometry = walk.geometry(steps, true).unwrap();
                        assert_eq!(
                            geometry.total_cells(),
                            cells_by_steps(&geometry),
                            "lower {lower} upper {upper} steps {steps} weights {down},{up}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn huge_step_counts_are_refused_at_once() {
        let walk = AbsorbingWalk::janken(1, 1);
        assert_eq!(walk.cell_updates(u64::MAX), u128::from(u64::MAX) - 1);
        assert!(matches!(
            walk.total_absorbed::<u64>(u64::MAX),
            Err(Error::WorkLimitWouldExceed { .. })
        ));
        let small_cap = walk.with_budget(Budget::default().with_work(10));
        assert!(small_cap.total_absorbed::<u64>(11).is_ok()); // 10 cell updates: the last step needs none
        assert!(matches!(
            small_cap.total_absorbed::<u64>(12),
            Err(Error::WorkLimitWouldExceed {
                limit: 10,
                needed: 11,
                ..
            })
        ));
    }
}

crate::game::delegate_configure!(AbsorbingWalk);
