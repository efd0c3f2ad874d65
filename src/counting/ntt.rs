//! Number-theoretic transforms modulo primes below 2^31 (Montgomery
//! arithmetic), and the Chinese remainder reconstruction (Garner) that turns
//! several such transforms into exact products modulo any 64-bit number.

use crate::Budget;
use crate::Result;
use crate::budget::{filled_vec, vec_with_capacity};
use crate::scoring::dispatch::{self, wide};

/// Arithmetic modulo an odd prime `p < 2^31` in Montgomery form (`x` is stored
/// as `x * 2^32 mod p`), so a product needs two multiplications and no division.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Montgomery {
    pub(crate) prime: u32,
    /// `-p^(-1) mod 2^32`.
    neg_inverse: u32,
    /// `2^64 mod p`: multiplying by it converts into Montgomery form.
    r2: u32,
    /// `2^96 mod p`: the same for the high half of a 64-bit number.
    r3: u32,
}

impl Montgomery {
    pub(crate) fn new(prime: u32) -> Self {
        debug_assert!(prime % 2 == 1 && prime < 1 << 31);
        // Newton's iteration doubles the correct low bits of the inverse each time.
        let mut inverse = prime;
        for _ in 0..5 {
            inverse = inverse.wrapping_mul(2u32.wrapping_sub(prime.wrapping_mul(inverse)));
        }
        Self {
            prime,
            neg_inverse: inverse.wrapping_neg(),
            r2: ((1u128 << 64) % u128::from(prime)) as u32,
            r3: ((1u128 << 96) % u128::from(prime)) as u32,
        }
    }

    /// `t / 2^32 mod p` for `t < p * 2^32`, in `0..p`.
    #[inline(always)]
    pub(crate) fn reduce(self, t: u64) -> u32 {
        let m = (t as u32).wrapping_mul(self.neg_inverse);
        // t + m p < 2 p 2^32 < 2^64 because p < 2^31; the sum is divisible by 2^32.
        let r = ((t + u64::from(m) * u64::from(self.prime)) >> 32) as u32;
        r.min(r.wrapping_sub(self.prime))
    }

    #[inline(always)]
    pub(crate) fn mul(self, a: u32, b: u32) -> u32 {
        self.reduce(u64::from(a) * u64::from(b))
    }

    /// Branch-free: when `a + b < p` the wrapped difference is huge and `min` keeps the sum.
    #[inline(always)]
    pub(crate) fn add(self, a: u32, b: u32) -> u32 {
        let sum = a + b;
        sum.min(sum.wrapping_sub(self.prime))
    }

    #[inline(always)]
    pub(crate) fn sub(self, a: u32, b: u32) -> u32 {
        let difference = a.wrapping_sub(b);
        difference.min(difference.wrapping_add(self.prime))
    }

    /// Any 64-bit number into Montgomery form: `hi * 2^32 + lo`, each half
    /// multiplied by its own constant (both products stay below `p * 2^32`).
    #[inline(always)]
    pub(crate) fn montgomery(self, x: u64) -> u32 {
        self.add(
            self.mul((x >> 32) as u32, self.r3),
            self.mul(x as u32, self.r2),
        )
    }

    /// A 32-bit number into Montgomery form: one multiplication.
    #[inline(always)]
    pub(crate) fn montgomery_u32(self, x: u32) -> u32 {
        self.mul(x, self.r2)
    }

    #[inline(always)]
    pub(crate) fn plain(self, a: u32) -> u32 {
        self.reduce(u64::from(a))
    }

    pub(crate) fn pow(self, base: u32, mut exponent: u64) -> u32 {
        let mut result = self.montgomery(1);
        let mut square = base;
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = self.mul(result, square);
            }
            square = self.mul(square, square);
            exponent >>= 1;
        }
        result
    }

    /// The inverse of a non-zero Montgomery number (Fermat).
    pub(crate) fn inverse(self, a: u32) -> u32 {
        self.pow(a, u64::from(self.prime) - 2)
    }
}

