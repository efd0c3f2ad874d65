//! Grundy sequences as numpy arrays (moved, not copied), period
//! certificates, and the statistics of `grundy --stats` as a dict.

use crate::common::{budget, invalid, lift, wait_for};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use stonegame::impartial::octal::{
    MAX_SEQUENCE_HEAP, MAX_SEQUENCE_THREADS, PeriodCertificate as RustCertificate, SequenceRun,
    SequenceStats, SparseGrundy, TakeAndBreak, certify_values, planned_stats, planned_values,
};

/// Runs `work` on a worker thread, polling for signals; on Ctrl-C the flag
/// handed to `work` is raised, and the work (which checks it between chunks
/// of values) stops and frees what it holds.
fn cancellable<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> R + Send + 'static,
) -> PyResult<R> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let (sender, receiver) = channel();
    std::thread::Builder::new()
        .name("stonegame-sequence".into())
        .spawn(move || {
            let _ = sender.send(work(&flag));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    let answer = wait_for(py, receiver);
    if answer.is_err() {
        cancel.store(true, Ordering::Relaxed);
    }
    answer
}

/// The error a cancelled run stops with (nobody sees it: the caller has gone).
fn interrupted() -> stonegame::Error {
    stonegame::Error::WorkLimitExceeded {
        what: "an interrupted Grundy sequence".into(),
        steps: 0,
    }
}

/// The take-and-break game of a code or name, and the heap bound checked.
fn sequence_game(game: &str, upto: u64, threads: usize) -> PyResult<TakeAndBreak> {
    let rules = lift(TakeAndBreak::by_name(game))?;
    if upto > MAX_SEQUENCE_HEAP {
        return Err(lift::<()>(Err(stonegame::Error::SizeLimitExceeded {
            what: "upto",
            value: u128::from(upto),
            limit: u128::from(MAX_SEQUENCE_HEAP),
        }))
        .unwrap_err());
    }
    if !(1..=MAX_SEQUENCE_THREADS).contains(&threads) {
        return Err(invalid(
            "threads",
            format!("{threads} is outside 1..={MAX_SEQUENCE_THREADS}"),
        ));
    }
    Ok(rules)
}

/// G(0..=upto) of a take-and-break game given by its octal code (`"0.1777"`,
/// `"4.07"`) or name (`"kayles"`, `"grundys-game"`, ...), as a numpy `uint32`
/// array: the values the CLI's `grundy --octal CODE --upto N` prints. The
/// array takes over the solver's buffer (no copy). Ctrl-C stops the
/// computation within one chunk of 16,384 values.
#[pyfunction]
#[pyo3(signature = (game, upto, *, threads = 1, memory_mib = None, max_work = None))]
pub fn grundy_sequence<'py>(
    py: Python<'py>,
    game: &str,
    #[pyo3(from_py_with = crate::common::arg::upto)] upto: u64,
    #[pyo3(from_py_with = crate::common::arg::threads)] threads: usize,
    #[pyo3(from_py_with = crate::common::arg::memory_mib)] memory_mib: Option<u64>,
    #[pyo3(from_py_with = crate::common::arg::max_work)] max_work: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let rules = sequence_game(game, upto, threads)?;
    let budget = budget(memory_mib, max_work)?;
    // The CLI's path (`grundy --octal CODE --upto N`): the planner's ways,
    // a certified period read off beyond its proof.
    let values = cancellable(py, move |cancel| -> stonegame::Result<Vec<u32>> {
        budget.check_elements::<u32>(u128::from(upto) + 1, "Grundy sequence")?;
        let look = || {
            if cancel.load(Ordering::Relaxed) {
                Err(interrupted())
            } else {
                Ok(())
            }
        };
        planned_values(&rules, upto, threads, budget, look)?.into_vec(upto, budget)
    })?;
    Ok(lift(values)?.into_pyarray(py))
}

/// What a pickled certificate holds: G(0..preperiod + period), the
/// preperiod, `max_take` and `checked_len`.
type StoredCertificate = (Vec<u32>, u64, u64, u64);

