//! The generating function of a walk's absorptions: the count modulo M for
//! any number of steps as a coefficient of a rational series.
//!
//! # The formula, and why it holds
//!
//! Number the live positions of a walk with barriers at distances `a` (lower)
//! and `b` (upper) as `1..=L`, `L = a + b - 1` (position `i` is `i - a`
//! relative to the start, so the walk starts at `s = a`). One step maps the
//! vector of surviving path counts `v` to `T v`, with `T` tridiagonal: `stay`
//! on the diagonal, `up` below it (`i -> i + 1`), `down` above it. Paths
//! absorbed at step `k` are `down * v_(k-1)[1] + up * v_(k-1)[L]`, so
//!
//! ```text
//! F(x) = sum_(k>=1) absorbed_k x^k = x (down e_1 + up e_L)^T (I - xT)^(-1) e_s.
//! ```
//!
//! `I - xT` is tridiagonal with diagonal `alpha = 1 - stay x` and
//! off-diagonal products `beta = up down x^2`. Its leading `k x k`
//! determinant `D_k` obeys the three-term recurrence
//! `D_k = alpha D_(k-1) - beta D_(k-2)` (`D_0 = 1`, `D_(-1) = 0`), and so does
//! its trailing one (the diagonals are constant). The cofactor formula for a
//! tridiagonal inverse (the adjugate: valid over any commutative ring, here
//! the integer polynomials) gives
//! `(I - xT)^(-1)[1][s] = (down x)^(s-1) D_(L-s) / D_L` and
//! `(I - xT)^(-1)[L][s] = (up x)^(L-s) D_(s-1) / D_L`, hence
//!
//! ```text
//! F(x) = (down^a x^a D_(b-1)(x) + up^b x^b D_(a-1)(x)) / D_(a+b-1)(x).
//! ```
//!
//! (To go bankrupt at the lower barrier the walk must take `a` down steps
//! more than up steps: the `x^a` factor; `D_(b-1)` counts its excursions
//! toward the other side.) `D_L(0) = 1`, so this is a power series; the
//! number absorbed *within* `N` steps is the prefix sum, `[x^N] F(x) / (1 - x)`:
//! denominator `Q = (1 - x) D_(a+b-1)`, of degree `a + b`. Equivalently the
//! counts satisfy the linear recurrence whose characteristic polynomial is
//! `(x - 1) det(x I - T)` (the reversal of `Q`).
//!
//! Within `N` steps a barrier farther than `N` is never reached, and moving it
//! to `N + 1` changes nothing up to step `N`, so the order is
//! `min(a, N + 1) + min(b, N + 1)`.
//!
//! `D_k` for large `k` comes from the matrix form
//! `[[D_k, -beta D_(k-1)], [D_(k-1), -beta D_(k-2)]] = [[alpha, -beta], [1, 0]]^k`
//! by repeated squaring: O(log k) products of polynomials up to degree `k`,
//! which cost O(k log k) in all since the sizes double. Everything is
//! computed modulo M; no division is needed anywhere.
//!
//! # The fold
//!
//! When `up == down = u` (janken), the mirror `i -> L + 1 - i` maps the walk
//! onto itself and swaps the barriers, which count alike. Sum the counts of
//! each mirror pair: `c(j) = v(j) + v(L + 1 - j)` for `j < L + 1 - j`, and
//! `c(j) = v(j)` for the middle position of an odd `L`. These sums evolve on
//! the folded strip `1..=h`, `h = (a + b) / 2`, by the same rule (stay `c`,
//! `u` to each neighbour) except at its end: with a single middle (`a + b`
//! even) the step from `h - 1` to `h` and from `h + 1` to `h` both land on
//! `h`, so the weight from `h` to `h - 1` is `2u`; with a middle pair
//! (`a + b` odd) the step across the middle stays in the pair's class, so
//! position `h` stays with weight `c + u`. Absorption is `u c(1)` (both
//! barriers, from position 1 of either mirror image; `2u c(1)` when the strip
//! is the single position `a = b = 1`). The walk starts in class
//! `min(a, b)`. The folded matrix is tridiagonal again, and the cofactor
//! formula above gives
//!
//! ```text
//! F(x) = w u^s x^s G_((b' - s) / 2)(x) / G_h(x),   s = min(a, b), b' = max(a, b),
//! ```
//!
//! `w = 2` if `a == b` (the off-diagonal product `2u` on the way to the single
//! middle, or the double absorption of `a = b = 1`), else 1, where `G_k` is
//! the determinant of `I - xT'` over the last `k` positions of the folded strip:
//! `G_0 = 1`, `G_k = alpha D_(k-1) - 2 beta D_(k-2)` for a single middle and
//! `G_k = (alpha - u x) D_(k-1) - beta D_(k-2)` for a middle pair. The
//! denominator `(1 - x) G_h` has degree `h + 1` instead of `a + b`: Bostan–Mori
//! runs at half the order. `D_L` factors as `G_h` times the determinant of the
//! antisymmetric part, whose eigenvectors (`v(j) = -v(L + 1 - j)`) the
//! symmetric start and absorption never see.