/// A prime with transforms of every power-of-two size up to `max_len`.
///
/// `roots[h + j]` is `w_(2h)^j` (Montgomery form) for `j < h`, `h` a power of
/// two: one table serves every level of every size up to `max_len`.
#[derive(Debug, Clone)]
pub(crate) struct NttPrime {
    pub(crate) field: Montgomery,
    roots: Vec<u32>,
    inverse_roots: Vec<u32>,
    /// The same roots for Shoup's multiplication: `[plain | quotients]`,
    /// `plain[h + j]` the root as a plain number `w < p`, `quotients[h + j]`
    /// `= floor(w 2^32 / p)`. A Montgomery number times a plain one by
    /// Shoup's method is the Montgomery product with the root's Montgomery
    /// form, to the bit, at one widening multiplication instead of two.
    forward_shoup: Vec<u32>,
    inverse_shoup: Vec<u32>,
}

/// `x w mod p` for `x < 2^32` and a plain `w < p`, given `quotient = floor(w
/// 2^32 / p)` (Shoup): the estimate `floor(x quotient / 2^32)` of `x w / p`
/// is low by at most one, so the remainder lies in `0..2p` (below `2^32` as
/// `p < 2^31`) and one branch-free subtraction finishes it.
#[inline(always)]
fn shoup(x: u32, w: u32, quotient: u32, prime: u32) -> u32 {
    let estimate = ((u64::from(x) * u64::from(quotient)) >> 32) as u32;
    let r = x.wrapping_mul(w).wrapping_sub(estimate.wrapping_mul(prime));
    r.min(r.wrapping_sub(prime))
}

/// The plain roots and their Shoup quotients, `[plain | quotients]`.
fn shoup_table(field: Montgomery, roots: &[u32], budget: Budget) -> Result<Vec<u32>> {
    let mut table = vec_with_capacity(2 * roots.len(), "transform roots", budget)?;
    table.extend(roots.iter().map(|&w| field.plain(w)));
    for j in 0..roots.len() {
        let plain = u64::from(table[j]);
        table.push(((plain << 32) / u64::from(field.prime)) as u32);
    }
    Ok(table)
}

/// One decimation-in-frequency level: butterflies `(x, y) -> (x + y, (x - y) w)`
/// between the halves of every block of `2 half`, with this level's plain
/// roots and their Shoup quotients.
#[inline(always)]
fn dif_level(field: Montgomery, a: &mut [u32], half: usize, [plain, quotients]: [&[u32]; 2]) {
    let prime = field.prime;
    for block in a.chunks_exact_mut(2 * half) {
        let (low, high) = block.split_at_mut(half);
        for (((x, y), &w), &q) in low
            .iter_mut()
            .zip(high.iter_mut())
            .zip(plain)
            .zip(quotients)
        {
            let (u, v) = (*x, *y);
            *x = field.add(u, v);
            *y = shoup(field.sub(u, v), w, q, prime);
        }
    }
}

/// [`dif_level`] for a small constant `H`: the blocks are fixed-size
/// arrays, which the compiler vectorises across blocks (the general loop
/// would run `H` iterations and stay scalar).
#[inline(always)]
fn dif_small<const H: usize>(field: Montgomery, a: &mut [u32], twiddles: [&[u32]; 2]) {
    let (Ok(plain), Ok(quotients)) = (
        <[u32; H]>::try_from(twiddles[0]),
        <[u32; H]>::try_from(twiddles[1]),
    ) else {
        return dif_level(field, a, H, twiddles);
    };
    let prime = field.prime;
    for block in a.chunks_exact_mut(2 * H) {
        let (low, high) = block.split_at_mut(H);
        let (Ok(low), Ok(high)) = (
            <&mut [u32; H]>::try_from(low),
            <&mut [u32; H]>::try_from(high),
        ) else {
            continue; // unreachable: chunks of exactly 2H
        };
        for j in 0..H {
            let (u, v) = (low[j], high[j]);
            low[j] = field.add(u, v);
            high[j] = shoup(field.sub(u, v), plain[j], quotients[j], prime);
        }
    }
}

