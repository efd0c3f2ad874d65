//! Linear recurrences and polynomial products modulo any number `1..2^64`.
//!
//! The K-th term of a linear recurrence of order `d` is the coefficient
//! `[x^K] P(x) / Q(x)` of a rational series with `deg Q <= d`, and the
//! Bostan–Mori method finds it in `log2 K` halving steps: multiplying
//! numerator and denominator by `Q(-x)` makes the denominator even, so only
//! the numerator's coefficients of the parity of `K` matter, and both
//! polynomials shrink back to length `d + 1` with `K` halved. Each step is two
//! polynomial products, done by number-theoretic transforms:
//!
//! - modulo the modulus itself when it is a prime below `2^31` whose
//!   multiplicative group has a large enough power-of-two order
//!   (998244353, 167772161, 469762049, …);
//! - otherwise modulo several such primes (two to six, as many as the exact
//!   integer product needs: coefficients below `M`, so products below
//!   `2 d M^2`, about 147 bits for `M` near `2^64` and `d = 2^18`), joined
//!   by the Chinese remainder theorem (Garner's method) and reduced modulo `M`;
//! - by schoolbook multiplication for tiny orders.
//!
//! No inverse modulo `M` is needed beyond the constant term of `Q`, so every
//! modulus works, composite ones and `M = 1` included.

use super::ntt::{
    CRT_PRIMES, Garner, GarnerThree, Montgomery, NttPrime, crt_prime_count, is_prime_u32,
    two_adic_len,
};
use super::number::{add_mod, mul_mod};
use crate::budget::{filled_vec, vec_with_capacity};
use crate::scoring::dispatch::{self, Kernel, wide};
use crate::{Budget, Error, Result};

/// The default work cap of a product or a K-th term computation, in
/// elementary operations (transform butterflies, multiply-adds): about ten
/// seconds on a current core. [`Budget::with_work`] sets another.
pub const DEFAULT_SERIES_WORK: u64 = 10_000_000_000;

/// The longest transform: the shortest 2-adic order among the primes used.
const MAX_TRANSFORM_LEN: u64 = 1 << 24;

/// How the polynomial products of one computation are done.
#[derive(Debug, Clone)]
enum Engine {
    /// `len_a * len_b` multiply-adds modulo the modulus.
    Schoolbook,
    /// Transforms modulo the modulus itself (an NTT-friendly prime).
    Prime(NttPrime),
    /// Transforms modulo several primes, joined exactly.
    Crt(Garner),
}

/// The transform length for a product of `len` coefficients.
fn transform_len(len: usize) -> u64 {
    (len as u64).max(2).next_power_of_two()
}

/// Butterflies of one transform of length `n`.
fn transform_work(n: u64) -> u128 {
    u128::from(n / 2) * u128::from(n.trailing_zeros())
}

/// A schoolbook multiply-add costs about as much as this many butterflies:
/// a 128-bit remainder for moduli of 32 bits and more.
fn schoolbook_weight(modulus: u64) -> u128 {
    if modulus >> 32 == 0 { 2 } else { 6 }
}

/// How many primes an exact product with coefficients below `bound_log2` needs,
/// or `None` for schoolbook only (no product that large is supported).
fn engine_kind(modulus: u64, transform: u64, bound_log2: f64) -> Option<usize> {
    if transform > MAX_TRANSFORM_LEN {
        return None;
    }
    if modulus < 1 << 31
        && is_prime_u32(modulus)
        && modulus > 2
        && two_adic_len(modulus as u32) >= transform
    {
        return Some(0);
    }
    crt_prime_count(bound_log2)
}

fn build_engine(modulus: u64, transform: u64, bound_log2: f64, budget: Budget) -> Result<Engine> {
    Ok(match engine_kind(modulus, transform, bound_log2) {
        Some(0) => Engine::Prime(NttPrime::new(modulus as u32, transform as usize, budget)?),
        Some(count) => Engine::Crt(Garner::new(
            // At most six primes: only their tables grow with the input.
            CRT_PRIMES[..count]
                .iter()
                .map(|&p| NttPrime::new(p, transform as usize, budget))
                .collect::<Result<_>>()?,
            modulus,
        )),
        None => Engine::Schoolbook,
    })
}

/// The `len` items of `items` in a vector allocated fallibly: the lengths
/// follow the input, so a refusal of the allocator must be an error.
pub(super) fn collected<T>(
    len: usize,
    items: impl IntoIterator<Item = T>,
    what: &'static str,
    budget: Budget,
) -> Result<Vec<T>> {
    let mut vec = vec_with_capacity(len, what, budget)?;
    vec.extend(items);
    Ok(vec)
}

fn primes_of(kind: Option<usize>) -> u128 {
    match kind {
        Some(0) => 1,
        Some(count) => count as u128,
        None => 0,
    }
}

/// Refuses modulus 0 (every count is taken modulo at least 1).
pub(super) fn check_modulus(modulus: u64) -> Result<()> {
    if modulus == 0 {
        return Err(Error::InvalidParameter {
            name: "modulus",
            reason: "must be at least 1".to_string(),
        });
    }
    Ok(())
}

fn check_work(budget: Budget, work: u128, what: impl FnOnce() -> String) -> Result<()> {
    let cap = budget.work_or(DEFAULT_SERIES_WORK);
    if work > u128::from(cap) {
        return Err(Error::WorkLimitWouldExceed {
            what: what(),
            needed: work,
            limit: cap,
        });
    }
    Ok(())
}

