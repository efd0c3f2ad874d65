//! The built-in impartial games: a game is its rules, a position is passed
//! to each call (`outcome(position)`, `winning_move`, `nimber`, `solve`).

use crate::common::{
    Actor, Call, InPlace, Limits, Move, Outcome, RunRows, Solution, arg, budget, convention,
    convention_object, invalid, lift, outcome_object, to_py_error, whole, whole_items, whole_value,
};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyTuple};
use stonegame::impartial::octal::MAX_SEQUENCE_HEAP;
use stonegame::prelude::{
    BallBox, Boxes, Configure, Euclid, FibonacciNim, FibonacciPosition, LastOne, Moore, Nim,
    NimberAt, OctalGame as RustOctal, Solve, SolveAt, Staircase, Subtraction as RustSubtraction,
    SubtractionSet, TakeAndBreak, Wythoff,
};

/// The largest `upto` of a subtraction game's sequence, as the CLI's `grundy --set`.
const MAX_SET_UPTO: u64 = 10_000_000;

/// Heap sizes: any iterable of whole numbers from 0 to 2^64 - 1 (a list, a
/// tuple, a numpy array), named `name` in a refusal.
pub fn whole_numbers(values: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<u64>> {
    whole_items(values, name)
}

/// A position of heap sizes.
pub fn heaps(position: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    whole_numbers(position, "heap")
}

/// A pair `(a, b)` of whole numbers (Wythoff's two heaps, Euclid's two numbers).
fn pair(position: &Bound<'_, PyAny>) -> PyResult<[u64; 2]> {
    let values = heaps(position)?;
    <[u64; 2]>::try_from(values.as_slice()).map_err(|_| {
        invalid(
            "position",
            format!("expected two whole numbers, got {}", values.len()),
        )
    })
}

/// Euclid's pair: two positive numbers. A zero is refused in the CLI's
/// words (`value I ('0') is not a positive whole number ...`), as the
/// README promises the CLI's messages word for word.
fn euclid_pair(position: &Bound<'_, PyAny>) -> PyResult<[u64; 2]> {
    let numbers = pair(position)?;
    match numbers.iter().position(|&n| n == 0) {
        Some(index) => Err(crate::common::InvalidInputError::new_err(euclid_zero(
            index,
        ))),
        None => Ok(numbers),
    }
}

/// The CLI's refusal of a zero as number `index` (from 0) of Euclid's pair.
fn euclid_zero(index: usize) -> String {
    format!(
        "value {} ('0') is not a positive whole number up to {}: a zero ends Euclid's game",
        index + 1,
        u64::MAX
    )
}

/// `answer` of each row of Euclid's pairs (two positive numbers).
fn euclid_rows<R>(
    rows: Rows<'_>,
    mut answer: impl FnMut(&[u64; 2]) -> stonegame::Result<R>,
) -> stonegame::Result<Vec<R>> {
    let mut index = 0;
    pair_rows(rows, |pair| {
        index += 1;
        match pair.iter().position(|&n| n == 0) {
            Some(at) => Err(bad_row(index - 1, euclid_zero(at))),
            None => answer(pair),
        }
    })
}

/// Edges: an iterable of `(u, v)` pairs of vertex numbers from 0 to 2^32 - 1.
pub fn vertex_pairs(edges: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<(u32, u32)>> {
    edges
        .try_iter()
        .map_err(|_| invalid(name, "expected an iterable of (u, v) pairs"))?
        .enumerate()
        .map(|(index, edge)| {
            let edge = edge?;
            let ends = edge
                .try_iter()
                .and_then(|ends| ends.collect::<PyResult<Vec<_>>>())
                .ok()
                .filter(|ends| ends.len() == 2)
                .ok_or_else(|| {
                    invalid(name, format!("edge {}: expected a (u, v) pair", index + 1))
                })?;
            let end = |at: usize, end: &str| {
                whole_value(&ends[at]).map_err(|reason| {
                    invalid(name, format!("edge {}: {end} = {reason}", index + 1))
                })
            };
            Ok((end(0, "u")?, end(1, "v")?))
        })
        .collect()
}

/// Boxes: `(balls, max_take)` pairs.
fn ball_boxes(position: &Bound<'_, PyAny>) -> PyResult<Vec<BallBox>> {
    position
        .try_iter()
        .map_err(|_| invalid("boxes", "expected an iterable of (balls, max_take) pairs"))?
        .map(|item| {
            let [balls, max_take] = pair(&item?)?;
            lift(BallBox::new(balls, max_take))
        })
        .collect()
}

/// Fibonacci Nim: a heap `n` (the first move may take up to n - 1), or a pair
/// `(heap, max_take)` met in play.
fn fibonacci_position(position: &Bound<'_, PyAny>) -> PyResult<FibonacciPosition> {
    if position.try_iter().is_err() {
        // Not a pair: one number, the heap.
        return lift(FibonacciPosition::start(whole(position, "heap")?));
    }
    let [heap, max_take] = pair(position)?;
    lift(FibonacciPosition::new(heap, max_take))
}

/// Positions given as an array (see [`crate::common::number_rows`]):
/// the numbers row after row, the width of a row and the number of rows.
type Rows<'a> = crate::common::Rows<'a>;

/// `answer` of each row of heap sizes, read in place.
fn heap_rows<R>(
    (values, width, count): Rows<'_>,
    mut answer: impl FnMut(&[u64]) -> stonegame::Result<R>,
) -> stonegame::Result<Vec<R>> {
    (0..count)
        .map(|index| answer(&values[index * width..(index + 1) * width]))
        .collect()
}

/// A refusal of a row of `positions`.
fn bad_row(index: usize, reason: String) -> stonegame::Error {
    stonegame::Error::InvalidParameter {
        name: "positions",
        reason: format!("row {index}: {reason}"),
    }
}

/// `answer` of each row of two numbers (a pair).
fn pair_rows<R>(
    (values, width, count): Rows<'_>,
    mut answer: impl FnMut(&[u64; 2]) -> stonegame::Result<R>,
) -> stonegame::Result<Vec<R>> {
    if width != 2 && count > 0 {
        return Err(bad_row(
            0,
            format!("expected two whole numbers, got {width}"),
        ));
    }
    values
        .chunks_exact(2)
        .map(|pair| answer(&[pair[0], pair[1]]))
        .collect()
}

/// `answer` of each row `balls, max_take, balls, max_take, ...` of boxes.
fn box_rows<R>(
    (values, width, count): Rows<'_>,
    mut answer: impl FnMut(&[BallBox]) -> stonegame::Result<R>,
) -> stonegame::Result<Vec<R>> {
    if width % 2 != 0 {
        return Err(bad_row(
            0,
            "expected (balls, max_take) pairs: an even width".into(),
        ));
    }
    (0..count)
        .map(|index| {
            let boxes = values[index * width..(index + 1) * width]
                .chunks_exact(2)
                .map(|pair| BallBox::new(pair[0], pair[1]))
                .collect::<stonegame::Result<Vec<_>>>()?;
            answer(&boxes)
        })
        .collect()
}

/// `answer` of each row `heap` or `heap, max_take` of Fibonacci Nim.
fn fibonacci_rows<R>(
    (values, width, count): Rows<'_>,
    mut answer: impl FnMut(&FibonacciPosition) -> stonegame::Result<R>,
) -> stonegame::Result<Vec<R>> {
    (0..count)
        .map(|index| {
            let position = match &values[index * width..(index + 1) * width] {
                [heap] => FibonacciPosition::start(*heap)?,
                [heap, max_take] => FibonacciPosition::new(*heap, *max_take)?,
                _ => {
                    return Err(bad_row(
                        index,
                        "expected a heap, or (heap, max_take)".into(),
                    ));
                }
            };
            answer(&position)
        })
        .collect()
}

/// Outcomes as a numpy array of `Outcome` members.
fn outcome_array<'py>(
    py: Python<'py>,
    outcomes: &[Outcome],
) -> PyResult<Bound<'py, numpy::PyArray1<Py<PyAny>>>> {
    let members = [Outcome::First, Outcome::Second, Outcome::Draw]
        .map(|outcome| outcome.into_pyobject(py).map(Bound::unbind));
    let [first, second, draw] = members;
    let members = [first?, second?, draw?];
    let objects: Vec<Py<PyAny>> = outcomes
        .iter()
        .map(|&outcome| members[outcome as usize].clone_ref(py))
        .collect();
    Ok(numpy::PyArray1::from_vec(py, objects))
}

