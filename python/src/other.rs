//! The CLI's remaining families: `janken` (counting) and `graph` (a token
//! game on a directed graph, by retrograde analysis).

use crate::common::{arg, budget, cancellable, invalid, lift, to_py_error};
use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyBytes, PyInt};
use stonegame::counting::{AbsorbingWalk, DEFAULT_EXACT_COUNT_WORK, DEFAULT_MODULO_COUNT_WORK};
use stonegame::prelude::{DenseSolver, Graph, Value};

/// The CLI's limit on exact `janken` rounds (the counts grow without a
/// memory table to size: the work is what must be capped, by `max_work` or
/// the library's defaults, as on the command line).
const MAX_ROUNDS: u64 = 100_000_000;

/// A refusal of `janken_count`, before it starts, of `needed` steps beyond
/// its work limit `cap`.
fn over_limit(what: String, needed: u128, cap: u128) -> PyErr {
    to_py_error(stonegame::Error::WorkLimitWouldExceed {
        what,
        needed,
        limit: u64::try_from(cap).unwrap_or(u64::MAX),
    })
}

/// Rock-paper-scissors with coins: A holds `a_coins`, B `b_coins`; each round
/// A wins, draws or loses and the loser pays the winner a coin. The number of
/// outcome sequences in which a player runs out of coins within `rounds`
/// rounds (each counted once, at the round its player hits zero): exact, or
/// modulo `modulo`. The CLI's `janken`, with its limits: exactly, rounds up
/// to 10^8 and 1.2*10^10 limb updates by default; modulo M, any number of rounds
/// below 2^64 and 2*10^10 estimated operations by default (about 10 s; A = B
/// = 500,000 modulo any M); `max_work` sets another cap for either, as
/// `--max-work` does.
#[pyfunction]
#[pyo3(signature = (a_coins, b_coins, rounds, *, modulo = None, memory_mib = None, max_work = None))]
pub fn janken_count(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::a_coins)] a_coins: u64,
    #[pyo3(from_py_with = arg::b_coins)] b_coins: u64,
    #[pyo3(from_py_with = arg::rounds)] rounds: u64,
    #[pyo3(from_py_with = arg::modulo)] modulo: Option<u64>,
    #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
    #[pyo3(from_py_with = arg::max_work)] max_work: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let budget = budget(memory_mib, max_work)?;
    let walk = AbsorbingWalk::janken(a_coins, b_coins).with_budget(budget);
    let cap = |default: u128| budget.work().map_or(default, u128::from);
    match modulo {
        Some(modulus) => {
            let cap = cap(DEFAULT_MODULO_COUNT_WORK);
            let work = walk.modulo_work(rounds, modulus);
            if work > cap {
                return Err(over_limit(
                    format!("janken {a_coins},{b_coins},{rounds} modulo M (estimated operations)"),
                    work,
                    cap,
                ));
            }
            let count = cancellable(py, budget, move |watched| {
                walk.with_budget(watched)
                    .total_absorbed_modulo(rounds, modulus)
            })?;
            Ok(lift(count)?.into_pyobject(py)?.into_any().unbind())
        }
        None => {
            if rounds > MAX_ROUNDS {
                return Err(to_py_error(stonegame::Error::SizeLimitExceeded {
                    what: "rounds",
                    value: u128::from(rounds),
                    limit: u128::from(MAX_ROUNDS),
                }));
            }
            let cells = walk.cell_updates(rounds);
            let cap = cap(DEFAULT_EXACT_COUNT_WORK);
            let work = walk.exact_limb_updates(rounds);
            if work > cap {
                return Err(over_limit(
                    format!("exact janken {a_coins},{b_coins},{rounds} (limb updates; use modulo)"),
                    work,
                    cap,
                ));
            }
            // About 1.585 bits a round in each count the sweep grows.
            let bytes_per_count = u128::from(rounds) * 1585 / 8000 + 32;
            let grown = walk.row_len(rounds).min(cells);
            lift(budget.check_bytes(grown.saturating_mul(bytes_per_count), "janken counts"))?;
            let count = cancellable(py, budget, move |watched| {
                walk.with_budget(watched).total_absorbed::<BigUint>(rounds)
            })?;
            // Exact counts can be far beyond 64 bits (and beyond the digits
            // Python converts from a string by default): passed as bytes.
            let bytes = PyBytes::new(py, &lift(count)?.to_bytes_le());
            Ok(py
                .get_type::<PyInt>()
                .call_method1("from_bytes", (bytes, "little"))?
                .unbind())
        }
    }
}

/// A token on a directed graph of `n` vertices with moves `edges` (`(u, v)`
/// pairs); a player who cannot move loses. One `(value, remoteness)` a
/// vertex for the player to move there: `("Win", r)`, `("Lose", r)` (the
/// winner hurries, the loser delays) or `("Draw", None)`: the CLI's `graph`.
#[pyfunction]
#[pyo3(signature = (n, edges, *, memory_mib = None))]
pub fn solve_graph(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::n)] n: usize,
    edges: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = arg::memory_mib)] memory_mib: Option<u64>,
) -> PyResult<Vec<(String, Option<u64>)>> {
    let edges = crate::impartial::vertex_pairs(edges, "edges")?;
    let budget = budget(memory_mib, None)?;
    let labels = cancellable(
        py,
        budget,
        move |budget| -> stonegame::Result<Vec<(String, Option<u64>)>> {
            let graph = Graph::from_edges(n, &edges, budget)?;
            let solution = DenseSolver::new(&graph).with_budget(budget).solve()?;
            Ok((0..n as u32)
                .map(
                    |u| match solution.label(u).map(|l| (l.value, l.remoteness)) {
                        Some((Value::Draw, _) | (_, None)) | None => ("Draw".to_string(), None),
                        Some((value, Some(r))) => (value.to_string(), Some(u64::from(r))),
                    },
                )
                .collect())
        },
    )?;
    lift(labels)
}

/// The nim product of `a` and `b`: multiplication in Conway's field of
/// nimbers below 2^64 (nim addition is XOR), the rule of the Grundy values
/// of product games such as Tartan coin-turning games.
/// `nim_product(2, 2) == 3`.
#[pyfunction]
pub fn nim_product(
    #[pyo3(from_py_with = arg::a)] a: u64,
    #[pyo3(from_py_with = arg::b)] b: u64,
) -> u64 {
    stonegame::impartial::nim_field::product(a, b)
}

/// The nim inverse of `a` (the `b` with `nim_product(a, b) == 1`);
/// `InvalidInputError` for 0, which has none.
#[pyfunction]
pub fn nim_inverse(#[pyo3(from_py_with = arg::a)] a: u64) -> PyResult<u64> {
    stonegame::impartial::nim_field::inverse(a).ok_or_else(|| invalid("a", "0 has no nim inverse"))
}