fn size_error(what: &'static str, value: u128) -> Error {
    Error::SizeLimitExceeded {
        what,
        value,
        limit: MAX_TRANSFORM_LEN as u128 / 2,
    }
}

/// Plan of one product: the work and bytes it takes and how it is done.
struct ProductPlan {
    work: u128,
    bytes: u128,
    schoolbook: bool,
}

fn log2_of(value: u64) -> f64 {
    (value.max(1) as f64).log2()
}

fn plan_product(left: usize, right: usize, modulus: u64) -> ProductPlan {
    let len = left + right - 1;
    let n = transform_len(len);
    let shorter = left.min(right) as u64;
    let bound_log2 = log2_of(shorter) + 2.0 * log2_of(modulus);
    let kind = engine_kind(modulus, n, bound_log2);
    let primes = primes_of(kind);
    let school = (left as u128) * (right as u128) * schoolbook_weight(modulus);
    let fast =
        primes * (3 * transform_work(n) + 4 * u128::from(n)) + (len as u128) * primes * primes;
    let schoolbook = kind.is_none() || school <= fast;
    let work = if schoolbook { school } else { fast };
    // Tables (two per prime), two transform buffers, residues of every prime, the result.
    let bytes = if schoolbook {
        len as u128 * 8
    } else {
        primes * (8 * u128::from(n) + 4 * len as u128) + 8 * u128::from(n) + 8 * len as u128
    };
    ProductPlan {
        work,
        bytes,
        schoolbook,
    }
}

/// The product of two polynomials (coefficient lists, constant term first)
/// modulo `modulus`: `result[k] = sum of left[i] * right[k - i] mod modulus`.
///
/// Entries are reduced modulo `modulus` first. An empty factor gives an empty
/// product. Cost: with `n` the power of two above `left.len() + right.len()`,
/// three transforms of length `n` modulo each prime used (one when `modulus`
/// is an NTT-friendly prime such as 998244353; two to five more, as the
/// exact product needs, for any other modulus), O(n log n) in all; tiny
/// factors are multiplied directly (`left.len() * right.len()`
/// multiply-adds), whichever is estimated cheaper.
///
/// # Errors
/// [`Error::InvalidParameter`] if `modulus` is 0;
/// [`Error::MemoryBudgetExceeded`] / [`Error::WorkLimitWouldExceed`] if the
/// product does not fit `budget` (default work cap [`DEFAULT_SERIES_WORK`]);
/// [`Error::SizeLimitExceeded`] for a product of more than `2^23` coefficients
/// too large for schoolbook multiplication; [`Error::AllocationRefused`] if
/// the system refuses memory the budget allows.
///
/// # Example
/// ```
/// use stonegame::{Budget, counting::polynomial_product_modulo};
///
/// // (1 + 2x)(3 + x) = 3 + 7x + 2x^2
/// let product = polynomial_product_modulo(&[1, 2], &[3, 1], 5, Budget::default()).unwrap();
/// assert_eq!(product, vec![3, 2, 2]);
/// // Any 64-bit modulus: the product is exact before it is reduced.
/// let big = u64::MAX;
/// assert_eq!(
///     polynomial_product_modulo(&[big - 1], &[big - 1], big, Budget::default()).unwrap(),
///     vec![1]
/// );
/// ```
pub fn polynomial_product_modulo(
    left: &[u64],
    right: &[u64],
    modulus: u64,
    budget: Budget,
) -> Result<Vec<u64>> {
    check_modulus(modulus)?;
    if left.is_empty() || right.is_empty() {
        return Ok(Vec::new());
    }
    let plan = plan_product(left.len(), right.len(), modulus);
    if !plan.schoolbook && transform_len(left.len() + right.len() - 1) > MAX_TRANSFORM_LEN {
        return Err(size_error(
            "product length",
            (left.len() + right.len() - 1) as u128,
        ));
    }
    budget.check_bytes(plan.bytes, "polynomial product")?;
    check_work(budget, plan.work, || {
        format!(
            "multiplying polynomials of {} and {} coefficients ({} operations)",
            left.len(),
            right.len(),
            plan.work
        )
    })?;
    let what = "polynomial product";
    let left = collected(left.len(), left.iter().map(|&x| x % modulus), what, budget)?;
    let right = collected(
        right.len(),
        right.iter().map(|&x| x % modulus),
        what,
        budget,
    )?;
    multiply(&left, &right, modulus, budget)
}

/// The estimated work of one product (for cost estimates of callers).
pub(crate) fn polynomial_product_work(left: usize, right: usize, modulus: u64) -> u128 {
    if left == 0 || right == 0 {
        return 0;
    }
    plan_product(left, right, modulus).work
}

/// The product of two reduced polynomials, limits already checked (its
/// buffers are still allocated fallibly).
pub(crate) fn multiply(
    left: &[u64],
    right: &[u64],
    modulus: u64,
    budget: Budget,
) -> Result<Vec<u64>> {
    if left.is_empty() || right.is_empty() {
        return Ok(Vec::new());
    }
    let len = left.len() + right.len() - 1;
    if plan_product(left.len(), right.len(), modulus).schoolbook {
        return schoolbook(left, right, modulus, budget);
    }
    let n = transform_len(len);
    let shorter = left.len().min(right.len()) as u64;
    let engine = build_engine(
        modulus,
        n,
        log2_of(shorter) + 2.0 * log2_of(modulus),
        budget,
    )?;
    multiply_on(&engine, left, right, modulus, budget)
}

