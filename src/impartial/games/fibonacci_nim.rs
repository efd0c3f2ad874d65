//! Fibonacci Nim: one heap of `n >= 2` stones. The first move takes `1..=n−1`
//! stones; afterwards each move takes at least one stone and at most twice the
//! previous take. Taking the last stone wins (normal play).
//!
//! # Theorem (Whinihan, 1963)
//!
//! Write the heap `h` in its Zeckendorf representation: a sum of
//! non-consecutive Fibonacci numbers `1, 2, 3, 5, 8, …` (OEIS A000045), which
//! is unique. With `q` the smallest term, the player to move, allowed to take
//! at most `m` stones, wins exactly when `q <= m`, and taking `q` wins: the
//! next term of the representation is a Fibonacci number at least two places
//! higher, so it exceeds `2q` and the opponent cannot reach it. In particular
//! the first player (allowed `n − 1`) loses exactly when `n` is a Fibonacci
//! number.
//!
//! Under misère play (taking the last stone loses) nobody takes the last stone
//! while another move exists, so the game on `h` stones is the normal game on
//! `h − 1` stones with the same limit: the player who leaves exactly one stone
//! wins. (From the opening position this is trivial: take all but one stone.)
//! The tests check both conventions against a brute force.
//!
//! # Complexity
//!
//! `outcome` and `winning_move`: O(log n) (at most 92 Fibonacci numbers fit a `u64`).
//!
//! # Example
//! ```
//! use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
//! use stonegame::Outcome;
//!
//! let game = FibonacciNim::new();
//! assert_eq!(game.outcome(&FibonacciPosition::start(21)?), Outcome::Second);
//! // 20 = 13 + 5 + 2: take 2, leaving 18 = 13 + 5, with the opponent limited to 4.
//! let start = FibonacciPosition::start(20)?;
//! assert_eq!(game.winning_move(&start).unwrap().take, 2);
//! # Ok::<(), stonegame::Error>(())
//! ```

use std::fmt;

use crate::impartial::strategy_line::winner_line;
use crate::{Convention, Error, Outcome, Result, Solution};

/// The distinct Fibonacci numbers that fit a `u64`, increasing: 1, 2, 3, 5, …
const FIBONACCI: [u64; 92] = fibonacci_numbers();

const fn fibonacci_numbers() -> [u64; 92] {
    let mut numbers = [0u64; 92];
    numbers[0] = 1;
    numbers[1] = 2;
    let mut i = 2;
    while i < 92 {
        numbers[i] = numbers[i - 1] + numbers[i - 2];
        i += 1;
    }
    numbers
}

