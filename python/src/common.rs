//! What every binding shares: the exception hierarchy, budgets, the
//! cancellable runner, and the small answer classes (`Outcome`, `Move`,
//! `Solution`).

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyAny, PyBool, PyDict, PyFloat, PyInt, PyTuple};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;
use stonegame::control::Control;
use stonegame::{Budget, Convention};

create_exception!(
    stonegame,
    Error,
    PyException,
    "Every error of the library: the message is the Rust `stonegame::Error`'s; the class is the deepest cause's (an error caused by another is the subclass of the cause, which is its `__cause__`)."
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
    "A search reached its work cap (`max_work`) before it could answer, or would need more \
     steps than the cap and was refused before it started."
);
create_exception!(
    stonegame,
    InvalidInputError,
    Error,
    "An input is outside what the game accepts (a bad code, size or parameter); every whole-number argument that is negative, too large, a float, a bool or not a number raises it, naming the argument."
);
create_exception!(
    stonegame,
    UnsupportedConventionError,
    Error,
    "The game has no solver for the play convention asked for."
);

/// The Python exception for a library error: its message is the error's
/// Display, and its class is picked by the deepest library error of its
/// cause chain (`std::error::Error::source`) that names one: a misère sum
/// refused because the exact search hit its work cap is a `WorkLimitError`,
/// whatever the outer error wraps it in. Each library error below it in the
/// chain becomes the exception's `__cause__`, with its own class and message.
pub fn to_py_error(error: stonegame::Error) -> PyErr {
    let chain = cause_chain(&error);
    let class = chain
        .iter()
        .rev()
        .find_map(|link| class_of(link))
        .unwrap_or(ErrorClass::Base);
    let exception = class.new_err(with_python_hint(error.to_string()));
    if let Some(cause) = chain.get(1) {
        Python::attach(|py| exception.set_cause(py, Some(to_py_error((*cause).clone()))));
    }
    exception
}

/// The library's refusals give Rust advice (`Budget::…`, score and count
/// types); from Python the same limits are keyword arguments and the types
/// are chosen for you: the advice is said in Python's words here (as the
/// command line names its flags).
fn with_python_hint(message: String) -> String {
    const PYTHON_WORDS: [(&str, &str); 5] = [
        ("Budget::from_bytes", "memory_mib="),
        ("Budget::with_work", "max_work="),
        (
            "; use a wider score type (i64 or i128)",
            " (scores are exact in 64-bit integers, then in 128-bit ones for the built-in games): use smaller values",
        ),
        (
            "; use a wider type, a big integer (num_bigint::BigUint) or count modulo a number",
            "; count modulo a number (modulo=)",
        ),
        ("Budget::", "memory_mib= and max_work="),
    ];
    PYTHON_WORDS
        .iter()
        .fold(message, |text, (rust, python)| text.replace(rust, python))
}

/// The library errors of `error`'s cause chain, `error` first. A cause held
/// in a `Box` shows in the chain as the box; it is unwrapped here.
fn cause_chain(error: &stonegame::Error) -> Vec<&stonegame::Error> {
    let mut chain = vec![error];
    let mut link: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(error);
    while let Some(current) = link {
        let library = current.downcast_ref::<stonegame::Error>().or_else(|| {
            current
                .downcast_ref::<Box<stonegame::Error>>()
                .map(|boxed| &**boxed)
        });
        match library {
            // A boxed error's own `source` skips the error in the box.
            Some(found) => {
                chain.push(found);
                link = std::error::Error::source(found);
            }
            None => link = current.source(),
        }
    }
    chain
}

/// The exception classes of the library's errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ErrorClass {
    Base,
    Budget,
    WorkLimit,
    InvalidInput,
    UnsupportedConvention,
}

