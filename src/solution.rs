//! [`Solution`]: the one shape every game's full answer takes.

use crate::Outcome;

/// A game solved from its starting position: its value, who wins, a best
/// first move and the line of play.
///
/// Every game in the crate answers `solve()` with a `Solution`:
///
/// - scoring games: `V` is the score type and [`Solution::value`] is the first
///   player's total minus the second's; the line is the whole optimal line;
/// - impartial games: `V` is [`Outcome`] (the value of a win/lose game is who
///   wins); the line is the winner's strategy played out against the loser's
///   reply its game documents (for heap games: the smallest take from the
///   largest heap), cut after `Solution::<Outcome, M>::LINE_LIMIT` moves
///   ([`Solution::is_line_complete`] tells whether it was).
///
/// `best_move` is `None` exactly when the game is already over (no move is
/// possible), or for an impartial game when every move loses; in the latter
/// case the line still starts with the loser's reply rule.
///
/// # Example
/// ```
/// use stonegame::{Outcome, Solution};
///
/// let solution = Solution::new(1i64, Outcome::First, vec!['L', 'R']);
/// assert_eq!(solution.value(), 1);
/// assert_eq!(solution.outcome(), Outcome::First);
/// assert_eq!(solution.best_move(), Some(&'L'));
/// assert_eq!(solution.line(), &['L', 'R']);
/// assert!(solution.is_line_complete());
/// ```
///
/// With the `serde` feature a solution deserializes only when it agrees
/// with itself: its outcome is the one its value implies, its best move is
/// none or the first move of its line, a first-player win has a best move
/// unless the game is over (a misère or by-rule win; never for a score), a
/// move-less solution has no line except a win/lose game's loss (whose line
/// is the loser's play), and a win/lose game's best move is a win's. Values may be [`Outcome`],
/// [`retrograde::Value`](crate::retrograde::Value) or a signed integer
/// (a score difference).
///
/// What deserialization cannot see is the game: [`Solution::verify`] (a
/// built-in scoring game), [`Solution::verify_by`] (your own game under
/// [`Negamax`](crate::scoring::Negamax)) and [`Solution::verify_at`] (a
/// win/lose game at a position) replay a solution on its game and refuse one
/// that does not follow from it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solution<V, M> {
    value: V,
    outcome: Outcome,
    best_move: Option<M>,
    line: Vec<M>,
    line_complete: bool,
}

impl<V: Copy, M: Clone> Solution<V, M> {
    /// A solution whose best move is the first move of its complete `line`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// let over: Solution<i32, char> = Solution::new(0, Outcome::Draw, vec![]);
    /// assert_eq!(over.best_move(), None);
    /// ```
    pub fn new(value: V, outcome: Outcome, line: Vec<M>) -> Self {
        Self {
            value,
            outcome,
            best_move: line.first().cloned(),
            line,
            line_complete: true,
        }
    }

    /// The value: the score difference for scoring games, the outcome for
    /// win/lose games.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert_eq!(Solution::new(-3i32, Outcome::Second, vec![1u8]).value(), -3);
    /// ```
    pub fn value(&self) -> V {
        self.value
    }

    /// Who wins with perfect play.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert_eq!(Solution::new(2i32, Outcome::First, vec![1u8]).outcome(), Outcome::First);
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// A best first move (for win/lose games: a winning move), or `None`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert_eq!(Solution::new(2i32, Outcome::First, vec![7u8, 1]).best_move(), Some(&7));
    /// ```
    pub fn best_move(&self) -> Option<&M> {
        self.best_move.as_ref()
    }

    /// The line of play from the start, first player's move first.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert_eq!(Solution::new(2i32, Outcome::First, vec![7u8, 1]).line().len(), 2);
    /// ```
    pub fn line(&self) -> &[M] {
        &self.line
    }

    /// Whether [`Solution::line`] reaches the end of the game (win/lose games
    /// cut it after `LINE_LIMIT` moves).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert!(!Solution::from_line(Outcome::First, vec![1u8], false).is_line_complete());
    /// ```
    pub fn is_line_complete(&self) -> bool {
        self.line_complete
    }

