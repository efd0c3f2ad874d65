//! The value arrays of the dense path: cells as narrow as the values allow,
//! and a mex by a 64-bit mask, with a stamp array for values from 64 up.
//!
//! The top value of each width ([`Cell::HOLE`]) is no Grundy value: it marks
//! a number the sweep skipped (no position), so a component numbered as one
//! is caught by the same read that fetches its value. A value that reaches
//! the top of its width widens the cells one step early.

/// One cell of a value array: an unsigned integer of 1, 2, 4 or 8 bytes.
pub(super) trait Cell: Copy + Default + Eq + std::ops::BitXor<Output = Self> {
    /// The cell of a number that is no position: the width's top value,
    /// which no stored value reaches (see [`width_for`]).
    const HOLE: Self;
    fn value(self) -> u64;
    /// The cell holding `value`, which the caller has checked fits.
    fn from_value(value: u64) -> Self;
}

impl Cell for u8 {
    const HOLE: Self = u8::MAX;
    #[inline]
    fn value(self) -> u64 {
        u64::from(self)
    }
    #[inline]
    fn from_value(value: u64) -> Self {
        value as u8
    }
}

impl Cell for u16 {
    const HOLE: Self = u16::MAX;
    #[inline]
    fn value(self) -> u64 {
        u64::from(self)
    }
    #[inline]
    fn from_value(value: u64) -> Self {
        value as u16
    }
}

impl Cell for u32 {
    const HOLE: Self = u32::MAX;
    #[inline]
    fn value(self) -> u64 {
        u64::from(self)
    }
    #[inline]
    fn from_value(value: u64) -> Self {
        value as u32
    }
}

impl Cell for u64 {
    const HOLE: Self = u64::MAX;
    #[inline]
    fn value(self) -> u64 {
        self
    }
    #[inline]
    fn from_value(value: u64) -> Self {
        value
    }
}

/// A value array in the narrowest cells that hold every value stored so far.
#[derive(Clone)]
pub(super) enum Cells {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// The bytes of the narrowest cell that holds `value` below its
/// [`Cell::HOLE`].
pub(super) fn width_for(value: u64) -> usize {
    if value < u64::from(u8::MAX) {
        1
    } else if value < u64::from(u16::MAX) {
        2
    } else if value < u64::from(u32::MAX) {
        4
    } else {
        8
    }
}

impl Cells {
    /// An empty array of bytes.
    pub(super) fn new() -> Self {
        Cells::U8(Vec::new())
    }

    /// The bytes of one cell.
    pub(super) fn width(&self) -> usize {
        match self {
            Cells::U8(_) => 1,
            Cells::U16(_) => 2,
            Cells::U32(_) => 4,
            Cells::U64(_) => 8,
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Cells::U8(v) => v.len(),
            Cells::U16(v) => v.len(),
            Cells::U32(v) => v.len(),
            Cells::U64(v) => v.len(),
        }
    }

    pub(super) fn capacity(&self) -> usize {
        match self {
            Cells::U8(v) => v.capacity(),
            Cells::U16(v) => v.capacity(),
            Cells::U32(v) => v.capacity(),
            Cells::U64(v) => v.capacity(),
        }
    }

    /// The value in `slot`, if the array reaches it and it holds one (not
    /// a [`Cell::HOLE`]).
    #[inline]
    pub(super) fn get(&self, slot: usize) -> Option<u64> {
        fn value<C: Cell>(v: &[C], slot: usize) -> Option<u64> {
            v.get(slot).filter(|&&c| c != C::HOLE).map(|&c| c.value())
        }
        match self {
            Cells::U8(v) => value(v, slot),
            Cells::U16(v) => value(v, slot),
            Cells::U32(v) => value(v, slot),
            Cells::U64(v) => value(v, slot),
        }
    }

    /// Reserves room for `additional` more cells exactly; false when the
    /// allocator refuses.
    pub(super) fn try_reserve_exact(&mut self, additional: usize) -> bool {
        match self {
            Cells::U8(v) => v.try_reserve_exact(additional).is_ok(),
            Cells::U16(v) => v.try_reserve_exact(additional).is_ok(),
            Cells::U32(v) => v.try_reserve_exact(additional).is_ok(),
            Cells::U64(v) => v.try_reserve_exact(additional).is_ok(),
        }
    }

