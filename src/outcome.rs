//! Who wins: [`Outcome`], the play [`Convention`], and Grundy values ([`Nimber`]).

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// The result of a game under perfect play, from the point of view of the
/// player about to move.
///
/// # Example
/// ```
/// use stonegame::Outcome;
///
/// assert_eq!(Outcome::from_difference(3), Outcome::First);
/// assert_eq!(Outcome::from_difference(-1), Outcome::Second);
/// assert_eq!(Outcome::from_difference(0), Outcome::Draw);
/// assert_eq!(Outcome::First.to_string(), "First");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player to move (the first player) wins.
    First,
    /// The player to move loses: the second player wins.
    Second,
    /// Neither player can force a win.
    Draw,
}

impl Outcome {
    /// The outcome of a scoring game whose value is `difference`
    /// (first player's total minus second player's total).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Outcome::from_difference(-7i64), stonegame::Outcome::Second);
    /// ```
    pub fn from_difference<T: PartialOrd + num_traits::Zero>(difference: T) -> Self {
        let zero = T::zero();
        if difference > zero {
            Outcome::First
        } else if difference < zero {
            Outcome::Second
        } else {
            Outcome::Draw
        }
    }

    /// The outcome for the other player: `First` and `Second` swap, `Draw` stays.
    ///
    /// # Example
    /// ```
    /// use stonegame::Outcome;
    /// assert_eq!(Outcome::First.swapped(), Outcome::Second);
    /// assert_eq!(Outcome::Draw.swapped(), Outcome::Draw);
    /// ```
    pub fn swapped(self) -> Self {
        match self {
            Outcome::First => Outcome::Second,
            Outcome::Second => Outcome::First,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::First => "First",
            Outcome::Second => "Second",
            Outcome::Draw => "Draw",
        })
    }
}

/// Which player wins when no move is left.
///
/// # Example
/// ```
/// use stonegame::{Convention, Outcome};
///
/// // A position with no moves: under normal play the player to move has lost.
/// assert_eq!(Convention::Normal.terminal_outcome(), Outcome::Second);
/// assert_eq!(Convention::Misere.terminal_outcome(), Outcome::First);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Convention {
    /// Normal play: whoever makes the last move wins.
    #[default]
    Normal,
    /// Misère play: whoever makes the last move loses.
    Misere,
}

impl Convention {
    /// The outcome, for the player to move, of a position with no moves.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::Convention::Misere.terminal_outcome(), stonegame::Outcome::First);
    /// ```
    pub fn terminal_outcome(self) -> Outcome {
        match self {
            Convention::Normal => Outcome::Second,
            Convention::Misere => Outcome::First,
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        })
    }
}

/// A Grundy value (nim-value): the size of the Nim heap a position is equivalent to.
///
/// Nimbers add by XOR; a sum of games is a second-player win under normal play
/// exactly when the XOR of its components' nimbers is zero.
///
/// # Example
/// ```
/// use stonegame::Nimber;
///
/// let sum = Nimber(5) ^ Nimber(3);
/// assert_eq!(sum, Nimber(6));
/// assert!(!sum.is_zero());
/// assert_eq!(sum.to_string(), "*6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber 0: a second-player win under normal play.
    pub const ZERO: Nimber = Nimber(0);

    /// Whether this is the zero nimber.
    ///
    /// # Example
    /// ```
    /// assert!(stonegame::Nimber::ZERO.is_zero());
    /// ```
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The normal-play outcome of a position with this nimber.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Nimber, Outcome};
    /// assert_eq!(Nimber(0).normal_outcome(), Outcome::Second);
    /// assert_eq!(Nimber(2).normal_outcome(), Outcome::First);
    /// ```
    pub fn normal_outcome(self) -> crate::Outcome {
        if self.is_zero() {
            crate::Outcome::Second
        } else {
            crate::Outcome::First
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Self {
        Nimber(value)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}
