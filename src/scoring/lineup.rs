//! Your own DP variant beside the crate's: [`DpSolver`], a variant described
//! as data ([`VariantInfo`]) with its values, which [`DpLineup`] (the variants
//! bench, its [`costs`](DpLineup::costs) report) treats like the built-in
//! ones ([`BuiltInVariant`], the same trait).
//!
//! [`DpFamily`] and [`DpVariant`] are closed enums: they name what the crate
//! ships. A variant of your own needs no name there: it says which family it
//! sits in (a built-in family's [`key`](DpFamily::key), or one of its own),
//! its name, how its time and memory grow and how large its tables are, and
//! computes a value from the stones.
//!
//! ```
//! use stonegame::scoring::{DpFamily, DpLineup, DpSolver, Order, TableSize, VariantInfo};
//! use stonegame::{Budget, Result};
//!
//! /// LeetCode 1690 by the interval DP, written out: O(n²) time, one row.
//! struct MyRolling;
//!
//! impl DpSolver<i64> for MyRolling {
//!     fn info(&self) -> VariantInfo {
//!         VariantInfo::beside(DpFamily::EndsRemainder, "my-rolling", Order::QUADRATIC, Order::LINEAR)
//!             .with_table(TableSize::array(Order::LINEAR).times(2)) // dp and prefix rows
//!     }
//!     fn value(&self, stones: &[i64], _budget: Budget) -> Result<i64> {
//!         // (Checks of overflow and of the budget left out: see
//!         // examples/dp_own_variant.rs for a variant that has them.)
//!         let n = stones.len();
//!         let mut prefix = vec![0; n + 1];
//!         for i in 0..n {
//!             prefix[i + 1] = prefix[i] + stones[i];
//!         }
//!         let mut dp = vec![0; n];
//!         for i in (0..n).rev() {
//!             for j in i + 1..n {
//!                 dp[j] = (prefix[j + 1] - prefix[i + 1] - dp[j]).max(prefix[j] - prefix[i] - dp[j - 1]);
//!             }
//!         }
//!         Ok(dp.last().copied().unwrap_or(0))
//!     }
//! }
//!
//! let lineup = DpLineup::of(DpFamily::EndsRemainder).with(MyRolling);
//! let stones = [5i64, 3, 1, 4, 2];
//! for solver in lineup.solvers() {
//!     assert_eq!(solver.value(&stones, Budget::default())?, 6, "{}", solver.info().variant);
//! }
//! let report = lineup.report(1000).to_string();
//! assert!(report.contains("my-rolling: O(n^2) time, O(n) memory, 2000 cells (2n cells)"), "{report}");
//! # Ok::<(), stonegame::Error>(())
//! ```

use super::{DpFamily, DpGame, DpVariant, Ends, EndsRemainder, FrontDoubling, Order, Score};
use super::{StoneSplit, VariantCost};
use crate::{Budget, Result};
use std::borrow::Cow;
use std::fmt;

/// One way of computing a DP family's value, the crate's or your own: what
/// it is ([`VariantInfo`], as data) and the value it gives for some stones.
///
/// [`DpLineup`] holds any of them side by side (the built-in ones are
/// [`BuiltInVariant`]s); the variants bench (`benches/dp_variants.rs`,
/// `benches/dp_own_variant.rs`) times every solver of a lineup the same way:
/// `value` on the stones, construction included.
///
/// `value` must give the family's value (every variant of a family agrees),
/// refuse what it cannot do with a [`crate::Error`] rather than panic, and
/// heed `budget` as the built-in variants do (tables checked with
/// [`Budget::check_elements`], work known in advance with
/// [`Budget::work_or`]). A built-in variant also stops when the budget's
/// [`Control`](crate::control::Control) is cancelled; a variant of your own
/// does the same by asking the budget's control
/// ([`Budget::control`](crate::Budget::control), then
/// [`Control::check_cancelled`](crate::control::Control::check_cancelled)
/// every row of its table).
///
/// # Example
/// ```
/// use stonegame::scoring::{DpSolver, Order, VariantInfo};
/// use stonegame::{Budget, Result};
///
/// /// A family of its own: the largest stone, in one pass.
/// struct Largest;
/// impl DpSolver<i64> for Largest {
///     fn info(&self) -> VariantInfo {
///         VariantInfo::new("Largest", "the largest stone", "scan", Order::LINEAR, Order::CONSTANT)
///     }
///     fn value(&self, stones: &[i64], _: Budget) -> Result<i64> {
///         Ok(stones.iter().copied().max().unwrap_or(0))
///     }
/// }
/// assert_eq!(Largest.value(&[3, 9, 4], Budget::default())?, 9);
/// assert_eq!(Largest.info().to_string(), "scan: O(n) time, O(1) memory");
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DpSolver<T: Score>: Send + Sync {
    /// What the variant is: its family, its name, how its time and memory
    /// grow, its tables.
    fn info(&self) -> VariantInfo;

    /// The family's value of `stones` by this variant, within `budget`.
    fn value(&self, stones: &[T], budget: Budget) -> Result<T>;
}

