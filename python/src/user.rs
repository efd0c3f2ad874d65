//! The user's own games from Python callables, solved by the library's
//! generic engines: an impartial game from `moves(position)`, a scoring game
//! from `moves` and `play`, a retrograde game from `successors`.
//!
//! The engines run on the calling thread with the GIL held (they call back
//! into Python). The first exception a callable raises is kept, the engine is
//! stopped (`ControlFlow::Break`, or no more moves listed), and the exception
//! is raised again unchanged. Every 1,024 calls the engine looks for signals:
//! Ctrl-C stops it the same way with `KeyboardInterrupt`. A stopped engine
//! has seen part of the game only: whatever it kept is dropped (every entry
//! point starts the next call from a fresh solver), so a later call never
//! answers from a search that was cut short.
//!
//! The Python positions a game holds count against half its budget
//! ([`crate::held`]); the solver's tables get the other half.

use crate::common::{
    Call, Limits, Outcome, Solution, arg, budget, convention, convention_object, invalid, lift,
    outcome_object, shown_value, whole,
};
use crate::held::{Held, RECORD_BYTES, deep_size, split};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyBool, PyTuple};
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, TryLockError};
use stonegame::impartial::ImpartialGame as RustImpartial;
use stonegame::prelude::{Configure, GrundySolver, Negamax, NimberAt, Retrograde, Solve, SolveAt};
use stonegame::scoring::ScoringGame as RustScoring;
use stonegame::{Budget, Convention};

thread_local! {
    /// The first exception a callable raised during the current solve.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
    /// Callables called since the last look for signals.
    static CALLS: Cell<u32> = const { Cell::new(0) };
}

/// The largest `upto` of a user's game's `grundy_sequence` (as
/// `Subtraction.grundy_sequence`'s).
const MAX_UPTO: u64 = 10_000_000;

/// How many callable calls between two looks for signals.
const SIGNAL_EVERY: u32 = 1024;

/// Keeps the first exception of the solve.
fn keep(error: PyErr) {
    PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        if pending.is_none() {
            *pending = Some(error);
        }
    });
}

/// Whether the solve is stopping (an exception is kept).
fn stopping() -> bool {
    PENDING.with(|pending| pending.borrow().is_some())
}

/// Counts a call; every 1,024 calls, runs Python's signal handlers (Ctrl-C
/// keeps a `KeyboardInterrupt`).
fn tick(py: Python<'_>) {
    let calls = CALLS.with(|calls| {
        let next = calls.get().wrapping_add(1);
        calls.set(next);
        next
    });
    if calls.is_multiple_of(SIGNAL_EVERY)
        && let Err(error) = py.check_signals()
    {
        keep(error);
    }
}

/// Runs a solve: the kept exception, if any, wins over the engine's answer.
/// A solve may run inside another (a callable of one game asks another
/// game): the outer solve's kept exception is set aside and put back.
fn solving<R>(solve: impl FnOnce() -> stonegame::Result<R>) -> PyResult<R> {
    let outer = PENDING.with(|pending| pending.borrow_mut().take());
    let answer = solve();
    let kept = PENDING.with(|pending| std::mem::replace(&mut *pending.borrow_mut(), outer));
    match kept {
        Some(error) => Err(error),
        None => lift(answer),
    }
}

/// A solver used by one call at a time. The engines run with the GIL held,
/// but a callable may let another Python thread in (it then waits for the
/// solver), or call its own game again (refused: that would wait for ever).
pub struct Exclusive<T> {
    value: Mutex<T>,
    /// The number of the thread using the solver (0: none).
    owner: AtomicU64,
}

/// A number for the current thread (from 1).
fn thread_number() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static NUMBER: u64 = NEXT.fetch_add(1, AtomicOrdering::Relaxed);
    }
    NUMBER.with(|number| *number)
}

impl<T: Send> Exclusive<T> {
    fn new(value: T) -> Self {
        Self {
            value: Mutex::new(value),
            owner: AtomicU64::new(0),
        }
    }

