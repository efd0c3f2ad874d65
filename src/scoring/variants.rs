//! The dynamic-programming variants of the quadratic scoring games, callable
//! by name, for people who compare them.
//!
//! Each O(n²) family can be solved several ways that all give the same value:
//!
//! | family | game | variants |
//! |---|---|---|
//! | [`DpFamily::Ends`] | take an end, score it (LeetCode 877, EDPC L) | memoised, full table, rolling, length-major, linear |
//! | [`DpFamily::EndsRemainder`] | take an end, score the rest (LeetCode 1690) | memoised, full table, rolling, length-major |
//! | [`DpFamily::FrontDoubling`] | take up to 2M from the front (LeetCode 1140) | memoised, full table, sliding window |
//! | [`DpFamily::StoneSplit`] | split, keep the lighter part (LeetCode 1563) | memoised, full table, monotone split |
//!
//! Every game of these families has a `value_by(DpVariant)` method
//! ([`Ends::value_by`](super::Ends::value_by),
//! [`EndsRemainder::value_by`](super::EndsRemainder::value_by),
//! [`FrontDoubling::value_by`](super::FrontDoubling::value_by),
//! [`StoneSplit::value_by`](super::StoneSplit::value_by)); the variants a
//! family lacks are refused with [`Error::InvalidParameter`]. Tables are
//! checked against the game's budget before they are allocated, and the
//! cubic variants against its work cap ([`Budget::work_or`](crate::Budget::work_or),
//! 10¹⁰ steps by default) before they start. `docs/benchmarks.md` times them
//! side by side.

use crate::{Budget, Error, Result};
use std::fmt;
use std::str::FromStr;

/// One way of computing a quadratic DP (see the [module documentation](self)).
///
/// Displayed and parsed by its kebab-case name (`"length-major"`).
///
/// # Example
/// ```
/// use stonegame::scoring::{DpVariant, EndsRemainder};
///
/// let game = EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?;
/// for variant in ["memoised", "full-table", "rolling", "length-major"] {
///     let variant: DpVariant = variant.parse()?;
///     assert_eq!(game.value_by(variant)?, 6);
/// }
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DpVariant {
    /// Top-down with a memo of every position: the generic [`Negamax`](super::Negamax)
    /// for two-player games, an explicit-stack memo for Stone Game V
    /// (recursion depth never depends on the input).
    Memoised,
    /// Bottom-up over a table of every position (O(n²) cells, or O(n²) cells
    /// with O(n) work each where the family's moves are many).
    FullTable,
    /// Bottom-up with one row of O(n) cells, the row-major loop contest code
    /// writes: start `i` descending, end `j` ascending (a serial chain
    /// through the row just written).
    Rolling,
    /// Bottom-up with one row of O(n) cells, by interval length with `i`
    /// ascending: no cell of a pass depends on another, so the loop vectorizes.
    /// The crate's own path for the interval games.
    LengthMajor,
    /// O(n²) by sliding-window maxima instead of O(n³) (LeetCode 1140; the
    /// crate's own path there).
    SlidingWindow,
    /// O(n²) by the monotone split point and running maxima instead of
    /// O(n³) (LeetCode 1563; the crate's own path there).
    MonotoneSplit,
    /// O(n) without a table (LeetCode 877 by peak reduction; the crate's own
    /// path there).
    Linear,
}

impl DpVariant {
    /// Every variant, in the order above.
    pub const ALL: [DpVariant; 7] = [
        DpVariant::Memoised,
        DpVariant::FullTable,
        DpVariant::Rolling,
        DpVariant::LengthMajor,
        DpVariant::SlidingWindow,
        DpVariant::MonotoneSplit,
        DpVariant::Linear,
    ];

    /// The kebab-case name (what [`FromStr`] parses).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::DpVariant;
    /// assert_eq!(DpVariant::FullTable.name(), "full-table");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DpVariant::Memoised => "memoised",
            DpVariant::FullTable => "full-table",
            DpVariant::Rolling => "rolling",
            DpVariant::LengthMajor => "length-major",
            DpVariant::SlidingWindow => "sliding-window",
            DpVariant::MonotoneSplit => "monotone-split",
            DpVariant::Linear => "linear",
        }
    }
}

impl fmt::Display for DpVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DpVariant {
    type Err = Error;