/// Transform tables for many products modulo one number, built once for
/// the largest: a prime's tables serve every shorter transform, and the
/// primes an exact product needs suffice for every smaller one.
#[derive(Debug)]
pub(crate) struct ProductTables {
    engine: Engine,
    /// The longest transform the tables serve.
    max_transform: u64,
    /// The longest shorter factor whose exact products the primes hold.
    max_shorter: usize,
}

impl ProductTables {
    /// Tables for products of up to `max_len` coefficients whose shorter
    /// factor has at most `max_shorter`.
    pub(crate) fn new(
        max_len: usize,
        max_shorter: usize,
        modulus: u64,
        budget: Budget,
    ) -> Result<Self> {
        let max_transform = transform_len(max_len);
        let bound_log2 = log2_of(max_shorter as u64) + 2.0 * log2_of(modulus);
        let engine = if modulus <= 1 {
            Engine::Schoolbook
        } else {
            build_engine(modulus, max_transform, bound_log2, budget)?
        };
        Ok(Self {
            engine,
            max_transform,
            max_shorter,
        })
    }

    /// [`multiply`] on these tables (or on fresh ones if the product is
    /// longer than they serve).
    pub(crate) fn multiply(
        &self,
        left: &[u64],
        right: &[u64],
        modulus: u64,
        budget: Budget,
    ) -> Result<Vec<u64>> {
        if left.is_empty() || right.is_empty() {
            return Ok(Vec::new());
        }
        let len = left.len() + right.len() - 1;
        let fits = transform_len(len) <= self.max_transform
            && left.len().min(right.len()) <= self.max_shorter;
        if matches!(self.engine, Engine::Schoolbook)
            || !fits
            || plan_product(left.len(), right.len(), modulus).schoolbook
        {
            return multiply(left, right, modulus, budget);
        }
        multiply_on(&self.engine, left, right, modulus, budget)
    }
}

/// The product of two reduced polynomials by `engine`, whose tables serve
/// the product's transform length.
fn multiply_on(
    engine: &Engine,
    left: &[u64],
    right: &[u64],
    modulus: u64,
    budget: Budget,
) -> Result<Vec<u64>> {
    let len = left.len() + right.len() - 1;
    let n = transform_len(len) as usize;
    let what = "polynomial product";
    let mut a = filled_vec(n, 0u32, what, budget)?;
    let mut b = filled_vec(n, 0u32, what, budget)?;
    let transformed = |prime: &NttPrime, a: &mut Vec<u32>, b: &mut Vec<u32>| {
        let field = prime.field;
        a.fill(0);
        b.fill(0);
        for (slot, &x) in a.iter_mut().zip(left) {
            *slot = field.montgomery(x);
        }
        for (slot, &x) in b.iter_mut().zip(right) {
            *slot = field.montgomery(x);
        }
        prime.forward(a);
        prime.forward(b);
        let scale = field.inverse(field.montgomery(n as u64));
        for (x, &y) in a.iter_mut().zip(b.iter()) {
            *x = field.mul(field.mul(*x, y), scale);
        }
        prime.inverse(a);
    };
    match engine {
        Engine::Schoolbook => schoolbook(left, right, modulus, budget),
        Engine::Prime(prime) => {
            transformed(prime, &mut a, &mut b);
            let plain = a[..len].iter().map(|&x| u64::from(prime.field.plain(x)));
            collected(len, plain, what, budget)
        }
        Engine::Crt(garner) => {
            let count = garner.primes.len();
            let mut residues = filled_vec(len * count, 0u32, what, budget)?;
            for (j, prime) in garner.primes.iter().enumerate() {
                transformed(prime, &mut a, &mut b);
                for (i, &x) in a[..len].iter().enumerate() {
                    residues[i * count + j] = prime.field.plain(x);
                }
            }
            let combined = residues
                .chunks_exact(count)
                .map(|digits| garner.combine(digits));
            collected(len, combined, what, budget)
        }
    }
}

fn schoolbook(left: &[u64], right: &[u64], modulus: u64, budget: Budget) -> Result<Vec<u64>> {
    let len = left.len() + right.len() - 1;
    let mut result = filled_vec(len, 0u64, "polynomial product", budget)?;
    for (i, &x) in left.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (slot, &y) in result[i..].iter_mut().zip(right) {
            *slot = add_mod(*slot, mul_mod(x, y, modulus), modulus);
        }
    }
    Ok(result)
}

/// The inverse of `value` modulo `modulus`, if it has one (extended Euclid).
pub(crate) fn inverse_mod(value: u64, modulus: u64) -> Option<u64> {
    let (mut old_r, mut r) = (i128::from(value % modulus), i128::from(modulus));
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let quotient = old_r / r;
        (old_r, r) = (r, old_r - quotient * r);
        (old_s, s) = (s, old_s - quotient * s);
    }
    (old_r == 1 || modulus == 1).then(|| old_s.rem_euclid(i128::from(modulus)) as u64)
}

