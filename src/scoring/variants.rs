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
//! 10¹⁰ steps by default) before they start.
//!
//! The four games share one trait, [`DpGame`], so code that compares the
//! variants needs no per-family code: [`DpFamily::build`] makes a game of a
//! family from its values, [`DpFamily::costs`] lists the family's variants
//! with how their time and memory grow ([`VariantCost`], [`Order`]), and
//! [`DpGame::value_by_name`] runs one by name.
//!
//! ```
//! use stonegame::Budget;
//! use stonegame::scoring::DpFamily;
//!
//! for family in DpFamily::ALL {
//!     let game = family.build(&[6i64, 2, 3, 4, 5, 5], Budget::default())?;
//!     let reference = game.value_by(family.fastest())?;
//!     for cost in game.costs() {
//!         // e.g. "memoised: O(n^2) time, O(n^2) memory"
//!         println!("{}: {} time, {} memory", cost.variant, cost.time, cost.memory);
//!         assert_eq!(game.value_by_name(cost.variant.name())?, reference);
//!     }
//! }
//! # Ok::<(), stonegame::Error>(())
//! ```
//!
//! A variant of your own sits beside these: implement
//! [`DpSolver`](super::DpSolver) (its values, and its description as data,
//! [`VariantInfo`](super::VariantInfo)) and add it to a
//! [`DpLineup`](super::DpLineup) with the built-in variants
//! ([`BuiltInVariant`](super::BuiltInVariant), the same trait): the lineup's
//! [`costs`](super::DpLineup::costs) report and the variants bench list it
//! like them.
//!
//! The guide's [benchmarks](crate::guide::benchmarks) page times them side by side.

use super::Score;
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

    /// The variants of [`DpFamily::variants`], in the same order, each with
    /// how its time and its memory beyond the values grow with the number of
    /// stones n.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpVariant, Order};
    ///
    /// let costs = DpFamily::StoneSplit.costs();
    /// assert_eq!(costs[0].variant, DpVariant::Memoised);
    /// assert_eq!(costs[0].time, Order::CUBIC);
    /// let own = costs.last().unwrap();
    /// assert_eq!((own.time.to_string(), own.memory.to_string()), ("O(n^2)".into(), "O(n^2)".into()));
    /// ```
    pub fn costs(self) -> &'static [VariantCost] {
        use DpVariant::*;
        const fn cost(variant: DpVariant, time: Order, memory: Order) -> VariantCost {
            VariantCost {
                variant,
                time,
                memory,
            }
        }
        const N: Order = Order::LINEAR;
        const N2: Order = Order::QUADRATIC;
        const N3: Order = Order::CUBIC;
        // Memoised interval games: one memo entry per interval. Take-up-to-2M:
        // n²/2 states (i, M), up to 2M moves each. Stone Game V: n²/2 intervals,
        // every cut of each; the monotone split keeps a triangle of n²/2 cells.
        const ENDS: &[VariantCost] = &[
            cost(Memoised, N2, N2),
            cost(FullTable, N2, N2),
            cost(Rolling, N2, N),
            cost(LengthMajor, N2, N),
            cost(Linear, N, N),
        ];
        const ENDS_REMAINDER: &[VariantCost] = &[
            cost(Memoised, N2, N2),
            cost(FullTable, N2, N2),
            cost(Rolling, N2, N),
            cost(LengthMajor, N2, N),
        ];
        const FRONT_DOUBLING: &[VariantCost] = &[
            cost(Memoised, N3, N2),
            cost(FullTable, N3, N2),
            cost(SlidingWindow, N2, N2),
        ];
        const STONE_SPLIT: &[VariantCost] = &[
            cost(Memoised, N3, N2),
            cost(FullTable, N3, N2),
            cost(MonotoneSplit, N2, N2),
        ];
        match self {
            DpFamily::Ends => ENDS,
            DpFamily::EndsRemainder => ENDS_REMAINDER,
            DpFamily::FrontDoubling => FRONT_DOUBLING,
            DpFamily::StoneSplit => STONE_SPLIT,
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

/// How a variant's time or memory grows with the number of stones n:
/// O(n<sup>power</sup>), as data ([`DpFamily::costs`]).
///
/// Displayed as `O(1)`, `O(n)`, `O(n^2)`, `O(n^3)`; ordered by growth.
///
/// # Example
/// ```
/// use stonegame::scoring::Order;
/// assert_eq!(Order::QUADRATIC.to_string(), "O(n^2)");
/// assert_eq!(Order::LINEAR.power(), 1);
/// assert!(Order::CUBIC > Order::QUADRATIC);
/// assert_eq!(Order::CUBIC.at(10.0), 1000.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Order {
    power: u8,
}

impl Order {
    /// O(1).
    pub const CONSTANT: Order = Order { power: 0 };
    /// O(n).
    pub const LINEAR: Order = Order { power: 1 };
    /// O(n²).
    pub const QUADRATIC: Order = Order { power: 2 };
    /// O(n³).
    pub const CUBIC: Order = Order { power: 3 };

