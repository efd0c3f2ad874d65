//! Moore's Nim_k: a move takes any positive number of stones from each of at
//! least one and at most `k` heaps.
//!
//! # Theorem (Moore, 1910)
//!
//! Under normal play the player to move loses exactly when, for every bit
//! position, the number of heaps with that bit set is divisible by `k + 1`.
//! (`k = 1` is Nim: the XOR is zero.) A move lowers every heap it touches, so
//! at the highest bit where a touched heap changes it loses a 1 and gains
//! none: at most `k` counts change there, each by one in the same direction,
//! which breaks a count divisible by `k + 1`. Conversely a winning move is
//! built from the top bit down, keeping a set of touched heaps whose lower bits
//! are free: at a bit whose count leaves residue `r` modulo `k + 1`, either
//! `r` more heaps with that bit set are lowered there (if at most `k` heaps are
//! then touched), or `k + 1 − r` of the already touched heaps get the bit set.
//!
//! Under misère play (the last move loses) the losing positions are the same
//! while some heap holds at least 2 stones; when every heap holds at most one
//! stone, the player to move loses exactly when the number of 1-heaps leaves
//! remainder 1 modulo `k + 1`. This is the misère Nim rule carried over to
//! Nim_k; the tests check it against a brute force.
//!
//! # Complexity
//!
//! `outcome` and `winning_move`: O(64·n) for `n` heaps.
//!
//! # Example
//! ```
//! use stonegame::impartial::moore::Moore;
//! use stonegame::Outcome;
//!
//! let game = Moore::new(2)?;
//! // Bit 0 is set in three heaps, bit 1 in none: divisible by 3.
//! assert_eq!(game.outcome(&[1, 1, 1]), Outcome::Second);
//! assert_eq!(game.winning_move(&[1, 1, 1, 4]).unwrap().to_string(), "4:4->0");
//! # Ok::<(), stonegame::Error>(())
//! ```

use std::fmt;

use crate::impartial::strategy_line::winner_line;
use crate::{Convention, Error, Outcome, Result, Solution};

/// One heap changed by a move: heap `heap` (0-based) goes from `from` to `to` stones.
///
/// # Example
/// ```
/// use stonegame::impartial::moore::HeapChange;
/// assert_eq!(HeapChange { heap: 1, from: 7, to: 5 }.to_string(), "2:7->5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapChange {
    /// Index of the heap (0-based; shown 1-based).
    pub heap: usize,
    /// Stones before the move.
    pub from: u64,
    /// Stones after the move.
    pub to: u64,
}

impl fmt::Display for HeapChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}->{}", self.heap + 1, self.from, self.to)
    }
}

/// A move in Moore's Nim_k: the heaps it lowers, in increasing heap order.
///
/// Its `Display` is the changes `I:F->T` separated by spaces: `1:5->3 2:7->5`.
///
/// # Example
/// ```
/// use stonegame::impartial::moore::{HeapChange, MooreMove};
/// let m = MooreMove {
///     changes: vec![HeapChange { heap: 0, from: 5, to: 3 }, HeapChange { heap: 1, from: 7, to: 5 }],
/// };
/// assert_eq!(m.to_string(), "1:5->3 2:7->5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MooreMove {
    /// The heaps lowered (at least one, at most `k`), by increasing index.
    pub changes: Vec<HeapChange>,
}

impl MooreMove {
    /// The heaps after the move is played on `heaps`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// let heaps = [1, 1, 1, 4];
    /// let m = Moore::new(2)?.winning_move(&heaps).unwrap();
    /// assert_eq!(m.apply(&heaps), [1, 1, 1, 0]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut after = heaps.to_vec();
        for change in &self.changes {
            after[change.heap] = change.to;
        }
        after
    }
}

impl fmt::Display for MooreMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, change) in self.changes.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{change}")?;
        }
        Ok(())
    }
}

