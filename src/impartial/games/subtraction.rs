// Why this file is long (about 1,500 lines): the subtraction family as users
// meet it, a finite set (tables, exact period, window recurrence) and a rule
// of their own (SubtractionRule), shares the period search and the work
// charges; about 520 lines are doc comments with runnable examples. The rule
// could move to a sibling file if the family grows.
//! Subtraction games: a move takes `s` stones from one heap, `s` from a move set.
//!
//! [`SubtractionSet`] is a finite set (AtCoder Educational DP Contest K
//! "Stones" is one heap of it). Its Grundy sequence is eventually periodic and
//! [`SubtractionSet::periodicity`] finds the least preperiod and period
//! exactly, so [`Subtraction`] answers heaps up to `u64::MAX` from one
//! period. [`SubtractionRule`] takes any move rule from the user (e.g.
//! subtract a square, LeetCode 1510) and is solved by tables or the generic
//! solver.

use crate::budget::try_reserve;
use crate::control::Watch;
use crate::impartial::HeapMove;
use crate::impartial::ImpartialGame;
use crate::impartial::boxes::{BallBox, Boxes};
use crate::impartial::grundy::{GrundySolver, heap_table, table_len};
use crate::impartial::line::{LinePlay, play_line, reply_from_largest};
use crate::impartial::misere::{ExactSearch, Run};
use crate::impartial::nim::largest_heap_reply;
use crate::impartial::periodic::{Periodicity, RecurrenceRule, WindowRecurrence};
use crate::impartial::runs::{RunRule, RunSequence};
use crate::impartial::sum::{self, SumMove};
use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};
use std::borrow::Borrow;
use std::ops::ControlFlow;

/// A finite set of positive amounts that a move may subtract from a heap.
///
/// # Example
/// ```
/// use stonegame::impartial::subtraction::SubtractionSet;
///
/// let set = SubtractionSet::new([3, 1, 3]).unwrap();
/// assert_eq!(set.moves(), &[1, 3]);
/// assert!(SubtractionSet::new([0u64; 0]).is_err());
/// assert!(SubtractionSet::new([0, 2]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    moves: Vec<u64>,
}

