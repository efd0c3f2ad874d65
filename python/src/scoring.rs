//! The built-in scoring games: a game is its row of stones; `value()` is the
//! first player's total minus the second's under perfect play.
//!
//! As the CLI, values are whole numbers in the i64 range, solved in i64 and
//! again in i128 when the game's up-front overflow check refuses i64.

use crate::common::{
    Call, Limits, Move, Outcome, Solution, arg, cancellable, lift, outcome_object, whole_items,
};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyTuple};
use std::fmt::Display;
use stonegame::prelude::{
    Configure, Ends as RustEnds, EndsRemainder as RustEndsRemainder, Front as RustFront,
    FrontDoubling as RustFrontDoubling, Solve, StoneMerge as RustStoneMerge,
    StoneMod3 as RustStoneMod3, StoneSplit as RustStoneSplit, Valuations as RustValuations,
};
use stonegame::scoring::Score;
use stonegame::{Budget, Error as RustError};

/// What a call asks for.
#[derive(Clone, Copy)]
enum Ask {
    Value,
    Outcome,
    Solve,
}

/// A game's value: a score difference, or (Stone Game IX) who wins.
enum ValueOut {
    Score(i128),
    Outcome(stonegame::Outcome),
}

/// A value the bindings can hand to Python.
trait IntoValueOut: Copy {
    fn value_out(self) -> ValueOut;
}

impl IntoValueOut for i64 {
    fn value_out(self) -> ValueOut {
        ValueOut::Score(i128::from(self))
    }
}

impl IntoValueOut for i128 {
    fn value_out(self) -> ValueOut {
        ValueOut::Score(self)
    }
}

impl IntoValueOut for stonegame::Outcome {
    fn value_out(self) -> ValueOut {
        ValueOut::Outcome(self)
    }
}

/// An answer computed on the worker thread, converted to Python after.
enum Answer {
    Value(ValueOut),
    Outcome(stonegame::Outcome),
    Solved {
        value: ValueOut,
        outcome: stonegame::Outcome,
        moves: Vec<String>,
        complete: bool,
    },
}

/// Answers `ask` on a built game through the `Solve` trait; `shown` prints a
/// move as the CLI does.
fn answer<G>(game: G, ask: Ask, shown: impl Fn(&G::Move) -> String) -> stonegame::Result<Answer>
where
    G: Solve,
    G::Value: IntoValueOut,
{
    Ok(match ask {
        Ask::Value => Answer::Value(game.value()?.value_out()),
        Ask::Outcome => Answer::Outcome(game.outcome()?),
        Ask::Solve => {
            let solution = game.solve()?;
            Answer::Solved {
                value: solution.value().value_out(),
                outcome: solution.outcome(),
                moves: solution.line().iter().map(shown).collect(),
                complete: solution.is_line_complete(),
            }
        }
    })
}

/// The CLI's form of a move.
fn displayed<M: Display>(shown: &M) -> String {
    shown.to_string()
}

/// Solves in i64, then in i128 when the overflow check refuses i64.
fn with_fallback(
    values: Vec<i64>,
    narrow: impl FnOnce(Vec<i64>) -> stonegame::Result<Answer>,
    wide: impl FnOnce(Vec<i128>) -> stonegame::Result<Answer>,
) -> stonegame::Result<Answer> {
    match narrow(values.clone()) {
        Err(RustError::ScoreOverflow { .. }) => wide(values.into_iter().map(i128::from).collect()),
        other => other,
    }
}

/// The Python object of a value.
fn value_object(py: Python<'_>, value: ValueOut) -> PyResult<Py<PyAny>> {
    match value {
        ValueOut::Score(score) => Ok(score.into_pyobject(py)?.into_any().unbind()),
        ValueOut::Outcome(outcome) => outcome_object(py, outcome),
    }
}

/// Converts an answer for Python.
fn answer_object(py: Python<'_>, answer: Answer) -> PyResult<Py<PyAny>> {
    match answer {
        Answer::Value(value) => value_object(py, value),
        Answer::Outcome(outcome) => outcome_object(py, outcome),
        Answer::Solved {
            value,
            outcome,
            moves,
            complete,
        } => {
            let moves: Vec<Move> = moves.iter().map(Move::of).collect();
            let solution = Solution::new(
                value_object(py, value)?,
                Outcome::from(outcome),
                moves.into_pyobject(py)?.into_any().unbind(),
                complete,
            );
            Ok(Py::new(py, solution)?.into_any())
        }
    }
}

/// A row of stone values: whole numbers in the i64 range.
fn row(values: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<i64>> {
    whole_items(values, name)
}

/// `value()`, `outcome()` and `solve()` of a scoring class whose inherent
/// `compute(ask)` answers them; the constructor and other methods in braces.
macro_rules! scoring_class {
    ($name:ident, { $($ctor:tt)* }) => {
        #[pymethods]
        impl $name {
            $($ctor)*

            /// The first player's total minus the second's under perfect play.
            fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.compute(py, Ask::Value)
            }

            /// Who wins (`Outcome.Draw` for a tie).
            fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.compute(py, Ask::Outcome)
            }

            /// The value, the outcome and the whole optimal line.
            fn solve(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.compute(py, Ask::Solve)
            }

            fn __len__(&self) -> usize {
                self.values.len()
            }

            fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
                let name = slf.get_type().name()?.to_string();
                slf.borrow().call(slf.py())?.repr(&name)
            }

            /// Pickle and `copy`: the game made again from its row.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let call = slf.borrow().call(slf.py())?;
                call.reduce(slf.get_type().into_any())
            }
        }
    };
}