/// Moore's Nim_k with a given `k`, normal play unless
/// [`Moore::with_convention`] says otherwise. A position is a slice of heap sizes.
///
/// # Example
/// ```
/// use stonegame::impartial::moore::Moore;
/// use stonegame::{Convention, Outcome};
///
/// let game = Moore::new(3)?;
/// assert_eq!(game.outcome(&[5, 5, 5, 5]), Outcome::Second);
/// assert_eq!(game.outcome(&[5, 5, 5]), Outcome::First);
/// let misere = game.with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&[1, 1, 1, 1, 1]), Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moore {
    k: u64,
    convention: Convention,
    budget: crate::Budget,
}

impl Moore {
    /// Nim_k: a move lowers at least one and at most `k` heaps; `k >= 1`
    /// (`k = 1` is Nim).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// assert!(Moore::new(0).is_err());
    /// assert_eq!(Moore::new(2)?.k(), 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(k: u64) -> Result<Self> {
        if k == 0 {
            return Err(Error::InvalidParameter {
                name: "k",
                reason: "a move must be allowed to touch at least one heap (k >= 1)".into(),
            });
        }
        Ok(Self {
            k,
            convention: Convention::Normal,
            budget: crate::Budget::default(),
        })
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// use stonegame::Convention;
    /// let game = Moore::new(2)?.with_convention(Convention::Misere);
    /// assert_eq!(game.convention(), Convention::Misere);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The most heaps one move may touch.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::moore::Moore::new(5)?.k(), 5);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// assert_eq!(Moore::new(1)?.convention(), stonegame::Convention::Normal);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// `count mod (k + 1)`, with `k + 1` taken in `u128` so `k = u64::MAX` is fine.
    fn residue(&self, count: usize) -> u128 {
        count as u128 % (u128::from(self.k) + 1)
    }

    /// Whether every bit's count of set heaps is divisible by `k + 1`.
    fn counts_divisible(&self, heaps: &[u64]) -> bool {
        (0..u64::BITS).all(|bit| {
            let count = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
            self.residue(count) == 0
        })
    }