/// One decimation-in-time level: `(x, y) -> (x + y w, x - y w)`.
#[inline(always)]
fn dit_level(field: Montgomery, a: &mut [u32], half: usize, [plain, quotients]: [&[u32]; 2]) {
    let prime = field.prime;
    for block in a.chunks_exact_mut(2 * half) {
        let (low, high) = block.split_at_mut(half);
        for (((x, y), &w), &q) in low
            .iter_mut()
            .zip(high.iter_mut())
            .zip(plain)
            .zip(quotients)
        {
            let (u, v) = (*x, shoup(*y, w, q, prime));
            *x = field.add(u, v);
            *y = field.sub(u, v);
        }
    }
}

/// [`dit_level`] for a small constant `H` (see [`dif_small`]).
#[inline(always)]
fn dit_small<const H: usize>(field: Montgomery, a: &mut [u32], twiddles: [&[u32]; 2]) {
    let (Ok(plain), Ok(quotients)) = (
        <[u32; H]>::try_from(twiddles[0]),
        <[u32; H]>::try_from(twiddles[1]),
    ) else {
        return dit_level(field, a, H, twiddles);
    };
    let prime = field.prime;
    for block in a.chunks_exact_mut(2 * H) {
        let (low, high) = block.split_at_mut(H);
        let (Ok(low), Ok(high)) = (
            <&mut [u32; H]>::try_from(low),
            <&mut [u32; H]>::try_from(high),
        ) else {
            continue; // unreachable: chunks of exactly 2H
        };
        for j in 0..H {
            let (u, v) = (low[j], shoup(high[j], plain[j], quotients[j], prime));
            low[j] = field.add(u, v);
            high[j] = field.sub(u, v);
        }
    }
}

/// The largest power of two dividing `p - 1`: the longest transform modulo `p`.
pub(crate) fn two_adic_len(prime: u32) -> u64 {
    1u64 << (prime - 1).trailing_zeros()
}

impl NttPrime {
    /// Tables for transforms of length up to `max_len` (a power of two that
    /// divides `prime - 1`; the caller checks). The tables grow with the
    /// transform, so they are allocated fallibly.
    pub(crate) fn new(prime: u32, max_len: usize, budget: Budget) -> Result<Self> {
        let field = Montgomery::new(prime);
        let generator = field.montgomery(u64::from(primitive_root(prime)));
        let mut roots = filled_vec(max_len.max(2), 0u32, "transform roots", budget)?;
        let mut inverse_roots = filled_vec(max_len.max(2), 0u32, "transform roots", budget)?;
        let one = field.montgomery(1);
        let mut half = 1;
        while half < max_len {
            let root = field.pow(generator, u64::from(prime - 1) / (2 * half as u64));
            let inverse_root = field.inverse(root);
            roots[half] = one;
            inverse_roots[half] = one;
            for j in 1..half {
                roots[half + j] = field.mul(roots[half + j - 1], root);
                inverse_roots[half + j] = field.mul(inverse_roots[half + j - 1], inverse_root);
            }
            half *= 2;
        }
        Ok(Self {
            field,
            forward_shoup: shoup_table(field, &roots, budget)?,
            inverse_shoup: shoup_table(field, &inverse_roots, budget)?,
            roots,
            inverse_roots,
        })
    }

    /// The transform of `a` (natural order in, bit-reversed order out):
    /// decimation in frequency. `a.len()` is a power of two up to the table's.
    /// Compiled a second time for the widest vector set the CPU has
    /// (`scoring::dispatch`); both give the same numbers.
    pub(crate) fn forward(&self, a: &mut [u32]) {
        match wide() {
            Some(wide) => dispatch::run(wide, Forward { prime: self, a }),
            None => self.forward_plain(a),
        }
    }

    /// The inverse transform times `a.len()` (bit-reversed order in, natural
    /// order out): decimation in time, undoing [`forward`](Self::forward)
    /// level by level. The caller folds the division by the length into its
    /// own pointwise step.
    pub(crate) fn inverse(&self, a: &mut [u32]) {
        match wide() {
            Some(wide) => dispatch::run(wide, Inverse { prime: self, a }),
            None => self.inverse_plain(a),
        }
    }