/// The calls every impartial game answers (`SolveAt`), on a class holding
/// the game in `game` (`InPlace` or `Actor`) and its convention in `misere`;
/// the constructor and the class's other methods come in the braces.
macro_rules! impartial_class {
    // Heap games whose Grundy values add up over sums: `nimber` as well.
    ($name:ident, $extract:path, $row:path, nimber, { $($ctor:tt)* }) => {
        impartial_class!($name, $extract, $row, {
            $($ctor)*

            /// The Grundy value of each position of `positions` (a 2-D
            /// array-like, one position a row, or a 1-D one, one heap a
            /// position) as a numpy `uint64` array: one call, a native loop.
            fn nimbers<'py>(
                &self,
                py: Python<'py>,
                positions: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<u64>>> {
                use numpy::IntoPyArray;
                let answer = self.game.run_rows(positions, |game, rows| {
                    $row(rows, |position| NimberAt::nimber(game, position).map(|n| n.0))
                })?;
                Ok(lift(answer)?.into_pyarray(py))
            }

            /// The Grundy value of `position` (normal play; a misère game
            /// refuses with `UnsupportedConventionError`).
            fn nimber(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
                let position = $extract(position)?;
                let answer = self
                    .game
                    .run(py, move |game| NimberAt::nimber(game, &position))?;
                Ok(lift(answer)?.0)
            }
        });
    };
    ($name:ident, $extract:path, $row:path, { $($ctor:tt)* }) => {
        #[pymethods]
        impl $name {
            $($ctor)*

            /// The outcome of each position of `positions` (a 2-D
            /// array-like, one position a row, or a 1-D one, one heap a
            /// position) as a numpy array of `Outcome`s: one call, a native loop.
            fn outcomes<'py>(
                &self,
                py: Python<'py>,
                positions: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<Py<PyAny>>>> {
                let answer = self.game.run_rows(positions, |game, rows| {
                    $row(rows, |position| SolveAt::outcome(game, position).map(Outcome::from))
                })?;
                outcome_array(py, &lift(answer)?)
            }

            /// Who wins from `position` with perfect play (`Outcome.First`
            /// when the player to move wins).
            fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Outcome> {
                let position = $extract(position)?;
                let answer = self.game.run(py, move |game| {
                    SolveAt::outcome(game, &position)
                })?;
                Ok(lift(answer)?.into())
            }

            /// A winning move from `position`, or `None` when the player to
            /// move loses (or has already won).
            fn winning_move(
                &self,
                py: Python<'_>,
                position: &Bound<'_, PyAny>,
            ) -> PyResult<Option<Move>> {
                let position = $extract(position)?;
                let answer = self.game.run(py, move |game| {
                    SolveAt::winning_move(game, &position).map(|found| found.map(|m| Move::of(&m)))
                })?;
                lift(answer)
            }

            /// The outcome with a whole line of play from `position`
            /// (winning moves for the winner).
            fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Solution> {
                let position = $extract(position)?;
                let answer = self.game.run(py, move |game| {
                    SolveAt::solve(game, &position)
                })?;
                Solution::shown(py, &lift(answer)?, |outcome| outcome_object(py, outcome))
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

            /// Pickle and `copy`: the game made again from its arguments.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let call = slf.borrow().call(slf.py())?;
                call.reduce(slf.get_type().into_any())
            }
        }
    };
}

