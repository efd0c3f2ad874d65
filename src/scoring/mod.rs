//! Scoring games: two players alternate, each move scores points for the mover,
//! and the player with more points at the end wins.
//!
//! Every game here is solved by *negamax on the value difference*: the value of
//! a position is the best the player to move can achieve of
//! `(own points) - (opponent's points)` from there on, so
//!
//! ```text
//! value(p) = max over moves m of ( points(m) - value(play(p, m)) ),   value(end) = 0
//! ```
//!
//! The positive/negative sign of the root value gives the winner ([`Outcome`]).
//!
//! | game | type | fast path | reference |
//! |---|---|---|---|
//! | take the stone at either end, score it (LeetCode 877) | [`Ends`] | O(n²) time, O(n) memory | [`solve`] |
//! | take either end, score what remains (LeetCode 1690) | [`EndsRemainder`] | O(n²) time, O(n) memory | [`solve`] |
//! | take 1..=k from the front (LeetCode 1406) | [`Front`] | O(n) for any k | [`solve`] |
//! | take X ≤ 2M from the front, M = max(M, X) (LeetCode 1140) | [`FrontDoubling`] | O(n²) | [`solve`] |
//! | players value stones differently, take any (LeetCode 1686) | [`Valuations`] | greedy O(n log n) | [`Valuations::exact`], [`solve`] |
//!
//! Every game is also a [`ScoringGame`], so the generic memoised solver
//! [`solve`] answers it too; the tests check that both agree (and agree with a
//! plain exponential minimax).
//!
//! Scores are generic over signed primitive integers through [`Score`]. Each
//! game's constructor checks once that its worst-case total fits the score type
//! and returns [`Error::ScoreOverflow`] otherwise,
//! so the hot loops need no checked arithmetic.
//!
//! [`Outcome`]: crate::Outcome

mod ends;
mod front;
mod solver;
mod stone_merge;
mod stone_mod3;
mod stone_split;
mod valuations;

pub use ends::{Colour, ColouringStrategy, End, Ends, EndsRemainder, IntervalTable};
pub use front::{Front, FrontDoubling, FrontDoublingTable, FrontSolution};
pub use solver::{Solution, solve};
pub use stone_merge::StoneMerge;
pub use stone_mod3::{Removal, StoneMod3};
pub use stone_split::{Side, Split, StoneSplit};
pub use valuations::{Valuations, ValuationsTable};

use crate::{Error, Outcome, Result};
use num_traits::{CheckedNeg, PrimInt, Signed};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// The score types of every scoring game: signed primitive integers
/// (`i8` … `i128`, `isize`).
///
/// An alias trait with a blanket implementation, so bounds stay readable.
///
/// # Example
/// ```
/// use stonegame::scoring::Score;
///
/// fn double<T: Score>(x: T) -> T {
///     x + x
/// }
/// assert_eq!(double(21i64), 42);
/// assert_eq!(double(-4i128), -8);
/// ```
pub trait Score:
    PrimInt + Signed + CheckedNeg + Debug + Display + Hash + Default + Send + Sync + 'static
{
}

impl<T> Score for T where
    T: PrimInt + Signed + CheckedNeg + Debug + Display + Hash + Default + Send + Sync + 'static
{
}

/// A two-player game in which every move scores points for the mover.
///
/// The game must be finite: every line of play ends. A position without moves
/// ends the game (it is worth 0 to the player to move).
///
/// # Example
/// ```
/// use stonegame::scoring::{ScoringGame, solve};
/// use stonegame::{Budget, Outcome};
///
/// /// A row of coins; a move takes the first one or two coins and scores their sum.
/// struct TakeOneOrTwo(Vec<i64>);
///
/// impl ScoringGame for TakeOneOrTwo {
///     type Position = usize;
///     type Move = usize;
///     type Score = i64;
///     fn start(&self) -> usize {
///         0
///     }
///     fn moves(&self, &i: &usize) -> Vec<usize> {
///         (1..=2).filter(|take| i + take <= self.0.len()).collect()
///     }
///     fn play(&self, &i: &usize, &take: &usize) -> (i64, usize) {
///         (self.0[i..i + take].iter().sum(), i + take)
///     }
/// }
///
/// let solution = solve(&TakeOneOrTwo(vec![3, -1, 4]), Budget::default()).unwrap();
/// // Taking 3 alone lets the opponent take -1 and 4 together: a draw is the best.
/// assert_eq!(solution.value(), 0);
/// assert_eq!(solution.line(), &[1, 2]);
/// assert_eq!(solution.outcome(), Outcome::Draw);
/// ```
pub trait ScoringGame {
    /// A position (it determines whose turn it is only relative to the start).
    type Position: Clone + Eq + Hash;
    /// A move from a position.
    type Move: Clone + Debug;
    /// The score type.
    type Score: Score;