impl SubtractionSet {
    /// A set from the given amounts (sorted, duplicates removed). Errors: an
    /// empty set, or an amount of 0 (a move must take at least one stone).
    ///
    /// The amounts come from any iterable of `u64` or `&u64`: an array, a
    /// range, an iterator, a vector or a borrowed slice the caller keeps.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::new([2, 3]).unwrap().max(), 3);
    /// let amounts = vec![1u64, 3, 4];
    /// assert_eq!(SubtractionSet::new(&amounts)?.moves(), &amounts[..]); // borrowed, still the caller's
    /// assert_eq!(SubtractionSet::new(1..=3u64)?.max(), 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(moves: impl IntoIterator<Item = impl Borrow<u64>>) -> Result<Self> {
        let mut moves: Vec<u64> = moves.into_iter().map(|m| *m.borrow()).collect();
        moves.sort_unstable();
        moves.dedup();
        if moves.is_empty() {
            return Err(Error::InvalidParameter {
                name: "subtraction set",
                reason: "the set is empty; give at least one amount".to_string(),
            });
        }
        if moves[0] == 0 {
            return Err(Error::InvalidParameter {
                name: "subtraction set",
                reason: "it contains 0; every move must take at least 1 stone".to_string(),
            });
        }
        Ok(Self { moves })
    }

    /// The amounts, increasing.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::new([4, 1]).unwrap().moves(), &[1, 4]);
    /// ```
    pub fn moves(&self) -> &[u64] {
        &self.moves
    }

    /// The smallest amount (heaps below it have no move).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::new([4, 2]).unwrap().min(), 2);
    /// ```
    pub fn min(&self) -> u64 {
        self.moves[0]
    }

    /// The largest amount: the window of the Grundy recurrence.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::new([4, 2]).unwrap().max(), 4);
    /// ```
    pub fn max(&self) -> u64 {
        self.moves[self.moves.len() - 1]
    }

    /// `Some(a)` when the set is exactly `{1, …, a}`: the game is then a box with
    /// bound `a` (see [`super::boxes`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::new([1, 2, 3]).unwrap().as_box_bound(), Some(3));
    /// assert_eq!(SubtractionSet::new([1, 3]).unwrap().as_box_bound(), None);
    /// ```
    pub fn as_box_bound(&self) -> Option<u64> {
        (self.moves.len() as u64 == self.max()).then_some(self.max())
    }

    /// Grundy values `G(0..=upto)` by the dense bottom-up table.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionSet, Budget, Nimber};
    /// let t = SubtractionSet::new([2, 3]).unwrap().grundy_table(6, Budget::default()).unwrap();
    /// assert_eq!(t.iter().map(|g| g.0).collect::<Vec<_>>(), [0, 0, 1, 1, 2, 0, 0]);
    /// ```
    pub fn grundy_table(&self, upto: u64, budget: Budget) -> Result<Vec<Nimber>> {
        let len = table_len(upto, budget, std::mem::size_of::<u32>(), "Grundy table")?;
        let units = match self.max() {
            0..=128 => GRUNDY_MASK_UNITS,
            max => crate::impartial::periodic::units_per_value(max, self.moves.len()),
        };
        self.charge_table(len, units, "Grundy table", budget)?;
        let watch = budget.watch("subtraction Grundy table", Some(len as u64 * units));
        watch.check()?;
        let mut rule = self.grundy_rule()?;
        let mut values: Vec<u32> = Vec::new();
        try_reserve(&mut values, len, "Grundy table", budget)?;
        for start in (0..len).step_by(TABLE_BLOCK) {
            watch.poll(start as u64 * units)?;
            for _ in start..len.min(start + TABLE_BLOCK) {
                let next = rule(&values);
                values.push(next);
            }
        }
        let mut nimbers = Vec::new();
        try_reserve(&mut nimbers, len, "Grundy table", budget)?;
        nimbers.extend(values.into_iter().map(|g| Nimber(u64::from(g))));
        Ok(nimbers)
    }

    /// Win/lose table of single heaps `0..=upto` under `convention`
    /// (`First`: the player to move wins). The fastest path for one heap.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionSet, Convention, Budget, Outcome};
    ///
    /// // AtCoder Educational DP Contest K, sample 1: A = {2, 3}, K = 4.
    /// let t = SubtractionSet::new([2, 3]).unwrap()
    ///     .outcome_table(4, Convention::Normal, Budget::default()).unwrap();
    /// assert_eq!(t[4], Outcome::First);
    /// ```
    pub fn outcome_table(
        &self,
        upto: u64,
        convention: Convention,
        budget: Budget,
    ) -> Result<Vec<Outcome>> {
        let len = table_len(upto, budget, std::mem::size_of::<bool>(), "win/lose table")?;
        let units = match self.max() {
            0..=128 => LOSS_BIT_UNITS,
            max => crate::impartial::periodic::units_per_value(max, self.moves.len()),
        };
        self.charge_table(len, units, "win/lose table", budget)?;
        let watch = budget.watch("subtraction win/lose table", Some(len as u64 * units));
        watch.check()?;
        let terminal_wins = convention == Convention::Misere;
        let mut wins: Vec<bool> = Vec::new();
        try_reserve(&mut wins, len, "win/lose table", budget)?;
        if self.max() <= 128 {
            self.fill_outcomes_by_mask(len, terminal_wins, &mut wins, (&watch, units))?;
        }
        while wins.len() < len {
            watch.poll(wins.len() as u64 * units)?;
            for n in wins.len()..len.min(wins.len() + TABLE_BLOCK) {
                let win = if (n as u64) < self.min() {
                    terminal_wins
                } else {
                    self.moves
                        .iter()
                        .take_while(|&&s| s <= n as u64)
                        .any(|&s| !wins[n - s as usize])
                };
                wins.push(win);
            }
        }
        let mut outcomes = Vec::new();
        try_reserve(&mut outcomes, len, "win/lose table", budget)?;
        outcomes.extend(
            wins.into_iter()
                .map(|w| if w { Outcome::First } else { Outcome::Second }),
        );
        Ok(outcomes)
    }

    /// Charges a table of `len` heaps at `units` a heap against the work cap
    /// ([`WindowRecurrence::DEFAULT_WORK`] unless [`Budget::with_work`] sets one),
    /// before any of it is computed.
    fn charge_table(&self, len: usize, units: u64, what: &str, budget: Budget) -> Result<()> {
        crate::budget::charge_up_front(
            budget,
            WindowRecurrence::DEFAULT_WORK,
            (len as u128).saturating_mul(u128::from(units)),
            || format!("subtraction {}: {what} of {len} heaps", set_label(self)),
        )
    }

    /// Win/lose of heaps `0..len` for sets within 1..=128, O(1) per heap: a
    /// 128-bit circular mask marks which of the last 128 heaps are losses.
    /// `watch` is shown `units` steps a heap, once a block of heaps.
    fn fill_outcomes_by_mask(
        &self,
        len: usize,
        terminal_wins: bool,
        wins: &mut Vec<bool>,
        (watch, units): (&Watch, u64),
    ) -> Result<()> {
        let targets_at_zero = self.moves.iter().fold(0u128, |mask, &s| {
            mask | 1u128.rotate_left((128 - s as u32) % 128)
        });
        let mut losing = 0u128;
        for start in (0..len).step_by(TABLE_BLOCK) {
            watch.poll(start as u64 * units)?;
            for n in start..len.min(start + TABLE_BLOCK) {
                let win = if (n as u64) < self.min() {
                    terminal_wins
                } else {
                    losing & targets_at_zero.rotate_left((n % 128) as u32) != 0
                };
                let bit = 1u128 << (n % 128);
                losing = if win { losing & !bit } else { losing | bit };
                wins.push(win);
            }
        }
        Ok(())
    }

    /// The exact least preperiod and period of the Grundy sequence.
    ///
    /// Errors: [`Error::NoPeriodWithinBudget`] when the period is not found
    /// before the search uses the whole budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionSet, Budget};
    /// let p = SubtractionSet::new([1, 4]).unwrap().periodicity(Budget::default()).unwrap();
    /// assert_eq!((p.preperiod(), p.period()), (0, 5)); // 0 1 0 1 2 | 0 1 0 1 2 …
    /// ```
    pub fn periodicity(&self, budget: Budget) -> Result<Periodicity> {
        self.grundy_recurrence(budget)?.periodicity()
    }

    /// The Grundy sequence as a lazily computed [`WindowRecurrence`].
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionSet, Budget};
    /// let mut r = SubtractionSet::new([1, 2]).unwrap().grundy_recurrence(Budget::default()).unwrap();
    /// assert_eq!(r.value(10u64.pow(18)).unwrap(), (10u64.pow(18) % 3) as u32);
    /// ```
    pub fn grundy_recurrence(&self, budget: Budget) -> Result<WindowRecurrence<'static>> {
        Ok(
            WindowRecurrence::new(self.max(), self.grundy_rule()?, budget)?
                .with_value_cost(self.moves.len()),
        )
    }

    /// The single-heap misère outcomes (1: the player to move wins) as a
    /// lazily computed [`WindowRecurrence`].
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionSet, Budget};
    /// // Take 1 or 2, last stone loses: heaps 1, 4, 7, … lose.
    /// let mut r = SubtractionSet::new([1, 2]).unwrap().misere_recurrence(Budget::default()).unwrap();
    /// assert_eq!(r.value(7).unwrap(), 0);
    /// assert_eq!(r.value(8).unwrap(), 1);
    /// ```
    pub fn misere_recurrence(&self, budget: Budget) -> Result<WindowRecurrence<'static>> {
        let moves = self.moves.clone();
        let min = self.min();
        let rule = move |values: &[u32]| {
            let n = values.len() as u64;
            let wins = if n < min {
                true
            } else {
                moves
                    .iter()
                    .take_while(|&&s| s <= n)
                    .any(|&s| values[(n - s) as usize] == 0)
            };
            u32::from(wins)
        };
        Ok(WindowRecurrence::new(self.max(), Box::new(rule), budget)?
            .with_value_cost(self.moves.len()))
    }

    /// `G(n)` from the values before it: the mex over the moves that fit.
    /// Must be called once per index, in order (the fast rule keeps state).
    fn grundy_rule(&self) -> Result<RecurrenceRule<'static>> {
        if self.max() <= 128 {
            Ok(Box::new(self.small_grundy_rule()))
        } else {
            Ok(Box::new(self.general_grundy_rule()?))
        }
    }

    /// The rule for sets within 1..=128: one 128-bit circular mask per Grundy
    /// value marks which of the last 128 heaps have that value, so value `g`
    /// is excluded when its mask meets the (rotated) mask of move targets.
    fn small_grundy_rule(&self) -> impl FnMut(&[u32]) -> u32 + Send + Sync + 'static {
        // Bit (128 - s) mod 128: heap n - s sits at bit (n - s) mod 128 after rotating by n.
        let targets_at_zero = self.moves.iter().fold(0u128, |mask, &s| {
            mask | 1u128.rotate_left((128 - s as u32) % 128)
        });
        let mut by_value: Vec<u128> = vec![0; self.moves.len() + 2];
        move |values: &[u32]| {
            let n = values.len();
            // Before heap 128 the bits of negative heaps are still clear, so moves
            // that do not fit see no value.
            let targets = targets_at_zero.rotate_left((n % 128) as u32);
            let mut mex = 0;
            while by_value[mex] & targets != 0 {
                mex += 1;
            }
            let bit = 1u128 << (n % 128);
            if n >= 128 {
                by_value[values[n - 128] as usize] &= !bit;
            }
            by_value[mex] |= bit;
            mex as u32
        }
    }

    fn general_grundy_rule(&self) -> Result<impl FnMut(&[u32]) -> u32 + Send + Sync + 'static> {
        // A Grundy value is at most the number of options, so it fits the
        // stamp array and a u32.
        let options = u32::try_from(self.moves.len()).map_err(|_| Error::SizeLimitExceeded {
            what: "number of amounts in a subtraction set",
            value: self.moves.len() as u128,
            limit: u32::MAX as u128,
        })?;
        let moves = self.moves.clone();
        let mut stamps: Vec<u64> = vec![0; options as usize + 2];
        let mut stamp = 0u64;
        Ok(move |values: &[u32]| {
            let n = values.len() as u64;
            // Values below 64 (nearly all) go to a bit mask; larger ones to stamps.
            let mut small = 0u64;
            let mut any_large = false;
            stamp += 1;
            for &s in moves.iter().take_while(|&&s| s <= n) {
                let value = values[(n - s) as usize];
                if value < 64 {
                    small |= 1 << value;
                } else {
                    any_large = true;
                    stamps[value as usize] = stamp;
                }
            }
            let mut mex = small.trailing_ones() as usize;
            if mex == 64 && any_large {
                while stamps[mex] == stamp {
                    mex += 1;
                }
            }
            mex as u32
        })
    }
}