/// A DP variant described as data: the family it belongs to, its name, how
/// its time and memory grow with the number of stones n, and its tables.
///
/// Displayed as the [`costs`](DpLineup::costs) report lists it:
/// `rolling: O(n^2) time, O(n) memory`.
///
/// # Example
/// ```
/// use stonegame::scoring::{BuiltInVariant, DpFamily, DpSolver, DpVariant, Order, TableSize, VariantInfo};
///
/// let mine = VariantInfo::beside(DpFamily::EndsRemainder, "my-rolling", Order::QUADRATIC, Order::LINEAR);
/// assert_eq!((mine.family.as_ref(), mine.game.as_ref()), ("EndsRemainder", "Stone Game VII (LeetCode 1690)"));
/// assert_eq!(mine.table, TableSize::array(Order::LINEAR));
///
/// let theirs = DpSolver::<i64>::info(&BuiltInVariant::new(DpFamily::EndsRemainder, DpVariant::Rolling)?);
/// assert_eq!((theirs.family, theirs.time, theirs.memory), (mine.family, mine.time, mine.memory));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct VariantInfo {
    /// The family's key: variants with the same key are compared with each
    /// other (the bench's group `dp-<key>`). A built-in family's is
    /// [`DpFamily::key`] (`"EndsRemainder"`).
    pub family: Cow<'static, str>,
    /// The family's game, for people ([`DpFamily::name`] for a built-in one).
    pub game: Cow<'static, str>,
    /// The variant's name, kebab-case by convention (`"length-major"`).
    pub variant: Cow<'static, str>,
    /// How its running time grows.
    pub time: Order,
    /// How the memory it allocates grows (the stones themselves not counted).
    pub memory: Order,
    /// Its tables, to size them at a given n ([`TableSize::cells_at`]).
    pub table: TableSize,
}

impl VariantInfo {
    /// A variant of a family of your own, keyed `family` and describing the
    /// game `game`; its table is one array growing as `memory`
    /// ([`VariantInfo::with_table`] says more).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, VariantInfo};
    /// let info = VariantInfo::new("Merge", "Stone merging", "knuth", Order::QUADRATIC, Order::QUADRATIC);
    /// assert_eq!(info.table.cells_at(100), 10_000);
    /// ```
    pub fn new(
        family: impl Into<Cow<'static, str>>,
        game: impl Into<Cow<'static, str>>,
        variant: impl Into<Cow<'static, str>>,
        time: Order,
        memory: Order,
    ) -> Self {
        VariantInfo {
            family: family.into(),
            game: game.into(),
            variant: variant.into(),
            time,
            memory,
            table: TableSize::array(memory),
        }
    }

    /// A variant of a built-in family, to be compared with the crate's
    /// variants of it.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, Order, VariantInfo};
    /// let info = VariantInfo::beside(DpFamily::StoneSplit, "mine", Order::CUBIC, Order::QUADRATIC);
    /// assert_eq!(info.family, "StoneSplit");
    /// ```
    pub fn beside(
        family: DpFamily,
        variant: impl Into<Cow<'static, str>>,
        time: Order,
        memory: Order,
    ) -> Self {
        VariantInfo::new(family.key(), family.name(), variant, time, memory)
    }

    /// The same description with the tables `table`.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, Order, TableSize, VariantInfo};
    /// let info = VariantInfo::beside(DpFamily::Ends, "memo", Order::QUADRATIC, Order::QUADRATIC)
    ///     .with_table(TableSize::memo(Order::QUADRATIC).per(2));
    /// assert!(info.table.memo);
    /// ```
    pub fn with_table(self, table: TableSize) -> Self {
        VariantInfo { table, ..self }
    }