/// A proof that a take-and-break game's Grundy sequence is periodic (the
/// octal periodicity theorem checked on the values computed).
#[pyclass(frozen, module = "stonegame")]
pub struct PeriodCertificate {
    certificate: RustCertificate,
}

#[pymethods]
impl PeriodCertificate {
    /// The certificate of `values` (G(0), G(1), ... of a take-and-break
    /// game, say from `grundy_sequence`) of a game whose moves take at most
    /// `max_take` tokens; `InvalidInputError` when the values prove no period.
    #[new]
    fn new(
        values: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = crate::common::arg::max_take_u64)] max_take: u64,
    ) -> PyResult<Self> {
        let values = crate::common::whole_items::<u32>(values, "values")?;
        certify_values(&values, max_take)
            .map(|certificate| Self { certificate })
            .ok_or_else(|| {
                invalid(
                    "values",
                    "they prove no period of a game with this max_take",
                )
            })
    }

    /// Pickle and `copy`: G(0..preperiod + period), `max_take` and
    /// `checked_len`, proven again when restored.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, StoredCertificate)> {
        let restore = py
            .import("stonegame._stonegame")?
            .getattr("_restore_certificate")?;
        Ok((
            restore,
            (
                self.certificate.values().to_vec(),
                self.certificate.preperiod(),
                self.certificate.max_take(),
                self.certificate.checked_len(),
            ),
        ))
    }

    /// G(0..preperiod + period): with the period, every value.
    #[getter]
    fn values(&self) -> Vec<u32> {
        self.certificate.values().to_vec()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PeriodCertificate>()
            .is_ok_and(|other| other.get().certificate == self.certificate)
    }
    /// The first heap of the periodic part.
    #[getter]
    fn preperiod(&self) -> u64 {
        self.certificate.preperiod()
    }

    /// The period.
    #[getter]
    fn period(&self) -> u64 {
        self.certificate.period()
    }

    /// The largest number of tokens a move takes.
    #[getter]
    fn max_take(&self) -> u64 {
        self.certificate.max_take()
    }

    /// How many values the proof checked.
    #[getter]
    fn checked_len(&self) -> u64 {
        self.certificate.checked_len()
    }

    /// G(heap) for any heap, read off the certificate.
    fn grundy(&self, #[pyo3(from_py_with = crate::common::arg::heap)] heap: u64) -> u64 {
        self.certificate.grundy(heap).0
    }

    fn __repr__(&self) -> String {
        format!(
            "PeriodCertificate(preperiod={}, period={})",
            self.certificate.preperiod(),
            self.certificate.period()
        )
    }
}

/// Looks for a certified period of a take-and-break game among heaps below
/// `max_len` (the CLI's `grundy --period`): a `PeriodCertificate`, or `None`
/// when none is proven there. Nim-like codes (G(n) = n) have no period: `None`.
#[pyfunction]
#[pyo3(signature = (game, max_len = 1 << 20, *, memory_mib = None, max_work = None))]
pub fn find_period(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = crate::common::arg::max_len)] max_len: u64,
    #[pyo3(from_py_with = crate::common::arg::memory_mib)] memory_mib: Option<u64>,
    #[pyo3(from_py_with = crate::common::arg::max_work)] max_work: Option<u64>,
) -> PyResult<Option<PeriodCertificate>> {
    let rules = sequence_game(game, max_len.saturating_sub(1), 1)?;
    let budget = budget(memory_mib, max_work)?;
    if rules.is_nim_like() || rules.max_take().is_none() {
        return Ok(None);
    }
    let found = cancellable(py, move |_| {
        SparseGrundy::new(rules).certify_period(max_len, budget)
    })?;
    Ok(lift(found)?.map(|certificate| PeriodCertificate { certificate }))
}