use super::number::{add_mod, mul_mod};
use super::recurrence::{
    ProductTables, SeriesPlan, check_modulus, collected, polynomial_product_work,
};
use super::walk::{AbsorbingWalk, CountingMethod};
use crate::budget::{filled_vec, try_reserve};
use crate::{Budget, Error, Result};

/// A sweep's cell update modulo a run-time modulus costs about as much as
/// this many transform butterflies: measured 5 to 15 ns per cell update
/// against 1 to 2 ns per estimated operation of the recurrence.
const CELL_UPDATE_WEIGHT: u128 = 5;

impl AbsorbingWalk {
    /// Barriers moved in to `steps + 1` (the same counts up to `steps`).
    fn effective_distances(&self, steps: u64) -> (u64, u64) {
        let reach = steps.saturating_add(1);
        (
            self.lower_distance().min(reach),
            self.upper_distance().min(reach),
        )
    }

    /// Estimated work of the recurrence: building the series and its
    /// Bostan–Mori run, in transform butterflies; and the bytes it needs.
    pub(crate) fn recurrence_cost(&self, steps: u64, modulus: u64) -> Result<(u128, u128)> {
        let (a, b) = self.effective_distances(steps);
        if a == 0 || b == 0 || steps == 0 {
            return Ok((0, 0));
        }
        let len = a
            .checked_add(b)
            .and_then(|sum| sum.checked_add(1))
            .and_then(|len| usize::try_from(len).ok())
            .ok_or(Error::SizeLimitExceeded {
                what: "order of the recurrence",
                value: u128::from(a) + u128::from(b),
                limit: usize::MAX as u128,
            })?;
        // Each squaring makes five products of the current size: a geometric
        // series below twice the last level's, for each of the two barriers.
        let power = |k: u64| 10 * polynomial_product_work(k as usize + 1, k as usize + 1, modulus);
        let (plan, build) = if self.is_symmetric() {
            // The folded walk: order h + 1 with h = (a + b) / 2, continuants
            // of sizes h - 1 and (|b - a| / 2) - 1.
            let half = (a + b) / 2;
            let plan = SeriesPlan::new(half as usize + 2, steps, modulus)?;
            (plan, power(half) + power(a.abs_diff(b) / 2))
        } else {
            let plan = SeriesPlan::new(len, steps, modulus)?;
            let build = power(a)
                + if a == b { 0 } else { power(b) }
                + 2 * polynomial_product_work(a as usize + 1, b as usize, modulus);
            (plan, build)
        };
        // About a dozen polynomials of the final length, plus product buffers.
        let bytes = plan.bytes + 16 * 8 * len as u128 + 48 * (2 * len as u128).next_power_of_two();
        Ok((plan.work + build, bytes))
    }

    /// Which method [`total_absorbed_modulo`](Self::total_absorbed_modulo)
    /// uses for `steps` steps modulo `modulus`: the configured one, or for
    /// [`CountingMethod::Automatic`] the cheaper by estimate.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{AbsorbingWalk, CountingMethod};
    ///
    /// // Few steps: the sweep. Very many steps: the recurrence.
    /// assert_eq!(AbsorbingWalk::janken(5, 5).method_for(20, 7), CountingMethod::Sweep);
    /// assert_eq!(AbsorbingWalk::janken(5, 5).method_for(1 << 40, 7), CountingMethod::Recurrence);
    /// ```
    pub fn method_for(&self, steps: u64, modulus: u64) -> CountingMethod {
        match self.method() {
            CountingMethod::Automatic => {
                let sweep = self.cell_updates(steps).saturating_mul(CELL_UPDATE_WEIGHT);
                match self.recurrence_cost(steps, modulus) {
                    Ok((series, _)) if series < sweep => CountingMethod::Recurrence,
                    _ => CountingMethod::Sweep,
                }
            }
            chosen => chosen,
        }
    }