    /// [`forward`](Self::forward) as compiled for the caller (a kernel of
    /// the caller's own runs it for a wider vector set).
    #[inline(always)]
    pub(crate) fn forward_plain(&self, a: &mut [u32]) {
        let mut half = a.len() / 2;
        while half >= 1 {
            let twiddles = self.shoup_twiddles(&self.forward_shoup, half);
            match half {
                1 => dif_small::<1>(self.field, a, twiddles),
                2 => dif_small::<2>(self.field, a, twiddles),
                4 => dif_small::<4>(self.field, a, twiddles),
                8 => dif_small::<8>(self.field, a, twiddles),
                _ => dif_level(self.field, a, half, twiddles),
            }
            half /= 2;
        }
    }

    /// [`forward_plain`](Self::forward_plain) of an input whose upper half
    /// is zero: the first level is then `x -> (x, x w)` (the same numbers,
    /// without its additions), and the levels after it are each half's own
    /// transform.
    #[inline(always)]
    pub(crate) fn forward_half_filled_plain(&self, a: &mut [u32]) {
        let half = a.len() / 2;
        if half == 0 {
            return;
        }
        let [plain, quotients] = self.shoup_twiddles(&self.forward_shoup, half);
        let (low, high) = a.split_at_mut(half);
        let prime = self.field.prime;
        for (((y, &x), &w), &q) in high.iter_mut().zip(low.iter()).zip(plain).zip(quotients) {
            *y = shoup(x, w, q, prime);
        }
        self.forward_plain(low);
        self.forward_plain(high);
    }

    /// [`inverse`](Self::inverse) as compiled for the caller.
    #[inline(always)]
    pub(crate) fn inverse_plain(&self, a: &mut [u32]) {
        let mut half = 1;
        while half < a.len() {
            let twiddles = self.shoup_twiddles(&self.inverse_shoup, half);
            match half {
                1 => dit_small::<1>(self.field, a, twiddles),
                2 => dit_small::<2>(self.field, a, twiddles),
                4 => dit_small::<4>(self.field, a, twiddles),
                8 => dit_small::<8>(self.field, a, twiddles),
                _ => dit_level(self.field, a, half, twiddles),
            }
            half *= 2;
        }
    }

    /// The level `half`'s `[plain | quotients]` out of a Shoup table.
    #[inline(always)]
    fn shoup_twiddles<'t>(&self, table: &'t [u32], half: usize) -> [&'t [u32]; 2] {
        let len = table.len() / 2;
        [&table[half..2 * half], &table[len + half..len + 2 * half]]
    }

    /// `w_len^j` for `j < len / 2`, `w_len` the root of unity of order `len`.
    pub(crate) fn points(&self, len: usize) -> &[u32] {
        &self.roots[len / 2..len]
    }

    /// `w_len^(-bit_reverse(t))` for `t < len / 2`, where `w_len` is the
    /// root of unity of order `len`: the point of a length-`len` transform
    /// whose bit-reversed position is `2 t`.
    pub(crate) fn inverse_points(&self, len: usize, budget: Budget) -> Result<Vec<u32>> {
        let half = len / 2;
        let bits = half.trailing_zeros();
        let mut points = vec_with_capacity(half, "transform points", budget)?;
        points.extend((0..half).map(|t| {
            let reversed = if bits == 0 {
                0
            } else {
                t.reverse_bits() >> (usize::BITS - bits)
            };
            // inverse_roots[half + j] = w_(2 half)^(-j) = w_len^(-j).
            self.inverse_roots[half + reversed]
        }));
        Ok(points)
    }
}

/// [`NttPrime::forward`] as a kernel to compile for a wider vector set.
struct Forward<'a> {
    prime: &'a NttPrime,
    a: &'a mut [u32],
}

impl dispatch::Kernel for Forward<'_> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.prime.forward_plain(self.a);
    }
}

/// [`NttPrime::inverse`] as a kernel to compile for a wider vector set.
struct Inverse<'a> {
    prime: &'a NttPrime,
    a: &'a mut [u32],
}

impl dispatch::Kernel for Inverse<'_> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.prime.inverse_plain(self.a);
    }
}