/// The most moves `legal_moves` and `move_outcomes` list (a heap of 10^18
/// in Nim has 10^18 moves).
const MAX_LISTED_MOVES: u64 = 1_000_000;

/// A move of a heap game as the library prints it: heap `index` (from 0)
/// goes from `from` to `parts` (the empty heaps a move leaves are not shown;
/// `0` when nothing is left).
fn heap_move_text(index: usize, from: u64, parts: &[u64]) -> String {
    let left: Vec<String> = parts
        .iter()
        .filter(|&&part| part > 0)
        .map(u64::to_string)
        .collect();
    let to = if left.is_empty() {
        "0".to_string()
    } else {
        left.join("+")
    };
    format!("{}:{from}->{to}", index as u128 + 1)
}

/// The moves of heap `index` (of `heap` stones), each with the parts the
/// heap becomes (empty parts dropped), appended to `moves`; refused past
/// [`MAX_LISTED_MOVES`] moves in all.
fn moves_of_heap<R>(
    rules: &R,
    index: usize,
    heap: u64,
    moves: &mut Vec<(Move, Vec<u64>)>,
) -> PyResult<()>
where
    R: stonegame::impartial::ImpartialGame<Position = u64>,
{
    let flow = rules.for_each_option(&heap, |parts| {
        if moves.len() as u64 >= MAX_LISTED_MOVES {
            return std::ops::ControlFlow::Break(());
        }
        let left = parts.iter().copied().filter(|&part| part > 0).collect();
        moves.push((Move::new(heap_move_text(index, heap, parts)), left));
        std::ops::ControlFlow::Continue(())
    });
    if flow.is_break() {
        return Err(to_py_error(stonegame::Error::SizeLimitExceeded {
            what: "number of legal moves listed",
            value: u128::from(MAX_LISTED_MOVES) + 1,
            limit: u128::from(MAX_LISTED_MOVES),
        }));
    }
    Ok(())
}

