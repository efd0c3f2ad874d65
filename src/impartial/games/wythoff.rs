//! Wythoff's game: two heaps; a move takes any positive number of stones from
//! one heap, or the same positive number from both.
//!
//! # Theorem (Wythoff, 1907)
//!
//! Under normal play (the last move wins) the player to move loses exactly at
//! `(0, 0)` and at the pairs `(⌊kφ⌋, ⌊kφ²⌋)`, `k ≥ 1`, and their mirror images,
//! where `φ = (1 + √5)/2`. The lower numbers `⌊kφ⌋` (OEIS A000201) and the
//! upper numbers `⌊kφ²⌋ = ⌊kφ⌋ + k` (OEIS A001950) are complementary Beatty
//! sequences: every positive integer is in exactly one of them, and the pair
//! number `k` is also the difference of the pair. So no move joins two of
//! these pairs (a single-heap move keeps one heap, a two-heap move keeps the
//! difference), and every other position reaches one of them.
//!
//! Under misère play (the last move loses) the losing positions are `(0, 1)`,
//! `(1, 0)`, `(2, 2)` and the same pairs for `k ≥ 2`: only the first two pairs
//! change, since play near the end is the only place the conventions differ.
//! (The tests check this against a brute force.)
//!
//! # Exact arithmetic
//!
//! `⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋` and `⌊n/φ⌋ = ⌊(⌊n√5⌋ − n)/2⌋`, where `⌊x√5⌋` is
//! the integer square root of `5x²` ([`floor_sqrt`], on `u128`). Since `5x²`
//! overflows `u128` once `x` passes about `8.2·10^18`, the root is taken of
//! `5·⌊x/4⌋²` and corrected upwards by at most 11 exact comparisons
//! `(m − 2x)(m + 2x) ≤ x²`. No floating point is involved, and every heap size
//! up to `u64::MAX` is answered exactly.
//!
//! A heap `a > 0` is a lower number exactly when `⌊(⌊a/φ⌋ + 1)φ⌋ = a`, its
//! partner then being `a + ⌊a/φ⌋ + 1`; otherwise it is an upper number with
//! partner `⌊a/φ⌋`.
//!
//! # Complexity
//!
//! `outcome` and `winning_move`: O(1), a few integer square roots on `u128`
//! (Newton's method, O(log) iterations each).
//!
//! # Example
//! ```
//! use stonegame::impartial::wythoff::Wythoff;
//! use stonegame::{Convention, Outcome};
//!
//! let game = Wythoff::new();
//! assert_eq!(game.outcome(&[3, 5]), Outcome::Second);
//! // 5 is in the pair (3, 5): reduce the 4 to 3.
//! assert_eq!(game.winning_move(&[4, 5]).unwrap().to_string(), "1:4->3");
//! // Heaps up to u64::MAX are exact.
//! assert_eq!(game.outcome(&[u64::MAX, u64::MAX]), Outcome::First);
//! // Misère play changes only the first pairs.
//! let misere = game.with_convention(Convention::Misere);
//! assert_eq!(misere.outcome(&[0, 1]), Outcome::Second);
//! assert_eq!(misere.outcome(&[3, 5]), Outcome::Second);
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::impartial::ImpartialGame;
use crate::impartial::strategy_line::winner_line;
use crate::{Convention, Outcome, Result, Solution};

/// The integer square root `⌊√n⌋`, exact for every `u128`.
///
/// Newton's method from a power of two at least `√n`; the iterates decrease
/// strictly until they reach `⌊√n⌋`. Written here rather than taken from
/// `u128::isqrt` so the code builds on older compilers too.
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::floor_sqrt;
/// assert_eq!(floor_sqrt(0), 0);
/// assert_eq!(floor_sqrt(24), 4);
/// assert_eq!(floor_sqrt(25), 5);
/// assert_eq!(floor_sqrt(u128::MAX), u128::from(u64::MAX));
/// ```
pub fn floor_sqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    // 2^ceil(bits/2) >= sqrt(n): Newton then decreases monotonically to the floor.
    // (Not `div_ceil`: it needs Rust 1.73, and single-file contest bundles build on 1.70.)
    #[allow(clippy::manual_div_ceil)]
    let mut root = 1u128 << ((bits + 1) / 2);
    loop {
        let next = (root + n / root) / 2;
        if next >= root {
            return root;
        }
        root = next;
    }
}