/// The coefficient of `x^index` in the power series `numerator / denominator`
/// modulo `modulus` (coefficient lists, constant term first), by the
/// Bostan–Mori method.
///
/// The constant term of `denominator` must be invertible modulo `modulus`
/// (for a linear recurrence it is 1). Entries are reduced modulo `modulus`.
/// Cost: with `L` the longer length and `n` the power of two at or above
/// `2L - 1`, `log2(index)` steps. Modulo an NTT-friendly prime each step is
/// four transforms of length `n/2` (the next step's transform is extended
/// from the half-length values); modulo any other number, two transforms of
/// length `n` and two of length `n/2` per prime used (two to five, five for a
/// modulus near `2^64`) and Garner's reconstruction of `2L` coefficients.
/// O(L log L log index) operations, memory O(L) (a few arrays of `n` numbers
/// per prime); orders of a few dozen multiply directly, O(L^2) per step.
/// For example `L = 10^5`, `index = 10^18`: about 0.16 s modulo 998244353
/// and 0.7 s modulo 10^9 + 7 ([the guide](crate::guide::counting)).
///
/// # Errors
/// [`Error::InvalidParameter`] if `modulus` is 0, `denominator` is empty or
/// its constant term is not invertible modulo `modulus`;
/// [`Error::MemoryBudgetExceeded`] / [`Error::WorkLimitWouldExceed`] beyond
/// `budget` (default work cap [`DEFAULT_SERIES_WORK`]);
/// [`Error::SizeLimitExceeded`] for lengths above `2^23`;
/// [`Error::AllocationRefused`] if the system refuses memory the budget allows.
///
/// # Example
/// ```
/// use stonegame::{Budget, counting::rational_series_coefficient_modulo};
///
/// // 1 / (1 - x - x^2) = 1 + x + 2x^2 + 3x^3 + 5x^4 + ...: Fibonacci numbers.
/// let m = 1_000_000_007;
/// let q = [1, m - 1, m - 1];
/// assert_eq!(rational_series_coefficient_modulo(&[1], &q, 4, m, Budget::default()).unwrap(), 5);
/// // F(10^18 + 1) mod 10^9 + 7.
/// let far = rational_series_coefficient_modulo(&[1], &q, 1_000_000_000_000_000_000, m, Budget::default());
/// assert_eq!(far.unwrap(), 680_057_396);
/// ```
pub fn rational_series_coefficient_modulo(
    numerator: &[u64],
    denominator: &[u64],
    index: u64,
    modulus: u64,
    budget: Budget,
) -> Result<u64> {
    check_modulus(modulus)?;
    let Some(&constant) = denominator.first() else {
        return Err(Error::InvalidParameter {
            name: "denominator",
            reason: "is empty (a series needs a constant term)".to_string(),
        });
    };
    let Some(inverse) = inverse_mod(constant, modulus) else {
        return Err(Error::InvalidParameter {
            name: "denominator",
            reason: format!("its constant term {constant} has no inverse modulo {modulus}"),
        });
    };
    let len = numerator.len().max(denominator.len());
    let plan = SeriesPlan::new(len, index, modulus)?;
    budget.check_bytes(plan.bytes, "Bostan-Mori polynomials")?;
    check_work(budget, plan.work, || {
        format!(
            "the coefficient of x^{index} of a series of order {} ({} operations)",
            len - 1,
            plan.work
        )
    })?;
    let normalized = |poly: &[u64]| {
        let scaled = poly.iter().map(|&x| mul_mod(x % modulus, inverse, modulus));
        let mut out = collected(len, scaled, "Bostan-Mori polynomials", budget)?;
        out.resize(len, 0);
        Ok::<_, Error>(out)
    };
    plan.run(
        normalized(numerator)?,
        normalized(denominator)?,
        index,
        modulus,
        budget,
    )
}

/// The term `a_index` of the sequence with `a_i = initial[i]` for
/// `i < d` and `a_i = coefficients[0] * a_(i-1) + ... + coefficients[d-1] *
/// a_(i-d)` after, modulo `modulus` (`d = initial.len() = coefficients.len()`):
/// the library-checker problem "K-th term of linearly recurrent sequence".
///
/// It is `[x^index] P(x)/Q(x)` with `Q = 1 - c_1 x - ... - c_d x^d` and
/// `P = (a_0 + ... + a_(d-1) x^(d-1)) Q mod x^d`: one product, then
/// [`rational_series_coefficient_modulo`], whose cost it has.
///
/// # Errors
/// [`Error::LengthMismatch`] if the lengths differ; otherwise as
/// [`rational_series_coefficient_modulo`].
///
/// # Example
/// ```
/// use stonegame::{Budget, counting::linear_recurrence_term_modulo};
///
/// // a_i = a_(i-1) + a_(i-2), a_0 = 0, a_1 = 1: Fibonacci.
/// let fib = |k| linear_recurrence_term_modulo(&[0, 1], &[1, 1], k, 998_244_353, Budget::default());
/// assert_eq!(fib(10).unwrap(), 55);
/// assert_eq!(fib(1).unwrap(), 1);
/// // Tribonacci modulo a composite: 0, 0, 1, 1, 2, 4, 7, 13, 24, 44, 81 (mod 100).
/// let trib = linear_recurrence_term_modulo(&[0, 0, 1], &[1, 1, 1], 10, 100, Budget::default());
/// assert_eq!(trib.unwrap(), 81);
/// ```
pub fn linear_recurrence_term_modulo(
    initial: &[u64],
    coefficients: &[u64],
    index: u64,
    modulus: u64,
    budget: Budget,
) -> Result<u64> {
    check_modulus(modulus)?;
    if initial.len() != coefficients.len() {
        return Err(Error::LengthMismatch {
            what: "initial terms and recurrence coefficients",
            left: initial.len(),
            right: coefficients.len(),
        });
    }
    if let Some(&term) = usize::try_from(index).ok().and_then(|i| initial.get(i)) {
        return Ok(term % modulus);
    }
    let order = initial.len();
    let plan = plan_product(order.max(1), order + 1, modulus);
    budget.check_bytes(plan.bytes, "polynomial product")?;
    let what = "linear recurrence";
    let negated = coefficients
        .iter()
        .map(|&c| (modulus - c % modulus) % modulus);
    let denominator = collected(
        order + 1,
        std::iter::once(1 % modulus).chain(negated),
        what,
        budget,
    )?;
    let initial = collected(order, initial.iter().map(|&a| a % modulus), what, budget)?;
    let mut numerator = polynomial_product_modulo(&initial, &denominator, modulus, budget)?;
    numerator.truncate(order);
    rational_series_coefficient_modulo(&numerator, &denominator, index, modulus, budget)
}

