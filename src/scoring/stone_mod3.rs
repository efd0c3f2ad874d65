//! LeetCode 2029 "Stone Game IX": remove stones one at a time; whoever makes
//! the sum of the removed stones divisible by 3 loses; if every stone is
//! removed, the second player wins. Decided in O(n) by the counts of residues.
//!
//! This is a win/lose game, not a scoring game; it lives here with the rest
//! of the LeetCode Stone Game series.
//!
//! # The theorem
//!
//! Only residues mod 3 matter: let `z`, `a`, `b` count the stones `≡ 0`, `≡ 1`,
//! `≡ 2`. The first player (Alice) cannot start with a `0` (the sum would be
//! `0`), so she starts with a residue `r ∈ {1, 2}`; write `q = 3 − r`.
//!
//! After that, the running sum `s` is never `0`, and a safe move (one that
//! keeps `s ≠ 0`) removes either a `0` (which leaves `s` alone) or a stone of
//! residue `s` itself (which turns `s` into `2s ≡ −s`): from `s = r` the safe
//! non-zero stones are forced to come in the order `r, q, r, q, …`. The zeros
//! can be put anywhere in that chain without changing it. So the number of
//! safe moves after the first one is fixed: `z + L`, where, with `c_r − 1`
//! stones of residue `r` and `c_q` of residue `q` left,
//!
//! ```text
//! L = 2 (c_r − 1)     if c_r − 1 <= c_q   (the chain runs out of r; c_q − c_r + 1 stones q stay)
//! L = 2 c_q + 1       otherwise           (the chain runs out of q; c_r − c_q − 2 stones r stay)
//! ```
//!
//! After `1 + z + L` moves the player to move has no safe move: if stones
//! remain, every one of them loses; if none remain, Bob wins anyway. Alice
//! therefore wins with the first move `r` exactly when stones remain at that
//! point and it is Bob's turn, i.e. `z + L` is even. Working through both
//! cases gives the known rule:
//!
//! - `z` even: Alice wins iff `a >= 1` and `b >= 1`, starting with the rarer
//!   residue (either one on a tie);
//! - `z` odd: Alice wins iff `|a − b| >= 3`, starting with the commoner residue.
//!
//! Every line of play is forced up to the order of the moves above, so the
//! winner's strategy is simply "play a safe stone" (the crate plays the
//! chain's residue first, then zeros).
//!
//! Counting residues is O(n); [`StoneMod3::outcome`] is O(1) after it.

use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Outcome, Result, Solution};
use std::fmt;

/// One move of [`StoneMod3`]: remove one stone.
///
/// `index` is 0-based in the library; `Display` is `I:V`, the stone's 1-based
/// position `I` in the input and its value `V`: `2:1` removes the second stone,
/// worth 1.
///
/// # Example
/// ```
/// use stonegame::scoring::Removal;
/// let removal = Removal { index: 1, value: 4 };
/// assert_eq!(removal.to_string(), "2:4");
/// assert_eq!(removal.residue(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Removal {
    /// The stone's position in the input row (0-based).
    pub index: usize,
    /// The stone's value.
    pub value: u64,
}

impl Removal {
    /// The stone's residue mod 3, the only thing about it that matters.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Removal { index: 0, value: 5 }.residue(), 2);
    /// ```
    pub fn residue(&self) -> u8 {
        (self.value % 3) as u8
    }
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.index + 1, self.value)
    }
}

/// LeetCode 2029 "Stone Game IX": players alternately remove one stone;
/// whoever makes the sum of all removed stones divisible by 3 loses; if every
/// stone is removed, the second player (Bob) wins regardless.
///
/// [`StoneMod3::outcome`] decides it from the counts of residues mod 3 (see
/// the module documentation for the proof); [`StoneMod3::solve`] adds a
/// winning first move and the line of play.
///
/// # Example
/// ```
/// use stonegame::scoring::StoneMod3;
/// use stonegame::Outcome;
///
/// assert_eq!(StoneMod3::new(vec![2, 1])?.outcome(), Outcome::First);
/// assert_eq!(StoneMod3::new(vec![2])?.outcome(), Outcome::Second);
/// assert_eq!(StoneMod3::new(vec![5, 1, 2, 4, 3])?.outcome(), Outcome::Second);
///
/// let solution = StoneMod3::new(vec![2, 1])?.solve()?;
/// // Alice removes the 1 (the second stone); Bob must remove the 2 and make the sum 3.
/// assert_eq!(solution.best_move().map(ToString::to_string).as_deref(), Some("2:1"));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneMod3 {
    stones: Vec<u64>,
    counts: [u64; 3],
    pub(super) budget: Budget,
}

impl StoneMod3 {
    /// A row of positive stones (an empty row is a game Bob has already won).
    ///
    /// `stones` is a `Vec` (taken over, no copy) or a borrowed slice or an
    /// array (copied): see [`IntoVec`].
    ///
    /// Fails with [`Error::InvalidParameter`] if a stone is 0.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// assert!(StoneMod3::new(vec![3, 0]).is_err());
    /// assert!(StoneMod3::new(vec![3, 6]).is_ok());
    /// ```
    pub fn new(stones: impl IntoVec<u64>) -> Result<Self> {
        let stones = owned(stones, "stones")?;
        let mut counts = [0u64; 3];
        for (index, &v) in stones.iter().enumerate() {
            if v == 0 {
                return Err(Error::InvalidParameter {
                    name: "stones",
                    reason: format!(
                        "stone {} is 0; every stone of Stone Game IX must be positive",
                        index + 1
                    ),
                });
            }
            counts[(v % 3) as usize] += 1;
        }
        Ok(Self {
            stones,
            counts,
            budget: Budget::default(),
        })
    }

