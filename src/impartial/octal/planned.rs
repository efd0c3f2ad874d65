//! `G(0..=upto)` of a take-and-break game by the planner's ways ([`plan()`]):
//! the one path behind the CLI's `grundy --octal/--game` and Python's
//! `grundy_sequence`. A proven formula (`G(n) = n`, a proven arithmetic
//! period) gives every value; otherwise the values are computed with the
//! period looked for at growing stages, and once it is certified the rest
//! is read off the certificate: a periodic game costs what its proof needs,
//! not `upto` values.

use super::arithmetic::{ArithmeticPeriod, arithmetic_period};
use super::certificate::{PeriodCertificate, certify_looking};
use super::code::TakeAndBreak;
use super::plan::{Question, Way, plan};
use super::sequence::{MAX_SEQUENCE_HEAP, SparseGrundy, naming_the_goal};
use crate::{Budget, Error, Result};

/// Heaps whose values are computed to look for a proven arithmetic period
/// (the pattern of Lasker's Nim shows well within them).
const ARITHMETIC_PROBE: u64 = 400;

/// `G(0..=upto)` as the planner got it (see [`planned_values`]).
#[derive(Debug)]
pub enum PlannedValues {
    /// `G(n) = n`, proven for Nim-like codes.
    Identity,
    /// Every value computed; no period certified within them.
    Computed(SparseGrundy),
    /// Values computed until the octal periodicity theorem applied.
    Certified(SparseGrundy, PeriodCertificate),
    /// A proven arithmetic period (Lasker's Nim): every value by its formula.
    Arithmetic(ArithmeticPeriod),
}

impl PlannedValues {
    /// `G(heap)`, for any heap up to the `upto` the values were planned for.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a heap beyond the computed values of
    /// [`PlannedValues::Computed`]; a proven formula's own errors.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{TakeAndBreak, planned_values};
    /// let values = planned_values(&TakeAndBreak::kayles(), 100_000, 1, Default::default(), || Ok(()))?;
    /// // Read off the certificate: Kayles has period 12 from heap 71 on.
    /// assert_eq!(values.get(99_999)?, values.get(99_999 - 12)?);
    /// assert_eq!(values.get(4)?, 1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn get(&self, heap: u64) -> Result<u64> {
        match self {
            PlannedValues::Identity => Ok(heap),
            PlannedValues::Computed(solver) => {
                solver
                    .value(heap)
                    .map(u64::from)
                    .ok_or_else(|| Error::InvalidParameter {
                        name: "heap",
                        reason: format!("{heap} is beyond the {} values computed", solver.len()),
                    })
            }
            PlannedValues::Certified(solver, certificate) => Ok(match solver.value(heap) {
                Some(value) => u64::from(value),
                None => certificate.grundy(heap).0,
            }),
            PlannedValues::Arithmetic(pattern) => pattern.grundy(heap).map(|value| value.0),
        }
    }

    /// `G(0..=upto)` as a vector (the computed values' buffer, extended
    /// by the formula when one is proven).
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] when `upto + 1` values do not fit
    /// `budget`; [`Error::SizeLimitExceeded`] for a value above `u32::MAX`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{TakeAndBreak, planned_values};
    /// let game = TakeAndBreak::dawsons_kayles();
    /// let values = planned_values(&game, 1000, 1, Default::default(), || Ok(()))?;
    /// let all = values.into_vec(1000, Default::default())?;
    /// assert_eq!(all, stonegame::impartial::octal::grundy_sequence_plain(&game, 1000, Default::default())?);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_vec(self, upto: u64, budget: Budget) -> Result<Vec<u32>> {
        budget.check_elements::<u32>(u128::from(upto) + 1, "Grundy sequence")?;
        let computed = |solver: SparseGrundy| {
            let mut values = solver.into_values();
            values.truncate(usize::try_from(upto + 1).unwrap_or(usize::MAX));
            values
        };
        match self {
            PlannedValues::Computed(solver) => Ok(computed(solver)),
            PlannedValues::Certified(solver, certificate) => fill(computed(solver), upto, |heap| {
                Ok(certificate.grundy(heap).0)
            }),
            PlannedValues::Identity => fill(Vec::new(), upto, Ok),
            PlannedValues::Arithmetic(pattern) => {
                fill(Vec::new(), upto, |heap| pattern.grundy(heap).map(|v| v.0))
            }
        }
    }
}