/// One Bostan–Mori computation: polynomials of length `len` (numerator and
/// denominator padded to it), `steps` halvings.
pub(crate) struct SeriesPlan {
    len: usize,
    pub(crate) work: u128,
    pub(crate) bytes: u128,
    schoolbook: bool,
}

impl SeriesPlan {
    pub(crate) fn new(len: usize, index: u64, modulus: u64) -> Result<Self> {
        if len as u64 > MAX_TRANSFORM_LEN / 2 {
            return Err(size_error("series length", len as u128));
        }
        let steps = u128::from(64 - index.leading_zeros());
        let n = transform_len(2 * len - 1);
        // Products P(x)Q(-x) have signed coefficients of size below len M^2;
        // an offset of len M^2 makes them non-negative, below 2 len M^2.
        let bound_log2 = log2_of(2 * len as u64) + 2.0 * log2_of(modulus);
        let kind = engine_kind(modulus, n, bound_log2);
        let primes = primes_of(kind);
        let len128 = len as u128;
        let school = steps * 2 * len128 * len128 * schoolbook_weight(modulus);
        // Per step and prime: two transforms of length n and two of n/2 (the
        // NTT-prime engine: four of n/2), pointwise work, and Garner's
        // reconstruction of two polynomials.
        let transforms = if kind == Some(0) {
            4 * transform_work(n / 2)
        } else {
            2 * transform_work(n) + 2 * transform_work(n / 2)
        };
        let fast = steps * primes * (transforms + 6 * u128::from(n))
            + steps * 2 * len128 * primes * primes;
        let schoolbook = kind.is_none() || school <= fast;
        if schoolbook && n > MAX_TRANSFORM_LEN {
            return Err(size_error("series length", len128));
        }
        let work = if schoolbook { school } else { fast };
        let bytes = if schoolbook {
            len128 * 40
        } else {
            // Tables, two full and two half buffers, residues, polynomials.
            primes * (8 * u128::from(n) + 8 * len128) + 12 * u128::from(n) + 32 * len128
        };
        Ok(Self {
            len,
            work,
            bytes,
            schoolbook,
        })
    }

    /// `[x^index] p / q` for `q[0] = 1`, both of length `self.len`, reduced.
    /// The limits are checked by the caller; the buffers are still allocated
    /// fallibly, since a process limit may lie below the budget.
    pub(crate) fn run(
        &self,
        mut p: Vec<u64>,
        mut q: Vec<u64>,
        mut index: u64,
        modulus: u64,
        budget: Budget,
    ) -> Result<u64> {
        // One look at the control a halving step (each a few milliseconds
        // at most), counted in the work cap's operations.
        let steps = u64::from(64 - index.leading_zeros());
        let watch = budget.watch("Bostan-Mori", u64::try_from(self.work).ok());
        watch.check()?;
        let per_step = u64::try_from(self.work / u128::from(steps.max(1))).unwrap_or(u64::MAX);
        let mut halved = || watch.advance(per_step);
        if modulus == 1 {
            return Ok(0);
        }
        let n = transform_len(2 * self.len - 1);
        let engine = if self.schoolbook {
            Engine::Schoolbook
        } else {
            build_engine(
                modulus,
                n,
                log2_of(2 * self.len as u64) + 2.0 * log2_of(modulus),
                budget,
            )?
        };
        Ok(match engine {
            Engine::Prime(prime) => {
                prime_series(&prime, &p, &q, index, n as usize, budget, &mut halved)?
            }
            Engine::Crt(garner) => {
                let mut stepper = CrtStepper::new(garner, self.len, n as usize, modulus, budget)?;
                while index > 0 {
                    halved()?;
                    stepper.step(&mut p, &mut q, index & 1 == 1);
                    index >>= 1;
                }
                p[0]
            }
            Engine::Schoolbook => {
                while index > 0 {
                    halved()?;
                    schoolbook_step(&mut p, &mut q, index & 1 == 1, modulus, budget)?;
                    index >>= 1;
                }
                p[0]
            }
        })
    }
}