/// The statistics of `grundy --stats` for G(0..=upto): a dict with `game`,
/// `heaps`, `rare_count`, `last_rare_heap`, `largest_value`,
/// `largest_first_heap`, `mask`, `values_per_second` and `seconds` (and
/// `count_mask`, `count_mask_rare`, `count_mask_last_rare` with `count_mask`).
#[pyfunction]
#[pyo3(signature = (game, upto, *, threads = 1, count_mask = None, memory_mib = None, max_work = None))]
pub fn grundy_stats<'py>(
    py: Python<'py>,
    game: &str,
    #[pyo3(from_py_with = crate::common::arg::upto)] upto: u64,
    #[pyo3(from_py_with = crate::common::arg::threads)] threads: usize,
    #[pyo3(from_py_with = crate::common::arg::count_mask)] count_mask: Option<u32>,
    #[pyo3(from_py_with = crate::common::arg::memory_mib)] memory_mib: Option<u64>,
    #[pyo3(from_py_with = crate::common::arg::max_work)] max_work: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = sequence_game(game, upto, threads)?;
    if count_mask == Some(0) {
        return Err(invalid(
            "count_mask",
            "must be nonzero (a mask of 0 makes every heap rare)",
        ));
    }
    let budget = budget(memory_mib, max_work)?;
    // The CLI's path (`grundy --stats`): the kernel for a first stretch,
    // then a proven formula's figures when one applies.
    let answer = cancellable(
        py,
        move |cancel| -> stonegame::Result<(SequenceStats, f64, f64)> {
            let mut run = SequenceRun::new(rules)
                .with_budget(budget)
                .with_threads(threads);
            if let Some(mask) = count_mask {
                run = run.with_count_mask(mask);
            }
            let (stats, done) = planned_stats(&mut run, upto, true, budget, |_, _| {
                if cancel.load(Ordering::Relaxed) {
                    Err(interrupted())
                } else {
                    Ok(())
                }
            });
            done?;
            let seconds = run.elapsed().as_secs_f64();
            // The kernel's own rate, unless a formula gave part of the figures.
            let per_second = if stats.heaps == run.stats().heaps {
                run.values_per_second()
            } else {
                stats.heaps as f64 / seconds.max(1e-9)
            };
            Ok((stats, per_second, seconds))
        },
    )?;
    let (stats, per_second, seconds) = lift(answer)?;
    let dict = PyDict::new(py);
    dict.set_item("game", stats.game().to_string())?;
    dict.set_item("heaps", stats.heaps)?;
    dict.set_item("rare_count", stats.rare_count)?;
    dict.set_item("last_rare_heap", stats.last_rare_heap)?;
    dict.set_item("largest_value", stats.largest_value)?;
    dict.set_item("largest_first_heap", stats.largest_first_heap)?;
    dict.set_item("mask", stats.mask)?;
    if let Some(counted) = stats.counted {
        dict.set_item("count_mask", counted.mask)?;
        dict.set_item("count_mask_rare", counted.rare_count)?;
        dict.set_item("count_mask_last_rare", counted.last_rare_heap)?;
    }
    dict.set_item("values_per_second", per_second)?;
    dict.set_item("seconds", seconds)?;
    Ok(dict)
}

/// A pickled `PeriodCertificate` restored: `values` (G(0..preperiod +
/// period)) repeated to `checked_len` values, and the proof checked again.
#[pyfunction]
pub fn _restore_certificate(
    values: Vec<u32>,
    #[pyo3(from_py_with = crate::common::arg::heap)] preperiod: u64,
    #[pyo3(from_py_with = crate::common::arg::max_take_u64)] max_take: u64,
    #[pyo3(from_py_with = crate::common::arg::max_len)] checked_len: u64,
) -> PyResult<PeriodCertificate> {
    let refused = || {
        invalid(
            "values",
            "they prove no period of a game with this max_take",
        )
    };
    let (start, period) = (preperiod, (values.len() as u64).saturating_sub(preperiod));
    if period == 0 || checked_len > MAX_SEQUENCE_HEAP {
        return Err(refused());
    }
    let mut all = values;
    let len = usize::try_from(checked_len).map_err(|_| refused())?;
    while all.len() < len {
        let index = all.len() as u64;
        all.push(all[(start + (index - start) % period) as usize]);
    }
    certify_values(&all, max_take)
        .map(|certificate| PeriodCertificate { certificate })
        .ok_or_else(refused)
}