    /// The same game within `budget`. The solver needs no table (the line
    /// keeps at most three lists of `Solution::LINE_LIMIT` stone positions),
    /// so only a budget below that refuses.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// use stonegame::Budget;
    /// let game = StoneMod3::new(vec![1, 2, 3])?.with_budget(Budget::from_bytes(0));
    /// assert!(game.solve().is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The stones.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// assert_eq!(StoneMod3::new(vec![4, 9])?.stones(), &[4, 9]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stones(&self) -> &[u64] {
        &self.stones
    }

    /// How many stones are `≡ 0`, `≡ 1` and `≡ 2` mod 3.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// assert_eq!(StoneMod3::new(vec![5, 1, 2, 4, 3])?.residue_counts(), [1, 2, 2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn residue_counts(&self) -> [u64; 3] {
        self.counts
    }

    /// Who wins with perfect play: O(1) from the residue counts.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// use stonegame::Outcome;
    /// assert_eq!(StoneMod3::new(vec![1, 1, 1, 1, 3])?.outcome(), Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        Self::outcome_of_counts(self.counts)
    }

    /// Who wins a row with `counts[r]` stones `≡ r` (mod 3), however large the
    /// counts.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// use stonegame::Outcome;
    /// assert_eq!(StoneMod3::outcome_of_counts([1, 1_000_000_000_000, 3]), Outcome::First);
    /// assert_eq!(StoneMod3::outcome_of_counts([2, 0, 7]), Outcome::Second);
    /// ```
    pub fn outcome_of_counts(counts: [u64; 3]) -> Outcome {
        match winning_residue(counts) {
            Some(_) => Outcome::First,
            None => Outcome::Second,
        }
    }

    /// The outcome, a winning first move when Alice wins, and the line of
    /// play: the winner plays a stone of the chain's residue when there is
    /// one, else a `0`; the loser plays the same way (at the start, losing,
    /// Alice removes the first stone that is not `≡ 0`), and when no safe move
    /// is left, the first remaining stone. Stones of one residue are taken in
    /// input order. The line is cut after `Solution::LINE_LIMIT` moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::StoneMod3;
    /// use stonegame::Outcome;
    /// let solution = StoneMod3::new(vec![2, 1])?.solve()?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// // Alice removes the 1; Bob must remove the 2 and make the sum 3.
    /// let line: Vec<String> = solution.line().iter().map(ToString::to_string).collect();
    /// assert_eq!(line, ["2:1", "1:2"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<Outcome, Removal>> {
        let limit = Solution::<Outcome, Removal>::LINE_LIMIT;
        let kept: u128 = self
            .counts
            .iter()
            .map(|&c| u128::from(c.min(limit as u64)))
            .sum();
        self.budget
            .check_elements::<usize>(kept, "Stone Game IX line (stone positions by residue)")?;
        // Each residue's stones in input order, as many as a cut line can use.
        let mut queues: [Vec<usize>; 3] = Default::default();
        for (index, &v) in self.stones.iter().enumerate() {
            let queue = &mut queues[(v % 3) as usize];
            if queue.len() < limit {
                queue.push(index);
            }
        }
        let mut next = [0usize; 3];
        let mut left = self.counts;
        let outcome = self.outcome();
        let mut line = Vec::new();
        let mut sum = 0u8;
        let mut game_over = false;
        while line.len() < limit {
            let residue = if line.is_empty() {
                match (winning_residue(self.counts), left[1], left[2], left[0]) {
                    (Some(r), _, _, _) => Some(r),
                    (None, 0, 0, 0) => None,
                    // Losing: the first stone that is not ≡ 0, else a zero (and lose).
                    (None, _, _, _) => Some(self.first_unsafe_start()),
                }
            } else {
                next_residue(sum, left)
            };
            let Some(r) = residue else {
                game_over = true;
                break;
            };
            let index = queues[usize::from(r)][next[usize::from(r)]];
            next[usize::from(r)] += 1;
            left[usize::from(r)] -= 1;
            line.push(Removal {
                index,
                value: self.stones[index],
            });
            sum = (sum + r) % 3;
            if sum == 0 {
                game_over = true;
                break;
            }
        }
        let complete = game_over || left == [0, 0, 0];
        Ok(Solution::from_line(outcome, line, complete))
    }

    /// The residue of the first stone that is not `≡ 0` (else 0): the losing
    /// first player's opening.
    fn first_unsafe_start(&self) -> u8 {
        self.stones
            .iter()
            .map(|&v| (v % 3) as u8)
            .find(|&r| r != 0)
            .unwrap_or(0)
    }
}

/// A residue `r ∈ {1, 2}` whose first move wins for Alice, if any (see the
/// module documentation).
fn winning_residue(counts: [u64; 3]) -> Option<u8> {
    [1u8, 2].into_iter().find(|&r| {
        let same = u128::from(counts[usize::from(r)]);
        let other = u128::from(counts[usize::from(3 - r)]);
        if same == 0 {
            return false;
        }
        let same = same - 1;
        // The chain r, q, r, q, … after the first move, and what stays after it.
        let (chain, stay) = if same <= other {
            (2 * same, other - same)
        } else {
            (2 * other + 1, same - other - 1)
        };
        stay > 0 && (u128::from(counts[0]) + chain) % 2 == 0
    })
}

/// The residue the fixed strategy removes when the removed stones sum to
/// `sum ≠ 0` (mod 3) and `left[r]` stones `≡ r` remain: the chain's residue
/// `sum`, else a `0`, else the other residue (which loses); `None` when no
/// stone is left.
fn next_residue(sum: u8, left: [u64; 3]) -> Option<u8> {
    [sum, 0, 3 - sum]
        .into_iter()
        .find(|&r| left[usize::from(r)] > 0)
}