impl ImpartialGame for SubtractionSet {
    type Position = u64;

    fn for_each_option(
        &self,
        heap: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &s in self.moves.iter().take_while(|&&s| s <= *heap) {
            visit(&[heap - s])?;
        }
        ControlFlow::Continue(())
    }
}

/// A subtraction game: the rules (a [`SubtractionSet`] and the play
/// convention), and the solver of any sum of heaps, each up to `u64::MAX`.
/// It keeps its tables between calls, so asking many positions of one game
/// shares the work.
///
/// How it answers: one playable heap of a set within 1..=128, either
/// convention: the loss bits of single heaps and their own exact period
/// (cheaper than Grundy values). Normal play: XOR of Grundy values from the
/// exact period. Misère play: when the set is `{1..a}`, the proven boxes
/// rule; a single heap (others being unplayable), the exact misère period;
/// otherwise [`ExactSearch`] over the sum, which refuses sums too large to
/// search rather than guessing. A set whose largest amounts are far above the
/// rest (above 2^16, at least 4 times the next smaller; Codeforces 1194D's
/// `{1, 2, k}`) keeps its Grundy and misère sequences as periodic runs, so the
/// huge amount costs neither memory nor time (the impartial guide, [theory](crate::guide::impartial#theory-and-algorithms), "Huge moves").
///
/// # Example
/// ```
/// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
/// use stonegame::{Convention, Outcome};
///
/// // AtCoder Educational DP Contest K "Stones": A = {2, 3}, K = 4.
/// let mut game = Subtraction::new(SubtractionSet::new([2, 3])?);
/// assert_eq!(game.outcome(&[4])?, Outcome::First);
/// let heaps = [1_000_000_000_000_000_000, 12_345];
/// let solution = game.solve(&heaps)?;
/// assert_eq!(solution.outcome() == Outcome::First, solution.best_move().is_some());
///
/// let mut misere = Subtraction::new(SubtractionSet::new([2, 3])?).with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&[1])?, Outcome::First);
///
/// // Codeforces 1194D "1-2-K Game": k = 10^9 (a multiple of 3 plus 1) costs no more than k = 4.
/// let mut one_two_k = Subtraction::new(SubtractionSet::new([1, 2, 1_000_000_000])?);
/// assert_eq!(one_two_k.outcome(&[999_999_999])?, Outcome::Second); // 3 divides n
/// # Ok::<(), stonegame::Error>(())
/// ```
pub struct Subtraction {
    set: SubtractionSet,
    convention: Convention,
    budget: Budget,
    /// Built on first use, within `budget`.
    tables: Option<Tables>,
    search: ExactSearch,
    /// The exact misère search of the sum being played out by `solve`, kept
    /// across the moves of its line.
    line_search: Option<Run<SubtractionSet>>,
}

/// A copy of the rules, convention and budget, with no table: the copy
/// computes its own on first use (the tables hold the period searches'
/// recurrence closures, which cannot be copied).
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl Clone for Subtraction {
    fn clone(&self) -> Self {
        Self::new(self.set.clone())
            .with_convention(self.convention)
            .with_budget(self.budget)
    }
}

/// The rules, the convention, the budget and whether the tables are built.
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl std::fmt::Debug for Subtraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subtraction")
            .field("set", &self.set)
            .field("convention", &self.convention)
            .field("budget", &self.budget)
            .field("tables_built", &self.tables.is_some())
            .finish()
    }
}

/// A work-cap refusal (the exact misère search, the single-heap loss bits)
/// with the game named: the convention and the set, cut after a few amounts
/// so the message stays short.
#[cfg(not(stonegame_bundle))]
fn named_refusal(error: Error, set: &SubtractionSet, convention: Convention) -> Error {
    let misere = match convention {
        Convention::Misere => "misère ",
        Convention::Normal => "",
    };
    match error {
        Error::WorkLimitExceeded { what, steps } => Error::WorkLimitExceeded {
            what: format!("{misere}subtraction {}: {what}", set_label(set)),
            steps,
        },
        other => other,
    }
}

/// A contest bundle leaves refusals unnamed (a smaller submission).
#[cfg(stonegame_bundle)]
fn named_refusal(error: Error, _: &SubtractionSet, _: Convention) -> Error {
    error
}

/// `S = {…}`, cut after four amounts so that a message stays short.
#[cfg(not(stonegame_bundle))]
fn set_label(set: &SubtractionSet) -> String {
    let moves = set.moves();
    let shown: Vec<String> = moves.iter().take(4).map(u64::to_string).collect();
    let more = if moves.len() > 4 {
        format!(",… ({} amounts)", moves.len())
    } else {
        String::new()
    };
    format!("S = {{{}{more}}}", shown.join(","))
}

/// Amounts up to this are left to the window search whatever the set's shape:
/// it is cheap there (milliseconds to a few seconds), and faster than the runs
/// for sets with several mid-size amounts.
const RUNS_ABOVE: u64 = 1 << 16;