/// `values` (of `G(0..values.len())`) extended to `G(0..=upto)` by `formula`.
fn fill(mut values: Vec<u32>, upto: u64, formula: impl Fn(u64) -> Result<u64>) -> Result<Vec<u32>> {
    let more = (upto + 1).saturating_sub(values.len() as u64);
    values.reserve(usize::try_from(more).unwrap_or(0));
    for heap in values.len() as u64..=upto {
        let value = formula(heap)?;
        values.push(u32::try_from(value).map_err(|_| Error::SizeLimitExceeded {
            what: "Grundy value of a sequence (32-bit values)",
            value: value.into(),
            limit: u32::MAX.into(),
        })?);
    }
    Ok(values)
}

/// `G(0..=upto)` of `game` by the planner's ways (see the module
/// documentation), computed on `threads` threads within `budget`; `look`
/// is called between chunks of 16,384 values (an error it returns stops
/// the computation: an interruption).
///
/// # Errors
/// [`Error::SizeLimitExceeded`] above [`MAX_SEQUENCE_HEAP`]; the sequence
/// solver's refusals (memory budget, work cap); `look`'s error.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{PlannedValues, TakeAndBreak, planned_values};
/// let kayles = planned_values(&TakeAndBreak::kayles(), 1_000_000, 1, Default::default(), || Ok(()))?;
/// assert!(matches!(kayles, PlannedValues::Certified(..)));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn planned_values(
    game: &TakeAndBreak,
    upto: u64,
    threads: usize,
    budget: Budget,
    mut look: impl FnMut() -> Result<()>,
) -> Result<PlannedValues> {
    if upto > MAX_SEQUENCE_HEAP {
        return Err(Error::SizeLimitExceeded {
            what: "heap size of a Grundy sequence",
            value: upto.into(),
            limit: MAX_SEQUENCE_HEAP.into(),
        });
    }
    let question = Question {
        proven: game.is_nim_like(),
        direct_limit: MAX_SEQUENCE_HEAP + 1,
        search_limit: MAX_SEQUENCE_HEAP + 1,
        ..Question::new(upto, game.max_take().is_some())
    };
    let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
    let mut steps = plan(&question);
    // The sequence's period line names a proven arithmetic period: its
    // probe (at most 400 values) goes first even when the values are fewer.
    steps.sort_by_key(|step| !matches!(step.way, Way::ArithmeticProbe { .. }));
    for step in steps {
        match step.way {
            Way::Proven => return Ok(PlannedValues::Identity),
            Way::ArithmeticProbe { .. } => {
                let probe = upto.min(ARITHMETIC_PROBE);
                let found = arithmetic_period(game, probe, budget)?;
                if let Some(pattern) = found.filter(ArithmeticPeriod::is_certified) {
                    return Ok(PlannedValues::Arithmetic(pattern));
                }
            }
            Way::Values {
                upto,
                look_for_period,
            } => {
                if look_for_period {
                    let found =
                        certify_looking(&mut solver, upto.saturating_add(1), budget, &mut look)?;
                    if let Some(certificate) = found {
                        return Ok(PlannedValues::Certified(solver, certificate));
                    }
                }
                extend_looking(&mut solver, upto, budget, &mut look)?;
                return Ok(PlannedValues::Computed(solver));
            }
            // Planned only for heaps past the direct limit, which is above every sequence.
            Way::PeriodSearch { .. } => {}
        }
    }
    // Not reached: the values way applies to every heap below the direct limit.
    Err(Error::SizeLimitExceeded {
        what: "heap size of a Grundy sequence",
        value: upto.into(),
        limit: MAX_SEQUENCE_HEAP.into(),
    })
}

/// Extends `solver` to `upto` in chunks of 16,384 values, calling `look` after each.
fn extend_looking(
    solver: &mut SparseGrundy,
    upto: u64,
    budget: Budget,
    look: &mut dyn FnMut() -> Result<()>,
) -> Result<()> {
    const CHUNK: u64 = 1 << 14;
    // Refused at once when the whole sequence cannot be held.
    solver.reserve(upto, budget)?;
    while (solver.len() as u64) <= upto {
        let next = ((solver.len() as u64 / CHUNK + 1) * CHUNK).min(upto + 1);
        solver
            .extend_to(next - 1, budget)
            .map_err(|error| naming_the_goal(error, next - 1, upto))?;
        look()?;
    }
    Ok(())
}