    /// Runs `work` on the solver once no other thread uses it.
    fn with<R>(&self, py: Python<'_>, work: impl FnOnce(&mut T) -> R) -> PyResult<R> {
        let me = thread_number();
        if self.owner.load(AtomicOrdering::Acquire) == me {
            return Err(PyRuntimeError::new_err(
                "this game is being solved already: a callable of the game called the game again",
            ));
        }
        let mut guard = loop {
            match self.value.try_lock() {
                Ok(guard) => break guard,
                Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(std::time::Duration::from_millis(1)));
                }
            }
        };
        self.owner.store(me, AtomicOrdering::Release);
        let answer = work(&mut guard);
        self.owner.store(0, AtomicOrdering::Release);
        Ok(answer)
    }
}

/// A Python position: hashed and measured once when it is met (an
/// unhashable position raises then, and one that would take the game's
/// Python positions past their budget is refused), compared with Python's
/// `==`. Copies share the record.
pub struct PyPosition(Arc<Record>);

/// One Python position met in play: its size is counted in `held` while
/// the record lives.
struct Record {
    object: Py<PyAny>,
    hash: isize,
    bytes: u64,
    held: Arc<Held>,
}

impl Drop for Record {
    fn drop(&mut self) {
        self.held.release(self.bytes);
    }
}

impl PyPosition {
    /// A position met in play, counted in `held`.
    fn new(object: Bound<'_, PyAny>, held: &Arc<Held>) -> PyResult<Self> {
        let hash = object.hash()?;
        let bytes = deep_size(&object)?.saturating_add(RECORD_BYTES);
        held.charge(bytes)?;
        Ok(Self(Arc::new(Record {
            object: object.unbind(),
            hash,
            bytes,
            held: Arc::clone(held),
        })))
    }

    fn object(&self) -> &Py<PyAny> {
        &self.0.object
    }

    fn hash_value(&self) -> isize {
        self.0.hash
    }
}

impl Clone for PyPosition {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl PartialEq for PyPosition {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || self.hash_value() == other.hash_value()
                && Python::attach(|py| {
                    self.object()
                        .bind(py)
                        .eq(other.object().bind(py))
                        .unwrap_or_else(|error| {
                            keep(error);
                            false
                        })
                })
    }
}

impl Eq for PyPosition {}

impl Hash for PyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash_value().hash(state);
    }
}

/// Any total order agreeing with `==` (the misère search sorts a sum's
/// components): by hash, then Python's `<` for equal hashes.
impl Ord for PyPosition {
    fn cmp(&self, other: &Self) -> Ordering {
        match self.hash_value().cmp(&other.hash_value()) {
            Ordering::Equal if self != other => {
                Python::attach(
                    |py| match self.object().bind(py).lt(other.object().bind(py)) {
                        Ok(true) => Ordering::Less,
                        Ok(false) => Ordering::Greater,
                        Err(error) => {
                            keep(error);
                            Ordering::Less
                        }
                    },
                )
            }
            order => order,
        }
    }
}

impl PartialOrd for PyPosition {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Debug for PyPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Python::attach(|py| write!(f, "{}", self.object().bind(py)))
    }
}