impl ErrorClass {
    fn new_err(self, message: String) -> PyErr {
        match self {
            ErrorClass::Base => Error::new_err(message),
            ErrorClass::Budget => BudgetError::new_err(message),
            ErrorClass::WorkLimit => WorkLimitError::new_err(message),
            ErrorClass::InvalidInput => InvalidInputError::new_err(message),
            ErrorClass::UnsupportedConvention => UnsupportedConventionError::new_err(message),
        }
    }
}

/// The subclass one error names by itself (`None`: the base class, unless a
/// cause below it names one).
fn class_of(error: &stonegame::Error) -> Option<ErrorClass> {
    use stonegame::Error as E;
    match error {
        E::MemoryBudgetExceeded { .. }
        | E::AllocationRefused { .. }
        | E::NoPeriodWithinBudget { .. } => Some(ErrorClass::Budget),
        E::WorkLimitExceeded { .. } | E::WorkLimitWouldExceed { .. } => Some(ErrorClass::WorkLimit),
        E::UnsupportedConvention { .. } => Some(ErrorClass::UnsupportedConvention),
        E::ScoreOverflow { .. }
        | E::SizeLimitExceeded { .. }
        | E::LengthMismatch { .. }
        | E::InvalidParameter { .. }
        | E::CountOverflow { .. }
        | E::CyclicGame { .. }
        | E::PredecessorMismatch { .. } => Some(ErrorClass::InvalidInput),
        _ => None,
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

/// A Rust integer type a Python whole number is validated into.
pub trait WholeNumber: Copy {
    /// The smallest value.
    const MIN: i128;
    /// The largest value.
    const MAX: i128;
    /// The value, known to be within `MIN..=MAX`.
    fn from_checked(value: i128) -> Self;
}

macro_rules! whole_number {
    ($($ty:ty),*) => {$(
        impl WholeNumber for $ty {
            const MIN: i128 = <$ty>::MIN as i128;
            const MAX: i128 = <$ty>::MAX as i128;
            fn from_checked(value: i128) -> Self {
                value as $ty
            }
        }
    )*};
}
whole_number!(u32, u64, usize, i64);

/// What a whole number of type `T` must be, for messages.
fn whole_kind<T: WholeNumber>() -> String {
    format!("a whole number from {} to {}", T::MIN, T::MAX)
}

/// A Python value as a message shows it: an int in full when it fits 128
/// bits (else its size in bits: a huge int's digits are no help, and Python
/// refuses to print more than 4,300), anything else by its type and the
/// first 60 characters of its `repr`.
pub fn shown_value(value: &Bound<'_, PyAny>) -> String {
    if value.is_instance_of::<PyBool>() {
        return format!("bool ({value})");
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(number) = value.extract::<i128>() {
            return number.to_string();
        }
        let bits = value
            .call_method0("bit_length")
            .and_then(|bits| bits.extract::<u64>())
            .unwrap_or(0);
        let sign = if value.lt(0i32).unwrap_or(false) {
            "negative "
        } else {
            ""
        };
        return format!("a {sign}{bits}-bit number");
    }
    let kind = value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "?".into());
    let repr = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    let cut = match repr.char_indices().nth(60) {
        Some((at, _)) => format!("{}...", &repr[..at]),
        None => repr,
    };
    format!("{kind} ({cut})")
}

/// A whole number of type `T` from Python: an `int` or any integer that
/// implements `__index__` (numpy's), not a bool, within `T`'s range. The
/// reason it is not, in words (the caller names the argument).
pub fn whole_value<T: WholeNumber>(value: &Bound<'_, PyAny>) -> Result<T, String> {
    let refused = || format!("{} is not {}", shown_value(value), whole_kind::<T>());
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyFloat>() {
        return Err(refused());
    }
    if !value.is_instance_of::<PyInt>() && !value.hasattr("__index__").unwrap_or(false) {
        return Err(refused());
    }
    // Through i64, else u64: both fast conversions, where i128's goes through
    // Python arithmetic under the stable ABI. Beyond both, no type fits.
    let number = match value.extract::<i64>() {
        Ok(number) => Some(i128::from(number)),
        Err(_) => value.extract::<u64>().ok().map(i128::from),
    };
    match number {
        Some(number) if (T::MIN..=T::MAX).contains(&number) => Ok(T::from_checked(number)),
        _ => Err(refused()),
    }
}

/// A whole-number argument of type `T`, else an `InvalidInputError` naming it.
pub fn whole<T: WholeNumber>(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<T> {
    whole_value(value).map_err(|reason| invalid(name, reason))
}

/// Item `index` (from 0) of an iterable argument as a whole number of type
/// `T`, else an `InvalidInputError` naming the argument and the item.
pub fn whole_item<T: WholeNumber>(
    item: &Bound<'_, PyAny>,
    name: &'static str,
    index: usize,
) -> PyResult<T> {
    whole_value(item).map_err(|reason| invalid(name, format!("value {}: {reason}", index + 1)))
}

/// The items of an iterable argument as whole numbers of type `T`.
pub fn whole_items<T: WholeNumber>(
    values: &Bound<'_, PyAny>,
    name: &'static str,
) -> PyResult<Vec<T>> {
    values
        .try_iter()
        .map_err(|_| {
            invalid(
                name,
                format!(
                    "expected an iterable of whole numbers, got {}",
                    shown_value(values)
                ),
            )
        })?
        .enumerate()
        .map(|(index, item)| whole_item(&item?, name, index))
        .collect()
}

/// Whole numbers in an array-like `positions` (a numpy array of an integer
/// dtype, or anything `numpy.asarray` makes one of): 2-D, one position a
/// row, or 1-D, one number a position. The numbers row after row, and the
/// row's width, and the number of rows. Negative numbers, floats and other
/// dtypes are refused. A C-contiguous `uint64` array is read in place.
pub fn number_rows<'py>(
    positions: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, numpy::PyArrayDyn<u64>>, usize, usize)> {
    use numpy::{PyArrayDyn, PyUntypedArrayMethods};
    let py = positions.py();
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (positions,)).map_err(|_| {
        invalid(
            "positions",
            format!(
                "expected an array of whole numbers, got {}",
                shown_value(positions)
            ),
        )
    })?;
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    let size: usize = array.getattr("size")?.extract()?;
    if !(kind == "u" || kind == "i" || size == 0) || !(1..=2).contains(&ndim) {
        return Err(invalid(
            "positions",
            format!(
                "expected a 1-D or 2-D array of whole numbers, got {ndim} dimensions of dtype {}",
                dtype.str()?
            ),
        ));
    }
    if kind == "i" && size > 0 && array.call_method0("min")?.lt(0i32)? {
        return Err(invalid("positions", "a position holds a negative number"));
    }
    let array = numpy
        .call_method1("ascontiguousarray", (array, "uint64"))?
        .cast_into::<PyArrayDyn<u64>>()?;
    let (count, width) = match array.shape() {
        [count] => (*count, 1),
        shape => (shape[0], shape[1]),
    };
    Ok((array, width, count))
}