/// The Zeckendorf representation of `n`: distinct, non-consecutive Fibonacci
/// numbers summing to `n`, largest first (empty for 0). Greedy: the largest
/// Fibonacci number not above the remainder, repeatedly.
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(100), [89, 8, 3]);
/// assert_eq!(zeckendorf(0), Vec::<u64>::new());
/// ```
pub fn zeckendorf(n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    let mut rest = n;
    for &f in FIBONACCI.iter().rev() {
        if f <= rest {
            terms.push(f);
            rest -= f;
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n`, or `None` for 0.
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::smallest_zeckendorf_term;
/// assert_eq!(smallest_zeckendorf_term(100), Some(3));
/// assert_eq!(smallest_zeckendorf_term(89), Some(89));
/// ```
pub fn smallest_zeckendorf_term(n: u64) -> Option<u64> {
    let mut rest = n;
    let mut smallest = None;
    for &f in FIBONACCI.iter().rev() {
        if f <= rest {
            rest -= f;
            smallest = Some(f);
        }
    }
    smallest
}

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, …).
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::is_fibonacci;
/// assert!(is_fibonacci(12_200_160_415_121_876_738));
/// assert!(!is_fibonacci(4));
/// ```
pub fn is_fibonacci(n: u64) -> bool {
    FIBONACCI.binary_search(&n).is_ok()
}

/// A position of Fibonacci Nim: the stones left and the most the player to
/// move may take.
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::FibonacciPosition;
/// let start = FibonacciPosition::start(10)?;
/// assert_eq!((start.heap(), start.max_take()), (10, 9));
/// let later = FibonacciPosition::new(7, 4)?;
/// assert_eq!(later.max_take(), 4);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FibonacciPosition {
    heap: u64,
    max_take: u64,
}

impl FibonacciPosition {
    /// The opening position on `n >= 2` stones: the first move takes `1..=n−1`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciPosition;
    /// assert!(FibonacciPosition::start(1).is_err());
    /// ```
    pub fn start(n: u64) -> Result<Self> {
        if n < 2 {
            return Err(Error::InvalidParameter {
                name: "heap",
                reason: format!(
                    "Fibonacci Nim starts from at least 2 stones (the first move may not take all), got {n}"
                ),
            });
        }
        Ok(Self {
            heap: n,
            max_take: n - 1,
        })
    }

    /// A position in mid-game: `heap >= 0` stones left, the player to move
    /// may take `1..=max_take` of them (`max_take >= 1`; twice the previous take).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciPosition;
    /// assert!(FibonacciPosition::new(5, 0).is_err());
    /// assert!(FibonacciPosition::new(0, 2).is_ok()); // the game is over
    /// ```
    pub fn new(heap: u64, max_take: u64) -> Result<Self> {
        if max_take == 0 {
            return Err(Error::InvalidParameter {
                name: "max_take",
                reason: "a move takes at least one stone, so the limit is at least 1".into(),
            });
        }
        Ok(Self { heap, max_take })
    }

    /// Stones left.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciPosition;
    /// assert_eq!(FibonacciPosition::new(5, 2)?.heap(), 5);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn heap(&self) -> u64 {
        self.heap
    }

    /// The most the player to move may take.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciPosition;
    /// assert_eq!(FibonacciPosition::new(5, 2)?.max_take(), 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn max_take(&self) -> u64 {
        self.max_take
    }

    /// The takes allowed now: `1..=min(max_take, heap)` (empty when the heap is).
    fn limit(&self) -> u64 {
        self.max_take.min(self.heap)
    }

    /// The position after taking `take` stones (the next limit is `2·take`,
    /// saturated at `u64::MAX`, which is above any heap).
    fn after(&self, take: u64) -> Self {
        Self {
            heap: self.heap - take,
            max_take: take.saturating_mul(2),
        }
    }
}

/// A move in Fibonacci Nim: take `take` of the `from` stones.
///
/// Its `Display` is `1:F->T` in the heap-game style (the one heap, `F` stones
/// before, `T = F − take` after): `1:20->18`.
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::FibonacciTake;
/// assert_eq!(FibonacciTake { from: 20, take: 2 }.to_string(), "1:20->18");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FibonacciTake {
    /// Stones before the move.
    pub from: u64,
    /// Stones taken.
    pub take: u64,
}

impl fmt::Display for FibonacciTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Saturating: the fields are public, and showing a move whose take
        // exceeds its heap must not panic.
        write!(
            f,
            "1:{}->{}",
            self.from,
            self.from.saturating_sub(self.take)
        )
    }
}

/// Fibonacci Nim, normal play unless [`FibonacciNim::with_convention`] says
/// otherwise. A position is a [`FibonacciPosition`].
///
/// # Example
/// ```
/// use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
/// use stonegame::{Convention, Outcome};
///
/// let normal = FibonacciNim::new();
/// // Mid-game: 18 = 13 + 5 left, at most 4 may be taken: a loss.
/// assert_eq!(normal.outcome(&FibonacciPosition::new(18, 4)?), Outcome::Second);
/// assert_eq!(normal.outcome(&FibonacciPosition::new(18, 5)?), Outcome::First);
/// let misere = FibonacciNim::new().with_convention(Convention::Misere);
/// // Misère: from the start, take all but one stone. Mid-game, 19 = 1 + 13 + 5.
/// assert_eq!(misere.outcome(&FibonacciPosition::start(22)?), Outcome::First);
/// assert_eq!(misere.outcome(&FibonacciPosition::new(19, 4)?), Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FibonacciNim {
    convention: Convention,
    budget: crate::Budget,
}

