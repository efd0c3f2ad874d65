//! Grundy sequences `G(0..=n)` of take-and-break games: a plain reference and
//! Flammenkamp's sparse-space fast path.

use crate::impartial::games::octal::{MoveClass, TakeAndBreak};
use crate::impartial::mex::MexSet;
use crate::{Error, MemoryBudget, Result};

/// The largest heap size a Grundy sequence may reach (positions are stored as `u32`).
pub const MAX_SEQUENCE_HEAP: u64 = u32::MAX as u64 - 1;

fn check_length(upto: u64, budget: MemoryBudget, what: &'static str) -> Result<usize> {
    if upto > MAX_SEQUENCE_HEAP {
        return Err(Error::SizeLimitExceeded {
            what: "heap size of a Grundy sequence",
            value: upto.into(),
            limit: MAX_SEQUENCE_HEAP.into(),
        });
    }
    // The sparse solver keeps the values and, at worst, every position in its rare list.
    budget.check_elements::<u32>(u128::from(upto + 1) * 2, what)?;
    usize::try_from(upto + 1).map_err(|_| Error::SizeLimitExceeded {
        what: "heap size of a Grundy sequence on this platform",
        value: upto.into(),
        limit: usize::MAX as u128,
    })
}

fn value_to_u32(value: usize) -> Result<u32> {
    u32::try_from(value).map_err(|_| Error::SizeLimitExceeded {
        what: "Grundy value",
        value: value as u128,
        limit: u32::MAX.into(),
    })
}

/// `G(0..=upto)` by the definition: every option of every heap is visited,
/// `O(upto^2 · t)` for a code with `t` digits. The reference the fast path is
/// tested against.
///
/// # Errors
/// [`Error::SizeLimitExceeded`] when `upto` exceeds [`MAX_SEQUENCE_HEAP`],
/// [`Error::MemoryBudgetExceeded`] when the table does not fit `budget`.
///
/// # Example
/// ```
/// use stonegame::impartial::games::octal::TakeAndBreak;
/// use stonegame::impartial::octal::grundy_sequence_plain;
/// use stonegame::MemoryBudget;
///
/// let kayles = grundy_sequence_plain(&TakeAndBreak::kayles(), 8, MemoryBudget::default())?;
/// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn grundy_sequence_plain(
    game: &TakeAndBreak,
    upto: u64,
    budget: MemoryBudget,
) -> Result<Vec<u32>> {
    let len = check_length(upto, budget, "Grundy sequence")?;
    let mut values: Vec<u32> = Vec::with_capacity(len);
    let mut seen = MexSet::new();
    for n in 0..len as u64 {
        seen.clear();
        game.for_each_move_class(n, |class| match class {
            MoveClass::TakeAll => seen.insert(0),
            MoveClass::LeaveOne(left) => seen.insert(values[left as usize] as usize),
            MoveClass::Split { total, .. } => {
                for a in 1..=class.largest_smaller_part() {
                    let b = total - a;
                    seen.insert((values[a as usize] ^ values[b as usize]) as usize);
                }
            }
        });
        values.push(value_to_u32(seen.mex())?);
    }
    Ok(values)
}

/// `G(0..=upto)` with the sparse-space method (see [`SparseGrundy`]); the same
/// values as [`grundy_sequence_plain`], usually far faster.
///
/// # Errors
/// As [`grundy_sequence_plain`].
///
/// # Example
/// ```
/// use stonegame::impartial::games::octal::TakeAndBreak;
/// use stonegame::impartial::octal::grundy_sequence;
/// use stonegame::MemoryBudget;
///
/// let grundy = grundy_sequence(&TakeAndBreak::grundys_game(), 10, MemoryBudget::default())?;
/// assert_eq!(grundy, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn grundy_sequence(game: &TakeAndBreak, upto: u64, budget: MemoryBudget) -> Result<Vec<u32>> {
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(upto, budget)?;
    Ok(solver.into_values())
}

/// How positions are split into *rare* and *common* ones.
///
/// Position `a` is rare when `parity(G(a) & mask) == domain · ((a + offset) mod 2)`.
/// Parity is linear under XOR, so for a split of `s` tokens into `a + b`, two
/// common parts always give a value of parity `domain · (s mod 2)`; values of
/// the other parity come only from pairs with a rare part, and the few rare
/// positions enumerate them all. Any choice is exact; a good one (few rare
/// positions) is fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sparseness {
    mask: u32,
    domain: u32,
    offset: u32,
}