/// Calls `function(arguments)` and lists the items of the iterable it returns.
fn listed<'py>(
    py: Python<'py>,
    function: &Py<PyAny>,
    arguments: impl pyo3::call::PyCallArgs<'py>,
    mut each: impl FnMut(Bound<'py, PyAny>) -> PyResult<ControlFlow<()>>,
) -> ControlFlow<()> {
    if stopping() {
        return ControlFlow::Break(());
    }
    tick(py);
    let listing = (|| -> PyResult<ControlFlow<()>> {
        for item in function.bind(py).call1(arguments)?.try_iter()? {
            if each(item?)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    })();
    listing.unwrap_or_else(|error| {
        keep(error);
        ControlFlow::Break(())
    })
}

/// An impartial game whose options `moves(position)` lists.
pub struct PyImpartialRules {
    moves: Py<PyAny>,
    splits: bool,
    held: Arc<Held>,
}

impl RustImpartial for PyImpartialRules {
    type Position = PyPosition;

    fn for_each_option(
        &self,
        position: &PyPosition,
        mut visit: impl FnMut(&[PyPosition]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        Python::attach(|py| {
            listed(py, &self.moves, (position.object().bind(py),), |item| {
                if self.splits {
                    let parts = item
                        .try_iter()?
                        .map(|part| PyPosition::new(part?, &self.held))
                        .collect::<PyResult<Vec<_>>>()?;
                    Ok(visit(&parts))
                } else {
                    Ok(visit(std::slice::from_ref(&PyPosition::new(
                        item, &self.held,
                    )?)))
                }
            })
        })
    }
}

/// Positions as the engines take them: one position, or a sum's components.
fn components(
    position: &Bound<'_, PyAny>,
    sum: bool,
    held: &Arc<Held>,
) -> PyResult<Vec<PyPosition>> {
    if sum {
        position
            .try_iter()?
            .map(|part| PyPosition::new(part?, held))
            .collect()
    } else {
        Ok(vec![PyPosition::new(position.clone(), held)?])
    }
}

/// Your own impartial game: `moves(position)` returns the positions one move
/// reaches (with `splits=True`, each option is a list of positions: a move
/// that splits the position into a sum). Positions must be hashable.
/// Solved by the generic Grundy engine (misère play by its exact search);
/// values are remembered between calls. `memory_mib` bounds the solver's
/// tables (half of it) and the Python positions the game holds (the other
/// half, each counted at its deep size as `sys.getsizeof` reports it).
#[pyclass(module = "stonegame")]
pub struct ImpartialGame {
    solver: Exclusive<GrundySolver<PyImpartialRules>>,
    moves: Py<PyAny>,
    splits: bool,
    misere: bool,
    /// The solver's half of the budget.
    tables: Budget,
    held: Arc<Held>,
    limits: Limits,
}

impl ImpartialGame {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        let mut call = Call::new(vec![self.moves.bind(py).clone()]);
        if self.splits {
            call = call.kw("splits", PyBool::new(py, true).to_owned().into_any());
        }
        call.misere(py, self.misere, false).limits(py, self.limits)
    }

    /// Runs `work` on the solver; after an error the solver starts again
    /// from nothing (a stopped search may have kept values computed from
    /// part of the options).
    fn with<R>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut GrundySolver<PyImpartialRules>) -> PyResult<R>,
    ) -> PyResult<R> {
        self.solver.with(py, |solver| {
            let answer = work(solver);
            if answer.is_err() {
                *solver = self.fresh(py);
            }
            answer
        })?
    }

    /// A solver that knows no value yet.
    fn fresh(&self, py: Python<'_>) -> GrundySolver<PyImpartialRules> {
        let rules = PyImpartialRules {
            moves: self.moves.clone_ref(py),
            splits: self.splits,
            held: Arc::clone(&self.held),
        };
        let solver = GrundySolver::new(rules);
        Configure::with_budget(
            SolveAt::with_convention(solver, convention(self.misere)),
            self.tables,
        )
    }

    /// A query's positions, counted with the game's.
    fn components(&self, position: &Bound<'_, PyAny>, sum: bool) -> PyResult<Vec<PyPosition>> {
        components(position, sum, &self.held)
    }

    /// An option as the user gave it: one position, or the list of parts.
    fn option_object(&self, py: Python<'_>, option: &[PyPosition]) -> PyResult<Py<PyAny>> {
        if !self.splits && option.len() == 1 {
            return Ok(option[0].object().clone_ref(py));
        }
        let parts: Vec<Py<PyAny>> = option.iter().map(|p| p.object().clone_ref(py)).collect();
        Ok(parts.into_pyobject(py)?.into_any().unbind())
    }
}