/// A validated argument: a whole number, or `None` for an optional one.
pub trait Argument: Sized {
    /// The argument `name` from Python, validated.
    fn extract_named(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Self>;
}

impl<T: WholeNumber> Argument for T {
    fn extract_named(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Self> {
        whole(value, name)
    }
}

impl<T: WholeNumber> Argument for Option<T> {
    fn extract_named(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Self> {
        if value.is_none() {
            Ok(None)
        } else {
            whole(value, name).map(Some)
        }
    }
}

/// The whole-number arguments, one validating function each, for
/// `#[pyo3(from_py_with = arg::NAME)]`: a value that is not a whole number
/// in the Rust type's range (negative, too large, a float, a bool, a string)
/// is an `InvalidInputError` naming the argument, never Python's
/// `OverflowError` or `TypeError`.
pub mod arg {
    use super::Argument;
    use pyo3::prelude::*;

    macro_rules! arguments {
        ($($name:ident: $ty:ty),* $(,)?) => {$(
            #[doc = concat!("The argument `", stringify!($name), "`, validated.")]
            pub fn $name(value: &Bound<'_, PyAny>) -> PyResult<$ty> {
                <$ty as Argument>::extract_named(value, stringify!($name))
            }
        )*};
    }

    /// The argument `memory_mib`, validated: `None`, or a whole number of
    /// MiB from 1 to 2^40 (as the CLI's `--memory-mib`).
    pub fn memory_mib(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let mib = <Option<u64> as Argument>::extract_named(value, "memory_mib")
            .ok()
            .filter(|mib| mib.is_none_or(|mib| (1..=super::MAX_MEMORY_MIB).contains(&mib)));
        mib.ok_or_else(|| {
            super::invalid(
                "memory_mib",
                format!(
                    "{} is not a whole number of MiB from 1 to 2^40",
                    super::shown_value(value)
                ),
            )
        })
    }