impl Sparseness {
    fn is_rare(self, position: u32, value: u32) -> bool {
        (value & self.mask).count_ones() & 1 == self.domain & ((position ^ self.offset) & 1)
    }
    fn value_parity(self, value: u32) -> u32 {
        (value & self.mask).count_ones() & 1
    }
    /// The parity of values from two common parts of a split of `total`.
    fn common_pair_parity(self, total: u32) -> u32 {
        self.domain & total & 1
    }
}

/// One split of the current heap: the rest is scanned lazily, only as far as
/// needed to show that a candidate value of "common pair" parity is an option.
#[derive(Debug, Clone, Copy)]
struct SplitScan {
    total: u32,
    last: u32,
    cursor: u32,
    hard_parity: u32,
}

/// An incremental Grundy-sequence solver using the sparse-space (rare/common)
/// method of Berlekamp, Conway, Guy and Flammenkamp.
///
/// For heap `n`, the option values are collected as follows: single-heap
/// options directly; for every split, the pairs with a rare part (few, listed)
/// give *every* value of one parity class; values of the other class are
/// looked for by scanning the split's pairs lazily and stopping as soon as the
/// smallest missing candidate is found. A candidate that the complete scan
/// does not produce is the mex. The rare/common mask is re-chosen at every
/// doubling of `n` from a histogram of the values so far, minimising the
/// number of rare positions; correctness never depends on this choice.
///
/// # Example
/// ```
/// use stonegame::impartial::games::octal::TakeAndBreak;
/// use stonegame::impartial::octal::SparseGrundy;
/// use stonegame::MemoryBudget;
///
/// let mut solver = SparseGrundy::new(TakeAndBreak::dawsons_kayles());
/// solver.extend_to(10, MemoryBudget::default())?;
/// assert_eq!(solver.values(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct SparseGrundy {
    game: TakeAndBreak,
    values: Vec<u32>,
    rare: Vec<u32>,
    sparseness: Sparseness,
    /// counts[value][position parity], for choosing the mask.
    counts: Vec<[u64; 2]>,
    /// seen[v] != 0 when value `v` is an option of the current heap (bytes:
    /// plain stores are cheaper than bit updates in the hot loops).
    seen: Vec<u8>,
    splits: Vec<SplitScan>,
    next_reselect: u64,
}