/// Whether the window search can hold two windows of `set` within `budget`
/// (else it could never find a period, and the runs' refusal stands).
fn window_may_repeat(set: &SubtractionSet, budget: Budget) -> bool {
    u128::from(set.max()).saturating_mul(2 * 12) <= budget.bytes()
}

/// One sequence of a set: the plain window search, or periodic runs when a
/// few moves are far larger than the rest (see [`crate::impartial::runs`]).
enum Sequence {
    Window(WindowRecurrence<'static>),
    Runs {
        runs: RunSequence,
        set: SubtractionSet,
        rule: RunRule,
        budget: Budget,
    },
}

impl Sequence {
    fn new(set: &SubtractionSet, rule: RunRule, budget: Budget) -> Result<Self> {
        if set.max() > RUNS_ABOVE {
            if let Some(runs) = RunSequence::new(set.moves(), rule, budget) {
                return Ok(Self::Runs {
                    runs,
                    set: set.clone(),
                    rule,
                    budget,
                });
            }
        }
        Self::window(set, rule, budget)
    }

    fn window(set: &SubtractionSet, rule: RunRule, budget: Budget) -> Result<Self> {
        Ok(Self::Window(match rule {
            RunRule::Mex => set.grundy_recurrence(budget)?,
            RunRule::MisereWin => set.misere_recurrence(budget)?,
        }))
    }