    /// The variant's name (its [`variant`](VariantInfo::variant) field), read
    /// as a built-in variant's is ([`DpVariant::name`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, Order, VariantInfo};
    /// let info = VariantInfo::beside(DpFamily::Ends, "mine", Order::QUADRATIC, Order::LINEAR);
    /// assert_eq!(info.name(), "mine");
    /// ```
    pub fn name(&self) -> &str {
        &self.variant
    }
}

impl fmt::Display for VariantInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} time, {} memory",
            self.variant, self.time, self.memory
        )
    }
}

/// How many cells a variant's tables hold at n stones, as data: about
/// `times` · n<sup>power</sup> / `per` of them, in arrays or in a memo of
/// positions (slower per cell: the bench stops memos sooner).
///
/// # Example
/// ```
/// use stonegame::scoring::{Order, TableSize};
/// let triangle = TableSize::array(Order::QUADRATIC).per(2); // n²/2 cells
/// assert_eq!(triangle.cells_at(4096), 8_388_608);
/// assert_eq!(triangle.to_string(), "n^2/2 cells");
/// assert_eq!(TableSize::array(Order::LINEAR).times(2).to_string(), "2n cells");
/// assert_eq!(TableSize::memo(Order::QUADRATIC).per(2).to_string(), "n^2/2 memo entries");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TableSize {
    /// How the cell count grows.
    pub cells: Order,
    /// The cells are `times` · n<sup>power</sup> / `per` (both at least 1).
    pub times: u32,
    /// See [`TableSize::times`].
    pub per: u32,
    /// Kept in a memo of positions rather than arrays.
    pub memo: bool,
}

impl TableSize {
    /// Arrays of about n<sup>power</sup> cells.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, TableSize};
    /// assert_eq!(TableSize::array(Order::LINEAR).cells_at(10), 10);
    /// ```
    pub const fn array(cells: Order) -> Self {
        TableSize {
            cells,
            times: 1,
            per: 1,
            memo: false,
        }
    }

    /// A memo of about n<sup>power</sup> positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, TableSize};
    /// assert!(TableSize::memo(Order::QUADRATIC).memo);
    /// ```
    pub const fn memo(cells: Order) -> Self {
        TableSize {
            memo: true,
            ..TableSize::array(cells)
        }
    }

    /// `times` as many cells (0 is taken as 1).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, TableSize};
    /// assert_eq!(TableSize::array(Order::LINEAR).times(3).cells_at(10), 30);
    /// ```
    pub const fn times(self, times: u32) -> Self {
        TableSize {
            times: if times == 0 { 1 } else { times },
            ..self
        }
    }

    /// A `per`-th as many cells (0 is taken as 1).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, TableSize};
    /// assert_eq!(TableSize::array(Order::CUBIC).per(6).cells_at(60), 36_000);
    /// ```
    pub const fn per(self, per: u32) -> Self {
        TableSize {
            per: if per == 0 { 1 } else { per },
            ..self
        }
    }

    /// The cells at `n` stones: `times` · n<sup>power</sup> / `per`, saturating.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Order, TableSize};
    /// assert_eq!(TableSize::array(Order::QUADRATIC).per(2).cells_at(1000), 500_000);
    /// assert_eq!(TableSize::array(Order::CONSTANT).cells_at(60), 1);
    /// ```
    pub fn cells_at(self, n: usize) -> u128 {
        let mut cells = u128::from(self.times.max(1));
        for _ in 0..self.cells.power() {
            cells = cells.saturating_mul(n as u128);
        }
        cells / u128::from(self.per.max(1))
    }
}

impl fmt::Display for TableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let times = match self.times {
            0 | 1 => String::new(),
            k => k.to_string(),
        };
        let growth = match (self.cells.power(), times.is_empty()) {
            (0, true) => "1".to_string(),
            (0, false) => times,
            (1, _) => format!("{times}n"),
            (p, _) => format!("{times}n^{p}"),
        };
        let per = match self.per {
            0 | 1 => String::new(),
            d => format!("/{d}"),
        };
        let what = if self.memo { "memo entries" } else { "cells" };
        write!(f, "{growth}{per} {what}")
    }
}

