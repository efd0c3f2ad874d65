//! Nim multiplication: the nimbers below `2^64` form a field with XOR as
//! addition and the nim product `⊗`.
//!
//! # Theorem (Conway, *On Numbers and Games*)
//!
//! The nim product is defined by `a ⊗ b = mex { (a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') :
//! a' < a, b' < b }` — the Grundy value of the product of two games (the
//! Tartan theorem). With it, the nimbers below every Fermat 2-power
//! `F = 2^(2^n)` form a field of `F` elements, and within it:
//!
//! - `x ⊗ F = x·F` (ordinary product) for `x < F`;
//! - `F ⊗ F = F ⊕ F/2` (that is, `3F/2`).
//!
//! So a number below `F²` is `x₁F ⊕ x₀` with halves `x₁, x₀ < F`, and
//! `(a₁F ⊕ a₀) ⊗ (b₁F ⊕ b₀) = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ (a₀b₀ ⊕ a₁b₁ ⊗ F/2)`.
//! Karatsuba's trick gets the middle term from
//! `(a₀ ⊕ a₁)(b₀ ⊕ b₁) ⊕ a₀b₀ ⊕ a₁b₁`, so one product of 64-bit nimbers is
//! three products of 32-bit halves plus a product by the constant `2^31`.
//!
//! # Algorithm and complexity
//!
//! The products of bytes (the field of 256 elements) are a 64 KiB table built
//! at first use (from the recursive definition, by linearity in one factor).
//! A 64-bit product then takes 3 levels of halving — 64 → 32 → 16 → 8 bits —
//! 27 byte products; the products by the constants `F/2` (`2^7`, `2^15`,
//! `2^31`) are XOR-linear and read from small per-byte tables (1, 2 or 4
//! lookups): 46 lookups, 27 of them in the 64 KiB table, and no branches;
//! 15 to 30 ns a product. [`inverse`] is `a^(2^64 − 2)` (Fermat's little
//! theorem in the field of `2^64` elements), [`sqrt`] is `a^(2^63)` (squaring
//! is the Frobenius map, a bijection): at most 127 and 63 products.
//!
//! # Example
//! ```
//! use stonegame::impartial::nim_field::{inverse, product};
//!
//! assert_eq!(product(2, 2), 3);
//! assert_eq!(product(4, 4), 6);
//! assert_eq!(product(1 << 32, 1 << 32), 3 << 31);
//! let a = 123_456_789_123_456_789;
//! assert_eq!(product(a, inverse(a).unwrap()), 1);
//! ```

use std::sync::OnceLock;

/// The nim product of two nimbers below `2^bits` (`bits` a power of two, at
/// most 64), straight from the recursion on halves. The recursion depth is
/// `log2(bits) <= 6` whatever the inputs.
fn product_of_width(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let low = product_of_width(a0, b0, half);
    let high = product_of_width(a1, b1, half);
    let mixed = product_of_width(a0 ^ a1, b0 ^ b1, half);
    let high_times_half = product_of_width(high, 1 << (half - 1), half);
    ((mixed ^ low) << half) | (low ^ high_times_half)
}

/// The nim product from the recursion on halves, without tables: the
/// reference the fast [`product`] is checked and measured against.
///
/// # Example
/// ```
/// use stonegame::impartial::nim_field::{product, product_by_halves};
/// assert_eq!(product_by_halves(3, 3), 2);
/// assert_eq!(product_by_halves(u64::MAX, 12345), product(u64::MAX, 12345));
/// ```
pub fn product_by_halves(a: u64, b: u64) -> u64 {
    product_of_width(a, b, 64)
}

/// The tables of the fast product.
///
/// `bytes` holds the products of bytes, indexed by `a << 8 | b` (a fixed-size
/// array, so an index masked to 16 bits needs no bounds check). The products
/// by the constants `2^7`, `2^15` and `2^31` are XOR-linear, so each is
/// tabulated per byte of its argument: `x ⊗ 2^31` is the XOR of four lookups,
/// one per byte of `x`, in tables small enough to stay in the L1 cache.
struct Tables {
    bytes: Box<[u8; 1 << 16]>,
    half8: [u8; 256],
    half16: [[u16; 256]; 2],
    half32: [[u32; 256]; 4],
}

impl Tables {
    fn build() -> Self {
        let mut bytes = vec![0u8; 1 << 16];
        for a in 0..256usize {
            let row = &mut bytes[a << 8..(a + 1) << 8];
            // The product is XOR-linear in b: fill b from b without its lowest bit.
            for b in 1..256usize {
                let lowest = b & b.wrapping_neg();
                row[b] = if lowest == b {
                    product_of_width(a as u64, b as u64, 8) as u8
                } else {
                    row[b ^ lowest] ^ row[lowest]
                };
            }
        }
        let mut half8 = [0u8; 256];
        let mut half16 = [[0u16; 256]; 2];
        let mut half32 = [[0u32; 256]; 4];
        for x in 0..256u64 {
            half8[x as usize] = product_of_width(x, 1 << 7, 8) as u8;
            for (byte, table) in half16.iter_mut().enumerate() {
                table[x as usize] = product_of_width(x << (8 * byte), 1 << 15, 16) as u16;
            }
            for (byte, table) in half32.iter_mut().enumerate() {
                table[x as usize] = product_of_width(x << (8 * byte), 1 << 31, 32) as u32;
            }
        }
        Self {
            bytes: bytes
                .into_boxed_slice()
                .try_into()
                .expect("the table has 2^16 entries"),
            half8,
            half16,
            half32,
        }
    }