    fn value(&mut self, n: u64) -> Result<u32> {
        match self {
            Self::Window(recurrence) => recurrence.value(n),
            Self::Runs {
                runs,
                set,
                rule,
                budget,
            } => match runs.value(n) {
                // Runs that multiply past the budget or the work cap: the
                // window search, which answers whenever the period fits.
                Err(Error::MemoryBudgetExceeded { .. } | Error::WorkLimitExceeded { .. })
                    if window_may_repeat(set, *budget) =>
                {
                    let (set, rule, budget) = (set.clone(), *rule, *budget);
                    *self = Self::window(&set, rule, budget)?;
                    self.value(n)
                }
                answer => answer,
            },
        }
    }
}

/// The sequences a [`Subtraction`] computes as it is asked.
struct Tables {
    normal: Sequence,
    misere: Sequence,
    /// Single-heap outcomes as bits, for sets within 1..=128 (the fast path).
    normal_losses: Option<LossBits>,
    misere_losses: Option<LossBits>,
}

impl Tables {
    fn new(set: &SubtractionSet, budget: Budget) -> Result<Self> {
        Ok(Self {
            normal: Sequence::new(set, RunRule::Mex, budget)?,
            misere: Sequence::new(set, RunRule::MisereWin, budget)?,
            normal_losses: LossBits::new(set, Convention::Normal, budget),
            misere_losses: LossBits::new(set, Convention::Misere, budget),
        })
    }
}

impl Subtraction {
    /// The game of `set` under normal play, with the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::new([1])?);
    /// assert_eq!(game.set().moves(), &[1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(set: SubtractionSet) -> Self {
        Self {
            set,
            convention: Convention::Normal,
            budget: Budget::default(),
            tables: None,
            search: ExactSearch::new(),
            line_search: None,
        }
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::{Convention, Outcome};
    /// // Take 1 or 2, last stone loses: heaps 1, 4, 7, … lose.
    /// let mut game = Subtraction::new(SubtractionSet::new([1, 2])?).with_convention(Convention::Misere);
    /// assert_eq!(game.outcome(&[7])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The same game with its tables and searches limited to `budget`
    /// (tables computed so far are dropped).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::{Budget, Error};
    /// let mut game = Subtraction::new(SubtractionSet::new([1, 40])?).with_budget(Budget::from_bytes(300));
    /// assert!(matches!(game.grundy(10_000), Err(Error::NoPeriodWithinBudget { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            tables: None,
            search: self.search.with_budget(budget),
            ..self
        }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::Budget;
    /// let game = Subtraction::new(SubtractionSet::new([1])?).with_budget(Budget::from_mebibytes(8));
    /// assert_eq!(game.budget(), Budget::from_mebibytes(8));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The move set.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// assert_eq!(Subtraction::new(SubtractionSet::new([3, 2])?).set().max(), 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::Convention;
    /// assert_eq!(Subtraction::new(SubtractionSet::new([1])?).convention(), Convention::Normal);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    fn tables(&mut self) -> Result<&mut Tables> {
        let tables = match self.tables.take() {
            Some(tables) => tables,
            None => Tables::new(&self.set, self.budget)?,
        };
        Ok(self.tables.insert(tables))
    }

    /// The Grundy value of one heap.
    ///
    /// # Errors
    /// [`Error::NoPeriodWithinBudget`] when the heap is beyond the values the
    /// budget allows and no period was found among them;
    /// [`Error::WorkLimitExceeded`] when the values the work cap pays for
    /// (over the game's life: values are computed once) end first.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::Nimber;
    /// let mut game = Subtraction::new(SubtractionSet::new([1, 3, 4])?);
    /// assert_eq!(game.grundy(7)?, Nimber(0));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grundy(&mut self, heap: u64) -> Result<Nimber> {
        Ok(Nimber(u64::from(self.tables()?.normal.value(heap)?)))
    }

    /// The Grundy value of the sum `heaps`: the XOR of the heaps' values.
    ///
    /// # Errors
    /// As [`Subtraction::grundy`];
    /// [`Error::UnsupportedConvention`] under misère play, where Grundy
    /// values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::Nimber;
    /// let mut game = Subtraction::new(SubtractionSet::new([2, 3])?);
    /// assert_eq!(game.nimber(&[4, 7])?, Nimber(2 ^ 1));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        self.normal_nimber(heaps)
    }

    /// The normal-play Grundy value of a sum, whatever the convention.
    fn normal_nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
        let mut total = Nimber::ZERO;
        for &heap in heaps {
            total ^= self.grundy(heap)?;
        }
        Ok(total)
    }

    /// The exact periodicity of the Grundy sequence.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// let mut game = Subtraction::new(SubtractionSet::new([1, 3, 4])?);
    /// assert_eq!(game.periodicity()?.period(), 7);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn periodicity(&mut self) -> Result<Periodicity> {
        let budget = self.budget;
        match &mut self.tables()?.normal {
            Sequence::Window(recurrence) => recurrence.periodicity(),
            // The runs need not hold the whole period; the window search does.
            Sequence::Runs { .. } => self.set.periodicity(budget),
        }
    }

    /// Who wins the sum of `heaps`.
    ///
    /// # Errors
    /// As [`Subtraction::grundy`]; under misère play, the exact search's
    /// refusals ([`Error::SizeLimitExceeded`], [`Error::MemoryBudgetExceeded`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::{Convention, Outcome};
    /// let set = SubtractionSet::new([2, 3])?;
    /// assert_eq!(Subtraction::new(set.clone()).outcome(&[5])?, Outcome::Second);
    /// let mut misere = Subtraction::new(set).with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&[1])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        match self.convention {
            Convention::Normal => {
                // One playable heap (the others have no move and value 0):
                // only whether it is lost matters, the cheap loss bits.
                if let [single] = self.playable(heaps)[..] {
                    let lost = self.heap_lost(heaps[single], Convention::Normal)?;
                    return Ok(if lost {
                        Outcome::Second
                    } else {
                        Outcome::First
                    });
                }
                Ok(self.normal_nimber(heaps)?.normal_outcome())
            }
            Convention::Misere => self.misere_outcome(heaps),
        }
    }

    /// A winning move, or `None` when the player to move loses (or, under
    /// misère play, has no move left and so has already won). The first move
    /// of [`Subtraction::solve`], without playing out the line.
    ///
    /// # Errors
    /// As [`Subtraction::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// let mut game = Subtraction::new(SubtractionSet::new([2, 3])?);
    /// // G(7) = 1 and G(5) = 0: take 2 from the heap of 7.
    /// assert_eq!(game.winning_move(&[7])?.unwrap().to_string(), "1:7->5");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        match self.convention {
            Convention::Normal => self.normal_move(heaps),
            Convention::Misere => self.misere_move(heaps),
        }
    }

    /// The whole answer: who wins, a winning move, and the winner's line
    /// against a loser who takes the smallest amount of the set from the
    /// largest heap (cut after `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// As [`Subtraction::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
    /// use stonegame::Outcome;
    /// let mut game = Subtraction::new(SubtractionSet::new([2, 3])?);
    /// let solution = game.solve(&[7])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["1:7->5", "1:5->3", "1:3->1"]); // a heap of 1 has no move
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&mut self, heaps: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        let outcome = self.outcome(heaps)?;
        // The positions of one line share most of their sums: one memo for all.
        self.line_search = Some(self.fresh_line_search());
        let solution = play_line(self, heaps, outcome);
        self.line_search = None;
        solution
    }

    fn fresh_line_search(&self) -> Run<SubtractionSet> {
        Run::new(self.set.clone(), Convention::Misere, self.search)
    }

    /// A misère winning move in the sum `live` of playable heaps by exact
    /// search: with the line's memo during `solve` (started afresh once if
    /// it fills its limits), else a search of its own.
    fn searched_misere_move(&mut self, live: &[u64]) -> Result<Option<SumMove<Vec<u64>>>> {
        let Some(mut run) = self.line_search.take() else {
            return self
                .search
                .with_convention(Convention::Misere)
                .winning_move(&self.set, live);
        };
        let found = match run.winning_move(live) {
            Err(Error::SizeLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. }) => {
                run = self.fresh_line_search();
                run.winning_move(live)
            }
            found => found,
        };
        self.line_search = Some(run);
        found
    }

    /// Whether a single heap is lost under `convention`, by the loss bits when
    /// they apply, otherwise by the Grundy or misère recurrence.
    fn heap_lost(&mut self, heap: u64, convention: Convention) -> Result<bool> {
        let tables = self.tables()?;
        match (
            convention,
            &mut tables.normal_losses,
            &mut tables.misere_losses,
        ) {
            (Convention::Normal, Some(losses), _) | (Convention::Misere, _, Some(losses)) => losses
                .is_lost(heap)
                .map_err(|e| named_refusal(e, &self.set, convention)),
            (Convention::Normal, None, _) => Ok(tables.normal.value(heap)? == 0),
            (Convention::Misere, _, None) => Ok(tables.misere.value(heap)? == 0),
        }
    }

    /// The first amount that leaves the single heap lost.
    fn move_to_loss(
        &mut self,
        index: usize,
        heap: u64,
        convention: Convention,
    ) -> Result<Option<HeapMove>> {
        for s in self
            .set
            .moves
            .clone()
            .into_iter()
            .take_while(|&s| s <= heap)
        {
            if self.heap_lost(heap - s, convention)? {
                return HeapMove::take(index, heap, s).map(Some);
            }
        }
        Ok(None)
    }

    fn normal_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        if let [single] = self.playable(heaps)[..] {
            return self.move_to_loss(single, heaps[single], Convention::Normal);
        }
        let values = heaps
            .iter()
            .map(|&h| self.grundy(h))
            .collect::<Result<Vec<_>>>()?;
        let moves = self.set.moves.clone();
        let found = sum::winning_move(&values, |index, target| {
            let heap = heaps[index];
            for &s in moves.iter().take_while(|&&s| s <= heap) {
                if self.grundy(heap - s)? == target {
                    return Ok(Some(s));
                }
            }
            Ok(None)
        })?;
        found
            .map(|m| HeapMove::take(m.component, heaps[m.component], m.option))
            .transpose()
    }

    /// Indices of the heaps that still have a move.
    fn playable(&self, heaps: &[u64]) -> Vec<usize> {
        (0..heaps.len())
            .filter(|&i| heaps[i] >= self.set.min())
            .collect()
    }

    fn as_boxes(&self, heaps: &[u64], bound: u64) -> Result<Vec<BallBox>> {
        heaps.iter().map(|&h| BallBox::new(h, bound)).collect()
    }

    fn misere_outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        if let Some(bound) = self.set.as_box_bound() {
            let boxes = self.as_boxes(heaps, bound)?;
            return Ok(Boxes::new()
                .with_convention(Convention::Misere)
                .outcome(&boxes));
        }
        let playable = self.playable(heaps);
        match playable.as_slice() {
            [] => Ok(Outcome::First),
            [single] => Ok(if self.heap_lost(heaps[*single], Convention::Misere)? {
                Outcome::Second
            } else {
                Outcome::First
            }),
            _ => {
                let live: Vec<u64> = playable.iter().map(|&i| heaps[i]).collect();
                self.search
                    .with_convention(Convention::Misere)
                    .outcome(&self.set, &live)
                    .map_err(|e| named_refusal(e, &self.set, Convention::Misere))
            }
        }
    }

    fn misere_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        if let Some(bound) = self.set.as_box_bound() {
            let boxes = self.as_boxes(heaps, bound)?;
            return Ok(Boxes::new()
                .with_convention(Convention::Misere)
                .winning_move(&boxes));
        }
        let playable = self.playable(heaps);
        match playable.as_slice() {
            [] => Ok(None),
            [single] => self.move_to_loss(*single, heaps[*single], Convention::Misere),
            _ => {
                let live: Vec<u64> = playable.iter().map(|&i| heaps[i]).collect();
                let found = self
                    .searched_misere_move(&live)
                    .map_err(|e| named_refusal(e, &self.set, Convention::Misere))?;
                found
                    .map(|m| {
                        let before = live[m.component];
                        let after = m.option.first().copied().unwrap_or(0);
                        HeapMove::leaving(playable[m.component], before, after)
                    })
                    .transpose()
            }
        }
    }
}