    /// The starting position.
    fn start(&self) -> Self::Position;

    /// The legal moves from `position`, in a fixed order: solvers break ties
    /// between equally good moves in favour of the earliest.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// Plays `mv` from `position`: the points the mover scores and the next position.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> (Self::Score, Self::Position);
}

/// The result of optimal play from the start: the value, both totals and the line.
///
/// `difference = first_total - second_total`. When several moves are equally
/// good, each solver documents which one its line takes.
///
/// # Example
/// ```
/// use stonegame::scoring::Ends;
/// use stonegame::{Budget, Outcome};
///
/// let play = Ends::new(vec![5i64, 3, 4, 5]).unwrap().optimal_play(Budget::default()).unwrap();
/// assert_eq!((play.difference, play.first_total, play.second_total), (1, 9, 8));
/// assert_eq!(play.outcome(), Outcome::First);
/// assert_eq!(play.line.len(), 4);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptimalPlay<T, M> {
    /// First player's total minus second player's total.
    pub difference: T,
    /// Points of the player who moves first.
    pub first_total: T,
    /// Points of the other player.
    pub second_total: T,
    /// The moves of the optimal line, first player's move first.
    pub line: Vec<M>,
}

impl<T: Score, M> OptimalPlay<T, M> {
    /// Who wins with optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Front;
    /// use stonegame::Outcome;
    ///
    /// let play = Front::new(vec![1i32, 2, 3, 7], 3).unwrap().solve().unwrap().optimal_play();
    /// assert_eq!(play.outcome(), Outcome::Second);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.difference)
    }
}

/// The name of a score type, for error messages.
pub(crate) fn type_name<T>() -> &'static str {
    std::any::type_name::<T>()
}

/// The overflow error for score type `T`.
pub(crate) fn overflow<T>(detail: impl Into<String>) -> Error {
    Error::ScoreOverflow {
        type_name: type_name::<T>(),
        detail: detail.into(),
    }
}

/// `sum |v|` over `values`, or an overflow error naming `what`.
pub(crate) fn abs_sum<T: Score>(values: &[T], what: &str) -> Result<T> {
    values.iter().try_fold(T::zero(), |acc, &v| {
        let magnitude = if v < T::zero() {
            v.checked_neg()
        } else {
            Some(v)
        };
        magnitude
            .and_then(|m| acc.checked_add(&m))
            .ok_or_else(|| overflow::<T>(format!("the sum of |{what}| does not fit")))
    })
}

/// `(a + b) / 2` for `a ≡ b (mod 2)`, without the intermediate sum overflowing.
pub(crate) fn half_sum<T: Score>(a: T, b: T) -> T {
    let two = T::one() + T::one();
    // Truncating division: x = 2 (x / 2) + x % 2 exactly, so the halves add up.
    a / two + b / two + (a % two + b % two) / two
}

/// Each player's total from the total of all points scored and their difference.
pub(crate) fn totals_from<T: Score>(total_scored: T, difference: T) -> (T, T) {
    let first = half_sum(total_scored, difference);
    let second = half_sum(total_scored, -difference);
    (first, second)
}

impl<T: Score, M> OptimalPlay<T, M> {
    /// Builds the play from the total of all points scored along `line` and the difference.
    pub(crate) fn from_total(difference: T, total_scored: T, line: Vec<M>) -> Self {
        let (first_total, second_total) = totals_from(total_scored, difference);
        OptimalPlay {
            difference,
            first_total,
            second_total,
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_sum_is_exact_at_the_extremes() {
        assert_eq!(half_sum(i64::MAX, i64::MAX), i64::MAX);
        assert_eq!(half_sum(i64::MIN, i64::MIN), i64::MIN);
        assert_eq!(half_sum(i64::MAX, -i64::MAX), 0);
        for a in -9i32..=9 {
            for b in -9i32..=9 {
                if (a - b) % 2 == 0 {
                    assert_eq!(half_sum(a, b), (a + b) / 2, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn abs_sum_reports_overflow() {
        assert_eq!(abs_sum(&[-3i8, 4], "values").unwrap(), 7);
        assert!(abs_sum(&[i8::MIN], "values").is_err());
        assert!(abs_sum(&[100i8, -100], "values").is_err());
    }
}
