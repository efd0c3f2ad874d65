//! [`HeapMove`]: the one move type of every heap game (Nim, subtraction games,
//! boxes, take-and-break games, Last One).

use crate::{Error, Result};
use std::fmt;

/// A move in a sum of heaps: the heap at `index` (0-based, in the order given),
/// of size `from`, is replaced by the heaps `to`: none (the heap is emptied),
/// one (stones were taken), or two (a take-and-break move split it; an octal
/// `4.` code may split a heap without removing anything).
///
/// The fields are checked once, by [`HeapMove::new`] or [`HeapMove::take`], so
/// every accessor is exact: `to` holds at most two heaps, each non-empty, whose
/// total is at most `from`, and the move changes the position.
///
/// Its `Display`, used by the command line for every heap game, is `I:F->T`:
/// `I` counted from 1, `T` the remaining heaps joined by `+`, or `0` when
/// nothing remains.
///
/// # Example
/// ```
/// use stonegame::impartial::HeapMove;
///
/// // Nim: take 2 from a heap of 3, the first in the list.
/// let nim = HeapMove::take(0, 3, 2)?;
/// assert_eq!(nim.to_string(), "1:3->1");
/// // Kayles: knock the middle pin out of a row of 5, leaving two rows of 2.
/// let kayles = HeapMove::new(1, 5, &[2, 2])?;
/// assert_eq!(kayles.to_string(), "2:5->2+2");
/// assert_eq!(kayles.removed(), 1);
/// assert_eq!(kayles.apply(&[7, 5, 1])?, [7, 2, 2, 1]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// Stored as `{index, from, to}` and checked by `HeapMove::new` when read back,
// so a stored move cannot smuggle in an inconsistent one.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "StoredHeapMove", into = "StoredHeapMove")
)]
pub struct HeapMove {
    index: usize,
    from: u64,
    /// The remaining heaps in `parts[..count]`; unused parts are 0.
    parts: [u64; 2],
    count: u8,
}