/// `⌊x√5⌋`, exact for every `u64`.
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::floor_times_sqrt5;
/// assert_eq!(floor_times_sqrt5(1), 2);
/// assert_eq!(floor_times_sqrt5(10), 22);
/// ```
pub fn floor_times_sqrt5(x: u64) -> u128 {
    let quarter = u128::from(x >> 2);
    // 4⌊q√5⌋ <= 4q√5 <= x√5, and the gap to x√5 is below 3√5 + 4 < 11.
    let mut root = 4 * floor_sqrt(5 * quarter * quarter);
    while square_at_most_five_times_square(root + 1, x) {
        root += 1;
    }
    root
}

/// Whether `m² <= 5x²`, decided without forming either side: for `m > 2x`
/// it is `(m − 2x)(m + 2x) <= x²`, and `x² < 2^128`.
fn square_at_most_five_times_square(m: u128, x: u64) -> bool {
    let x = u128::from(x);
    let twice = 2 * x;
    if m <= twice {
        return true;
    }
    match (m - twice).checked_mul(m + twice) {
        Some(left) => left <= x * x,
        None => false,
    }
}

/// `⌊kφ⌋`, the `k`-th lower Wythoff number (OEIS A000201); `0` for `k = 0`.
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::lower_wythoff;
/// let lower: Vec<u128> = (1..=6).map(lower_wythoff).collect();
/// assert_eq!(lower, [1, 3, 4, 6, 8, 9]);
/// ```
pub fn lower_wythoff(k: u64) -> u128 {
    (u128::from(k) + floor_times_sqrt5(k)) / 2
}

/// `⌊kφ²⌋ = ⌊kφ⌋ + k`, the `k`-th upper Wythoff number (OEIS A001950).
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::upper_wythoff;
/// let upper: Vec<u128> = (1..=6).map(upper_wythoff).collect();
/// assert_eq!(upper, [2, 5, 7, 10, 13, 15]);
/// ```
pub fn upper_wythoff(k: u64) -> u128 {
    lower_wythoff(k) + u128::from(k)
}

/// `⌊n/φ⌋ = ⌊(⌊n√5⌋ − n)/2⌋`.
fn floor_div_phi(n: u64) -> u64 {
    let below = (floor_times_sqrt5(n) - u128::from(n)) / 2;
    u64::try_from(below).expect("n/φ < n")
}

/// The other heap of the normal-play losing pair that contains `heap` (each
/// heap size is in exactly one pair; `0` pairs with itself). The partner of a
/// lower number may exceed `u64::MAX`, hence `u128`.
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::partner;
/// assert_eq!(partner(3), 5);
/// assert_eq!(partner(5), 3);
/// assert_eq!(partner(0), 0);
/// ```
pub fn partner(heap: u64) -> u128 {
    if heap == 0 {
        return 0;
    }
    let below = floor_div_phi(heap);
    let index = below + 1;
    if lower_wythoff(index) == u128::from(heap) {
        u128::from(heap) + u128::from(index)
    } else {
        u128::from(below)
    }
}

/// A move in Wythoff's game: the two heaps before and after.
///
/// Its `Display` lists each heap that changes as `I:F->T` (heap `I` counted
/// from 1, `F` stones before, `T` after), separated by a space: `2:7->4` takes
/// 3 from the second heap, `1:5->3 2:7->5` takes 2 from both.
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::WythoffMove;
/// let both = WythoffMove { from: [5, 7], to: [3, 5] };
/// assert_eq!(both.to_string(), "1:5->3 2:7->5");
/// assert_eq!(both.take(), 2);
/// assert!(both.is_diagonal());
/// ```
///
/// The fields are public; [`WythoffMove::new`] and deserialization (with
/// the `serde` feature) accept only a move the game allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "WythoffMoveFields"))]
pub struct WythoffMove {
    /// The heaps before the move.
    pub from: [u64; 2],
    /// The heaps after the move.
    pub to: [u64; 2],
}

/// A Wythoff move as stored, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "WythoffMove")]
struct WythoffMoveFields {
    from: [u64; 2],
    to: [u64; 2],
}

#[cfg(feature = "serde")]
impl TryFrom<WythoffMoveFields> for WythoffMove {
    type Error = crate::Error;

    fn try_from(fields: WythoffMoveFields) -> Result<Self> {
        WythoffMove::new(fields.from, fields.to)
    }
}