#[pymethods]
impl ImpartialGame {
    #[new]
    #[pyo3(signature = (moves, *, splits = false, misere = false, memory_mib = None, max_work = None))]
    fn new(
        py: Python<'_>,
        moves: Py<PyAny>,
        splits: bool,
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let (tables, positions) = split(budget(memory_mib, max_work)?);
        let held = Arc::new(Held::new(positions));
        let rules = PyImpartialRules {
            moves: moves.clone_ref(py),
            splits,
            held: Arc::clone(&held),
        };
        let solver = Configure::with_budget(
            SolveAt::with_convention(GrundySolver::new(rules), convention(misere)),
            tables,
        );
        Ok(Self {
            solver: Exclusive::new(solver),
            moves,
            splits,
            misere,
            tables,
            held,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }

    /// The Grundy value of `position` (with `sum=True`, of the sum of the
    /// positions listed). Normal play only: a misère game refuses with
    /// `UnsupportedConventionError`.
    #[pyo3(signature = (position, *, sum = false))]
    fn nimber(&self, py: Python<'_>, position: &Bound<'_, PyAny>, sum: bool) -> PyResult<u64> {
        let position = self.components(position, sum)?;
        self.with(py, |solver| solving(|| NimberAt::nimber(solver, &position)))
            .map(|nimber| nimber.0)
    }

    /// G(0..=upto) as a numpy `uint64` array, for a game whose positions
    /// are the ints 0, 1, 2, ...: `nimber(n)` for each `n`, in one call
    /// (the values are remembered as `nimber`'s). Normal play only, as
    /// `nimber`; `upto` at most 10,000,000.
    fn grundy_sequence<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::upto)] upto: u64,
    ) -> PyResult<Bound<'py, numpy::PyArray1<u64>>> {
        use numpy::IntoPyArray;
        if upto > MAX_UPTO {
            return Err(crate::common::to_py_error(
                stonegame::Error::SizeLimitExceeded {
                    what: "upto",
                    value: u128::from(upto),
                    limit: u128::from(MAX_UPTO),
                },
            ));
        }
        lift(
            self.tables
                .check_elements::<u64>(u128::from(upto) + 1, "Grundy sequence"),
        )?;
        let values = self.with(py, |solver| {
            (0..=upto)
                .map(|n| {
                    let position = self.components(&n.into_pyobject(py)?.into_any(), false)?;
                    solving(|| NimberAt::nimber(solver, &position)).map(|n| n.0)
                })
                .collect::<PyResult<Vec<u64>>>()
        })?;
        Ok(values.into_pyarray(py))
    }

    /// Who wins from `position` (with `sum=True`, from the sum of the positions listed).
    #[pyo3(signature = (position, *, sum = false))]
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>, sum: bool) -> PyResult<Outcome> {
        let position = self.components(position, sum)?;
        self.with(py, |solver| solving(|| SolveAt::outcome(solver, &position)))
            .map(Outcome::from)
    }

    /// A winning move: `(component, option)`, the index of the component
    /// played in and what it becomes (a position, or with `splits=True` a
    /// list of positions); `None` when the player to move loses.
    #[pyo3(signature = (position, *, sum = false))]
    fn winning_move(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        sum: bool,
    ) -> PyResult<Option<(usize, Py<PyAny>)>> {
        let position = self.components(position, sum)?;
        let found = self.with(py, |solver| {
            solving(|| SolveAt::winning_move(solver, &position))
        })?;
        found
            .map(|m| Ok((m.component, self.option_object(py, &m.option)?)))
            .transpose()
    }

    /// The outcome and a line of play: its moves are `(component, option)` as
    /// `winning_move`'s.
    #[pyo3(signature = (position, *, sum = false))]
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>, sum: bool) -> PyResult<Solution> {
        let position = self.components(position, sum)?;
        let solution = self.with(py, |solver| solving(|| SolveAt::solve(solver, &position)))?;
        let line = solution
            .line()
            .iter()
            .map(|m| Ok((m.component, self.option_object(py, &m.option)?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Solution::new(
            outcome_object(py, solution.outcome())?,
            solution.outcome().into(),
            line.into_pyobject(py)?.into_any().unbind(),
            solution.is_line_complete(),
        ))
    }

    /// Whether the game is played misère (the last move loses).
    #[getter]
    fn misere(&self) -> bool {
        self.misere
    }

    /// The play convention, `Convention.Normal` or `Convention.Misere`.
    #[getter]
    fn convention(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        convention_object(py, self.misere)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?.to_string();
        slf.borrow().call(slf.py())?.repr(&name)
    }

    /// Pickle and `copy`: a new game of the same callables and settings
    /// (they pickle when they are module-level functions); what the solver
    /// remembers is not copied.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let call = slf.borrow().call(slf.py())?;
        call.reduce(slf.get_type().into_any())
    }

    /// The bytes the game's Python positions count against its budget now
    /// (each at its deep size as `sys.getsizeof` reports it, plus 64 bytes
    /// of bookkeeping).
    #[getter]
    fn held_bytes(&self) -> u64 {
        self.held.bytes()
    }
}

