//! The statistics of `G(0..=upto)` ([`SequenceStats`]) by the planner's
//! ways: the one path behind the CLI's `grundy --stats` and Python's
//! `grundy_stats`. The kernel computes a first stretch (it chooses the
//! rare/common split the figures are counted under); when a theorem gives
//! the rest (`G(n) = n`, a proven arithmetic period, a period certified
//! among the stretch's values) the figures of the rest are read off it,
//! one step of work a heap, instead of running the quadratic kernel to the end.

use super::arithmetic::{ArithmeticPeriod, arithmetic_period};
use super::certificate::{PeriodCertificate, certify_values};
use super::code::TakeAndBreak;
use super::run::{RUN_CHUNK, SequenceRun, SequenceStats};
use super::sequence::{DEFAULT_SEQUENCE_WORK, SolverState, SparseGrundy};
use crate::{Budget, Error, Result};

/// Heaps the kernel computes before a proven formula for the rest is
/// looked for: the first `at 2^14` line's.
const STATS_PROBE: u64 = (1 << 14) - 1;

/// The stretch for a game whose formula is known beforehand (the kernel
/// still chooses the rare/common split the figures are counted under).
const SHORT_STATS_PROBE: u64 = (1 << 10) - 1;

/// Heaps whose values are computed to look for a proven arithmetic period.
const ARITHMETIC_PROBE: u64 = 400;

/// Every value of a game past some heap, by a theorem.
enum Formula {
    /// G(n) = n (Nim-like codes).
    Identity,
    /// The octal periodicity theorem's certificate.
    Periodic(PeriodCertificate),
    /// A proven arithmetic period (Lasker's Nim).
    Arithmetic(ArithmeticPeriod),
}

impl Formula {
    /// G(heap), refused when it does not fit the statistics' 32 bits.
    fn value(&self, heap: u64) -> Result<u32> {
        let value = match self {
            Formula::Identity => heap,
            Formula::Periodic(certificate) => certificate.grundy(heap).0,
            Formula::Arithmetic(pattern) => pattern.grundy(heap)?.0,
        };
        u32::try_from(value).map_err(|_| Error::SizeLimitExceeded {
            what: "Grundy value of the statistics (32-bit values)",
            value: value.into(),
            limit: u32::MAX.into(),
        })
    }
}

/// The formula a theorem gives `game` whatever its values: G(n) = n for
/// Nim-like codes, Lasker's Nim's arithmetic period.
fn known_formula(game: &TakeAndBreak, upto: u64, budget: Budget) -> Result<Option<Formula>> {
    if game.is_nim_like() {
        return Ok(Some(Formula::Identity));
    }
    let found = arithmetic_period(game, upto.min(ARITHMETIC_PROBE), budget)?;
    Ok(found
        .filter(ArithmeticPeriod::is_certified)
        .map(Formula::Arithmetic))
}

/// The octal periodicity theorem's certificate for `solver`'s values, if
/// they prove one (finite codes only).
fn periodic_formula(solver: &SparseGrundy) -> Option<Formula> {
    let max_take = solver.game().max_take()?;
    let values: Vec<u32> = solver.values().collect();
    certify_values(&values, max_take).map(Formula::Periodic)
}

/// Whether `heap` is rare under the solver's split `state` (the rule of
/// the solver's rare list: `parity(G & mask) == domain · ((heap + offset) mod 2)`).
fn is_rare(state: SolverState, heap: u64, value: u32) -> bool {
    (value & state.mask).count_ones() & 1 == state.domain & ((heap as u32 ^ state.offset) & 1)
}

/// The statistics of `G(0..=upto)`, continuing `run` (see the module
/// documentation; with `formula` false, as for a checkpointed run whose file
/// must stay resumable, the kernel computes every value). `look` is called
/// with the figures so far and the values per second after every chunk of
/// [`RUN_CHUNK`] heaps the kernel computes and at every power of two from
/// [`RUN_CHUNK`] on that a formula reaches; an error it returns stops the run.
///
/// Returns the figures of what was computed, and whether the run reached
/// `upto` (else the refusal that stopped it: the work cap, the budget).
///
/// # Errors
/// As [`SequenceRun::extend_with`], in the second part of the answer.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak, planned_stats};
/// let mut run = SequenceRun::new(TakeAndBreak::kayles());
/// let (stats, done) = planned_stats(&mut run, 1_000_000, true, Default::default(), |_, _| Ok(()));
/// done?;
/// assert_eq!((stats.heaps, stats.largest_value), (1_000_001, 8));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn planned_stats(
    run: &mut SequenceRun,
    upto: u64,
    formula: bool,
    budget: Budget,
    mut look: impl FnMut(&SequenceStats, f64) -> Result<()>,
) -> (SequenceStats, Result<()>) {
    let mut kernel_look = |run: &SequenceRun| look(&run.stats(), run.values_per_second());
    let known = match known_formula(run.solver().game(), upto, budget) {
        Ok(known) => known,
        Err(error) => return (run.stats(), Err(error)),
    };
    let probe = if known.is_some() {
        SHORT_STATS_PROBE
    } else {
        STATS_PROBE
    };
    let formula_from = probe.min(upto);
    let mut by_formula = None;
    if formula && upto > formula_from {
        if let Err(error) = run.extend_with(formula_from, &mut kernel_look) {
            return (run.stats(), Err(error));
        }
        by_formula = known.or_else(|| periodic_formula(run.solver()));
    }
    let Some(formula) = by_formula else {
        let result = run.extend_with(upto, &mut kernel_look);
        return (run.stats(), result);
    };
    let mut stats = run.stats();
    let spent = run.solver().work();
    let cap = budget.work_or(DEFAULT_SEQUENCE_WORK);
    let state = run.solver().state();
    let seconds = run.elapsed().as_secs_f64().max(1e-9);
    let result = extend_by_formula(&mut stats, state, &formula, upto, |stats| {
        if spent.saturating_add(stats.heaps) > cap {
            return Err(Error::WorkLimitExceeded {
                what: format!(
                    "the statistics of {} read off its proven formula (stopped at heap {})",
                    stats.game(),
                    stats.heaps
                ),
                steps: cap,
            });
        }
        if stats.heaps.is_power_of_two() && stats.heaps >= RUN_CHUNK {
            look(stats, stats.heaps as f64 / seconds)?;
        }
        Ok(())
    });
    (stats, result)
}

/// Extends `stats` (of G(0..stats.heaps)) to G(0..=upto) with values read
/// off `formula`; `check` is called every [`RUN_CHUNK`] heaps, at every
/// power of two and at the end (one step of work a heap: a check a heap
/// would cost more than the heap).
fn extend_by_formula(
    stats: &mut SequenceStats,
    state: SolverState,
    formula: &Formula,
    upto: u64,
    mut check: impl FnMut(&SequenceStats) -> Result<()>,
) -> Result<()> {
    for heap in stats.heaps..=upto {
        let value = formula.value(heap)?;
        if heap > 0 && is_rare(state, heap, value) {
            stats.rare_count += 1;
            stats.last_rare_heap = Some(heap);
        }
        if value > stats.largest_value || heap == 0 {
            stats.largest_value = value;
            stats.largest_first_heap = heap;
        }
        if let Some(counted) = &mut stats.counted {
            if heap > 0 && (value & counted.mask).count_ones() % 2 == 0 {
                counted.rare_count += 1;
                counted.last_rare_heap = Some(heap);
            }
        }
        stats.heaps = heap + 1;
        if stats.heaps % RUN_CHUNK == 0 || stats.heaps.is_power_of_two() {
            check(stats)?;
        }
    }
    Ok(())
}