    /// The estimated work of [`total_absorbed_modulo`](Self::total_absorbed_modulo)
    /// in operations of about one to two nanoseconds: transform butterflies
    /// and multiply-adds for the recurrence, five per cell update for the sweep.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::AbsorbingWalk;
    ///
    /// let walk = AbsorbingWalk::janken(50_000, 50_000);
    /// let work = walk.modulo_work(1_000_000_000_000_000_000, 998_244_353);
    /// assert!(work > 100_000_000 && work < 10_000_000_000);
    /// ```
    pub fn modulo_work(&self, steps: u64, modulus: u64) -> u128 {
        match self.method_for(steps, modulus) {
            CountingMethod::Recurrence => self
                .recurrence_cost(steps, modulus)
                .map_or(u128::MAX, |(work, _)| work),
            _ => self.cell_updates(steps).saturating_mul(CELL_UPDATE_WEIGHT),
        }
    }

    /// The generating function of the paths absorbed within `steps` steps,
    /// modulo `modulus`: `(numerator, denominator)` with
    /// `[x^k] numerator / denominator` = the (weighted) number of paths
    /// absorbed at either barrier at or before step `k`, for every
    /// `k <= steps`. The denominator is `(1 - x) D(x)` with `D(x) = det(I - xT)`
    /// for the walk's tridiagonal step matrix `T`, its constant term is 1, and
    /// its length is `a + b + 1` with the barriers' distances `a`, `b` capped
    /// at `steps + 1` (a farther barrier is out of reach); the numerator is
    /// one shorter. Both are empty when a barrier is at distance 0.
    ///
    /// Cost O(d log^2 d) operations (products of polynomials of degree up to
    /// `d = a + b`), memory O(d).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `modulus` is 0;
    /// [`Error::MemoryBudgetExceeded`] / [`Error::WorkLimitWouldExceed`] beyond
    /// the walk's budget (before any work); [`Error::AllocationRefused`] if
    /// the system refuses memory the budget allows.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, counting::{AbsorbingWalk, rational_series_coefficient_modulo}};
    ///
    /// // One coin each: 2 paths absorbed at every step, 2k within k steps:
    /// // 2x / ((1 - x)(1 - x)).
    /// let (p, q) = AbsorbingWalk::janken(1, 1).absorbed_series_modulo(10, 1_000).unwrap();
    /// assert_eq!((p.clone(), q.clone()), (vec![0, 2], vec![1, 998, 1]));
    /// let within = |k| rational_series_coefficient_modulo(&p, &q, k, 1_000, Budget::default()).unwrap();
    /// assert_eq!(within(7), 14);
    /// ```
    pub fn absorbed_series_modulo(&self, steps: u64, modulus: u64) -> Result<(Vec<u64>, Vec<u64>)> {
        check_modulus(modulus)?;
        let (a, b) = self.effective_distances(steps);
        if a == 0 || b == 0 {
            return Ok((Vec::new(), Vec::new()));
        }
        let (work, bytes) = self.recurrence_cost(steps, modulus)?;
        self.check_series_limits(steps, work, bytes)?;
        self.series_unchecked(a, b, modulus)
    }