crate::game::delegate_solve_at!(Subtraction, [u64], HeapMove, fallible);
crate::game::delegate_configure!(Subtraction);

crate::game::delegate_nimber_at!(Subtraction, [u64]);

impl LinePlay<u64> for Subtraction {
    fn winning(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        self.winning_move(heaps)
    }

    fn reply(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        // The largest heap has a move whenever any heap has one.
        largest_heap_reply(heaps, self.set.min())
    }

    fn apply(&self, heaps: &[u64], played: &HeapMove) -> Result<Vec<u64>> {
        played.apply(heaps)
    }
}

/// A subtraction game with a user-supplied move rule: `rule(heap, visit)` calls
/// `visit(s)` for every amount `s` a move may take from `heap`.
///
/// Amounts above the heap are ignored; an amount of 0 would make the game
/// infinite, which the solvers report ([`Error::InvalidParameter`] or
/// [`Error::CyclicGame`]).
///
/// # Example
/// ```
/// use stonegame::impartial::subtraction::SubtractionRule;
/// use stonegame::Outcome;
///
/// // LeetCode 1510 "Stone Game IV": take a non-zero square number of stones.
/// let squares = SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> _| {
///     (1..).map(|k: u64| k * k).take_while(|&s| s <= heap).try_for_each(|s| visit(s))
/// });
/// let wins = squares.outcome_table(7).unwrap();
/// assert_eq!(wins[1], Outcome::First); // Alice takes 1
/// assert_eq!(wins[2], Outcome::Second);
/// assert_eq!(wins[4], Outcome::First);
/// assert_eq!(wins[7], Outcome::Second);
/// ```
///
/// It answers the calls of every impartial game ([`SolveAt`], [`NimberAt`]:
/// `outcome`, `winning_move`, `solve`, `nimber` on a sum of heaps), normal
/// play by Grundy values, misère play by the exact search of sums, within its
/// budget; no table is kept between calls.
///
/// [`SolveAt`]: crate::game::SolveAt
/// [`NimberAt`]: crate::game::NimberAt
#[derive(Clone)]
pub struct SubtractionRule<F> {
    rule: F,
    budget: Budget,
    convention: Convention,
}

/// The budget and the convention (a closure has no printable form).
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl<F> std::fmt::Debug for SubtractionRule<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubtractionRule")
            .field("rule", &"<closure>")
            .field("budget", &self.budget)
            .field("convention", &self.convention)
            .finish()
    }
}

impl<F> SubtractionRule<F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    /// Wraps the move rule: a closure that calls its callback once per amount
    /// a heap may lose, stopping at the first [`ControlFlow::Break`] the
    /// callback returns (so a solver's work cap can end a long list).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{subtraction::SubtractionRule, grundy::GrundySolver};
    /// let halves = SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> _| {
    ///     (1..=heap.div_ceil(2)).try_for_each(|s| visit(s)) // take at most half (rounded up)
    /// });
    /// assert_eq!(GrundySolver::new(&halves).grundy(&3).unwrap().0, 2);
    /// ```
    pub fn new(rule: F) -> Self {
        Self {
            rule,
            budget: Budget::default(),
            convention: Convention::Normal,
        }
    }

    /// The same rule under `convention` (normal play by default).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Convention, Outcome};
    /// // Take 1 or 2, last stone loses: heaps 1, 4, 7, … lose.
    /// let rule = SubtractionRule::new(|h: u64, visit: &mut dyn FnMut(u64) -> _| (1..=2.min(h)).try_for_each(|s| visit(s)))
    ///     .with_convention(Convention::Misere);
    /// assert_eq!(rule.outcome(&[7])?, Outcome::Second);
    /// assert_eq!(rule.outcome(&[6])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Convention};
    /// let one = SubtractionRule::new(|_h: u64, visit: &mut dyn FnMut(u64) -> _| visit(1));
    /// assert_eq!(one.convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The generic solver over this rule, with its budget and convention.
    fn solver(&self) -> GrundySolver<&Self> {
        GrundySolver::new(self)
            .with_budget(self.budget)
            .with_convention(self.convention)
    }

    /// The Grundy value of the sum `heaps`: the XOR of the heaps' values.
    ///
    /// # Errors
    /// As [`GrundySolver::grundy`]: the memo's budget, the work cap, a rule
    /// that lists the amount 0 ([`Error::CyclicGame`]);
    /// [`Error::UnsupportedConvention`] under misère play, where Grundy
    /// values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Nimber};
    /// let any = SubtractionRule::new(|h: u64, visit: &mut dyn FnMut(u64) -> _| (1..=h).try_for_each(|s| visit(s)));
    /// assert_eq!(any.nimber(&[3, 5])?, Nimber(6)); // Nim
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self, heaps: &[u64]) -> Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        GrundySolver::new(self)
            .with_budget(self.budget)
            .grundy_of_sum(heaps)
    }

    /// Who wins the sum `heaps` under the convention in force.
    ///
    /// # Errors
    /// As [`GrundySolver::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Outcome};
    /// let squares = SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> _| {
    ///     (1..).map(|k: u64| k * k).take_while(|&s| s <= heap).try_for_each(|s| visit(s))
    /// });
    /// assert_eq!(squares.outcome(&[2, 5])?, Outcome::Second); // both heaps are lost alone: G = 0, 0
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        self.solver().outcome(heaps)
    }

    /// A winning move in the sum `heaps`, or `None` when the player to move
    /// loses.
    ///
    /// # Errors
    /// As [`GrundySolver::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionRule;
    /// let squares = SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> _| {
    ///     (1..).map(|k: u64| k * k).take_while(|&s| s <= heap).try_for_each(|s| visit(s))
    /// });
    /// assert_eq!(squares.winning_move(&[4])?.unwrap().to_string(), "1:4->0");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        winning_heap_move(&mut self.solver(), heaps)
    }

    /// The full answer: who wins, a winning move, and the winner's line
    /// against a loser who takes the fewest stones from the largest heap
    /// that has a move (cut after `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// As [`GrundySolver::outcome`]; [`Error::WorkLimitExceeded`] when a
    /// loser's reply lists more amounts than the work cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Outcome};
    /// let one_or_two = SubtractionRule::new(|h: u64, visit: &mut dyn FnMut(u64) -> _| (1..=2.min(h)).try_for_each(|s| visit(s)));
    /// let solution = one_or_two.solve(&[4])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["1:4->3", "1:3->2", "1:2->0"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, heaps: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        let mut line = RuleLine {
            rule: self,
            solver: self.solver(),
        };
        let outcome = line.solver.outcome(heaps)?;
        play_line(&mut line, heaps, outcome)
    }

    /// The same rule with its tables limited to `budget` (memory, and the
    /// work cap of the options listed).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Budget, Error};
    /// let any = SubtractionRule::new(|h: u64, visit: &mut dyn FnMut(u64) -> _| (1..=h).try_for_each(|s| visit(s)))
    ///     .with_budget(Budget::from_bytes(64));
    /// assert!(matches!(any.grundy_table(1000), Err(Error::MemoryBudgetExceeded { .. })));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Budget};
    /// let one = SubtractionRule::new(|_h: u64, visit: &mut dyn FnMut(u64) -> _| visit(1));
    /// assert_eq!(one.budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Grundy values `G(0..=upto)` by the dense bottom-up table, within the
    /// rule's budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::subtraction::SubtractionRule;
    /// let any =
    ///     SubtractionRule::new(|h: u64, visit: &mut dyn FnMut(u64) -> _| (1..=h).try_for_each(|s| visit(s)));
    /// let t = any.grundy_table(4).unwrap();
    /// assert_eq!(t[4].0, 4); // taking any amount is Nim
    /// ```
    pub fn grundy_table(&self, upto: u64) -> Result<Vec<Nimber>> {
        heap_table(self, upto, self.budget)
    }

    /// Normal-play outcomes of single heaps `0..=upto`, within the rule's budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::subtraction::SubtractionRule, Outcome};
    /// let one = SubtractionRule::new(|_h: u64, visit: &mut dyn FnMut(u64) -> _| visit(1));
    /// assert_eq!(one.outcome_table(3).unwrap()[3], Outcome::First);
    /// ```
    pub fn outcome_table(&self, upto: u64) -> Result<Vec<Outcome>> {
        Ok(self
            .grundy_table(upto)?
            .into_iter()
            .map(Nimber::normal_outcome)
            .collect())
    }
}

