//! The numbers paths are counted with: fixed-width integers (checked), a
//! modular integer (never overflows) and, with the `bigint` feature, big integers.

use num_traits::{CheckedAdd, CheckedMul, FromPrimitive, One, Zero};
use std::fmt;
use std::ops::{Add, Mul};

/// A number type the counting solvers can count with.
///
/// Everything is expressed through `num-traits`: counts start from
/// [`Zero`]/[`One`], step weights are converted with [`FromPrimitive`], and
/// sums and products are checked ([`CheckedAdd`], [`CheckedMul`]). A
/// fixed-width type that cannot hold a count makes the solver return
/// [`Error::CountOverflow`](crate::Error::CountOverflow), never a wrapped
/// number. The two in-place methods have checked defaults; types that cannot
/// overflow (big integers, [`Modular`]) override them to update without
/// allocating.
///
/// Implemented for `u8`, `u16`, `u32`, `u64`, `u128`, `usize`, [`Modular`],
/// and `num_bigint::BigUint` when the crate's `bigint` feature (which brings
/// `num-bigint`) is enabled. Your own type needs only an empty `impl`.
///
/// # Example
/// ```
/// use stonegame::counting::PathCount;
///
/// let mut count = 250_u8;
/// assert!(count.checked_add_assign(&5));
/// assert_eq!(count, 255);
/// assert!(!count.checked_add_assign(&1)); // would overflow: refused, unchanged
/// assert_eq!(count, 255);
/// ```
pub trait PathCount: Clone + Zero + One + CheckedAdd + CheckedMul + FromPrimitive {
    /// Adds `rhs` to `self`. Returns `false`, leaving `self` unchanged, when
    /// the sum does not fit the type.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::PathCount;
    /// let mut count = 7_u64;
    /// assert!(count.checked_add_assign(&3));
    /// assert_eq!(count, 10);
    /// ```
    fn checked_add_assign(&mut self, rhs: &Self) -> bool {
        match self.checked_add(rhs) {
            Some(sum) => {
                *self = sum;
                true
            }
            None => false,
        }
    }

    /// Multiplies `self` by `rhs`. Returns `false`, leaving `self` unchanged,
    /// when the product does not fit the type.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::PathCount;
    /// let mut count = 100_u8;
    /// assert!(count.checked_mul_assign(&2));
    /// assert!(!count.checked_mul_assign(&2)); // 400 does not fit u8
    /// assert_eq!(count, 200);
    /// ```
    fn checked_mul_assign(&mut self, rhs: &Self) -> bool {
        match self.checked_mul(rhs) {
            Some(product) => {
                *self = product;
                true
            }
            None => false,
        }
    }

    /// For a type of residues modulo a constant (such as [`Modular`]): that
    /// modulus, so the solvers can count modulo it by the methods of the
    /// `*_modulo` functions (the linear recurrence for many steps) and
    /// convert the residue with [`FromPrimitive::from_u64`]. `None` (the
    /// default) for every other type: the solvers count in the type itself.
    ///
    /// # Example
    /// ```
    /// use stonegame::counting::{Modular, PathCount};
    /// assert_eq!(<Modular<1_000_000_007> as PathCount>::residue_modulus(), Some(1_000_000_007));
    /// assert_eq!(<u64 as PathCount>::residue_modulus(), None);
    /// ```
    fn residue_modulus() -> Option<u64> {
        None
    }
}

macro_rules! checked_path_count {
    ($($t:ty),*) => { $(impl PathCount for $t {})* };
}
checked_path_count!(u8, u16, u32, u64, u128, usize);

/// Big integers never overflow: update in place so the hot loop of the solver
/// reuses each number's buffer instead of allocating a new one per addition.
///
/// # Example
/// ```
/// use num_bigint::BigUint;
/// use stonegame::counting::janken_count;
///
/// // 100 coins each, 1000 rounds: far beyond u128.
/// let count: BigUint = janken_count(100, 100, 1000).unwrap();
/// assert!(count.bits() > 1400);
/// ```
#[cfg(feature = "bigint")]
#[cfg_attr(docsrs, doc(cfg(feature = "bigint")))]
impl PathCount for num_bigint::BigUint {
    fn checked_add_assign(&mut self, rhs: &Self) -> bool {
        *self += rhs;
        true
    }