/// One Bostan–Mori step by schoolbook products: `p <- (p(x) q(-x))` at the
/// parity of the index, `q <- q(x) q(-x)` at even powers, both halved.
fn schoolbook_step(
    p: &mut [u64],
    q: &mut [u64],
    odd: bool,
    modulus: u64,
    budget: Budget,
) -> Result<()> {
    let len = q.len();
    let negated = q
        .iter()
        .enumerate()
        .map(|(i, &c)| if i % 2 == 1 && c != 0 { modulus - c } else { c });
    let negated = collected(len, negated, "Bostan-Mori polynomials", budget)?;
    let u = schoolbook(p, &negated, modulus, budget)?;
    let v = schoolbook(q, &negated, modulus, budget)?;
    let parity = usize::from(odd);
    for i in 0..len {
        p[i] = u.get(2 * i + parity).copied().unwrap_or(0);
        q[i] = v.get(2 * i).copied().unwrap_or(0);
    }
    Ok(())
}

/// The pointwise part of a step at one prime, from the transforms of `p`
/// and `q` (bit-reversed order, where the points `w` and `-w` are the
/// neighbours `2t`, `2t + 1`) to the half-length transforms of the new `p`
/// and `q`, exact or scaled for the inverse transform of length `n/2`.
///
/// New `q`: `Q(w) Q(-w)`. New `p`: the even part `(U(w) + U(-w)) / 2` or
/// the odd part `(U(w) - U(-w)) / (2w)` of `U(x) = P(x) Q(-x)`, with
/// `U(w) = P(w) Q(-w)` and `U(-w) = P(-w) Q(w)`.
struct HalfScales {
    /// The factor of the new `q`: twice `even`.
    denominator: u32,
    /// The factor of the even part (the `1/2` times any scaling).
    even: u32,
    /// `even * w_t^(-1)` for the point `w_t` at position `2t`.
    odd: Vec<u32>,
}

impl HalfScales {
    /// Scales for the even part `even` (`n^(-1)` to prepare an inverse
    /// transform of length `n/2`, `1/2` for exact values).
    fn new(prime: &NttPrime, n: usize, even: u32, budget: Budget) -> Result<Self> {
        let field = prime.field;
        let denominator = field.add(even, even);
        let mut odd = prime.inverse_points(n, budget)?;
        for w in &mut odd {
            *w = field.mul(*w, even);
        }
        Ok(Self {
            denominator,
            even,
            odd,
        })
    }

    #[inline(always)]
    fn halve(
        &self,
        field: Montgomery,
        fp: &[u32],
        fq: &[u32],
        hp: &mut [u32],
        hq: &mut [u32],
        odd: bool,
    ) {
        let pairs = fp.chunks_exact(2).zip(fq.chunks_exact(2));
        if odd {
            for (((p, q), (up, vq)), &scale) in
                pairs.zip(hp.iter_mut().zip(hq.iter_mut())).zip(&self.odd)
            {
                *up = field.mul(
                    field.sub(field.mul(p[0], q[1]), field.mul(p[1], q[0])),
                    scale,
                );
                *vq = field.mul(field.mul(q[0], q[1]), self.denominator);
            }
        } else {
            for ((p, q), (up, vq)) in pairs.zip(hp.iter_mut().zip(hq.iter_mut())) {
                *up = field.mul(
                    field.add(field.mul(p[0], q[1]), field.mul(p[1], q[0])),
                    self.even,
                );
                *vq = field.mul(field.mul(q[0], q[1]), self.denominator);
            }
        }
    }
}

/// Bostan–Mori modulo an NTT-friendly prime, all in Montgomery form.
fn prime_series(
    prime: &NttPrime,
    p: &[u64],
    q: &[u64],
    mut index: u64,
    n: usize,
    budget: Budget,
    halved: &mut impl FnMut() -> Result<()>,
) -> Result<u64> {
    let field = prime.field;
    let half = n / 2;
    let what = "Bostan-Mori transforms";
    // Exact half-length evaluations (no scaling for an inverse transform):
    // they are the even points of the next step's transform.
    let two = field.montgomery(2);
    let scales = HalfScales::new(prime, n, field.inverse(two), budget)?;
    let inverse_half = field.inverse(field.montgomery(half as u64));
    // Coefficient j of a half-length inverse transform, divided by n/2 and
    // times w_n^j: the odd points of the next transform come from it.
    let twisted = prime.points(n).iter().map(|&w| field.mul(w, inverse_half));
    let twist = collected(half, twisted, what, budget)?;
    let mut fp = filled_vec(n, 0u32, what, budget)?;
    let mut fq = filled_vec(n, 0u32, what, budget)?;
    for (slot, &x) in fp.iter_mut().zip(p) {
        *slot = field.montgomery(x);
    }
    for (slot, &x) in fq.iter_mut().zip(q) {
        *slot = field.montgomery(x);
    }
    prime.forward(&mut fp);
    prime.forward(&mut fq);
    let mut hp = filled_vec(half, 0u32, what, budget)?;
    let mut hq = filled_vec(half, 0u32, what, budget)?;
    if index == 0 {
        prime.inverse(&mut fp);
        let inverse_n = field.inverse(field.montgomery(n as u64));
        return Ok(u64::from(field.plain(field.mul(fp[0], inverse_n))));
    }
    loop {
        halved()?;
        let odd = index & 1 == 1;
        index >>= 1;
        if index == 0 {
            scales.halve(field, &fp, &fq, &mut hp, &mut hq, odd);
            prime.inverse(&mut hp);
            return Ok(u64::from(field.plain(field.mul(hp[0], inverse_half))));
        }
        let step = PrimeStep {
            prime,
            scales: &scales,
            twist: &twist,
            fp: &mut fp,
            fq: &mut fq,
            hp: &mut hp,
            hq: &mut hq,
            odd,
        };
        match wide() {
            Some(wide) => dispatch::run(wide, step),
            None => step.run(),
        }
    }
}