    /// Grows the array to `len` cells, the new ones holes (within the
    /// capacity reserved).
    pub(super) fn fill_holes_to(&mut self, len: usize) {
        fn fill<C: Cell>(v: &mut Vec<C>, len: usize) {
            if v.len() < len {
                v.resize(len, C::HOLE);
            }
        }
        match self {
            Cells::U8(v) => fill(v, len),
            Cells::U16(v) => fill(v, len),
            Cells::U32(v) => fill(v, len),
            Cells::U64(v) => fill(v, len),
        }
    }

    /// Stores `value`, which must fit the cell width, in `slot` (in range).
    pub(super) fn set(&mut self, slot: usize, value: u64) {
        debug_assert!(width_for(value) <= self.width());
        match self {
            Cells::U8(v) => v[slot] = value as u8,
            Cells::U16(v) => v[slot] = value as u16,
            Cells::U32(v) => v[slot] = value as u32,
            Cells::U64(v) => v[slot] = value,
        }
    }

    /// An array of `len` zero cells of `width` bytes (`vec!` of zeros asks
    /// the allocator for zeroed pages, which the system maps lazily); `None`
    /// when the allocator refuses.
    pub(super) fn zeroed(len: usize, width: usize) -> Option<Self> {
        fn zeros<T: Clone + Default>(len: usize) -> Option<Vec<T>> {
            let mut v = Vec::new();
            v.try_reserve_exact(len).ok()?;
            v.resize(len, T::default());
            Some(v)
        }
        Some(match width {
            1 => Cells::U8(zeros(len)?),
            2 => Cells::U16(zeros(len)?),
            4 => Cells::U32(zeros(len)?),
            _ => Cells::U64(zeros(len)?),
        })
    }

    /// The same values in cells of `width` bytes (wider than now), with the
    /// same capacity; `None` when the allocator refuses (the array is then
    /// unchanged).
    pub(super) fn widen_to(&mut self, width: usize) -> Option<()> {
        let capacity = self.capacity();
        let mut wider = match width {
            2 => Cells::U16(Vec::new()),
            4 => Cells::U32(Vec::new()),
            _ => Cells::U64(Vec::new()),
        };
        if !wider.try_reserve_exact(capacity) {
            return None;
        }
        // Holes stay holes: the old top value becomes the new one.
        fn copy<A: Cell, B: Cell>(from: &[A], to: &mut Vec<B>) {
            to.extend(from.iter().map(|&c| {
                if c == A::HOLE {
                    B::HOLE
                } else {
                    B::from_value(c.value())
                }
            }));
        }
        match (&*self, &mut wider) {
            (Cells::U8(a), Cells::U16(b)) => copy(a, b),
            (Cells::U8(a), Cells::U32(b)) => copy(a, b),
            (Cells::U8(a), Cells::U64(b)) => copy(a, b),
            (Cells::U16(a), Cells::U32(b)) => copy(a, b),
            (Cells::U16(a), Cells::U64(b)) => copy(a, b),
            (Cells::U32(a), Cells::U64(b)) => copy(a, b),
            _ => return None,
        }
        *self = wider;
        Some(())
    }
}

/// The mex of a position's option values with a stamp array: a value is
/// present when its stamp equals the current generation, so starting a new
/// position costs one increment, not a clear.
///
/// The stamps cover every value below the smallest power of two above every
/// value stored in the table (at least 256: the first 256 in a fixed array,
/// which byte values index without a bounds check). An option's value is the
/// XOR of stored values, hence below that power too: every value has a
/// stamp, and the mex (at most the number of options) is found by a scan
/// that stops at the first gap.
#[derive(Clone)]
pub(super) struct StampMex {
    /// Boxed: the solver stays small to move.
    low: Box<[u32; LOW_STAMPS]>,
    high: Vec<u32>,
    generation: u32,
}

/// The stamps in the fixed array: every byte value has one.
const LOW_STAMPS: usize = 256;

impl StampMex {
    pub(super) fn new() -> Self {
        Self {
            low: Box::new([0; LOW_STAMPS]),
            high: Vec::new(),
            generation: 0,
        }
    }