    /// The argument `max_take` as a `u64` (a period certificate's).
    pub fn max_take_u64(value: &Bound<'_, PyAny>) -> PyResult<u64> {
        <u64 as Argument>::extract_named(value, "max_take")
    }

    arguments! {
        max_work: Option<u64>,
        upto: u64,
        threads: usize,
        max_len: u64,
        count_mask: Option<u32>,
        heap: u64,
        k: u64,
        max_take: usize,
        a_coins: u64,
        b_coins: u64,
        rounds: u64,
        modulo: Option<u64>,
        n: usize,
        a: u64,
        b: u64,
    }
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

/// How long a cancelled call is waited for: the engines see a cancel within
/// a few milliseconds of work; one that does not look (a Python-defined
/// game, say) is left to finish on its own after this.
const CANCEL_WAIT: Duration = Duration::from_secs(2);

/// Runs `work` on a worker thread with the GIL released, under `budget`
/// watched by a control of its own, polling for signals every 50 ms. On
/// Ctrl-C (or any exception a signal handler raises) the control is
/// cancelled and the worker waited for (it returns `Error::Cancelled`
/// within a fraction of a second, freeing what it holds), then the
/// exception is raised: the next call finds the machine idle.
pub fn cancellable<R: Send + 'static>(
    py: Python<'_>,
    budget: Budget,
    work: impl FnOnce(Budget) -> R + Send + 'static,
) -> PyResult<R> {
    let control = Control::new();
    let watched = budget.with_control(&control);
    // The worker keeps the control alive as long as it runs (a budget only
    // names its control).
    let kept = control.clone();
    let (sender, receiver) = channel();
    std::thread::Builder::new()
        .name("stonegame-work".into())
        .spawn(move || {
            let _ = sender.send(work(watched));
            drop(kept);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    wait_watched(py, receiver, Some(&control))
}

/// Waits for the answer with the GIL released, looking for signals every
/// 50 ms (a `KeyboardInterrupt` ends the wait; the answer is then dropped
/// when it comes).
pub fn wait_for<R: Send>(py: Python<'_>, receiver: Receiver<R>) -> PyResult<R> {
    wait_watched(py, receiver, None)
}

/// [`wait_for`], and on a signal `control` (if any) is cancelled and the
/// cancelled work waited for (up to `CANCEL_WAIT`), so the next call finds
/// the machine idle; a worker that does not stop in time finishes on its own.
fn wait_watched<R: Send>(
    py: Python<'_>,
    mut receiver: Receiver<R>,
    control: Option<&Control>,
) -> PyResult<R> {
    loop {
        let (back, answer) = py.detach(move || {
            let answer = receiver.recv_timeout(SIGNAL_POLL);
            (receiver, answer)
        });
        receiver = back;
        match answer {
            Ok(answer) => return Ok(answer),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    if let Some(control) = control {
                        control.cancel();
                        py.detach(move || drop(receiver.recv_timeout(CANCEL_WAIT)));
                    }
                    return Err(signal);
                }
            }
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
///
/// A game built with [`Actor::spawn_watched`] holds a [`Control`] in its
/// budget: Ctrl-C cancels the running call (its engine returns
/// `Error::Cancelled` within a fraction of a second), so the next call does
/// not queue behind abandoned work.
pub struct Actor<G> {
    jobs: Sender<Job<G>>,
    control: Option<Control>,
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
        Ok(Self {
            jobs,
            control: None,
        })
    }

    /// Starts the game's thread with `make` given `budget` watched by the
    /// actor's control, so Ctrl-C cancels a running call.
    pub fn spawn_watched(
        budget: Budget,
        make: impl FnOnce(Budget) -> G + Send + 'static,
    ) -> PyResult<Self> {
        let control = Control::new();
        let watched = budget.with_control(&control);
        let mut actor = Self::spawn(move || make(watched))?;
        actor.control = Some(control);
        Ok(actor)
    }

    /// Runs `work` on the game and waits for its answer (see [`Actor`]).
    pub fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut G) -> R + Send + 'static,
    ) -> PyResult<R> {
        let (sender, receiver) = channel();
        let control = self.control.clone();
        self.jobs
            .send(Box::new(move |game: &mut G| {
                // A cancel meant for an earlier, abandoned call ends here.
                if let Some(control) = &control {
                    control.reset();
                }
                let _ = sender.send(work(game));
            }))
            .map_err(|_| PyRuntimeError::new_err("the game's thread has stopped"))?;
        wait_watched(py, receiver, self.control.as_ref())
    }
}

/// Positions of an array, row after row: the numbers, the width of a row
/// and the number of rows.
pub type Rows<'a> = (&'a [u64], usize, usize);

/// A game that answers a whole array of positions in one call.
pub trait RunRows<G> {
    /// Runs `work` on the game and the rows of `positions` (see
    /// [`number_rows`]).
    fn run_rows<R: Send + 'static>(
        &self,
        positions: &Bound<'_, PyAny>,
        work: impl FnOnce(&mut G, Rows<'_>) -> R + Send + 'static,
    ) -> PyResult<R>;
}

impl<G: 'static> RunRows<G> for Actor<G> {
    /// The numbers are copied for the game's thread.
    fn run_rows<R: Send + 'static>(
        &self,
        positions: &Bound<'_, PyAny>,
        work: impl FnOnce(&mut G, Rows<'_>) -> R + Send + 'static,
    ) -> PyResult<R> {
        use numpy::PyArrayMethods;
        let (array, width, count) = number_rows(positions)?;
        let values = array.readonly().as_slice()?.to_vec();
        self.run(positions.py(), move |game| {
            work(game, (&values, width, count))
        })
    }
}

impl<G: Send> RunRows<G> for InPlace<G> {
    /// The numbers are read in place, with the GIL released.
    fn run_rows<R: Send + 'static>(
        &self,
        positions: &Bound<'_, PyAny>,
        work: impl FnOnce(&mut G, Rows<'_>) -> R + Send + 'static,
    ) -> PyResult<R> {
        use numpy::PyArrayMethods;
        let (array, width, count) = number_rows(positions)?;
        let readonly = array.readonly();
        let values = readonly.as_slice()?;
        Ok(positions.py().detach(|| {
            let mut game = self.game.lock().unwrap_or_else(|p| p.into_inner());
            work(&mut game, (values, width, count))
        }))
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

/// The members of a Python enum of `stonegame._types`, fetched once.
fn enum_members(
    py: Python<'_>,
    cell: &'static PyOnceLock<Vec<Py<PyAny>>>,
    class: &str,
    names: &[&str],
) -> PyResult<&'static [Py<PyAny>]> {
    cell.get_or_try_init(py, || {
        let class = py.import("stonegame._types")?.getattr(class)?;
        names
            .iter()
            .map(|name| Ok(class.getattr(*name)?.unbind()))
            .collect::<PyResult<Vec<_>>>()
    })
    .map(Vec::as_slice)
}

/// Who wins with perfect play; in Python the `stonegame.Outcome` enum
/// (defined in `stonegame/_types.py`: a `str` enum of the CLI's words).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The player to move wins.
    First,
    /// The player to move loses.
    Second,
    /// Neither wins (a tied score, or play that never ends).
    Draw,
}

static OUTCOMES: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

impl Outcome {
    /// The CLI's word.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::First => "First",
            Outcome::Second => "Second",
            Outcome::Draw => "Draw",
        }
    }
}