    fn check_series_limits(&self, steps: u64, work: u128, bytes: u128) -> Result<()> {
        let budget = self.budget();
        budget.check_bytes(bytes, "generating function of a walk")?;
        let cap = budget.work_or(super::DEFAULT_SERIES_WORK);
        if work > u128::from(cap) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!(
                    "counting a walk with barriers at -{} and +{} over {steps} steps by its \
                     recurrence (a step of work an operation)",
                    self.lower_distance(),
                    self.upper_distance()
                ),
                needed: work,
                limit: cap,
            });
        }
        Ok(())
    }

    /// The series for barriers at `a, b >= 1`, limits checked by the caller.
    /// Its buffers are allocated fallibly (a process limit may lie below the budget).
    fn series_unchecked(&self, a: u64, b: u64, modulus: u64) -> Result<(Vec<u64>, Vec<u64>)> {
        let weights = self.weights();
        let m = modulus;
        let budget = self.budget();
        // The squarings' products (up to 2 max(a, b) - 1 coefficients) and
        // D_a D_(b-1) (a + b).
        let longest = (a + b).max(2 * a.max(b)) as usize;
        let tables = ProductTables::new(longest, a.max(b) as usize + 1, m, budget)?;
        let strip = Continuants {
            stay: weights.stay % m,
            beta: mul_mod(weights.up % m, weights.down % m, m),
            modulus: m,
            budget,
            tables: &tables,
        };
        let (d_a1, d_a2) = strip.pair(a - 1)?;
        let (d_b1, d_b2) = if a == b {
            (strip.copy(&d_a1)?, strip.copy(&d_a2)?)
        } else {
            strip.pair(b - 1)?
        };
        let d_a = strip.next(&d_a1, &d_a2)?;
        // D_(a+b-1) = D_a D_(b-1) - beta D_(a-1) D_(b-2): the determinant cut
        // between rows a and a + 1.
        let mut d_total = tables.multiply(&d_a, &d_b1, m, budget)?;
        strip.subtract_beta_times(&mut d_total, &tables.multiply(&d_a1, &d_b2, m, budget)?)?;
        let len = (a + b + 1) as usize;
        let what = "generating function of a walk";
        let mut denominator = filled_vec(len, 0u64, what, budget)?;
        for (i, &c) in d_total.iter().enumerate() {
            denominator[i] = add_mod(denominator[i], c, m);
            denominator[i + 1] = add_mod(denominator[i + 1], (m - c) % m, m);
        }
        let mut numerator = filled_vec(len - 1, 0u64, what, budget)?;
        let down_power = pow_mod(weights.down % m, a, m);
        let up_power = pow_mod(weights.up % m, b, m);
        for (i, &c) in d_b1.iter().enumerate() {
            let slot = &mut numerator[a as usize + i];
            *slot = add_mod(*slot, mul_mod(down_power, c, m), m);
        }
        for (i, &c) in d_a1.iter().enumerate() {
            let slot = &mut numerator[b as usize + i];
            *slot = add_mod(*slot, mul_mod(up_power, c, m), m);
        }
        Ok((numerator, denominator))
    }

    /// Whether the walk is its own mirror image (`up == down`), so that
    /// [`folded_series`](Self::folded_series) applies.
    fn is_symmetric(&self) -> bool {
        self.weights().up == self.weights().down
    }

    /// The series of [`series_unchecked`](Self::series_unchecked) for a
    /// symmetric walk (`up == down`), folded onto the positions
    /// `1..=(a + b) / 2`: about half the order. See the module
    /// documentation ("The fold") for the derivation. Barriers `a, b >= 1`,
    /// limits checked by the caller.
    pub(crate) fn folded_series(
        &self,
        a: u64,
        b: u64,
        modulus: u64,
    ) -> Result<(Vec<u64>, Vec<u64>)> {
        let weights = self.weights();
        let m = modulus;
        let budget = self.budget();
        let u = weights.up % m;
        let half = (a + b) / 2;
        // The squarings' products: up to 2 half + 1 coefficients.
        let tables = ProductTables::new(2 * half as usize + 1, half as usize + 1, m, budget)?;
        let strip = Continuants {
            stay: weights.stay % m,
            beta: mul_mod(u, u, m),
            modulus: m,
            budget,
            tables: &tables,
        };
        // a + b even: one middle position (mirror of itself); odd: a middle pair.
        let single_middle = (a + b) % 2 == 0;
        let (near, far) = (a.min(b), a.max(b));
        let g_half = strip.folded(half, single_middle, u)?;
        let g_rest = strip.folded((far - near) / 2, single_middle, u)?;
        let what = "generating function of a walk";
        let len = half as usize + 2;
        let mut denominator = filled_vec(len, 0u64, what, budget)?;
        for (i, &c) in g_half.iter().enumerate() {
            denominator[i] = add_mod(denominator[i], c, m);
            denominator[i + 1] = add_mod(denominator[i + 1], (m - c) % m, m);
        }
        let mut numerator = filled_vec(len - 1, 0u64, what, budget)?;
        // Starting on the middle position, both mirror images of a path count.
        let twice = if a == b { 2 % m } else { 1 % m };
        let factor = mul_mod(twice, pow_mod(u, near, m), m);
        for (i, &c) in g_rest.iter().enumerate() {
            numerator[near as usize + i] = mul_mod(factor, c, m);
        }
        Ok((numerator, denominator))
    }

    /// The total by the recurrence, whatever the estimate says.
    pub(crate) fn total_by_recurrence(&self, steps: u64, modulus: u64) -> Result<u64> {
        check_modulus(modulus)?;
        let (a, b) = self.effective_distances(steps);
        if a == 0 || b == 0 || steps == 0 {
            return Ok(0);
        }
        let (work, bytes) = self.recurrence_cost(steps, modulus)?;
        self.check_series_limits(steps, work, bytes)?;
        let (mut numerator, denominator) = if self.is_symmetric() {
            self.folded_series(a, b, modulus)?
        } else {
            self.series_unchecked(a, b, modulus)?
        };
        let budget = self.budget();
        grow(&mut numerator, denominator.len(), budget)?;
        let plan = SeriesPlan::new(denominator.len(), steps, modulus)?;
        plan.run(numerator, denominator, steps, modulus, budget)
    }
}