/// A built-in variant of a built-in family behind [`DpSolver`]: its
/// [`info`](DpSolver::info) is the family's [`costs`](DpFamily::costs) row
/// with its tables, its value the game's [`value_by`](DpGame::value_by)
/// (the game made from the stones first, as [`DpFamily::build`] does).
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::scoring::{BuiltInVariant, DpFamily, DpSolver, DpVariant};
///
/// let rolling = BuiltInVariant::new(DpFamily::EndsRemainder, DpVariant::Rolling)?;
/// assert_eq!(rolling.value(&[5i64, 3, 1, 4, 2], Budget::default())?, 6);
/// assert_eq!(DpSolver::<i64>::info(&rolling).to_string(), "rolling: O(n^2) time, O(n) memory");
/// // A variant the family lacks is refused, naming the ones it has.
/// assert!(BuiltInVariant::new(DpFamily::EndsRemainder, DpVariant::Linear).is_err());
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuiltInVariant {
    family: DpFamily,
    variant: DpVariant,
}

impl BuiltInVariant {
    /// `variant` of `family`; [`Error::InvalidParameter`](crate::Error::InvalidParameter)
    /// when the family has no such variant.
    pub fn new(family: DpFamily, variant: DpVariant) -> Result<Self> {
        if family.variants().contains(&variant) {
            Ok(BuiltInVariant { family, variant })
        } else {
            Err(family.unsupported(variant))
        }
    }

    /// The family.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{BuiltInVariant, DpFamily, DpVariant};
    /// let v = BuiltInVariant::new(DpFamily::Ends, DpVariant::Linear)?;
    /// assert_eq!((v.family(), v.variant()), (DpFamily::Ends, DpVariant::Linear));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn family(self) -> DpFamily {
        self.family
    }

    /// The variant.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{BuiltInVariant, DpFamily, DpVariant};
    /// let v = BuiltInVariant::new(DpFamily::StoneSplit, DpVariant::MonotoneSplit)?;
    /// assert_eq!(v.variant().name(), "monotone-split");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn variant(self) -> DpVariant {
        self.variant
    }

    /// The family's cost row of this variant.
    fn cost(self) -> VariantCost {
        *self
            .family
            .costs()
            .iter()
            .find(|cost| cost.variant == self.variant)
            .expect("BuiltInVariant::new admits only the family's variants")
    }
}

impl<T: Score> DpSolver<T> for BuiltInVariant {
    fn info(&self) -> VariantInfo {
        let cost = self.cost();
        VariantInfo::beside(self.family, self.variant.name(), cost.time, cost.memory)
            .with_table(built_in_table(self.family, self.variant))
    }

    fn value(&self, stones: &[T], budget: Budget) -> Result<T> {
        match self.family {
            DpFamily::Ends => Ends::from_values(stones, budget)?.value_by(self.variant),
            DpFamily::EndsRemainder => {
                EndsRemainder::from_values(stones, budget)?.value_by(self.variant)
            }
            DpFamily::FrontDoubling => {
                FrontDoubling::from_values(stones, budget)?.value_by(self.variant)
            }
            DpFamily::StoneSplit => StoneSplit::from_values(stones, budget)?.value_by(self.variant),
        }
    }
}

/// The tables of the built-in variants, to the leading term (the rows of
/// prefix sums and the like left out): every interval is n²/2 cells, the
/// take-up-to-2M table (n + 1)², its sliding windows n²/2 positions (i, M).
fn built_in_table(family: DpFamily, variant: DpVariant) -> TableSize {
    use DpVariant::*;
    const ROW: TableSize = TableSize::array(Order::LINEAR);
    const HALF_SQUARE: TableSize = TableSize::array(Order::QUADRATIC).per(2);
    match (family, variant) {
        (_, Memoised) => TableSize::memo(Order::QUADRATIC).per(2),
        (DpFamily::FrontDoubling, FullTable) => TableSize::array(Order::QUADRATIC),
        (_, FullTable | SlidingWindow | MonotoneSplit) => HALF_SQUARE,
        (_, Rolling | LengthMajor | Linear) => ROW,
    }
}