impl<'py> IntoPyObject<'py> for Outcome {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let members = enum_members(py, &OUTCOMES, "Outcome", &["First", "Second", "Draw"])?;
        Ok(members[self as usize].bind(py).clone())
    }
}

impl<'py> FromPyObject<'_, 'py> for Outcome {
    type Error = PyErr;

    /// An `Outcome` member or its word.
    fn extract(object: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        match object.extract::<String>().ok().as_deref() {
            Some("First") => Ok(Outcome::First),
            Some("Second") => Ok(Outcome::Second),
            Some("Draw") => Ok(Outcome::Draw),
            _ => Err(invalid(
                "outcome",
                format!(
                    "{} is not an Outcome (First, Second or Draw)",
                    shown_value(&object)
                ),
            )),
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

static CONVENTIONS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

/// The `stonegame.Convention` member of a game's convention.
pub fn convention_object(py: Python<'_>, misere: bool) -> PyResult<Py<PyAny>> {
    let members = enum_members(py, &CONVENTIONS, "Convention", &["Normal", "Misere"])?;
    Ok(members[usize::from(misere)].clone_ref(py))
}

/// One heap's change in a move printed `I:F->T` (`T` may be `A+B`: a split).
struct Change {
    /// The heap, counted from 0.
    heap: u64,
    from: u64,
    to: Vec<u64>,
}

/// `I:F->T` (I from 1), else `None`.
fn change(token: &str) -> Option<Change> {
    let (index, rest) = token.split_once(':')?;
    let (from, to) = rest.split_once("->")?;
    let heap = index.parse::<u64>().ok()?.checked_sub(1)?;
    let to = to
        .split('+')
        .map(|part| part.parse::<u64>().ok())
        .collect::<Option<Vec<_>>>()?;
    Some(Change {
        heap,
        from: from.parse().ok()?,
        to,
    })
}

/// The changes of a move printed as space-separated `I:F->T`, else `None`.
fn changes_of(text: &str) -> Option<Vec<Change>> {
    text.split(' ').map(change).collect()
}

/// A move of a built-in game: `str()` is the CLI's form (`I:F->T` for heap
/// games, `L`/`R` for ends, the edge `I:U-V` in Hackenbush, ...), and the
/// fields read it: `heap` (counted from 0, as Python indexes the position;
/// the text counts from 1 as the CLI), `from_`, `to`, `parts` (the heaps the
/// moved heap becomes: two for a split), `changes` (every heap the move
/// lowers, as `(heap, from, to)`), `side` (`"L"`/`"R"`), `count` (a move
/// printed as a number: the stones taken, or the stone, from 1), `edge` and
/// `ends` (Hackenbush). A field that does not apply is `None`.
///
/// A move equals another with the same text, and its text as a `str`.
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

    /// The move's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The move's one change, when it changes one heap.
    fn single(&self) -> Option<Change> {
        let mut changes = changes_of(&self.text)?;
        if changes.len() == 1 {
            changes.pop()
        } else {
            None
        }
    }

    /// A Hackenbush edge move `I:U-V`: (edge from 0, u, v).
    fn edge_move(&self) -> Option<(u64, u32, u32)> {
        let (index, rest) = self.text.split_once(':')?;
        let (u, v) = rest.split_once('-')?;
        let edge = index.parse::<u64>().ok()?.checked_sub(1)?;
        Some((edge, u.parse().ok()?, v.parse().ok()?))
    }
}

#[pymethods]
impl Move {
    /// A move from its text (the CLI's form), as `repr` shows it.
    #[new]
    pub fn new(text: String) -> Self {
        Self { text }
    }

    /// Pickle and `copy` (every protocol): the move made again from its text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        (slf.get_type().into_any(), (slf.get().text.clone(),))
    }

    /// The heap moved in, counted from 0 (`None` unless one heap changes).
    #[getter]
    pub fn heap(&self) -> Option<u64> {
        self.single().map(|c| c.heap)
    }

    /// The stones in the heap before the move.
    #[getter]
    fn from_(&self) -> Option<u64> {
        self.single().map(|c| c.from)
    }

    /// The stones in the heap after the move (`None` for a split: see `parts`).
    #[getter]
    fn to(&self) -> Option<u64> {
        self.single()
            .and_then(|c| if c.to.len() == 1 { Some(c.to[0]) } else { None })
    }

    /// The heaps the moved heap becomes (two for a split).
    #[getter]
    fn parts(&self) -> Option<Vec<u64>> {
        self.single().map(|c| c.to)
    }

    /// Every heap the move lowers, as `(heap, from, to)` (heap from 0):
    /// several for Moore's Nim and Wythoff's diagonal moves. Empty for a
    /// split or a move that is not a heap change.
    #[getter]
    fn changes(&self) -> Vec<(u64, u64, u64)> {
        changes_of(&self.text)
            .unwrap_or_default()
            .into_iter()
            .filter(|c| c.to.len() == 1)
            .map(|c| (c.heap, c.from, c.to[0]))
            .collect()
    }

    /// `"L"` or `"R"`: the end a scoring move takes from.
    #[getter]
    fn side(&self) -> Option<&str> {
        matches!(self.text.as_str(), "L" | "R").then_some(self.text.as_str())
    }

    /// A move printed as a number: the stones taken (`Front`,
    /// `FrontDoubling`, `StoneMerge`), the stone taken from 1 (`Valuations`).
    #[getter]
    fn count(&self) -> Option<u64> {
        self.text.parse().ok()
    }

    /// The Hackenbush edge deleted, counted from 0 in the list given.
    #[getter]
    fn edge(&self) -> Option<u64> {
        self.edge_move().map(|e| e.0)
    }

    /// The Hackenbush edge's ends `(u, v)`, as given.
    #[getter]
    fn ends(&self) -> Option<(u32, u32)> {
        self.edge_move().map(|e| (e.1, e.2))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = self.text.clone().into_pyobject(py)?;
        Ok(format!("Move({})", text.repr()?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(other) => other.get().text == self.text,
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|text| text == self.text),
        }
    }

    /// `hash(str(move))`: equal to its text, hashed as its text.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text.clone().into_pyobject(py)?.hash()
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
    /// A solution from its parts, as `repr` shows it (and as it unpickles).
    #[new]
    #[pyo3(signature = (value, outcome, line, line_complete = true))]
    fn py_new(
        value: Py<PyAny>,
        outcome: Outcome,
        line: &Bound<'_, PyAny>,
        line_complete: bool,
    ) -> PyResult<Self> {
        let line =
            pyo3::types::PyList::new(line.py(), line.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        Ok(Self::new(
            value,
            outcome,
            line.into_any().unbind(),
            line_complete,
        ))
    }

    /// Pickle and `copy` (every protocol): the solution made again from its parts.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyAny>, (Py<PyAny>, Outcome, Py<PyAny>, bool)) {
        let py = slf.py();
        let this = slf.get();
        (
            slf.get_type().into_any(),
            (
                this.value.clone_ref(py),
                this.outcome,
                this.line.clone_ref(py),
                this.line_complete,
            ),
        )
    }

    /// Who wins.
    #[getter]
    fn outcome(&self) -> Outcome {
        self.outcome
    }

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

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = other.py();
        let Ok(other) = other.cast::<Solution>() else {
            return Ok(false);
        };
        let other = other.get();
        Ok(self.outcome == other.outcome
            && self.line_complete == other.line_complete
            && self.value.bind(py).eq(other.value.bind(py))?
            && self.line.bind(py).eq(other.line.bind(py))?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Solution(value={}, outcome={}, line={}, line_complete={})",
            self.value.bind(py).repr()?,
            self.outcome.into_pyobject(py)?.repr()?,
            self.line.bind(py).repr()?,
            if self.line_complete { "True" } else { "False" }
        ))
    }
}