/// One step of [`prime_series`] but the last: halve, then extend both new
/// polynomials' values to the next step's points, compiled as one kernel
/// for the widest vector set the CPU has.
struct PrimeStep<'a> {
    prime: &'a NttPrime,
    scales: &'a HalfScales,
    twist: &'a [u32],
    fp: &'a mut [u32],
    fq: &'a mut [u32],
    hp: &'a mut [u32],
    hq: &'a mut [u32],
    odd: bool,
}

impl Kernel for PrimeStep<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let Self {
            prime,
            scales,
            twist,
            fp,
            fq,
            hp,
            hq,
            odd,
        } = self;
        let field = prime.field;
        scales.halve(field, fp, fq, hp, hq, odd);
        // New polynomials have at most n/2 coefficients, so their values at
        // the n/2 even points determine the values at the odd ones.
        for (full, halved) in [(fp, &*hp), (fq, &*hq)] {
            let (even_points, odd_points) = full.split_at_mut(halved.len());
            even_points.copy_from_slice(halved);
            odd_points.copy_from_slice(halved);
            prime.inverse_plain(odd_points);
            for (x, &w) in odd_points.iter_mut().zip(twist) {
                *x = field.mul(*x, w);
            }
            prime.forward_plain(odd_points);
        }
    }
}

/// Bostan–Mori modulo any number: each step exactly over the integers
/// through several primes, then reduced.
struct CrtStepper {
    garner: Garner,
    scales: Vec<HalfScales>,
    /// `len M^2 mod p_j`, added so every signed coefficient becomes non-negative
    /// (and stays congruent modulo M, being a multiple of M).
    offsets: Vec<u32>,
    fp: Vec<u32>,
    fq: Vec<u32>,
    hp: Vec<u32>,
    hq: Vec<u32>,
    residues_p: Vec<u32>,
    residues_q: Vec<u32>,
    /// Whether the modulus (so every coefficient) is below `2^32`.
    narrow: bool,
}

impl CrtStepper {
    fn new(garner: Garner, len: usize, n: usize, modulus: u64, budget: Budget) -> Result<Self> {
        let count = garner.primes.len();
        // One entry a prime (at most six); only the buffers inside grow.
        let scales = garner
            .primes
            .iter()
            .map(|prime| {
                let field = prime.field;
                HalfScales::new(prime, n, field.inverse(field.montgomery(n as u64)), budget)
            })
            .collect::<Result<_>>()?;
        let offsets = garner
            .primes
            .iter()
            .map(|prime| {
                let p = u128::from(prime.field.prime);
                let m = u128::from(modulus) % p;
                ((len as u128 % p) * m % p * m % p) as u32
            })
            .collect();
        let what = "Bostan-Mori transforms";
        Ok(Self {
            garner,
            scales,
            offsets,
            fp: filled_vec(n, 0, what, budget)?,
            fq: filled_vec(n, 0, what, budget)?,
            hp: filled_vec(n / 2, 0, what, budget)?,
            hq: filled_vec(n / 2, 0, what, budget)?,
            residues_p: filled_vec(len * count, 0, what, budget)?,
            residues_q: filled_vec(len * count, 0, what, budget)?,
            narrow: modulus >> 32 == 0,
        })
    }

    fn step(&mut self, p: &mut [u64], q: &mut [u64], odd: bool) {
        let count = self.garner.primes.len();
        for (j, prime) in self.garner.primes.iter().enumerate() {
            let pass = CrtPass {
                prime,
                scales: &self.scales[j],
                p,
                q,
                fp: &mut self.fp,
                fq: &mut self.fq,
                hp: &mut self.hp,
                hq: &mut self.hq,
                residues_p: &mut self.residues_p,
                residues_q: &mut self.residues_q,
                offset: self.offsets[j],
                slot: j,
                count,
                odd,
                narrow: self.narrow,
            };
            match wide() {
                Some(wide) => dispatch::run(wide, pass),
                None => pass.run(),
            }
        }
        // Residues are stored prime by prime (planar): `residues[j * len + i]`.
        if let Some(three) = self.garner.three() {
            for (out, residues) in [(p, &self.residues_p), (q, &self.residues_q)] {
                let kernel = GarnerKernel {
                    three,
                    residues,
                    out,
                };
                match wide() {
                    Some(wide) => dispatch::run(wide, kernel),
                    None => kernel.run(),
                }
            }
            return;
        }
        let len = q.len();
        let mut digits = [0u32; CRT_PRIMES.len()];
        for (out, residues) in [(p, &self.residues_p), (q, &self.residues_q)] {
            for (i, x) in out.iter_mut().enumerate() {
                for (j, digit) in digits[..count].iter_mut().enumerate() {
                    *digit = residues[j * len + i];
                }
                *x = self.garner.combine(&digits[..count]);
            }
        }
    }
}

/// Garner's reconstruction of a whole polynomial for three primes and a
/// modulus below `2^31`, compiled for the widest vector set the CPU has.
struct GarnerKernel<'a> {
    three: GarnerThree,
    residues: &'a [u32],
    out: &'a mut [u64],
}