    /// The line, taken out of the solution.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// assert_eq!(Solution::new(0i32, Outcome::Draw, vec![3u8]).into_line(), vec![3]);
    /// ```
    pub fn into_line(self) -> Vec<M> {
        self.line
    }
}

impl<M: Clone> Solution<Outcome, M> {
    /// The longest line a win/lose game's solution plays out.
    pub const LINE_LIMIT: usize = 10_000;

    /// A solution for a win/lose game: the best move is the line's first move
    /// only if the player to move wins; `line_complete` says whether the line
    /// reaches the end of the game.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, Solution};
    /// let lost = Solution::from_line(Outcome::Second, vec![1u8, 2], true);
    /// assert_eq!(lost.best_move(), None);
    /// assert_eq!(lost.line(), &[1, 2]);
    /// ```
    pub fn from_line(outcome: Outcome, line: Vec<M>, line_complete: bool) -> Self {
        Self {
            value: outcome,
            outcome,
            best_move: match outcome {
                Outcome::First => line.first().cloned(),
                _ => None,
            },
            line,
            line_complete,
        }
    }
}

/// The checks a solution's fields must pass, shared by the checked
/// constructors and deserialization (left out of contest bundles, which
/// take the solvers' own constructors only).
#[cfg(not(stonegame_bundle))]
mod validated {
    use super::Solution;
    use crate::Outcome;

    /// Whose solutions a value type makes: a win/lose game's
    /// ([`Solution::from_line`]: a best move only for a win, the loser's
    /// line without one), a labelled game's (retrograde values: the best
    /// move is the line's first, a terminal position may be won or lost by
    /// rule) or a scored one's ([`Solution::new`]: the best move is the
    /// line's first, and a game over at the start is a draw at 0).
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(super) enum Kind {
        WinLose,
        Labelled,
        Scored,
    }

    /// Why a solution's fields contradict each other (see [`Solution`]).
    pub(super) fn consistency<M: PartialEq>(
        implied: Outcome,
        outcome: Outcome,
        best_move: Option<&M>,
        line: &[M],
        kind: Kind,
    ) -> Result<(), String> {
        if outcome != implied {
            return Err(format!(
                "the outcome {outcome:?} contradicts the value, which implies {implied:?}"
            ));
        }
        if best_move.is_some() && best_move != line.first() {
            return Err("the best move is not the first move of the line".to_string());
        }
        let (no_move, has_line) = (best_move.is_none(), !line.is_empty());
        if outcome == Outcome::First && no_move && (has_line || kind == Kind::Scored) {
            return Err("the first player wins, but no best move is given".to_string());
        }
        match kind {
            Kind::WinLose if outcome != Outcome::First && !no_move => Err(format!(
                "a best move for a {outcome:?} outcome (only a win has one)"
            )),
            Kind::WinLose if outcome != Outcome::Second && no_move && has_line => {
                Err("no best move, but a line (only a loss has one)".to_string())
            }
            Kind::Labelled | Kind::Scored if no_move && has_line => {
                Err("no best move, but a line".to_string())
            }
            _ => Ok(()),
        }
    }

    fn invalid(reason: String) -> crate::Error {
        crate::Error::InvalidParameter {
            name: "solution",
            reason,
        }
    }

    impl<M: Clone + PartialEq> Solution<Outcome, M> {
        /// [`Solution::from_line`], refusing what deserialization refuses: a
        /// win whose line is empty is a game over (a misère win); a draw or a
        /// loss has no best move, and only a loss has a line without one.
        ///
        /// # Errors
        /// [`crate::Error::InvalidParameter`] for a draw with a line.
        ///
        /// # Example
        /// ```
        /// use stonegame::{Outcome, Solution};
        /// assert!(Solution::try_from_line(Outcome::First, vec![1u8], true).is_ok());
        /// assert!(Solution::try_from_line(Outcome::Draw, vec![1u8], true).is_err());
        /// ```
        pub fn try_from_line(
            outcome: Outcome,
            line: Vec<M>,
            line_complete: bool,
        ) -> crate::Result<Self> {
            let solution = Self::from_line(outcome, line, line_complete);
            consistency(
                outcome,
                solution.outcome,
                solution.best_move.as_ref(),
                &solution.line,
                Kind::WinLose,
            )
            .map_err(invalid)?;
            Ok(solution)
        }
    }