    fn from_str(name: &str) -> Result<Self> {
        DpVariant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| Error::InvalidParameter {
                name: "variant",
                reason: format!(
                    "unknown DP variant {name:?}; the variants are {}",
                    DpVariant::ALL.map(DpVariant::name).join(", ")
                ),
            })
    }
}

/// A family of quadratic scoring games whose DP variants can be compared.
///
/// # Example
/// ```
/// use stonegame::scoring::{DpFamily, DpVariant};
/// assert!(DpFamily::Ends.variants().contains(&DpVariant::Linear));
/// assert!(!DpFamily::EndsRemainder.variants().contains(&DpVariant::Linear));
/// assert_eq!(DpFamily::StoneSplit.fastest(), DpVariant::MonotoneSplit);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DpFamily {
    /// [`Ends`](super::Ends): LeetCode 877, AtCoder EDPC L.
    Ends,
    /// [`EndsRemainder`](super::EndsRemainder): LeetCode 1690.
    EndsRemainder,
    /// [`FrontDoubling`](super::FrontDoubling): LeetCode 1140.
    FrontDoubling,
    /// [`StoneSplit`](super::StoneSplit): LeetCode 1563.
    StoneSplit,
}

impl DpFamily {
    /// Every family.
    pub const ALL: [DpFamily; 4] = [
        DpFamily::Ends,
        DpFamily::EndsRemainder,
        DpFamily::FrontDoubling,
        DpFamily::StoneSplit,
    ];

    /// The variants this family's games accept in `value_by`, slowest first.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpVariant};
    /// assert_eq!(DpFamily::FrontDoubling.variants().len(), 3);
    /// ```
    pub fn variants(self) -> &'static [DpVariant] {
        use DpVariant::*;
        match self {
            DpFamily::Ends => &[Memoised, FullTable, Rolling, LengthMajor, Linear],
            DpFamily::EndsRemainder => &[Memoised, FullTable, Rolling, LengthMajor],
            DpFamily::FrontDoubling => &[Memoised, FullTable, SlidingWindow],
            DpFamily::StoneSplit => &[Memoised, FullTable, MonotoneSplit],
        }
    }

    /// The variant behind the game's own `value()`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpVariant};
    /// assert_eq!(DpFamily::EndsRemainder.fastest(), DpVariant::LengthMajor);
    /// ```
    pub fn fastest(self) -> DpVariant {
        *self.variants().last().unwrap_or(&DpVariant::FullTable)
    }

    /// The game's usual name (LeetCode's numbering).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::DpFamily::StoneSplit.name(), "Stone Game V (LeetCode 1563)");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DpFamily::Ends => "Stone Game (LeetCode 877, EDPC L)",
            DpFamily::EndsRemainder => "Stone Game VII (LeetCode 1690)",
            DpFamily::FrontDoubling => "Stone Game II (LeetCode 1140)",
            DpFamily::StoneSplit => "Stone Game V (LeetCode 1563)",
        }
    }

    /// The refusal of a variant this family does not have.
    pub(crate) fn unsupported(self, variant: DpVariant) -> Error {
        Error::InvalidParameter {
            name: "variant",
            reason: format!(
                "{} has no {variant} variant; it has {}",
                self.name(),
                self.variants()
                    .iter()
                    .map(|v| v.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// The default work cap of the cubic variants: about ten seconds.
pub(crate) const CUBIC_DEFAULT_STEPS: u64 = 10_000_000_000;

/// Refuses, before it starts, a cubic variant of `steps` steps beyond the work cap.
pub(crate) fn check_work(budget: Budget, steps: u128, what: &str) -> Result<()> {
    let cap = budget.work_or(CUBIC_DEFAULT_STEPS);
    if steps > u128::from(cap) {
        return Err(Error::WorkLimitExceeded {
            what: what.to_string(),
            steps: cap,
        });
    }
    Ok(())
}

/// n³/6, the moves a cubic interval DP tries (saturating).
pub(crate) fn cubic_steps(n: usize) -> u128 {
    let n = n as u128;
    n * n * n / 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for variant in DpVariant::ALL {
            assert_eq!(variant.name().parse::<DpVariant>().unwrap(), variant);
            assert_eq!(variant.to_string(), variant.name());
        }
        assert!("fastest".parse::<DpVariant>().is_err());
    }

    #[test]
    fn every_family_ends_with_its_own_path() {
        for family in DpFamily::ALL {
            assert!(family.variants().contains(&family.fastest()));
            assert!(family.variants().contains(&DpVariant::Memoised));
        }
    }
}