fn pow_mod(mut base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let mut result = 1 % modulus;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = mul_mod(result, base, modulus);
        }
        base = mul_mod(base, base, modulus);
        exponent >>= 1;
    }
    result
}

/// The determinants `D_k` of `I - xT` for a strip of `k` positions, modulo
/// `modulus`: `alpha = 1 - stay x`, `beta = up down x^2`.
struct Continuants<'t> {
    stay: u64,
    beta: u64,
    modulus: u64,
    /// The walk's budget, to name the limit when the allocator refuses.
    budget: Budget,
    /// Transform tables built once for the largest product.
    tables: &'t ProductTables,
}

/// Pads `target` with zeros to `len` coefficients, allocating fallibly.
fn grow(target: &mut Vec<u64>, len: usize, budget: Budget) -> Result<()> {
    if target.len() < len {
        let what = "generating function of a walk";
        try_reserve(target, len - target.len(), what, budget)?;
        target.resize(len, 0);
    }
    Ok(())
}

impl Continuants<'_> {
    /// A copy of `d`, allocated fallibly.
    fn copy(&self, d: &[u64]) -> Result<Vec<u64>> {
        collected(d.len(), d.iter().copied(), "continuants", self.budget)
    }

    /// `D_(k+1) = alpha D_k - beta D_(k-1)`.
    fn next(&self, d: &[u64], previous: &[u64]) -> Result<Vec<u64>> {
        let m = self.modulus;
        let mut result = filled_vec(d.len() + 1, 0u64, "continuants", self.budget)?;
        for (i, &c) in d.iter().enumerate() {
            result[i] = add_mod(result[i], c, m);
            result[i + 1] = add_mod(result[i + 1], (m - mul_mod(self.stay, c, m)) % m, m);
        }
        self.subtract_beta_times(&mut result, previous)?;
        Ok(result)
    }

    /// `target -= beta x^2 source` (grows `target` if needed).
    fn subtract_beta_times(&self, target: &mut Vec<u64>, source: &[u64]) -> Result<()> {
        let m = self.modulus;
        grow(target, source.len() + 2, self.budget)?;
        for (i, &c) in source.iter().enumerate() {
            let term = mul_mod(self.beta, c, m);
            target[i + 2] = add_mod(target[i + 2], (m - term) % m, m);
        }
        Ok(())
    }

    /// `G_k`, the determinant of `I - xT'` for the last `k` positions of a
    /// folded strip (see the module documentation): `alpha' D_(k-1) - c
    /// beta D_(k-2)` with `alpha' = alpha, c = 2` when the middle position
    /// is single, `alpha' = alpha - up x, c = 1` when it is a pair.
    fn folded(&self, k: u64, single_middle: bool, up: u64) -> Result<Vec<u64>> {
        let m = self.modulus;
        if k == 0 {
            return collected(1, [1 % m], "continuants", self.budget);
        }
        let (d1, d2) = self.pair(k - 1)?;
        let (stay, beta) = if single_middle {
            (self.stay, add_mod(self.beta, self.beta, m))
        } else {
            (add_mod(self.stay, up, m), self.beta)
        };
        let end = Self {
            stay,
            beta,
            ..*self
        };
        end.next(&d1, &d2)
    }

    /// `(D_k, D_(k-1))` by repeated squaring of the matrix
    /// `[[D_k, -beta D_(k-1)], [D_(k-1), E_k]]` (`E_k = -beta D_(k-2)`),
    /// the `k`-th power of `[[alpha, -beta], [1, 0]]`.
    fn pair(&self, k: u64) -> Result<(Vec<u64>, Vec<u64>)> {
        let m = self.modulus;
        let budget = self.budget;
        let (mut d, mut d1, mut e) = (vec![1 % m], Vec::new(), vec![1 % m]);
        let mut power = 0usize;
        // One look at the control a squaring (five products of the current size).
        let watch = budget.watch("continuants of a walk", None);
        watch.check()?;
        // Degrees: D_j <= j, D_(j-1) <= j - 1, E_j <= j; cut the zero tails
        // the shifted subtractions leave, so the products stay small.
        let trim = |d: &mut Vec<u64>, d1: &mut Vec<u64>, e: &mut Vec<u64>, j: usize| {
            d.truncate(j + 1);
            d1.truncate(j);
            e.truncate(j + 1);
        };
        for bit in (0..u64::BITS - k.leading_zeros()).rev() {
            watch.advance(10 * (power as u64 + 1))?;
            // Squaring: M_2j = M_j M_j.
            let d1_d1 = self.tables.multiply(&d1, &d1, m, budget)?;
            let mut d_next = self.tables.multiply(&d, &d, m, budget)?;
            self.subtract_beta_times(&mut d_next, &d1_d1)?;
            let mut d1_next = self.tables.multiply(&d1, &d, m, budget)?;
            add_into(
                &mut d1_next,
                &self.tables.multiply(&e, &d1, m, budget)?,
                m,
                budget,
            )?;
            let mut e_next = self.tables.multiply(&e, &e, m, budget)?;
            self.subtract_beta_times(&mut e_next, &d1_d1)?;
            (d, d1, e) = (d_next, d1_next, e_next);
            power *= 2;
            trim(&mut d, &mut d1, &mut e, power);
            if k >> bit & 1 == 1 {
                // One more factor: M_(j+1) = M_j [[alpha, -beta], [1, 0]].
                let mut e_next = Vec::new();
                self.subtract_beta_times(&mut e_next, &d1)?;
                let d_next = self.next(&d, &d1)?;
                (d, d1, e) = (d_next, d, e_next);
                power += 1;
                trim(&mut d, &mut d1, &mut e, power);
            }
        }
        let lengths = (k as usize + 1, k as usize);
        grow(&mut d, lengths.0, budget)?;
        grow(&mut d1, lengths.1, budget)?;
        d.truncate(lengths.0);
        d1.truncate(lengths.1);
        Ok((d, d1))
    }
}

