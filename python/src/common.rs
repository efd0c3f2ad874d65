//! What every binding shares: the exception hierarchy, budgets, the
//! interruptible runner, and the small answer classes (`Outcome`, `Move`,
//! `Solution`).

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;
use stonegame::{Budget, Convention};

create_exception!(
    stonegame,
    Error,
    PyException,
    "Every error of the library: the message is the Rust `stonegame::Error`'s."
);
create_exception!(
    stonegame,
    BudgetError,
    Error,
    "A table or search needs more memory than the budget (`memory_mib`) allows."
);
create_exception!(
    stonegame,
    WorkLimitError,
    Error,
    "A search reached its work cap (`max_work`) before it could answer."
);
create_exception!(
    stonegame,
    InvalidInputError,
    Error,
    "An input is outside what the game accepts (a bad code, size or parameter)."
);
create_exception!(
    stonegame,
    UnsupportedConventionError,
    Error,
    "The game has no solver for the play convention asked for."
);

/// The Python exception for a library error; its message is the error's Display.
pub fn to_py_error(error: stonegame::Error) -> PyErr {
    use stonegame::Error as E;
    let message = error.to_string();
    match error {
        E::MemoryBudgetExceeded { .. }
        | E::AllocationRefused { .. }
        | E::NoPeriodWithinBudget { .. } => BudgetError::new_err(message),
        E::WorkLimitExceeded { .. } => WorkLimitError::new_err(message),
        E::UnsupportedConvention { .. } => UnsupportedConventionError::new_err(message),
        E::ScoreOverflow { .. }
        | E::SizeLimitExceeded { .. }
        | E::LengthMismatch { .. }
        | E::InvalidParameter { .. }
        | E::CountOverflow { .. }
        | E::CyclicGame { .. }
        | E::PredecessorMismatch { .. } => InvalidInputError::new_err(message),
        _ => Error::new_err(message),
    }
}

/// `Result` of the library, lifted to Python.
pub fn lift<T>(result: stonegame::Result<T>) -> PyResult<T> {
    result.map_err(to_py_error)
}

/// An invalid-input error naming the parameter, in the library's words.
pub fn invalid(name: &'static str, reason: impl Into<String>) -> PyErr {
    to_py_error(stonegame::Error::InvalidParameter {
        name,
        reason: reason.into(),
    })
}

/// The largest `memory_mib` (a budget in bytes must fit in 64 bits), as the CLI.
const MAX_MEMORY_MIB: u64 = 1 << 40;

/// The `Budget` of the keyword arguments `memory_mib` (default 1024) and
/// `max_work` (default: each search's own cap).
pub fn budget(memory_mib: Option<u64>, max_work: Option<u64>) -> PyResult<Budget> {
    let memory = match memory_mib {
        None => Budget::default(),
        Some(mib) if (1..=MAX_MEMORY_MIB).contains(&mib) => Budget::from_mebibytes(mib),
        Some(mib) => {
            return Err(invalid(
                "memory_mib",
                format!("{mib} is not a whole number of MiB from 1 to 2^40"),
            ));
        }
    };
    match max_work {
        None => Ok(memory),
        Some(0) => Err(invalid("max_work", "must be at least 1")),
        Some(steps) => Ok(memory.with_work(steps)),
    }
}

/// The convention of the keyword argument `misere`.
pub fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

/// How often the calling thread looks for a signal while the work runs.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread with the GIL released, polling for signals
/// every 50 ms: Ctrl-C raises `KeyboardInterrupt` at once. The abandoned work
/// runs on to its end, which its memory budget and work cap bound, then frees
/// everything it holds.
pub fn interruptible<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, receiver) = channel();
    std::thread::Builder::new()
        .name("stonegame-work".into())
        .spawn(move || {
            // The caller may have gone (interrupted): nothing to tell then.
            let _ = sender.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    wait_for(py, receiver)
}

/// Waits for the answer with the GIL released, looking for signals every
/// 50 ms (a `KeyboardInterrupt` ends the wait; the answer is then dropped
/// when it comes).
pub fn wait_for<R: Send>(py: Python<'_>, mut receiver: Receiver<R>) -> PyResult<R> {
    loop {
        let (back, answer) = py.detach(move || {
            let answer = receiver.recv_timeout(SIGNAL_POLL);
            (receiver, answer)
        });
        receiver = back;
        match answer {
            Ok(answer) => return Ok(answer),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the worker thread stopped without an answer (a bug: please report it)",
                ));
            }
        }
    }
}

/// One call waiting for the game's thread.
type Job<G> = Box<dyn FnOnce(&mut G) + Send>;

/// A game that lives on a thread of its own, for the games whose calls can be
/// long: each call is sent to it and waited for with signals polled, so
/// Ctrl-C interrupts the wait at once. An interrupted call still finishes on
/// the game's thread (its memory budget and work cap bound it), keeping what
/// the game caches; later calls queue behind it. The thread ends when the
/// Python object is dropped. The game itself never crosses threads (some,
/// such as a misère octal game, are not `Send`).
pub struct Actor<G> {
    jobs: Sender<Job<G>>,
}