impl WythoffMove {
    /// The move from heaps `from` to heaps `to`, when Wythoff's game allows
    /// it: stones taken from one heap, or the same number from both.
    ///
    /// # Errors
    /// [`crate::Error::InvalidParameter`] for a heap that grows, a move that
    /// takes nothing, or unequal takes from both heaps.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::WythoffMove;
    /// assert_eq!(WythoffMove::new([5, 7], [3, 5])?.take(), 2);
    /// assert!(WythoffMove::new([5, 7], [6, 7]).is_err());
    /// assert!(WythoffMove::new([5, 7], [3, 6]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(from: [u64; 2], to: [u64; 2]) -> Result<Self> {
        let invalid = |reason: &str| crate::Error::InvalidParameter {
            name: "Wythoff move",
            reason: format!("{from:?} -> {to:?}: {reason}"),
        };
        if to[0] > from[0] || to[1] > from[1] {
            return Err(invalid("a heap grows"));
        }
        let taken = [from[0] - to[0], from[1] - to[1]];
        match taken {
            [0, 0] => Err(invalid("nothing is taken")),
            [a, b] if a != 0 && b != 0 && a != b => {
                Err(invalid("both heaps lose stones, unequally"))
            }
            _ => Ok(Self { from, to }),
        }
    }

    /// How many stones the move takes from each heap it touches (0 for a
    /// heap that a hand-built move makes grow: never a panic).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::WythoffMove;
    /// assert_eq!(WythoffMove { from: [4, 9], to: [4, 2] }.take(), 7);
    /// ```
    pub fn take(&self) -> u64 {
        let taken = |heap: usize| self.from[heap].saturating_sub(self.to[heap]);
        taken(0).max(taken(1))
    }

    /// Whether the move takes from both heaps.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::WythoffMove;
    /// assert!(!WythoffMove { from: [4, 9], to: [4, 2] }.is_diagonal());
    /// ```
    pub fn is_diagonal(&self) -> bool {
        self.from[0] != self.to[0] && self.from[1] != self.to[1]
    }
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut separator = "";
        for heap in 0..2 {
            if self.from[heap] != self.to[heap] {
                write!(
                    f,
                    "{separator}{}:{}->{}",
                    heap + 1,
                    self.from[heap],
                    self.to[heap]
                )?;
                separator = " ";
            }
        }
        Ok(())
    }
}

/// Wythoff's game, normal play unless [`Wythoff::with_convention`] says
/// otherwise. A position is the two heap sizes `[a, b]`.
///
/// Also an [`ImpartialGame`] (position `[a, b]`, one option per move), so the
/// generic solvers give Grundy values of sums of Wythoff games, for which no
/// closed form is known: `GrundySolver::new(Wythoff::new()).grundy(&[a, b])`
/// (O(ab) positions, O(a + b) moves each).
///
/// # Example
/// ```
/// use stonegame::impartial::wythoff::Wythoff;
/// use stonegame::{Convention, Outcome};
///
/// let normal = Wythoff::new();
/// assert_eq!(normal.outcome(&[1, 2]), Outcome::Second);
/// // 10^18 is an upper Wythoff number; its partner is ⌊10^18/φ⌋.
/// assert_eq!(normal.outcome(&[618_033_988_749_894_848, 1_000_000_000_000_000_000]), Outcome::Second);
/// assert_eq!(normal.outcome(&[618_033_988_749_894_849, 1_000_000_000_000_000_000]), Outcome::First);
///
/// let misere = Wythoff::new().with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&[1, 2]), Outcome::First);
/// assert_eq!(misere.outcome(&[2, 2]), Outcome::Second);
///
/// // Grundy values through the generic solver: (1, 1) reaches values 1, 1 and 0.
/// use stonegame::impartial::grundy::GrundySolver;
/// assert_eq!(GrundySolver::new(Wythoff::new()).grundy(&[1, 1])?, stonegame::Nimber(2));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wythoff {
    convention: Convention,
    budget: crate::Budget,
}

impl Wythoff {
    /// The game under normal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::Wythoff;
    /// assert_eq!(Wythoff::new().convention(), stonegame::Convention::Normal);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::Wythoff;
    /// use stonegame::Convention;
    /// let misere = Wythoff::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.convention(), Convention::Misere);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::Wythoff;
    /// assert_eq!(Wythoff::default().convention(), stonegame::Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The partner of `heap` in this convention's losing pairs.
    fn partner(&self, heap: u64) -> u128 {
        match (self.convention, heap) {
            (Convention::Misere, 0) => 1,
            (Convention::Misere, 1) => 0,
            (Convention::Misere, 2) => 2,
            _ => partner(heap),
        }
    }

    /// The losing pair `(low, low + difference)` whose heaps differ by `difference`.
    fn pair_with_difference(&self, difference: u64) -> (u128, u128) {
        let low = match (self.convention, difference) {
            (Convention::Misere, 0) => 2,
            (Convention::Misere, 1) => 0,
            _ => lower_wythoff(difference),
        };
        (low, low + u128::from(difference))
    }