/// A library outcome as the Python object.
pub fn outcome_object(py: Python<'_>, outcome: stonegame::Outcome) -> PyResult<Py<PyAny>> {
    Ok(Outcome::from(outcome).into_pyobject(py)?.unbind())
}

/// How a Python object is made again: its class called with positional
/// arguments and the keyword arguments that differ from their defaults.
/// It gives the object's `repr` and its `__reduce__` (pickle and `copy`).
pub struct Call<'py> {
    /// The positional arguments.
    pub args: Vec<Bound<'py, PyAny>>,
    /// The keyword arguments, by name.
    pub kwargs: Vec<(&'static str, Bound<'py, PyAny>)>,
}

impl<'py> Call<'py> {
    /// A call with these positional arguments and no keyword argument yet.
    pub fn new(args: Vec<Bound<'py, PyAny>>) -> Self {
        Self {
            args,
            kwargs: Vec::new(),
        }
    }

    /// Adds a keyword argument.
    pub fn kw(mut self, name: &'static str, value: Bound<'py, PyAny>) -> Self {
        self.kwargs.push((name, value));
        self
    }

    /// Adds `misere=` when it differs from the class's default.
    pub fn misere(self, py: Python<'py>, misere: bool, default: bool) -> Self {
        if misere == default {
            self
        } else {
            self.kw("misere", PyBool::new(py, misere).to_owned().into_any())
        }
    }