/// `heaps` with heap `index` replaced by `parts`.
fn replaced(heaps: &[u64], index: usize, parts: &[u64]) -> Vec<u64> {
    let mut after = heaps[..index].to_vec();
    after.extend_from_slice(parts);
    after.extend_from_slice(&heaps[index + 1..]);
    after
}

/// Every move from `heaps` of a game whose heaps are played apart (`rules`
/// lists a heap's options), with the position each leads to.
fn heap_moves<R>(rules: &R, heaps: &[u64]) -> PyResult<Vec<(Move, Vec<u64>)>>
where
    R: stonegame::impartial::ImpartialGame<Position = u64>,
{
    let mut moves = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        let start = moves.len();
        moves_of_heap(rules, index, heap, &mut moves)?;
        for (_, parts) in &mut moves[start..] {
            *parts = replaced(heaps, index, parts);
        }
    }
    Ok(moves)
}

/// The position `heaps` after `played`, which must be one of its legal moves
/// (compared by text, as `Move == str`). Only the heap the move names is
/// searched.
fn applied<R>(rules: &R, heaps: &[u64], played: &Bound<'_, PyAny>) -> PyResult<Vec<u64>>
where
    R: stonegame::impartial::ImpartialGame<Position = u64>,
{
    let text = played.str()?.to_string();
    let refused = || {
        invalid(
            "move",
            format!("{text:?} is not a legal move from {heaps:?}"),
        )
    };
    let Some(index) = Move::new(text.clone())
        .heap()
        .and_then(|index| usize::try_from(index).ok())
        .filter(|&index| index < heaps.len())
    else {
        return Err(refused());
    };
    let mut moves = Vec::new();
    moves_of_heap(rules, index, heaps[index], &mut moves)?;
    moves
        .into_iter()
        .find(|(m, _)| m.text() == text)
        .map(|(_, parts)| replaced(heaps, index, &parts))
        .ok_or_else(refused)
}

/// The outcome of each position, for the player to move there.
fn outcomes_of<G: SolveAt<Position = [u64]>>(
    game: &mut G,
    positions: &[Vec<u64>],
) -> stonegame::Result<Vec<Outcome>> {
    positions
        .iter()
        .map(|position| SolveAt::outcome(game, position).map(Outcome::from))
        .collect()
}

/// Builds a game from its rules with the keyword arguments every game takes.
fn configured<G: SolveAt + Configure>(
    game: G,
    misere: bool,
    memory_mib: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<G> {
    Ok(game
        .with_convention(convention(misere))
        .with_budget(budget(memory_mib, max_work)?))
}

/// Nim: a move takes any positive number of stones from one heap.
///
/// Positions are heap sizes. `misere=True`: the last stone loses.
#[pyclass(name = "Nim", module = "stonegame")]
pub struct NimGame {
    game: InPlace<Nim>,
    misere: bool,
    limits: Limits,
}
impartial_class!(NimGame, heaps, heap_rows, nimber, {
    /// Every legal move from `position`, as `Move`s (at most 1,000,000).
    fn legal_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
        let moves = heap_moves(&Nim::new(), &heaps(position)?)?;
        Ok(moves.into_iter().map(|(m, _)| m).collect())
    }

    /// The position after `move` (a `Move` or its text), which must be
    /// legal from `position`: a split's parts take the place of the heap
    /// moved in; a heap emptied is dropped.
    #[pyo3(name = "apply")]
    fn apply_move(
        &self,
        position: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u64>> {
        applied(&Nim::new(), &heaps(position)?, r#move)
    }

    /// Each legal move from `position` with the outcome of the position it
    /// leads to, for the player then to move (a move to `Outcome.Second`
    /// wins): one call, at most 1,000,000 moves.
    fn move_outcomes(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(Move, Outcome)>> {
        let (moves, after): (Vec<Move>, Vec<Vec<u64>>) =
            heap_moves(&Nim::new(), &heaps(position)?)?
                .into_iter()
                .unzip();
        let outcomes = self.game.run(py, move |game| outcomes_of(game, &after))?;
        Ok(moves.into_iter().zip(lift(outcomes)?).collect())
    }

    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(Nim::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// A subtraction game: a move takes `s` stones from one heap, `s` in the set.
///
/// Heaps of any size up to 2^64 - 1 are answered from the exact period.
#[pyclass(module = "stonegame")]
pub struct Subtraction {
    game: Actor<RustSubtraction>,
    misere: bool,
    limits: Limits,
    set: Vec<u64>,
}
impartial_class!(Subtraction, heaps, heap_rows, nimber, {
    /// Every legal move from `position`, as `Move`s (at most 1,000,000).
    fn legal_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
        let moves = heap_moves(
            &lift(SubtractionSet::new(self.set.iter().copied()))?,
            &heaps(position)?,
        )?;
        Ok(moves.into_iter().map(|(m, _)| m).collect())
    }

    /// The position after `move` (a `Move` or its text), which must be
    /// legal from `position`: a split's parts take the place of the heap
    /// moved in; a heap emptied is dropped.
    #[pyo3(name = "apply")]
    fn apply_move(
        &self,
        position: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u64>> {
        applied(
            &lift(SubtractionSet::new(self.set.iter().copied()))?,
            &heaps(position)?,
            r#move,
        )
    }

    /// Each legal move from `position` with the outcome of the position it
    /// leads to, for the player then to move (a move to `Outcome.Second`
    /// wins): one call, at most 1,000,000 moves.
    fn move_outcomes(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(Move, Outcome)>> {
        let (moves, after): (Vec<Move>, Vec<Vec<u64>>) = heap_moves(
            &lift(SubtractionSet::new(self.set.iter().copied()))?,
            &heaps(position)?,
        )?
        .into_iter()
        .unzip();
        let outcomes = self.game.run(py, move |game| outcomes_of(game, &after))?;
        Ok(moves.into_iter().zip(lift(outcomes)?).collect())
    }

    #[new]
    #[pyo3(signature = (moves, *, misere = false, memory_mib = None, max_work = None))]
    fn new(
        moves: &Bound<'_, PyAny>,
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let set = whole_numbers(moves, "moves")?;
        let game = RustSubtraction::new(lift(SubtractionSet::new(set.iter().copied()))?);
        let game = configured(game, misere, memory_mib, max_work)?;
        let budget = budget(memory_mib, max_work)?;
        Ok(Self {
            game: Actor::spawn_watched(budget, move |watched| game.with_budget(watched))?,
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
            set,
        })
    }

    /// The amounts a move may take, as given.
    #[getter]
    fn moves(&self) -> Vec<u64> {
        self.set.clone()
    }

    /// G(0..=upto) as a numpy `uint64` array (the CLI's `grundy --set`;
    /// `upto` at most 10,000,000). Grundy values are normal play's: a misère
    /// game refuses with `UnsupportedConventionError`.
    fn grundy_sequence<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::upto)] upto: u64,
    ) -> PyResult<Bound<'py, numpy::PyArray1<u64>>> {
        use numpy::IntoPyArray;
        self.require_normal("grundy_sequence (the Grundy values of normal play)")?;
        if upto > MAX_SET_UPTO {
            return Err(to_py_error(stonegame::Error::SizeLimitExceeded {
                what: "upto",
                value: u128::from(upto),
                limit: u128::from(MAX_SET_UPTO),
            }));
        }
        let values = self
            .game
            .run(py, move |game| -> stonegame::Result<Vec<u64>> {
                Configure::budget(game)
                    .check_elements::<u64>(u128::from(upto) + 1, "Grundy sequence")?;
                game.grundy(upto)?;
                (0..=upto)
                    .map(|heap| game.grundy(heap).map(|g| g.0))
                    .collect()
            })?;
        Ok(lift(values)?.into_pyarray(py))
    }

    /// `(preperiod, period)` of the Grundy sequence, proven (the CLI's
    /// `grundy --set S --period`). A misère game refuses with
    /// `UnsupportedConventionError`, as `grundy_sequence`.
    fn period(&self, py: Python<'_>) -> PyResult<(u64, u64)> {
        self.require_normal("period (of the Grundy values of normal play)")?;
        let found = self.game.run(py, |game| {
            game.periodicity().map(|p| (p.preperiod(), p.period()))
        })?;
        lift(found)
    }
});

impl Subtraction {
    /// `Ok` under normal play; the refusal of `what` under misère play (its
    /// values are normal play's Grundy values, which the CLI's `grundy`
    /// prints for normal play only).
    fn require_normal(&self, what: &'static str) -> PyResult<()> {
        if self.misere {
            return Err(to_py_error(stonegame::Error::UnsupportedConvention {
                game: what,
                convention: stonegame::Convention::Misere,
                supported: stonegame::Convention::Normal,
            }));
        }
        Ok(())
    }
}

/// Boxes: box i holds x balls, a move takes 1..=a balls from one box;
/// positions are `(balls, max_take)` pairs.
#[pyclass(name = "Boxes", module = "stonegame")]
pub struct BoxesGame {
    game: InPlace<Boxes>,
    misere: bool,
    limits: Limits,
}
impartial_class!(BoxesGame, ball_boxes, box_rows, nimber, {
    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(Boxes::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// A take-and-break game given by its octal code (`"0.77"` is Kayles,
/// `"0.07"` Dawson's Kayles, `"4.(3)"` Lasker's Nim) or a name (`"kayles"`,
/// `"dawsons-kayles"`, `"grundys-game"`, ...), as the CLI's `octal` command.
#[pyclass(module = "stonegame")]
pub struct OctalGame {
    game: Actor<RustOctal>,
    misere: bool,
    limits: Limits,
    code: String,
}
impartial_class!(OctalGame, heaps, heap_rows, nimber, {
    /// Every legal move from `position`, as `Move`s (at most 1,000,000).
    fn legal_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
        let moves = heap_moves(&lift(TakeAndBreak::by_name(&self.code))?, &heaps(position)?)?;
        Ok(moves.into_iter().map(|(m, _)| m).collect())
    }

    /// The position after `move` (a `Move` or its text), which must be
    /// legal from `position`: a split's parts take the place of the heap
    /// moved in; a heap emptied is dropped.
    #[pyo3(name = "apply")]
    fn apply_move(
        &self,
        position: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u64>> {
        applied(
            &lift(TakeAndBreak::by_name(&self.code))?,
            &heaps(position)?,
            r#move,
        )
    }

    /// Each legal move from `position` with the outcome of the position it
    /// leads to, for the player then to move (a move to `Outcome.Second`
    /// wins): one call, at most 1,000,000 moves.
    fn move_outcomes(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(Move, Outcome)>> {
        let (moves, after): (Vec<Move>, Vec<Vec<u64>>) =
            heap_moves(&lift(TakeAndBreak::by_name(&self.code))?, &heaps(position)?)?
                .into_iter()
                .unzip();
        let outcomes = self.game.run(py, move |game| outcomes_of(game, &after))?;
        Ok(moves.into_iter().zip(lift(outcomes)?).collect())
    }

    #[new]
    #[pyo3(signature = (code, *, misere = false, memory_mib = None, max_work = None))]
    fn new(
        code: &str,
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let rules = lift(TakeAndBreak::by_name(code))?;
        let budget = budget(memory_mib, max_work)?;
        // Built on its own thread: a misère octal game is not `Send`.
        let game = Actor::spawn_watched(budget, move |budget| {
            // Every period the sequence functions can certify, as the CLI.
            RustOctal::new(rules)
                .with_search_limit(MAX_SEQUENCE_HEAP + 1)
                .with_convention(convention(misere))
                .with_budget(budget)
        })?;
        Ok(Self {
            game,
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
            code: code.to_string(),
        })
    }

    /// The code or name the game was made from.
    #[getter]
    fn code(&self) -> String {
        self.code.clone()
    }
});

/// Last One: rows of sticks; a move strikes a run of adjacent sticks in one
/// row; whoever strikes the last stick loses (the *Clubhouse Games* pyramid).
#[pyclass(name = "LastOne", module = "stonegame")]
pub struct LastOneGame {
    game: InPlace<LastOne>,
    misere: bool,
    limits: Limits,
}
impartial_class!(LastOneGame, heaps, heap_rows, {
    // Misère by default, as the game is named and as the library and the CLI
    // play it: whoever strikes the last stick loses.
    #[new]
    #[pyo3(signature = (*, misere = true, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(LastOne::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }

    /// The Grundy value of `position` (normal play; a misère game refuses
    /// with `UnsupportedConventionError`).
    fn nimber(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let position = heaps(position)?;
        let answer = self.game.run(py, move |game| game.nimber(&position))?;
        Ok(lift(answer)?.0)
    }
});

/// Wythoff's game: take from one heap, or the same from both; positions are
/// pairs `(a, b)`.
#[pyclass(name = "Wythoff", module = "stonegame")]
pub struct WythoffGame {
    game: InPlace<Wythoff>,
    misere: bool,
    limits: Limits,
}
impartial_class!(WythoffGame, pair, pair_rows, {
    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(Wythoff::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// Moore's Nim_k: a move takes from one to k heaps (any amounts).
#[pyclass(name = "Moore", module = "stonegame")]
pub struct MooreGame {
    game: InPlace<Moore>,
    misere: bool,
    limits: Limits,
    k: u64,
}
impartial_class!(MooreGame, heaps, heap_rows, {
    #[new]
    #[pyo3(signature = (k, *, misere = false, memory_mib = None, max_work = None))]
    fn new(
        #[pyo3(from_py_with = arg::k)] k: u64,
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(
                lift(Moore::new(k))?,
                misere,
                memory_mib,
                max_work,
            )?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
            k,
        })
    }
});

/// Staircase Nim: coins on steps 1..n; a move shifts coins from step i to
/// step i - 1 (off the staircase from step 1). Positions list the coins per step.
#[pyclass(name = "Staircase", module = "stonegame")]
pub struct StaircaseGame {
    game: InPlace<Staircase>,
    misere: bool,
    limits: Limits,
}
impartial_class!(StaircaseGame, heaps, heap_rows, nimber, {
    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(Staircase::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// Euclid's game: subtract a positive multiple of the smaller number from
/// the larger; positions are pairs `(a, b)`.
#[pyclass(name = "Euclid", module = "stonegame")]
pub struct EuclidGame {
    game: InPlace<Euclid>,
    misere: bool,
    limits: Limits,
}
impartial_class!(EuclidGame, euclid_pair, euclid_rows, {
    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(Euclid::new(), misere, memory_mib, max_work)?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// Fibonacci Nim: take at most twice the previous take (the first move, not
/// the whole heap). A position is a heap `n`, or `(heap, max_take)`.
#[pyclass(name = "FibonacciNim", module = "stonegame")]
pub struct FibonacciNimGame {
    game: InPlace<FibonacciNim>,
    misere: bool,
    limits: Limits,
}
impartial_class!(FibonacciNimGame, fibonacci_position, fibonacci_rows, {
    #[new]
    #[pyo3(signature = (*, misere = false, memory_mib = None, max_work = None))]
    fn new(
        misere: bool,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: InPlace::new(configured(
                FibonacciNim::new(),
                misere,
                memory_mib,
                max_work,
            )?),
            misere,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }
});

/// The constructor call of a game without positional arguments whose
/// `misere` defaults to `$default` (`repr`, pickle, `copy`).
macro_rules! call_without_args {
    ($($name:ident: $default:literal),* $(,)?) => {$(
        impl $name {
            fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
                Call::new(Vec::new())
                    .misere(py, self.misere, $default)
                    .limits(py, self.limits)
            }
        }
    )*};
}

call_without_args! {
    NimGame: false,
    BoxesGame: false,
    LastOneGame: true,
    WythoffGame: false,
    StaircaseGame: false,
    EuclidGame: false,
    FibonacciNimGame: false,
}

impl Subtraction {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.set.clone().into_pyobject(py)?.into_any()])
            .misere(py, self.misere, false)
            .limits(py, self.limits)
    }
}

impl OctalGame {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.code.clone().into_pyobject(py)?.into_any()])
            .misere(py, self.misere, false)
            .limits(py, self.limits)
    }
}

impl MooreGame {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.k.into_pyobject(py)?.into_any()])
            .misere(py, self.misere, false)
            .limits(py, self.limits)
    }
}

/// Green Hackenbush on any graph rooted at the ground (vertex 0): a move
/// deletes an edge, and whatever no longer touches the ground falls.
/// The game is its drawing: `value()`/`outcome()` take no position.
#[pyclass(module = "stonegame")]
pub struct GreenHackenbush {
    game: Actor<stonegame::prelude::GreenHackenbush>,
    edges: Vec<(u32, u32)>,
    limits: Limits,
}

#[pymethods]
impl GreenHackenbush {
    #[new]
    #[pyo3(signature = (edges, *, memory_mib = None, max_work = None))]
    fn new(
        edges: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
        #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
    ) -> PyResult<Self> {
        let edges = vertex_pairs(edges, "edges")?;
        let game = lift(stonegame::prelude::GreenHackenbush::from_edges(
            edges.clone(),
        ))?;
        let budget = budget(memory_mib, max_work)?;
        Ok(Self {
            game: Actor::spawn_watched(budget, move |watched| game.with_budget(watched))?,
            edges,
            limits: Limits {
                memory_mib,
                max_work,
            },
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.call(py)?.repr("GreenHackenbush")
    }

    /// Pickle and `copy`: the game made again from its edges.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let call = slf.borrow().call(slf.py())?;
        call.reduce(slf.get_type().into_any())
    }

    /// Who wins: `Outcome.First` when the player to move wins.
    fn value(&self, py: Python<'_>) -> PyResult<Outcome> {
        self.outcome(py)
    }

    /// Who wins: `Outcome.First` when the player to move wins.
    fn outcome(&self, py: Python<'_>) -> PyResult<Outcome> {
        let answer = self.game.run(py, |game| Solve::outcome(game))?;
        Ok(lift(answer)?.into())
    }

    /// The Grundy value of the drawing.
    fn nimber(&self, py: Python<'_>) -> PyResult<u64> {
        let answer = self.game.run(py, |game| game.nimber())?;
        Ok(lift(answer)?.0)
    }

    /// A winning move (`I:U-V`, edge I from 1), or `None` when the player to move loses.
    fn winning_move(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        let answer = self.game.run(py, |game| {
            game.winning_move().map(|found| found.map(|m| Move::of(&m)))
        })?;
        lift(answer)
    }

    /// The outcome with a whole line of play.
    fn solve(&self, py: Python<'_>) -> PyResult<Solution> {
        let answer = self.game.run(py, |game| Solve::solve(game))?;
        Solution::shown(py, &lift(answer)?, |outcome| outcome_object(py, outcome))
    }
}

impl GreenHackenbush {
    fn call<'py>(&self, py: Python<'py>) -> PyResult<Call<'py>> {
        Call::new(vec![self.edges.clone().into_pyobject(py)?.into_any()]).limits(py, self.limits)
    }
}