/// The generic solver's winning move in a sum of heaps, as a heap move.
fn winning_heap_move<G>(solver: &mut GrundySolver<G>, heaps: &[u64]) -> Result<Option<HeapMove>>
where
    G: ImpartialGame<Position = u64>,
{
    match solver.winning_move(heaps)? {
        None => Ok(None),
        Some(SumMove { component, option }) => {
            let remaining: Vec<u64> = option.into_iter().filter(|&heap| heap > 0).collect();
            HeapMove::new(component, heaps[component], &remaining).map(Some)
        }
    }
}

/// A [`SubtractionRule`]'s line: the generic solver's winning moves, the
/// loser's fewest stones from the largest heap.
struct RuleLine<'r, F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    rule: &'r SubtractionRule<F>,
    solver: GrundySolver<&'r SubtractionRule<F>>,
}

impl<F> LinePlay<u64> for RuleLine<'_, F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    fn winning(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        winning_heap_move(&mut self.solver, heaps)
    }

    fn reply(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        let cap = self
            .rule
            .budget
            .work_or(crate::impartial::grundy::DEFAULT_GRUNDY_WORK);
        reply_from_largest(heaps, |index, heap| {
            // The smallest amount the rule lists for this heap, counted
            // against the work cap: a rule may list every amount up to 10^18.
            let (mut smallest, mut listed) = (None::<u64>, 0u64);
            let flow = (self.rule.rule)(heap, &mut |amount| {
                listed += 1;
                if listed > cap {
                    return ControlFlow::Break(());
                }
                if (1..=heap).contains(&amount) && !matches!(smallest, Some(s) if s <= amount) {
                    smallest = Some(amount);
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() && listed > cap {
                return Err(Error::WorkLimitExceeded {
                    what: format!("the loser's reply from a heap of {heap} (amounts listed)"),
                    steps: cap,
                });
            }
            smallest
                .map(|amount| HeapMove::take(index, heap, amount))
                .transpose()
        })
    }

    fn apply(&self, heaps: &[u64], played: &HeapMove) -> Result<Vec<u64>> {
        played.apply(heaps)
    }
}

impl<F> crate::game::SolveAt for SubtractionRule<F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    type Position = [u64];
    type Move = HeapMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn with_convention(self, convention: Convention) -> Self {
        SubtractionRule::with_convention(self, convention)
    }

    fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        SubtractionRule::outcome(self, heaps)
    }

    fn winning_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        SubtractionRule::winning_move(self, heaps)
    }

    fn solve(&mut self, heaps: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        SubtractionRule::solve(self, heaps)
    }
}

impl<F> crate::game::NimberAt for SubtractionRule<F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    fn nimber(&mut self, heaps: &[u64]) -> Result<Nimber> {
        SubtractionRule::nimber(self, heaps)
    }
}

impl<F> crate::game::Configure for SubtractionRule<F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    fn with_budget(self, budget: Budget) -> Self {
        SubtractionRule::with_budget(self, budget)
    }
    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<F> ImpartialGame for SubtractionRule<F>
where
    F: Fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>,
{
    type Position = u64;

    fn for_each_option(
        &self,
        heap: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let heap = *heap;
        (self.rule)(heap, &mut |s| {
            if s <= heap {
                visit(&[heap - s])
            } else {
                ControlFlow::Continue(())
            }
        })
    }
}

/// Single-heap outcomes of a set within 1..=128, one bit per heap, with their
/// exact eventual period: the fast path for one-heap queries, which need only
/// whether a heap is lost, not its Grundy value.
///
/// Heap `n` is lost iff no move reaches a lost heap, so the last `max` loss
/// bits, kept in a 128-bit shift register, are the whole state: `n` is lost
/// iff `(register & moves_mask) == 0` (heaps below a move read as "not lost",
/// i.e. the move does not fit). The state is one `u128`, so Brent's cycle
/// search compares states directly, with no hashing and no window check; the
/// least period of the states is the least period of the bits (as in
/// [`WindowRecurrence`]), and the least preperiod is walked back bit by bit.
struct LossBits {
    /// Bit `s - 1` for every amount `s`: the targets seen from the register.
    moves_mask: u128,
    /// The low `max` bits: the part of the register that determines the future.
    window_mask: u128,
    window: u64,
    min: u64,
    /// Heaps below the smallest move: won under misère play, lost under normal.
    terminal_lost: bool,
    /// Bit `k`: heap `len - 1 - k` is lost.
    register: u128,
    /// Bit `n % 64` of word `n / 64`: heap `n` is lost.
    lost: Vec<u64>,
    len: u64,
    /// Brent's checkpoint: a heap count and the state it ended on.
    checkpoint: Option<(u64, u128)>,
    found: Option<(u64, u64)>,
    max_len: u64,
    /// Heaps the work cap pays for, at [`LOSS_STEP_UNITS`] a heap: each is
    /// computed once, so a cap on the count is the cap on the work.
    work_len: u64,
    budget: Budget,
}