    fn get() -> &'static Self {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Self::build)
    }

    #[inline]
    fn mul8(&self, a: u64, b: u64) -> u64 {
        u64::from(self.bytes[(((a & 0xff) << 8) | (b & 0xff)) as usize])
    }

    /// `x ⊗ 2^7` for a byte `x`.
    #[inline]
    fn mul8_half(&self, x: u64) -> u64 {
        u64::from(self.half8[(x & 0xff) as usize])
    }

    /// `x ⊗ 2^15` for `x < 2^16`.
    #[inline]
    fn mul16_half(&self, x: u64) -> u64 {
        u64::from(self.half16[0][(x & 0xff) as usize] ^ self.half16[1][(x >> 8 & 0xff) as usize])
    }

    /// `x ⊗ 2^31` for `x < 2^32`.
    #[inline]
    fn mul32_half(&self, x: u64) -> u64 {
        let [t0, t1, t2, t3] = &self.half32;
        u64::from(
            t0[(x & 0xff) as usize]
                ^ t1[(x >> 8 & 0xff) as usize]
                ^ t2[(x >> 16 & 0xff) as usize]
                ^ t3[(x >> 24 & 0xff) as usize],
        )
    }

    #[inline]
    fn mul16(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = (a >> 8, a & 0xff);
        let (b1, b0) = (b >> 8, b & 0xff);
        let low = self.mul8(a0, b0);
        let high = self.mul8(a1, b1);
        let mixed = self.mul8(a0 ^ a1, b0 ^ b1);
        ((mixed ^ low) << 8) | (low ^ self.mul8_half(high))
    }

    #[inline]
    fn mul32(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = (a >> 16, a & 0xffff);
        let (b1, b0) = (b >> 16, b & 0xffff);
        let low = self.mul16(a0, b0);
        let high = self.mul16(a1, b1);
        let mixed = self.mul16(a0 ^ a1, b0 ^ b1);
        ((mixed ^ low) << 16) | (low ^ self.mul16_half(high))
    }

    #[inline]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = (a >> 32, a & 0xffff_ffff);
        let (b1, b0) = (b >> 32, b & 0xffff_ffff);
        let low = self.mul32(a0, b0);
        let high = self.mul32(a1, b1);
        let mixed = self.mul32(a0 ^ a1, b0 ^ b1);
        ((mixed ^ low) << 32) | (low ^ self.mul32_half(high))
    }
}

/// The nim product `a ⊗ b`.
///
/// The first call builds the tables (about 70 KiB, well under a millisecond).
///
/// # Example
/// ```
/// use stonegame::impartial::nim_field::product;
/// assert_eq!(product(3, 3), 2);
/// assert_eq!(product(16, 16), 24);
/// assert_eq!(product(5, 1), 5);
/// ```
pub fn product(a: u64, b: u64) -> u64 {
    Tables::get().mul64(a, b)
}

/// `a ⊗ a`.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::nim_field::square(2), 3);
/// ```
pub fn square(a: u64) -> u64 {
    product(a, a)
}

/// `a` to the nim power `exponent` (`a^0 = 1`), by square and multiply: at
/// most 128 products.
///
/// # Example
/// ```
/// use stonegame::impartial::nim_field::power;
/// assert_eq!(power(2, 3), 1); // 2 has order 3 in the field of 4 elements
/// assert_eq!(power(0, 0), 1);
/// ```
pub fn power(a: u64, exponent: u64) -> u64 {
    let table = Tables::get();
    let mut result = 1;
    let mut base = a;
    let mut rest = exponent;
    while rest > 0 {
        if rest & 1 == 1 {
            result = table.mul64(result, base);
        }
        base = table.mul64(base, base);
        rest >>= 1;
    }
    result
}

/// The nim inverse of `a`, `None` for 0.
///
/// # Example
/// ```
/// use stonegame::impartial::nim_field::{inverse, product};
/// assert_eq!(inverse(2), Some(3));
/// assert_eq!(inverse(0), None);
/// let a = u64::MAX;
/// assert_eq!(product(a, inverse(a).unwrap()), 1);
/// ```
pub fn inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| power(a, u64::MAX - 1))
}

/// The nim square root: the unique `r` with `r ⊗ r = a`.
///
/// # Example
/// ```
/// use stonegame::impartial::nim_field::{sqrt, square};
/// assert_eq!(sqrt(3), 2);
/// assert_eq!(square(sqrt(987_654_321)), 987_654_321);
/// ```
pub fn sqrt(a: u64) -> u64 {
    let table = Tables::get();
    (0..63).fold(a, |r, _| table.mul64(r, r))
}