/// The smallest primitive root of a prime below 2^32 (trial division of `p - 1`).
fn primitive_root(prime: u32) -> u32 {
    let order = prime - 1;
    let mut factors = Vec::new();
    let mut rest = order;
    let mut divisor = 2;
    while divisor * divisor <= rest {
        if rest % divisor == 0 {
            factors.push(divisor);
            while rest % divisor == 0 {
                rest /= divisor;
            }
        }
        divisor += 1;
    }
    if rest > 1 {
        factors.push(rest);
    }
    let field = Montgomery::new(prime);
    (2..prime)
        .find(|&candidate| {
            let g = field.montgomery(u64::from(candidate));
            let one = field.montgomery(1);
            factors
                .iter()
                .all(|&q| field.pow(g, u64::from(order / q)) != one)
        })
        .unwrap_or(1)
}

/// Whether `n < 2^32` is prime (Miller–Rabin with bases 2, 7, 61: exact below 4.7 * 10^9).
pub(crate) fn is_prime_u32(n: u64) -> bool {
    if !(2..1 << 32).contains(&n) {
        return false;
    }
    for small in [2u64, 3, 5, 7, 11, 13, 61] {
        if n % small == 0 {
            return n == small;
        }
    }
    let (mut odd, mut twos) = (n - 1, 0);
    while odd % 2 == 0 {
        odd /= 2;
        twos += 1;
    }
    let power = |mut base: u64, mut exponent: u64| {
        let mut result = 1u64;
        base %= n;
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = result * base % n;
            }
            base = base * base % n;
            exponent >>= 1;
        }
        result
    };
    [2u64, 7, 61].iter().all(|&base| {
        let mut x = power(base, odd);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..twos {
            x = x * x % n;
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

/// The primes the exact products are computed modulo, most 2-adic first:
/// each `c * 2^k + 1 < 2^31` with `2^k >= 2^24`.
pub(crate) const CRT_PRIMES: [u32; 6] = [
    2_013_265_921, // 15 * 2^27 + 1
    1_811_939_329, // 27 * 2^26 + 1
    469_762_049,   // 7 * 2^26 + 1
    2_113_929_217, // 63 * 2^25 + 1
    167_772_161,   // 5 * 2^25 + 1
    754_974_721,   // 45 * 2^24 + 1
];

/// How many of [`CRT_PRIMES`] an exact product needs when its coefficients
/// lie in `0..bound` (given as log2), or `None` when all of them are too few.
pub(crate) fn crt_prime_count(log2_bound: f64) -> Option<usize> {
    let mut log2_product = 0.0;
    for (count, &prime) in CRT_PRIMES.iter().enumerate() {
        log2_product += f64::from(prime).log2();
        // Half a bit of margin against rounding in the logarithms.
        if log2_product >= log2_bound + 0.5 {
            return Some(count + 1);
        }
    }
    None
}

/// Garner's reconstruction: residues modulo `primes` of a number below
/// their product, turned into that number modulo `modulus`.
#[derive(Debug, Clone)]
pub(crate) struct Garner {
    pub(crate) primes: Vec<NttPrime>,
    /// `prefix[j][i]` = `p_0 ... p_(i-1) mod p_j` (Montgomery form), `i < j`.
    prefix: Vec<Vec<u32>>,
    /// `(p_0 ... p_(j-1))^(-1) mod p_j` (Montgomery form).
    prefix_inverse: Vec<u32>,
    /// `p_0 ... p_(i-1) mod modulus`.
    weights: Vec<u64>,
    modulus: u64,
    /// `floor((2^64 - 1) / modulus)` and `2^64 mod modulus` for a modulus
    /// below `2^32`: then the reduction is Barrett's (one widening
    /// multiplication), not a 128-bit division.
    barrett: Option<(u64, u64)>,
}

/// `x mod m` for `m < 2^32` with `inverse = floor((2^64 - 1) / m)`: the
/// quotient estimate `floor(x inverse / 2^64)` is at most one too small
/// (`x / 2^64 < 1`), so one branch-free subtraction finishes it.
#[inline(always)]
fn barrett(x: u64, m: u64, inverse: u64) -> u64 {
    let quotient = ((u128::from(x) * u128::from(inverse)) >> 64) as u64;
    let r = x - quotient * m;
    r.min(r.wrapping_sub(m))
}

impl Garner {
    pub(crate) fn new(primes: Vec<NttPrime>, modulus: u64) -> Self {
        let count = primes.len();
        let mut prefix = vec![Vec::new(); count];
        let mut prefix_inverse = vec![0; count];
        for (j, target) in primes.iter().enumerate() {
            let field = target.field;
            let mut product = field.montgomery(1);
            for source in &primes[..j] {
                prefix[j].push(product);
                product = field.mul(product, field.montgomery(u64::from(source.field.prime)));
            }
            prefix_inverse[j] = field.inverse(product);
        }
        let mut weights = Vec::with_capacity(count);
        let mut weight = 1 % modulus;
        for prime in &primes {
            weights.push(weight);
            weight =
                ((u128::from(weight) * u128::from(prime.field.prime)) % u128::from(modulus)) as u64;
        }
        Self {
            primes,
            prefix,
            prefix_inverse,
            weights,
            modulus,
            barrett: (modulus >> 32 == 0).then(|| {
                (
                    u64::MAX / modulus,
                    ((1u128 << 64) % u128::from(modulus)) as u64,
                )
            }),
        }
    }

    /// The number with the given residues (plain form, one per prime),
    /// reduced modulo the modulus.
    #[inline]
    pub(crate) fn combine(&self, residues: &[u32]) -> u64 {
        if let (Some((inverse, _)), [r0, r1, r2]) = (self.barrett, residues) {
            return self.combine_three(*r0, *r1, *r2, inverse);
        }
        let mut digits = [0u32; CRT_PRIMES.len()];
        let mut total: u128 = 0;
        for (j, prime) in self.primes.iter().enumerate() {
            let field = prime.field;
            // Mixed-radix digits: x = d_0 + p_0 (d_1 + p_1 (d_2 + ...)).
            let mut known = 0u32;
            for (&digit, &factor) in digits[..j].iter().zip(&self.prefix[j]) {
                // digit < 2^31 and factor < p: the product fits the reduction.
                known = field.add(known, field.mul(digit, factor));
            }
            // mul(plain, Montgomery constant) gives a plain number; a digit from
            // a larger prime is reduced modulo p_j by the same multiplication.
            let digit = field.mul(field.sub(residues[j], known), self.prefix_inverse[j]);
            digits[j] = digit;
            total += u128::from(digit) * u128::from(self.weights[j]);
        }
        if let Some((inverse, two_64)) = self.barrett {
            // Each term is below 2^31 * 2^32, six of them below 2^66: the
            // high word (below 4) weighs 2^64 mod m (below 2^32).
            let m = self.modulus;
            let (low, high) = (total as u64, (total >> 64) as u64);
            return barrett(barrett(low, m, inverse) + high * two_64, m, inverse);
        }
        (total % u128::from(self.modulus)) as u64
    }
}

/// Garner's reconstruction for three primes and a modulus `m < 2^31`, all
/// in 32-bit lanes: the digits by Montgomery arithmetic, and the sum
/// `d_0 + d_1 w_1 + d_2 w_2 mod m` by Shoup's multiplication modulo `m`
/// (remainders below `2m < 2^32`), so a loop of it vectorises.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GarnerThree {
    f1: Montgomery,
    f2: Montgomery,
    /// `1` in `p_1`'s Montgomery form; `(p_0)^(-1) mod p_1` likewise.
    one_1: u32,
    inverse_1: u32,
    /// `1` and `p_0` in `p_2`'s Montgomery form; `(p_0 p_1)^(-1) mod p_2`.
    one_2: u32,
    p0_2: u32,
    inverse_2: u32,
    modulus: u32,
    /// `[1, p_0 mod m, p_0 p_1 mod m]` and their Shoup quotients modulo `m`.
    weights: [u32; 3],
    quotients: [u32; 3],
}

impl GarnerThree {
    /// The residues (plain, `r_j < p_j`) to the number modulo `m`.
    #[inline(always)]
    pub(crate) fn combine(&self, r0: u32, r1: u32, r2: u32) -> u32 {
        let (f1, f2) = (self.f1, self.f2);
        let d1 = f1.mul(f1.sub(r1, f1.mul(r0, self.one_1)), self.inverse_1);
        let known = f2.add(f2.mul(r0, self.one_2), f2.mul(d1, self.p0_2));
        let d2 = f2.mul(f2.sub(r2, known), self.inverse_2);
        let m = self.modulus;
        let term = |x: u32, k: usize| shoup(x, self.weights[k], self.quotients[k], m);
        let add = |a: u32, b: u32| {
            let sum = a + b; // both below m < 2^31
            sum.min(sum.wrapping_sub(m))
        };
        add(add(term(r0, 0), term(d1, 1)), term(d2, 2))
    }
}

impl Garner {
    /// The vectorisable form for three primes and a modulus in `2..2^31`.
    pub(crate) fn three(&self) -> Option<GarnerThree> {
        if self.primes.len() != 3 || !(2..1 << 31).contains(&self.modulus) {
            return None;
        }
        let m = self.modulus;
        let weights = [1, self.weights[1] as u32, self.weights[2] as u32];
        Some(GarnerThree {
            f1: self.primes[1].field,
            f2: self.primes[2].field,
            one_1: self.prefix[1][0],
            inverse_1: self.prefix_inverse[1],
            one_2: self.prefix[2][0],
            p0_2: self.prefix[2][1],
            inverse_2: self.prefix_inverse[2],
            modulus: m as u32,
            weights,
            quotients: weights.map(|w| ((u64::from(w) << 32) / m) as u32),
        })
    }

    /// [`combine`](Self::combine) for three primes and a modulus below
    /// `2^32`, unrolled, with two Barrett reductions instead of a 128-bit
    /// remainder (digits `d_j < p_j < 2^31`, weights `w_j < m < 2^32`).
    #[inline(always)]
    fn combine_three(&self, r0: u32, r1: u32, r2: u32, inverse: u64) -> u64 {
        let (f1, f2) = (self.primes[1].field, self.primes[2].field);
        // mul(plain, Montgomery constant) is plain; by Montgomery one it is the
        // plain number reduced modulo the smaller prime.
        let d1 = f1.mul(
            f1.sub(r1, f1.mul(r0, self.prefix[1][0])),
            self.prefix_inverse[1],
        );
        let known = f2.add(f2.mul(r0, self.prefix[2][0]), f2.mul(d1, self.prefix[2][1]));
        let d2 = f2.mul(f2.sub(r2, known), self.prefix_inverse[2]);
        let m = self.modulus;
        // Each product is below 2^31 * 2^32 = 2^63; reduce the first before
        // adding the second so the sum stays below 2^64.
        let partial = barrett(u64::from(r0) + u64::from(d1) * self.weights[1], m, inverse);
        barrett(partial + u64::from(d2) * self.weights[2], m, inverse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn montgomery_arithmetic_matches_plain_arithmetic() {
        for &prime in CRT_PRIMES.iter().chain(&[998_244_353, 3, 5, 7]) {
            let field = Montgomery::new(prime);
            let p = u64::from(prime);
            for (a, b) in [
                (0u64, 0u64),
                (1, p - 1),
                (p - 1, p - 1),
                (12345, 67890),
                (u64::MAX, 3),
            ] {
                let (ma, mb) = (field.montgomery(a), field.montgomery(b));
                let plain = |m: u32| u64::from(field.plain(m));
                assert_eq!(plain(ma), a % p);
                assert_eq!(plain(field.mul(ma, mb)), (a % p) * (b % p) % p);
                assert_eq!(plain(field.add(ma, mb)), (a % p + b % p) % p);
                assert_eq!(plain(field.sub(ma, mb)), (a % p + p - b % p) % p);
            }
        }
    }

    #[test]
    fn transforms_invert_each_other_and_multiply_cyclically() {
        let prime = NttPrime::new(998_244_353, 16, Budget::default()).unwrap();
        let field = prime.field;
        let a: Vec<u64> = vec![3, 1, 4, 1, 5, 9, 2, 6];
        let b: Vec<u64> = vec![2, 7, 1, 8, 2, 8, 0, 0];
        let mut fa: Vec<u32> = a.iter().map(|&x| field.montgomery(x)).collect();
        let mut fb: Vec<u32> = b.iter().map(|&x| field.montgomery(x)).collect();
        prime.forward(&mut fa);
        prime.forward(&mut fb);
        let mut product: Vec<u32> = fa.iter().zip(&fb).map(|(&x, &y)| field.mul(x, y)).collect();
        prime.inverse(&mut product);
        let scale = field.inverse(field.montgomery(8));
        for (k, &value) in product.iter().enumerate() {
            let expected: u64 = (0..8).map(|i| a[i] * b[(8 + k - i) % 8]).sum();
            assert_eq!(u64::from(field.plain(field.mul(value, scale))), expected);
        }
    }

    #[test]
    fn primality_and_prime_counts() {
        assert!(CRT_PRIMES.iter().all(|&p| is_prime_u32(u64::from(p))));
        assert!(is_prime_u32(998_244_353) && is_prime_u32(1_000_000_007));
        assert!(!is_prime_u32(1) && !is_prime_u32(561) && !is_prime_u32(4_294_967_297));
        assert_eq!(crt_prime_count(60.0), Some(2));
        assert_eq!(crt_prime_count(147.0), Some(5));
        assert_eq!(crt_prime_count(400.0), None);
    }

    #[test]
    fn garner_recovers_numbers_below_the_product() {
        let primes: Vec<NttPrime> = CRT_PRIMES[..3]
            .iter()
            .map(|&p| NttPrime::new(p, 2, Budget::default()).unwrap())
            .collect();
        let garner = Garner::new(primes, u64::MAX);
        for x in [0u128, 1, 123_456_789_012_345_678_901_234, (1 << 88) - 1] {
            let residues: Vec<u32> = CRT_PRIMES[..3]
                .iter()
                .map(|&p| (x % u128::from(p)) as u32)
                .collect();
            assert_eq!(
                u128::from(garner.combine(&residues)),
                x % u128::from(u64::MAX)
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Every reconstruction path (the 32-bit-lane one for moduli below
        /// 2^31, Barrett below 2^32, the 128-bit remainder above) recovers
        /// numbers below the primes' product.
        #[test]
        fn garner_paths_recover_the_number(
            x in 0u128..(1u128 << 88),
            m in proptest::prop_oneof![2u64..(1 << 31), (1u64 << 31)..(1 << 32), proptest::prelude::any::<u64>()],
        ) {
            let m = m.max(2);
            let primes: Vec<NttPrime> = CRT_PRIMES[..3]
                .iter()
                .map(|&p| NttPrime::new(p, 2, Budget::default()).unwrap())
                .collect();
            let garner = Garner::new(primes, m);
            let r: Vec<u32> = CRT_PRIMES[..3].iter().map(|&p| (x % u128::from(p)) as u32).collect();
            let expected = (x % u128::from(m)) as u64;
            proptest::prop_assert_eq!(garner.combine(&r), expected);
            if let Some(three) = garner.three() {
                proptest::prop_assert_eq!(u64::from(three.combine(r[0], r[1], r[2])), expected);
            }
        }

        /// The transforms compiled for the widest vector set equal the
        /// plain ones, and forward then inverse is `len` times the identity.
        #[test]
        fn dispatched_transforms_equal_the_plain_ones(
            values in proptest::collection::vec(proptest::prelude::any::<u32>(), 1..3000),
            which in 0usize..4,
        ) {
            let prime = [998_244_353, CRT_PRIMES[0], CRT_PRIMES[1], CRT_PRIMES[3]][which];
            let len = values.len().next_power_of_two();
            let ntt = NttPrime::new(prime, len, Budget::default()).unwrap();
            let field = ntt.field;
            let mut a: Vec<u32> = values.iter().map(|&x| field.montgomery(u64::from(x))).collect();
            a.resize(len, 0);
            let original = a.clone();
            let mut plain = a.clone();
            ntt.forward(&mut a);
            crate::scoring::dispatch::with_plain_kernels(|| ntt.forward(&mut plain));
            proptest::prop_assert_eq!(&a, &plain);
            ntt.inverse(&mut a);
            crate::scoring::dispatch::with_plain_kernels(|| ntt.inverse(&mut plain));
            proptest::prop_assert_eq!(&a, &plain);
            let scale = field.montgomery(len as u64);
            let scaled: Vec<u32> = original.iter().map(|&x| field.mul(x, scale)).collect();
            proptest::prop_assert_eq!(a, scaled);
        }
    }
}