impl SparseGrundy {
    /// A solver with no values computed yet.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// assert!(solver.values().is_empty());
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self {
            game,
            values: Vec::new(),
            rare: Vec::new(),
            sparseness: Sparseness {
                mask: u32::MAX,
                domain: 0,
                offset: 0,
            },
            counts: Vec::new(),
            seen: vec![0; 256],
            splits: Vec::new(),
            next_reselect: 64,
        }
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// assert_eq!(solver.game(), &TakeAndBreak::kayles());
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// The values computed so far, `G(0..len)`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::nim());
    /// solver.extend_to(3, stonegame::MemoryBudget::default())?;
    /// assert_eq!(solver.values(), [0, 1, 2, 3]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Gives up the computed values.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::nim());
    /// solver.extend_to(1, stonegame::MemoryBudget::default())?;
    /// assert_eq!(solver.into_values(), [0, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// The number of rare positions under the current mask (a measure of how
    /// sparse the game is; the work per heap is about this many steps).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(1000, stonegame::MemoryBudget::default())?;
    /// assert!(solver.rare_count() < 100);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The current mask: rare values are those with `popcount(G & mask)` of
    /// the rare parity.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(100, stonegame::MemoryBudget::default())?;
    /// assert_ne!(solver.mask(), 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn mask(&self) -> u32 {
        self.sparseness.mask
    }

    /// Computes values up to and including heap `upto` (nothing if already known).
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] above [`MAX_SEQUENCE_HEAP`] or for a Grundy
    /// value above `u32::MAX`; [`Error::MemoryBudgetExceeded`] when the tables
    /// do not fit `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::games::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(5, stonegame::MemoryBudget::default())?;
    /// assert_eq!(solver.values()[5], 4);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn extend_to(&mut self, upto: u64, budget: MemoryBudget) -> Result<()> {
        let len = check_length(upto, budget, "Grundy sequence")?;
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            let n = self.values.len() as u32;
            if u64::from(n) == self.next_reselect {
                self.reselect_sparseness();
                self.next_reselect *= 2;
            }
            let value = self.next_value(n)?;
            self.record(n, value);
        }
        Ok(())
    }

    fn record(&mut self, n: u32, value: u32) {
        self.values.push(value);
        let index = value as usize;
        if index >= self.counts.len() {
            self.counts.resize(index + 1, [0, 0]);
        }
        if n > 0 {
            self.counts[index][(n & 1) as usize] += 1;
            if self.sparseness.is_rare(n, value) {
                self.rare.push(n);
            }
        }
        // Every XOR of two values, and the mex, stays below twice the next power of two.
        let needed = (index + 1).next_power_of_two() * 2;
        if needed > self.seen.len() {
            self.seen.resize(needed, 0);
        }
    }

    fn next_value(&mut self, n: u32) -> Result<u32> {
        self.seen.fill(0);
        self.splits.clear();
        let values = &self.values;
        let seen = &mut self.seen;
        let splits = &mut self.splits;
        let sparseness = self.sparseness;
        self.game
            .for_each_move_class(u64::from(n), |class| match class {
                MoveClass::TakeAll => seen[0] = 1,
                MoveClass::LeaveOne(left) => seen[values[left as usize] as usize] = 1,
                MoveClass::Split { total, .. } => {
                    let last = class.largest_smaller_part() as u32;
                    if last >= 1 {
                        splits.push(SplitScan {
                            total: total as u32,
                            last,
                            cursor: 1,
                            hard_parity: sparseness.common_pair_parity(total as u32),
                        });
                    }
                }
            });
        let unequal = matches!(self.game, TakeAndBreak::GrundysGame);
        for split in &self.splits {
            let total = split.total;
            let below = self.rare.partition_point(|&a| a < total);
            let rare = &self.rare[..below];
            // Grundy's game forbids the equal split total/2 + total/2: leave it out.
            let (head, tail) = if unequal && total % 2 == 0 {
                let middle = rare.partition_point(|&a| a < total / 2);
                let skip = usize::from(rare.get(middle) == Some(&(total / 2)));
                (&rare[..middle], &rare[middle + skip..])
            } else {
                (rare, &rare[..0])
            };
            let values = &self.values[..total as usize];
            for part in [head, tail] {
                for &a in part {
                    let v = values[a as usize] ^ values[(total - a) as usize];
                    self.seen[v as usize] = 1;
                }
            }
        }
        Ok(self.find_mex())
    }

    fn find_mex(&mut self) -> u32 {
        let values = &self.values;
        let seen = &mut self.seen;
        let mut candidate: u32 = 0;
        loop {
            // Every option value is below seen.len(), so a candidate there is missing.
            if candidate as usize >= seen.len() {
                return candidate;
            }
            if seen[candidate as usize] != 0 {
                candidate += 1;
                continue;
            }
            let parity = self.sparseness.value_parity(candidate);
            for split in self.splits.iter_mut().filter(|s| s.hard_parity == parity) {
                let (start, last) = (split.cursor as usize, split.last as usize);
                if start <= last {
                    let total = split.total as usize;
                    // Smaller parts ascend while larger parts descend.
                    let small = &values[start..=last];
                    let large = &values[total - last..=total - start];
                    // Chunks of pairs between checks keep the loop branch-light;
                    // marking a few pairs past the candidate is harmless.
                    const CHUNK: usize = 16;
                    let mut steps = 0;
                    for (xs, ys) in small.chunks(CHUNK).zip(large.rchunks(CHUNK)) {
                        for (&x, &y) in xs.iter().zip(ys.iter().rev()) {
                            seen[(x ^ y) as usize] = 1;
                        }
                        steps += xs.len() as u32;
                        if seen[candidate as usize] != 0 {
                            break;
                        }
                    }
                    split.cursor += steps;
                }
                if seen[candidate as usize] != 0 {
                    break;
                }
            }
            if seen[candidate as usize] == 0 {
                return candidate;
            }
            candidate += 1;
        }
    }

    /// Chooses the (mask, domain, offset) with the fewest rare positions so far.
    fn reselect_sparseness(&mut self) {
        let bits = (usize::BITS - self.counts.len().leading_zeros()).min(10);
        let mut best = (self.count_rare(self.sparseness), self.sparseness);
        for mask in 1..(1u32 << bits) {
            for (domain, offset) in [(0, 0), (1, 0), (1, 1)] {
                let candidate = Sparseness {
                    mask,
                    domain,
                    offset,
                };
                let rare = self.count_rare(candidate);
                // Switch only for a clear gain: rebuilding the rare list costs O(n).
                if rare * 10 < best.0 * 9 {
                    best = (rare, candidate);
                }
            }
        }
        if best.1 != self.sparseness {
            self.sparseness = best.1;
            let sparseness = self.sparseness;
            self.rare = (1..self.values.len() as u32)
                .filter(|&a| sparseness.is_rare(a, self.values[a as usize]))
                .collect();
        }
    }

    fn count_rare(&self, sparseness: Sparseness) -> u64 {
        let mut rare = 0;
        for (value, by_parity) in self.counts.iter().enumerate() {
            for (parity, count) in by_parity.iter().enumerate() {
                if sparseness.is_rare(parity as u32, value as u32) {
                    rare += count;
                }
            }
        }
        rare
    }
}