impl DpFamily {
    /// The family's key in a [`VariantInfo`] (and the variants bench's group
    /// `dp-<key>`): its Rust name.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::DpFamily;
    /// assert_eq!(DpFamily::EndsRemainder.key(), "EndsRemainder");
    /// ```
    pub fn key(self) -> &'static str {
        match self {
            DpFamily::Ends => "Ends",
            DpFamily::EndsRemainder => "EndsRemainder",
            DpFamily::FrontDoubling => "FrontDoubling",
            DpFamily::StoneSplit => "StoneSplit",
        }
    }

    /// The family's variants, slowest first, each a [`BuiltInVariant`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpVariant};
    /// let last = DpFamily::StoneSplit.built_in().last().copied().unwrap();
    /// assert_eq!(last.variant(), DpVariant::MonotoneSplit);
    /// ```
    pub fn built_in(self) -> Vec<BuiltInVariant> {
        self.variants()
            .iter()
            .map(|&variant| BuiltInVariant {
                family: self,
                variant,
            })
            .collect()
    }
}

/// DP variants side by side, the crate's and your own, in the order they
/// were added: what the variants bench times and what
/// [`costs`](DpLineup::costs) and [`report`](DpLineup::report) list.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::scoring::{DpFamily, DpLineup};
///
/// let lineup = DpLineup::<i64>::built_in();
/// assert_eq!(lineup.families(), ["Ends", "EndsRemainder", "FrontDoubling", "StoneSplit"]);
/// // Every variant of a family gives the same value.
/// for family in lineup.families() {
///     let values: Vec<i64> = lineup
///         .in_family(&family)
///         .map(|solver| solver.value(&[6, 2, 3, 4, 5, 5], Budget::default()))
///         .collect::<stonegame::Result<_>>()?;
///     assert!(values.windows(2).all(|pair| pair[0] == pair[1]), "{family}: {values:?}");
/// }
/// # Ok::<(), stonegame::Error>(())
/// ```
pub struct DpLineup<T: Score> {
    solvers: Vec<Box<dyn DpSolver<T>>>,
}

impl<T: Score> DpLineup<T> {
    /// No variants yet.
    ///
    /// # Example
    /// ```
    /// assert!(stonegame::scoring::DpLineup::<i64>::new().solvers().is_empty());
    /// ```
    pub fn new() -> Self {
        DpLineup {
            solvers: Vec::new(),
        }
    }

    /// Every built-in variant of every family ([`DpFamily::ALL`], each
    /// family's slowest first).
    ///
    /// # Example
    /// ```
    /// let lineup = stonegame::scoring::DpLineup::<i64>::built_in();
    /// assert_eq!(lineup.solvers().len(), 15);
    /// ```
    pub fn built_in() -> Self {
        DpFamily::ALL
            .into_iter()
            .fold(DpLineup::new(), |lineup, family| lineup.with_family(family))
    }

    /// The built-in variants of one family.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// assert_eq!(DpLineup::<i64>::of(DpFamily::EndsRemainder).solvers().len(), 4);
    /// ```
    pub fn of(family: DpFamily) -> Self {
        DpLineup::new().with_family(family)
    }

    /// This lineup and `family`'s built-in variants.
    fn with_family(mut self, family: DpFamily) -> Self {
        for variant in family.built_in() {
            self.push(Box::new(variant));
        }
        self
    }

