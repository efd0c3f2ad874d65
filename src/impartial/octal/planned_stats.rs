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
    // Values a checkpoint held before this run: the kernel does not compute
    // them again, so the lines a run shows on the way are shown from them.
    let stored = run.stats().heaps;
    let mut by_formula = None;
    let mut base = None;
    if formula && upto > formula_from {
        let stretch = match first_stretch(run, formula_from, budget, &mut |run: &SequenceRun| {
            look(&run.stats(), run.values_per_second())
        }) {
            Ok(stretch) => stretch,
            Err(error) => return (run.stats(), Err(error)),
        };
        let solver = stretch.replayed.as_ref().unwrap_or(run.solver());
        by_formula = known.or_else(|| periodic_formula(solver));
        if by_formula.is_some() && stored >= stretch.stats.heaps {
            // The line a run computing the stretch shows at its end.
            if let Err(error) = shown_power(&stretch.stats, &mut look) {
                return (run.stats(), Err(error));
            }
        }
        base = Some((stretch.stats, solver.work(), solver.state()));
    }
    let (Some(formula), Some((mut stats, spent, state))) = (by_formula, base) else {
        if run.stats().heaps > upto {
            // A resumed run longer than the question: the figures of the
            // range alone, under the split a run to it chooses, with the
            // lines such a run shows at every power of two.
            let stats = stored_range(run, upto + 1, &mut look);
            return match stats {
                Ok(stats) => (stats, Ok(())),
                Err(error) => (run.stats(), Err(error)),
            };
        }
        let result = stored_lines(run, stored, &mut look).and_then(|()| {
            run.extend_with(upto, &mut |run: &SequenceRun| {
                look(&run.stats(), run.values_per_second())
            })
        });
        return (run.stats(), result);
    };
    let cap = budget.work_or(DEFAULT_SEQUENCE_WORK);
    let seconds = run.elapsed().as_secs_f64().max(1e-9);
    let watch = budget.watch("octal statistics by formula", Some(upto));
    let heaps_before = stats.heaps;
    let result = extend_by_formula(&mut stats, state, &formula, upto, |stats| {
        watch.poll(stats.heaps.saturating_sub(heaps_before))?;
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

/// Shows `stats` to `look` when a run computing them shows them: at every
/// power of two from [`RUN_CHUNK`] heaps on.
fn shown_power(
    stats: &SequenceStats,
    look: &mut impl FnMut(&SequenceStats, f64) -> Result<()>,
) -> Result<()> {
    if stats.heaps.is_power_of_two() && stats.heaps >= RUN_CHUNK {
        look(stats, 0.0)?;
    }
    Ok(())
}

/// Shows `look` the lines of the powers of two up to `stored` heaps, which
/// the run holds and will not compute again.
fn stored_lines(
    run: &SequenceRun,
    stored: u64,
    look: &mut impl FnMut(&SequenceStats, f64) -> Result<()>,
) -> Result<()> {
    let powers = (0..u64::BITS).map(|k| 1u64 << k);
    for power in powers.filter(|&p| p >= RUN_CHUNK && p <= stored) {
        shown_power(&run.stats_at(power)?, look)?;
    }
    Ok(())
}

/// The figures of `G(0..heaps)` from a run that holds more values, each
/// power of two on the way shown to `look` as a run to it shows them.
fn stored_range(
    run: &SequenceRun,
    heaps: u64,
    look: &mut impl FnMut(&SequenceStats, f64) -> Result<()>,
) -> Result<SequenceStats> {
    let powers = (0..u64::BITS).map(|k| 1u64 << k);
    for power in powers.filter(|&p| p >= RUN_CHUNK && p < heaps) {
        shown_power(&run.stats_at(power)?, look)?;
    }
    let stats = run.stats_at(heaps)?;
    shown_power(&stats, look)?;
    Ok(stats)
}

/// The kernel's first stretch `G(0..=last)`, whose split the figures past
/// it are counted under.
struct Stretch {
    /// The figures of the stretch alone.
    stats: SequenceStats,
    /// The solver a run stopping at the stretch would hold, when `run`
    /// holds more (a resumed checkpoint): replayed from the stored values,
    /// so a checkpoint never changes the split, the formula found or the
    /// figures (`None`: `run` itself stops there).
    replayed: Option<SparseGrundy>,
}

/// Computes the first stretch on `run`, or, when `run` already holds more
/// values (a checkpoint of a longer run), replays the stretch from them.
fn first_stretch(
    run: &mut SequenceRun,
    last: u64,
    budget: Budget,
    look: &mut impl FnMut(&SequenceRun) -> Result<()>,
) -> Result<Stretch> {
    let heaps = last + 1;
    if run.stats().heaps <= heaps {
        run.extend_with(last, look)?;
        return Ok(Stretch {
            stats: run.stats(),
            replayed: None,
        });
    }
    let values: Vec<u32> = run.solver().values().take(heaps as usize).collect();
    let game = run.solver().game().clone();
    let replayed = SparseGrundy::replay(game, &values, run.solver().threads(), RUN_CHUNK, budget)?;
    Ok(Stretch {
        stats: run.stats_at(heaps)?,
        replayed: Some(replayed),
    })
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
