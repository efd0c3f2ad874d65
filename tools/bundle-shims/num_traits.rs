// Stands in for the `num-traits` crate in a bundle: the traits the crate's
// bounds name, with the same method signatures, for the primitive integers.
use std::ops::{Add, Div, Mul, Neg, Not, Rem, Sub};
use std::ops::{BitAnd, BitOr, BitXor, Shl, Shr};

pub trait Zero: Sized {
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
}
pub trait One: Sized {
    fn one() -> Self;
}
pub trait Bounded {
    fn min_value() -> Self;
    fn max_value() -> Self;
}
pub trait CheckedAdd: Sized {
    fn checked_add(&self, v: &Self) -> Option<Self>;
}
pub trait CheckedSub: Sized {
    fn checked_sub(&self, v: &Self) -> Option<Self>;
}
pub trait CheckedMul: Sized {
    fn checked_mul(&self, v: &Self) -> Option<Self>;
}
pub trait CheckedDiv: Sized {
    fn checked_div(&self, v: &Self) -> Option<Self>;
}
pub trait CheckedNeg: Sized {
    fn checked_neg(&self) -> Option<Self>;
}
pub trait ToPrimitive {
    fn to_i128(&self) -> Option<i128>;
    fn to_u128(&self) -> Option<u128>;
    fn to_i64(&self) -> Option<i64> {
        self.to_i128().and_then(|v| v.try_into().ok())
    }
    fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| v.try_into().ok())
    }
    fn to_usize(&self) -> Option<usize> {
        self.to_u128().and_then(|v| v.try_into().ok())
    }
}
pub trait NumCast: Sized + ToPrimitive {
    fn from<T: ToPrimitive>(n: T) -> Option<Self>;
}
pub trait FromPrimitive: Sized {
    fn from_i64(n: i64) -> Option<Self>;
    fn from_u64(n: u64) -> Option<Self>;
    fn from_usize(n: usize) -> Option<Self> {
        Self::from_u64(n as u64)
    }
}
pub trait Num: PartialEq + Zero + One + Add<Output = Self> + Sub<Output = Self>
    + Mul<Output = Self> + Div<Output = Self> + Rem<Output = Self> {}
pub trait Signed: Num + Neg<Output = Self> {
    fn abs(&self) -> Self;
    fn signum(&self) -> Self;
    fn is_positive(&self) -> bool;
    fn is_negative(&self) -> bool;
}
pub trait PrimInt: Sized + Copy + Num + NumCast + Bounded + PartialOrd + Ord + Eq
    + Not<Output = Self> + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
    + Shl<usize, Output = Self> + Shr<usize, Output = Self>
    + CheckedAdd + CheckedSub + CheckedMul + CheckedDiv {}

macro_rules! shim_int {
    ($($t:ty)*) => {$(
        impl Zero for $t {
            fn zero() -> Self { 0 }
            fn is_zero(&self) -> bool { *self == 0 }
        }
        impl One for $t {
            fn one() -> Self { 1 }
        }
        impl Bounded for $t {
            fn min_value() -> Self { <$t>::MIN }
            fn max_value() -> Self { <$t>::MAX }
        }
        impl CheckedAdd for $t {
            fn checked_add(&self, v: &Self) -> Option<Self> { <$t>::checked_add(*self, *v) }
        }
        impl CheckedSub for $t {
            fn checked_sub(&self, v: &Self) -> Option<Self> { <$t>::checked_sub(*self, *v) }
        }
        impl CheckedMul for $t {
            fn checked_mul(&self, v: &Self) -> Option<Self> { <$t>::checked_mul(*self, *v) }
        }
        impl CheckedDiv for $t {
            fn checked_div(&self, v: &Self) -> Option<Self> { <$t>::checked_div(*self, *v) }
        }
        impl CheckedNeg for $t {
            fn checked_neg(&self) -> Option<Self> { <$t>::checked_neg(*self) }
        }
        impl ToPrimitive for $t {
            fn to_i128(&self) -> Option<i128> { (*self).try_into().ok() }
            fn to_u128(&self) -> Option<u128> { (*self).try_into().ok() }
        }
        impl NumCast for $t {
            fn from<T: ToPrimitive>(n: T) -> Option<Self> {
                match n.to_i128() {
                    Some(v) => v.try_into().ok(),
                    None => n.to_u128().and_then(|v| v.try_into().ok()),
                }
            }
        }
        impl FromPrimitive for $t {
            fn from_i64(n: i64) -> Option<Self> { n.try_into().ok() }
            fn from_u64(n: u64) -> Option<Self> { n.try_into().ok() }
        }
        impl Num for $t {}
        impl PrimInt for $t {}
    )*};
}
shim_int!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! shim_signed {
    ($($t:ty)*) => {$(
        impl Signed for $t {
            fn abs(&self) -> Self { <$t>::abs(*self) }
            fn signum(&self) -> Self { <$t>::signum(*self) }
            fn is_positive(&self) -> bool { *self > 0 }
            fn is_negative(&self) -> bool { *self < 0 }
        }
    )*};
}
shim_signed!(i8 i16 i32 i64 i128 isize);