fn add_into(target: &mut Vec<u64>, source: &[u64], modulus: u64, budget: Budget) -> Result<()> {
    grow(target, source.len(), budget)?;
    for (slot, &c) in target.iter_mut().zip(source) {
        *slot = add_mod(*slot, c, modulus);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::StepWeights;
    use proptest::prelude::*;

    /// The first `count` coefficients of `p / q` (`q[0] = 1`) modulo `m`.
    fn expansion(p: &[u64], q: &[u64], count: usize, m: u64) -> Vec<u64> {
        let mut series = vec![0u64; count];
        for k in 0..count {
            let mut value = p.get(k).copied().unwrap_or(0) % m;
            for j in 1..=k.min(q.len() - 1) {
                let term = mul_mod(q[j], series[k - j], m);
                value = add_mod(value, (m - term) % m, m);
            }
            series[k] = value;
        }
        series
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The folded series expands to the unfolded one, term by term,
        /// with half the order.
        #[test]
        fn the_fold_equals_the_unfolded_series(
            a in 1_u64..25,
            b in 1_u64..25,
            u in 0_u64..5,
            stay in 0_u64..5,
            m in prop_oneof![Just(998_244_353_u64), Just(1_000_000_007), Just(u64::MAX), 2_u64..100],
        ) {
            let walk = AbsorbingWalk::new(a, b, StepWeights::new(u, stay, u));
            let (p, q) = walk.series_unchecked(a, b, m).unwrap();
            let (fp, fq) = walk.folded_series(a, b, m).unwrap();
            prop_assert_eq!(fq.len() as u64, (a + b) / 2 + 2);
            prop_assert_eq!(fq[0], 1 % m);
            let count = 3 * (a + b) as usize + 10;
            prop_assert_eq!(expansion(&fp, &fq, count, m), expansion(&p, &q, count, m));
        }
    }
}