    /// The stamps needed to hold values up to `largest` (a power of two, at
    /// least 256).
    pub(super) fn len_for(largest: u64) -> usize {
        let needed = usize::try_from(largest)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        needed
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX)
            .max(LOW_STAMPS)
    }

    /// The stamps now.
    pub(super) fn len(&self) -> usize {
        LOW_STAMPS + self.high.len()
    }

    /// Grows to `len` stamps (never shrinks); false when the allocator
    /// refuses.
    pub(super) fn grow_to(&mut self, len: usize) -> bool {
        let high = len.saturating_sub(LOW_STAMPS);
        if high <= self.high.len() {
            return true;
        }
        if self.high.try_reserve_exact(high - self.high.len()).is_err() {
            return false;
        }
        // New stamps are 0, never a live generation (generations start at 1).
        self.high.resize(high, 0);
        true
    }

    /// A fresh generation for one position's stamps (see [`StampMex::mark`]).
    #[inline]
    pub(super) fn begin(&mut self) -> u32 {
        self.start().generation
    }

    /// Marks `value` present in the position of `generation`.
    #[inline]
    pub(super) fn mark(&mut self, generation: u32, value: u64) {
        if value < LOW_STAMPS as u64 {
            self.low[value as usize] = generation;
        } else if let Some(stamp) = self.high.get_mut(value as usize - LOW_STAMPS) {
            *stamp = generation;
        }
    }

    /// The smallest value from 64 up not marked in `generation`.
    pub(super) fn gap_from_64(&self, generation: u32) -> u64 {
        let gap = |stamps: &[u32]| stamps.iter().position(|&s| s != generation);
        let value = match gap(&self.low[64..]) {
            Some(value) => 64 + value,
            None => LOW_STAMPS + gap(&self.high).unwrap_or(self.high.len()),
        };
        value as u64
    }

    /// Starts a new position: no value present. The round borrows the
    /// stamps, so a hot loop keeps them and the generation in registers.
    #[inline]
    pub(super) fn start(&mut self) -> MexRound<'_> {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in 2^32 positions: forget every old stamp.
            *self.low = [0; LOW_STAMPS];
            self.high.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        MexRound {
            mask: 0,
            low: &mut self.low,
            high: &mut self.high,
            generation: self.generation,
        }
    }
}

/// The values of one position's options, for their mex: values below 64 in
/// a bit mask kept in a register (a game with few options a position never
/// touches the stamps), larger ones stamped.
pub(super) struct MexRound<'a> {
    mask: u64,
    low: &'a mut [u32; LOW_STAMPS],
    high: &'a mut [u32],
    generation: u32,
}

impl MexRound<'_> {
    /// Marks `value` present. Option values are below the stamps' length
    /// (see [`StampMex`]), so the bounds check never drops one; it is there
    /// so that a broken invariant cannot panic.
    #[inline]
    pub(super) fn insert(&mut self, value: u64) {
        if value < 64 {
            self.mask |= 1 << value;
        } else if value < LOW_STAMPS as u64 {
            self.low[value as usize] = self.generation;
        } else if let Some(stamp) = self.high.get_mut(value as usize - LOW_STAMPS) {
            *stamp = self.generation;
        }
    }

    /// The smallest value not marked in this round.
    #[inline]
    pub(super) fn mex(&self) -> u64 {
        if self.mask != u64::MAX {
            return u64::from((!self.mask).trailing_zeros());
        }
        let generation = self.generation;
        let gap = |stamps: &[u32]| stamps.iter().position(|&s| s != generation);
        let value = match gap(&self.low[64..]) {
            Some(value) => 64 + value,
            None => LOW_STAMPS + gap(self.high).unwrap_or(self.high.len()),
        };
        value as u64
    }
}