impl Kernel for GarnerKernel<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let len = self.out.len();
        let (r0, rest) = self.residues.split_at(len);
        let (r1, r2) = rest.split_at(len);
        for (((x, &a), &b), &c) in self.out.iter_mut().zip(r0).zip(r1).zip(&r2[..len]) {
            *x = u64::from(self.three.combine(a, b, c));
        }
    }
}

/// One prime's share of a [`CrtStepper`] step: both transforms, the
/// halving, both inverse transforms and the residues, compiled as one
/// kernel for the widest vector set the CPU has.
struct CrtPass<'a> {
    prime: &'a NttPrime,
    scales: &'a HalfScales,
    p: &'a [u64],
    q: &'a [u64],
    fp: &'a mut [u32],
    fq: &'a mut [u32],
    hp: &'a mut [u32],
    hq: &'a mut [u32],
    residues_p: &'a mut [u32],
    residues_q: &'a mut [u32],
    offset: u32,
    slot: usize,
    count: usize,
    odd: bool,
    /// Whether the modulus (so every coefficient) is below `2^32`.
    narrow: bool,
}

impl Kernel for CrtPass<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let Self {
            prime,
            scales,
            p,
            q,
            fp,
            fq,
            hp,
            hq,
            residues_p,
            residues_q,
            offset,
            slot,
            count,
            odd,
            narrow,
        } = self;
        let field = prime.field;
        let len = q.len();
        for (coefficients, values) in [(p, &mut *fp), (q, &mut *fq)] {
            // Below 2^32 a coefficient enters Montgomery form in one multiplication.
            if narrow {
                for (slot, &x) in values.iter_mut().zip(coefficients) {
                    *slot = field.montgomery_u32(x as u32);
                }
            } else {
                for (slot, &x) in values.iter_mut().zip(coefficients) {
                    *slot = field.montgomery(x);
                }
            }
            // n >= 2 len - 1 and n is even, so the upper half is zero.
            values[len..].fill(0);
            prime.forward_half_filled_plain(values);
        }
        scales.halve(field, fp, fq, hp, hq, odd);
        prime.inverse_plain(hp);
        prime.inverse_plain(hq);
        let plain = |x: u32| field.add(field.plain(x), offset);
        let _ = count;
        for (i, (&x, &y)) in hp[..len].iter().zip(&hq[..len]).enumerate() {
            residues_p[slot * len + i] = plain(x);
            residues_q[slot * len + i] = plain(y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_coefficient(p: &[u64], q: &[u64], index: usize, modulus: u64) -> u64 {
        // q[0] = 1: series division term by term.
        let mut series = vec![0u64; index + 1];
        for k in 0..=index {
            let mut value = p.get(k).copied().unwrap_or(0) % modulus;
            for j in 1..=k.min(q.len() - 1) {
                let term = mul_mod(q[j] % modulus, series[k - j], modulus);
                value = add_mod(value, (modulus - term) % modulus, modulus);
            }
            series[k] = value;
        }
        series[index]
    }

    #[test]
    fn every_engine_agrees_with_series_division() {
        let budget = Budget::default();
        let moduli = [
            998_244_353u64,
            1_000_000_007,
            1 << 32,
            u64::MAX,
            (1 << 62) - 57,
            12,
            1,
            2,
            3,
        ];
        for &modulus in &moduli {
            for len in [1usize, 2, 3, 7, 40, 100] {
                let p: Vec<u64> = (0..len as u64)
                    .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % modulus)
                    .collect();
                let mut q: Vec<u64> = (0..len as u64)
                    .map(|i| (i * i + 3).wrapping_mul(0xD1B5_4A32_D192_ED03) % modulus)
                    .collect();
                q[0] = 1 % modulus;
                for index in [0u64, 1, 5, 63, 200] {
                    let expected = naive_coefficient(&p, &q, index as usize, modulus);
                    let plan = SeriesPlan::new(len, index, modulus).unwrap();
                    assert_eq!(
                        plan.run(p.clone(), q.clone(), index, modulus, budget)
                            .unwrap(),
                        expected,
                        "modulus {modulus} len {len} index {index}"
                    );
                    // Every engine, forced.
                    let n = transform_len(2 * len - 1);
                    let bound_log2 = log2_of(2 * len as u64) + 2.0 * log2_of(modulus);
                    let engine = build_engine(modulus, n, bound_log2, budget).unwrap();
                    if modulus > 1 {
                        let (mut sp, mut sq, mut k) = (p.clone(), q.clone(), index);
                        while k > 0 {
                            schoolbook_step(&mut sp, &mut sq, k & 1 == 1, modulus, budget).unwrap();
                            k >>= 1;
                        }
                        assert_eq!(sp[0], expected);
                        let fast = match engine {
                            Engine::Prime(prime) => {
                                prime_series(&prime, &p, &q, index, n as usize, budget, &mut || {
                                    Ok(())
                                })
                                .unwrap()
                            }
                            Engine::Crt(garner) => {
                                let mut stepper =
                                    CrtStepper::new(garner, len, n as usize, modulus, budget)
                                        .unwrap();
                                let (mut sp, mut sq, mut k) = (p.clone(), q.clone(), index);
                                while k > 0 {
                                    stepper.step(&mut sp, &mut sq, k & 1 == 1);
                                    k >>= 1;
                                }
                                sp[0]
                            }
                            Engine::Schoolbook => expected,
                        };
                        assert_eq!(fast, expected, "modulus {modulus} len {len} index {index}");
                    }
                }
            }
        }
    }
}