impl HeapMove {
    /// The move that replaces heap `index` of size `from` by the heaps `to`.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `to` holds more than two heaps, an
    /// empty heap (write nothing for an emptied heap), heaps totalling more
    /// than `from`, or `from` itself (a move must change the position).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::HeapMove;
    ///
    /// assert_eq!(HeapMove::new(2, 4, &[])?.to_string(), "3:4->0");
    /// assert_eq!(HeapMove::new(0, 4, &[1, 3])?.removed(), 0); // a `4.` code split
    /// assert!(HeapMove::new(0, 4, &[3, 2]).is_err()); // 5 stones out of 4
    /// assert!(HeapMove::new(0, 4, &[0]).is_err());
    /// assert!(HeapMove::new(0, 4, &[4]).is_err());
    /// assert!(HeapMove::new(0, 9, &[1, 1, 1]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(index: usize, from: u64, to: &[u64]) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidParameter {
            name: "heap move",
            reason,
        };
        let mut parts = [0; 2];
        match to {
            [] => {}
            [a] => parts[0] = *a,
            [a, b] => parts = [*a, *b],
            _ => {
                return Err(invalid(format!(
                    "a heap becomes at most two heaps, not {}",
                    to.len()
                )));
            }
        }
        if to.contains(&0) {
            return Err(invalid(
                "a remaining heap of 0 is not a heap; leave it out (an emptied heap leaves none)"
                    .to_string(),
            ));
        }
        let total = to.iter().map(|&part| u128::from(part)).sum::<u128>();
        if total > u128::from(from) {
            return Err(invalid(format!(
                "the remaining heaps total {total}, more than the {from} the heap held"
            )));
        }
        if to == [from] {
            return Err(invalid(format!(
                "leaving the heap of {from} as it is does not move"
            )));
        }
        if from == 0 {
            return Err(invalid("an empty heap has no move".to_string()));
        }
        Ok(Self {
            index,
            from,
            parts,
            // At most 2, checked above.
            count: to.len() as u8,
        })
    }

    /// The move that takes `take` stones (1..=`from`) from heap `index` of
    /// size `from`, leaving one heap, or none when it takes them all.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `take` is 0 or above `from`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::HeapMove;
    ///
    /// assert_eq!(HeapMove::take(1, 4, 4)?.to_string(), "2:4->0");
    /// assert!(HeapMove::take(0, 4, 5).is_err());
    /// assert!(HeapMove::take(0, 4, 0).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn take(index: usize, from: u64, take: u64) -> Result<Self> {
        if take == 0 || take > from {
            return Err(Error::InvalidParameter {
                name: "heap move",
                reason: format!(
                    "a move takes 1 to {from} stones from a heap of {from}, not {take}"
                ),
            });
        }
        Self::leaving(index, from, from - take)
    }

    /// The move that leaves `left < from` stones in the heap (none when 0).
    pub(crate) fn leaving(index: usize, from: u64, left: u64) -> Result<Self> {
        if left == 0 {
            Self::new(index, from, &[])
        } else {
            Self::new(index, from, &[left])
        }
    }

    /// Which heap is played (0-based).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::HeapMove::take(2, 5, 1)?.index(), 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The heap's size before the move.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::HeapMove::take(2, 5, 1)?.from(), 5);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from(&self) -> u64 {
        self.from
    }

    /// The heaps that replace it: none, one, or two (for a row of pins or
    /// sticks: those before the removed run, then those after it).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::HeapMove;
    /// assert_eq!(HeapMove::take(0, 5, 1)?.to(), &[4]);
    /// assert_eq!(HeapMove::take(0, 5, 5)?.to(), &[] as &[u64]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn to(&self) -> &[u64] {
        &self.parts[..usize::from(self.count)]
    }

    /// How many stones the move removes (0 for a split that removes nothing).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::HeapMove;
    /// assert_eq!(HeapMove::new(0, 7, &[3, 2])?.removed(), 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn removed(&self) -> u64 {
        // The constructor checked that the parts total at most `from`.
        self.to()
            .iter()
            .fold(self.from, |left, &part| left.saturating_sub(part))
    }

    /// The heaps after this move is played in `heaps`: the heap at
    /// [`HeapMove::index`] is replaced by [`HeapMove::to`].
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `heaps` has no heap at the index or
    /// that heap is not of size [`HeapMove::from`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::HeapMove;
    /// let m = HeapMove::take(1, 4, 4)?;
    /// assert_eq!(m.apply(&[3, 4, 5])?, [3, 5]);
    /// assert!(m.apply(&[3, 3, 5]).is_err());
    /// assert!(m.apply(&[3]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn apply(&self, heaps: &[u64]) -> Result<Vec<u64>> {
        match heaps.get(self.index) {
            Some(&heap) if heap == self.from => {}
            found => {
                return Err(Error::InvalidParameter {
                    name: "heap move",
                    reason: match found {
                        Some(heap) => format!(
                            "the move {self} is for a heap of {}, but heap {} holds {heap}",
                            self.from,
                            u128::from(self.index as u64) + 1
                        ),
                        None => format!(
                            "the move {self} plays heap {}, but there are only {} heaps",
                            u128::from(self.index as u64) + 1,
                            heaps.len()
                        ),
                    },
                });
            }
        }
        let mut after = Vec::with_capacity(heaps.len() + 1);
        after.extend_from_slice(&heaps[..self.index]);
        after.extend_from_slice(self.to());
        after.extend_from_slice(&heaps[self.index + 1..]);
        Ok(after)
    }
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Counted from 1 without overflowing at usize::MAX.
        write!(f, "{}:{}->", u128::from(self.index as u64) + 1, self.from)?;
        match self.to() {
            [] => f.write_str("0"),
            [only] => write!(f, "{only}"),
            [first, second, ..] => write!(f, "{first}+{second}"),
        }
    }
}

/// The stored form of a [`HeapMove`] (feature `serde`): the fields of
/// [`HeapMove::new`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredHeapMove {
    index: usize,
    from: u64,
    to: Vec<u64>,
}

#[cfg(feature = "serde")]
impl From<HeapMove> for StoredHeapMove {
    fn from(heap_move: HeapMove) -> Self {
        Self {
            index: heap_move.index(),
            from: heap_move.from(),
            to: heap_move.to().to_vec(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<StoredHeapMove> for HeapMove {
    type Error = Error;

    fn try_from(stored: StoredHeapMove) -> Result<Self> {
        HeapMove::new(stored.index, stored.from, &stored.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_counts_from_one_even_at_the_largest_index() {
        let m = HeapMove::take(usize::MAX, u64::MAX, u64::MAX).unwrap();
        assert_eq!(
            m.to_string(),
            format!("{}:{}->0", u128::from(usize::MAX as u64) + 1, u64::MAX)
        );
    }

    #[test]
    fn huge_parts_do_not_wrap() {
        assert!(HeapMove::new(0, u64::MAX, &[u64::MAX, u64::MAX]).is_err());
        assert!(HeapMove::new(0, u64::MAX, &[u64::MAX - 1, 1]).is_ok());
        assert_eq!(
            HeapMove::new(0, u64::MAX, &[u64::MAX - 1, 1])
                .unwrap()
                .removed(),
            0
        );
    }
}