    /// The exponent of n.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::scoring::Order::CUBIC.power(), 3);
    /// ```
    pub const fn power(self) -> u32 {
        self.power as u32
    }

    /// n<sup>power</sup>: the growth at `n`, to extrapolate a measurement.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Order;
    /// // A quadratic variant taking 1 ms at n = 1,000 takes about 4 ms at 2,000.
    /// assert_eq!(Order::QUADRATIC.at(2000.0) / Order::QUADRATIC.at(1000.0), 4.0);
    /// ```
    pub fn at(self, n: f64) -> f64 {
        n.powi(self.power as i32)
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.power {
            0 => f.write_str("O(1)"),
            1 => f.write_str("O(n)"),
            p => write!(f, "O(n^{p})"),
        }
    }
}

/// One variant of a family with how it scales: its time and its memory
/// beyond the values, as [`Order`]s of the number of stones n.
///
/// # Example
/// ```
/// use stonegame::scoring::{DpFamily, DpVariant, Order};
///
/// let rolling = DpFamily::Ends.costs().iter().find(|c| c.variant == DpVariant::Rolling).unwrap();
/// assert_eq!((rolling.time, rolling.memory), (Order::QUADRATIC, Order::LINEAR));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariantCost {
    /// The variant.
    pub variant: DpVariant,
    /// How its running time grows.
    pub time: Order,
    /// How the memory it allocates grows (the values themselves not counted).
    pub memory: Order,
}

/// A game of a family with DP variants ([`DpFamily`]), whatever the family:
/// list the variants with their costs, run one by value or by name.
///
/// Implemented by [`Ends`](super::Ends), [`EndsRemainder`](super::EndsRemainder), [`FrontDoubling`](super::FrontDoubling) and
/// [`StoneSplit`](super::StoneSplit); [`DpFamily::build`] makes one from a family and values
/// (as a `Box<dyn DpGame<T> + Send + Sync>`), [`DpGame::from_values`] when the type is
/// known. Each implementation's `value_by` is the game's own inherent
/// `value_by`, so both calls give the same answer.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::scoring::{DpGame, Ends, StoneSplit};
///
/// /// Every variant's value, by name, for any family.
/// fn by_name<G: DpGame<i64>>(values: &[i64]) -> stonegame::Result<Vec<(&'static str, i64)>> {
///     let game = G::from_values(values, Budget::default())?;
///     game.costs()
///         .iter()
///         .map(|cost| Ok((cost.variant.name(), game.value_by(cost.variant)?)))
///         .collect()
/// }
/// assert!(by_name::<Ends<i64>>(&[4, 5, 3, 1, 2])?.iter().all(|&(_, v)| v == 1));
/// assert!(by_name::<StoneSplit<i64>>(&[6, 2, 3, 4, 5, 5])?.iter().all(|&(_, v)| v == 18));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DpGame<T: Score> {
    /// A game of the implementing family on `values`, with `budget` (see
    /// [`DpFamily::build`] for the errors).
    fn from_values(values: &[T], budget: Budget) -> Result<Self>
    where
        Self: Sized;

    /// The family this game belongs to.
    fn family(&self) -> DpFamily;

    /// The value by one variant; a variant the family lacks is refused with
    /// [`Error::InvalidParameter`] naming the ones it has.
    fn value_by(&self, variant: DpVariant) -> Result<T>;

    /// The family's variants with their time and memory orders
    /// ([`DpFamily::costs`]).
    fn costs(&self) -> &'static [VariantCost] {
        self.family().costs()
    }

    /// The value by the variant named `name` (kebab-case, as
    /// [`DpVariant::name`]); an unknown name or a variant the family lacks is
    /// refused with [`Error::InvalidParameter`].
    fn value_by_name(&self, name: &str) -> Result<T> {
        self.value_by(name.parse()?)
    }
}

/// The default work cap of the cubic variants: about ten seconds.
pub(crate) const CUBIC_DEFAULT_STEPS: u64 = 10_000_000_000;

/// Refuses, before it starts, a cubic variant of `steps` steps beyond the work cap.
pub(crate) fn check_work(budget: Budget, steps: u128, what: &str) -> Result<()> {
    let cap = budget.work_or(CUBIC_DEFAULT_STEPS);
    if steps > u128::from(cap) {
        return Err(Error::WorkLimitWouldExceed {
            what: what.to_string(),
            needed: steps,
            limit: cap,
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
    fn costs_list_the_variants_in_order() {
        for family in DpFamily::ALL {
            let listed: Vec<DpVariant> = family.costs().iter().map(|c| c.variant).collect();
            assert_eq!(listed, family.variants(), "{family:?}");
        }
    }

    #[test]
    fn built_games_name_their_family() {
        for family in DpFamily::ALL {
            let game = family.build(&[3i64, 1, 2], Budget::default()).unwrap();
            assert_eq!(game.family(), family);
            assert!(game.value_by_name("no-such-variant").is_err());
        }
    }

    #[test]
    fn every_family_ends_with_its_own_path() {
        for family in DpFamily::ALL {
            assert!(family.variants().contains(&family.fastest()));
            assert!(family.variants().contains(&DpVariant::Memoised));
        }
    }
}