    /// Who wins `heaps` with perfect play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// use stonegame::Outcome;
    /// let game = Moore::new(2)?;
    /// assert_eq!(game.outcome(&[3, 3, 3]), Outcome::Second);
    /// assert_eq!(game.outcome(&[3, 3]), Outcome::First);
    /// assert_eq!(game.outcome(&[]), Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        let losing = match self.convention {
            Convention::Misere if heaps.iter().all(|&h| h <= 1) => {
                let ones = heaps.iter().filter(|&&h| h == 1).count();
                self.residue(ones) == 1
            }
            _ => self.counts_divisible(heaps),
        };
        if losing {
            Outcome::Second
        } else {
            Outcome::First
        }
    }

    /// A winning move, or `None` when the player to move loses (or, under
    /// misère play with every heap empty, has already won).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// let game = Moore::new(2)?;
    /// // 6 drops its bit 2 and keeps bit 1 (making bit 1's count 3); 3 drops bit 0.
    /// let m = game.winning_move(&[3, 2, 6]).unwrap();
    /// assert_eq!(m.to_string(), "1:3->2 3:6->2");
    /// assert_eq!(game.outcome(&m.apply(&[3, 2, 6])), stonegame::Outcome::Second);
    /// assert!(game.winning_move(&[7, 7, 7]).is_none());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Option<MooreMove> {
        if self.outcome(heaps) == Outcome::Second {
            return None;
        }
        let target = match self.convention {
            Convention::Normal => self.normal_target(heaps),
            Convention::Misere => self.misere_target(heaps),
        }?;
        let changes = heaps
            .iter()
            .zip(&target)
            .enumerate()
            .filter(|(_, (from, to))| from != to)
            .map(|(heap, (&from, &to))| HeapChange { heap, from, to })
            .collect();
        Some(MooreMove { changes })
    }

    /// The heaps after a normal-play winning move (Moore's construction, top
    /// bit first), or `None` when the counts are already divisible.
    fn normal_target(&self, heaps: &[u64]) -> Option<Vec<u64>> {
        let modulus = u128::from(self.k) + 1;
        let mut after = heaps.to_vec();
        // touched[i]: heap i was lowered at a higher bit, so its lower bits are free.
        let mut touched = vec![false; heaps.len()];
        let mut touched_count: u128 = 0;
        for bit in (0..u64::BITS).rev() {
            let mask = 1u64 << bit;
            let set_untouched: Vec<usize> = (0..heaps.len())
                .filter(|&i| !touched[i] && heaps[i] & mask != 0)
                .collect();
            let residue = set_untouched.len() as u128 % modulus;
            if residue == 0 {
                continue;
            }
            if residue + touched_count <= u128::from(self.k) {
                // Lower `residue` more heaps here; bits below start at 0.
                for &i in set_untouched.iter().take(residue as usize) {
                    touched[i] = true;
                    after[i] = heaps[i] & !(mask | (mask - 1));
                }
                touched_count += residue;
            } else {
                // Enough touched heaps are free here: set the bit in k + 1 − residue of them.
                let needed = (modulus - residue) as usize;
                for i in (0..heaps.len()).filter(|&i| touched[i]).take(needed) {
                    after[i] |= mask;
                }
            }
        }
        (touched_count > 0).then_some(after)
    }

    /// The heaps after a misère winning move.
    fn misere_target(&self, heaps: &[u64]) -> Option<Vec<u64>> {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        if heaps.iter().all(|&h| h <= 1) {
            // Leave a count of 1-heaps with remainder 1: remove (ones − 1) mod (k + 1).
            let remove = self.residue(ones.checked_sub(1)?) as usize;
            return Some(Self::empty_ones(heaps, remove));
        }
        let normal = self.normal_target(heaps)?;
        if normal.iter().any(|&h| h >= 2) {
            return Some(normal);
        }
        // The normal move would leave only 0s and 1s: it lowered every heap >= 2
        // (so there are at most k of them). Set x of those to 1 and the rest to 0,
        // and empty y of the 1-heaps, so that x + ones − y leaves remainder 1.
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
        let spare = (self.k as u128 - big.len() as u128).min(ones as u128) as usize;
        let modulus = u128::from(self.k) + 1;
        (0..=big.len()).find_map(|set_to_one| {
            // y ≡ x + ones − 1 (mod k + 1), the smallest such y >= 0.
            let y = (set_to_one as u128 + ones as u128 + modulus - 1) % modulus;
            (y <= spare as u128).then(|| {
                let mut after = Self::empty_ones(heaps, y as usize);
                for (n, &i) in big.iter().enumerate() {
                    after[i] = u64::from(n < set_to_one);
                }
                after
            })
        })
    }

    /// `heaps` with the first `count` 1-heaps emptied.
    fn empty_ones(heaps: &[u64], count: usize) -> Vec<u64> {
        let mut after = heaps.to_vec();
        for h in after.iter_mut().filter(|h| **h == 1).take(count) {
            *h = 0;
        }
        after
    }

    /// The loser's fixed reply in [`Moore::solve`]'s line: one stone from the
    /// largest heap (the first on a tie).
    fn reply(heaps: &[u64]) -> Option<MooreMove> {
        let (heap, &from) = heaps
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|(_, h)| **h)
            .filter(|(_, h)| **h > 0)?;
        Some(MooreMove {
            changes: vec![HeapChange {
                heap,
                from,
                to: from - 1,
            }],
        })
    }

    /// The full answer: outcome, a winning move and the winner's line against
    /// the loser's reply "one stone from the largest heap". Never fails; the
    /// `Result` is the shape every game's `solve` shares.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::moore::Moore;
    /// use stonegame::Outcome;
    /// let solution = Moore::new(2)?.solve(&[3, 3])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// assert_eq!(solution.best_move().unwrap().to_string(), "1:3->0 2:3->0");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, heaps: &[u64]) -> Result<Solution<Outcome, MooreMove>> {
        let (line, complete) = winner_line(
            heaps.to_vec(),
            |p| self.winning_move(p),
            |p: &Vec<u64>| Self::reply(p),
            |p, m| m.apply(p),
        );
        Ok(Solution::from_line(self.outcome(heaps), line, complete))
    }
}

crate::game::delegate_solve_at!(Moore, [u64], MooreMove, plain);
crate::game::stateless_configure!(Moore);