/// The longest row answered on the calling thread. A worker thread's start
/// and hand-off cost about 25 µs of CPU; at 64 stones the slowest row game
/// (`FrontDoubling`) solves in about 28 µs and every other in under 13 µs
/// (measured in notes/python-round2.md): up to here the thread costs as much
/// as the solve or more, and the call is too short for Ctrl-C to matter.
pub const SMALL_ROW: usize = 64;

/// Runs a row game's call under `budget`: a row of up to [`SMALL_ROW`]
/// stones on the calling thread, a longer one on a worker thread under a
/// control (Ctrl-C cancels the work, which stops within a fraction of a
/// second, and raises `KeyboardInterrupt`).
fn run_row(
    py: Python<'_>,
    stones: usize,
    budget: Budget,
    work: impl FnOnce(Budget) -> stonegame::Result<Answer> + Send + 'static,
) -> PyResult<Py<PyAny>> {
    let answer = if stones <= SMALL_ROW {
        lift(work(budget))?
    } else {
        lift(cancellable(py, budget, work)?)?
    };
    answer_object(py, answer)
}

/// A row game over any score type, with the budget.
fn row_answer<T: Score, G>(
    build: impl FnOnce(Vec<T>) -> stonegame::Result<G>,
    values: Vec<T>,
    budget: Budget,
    ask: Ask,
) -> stonegame::Result<Answer>
where
    G: Solve + Configure,
    G::Value: IntoValueOut,
    G::Move: Display,
{
    answer(build(values)?.with_budget(budget), ask, displayed)
}

/// Declares a class for a game built from its row alone.
macro_rules! row_game {
    ($(#[$doc:meta])* $name:ident, $py_name:literal, $rust:ident) => {
        $(#[$doc])*
        #[pyclass(name = $py_name, module = "stonegame")]
        pub struct $name {
            values: std::sync::Arc<Vec<i64>>,
            budget: Budget,
            limits: Limits,
        }

        impl $name {
            fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
                Call::new(vec![self.values.as_slice().into_pyobject(py)?.into_any()])
                    .limits(py, self.limits)
            }

            fn compute(&self, py: Python<'_>, ask: Ask) -> PyResult<Py<PyAny>> {
                let values = (*self.values).clone();
                run_row(py, self.values.len(), self.budget, move |budget| {
                    with_fallback(
                        values,
                        |v| row_answer(|v| $rust::<i64>::new(v), v, budget, ask),
                        |v| row_answer(|v| $rust::<i128>::new(v), v, budget, ask),
                    )
                })
            }
        }

        scoring_class!($name, {
            #[new]
            #[pyo3(signature = (values, *, memory_mib = None, max_work = None))]
            fn new(
                values: &Bound<'_, PyAny>,
                #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
                #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
            ) -> PyResult<Self> {
                let values = row(values, "values")?;
                // Refused now, as the Rust constructor would be.
                let _ = lift($rust::<i128>::new(values.iter().map(|&v| i128::from(v)).collect::<Vec<_>>()))?;
                let (limits, budget) = Limits::new(memory_mib, max_work)?;
                Ok(Self {
                    values: std::sync::Arc::new(values),
                    budget,
                    limits,
                })
            }
        });
    };
}

row_game!(
    /// Take the stone at either end of the row; it scores its value
    /// (LeetCode 877, AtCoder EDPC L). Moves print `L` or `R`.
    Ends, "Ends", RustEnds
);
row_game!(
    /// Take the stone at either end; the move scores the sum of the stones
    /// that remain (LeetCode 1690). Moves print `L` or `R`.
    EndsRemainder, "EndsRemainder", RustEndsRemainder
);
row_game!(
    /// Take X stones from the front, 1 <= X <= 2M; scores their sum, then
    /// M = max(M, X), M starting at 1 (LeetCode 1140). Moves print the count taken.
    FrontDoubling, "FrontDoubling", RustFrontDoubling
);
row_game!(
    /// Split the row in two; the heavier part is thrown away and the kept
    /// part's sum scored (LeetCode 1563, "Stone Game V").
    StoneSplit, "StoneSplit", RustStoneSplit
);
row_game!(
    /// Take the x > 1 leftmost stones, score their sum, put the sum back
    /// (LeetCode 1872).
    StoneMerge, "StoneMerge", RustStoneMerge
);

/// Take 1..=`max_take` stones from the front of the row; the move scores
/// their sum (LeetCode 1406 is `max_take=3`). Moves print the count taken.
#[pyclass(name = "Front", module = "stonegame")]
pub struct Front {
    values: std::sync::Arc<Vec<i64>>,
    max_take: usize,
    budget: Budget,
    limits: Limits,
}

impl Front {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![
            self.values.as_slice().into_pyobject(py)?.into_any(),
            self.max_take.into_pyobject(py)?.into_any(),
        ])
        .limits(py, self.limits)
    }

    fn compute(&self, py: Python<'_>, ask: Ask) -> PyResult<Py<PyAny>> {
        let values = (*self.values).clone();
        let max_take = self.max_take;
        run_row(py, self.values.len(), self.budget, move |budget| {
            with_fallback(
                values,
                |v| row_answer(|v| RustFront::<i64>::new(v, max_take), v, budget, ask),
                |v| row_answer(|v| RustFront::<i128>::new(v, max_take), v, budget, ask),
            )
        })
    }
}

