//! The minimum excludant (mex) of a set of small non-negative integers.
//!
//! Every Grundy computation ends in a mex. Grundy values of practical games are
//! small, so a reusable bitset answers in a few word operations and allocates
//! only when a value beyond its current capacity appears. The mex of k values
//! is at most k, so a value far above the number inserted cannot matter yet:
//! it is kept in a short list instead of growing the bitset to its size, and
//! memory stays proportional to the number of values, never to their size.

/// A reusable set of small non-negative integers with a fast mex.
///
/// # Example
/// ```
/// use stonegame::impartial::mex::MexSet;
///
/// let mut set = MexSet::new();
/// for g in [0, 1, 3, 200] {
///     set.insert(g);
/// }
/// assert_eq!(set.mex(), 2);
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Values inserted since the last clear (with repeats).
    inserted: usize,
    /// Values too far above `inserted` to be worth a bit when they came.
    far: Vec<usize>,
}

impl MexSet {
    /// An empty set.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::mex::MexSet::new().mex(), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Inserts `value`, growing the bitset if needed.
    ///
    /// # Example
    /// ```
    /// let mut set = stonegame::impartial::mex::MexSet::new();
    /// set.insert(0);
    /// assert_eq!(set.mex(), 1);
    /// ```
    #[inline]
    pub fn insert(&mut self, value: usize) {
        self.inserted = self.inserted.saturating_add(1);
        let word = value / 64;
        if word >= self.words.len() {
            // The bitset grows only as far as the number of values inserted.
            if value > self.inserted.saturating_add(64) {
                self.far.push(value);
                return;
            }
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1u64 << (value % 64);
    }

    /// Whether `value` is in the set.
    ///
    /// # Example
    /// ```
    /// let mut set = stonegame::impartial::mex::MexSet::new();
    /// set.insert(70);
    /// assert!(set.contains(70) && !set.contains(69));
    /// ```
    #[inline]
    pub fn contains(&self, value: usize) -> bool {
        self.words
            .get(value / 64)
            .is_some_and(|w| w & (1u64 << (value % 64)) != 0)
            || self.far.contains(&value)
    }

    /// The smallest non-negative integer not in the set.
    ///
    /// # Example
    /// ```
    /// let mut set = stonegame::impartial::mex::MexSet::new();
    /// (0..64).for_each(|g| set.insert(g));
    /// assert_eq!(set.mex(), 64);
    /// ```
    #[inline]
    pub fn mex(&self) -> usize {
        let mut candidate = self.bitset_mex_from(0);
        if self.far.is_empty() {
            return candidate;
        }
        let mut far = self.far.clone();
        far.sort_unstable();
        for value in far {
            if value == candidate {
                candidate = self.bitset_mex_from(candidate + 1);
            } else if value > candidate {
                break;
            }
        }
        candidate
    }

    /// The smallest value at least `start` whose bit is clear.
    fn bitset_mex_from(&self, start: usize) -> usize {
        let first = start / 64;
        for (index, &word) in self.words.iter().enumerate().skip(first) {
            // Bits below `start` count as present.
            let below = if index == first {
                (1u64 << (start % 64)) - 1
            } else {
                0
            };
            let word = word | below;
            if word != u64::MAX {
                return index * 64 + word.trailing_ones() as usize;
            }
        }
        start.max(self.words.len() * 64)
    }

    /// Empties the set, keeping its capacity for reuse.
    ///
    /// # Example
    /// ```
    /// let mut set = stonegame::impartial::mex::MexSet::new();
    /// set.insert(0);
    /// set.clear();
    /// assert!(!set.contains(0));
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
        self.inserted = 0;
        self.far.clear();
    }
}

/// The mex of the values yielded by `values`.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::mex::mex([0, 2, 1, 5]), 3);
/// assert_eq!(stonegame::impartial::mex::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = usize>>(values: I) -> usize {
    let mut set = MexSet::new();
    values.into_iter().for_each(|v| set.insert(v));
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_values_cost_no_memory_and_keep_the_mex_exact() {
        assert_eq!(mex([0, 1 << 40]), 1);
        let mut set = MexSet::new();
        set.insert(usize::MAX);
        assert!(set.contains(usize::MAX));
        assert_eq!(set.mex(), 0);
        assert!(set.words.len() <= 2);
        // Far values become the mex's neighbours once enough values arrive.
        let mut set = MexSet::new();
        set.insert(100);
        set.insert(99);
        for g in 0..99 {
            set.insert(g);
        }
        assert_eq!(set.mex(), 101);
    }

    #[test]
    fn mex_equals_the_definition_on_random_sets() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut set = MexSet::new();
            let mut values = Vec::new();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let count = (state >> 59) as usize;
            for _ in 0..count {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let value = match state >> 62 {
                    0 => (state >> 20) as usize % 300,
                    _ => (state >> 20) as usize % 12,
                };
                set.insert(value);
                values.push(value);
            }
            let expected = (0..).find(|g| !values.contains(g)).unwrap();
            assert_eq!(set.mex(), expected, "{values:?}");
            for probe in 0..310 {
                assert_eq!(set.contains(probe), values.contains(&probe));
            }
        }
    }

    #[test]
    fn mex_matches_linear_scan() {
        let sets: [&[usize]; 5] = [
            &[],
            &[1, 2],
            &[0, 1, 2, 63, 64],
            &[0, 1, 2, 3],
            &[5, 0, 4, 1, 3],
        ];
        for values in sets {
            let linear = (0..).find(|g| !values.contains(g)).unwrap();
            assert_eq!(mex(values.iter().copied()), linear, "{values:?}");
        }
    }

    #[test]
    fn mex_crosses_word_boundaries() {
        let mut set = MexSet::new();
        (0..128).for_each(|g| set.insert(g));
        assert_eq!(set.mex(), 128);
        set.clear();
        (0..127).for_each(|g| set.insert(g));
        assert_eq!(set.mex(), 127);
    }
}