impl<G: 'static> Actor<G> {
    /// Starts the game's thread; `make` builds the game there.
    pub fn spawn(make: impl FnOnce() -> G + Send + 'static) -> PyResult<Self> {
        let (jobs, queue) = channel::<Job<G>>();
        std::thread::Builder::new()
            .name("stonegame-game".into())
            .spawn(move || {
                let mut game = make();
                for job in queue {
                    job(&mut game);
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a game thread: {e}")))?;
        Ok(Self { jobs })
    }

    /// Runs `work` on the game and waits for its answer (see [`Actor`]).
    pub fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut G) -> R + Send + 'static,
    ) -> PyResult<R> {
        let (sender, receiver) = channel();
        self.jobs
            .send(Box::new(move |game: &mut G| {
                let _ = sender.send(work(game));
            }))
            .map_err(|_| PyRuntimeError::new_err("the game's thread has stopped"))?;
        wait_for(py, receiver)
    }
}

/// A game whose calls are short (linear in the position at most): answered
/// in place with the GIL released.
pub struct InPlace<G> {
    game: std::sync::Mutex<G>,
}

impl<G: Send> InPlace<G> {
    /// Holds the game.
    pub fn new(game: G) -> Self {
        Self {
            game: std::sync::Mutex::new(game),
        }
    }

    /// Runs `work` on the game.
    pub fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut G) -> R + Send + 'static,
    ) -> PyResult<R> {
        Ok(py.detach(|| {
            let mut game = self.game.lock().unwrap_or_else(|p| p.into_inner());
            work(&mut game)
        }))
    }
}

/// Who wins with perfect play: `str()` is the CLI's word.
#[pyclass(eq, eq_int, hash, frozen, module = "stonegame")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The player to move wins.
    First,
    /// The player to move loses.
    Second,
    /// Neither wins (a tied score, or play that never ends).
    Draw,
}

#[pymethods]
impl Outcome {
    fn __str__(&self) -> &'static str {
        match self {
            Outcome::First => "First",
            Outcome::Second => "Second",
            Outcome::Draw => "Draw",
        }
    }
}

impl From<stonegame::Outcome> for Outcome {
    fn from(outcome: stonegame::Outcome) -> Self {
        match outcome {
            stonegame::Outcome::First => Outcome::First,
            stonegame::Outcome::Second => Outcome::Second,
            _ => Outcome::Draw,
        }
    }
}

/// A move of a built-in game: `str()` is the CLI's form (`I:F->T` for heap
/// games, `L`/`R` for ends, the edge `I:U-V` in Hackenbush, ...).
#[pyclass(frozen, module = "stonegame")]
#[derive(Clone, Debug)]
pub struct Move {
    text: String,
}

impl Move {
    /// The move as the library prints it.
    pub fn of(shown: &impl std::fmt::Display) -> Self {
        Self {
            text: shown.to_string(),
        }
    }
}

#[pymethods]
impl Move {
    fn __str__(&self) -> &str {
        &self.text
    }
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(other) => other.get().text == self.text,
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|text| text == self.text),
        }
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut hasher);
        hasher.finish()
    }
}

/// A solved game: the value, the outcome, the best first move and the
/// optimal line (moves, or positions for retrograde games).
#[pyclass(frozen, module = "stonegame")]
pub struct Solution {
    /// The value: the score difference of a scoring game, the outcome of a
    /// win/lose game, the `Value` word of a retrograde game.
    #[pyo3(get)]
    value: Py<PyAny>,
    /// Who wins.
    #[pyo3(get)]
    outcome: Outcome,
    /// The optimal line from the start.
    #[pyo3(get)]
    line: Py<PyAny>,
    /// Whether the line reaches the end of the game (long lines are cut).
    #[pyo3(get)]
    line_complete: bool,
}

impl Solution {
    /// A solution of already converted parts.
    pub fn new(value: Py<PyAny>, outcome: Outcome, line: Py<PyAny>, line_complete: bool) -> Self {
        Self {
            value,
            outcome,
            line,
            line_complete,
        }
    }

    /// A library solution whose moves print as the CLI prints them.
    pub fn shown<V, M>(
        py: Python<'_>,
        solution: &stonegame::Solution<V, M>,
        value: impl FnOnce(V) -> PyResult<Py<PyAny>>,
    ) -> PyResult<Self>
    where
        V: Copy,
        M: Clone + std::fmt::Display,
    {
        let moves: Vec<Move> = solution.line().iter().map(Move::of).collect();
        Ok(Self::new(
            value(solution.value())?,
            solution.outcome().into(),
            moves.into_pyobject(py)?.into_any().unbind(),
            solution.is_line_complete(),
        ))
    }
}

#[pymethods]
impl Solution {
    /// The first move of the line (`None` when the game is over at the start).
    #[getter]
    fn best_move(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let line = self.line.bind(py);
        if line.len()? == 0 {
            Ok(py.None())
        } else {
            Ok(line.get_item(0)?.unbind())
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Solution(value={}, outcome={}, line={}, line_complete={})",
            self.value.bind(py).repr()?,
            self.outcome.__str__(),
            self.line.bind(py).repr()?,
            if self.line_complete { "True" } else { "False" }
        ))
    }
}

/// A library outcome as the Python object.
pub fn outcome_object(py: Python<'_>, outcome: stonegame::Outcome) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, Outcome::from(outcome))?.into_any())
}
