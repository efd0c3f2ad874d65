//! The minimum excludant (mex) of a set of small non-negative integers.
//!
//! Every Grundy computation ends in a mex. Grundy values of practical games are
//! small, so a reusable bitset answers in a few word operations and allocates
//! only when a value beyond its current capacity appears.

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
        let word = value / 64;
        if word >= self.words.len() {
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
        for (index, word) in self.words.iter().enumerate() {
            if *word != u64::MAX {
                return index * 64 + word.trailing_ones() as usize;
            }
        }
        self.words.len() * 64
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