    /// Who wins `position` (the two heap sizes) with perfect play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::Wythoff;
    /// use stonegame::Outcome;
    /// let game = Wythoff::new();
    /// assert_eq!(game.outcome(&[4, 7]), Outcome::Second);
    /// assert_eq!(game.outcome(&[7, 4]), Outcome::Second);
    /// assert_eq!(game.outcome(&[4, 8]), Outcome::First);
    /// ```
    pub fn outcome(&self, position: &[u64; 2]) -> Outcome {
        if self.partner(position[0]) == u128::from(position[1]) {
            Outcome::Second
        } else {
            Outcome::First
        }
    }

    /// A winning move, or `None` when the player to move loses (or, under
    /// misère play at `(0, 0)`, has already won).
    ///
    /// The move is found among at most three candidates: the losing pair of
    /// either heap, and the losing pair with the same difference.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::{Wythoff, WythoffMove};
    /// let game = Wythoff::new();
    /// assert_eq!(game.winning_move(&[4, 20]), Some(WythoffMove { from: [4, 20], to: [4, 7] }));
    /// // Difference 2 belongs to the pair (3, 5): take 3 from both.
    /// assert_eq!(game.winning_move(&[6, 8]).unwrap().to_string(), "1:6->3 2:8->5");
    /// assert_eq!(game.winning_move(&[3, 5]), None);
    /// ```
    pub fn winning_move(&self, position: &[u64; 2]) -> Option<WythoffMove> {
        if self.outcome(position) == Outcome::Second {
            return None;
        }
        let [a, b] = *position;
        let to = self
            .single_heap_target(a, b)
            .map(|smaller| [a, smaller])
            .or_else(|| self.single_heap_target(b, a).map(|smaller| [smaller, b]))
            .or_else(|| self.diagonal_target(a, b))?;
        Some(WythoffMove {
            from: *position,
            to,
        })
    }

    /// Reducing `other` to the partner of `kept`, when that is a reduction.
    fn single_heap_target(&self, kept: u64, other: u64) -> Option<u64> {
        let target = self.partner(kept);
        (target < u128::from(other)).then_some(target as u64)
    }

    /// Taking the same number from both heaps to the losing pair with their difference.
    fn diagonal_target(&self, a: u64, b: u64) -> Option<[u64; 2]> {
        let (low, high) = self.pair_with_difference(a.abs_diff(b));
        let smaller = a.min(b);
        if low >= u128::from(smaller) {
            return None;
        }
        let (low, high) = (low as u64, high as u64);
        Some(if a <= b { [low, high] } else { [high, low] })
    }

    /// The loser's fixed reply in [`Wythoff::solve`]'s line: one stone from
    /// the larger heap (the first on a tie).
    fn reply(position: &[u64; 2]) -> Option<WythoffMove> {
        let heap = if position[1] > position[0] { 1 } else { 0 };
        if position[heap] == 0 {
            return None;
        }
        let mut to = *position;
        to[heap] -= 1;
        Some(WythoffMove {
            from: *position,
            to,
        })
    }

    /// The full answer: outcome, a winning move and the winner's line against
    /// the loser's reply "one stone from the larger heap". Never fails; the
    /// `Result` is the shape every game's `solve` shares.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::wythoff::Wythoff;
    /// use stonegame::Outcome;
    ///
    /// let solution = Wythoff::new().solve(&[2, 2])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// // Leave the losing pair (2, 1).
    /// assert_eq!(solution.best_move().unwrap().to_string(), "2:2->1");
    /// assert!(solution.is_line_complete());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, position: &[u64; 2]) -> Result<Solution<Outcome, WythoffMove>> {
        let (line, complete) = winner_line(
            *position,
            |p| self.winning_move(p),
            Self::reply,
            |_, m| m.to,
        );
        Ok(Solution::from_line(self.outcome(position), line, complete))
    }
}

crate::game::delegate_solve_at!(Wythoff, [u64; 2], WythoffMove, plain);
crate::game::stateless_configure!(Wythoff);

impl ImpartialGame for Wythoff {
    type Position = [u64; 2];

    fn for_each_option(
        &self,
        position: &[u64; 2],
        mut visit: impl FnMut(&[[u64; 2]]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let [a, b] = *position;
        (0..a).try_for_each(|x| visit(&[[x, b]]))?;
        (0..b).try_for_each(|y| visit(&[[a, y]]))?;
        (1..=a.min(b)).try_for_each(|take| visit(&[[a - take, b - take]]))
    }
}