scoring_class!(Front, {
    #[new]
    #[pyo3(signature = (values, max_take, *, memory_mib = None, max_work = None))]
    fn new(
        values: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = arg::max_take)] max_take: usize,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let values = row(values, "values")?;
        let _ = lift(RustFront::<i128>::new(
            values.iter().map(|&v| i128::from(v)).collect::<Vec<_>>(),
            max_take,
        ))?;
        let (limits, budget) = Limits::new(memory_mib, max_work)?;
        Ok(Self {
            values: std::sync::Arc::new(values),
            max_take,
            budget,
            limits,
        })
    }
});

/// Each player values the stones differently (`first[i]` to the first
/// player, `second[i]` to the second); a move takes any stone (LeetCode 1686).
/// Moves print the stone taken, numbered from 1 as on the command line.
#[pyclass(name = "Valuations", module = "stonegame")]
pub struct Valuations {
    values: std::sync::Arc<Vec<i64>>,
    count: usize,
    budget: Budget,
    limits: Limits,
}

/// Valuations over a score type: the CLI numbers stones from 1.
fn valuations_answer<T: Score + IntoValueOut>(
    both: Vec<T>,
    count: usize,
    budget: Budget,
    ask: Ask,
) -> stonegame::Result<Answer> {
    let mut first = both;
    let second = first.split_off(count);
    let game = RustValuations::new(first, second)?.with_budget(budget);
    answer(game, ask, |stone| (stone + 1).to_string())
}

impl Valuations {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        let (first, second) = self.values.split_at(self.count);
        Call::new(vec![
            first.into_pyobject(py)?.into_any(),
            second.into_pyobject(py)?.into_any(),
        ])
        .limits(py, self.limits)
    }

    fn compute(&self, py: Python<'_>, ask: Ask) -> PyResult<Py<PyAny>> {
        let values = (*self.values).clone();
        let count = self.count;
        run_row(py, self.values.len(), self.budget, move |budget| {
            with_fallback(
                values,
                |v| valuations_answer(v, count, budget, ask),
                |v| valuations_answer(v, count, budget, ask),
            )
        })
    }
}

scoring_class!(Valuations, {
    #[new]
    #[pyo3(signature = (first, second, *, memory_mib = None, max_work = None))]
    fn new(
        first: &Bound<'_, PyAny>,
        second: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let first = row(first, "first")?;
        let second = row(second, "second")?;
        let count = first.len();
        let _ = lift(RustValuations::<i128>::new(
            first.iter().map(|&v| i128::from(v)).collect::<Vec<_>>(),
            second.iter().map(|&v| i128::from(v)).collect::<Vec<_>>(),
        ))?;
        let mut values = first;
        values.extend(second);
        let (limits, budget) = Limits::new(memory_mib, max_work)?;
        Ok(Self {
            values: std::sync::Arc::new(values),
            count,
            budget,
            limits,
        })
    }
});

/// Stone Game IX (LeetCode 2029): remove one stone a turn; whoever makes the
/// removed sum divisible by 3 loses. Its value is the `Outcome`.
#[pyclass(name = "StoneMod3", module = "stonegame")]
pub struct StoneMod3 {
    values: std::sync::Arc<Vec<u64>>,
    budget: Budget,
    limits: Limits,
}

impl StoneMod3 {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.values.as_slice().into_pyobject(py)?.into_any()])
            .limits(py, self.limits)
    }

    fn compute(&self, py: Python<'_>, ask: Ask) -> PyResult<Py<PyAny>> {
        let stones = (*self.values).clone();
        run_row(py, self.values.len(), self.budget, move |budget| {
            answer(
                RustStoneMod3::new(stones)?.with_budget(budget),
                ask,
                displayed,
            )
        })
    }
}

scoring_class!(StoneMod3, {
    #[new]
    #[pyo3(signature = (values, *, memory_mib = None, max_work = None))]
    fn new(
        values: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let stones = crate::impartial::whole_numbers(values, "values")?;
        let _ = lift(RustStoneMod3::new(&stones))?;
        let (limits, budget) = Limits::new(memory_mib, max_work)?;
        Ok(Self {
            values: std::sync::Arc::new(stones),
            budget,
            limits,
        })
    }
});