    macro_rules! checked_new {
        ($($value:ty => $implied:expr, $kind:expr);* $(;)?) => {$(
            impl<M: Clone + PartialEq> Solution<$value, M> {
                /// [`Solution::new`], refusing what deserialization refuses: an
                /// outcome the value does not imply, and (for a score) a win
                /// with no move.
                ///
                /// # Errors
                /// [`crate::Error::InvalidParameter`] for a contradiction.
                ///
                /// # Example
                /// ```
                /// use stonegame::{Outcome, Solution};
                /// assert!(Solution::<i64, u8>::try_new(2, Outcome::First, vec![1]).is_ok());
                /// assert!(Solution::<i64, u8>::try_new(2, Outcome::Second, vec![1]).is_err());
                /// assert!(Solution::<i64, u8>::try_new(2, Outcome::First, vec![]).is_err());
                /// ```
                pub fn try_new(value: $value, outcome: Outcome, line: Vec<M>) -> crate::Result<Self> {
                    let implied: fn(&$value) -> Outcome = $implied;
                    let solution = Self::new(value, outcome, line);
                    consistency(
                        implied(&value),
                        outcome,
                        solution.best_move.as_ref(),
                        &solution.line,
                        $kind,
                    )
                    .map_err(invalid)?;
                    Ok(solution)
                }
            }
        )*};
    }

    checked_new! {
        crate::retrograde::Value => |value| value.outcome(), Kind::Labelled;
        i8 => |&v| Outcome::from_difference(v), Kind::Scored;
        i16 => |&v| Outcome::from_difference(v), Kind::Scored;
        i32 => |&v| Outcome::from_difference(v), Kind::Scored;
        i64 => |&v| Outcome::from_difference(v), Kind::Scored;
        i128 => |&v| Outcome::from_difference(v), Kind::Scored;
        isize => |&v| Outcome::from_difference(v), Kind::Scored;
    }
}

/// Deserialization that refuses a solution contradicting itself.
#[cfg(feature = "serde")]
mod checked {
    use serde::de::{Deserialize, Deserializer, Error as _};

    use super::Solution;
    use super::validated::{Kind, consistency};
    use crate::Outcome;

    /// The fields as stored, before they are checked.
    #[derive(serde::Deserialize)]
    #[serde(rename = "Solution")]
    struct Fields<V, M> {
        value: V,
        outcome: Outcome,
        best_move: Option<M>,
        line: Vec<M>,
        line_complete: bool,
    }

    fn check<V, M: PartialEq>(
        fields: Fields<V, M>,
        implied: Outcome,
        kind: Kind,
    ) -> Result<Solution<V, M>, String> {
        consistency(
            implied,
            fields.outcome,
            fields.best_move.as_ref(),
            &fields.line,
            kind,
        )?;
        Ok(Solution {
            value: fields.value,
            outcome: fields.outcome,
            best_move: fields.best_move,
            line: fields.line,
            line_complete: fields.line_complete,
        })
    }

    macro_rules! checked_deserialize {
        ($($value:ty => $implied:expr, $kind:expr);* $(;)?) => {$(
            impl<'de, M: Deserialize<'de> + PartialEq> Deserialize<'de> for Solution<$value, M> {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    let fields = Fields::<$value, M>::deserialize(deserializer)?;
                    let implied: fn(&$value) -> Outcome = $implied;
                    let outcome = implied(&fields.value);
                    check(fields, outcome, $kind).map_err(D::Error::custom)
                }
            }
        )*};
    }

    checked_deserialize! {
        Outcome => |&outcome| outcome, Kind::WinLose;
        crate::retrograde::Value => |value| value.outcome(), Kind::Labelled;
        i8 => |&v| Outcome::from_difference(v), Kind::Scored;
        i16 => |&v| Outcome::from_difference(v), Kind::Scored;
        i32 => |&v| Outcome::from_difference(v), Kind::Scored;
        i64 => |&v| Outcome::from_difference(v), Kind::Scored;
        i128 => |&v| Outcome::from_difference(v), Kind::Scored;
        isize => |&v| Outcome::from_difference(v), Kind::Scored;
    }
}