impl FibonacciNim {
    /// The game under normal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciNim;
    /// assert_eq!(FibonacciNim::new().convention(), stonegame::Convention::Normal);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciNim;
    /// use stonegame::Convention;
    /// let misere = FibonacciNim::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.convention(), Convention::Misere);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::FibonacciNim;
    /// assert_eq!(FibonacciNim::default().convention(), stonegame::Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The heap of the normal game equivalent to `position`, or `None` when
    /// the game is over (misère: the opponent took the last stone).
    fn normal_heap(&self, position: &FibonacciPosition) -> Option<u64> {
        match self.convention {
            Convention::Normal => Some(position.heap),
            Convention::Misere => position.heap.checked_sub(1),
        }
    }

    /// The winning take, if the player to move has one.
    fn winning_take(&self, position: &FibonacciPosition) -> Option<u64> {
        let heap = self.normal_heap(position)?;
        smallest_zeckendorf_term(heap).filter(|&q| q <= position.limit())
    }

    /// Who wins `position` with perfect play.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
    /// use stonegame::Outcome;
    /// let game = FibonacciNim::new();
    /// assert_eq!(game.outcome(&FibonacciPosition::start(1_000_000_000_000_000_000)?), Outcome::First);
    /// assert_eq!(game.outcome(&FibonacciPosition::start(12_200_160_415_121_876_738)?), Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, position: &FibonacciPosition) -> Outcome {
        match (self.normal_heap(position), self.winning_take(position)) {
            (None, _) => Outcome::First,
            (Some(_), Some(_)) => Outcome::First,
            (Some(_), None) => Outcome::Second,
        }
    }

    /// A winning move — take the smallest Zeckendorf term (of `heap − 1` under
    /// misère play) — or `None` when the player to move loses (or, under
    /// misère play with no stone left, has already won).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition, FibonacciTake};
    /// let game = FibonacciNim::new();
    /// let m = game.winning_move(&FibonacciPosition::start(100)?);
    /// assert_eq!(m, Some(FibonacciTake { from: 100, take: 3 }));
    /// assert_eq!(game.winning_move(&FibonacciPosition::start(89)?), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self, position: &FibonacciPosition) -> Option<FibonacciTake> {
        self.winning_take(position).map(|take| FibonacciTake {
            from: position.heap,
            take,
        })
    }

    /// The loser's fixed reply in [`FibonacciNim::solve`]'s line: take one stone.
    fn reply(position: &FibonacciPosition) -> Option<FibonacciTake> {
        (position.heap > 0).then_some(FibonacciTake {
            from: position.heap,
            take: 1,
        })
    }

    /// The full answer: outcome, a winning move and the winner's line against
    /// the loser's reply "take one stone". Never fails; the `Result` is the
    /// shape every game's `solve` shares.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
    /// let solution = FibonacciNim::new().solve(&FibonacciPosition::start(4)?)?;
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// // Take 1 (4 = 3 + 1); the opponent takes 1; take the last 2.
    /// assert_eq!(line, ["1:4->3", "1:3->2", "1:2->0"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, position: &FibonacciPosition) -> Result<Solution<Outcome, FibonacciTake>> {
        let (line, complete) = winner_line(
            *position,
            |p| self.winning_move(p),
            Self::reply,
            |p, m| p.after(m.take),
        );
        Ok(Solution::from_line(self.outcome(position), line, complete))
    }
}

crate::game::delegate_solve_at!(FibonacciNim, FibonacciPosition, FibonacciTake, plain);
crate::game::stateless_configure!(FibonacciNim);