/// A move of a user's scoring game: any Python object (not hashed).
pub struct PyMove(Py<PyAny>);

impl Clone for PyMove {
    fn clone(&self) -> Self {
        Python::attach(|py| PyMove(self.0.clone_ref(py)))
    }
}

impl std::fmt::Debug for PyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Python::attach(|py| write!(f, "{}", self.0.bind(py)))
    }
}

/// A scoring game from `start`, `moves(position)` and `play(position, move)`.
pub struct PyScoringRules {
    start: PyPosition,
    moves: Py<PyAny>,
    play: Py<PyAny>,
    held: Arc<Held>,
}

impl PyScoringRules {
    /// `play(position, move)` as `(points, next_position)`: a refusal names
    /// what the callable returned when it is not a pair whose points are a
    /// whole number in the i64 range.
    fn played(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        mv: &PyMove,
    ) -> PyResult<(i64, PyPosition)> {
        let answer = self
            .play
            .bind(py)
            .call1((position.object().bind(py), mv.0.bind(py)))?;
        let pair = answer
            .extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()
            .map_err(|_| {
                invalid(
                    "play",
                    format!(
                        "play(position, move) must return (points, next_position), not {}",
                        shown_value(&answer)
                    ),
                )
            })?;
        let points = whole::<i64>(&pair.0, "points")?;
        Ok((points, PyPosition::new(pair.1, &self.held)?))
    }
}

impl RustScoring for PyScoringRules {
    type Position = PyPosition;
    type Move = PyMove;
    type Score = i64;

    fn start(&self) -> PyPosition {
        self.start.clone()
    }

    fn for_each_move(
        &self,
        position: &PyPosition,
        mut visit: impl FnMut(PyMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        Python::attach(|py| {
            listed(py, &self.moves, (position.object().bind(py),), |item| {
                Ok(visit(PyMove(item.unbind())))
            })
        })
    }

    fn play(&self, position: &PyPosition, mv: &PyMove) -> (i64, PyPosition) {
        Python::attach(|py| {
            if stopping() {
                return (0, position.clone());
            }
            tick(py);
            self.played(py, position, mv).unwrap_or_else(|error| {
                keep(error);
                (0, position.clone())
            })
        })
    }
}

/// Your own scoring game: from `start`, `moves(position)` lists the moves
/// and `play(position, move)` returns `(points, next_position)`: the points
/// the mover scores (an int in the i64 range) and where the game goes.
/// Positions must be hashable. `value()` is the first player's total minus
/// the second's under perfect play (the generic negamax engine).
/// `memory_mib` bounds the solver's tables (half of it) and the Python
/// positions the game holds (the other half, each counted at its deep size
/// as `sys.getsizeof` reports it).
#[pyclass(module = "stonegame")]
pub struct ScoringGame {
    solver: Exclusive<Negamax<PyScoringRules>>,
    /// The solver's half of the budget.
    tables: Budget,
    held: Arc<Held>,
    /// `start`, `moves` and `play` as given.
    given: [Py<PyAny>; 3],
    limits: Limits,
}

impl ScoringGame {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        let args = self
            .given
            .iter()
            .map(|given| given.bind(py).clone())
            .collect();
        Call::new(args).limits(py, self.limits)
    }