    fn checked_mul_assign(&mut self, rhs: &Self) -> bool {
        *self *= rhs;
        true
    }
}

/// An integer modulo the constant `M` (`M >= 1`): counts "modulo 10^9 + 7"
/// the contest way. It implements the `num-traits` the solvers need and can
/// never overflow, so a solver never fails on it.
///
/// `Modular<0>` does not compile (the modulus is checked when the type is used).
/// For a modulus known only at run time use the `*_modulo` functions, e.g.
/// [`janken_count_modulo`](super::janken_count_modulo).
///
/// # Example
/// ```
/// use stonegame::counting::{janken_count, Modular};
///
/// type Mod = Modular<1_000_000_007>;
/// let count: Mod = janken_count(50, 50, 10_000).unwrap();
/// assert!(count.value() < 1_000_000_007);
/// assert_eq!(Mod::new(1_000_000_008).value(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modular<const M: u64> {
    value: u64,
}

impl<const M: u64> Modular<M> {
    /// The modulus `M`; naming it fails to compile when `M` is 0.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::counting::Modular::<7>::MODULUS, 7);
    /// ```
    pub const MODULUS: u64 = {
        assert!(M > 0, "the modulus of Modular<M> must be at least 1");
        M
    };

    /// The residue of `value` modulo `M`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::counting::Modular::<7>::new(23).value(), 2);
    /// ```
    pub const fn new(value: u64) -> Self {
        Self {
            value: value % Self::MODULUS,
        }
    }

    /// The representative in `0..M`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::counting::Modular::<5>::new(5).value(), 0);
    /// ```
    pub const fn value(self) -> u64 {
        self.value
    }
}

/// `(a + b) mod m` for `a, b < m`, without overflow even when `m > 2^63`.
pub(crate) const fn add_mod(a: u64, b: u64, m: u64) -> u64 {
    // Written as a select between two computed values so it compiles to a
    // conditional move: whether a sum wraps is unpredictable.
    let (sum, carried) = a.overflowing_add(b);
    let (reduced, borrowed) = sum.overflowing_sub(m);
    if carried | !borrowed { reduced } else { sum }
}

/// `(a * b) mod m` through a 128-bit product.
pub(crate) const fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

impl<const M: u64> Add for Modular<M> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self {
            value: add_mod(self.value, rhs.value, Self::MODULUS),
        }
    }
}

impl<const M: u64> Mul for Modular<M> {
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        Self {
            value: mul_mod(self.value, rhs.value, Self::MODULUS),
        }
    }
}

impl<const M: u64> Zero for Modular<M> {
    fn zero() -> Self {
        Self::new(0)
    }
    fn is_zero(&self) -> bool {
        self.value == 0
    }
}

impl<const M: u64> One for Modular<M> {
    fn one() -> Self {
        Self::new(1)
    }
}

impl<const M: u64> CheckedAdd for Modular<M> {
    fn checked_add(&self, rhs: &Self) -> Option<Self> {
        Some(*self + *rhs)
    }
}

impl<const M: u64> CheckedMul for Modular<M> {
    fn checked_mul(&self, rhs: &Self) -> Option<Self> {
        Some(*self * *rhs)
    }
}

impl<const M: u64> FromPrimitive for Modular<M> {
    fn from_i64(n: i64) -> Option<Self> {
        let residue = i128::from(n).rem_euclid(i128::from(Self::MODULUS));
        u64::try_from(residue).ok().map(Self::new)
    }
    fn from_u64(n: u64) -> Option<Self> {
        Some(Self::new(n))
    }
    fn from_u128(n: u128) -> Option<Self> {
        u64::try_from(n % u128::from(Self::MODULUS))
            .ok()
            .map(Self::new)
    }
}

impl<const M: u64> PathCount for Modular<M> {
    fn checked_add_assign(&mut self, rhs: &Self) -> bool {
        *self = *self + *rhs;
        true
    }
    fn checked_mul_assign(&mut self, rhs: &Self) -> bool {
        *self = *self * *rhs;
        true
    }
    fn residue_modulus() -> Option<u64> {
        Some(Self::MODULUS)
    }
}

impl<const M: u64> fmt::Display for Modular<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.value, f)
    }
}

impl<const M: u64> fmt::Debug for Modular<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (mod {})", self.value, M)
    }
}
