//! `stonegame` for Python: the Rust solvers behind a PyO3 module
//! (`stonegame._stonegame`, re-exported by the `stonegame` package).
//!
//! Every binding goes through the library's public traits (`SolveAt`,
//! `NimberAt`, `Solve`, `Configure`), so the Python answers are the ones the
//! CLI prints.

mod common;
mod held;
mod impartial;
mod other;
mod scoring;
mod sequences;
mod user;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _stonegame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<common::Error>())?;
    m.add("BudgetError", py.get_type::<common::BudgetError>())?;
    m.add("WorkLimitError", py.get_type::<common::WorkLimitError>())?;
    m.add(
        "InvalidInputError",
        py.get_type::<common::InvalidInputError>(),
    )?;
    m.add(
        "UnsupportedConventionError",
        py.get_type::<common::UnsupportedConventionError>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<common::Move>()?;
    m.add_class::<common::Solution>()?;
    m.add_class::<impartial::NimGame>()?;
    m.add_class::<impartial::Subtraction>()?;
    m.add_class::<impartial::BoxesGame>()?;
    m.add_class::<impartial::OctalGame>()?;
    m.add_class::<impartial::LastOneGame>()?;
    m.add_class::<impartial::WythoffGame>()?;
    m.add_class::<impartial::MooreGame>()?;
    m.add_class::<impartial::StaircaseGame>()?;
    m.add_class::<impartial::EuclidGame>()?;
    m.add_class::<impartial::FibonacciNimGame>()?;
    m.add_class::<impartial::GreenHackenbush>()?;
    m.add_class::<scoring::Ends>()?;
    m.add_class::<scoring::EndsRemainder>()?;
    m.add_class::<scoring::Front>()?;
    m.add_class::<scoring::FrontDoubling>()?;
    m.add_class::<scoring::Valuations>()?;
    m.add_class::<scoring::StoneSplit>()?;
    m.add_class::<scoring::StoneMerge>()?;
    m.add_class::<scoring::StoneMod3>()?;
    m.add_class::<sequences::PeriodCertificate>()?;
    m.add_function(wrap_pyfunction!(sequences::grundy_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(sequences::find_period, m)?)?;
    m.add_function(wrap_pyfunction!(sequences::grundy_stats, m)?)?;
    m.add_function(wrap_pyfunction!(sequences::_restore_certificate, m)?)?;
    m.add_class::<user::ImpartialGame>()?;
    m.add_class::<user::ScoringGame>()?;
    m.add_class::<user::RetrogradeGame>()?;
    m.add_function(wrap_pyfunction!(other::janken_count, m)?)?;
    m.add_function(wrap_pyfunction!(other::solve_graph, m)?)?;
    m.add_function(wrap_pyfunction!(other::nim_product, m)?)?;
    m.add_function(wrap_pyfunction!(other::nim_inverse, m)?)?;
    Ok(())
}
