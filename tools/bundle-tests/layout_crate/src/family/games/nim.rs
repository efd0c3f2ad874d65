// A partial group, an alias, a `self` and a glob, all through re-exports.
use crate::family::line;
use crate::family::mex::{self as least, mex as minimum_excludant};
use crate::family::sum::*;
use crate::family::{Game, inner};
use crate::Budget;

/// Nim: take any number from one heap.
pub struct Nim {
    /// Only to be named from here.
    pub budget: Budget,
}

impl Game for Nim {
    fn options(&self, heap: u64) -> Vec<u64> {
        (0..heap).collect()
    }
}

impl Nim {
    /// The nim-sum of the heaps, checked against the generic search.
    pub fn value(&self, heaps: &[u64]) -> u64 {
        let searched: Vec<u64> = heaps.iter().map(|&h| grundy(self, h)).collect();
        assert_eq!(least::mex(&[0, 1]), minimum_excludant(&[0, 1]));
        inner::twice(nim_sum(&searched)) / 2
    }

    /// A winning move, as text.
    pub fn winning(&self, heaps: &[u64]) -> Option<String> {
        let total = self.value(heaps);
        let heap = heaps.iter().find(|&&h| h ^ total < h)?;
        Some(line::describe(*heap, heap ^ total))
    }
}