    /// Adds `memory_mib=` and `max_work=` when they were given.
    pub fn limits(mut self, py: Python<'py>, limits: Limits) -> PyResult<Self> {
        if let Some(mib) = limits.memory_mib {
            self = self.kw("memory_mib", mib.into_pyobject(py)?.into_any());
        }
        if let Some(steps) = limits.max_work {
            self = self.kw("max_work", steps.into_pyobject(py)?.into_any());
        }
        Ok(self)
    }

    /// `Name(arg, ..., name=value, ...)`, each part its `repr`.
    pub fn repr(&self, class: &str) -> PyResult<String> {
        let mut parts = Vec::new();
        for arg in &self.args {
            parts.push(arg.repr()?.to_string());
        }
        for (name, value) in &self.kwargs {
            parts.push(format!("{name}={}", value.repr()?));
        }
        Ok(format!("{class}({})", parts.join(", ")))
    }

    /// `__reduce__`'s answer: `functools.partial(class, *args, **kwargs)`,
    /// called with no arguments.
    pub fn reduce(
        self,
        class: Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = class.py();
        let mut args = vec![class];
        args.extend(self.args);
        let kwargs = PyDict::new(py);
        for (name, value) in self.kwargs {
            kwargs.set_item(name, value)?;
        }
        let partial = py
            .import("functools")?
            .getattr("partial")?
            .call(PyTuple::new(py, args)?, Some(&kwargs))?;
        Ok((partial, PyTuple::empty(py)))
    }
}

/// The keyword arguments `memory_mib=` and `max_work=` as given (kept for
/// `repr`, pickle and copy).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// `memory_mib=`.
    pub memory_mib: Option<u64>,
    /// `max_work=`.
    pub max_work: Option<u64>,
}

impl Limits {
    /// The limits given, and their budget.
    pub fn new(memory_mib: Option<u64>, max_work: Option<u64>) -> PyResult<(Self, Budget)> {
        Ok((
            Self {
                memory_mib,
                max_work,
            },
            budget(memory_mib, max_work)?,
        ))
    }
}
