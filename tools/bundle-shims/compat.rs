// Methods the crate calls that rustc 1.70 lacks. On a newer compiler the inherent
// method wins over these trait methods, so they only matter on old judges.
pub trait OptionCompat<T> {
    fn is_none_or(self, f: impl FnOnce(T) -> bool) -> bool;
}
impl<T> OptionCompat<T> for Option<T> {
    fn is_none_or(self, f: impl FnOnce(T) -> bool) -> bool {
        match self {
            None => true,
            Some(x) => f(x),
        }
    }
}
pub trait UnsignedCompat: Sized {
    fn div_ceil(self, rhs: Self) -> Self;
    fn is_multiple_of(self, rhs: Self) -> bool;
    fn isqrt(self) -> Self;
}
macro_rules! unsigned_compat {
    ($($t:ty)*) => {$(
        impl UnsignedCompat for $t {
            fn div_ceil(self, rhs: Self) -> Self {
                self / rhs + (self % rhs != 0) as $t
            }
            fn is_multiple_of(self, rhs: Self) -> bool {
                if rhs == 0 { self == 0 } else { self % rhs == 0 }
            }
            fn isqrt(self) -> Self {
                let mut r = (self as f64).sqrt() as $t;
                while r.checked_mul(r).map_or(true, |s| s > self) {
                    r -= 1;
                }
                while (r + 1).checked_mul(r + 1).map_or(false, |s| s <= self) {
                    r += 1;
                }
                r
            }
        }
    )*};
}
unsigned_compat!(u8 u16 u32 u64 u128 usize);