    /// This lineup and `solver` after the others.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{BuiltInVariant, DpFamily, DpLineup, DpVariant};
    /// let lineup = DpLineup::<i64>::new()
    ///     .with(BuiltInVariant::new(DpFamily::Ends, DpVariant::Linear)?);
    /// assert_eq!(lineup.costs()[0].variant, "linear");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with(mut self, solver: impl DpSolver<T> + 'static) -> Self {
        self.push(Box::new(solver));
        self
    }

    /// Adds `solver` after the others.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{BuiltInVariant, DpFamily, DpLineup, DpVariant};
    /// let mut lineup = DpLineup::<i64>::new();
    /// lineup.push(Box::new(BuiltInVariant::new(DpFamily::Ends, DpVariant::Rolling)?));
    /// assert_eq!(lineup.solvers().len(), 1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn push(&mut self, solver: Box<dyn DpSolver<T>>) {
        self.solvers.push(solver);
    }

    /// Every solver, in the order added.
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// let lineup = DpLineup::<i64>::of(DpFamily::Ends);
    /// for solver in lineup.solvers() {
    ///     assert_eq!(solver.value(&[4, 5, 3, 1, 2], Budget::default())?, 1);
    /// }
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solvers(&self) -> &[Box<dyn DpSolver<T>>] {
        &self.solvers
    }

    /// The families' keys, each once, in the order their first variant was
    /// added.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// assert_eq!(DpLineup::<i64>::of(DpFamily::StoneSplit).families(), ["StoneSplit"]);
    /// ```
    pub fn families(&self) -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        for solver in &self.solvers {
            let key = solver.info().family;
            if !keys.iter().any(|k| *k == key) {
                keys.push(key.into_owned());
            }
        }
        keys
    }

    /// The solvers of the family keyed `family`, in the order added.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// assert_eq!(DpLineup::<i64>::built_in().in_family("FrontDoubling").count(), 3);
    /// ```
    pub fn in_family<'a>(&'a self, family: &'a str) -> impl Iterator<Item = &'a dyn DpSolver<T>> {
        self.solvers
            .iter()
            .filter(move |solver| solver.info().family == family)
            .map(|solver| solver.as_ref())
    }

    /// Every variant's description, in the order added: for the built-in
    /// variants of a family, its [`DpFamily::costs`] rows in order.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// let costs = DpLineup::<i64>::of(DpFamily::Ends).costs();
    /// assert!(costs.iter().map(|c| c.variant.as_ref()).eq(["memoised", "full-table", "rolling", "length-major", "linear"]));
    /// ```
    pub fn costs(&self) -> Vec<VariantInfo> {
        self.solvers.iter().map(|solver| solver.info()).collect()
    }

    /// The costs as a report for people, family by family, with each
    /// variant's tables sized at `n` stones (see [`CostReport`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// let report = DpLineup::<i64>::of(DpFamily::EndsRemainder).report(1024).to_string();
    /// assert!(report.starts_with("Stone Game VII (LeetCode 1690) [EndsRemainder], n = 1024:\n"));
    /// assert!(report.contains("  length-major: O(n^2) time, O(n) memory, 1024 cells (n cells)\n"));
    /// ```
    pub fn report(&self, n: usize) -> CostReport {
        CostReport {
            n,
            rows: self.costs(),
        }
    }
}

impl<T: Score> Default for DpLineup<T> {
    fn default() -> Self {
        DpLineup::new()
    }
}

impl<T: Score> fmt::Debug for DpLineup<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.costs()).finish()
    }
}

/// The [`costs`](DpLineup::costs) of a lineup for people: a heading per
/// family (its game, its key, the n the tables are sized at), then a line per
/// variant (`rolling: O(n^2) time, O(n) memory, 1024 cells (n cells)` at n = 1024).
///
/// # Example
/// ```
/// use stonegame::scoring::{DpFamily, DpLineup};
/// let report = DpLineup::<i64>::of(DpFamily::Ends).report(100);
/// assert_eq!(report.rows().len(), 5);
/// print!("{report}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostReport {
    n: usize,
    rows: Vec<VariantInfo>,
}

impl CostReport {
    /// The variants listed, in the lineup's order.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup, Order};
    /// let report = DpLineup::<i64>::of(DpFamily::FrontDoubling).report(10);
    /// assert_eq!(report.rows()[0].time, Order::CUBIC);
    /// ```
    pub fn rows(&self) -> &[VariantInfo] {
        &self.rows
    }

    /// The number of stones the tables are sized at.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpFamily, DpLineup};
    /// assert_eq!(DpLineup::<i64>::of(DpFamily::Ends).report(64).n(), 64);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }
}

impl fmt::Display for CostReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut families: Vec<&VariantInfo> = Vec::new();
        for row in &self.rows {
            if !families.iter().any(|first| first.family == row.family) {
                families.push(row);
            }
        }
        for first in families {
            writeln!(f, "{} [{}], n = {}:", first.game, first.family, self.n)?;
            for row in self.rows.iter().filter(|row| row.family == first.family) {
                let what = if row.table.memo {
                    "memo entries"
                } else {
                    "cells"
                };
                let cells = row.table.cells_at(self.n);
                writeln!(f, "  {row}, {cells} {what} ({})", row.table)?;
            }
        }
        Ok(())
    }
}