    /// Runs `work`; after an error the solver starts again from nothing (a
    /// stopped search may have kept values computed from part of the moves,
    /// or even taken itself for complete).
    fn with<R>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&Negamax<PyScoringRules>) -> PyResult<R>,
    ) -> PyResult<R> {
        self.solver.with(py, |solver| {
            let answer = work(solver);
            if answer.is_err() {
                let rules = solver.game();
                let rules = PyScoringRules {
                    start: rules.start.clone(),
                    moves: rules.moves.clone_ref(py),
                    play: rules.play.clone_ref(py),
                    held: Arc::clone(&rules.held),
                };
                *solver = Configure::with_budget(Negamax::new(rules), self.tables);
            }
            answer
        })?
    }
}

#[pymethods]
impl ScoringGame {
    #[new]
    #[pyo3(signature = (start, moves, play, *, memory_mib = None, max_work = None))]
    fn new(
        start: &Bound<'_, PyAny>,
        moves: Py<PyAny>,
        play: Py<PyAny>,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let (tables, positions) = split(budget(memory_mib, max_work)?);
        let held = Arc::new(Held::new(positions));
        let given = [
            start.clone().unbind(),
            moves.clone_ref(start.py()),
            play.clone_ref(start.py()),
        ];
        let rules = PyScoringRules {
            start: PyPosition::new(start.clone(), &held)?,
            moves,
            play,
            held: Arc::clone(&held),
        };
        let solver = Configure::with_budget(Negamax::new(rules), tables);
        Ok(Self {
            solver: Exclusive::new(solver),
            tables,
            held,
            given,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }

    /// The first player's total minus the second's under perfect play.
    fn value(&self, py: Python<'_>) -> PyResult<i64> {
        self.with(py, |solver| solving(|| Solve::value(solver)))
    }

    /// Who wins (`Outcome.Draw` for a tie).
    fn outcome(&self, py: Python<'_>) -> PyResult<Outcome> {
        self.with(py, |solver| solving(|| Solve::outcome(solver)))
            .map(Outcome::from)
    }

    /// The value, the outcome and the optimal line (the moves as `moves` gave them).
    fn solve(&self, py: Python<'_>) -> PyResult<Solution> {
        let solution = self.with(py, |solver| solving(|| Solve::solve(solver)))?;
        let line: Vec<Py<PyAny>> = solution.line().iter().map(|m| m.0.clone_ref(py)).collect();
        Ok(Solution::new(
            solution.value().into_pyobject(py)?.into_any().unbind(),
            solution.outcome().into(),
            line.into_pyobject(py)?.into_any().unbind(),
            solution.is_line_complete(),
        ))
    }

    /// The bytes the game's Python positions count against its budget now
    /// (each at its deep size as `sys.getsizeof` reports it, plus 64 bytes
    /// of bookkeeping).
    #[getter]
    fn held_bytes(&self) -> u64 {
        self.held.bytes()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?.to_string();
        slf.borrow().call(slf.py())?.repr(&name)
    }

    /// Pickle and `copy`: a new game of the same callables and settings
    /// (they pickle when they are module-level functions); what the solver
    /// remembers is not copied.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let call = slf.borrow().call(slf.py())?;
        call.reduce(slf.get_type().into_any())
    }
}

/// Your own game, cycles and draws allowed: `successors(position)` lists the
/// positions one move reaches; a player with no move loses (wins with
/// `misere=True`). Solved by retrograde analysis; positions must be hashable.
/// Each call solves afresh. `memory_mib` bounds the solver's tables (half of
/// it) and the Python positions the call holds (the other half, each
/// counted at its deep size as `sys.getsizeof` reports it).
#[pyclass(module = "stonegame")]
pub struct RetrogradeGame {
    successors: Py<PyAny>,
    convention: Convention,
    /// The solver's half of the budget.
    tables: Budget,
    held: Arc<Held>,
    limits: Limits,
}

#[pymethods]
impl RetrogradeGame {
    #[new]
    #[pyo3(signature = (successors, *, misere = false, memory_mib = None, max_work = None))]
    fn new(
        successors: Py<PyAny>,
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let (tables, positions) = split(budget(memory_mib, max_work)?);
        Ok(Self {
            successors,
            convention: convention(misere),
            tables,
            held: Arc::new(Held::new(positions)),
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }

    /// The value of `start` for the player to move there: `"Win"`, `"Lose"`
    /// or `"Draw"` (play goes on for ever).
    fn value(&self, py: Python<'_>, start: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.solved(py, start)?.value().to_string())
    }

    /// Who wins from `start` (`Outcome.Draw` for a draw).
    fn outcome(&self, py: Python<'_>, start: &Bound<'_, PyAny>) -> PyResult<Outcome> {
        Ok(self.solved(py, start)?.outcome().into())
    }

    /// The value word, the outcome and the optimal line from `start`: the
    /// positions it goes through (the winner hurries, the loser delays).
    fn solve(&self, py: Python<'_>, start: &Bound<'_, PyAny>) -> PyResult<Solution> {
        let solution = self.solved(py, start)?;
        let line: Vec<Py<PyAny>> = solution
            .line()
            .iter()
            .map(|p| p.object().clone_ref(py))
            .collect();
        Ok(Solution::new(
            solution
                .value()
                .to_string()
                .into_pyobject(py)?
                .into_any()
                .unbind(),
            solution.outcome().into(),
            line.into_pyobject(py)?.into_any().unbind(),
            solution.is_line_complete(),
        ))
    }

    /// Whether the game is played misère (a player with no move wins).
    #[getter]
    fn misere(&self) -> bool {
        self.convention == Convention::Misere
    }

    /// The play convention, `Convention.Normal` or `Convention.Misere`.
    #[getter]
    fn convention(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        convention_object(py, self.misere())
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?.to_string();
        slf.borrow().call(slf.py())?.repr(&name)
    }

    /// Pickle and `copy`: a new game of the same callables and settings
    /// (they pickle when they are module-level functions); what the solver
    /// remembers is not copied.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let call = slf.borrow().call(slf.py())?;
        call.reduce(slf.get_type().into_any())
    }
}

impl RetrogradeGame {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.successors.bind(py).clone()])
            .misere(py, self.misere(), false)
            .limits(py, self.limits)
    }

    fn solved(
        &self,
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
    ) -> PyResult<stonegame::Solution<stonegame::prelude::Value, PyPosition>> {
        let start = PyPosition::new(start.clone(), &self.held)?;
        let successors = self.successors.clone_ref(py);
        let held = Arc::clone(&self.held);
        let successors = move |position: &PyPosition| -> Vec<PyPosition> {
            Python::attach(|py| {
                let mut next = Vec::new();
                let _ = listed(py, &successors, (position.object().bind(py),), |item| {
                    next.push(PyPosition::new(item, &held)?);
                    Ok(ControlFlow::Continue(()))
                });
                if stopping() {
                    // Stop the exploration: no more positions are met.
                    next.clear();
                }
                next
            })
        };
        solving(|| {
            Retrograde::new(successors)
                .with_convention(self.convention)
                .with_budget(self.tables)
                .solve_from(start)
        })
    }
}