/// Work units a heap of the period search costs (the bit, its word, the
/// register and Brent's comparison): measured 5.0–5.5 ns a heap, release
/// CLI, 10^9 heaps of S = {9,21,100,112,121} (0.99–1.09 ns a unit).
const LOSS_STEP_UNITS: u64 = 5;

/// Work units a heap of the win/lose table of a set within 1..=128 costs: a
/// rotation, a mask, a bit, and the table's two vectors (measured 6.8–6.9 ns
/// a heap, release build, 2·10^8 heaps).
const LOSS_BIT_UNITS: u64 = 7;

/// Work units a heap of the Grundy table of a set within 1..=128 costs: the
/// mask rule and the table's two vectors, with no hash or cycle check
/// (measured 18.3–18.9 ns a heap, release build, 2·10^8 heaps).
const GRUNDY_MASK_UNITS: u64 = 18;

/// Heaps of a table computed between two looks at the budget's control.
const TABLE_BLOCK: usize = 1 << 16;

/// Bits of the loss sequence charged per byte of the budget (a bit each, with
/// room for the vector to double).
const LOSS_BITS_PER_BYTE: u128 = 4;

impl LossBits {
    /// `None` unless every amount is within 1..=128.
    fn new(set: &SubtractionSet, convention: Convention, budget: Budget) -> Option<Self> {
        if set.max() > 128 {
            return None;
        }
        let moves_mask = set.moves.iter().fold(0u128, |mask, &s| mask | 1 << (s - 1));
        let window = set.max();
        Some(Self {
            moves_mask,
            window_mask: u128::MAX >> (128 - window),
            window,
            min: set.min(),
            terminal_lost: convention == Convention::Normal,
            register: 0,
            lost: Vec::new(),
            len: 0,
            checkpoint: None,
            found: None,
            max_len: u64::try_from(budget.bytes().saturating_mul(LOSS_BITS_PER_BYTE))
                .unwrap_or(u64::MAX),
            work_len: budget.work_or(WindowRecurrence::DEFAULT_WORK) / LOSS_STEP_UNITS,
            budget,
        })
    }

    /// Whether heap `n` is lost for the player to move.
    fn is_lost(&mut self, n: u64) -> Result<bool> {
        if self.found.is_none() && self.len <= n {
            // The watch lives for the call: the search stays `Sync`.
            let watch = self.budget.watch("win/lose period search", None);
            let start = self.len;
            while self.found.is_none() && self.len <= n {
                watch.poll((self.len - start).saturating_mul(LOSS_STEP_UNITS))?;
                self.step(n)?;
            }
        }
        let index = match self.found {
            Some((preperiod, period)) if n >= self.len => preperiod + (n - preperiod) % period,
            _ => n,
        };
        Ok(self.bit(index))
    }

    fn bit(&self, n: u64) -> bool {
        (self.lost[(n / 64) as usize] >> (n % 64)) & 1 == 1
    }

    fn step(&mut self, wanted: u64) -> Result<()> {
        if self.len >= self.max_len {
            return Err(Error::NoPeriodWithinBudget {
                heap: wanted,
                searched: self.len,
            });
        }
        if self.len >= self.work_len {
            return Err(Error::WorkLimitExceeded {
                what: format!("win/lose period search (heap {wanted})"),
                steps: self.budget.work_or(WindowRecurrence::DEFAULT_WORK),
            });
        }
        let n = self.len;
        let lost = if n < self.min {
            self.terminal_lost
        } else {
            self.register & self.moves_mask == 0
        };
        if n % 64 == 0 {
            try_reserve(
                &mut self.lost,
                1,
                "loss bits of a period search",
                self.budget,
            )?;
            self.lost.push(0);
        }
        if let Some(word) = self.lost.last_mut() {
            *word |= u64::from(lost) << (n % 64);
        }
        self.register = (self.register << 1) | u128::from(lost);
        self.len += 1;
        // Before a full window the heaps below `min` break the recurrence.
        if self.len >= self.window {
            self.record_state();
        }
        Ok(())
    }

    /// Brent's cycle search on the register: the checkpoint moves to the
    /// state at every power of two (and at the first full window). Each state
    /// determines the next, so a state on the cycle first recurs after exactly
    /// the least period, and a state before the cycle never does: the first
    /// power of two past the start of the cycle and at least the period sees
    /// its state again one period later. (A power-of-two test needs no step
    /// counter: a smaller contest bundle.)
    fn record_state(&mut self) {
        let state = self.register & self.window_mask;
        match self.checkpoint {
            Some((start, start_state)) if start_state == state => self.finish(start),
            Some(_) if !self.len.is_power_of_two() => {}
            _ => self.checkpoint = Some((self.len, state)),
        }
    }

    fn finish(&mut self, start: u64) {
        let period = self.len - start;
        let mut preperiod = start;
        while preperiod > 0 && self.bit(preperiod - 1) == self.bit(preperiod - 1 + period) {
            preperiod -= 1;
        }
        // No more steps: `is_lost` reads the period from now on.
        self.found = Some((preperiod, period));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs that give up (here for memory, at 2 MiB) hand the set over to
    /// the window search: the sequence becomes a window, and the refusal is
    /// the window's own. With room, the runs and the window agree.
    #[test]
    fn runs_that_give_up_hand_the_set_to_the_window_search() {
        let set = SubtractionSet::new([123, 456, 789, 1011, 66_000]).unwrap();
        let tight = Budget::from_mebibytes(2).with_work(2_000_000_000);
        let mut sequence = Sequence::new(&set, RunRule::Mex, tight).unwrap();
        assert!(matches!(sequence, Sequence::Runs { .. }));
        let refused = sequence.value(10u64.pow(18)).unwrap_err();
        assert!(matches!(sequence, Sequence::Window(_)), "{refused}");
        assert!(
            matches!(refused, Error::NoPeriodWithinBudget { .. }),
            "{refused}"
        );
        let room = Budget::from_mebibytes(64).with_work(2_000_000_000);
        let mut runs = Sequence::new(&set, RunRule::Mex, room).unwrap();
        let mut window = Sequence::window(&set, RunRule::Mex, room).unwrap();
        for n in [0, 65_999, 66_000, 1_000_000] {
            assert_eq!(runs.value(n).unwrap(), window.value(n).unwrap(), "{n}");
        }
        assert!(matches!(runs, Sequence::Runs { .. }));
    }
}
