//! The browser page's thin layer over `stonegame` (issue 46).
//!
//! Every entry point takes the position as the text a person types ("3 4 5")
//! and answers with JSON text the page reads: the position's value and every
//! legal move with its value. Parsing and solving stay in the library (its
//! errors, budgets and work caps); this crate only lists moves and formats.
//! The same functions run natively, so `cargo test` in `web/` checks them.

#![forbid(unsafe_code)]

mod analysis;
mod ends;
mod graphs;
mod heaps;
mod sequence;
mod wythoff;

pub use analysis::{MAX_MOVES, REMOTENESS_WORK};
pub use sequence::SequenceJob;

use wasm_bindgen::prelude::*;

/// Converts a library (or page) error into the exception the page shows.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// Nim, a subtraction game or a take-and-break (octal) game on heaps.
///
/// `kind` is `nim`, `subtraction` or `octal`; `rules` the move set ("1 3 4")
/// or the octal code or name ("0.77", "kayles"); `heaps` the heap sizes;
/// `misere`: the last move loses (nimbers are then not shown).
///
/// # Example
/// ```
/// let json = stonegame_web::analyze_heaps("nim", "", "3 4 5", false).unwrap();
/// assert!(json.starts_with(r#"{"position":"3 4 5","outcome":"win","nimber":2"#));
/// ```
#[wasm_bindgen]
pub fn analyze_heaps(
    kind: &str,
    rules: &str,
    heaps: &str,
    misere: bool,
) -> Result<String, JsError> {
    heaps::analyze(kind, rules, heaps, misere)
        .map(|a| a.to_json())
        .map_err(js_error)
}

/// Wythoff's game (the queen on a quarter-infinite board): `position` is "x y";
/// `misere`: the last move loses.
///
/// # Example
/// ```
/// let json = stonegame_web::analyze_wythoff("3 5", false).unwrap();
/// assert!(json.contains(r#""outcome":"lose""#));
/// ```
#[wasm_bindgen]
pub fn analyze_wythoff(position: &str, misere: bool) -> Result<String, JsError> {
    wythoff::analyze(position, misere)
        .map(|a| a.to_json())
        .map_err(js_error)
}

/// Take-from-ends with scores: `row` is the stones left, `lead` the player to
/// move's lead so far (their total minus the opponent's).
///
/// # Example
/// ```
/// let json = stonegame_web::analyze_ends("4 5 3 1 2", "0").unwrap();
/// assert!(json.contains(r#""score":1"#));
/// ```
#[wasm_bindgen]
pub fn analyze_ends(row: &str, lead: &str) -> Result<String, JsError> {
    ends::analyze(row, lead)
        .map(|a| a.to_json())
        .map_err(js_error)
}

/// Green Hackenbush on the edges typed ("0-1 1-2 2-0"), vertex 0 the ground.
///
/// # Example
/// ```
/// let json = stonegame_web::analyze_hackenbush("0-1 1-2 2-0").unwrap();
/// assert!(json.contains(r#""nimber":1"#));
/// ```
#[wasm_bindgen]
pub fn analyze_hackenbush(edges: &str) -> Result<String, JsError> {
    graphs::analyze_hackenbush(edges)
        .map(|a| a.to_json())
        .map_err(js_error)
}

/// The token game on the arcs typed ("0>1 1>2 2>0"), the token on `token`;
/// cycles make draws.
///
/// # Example
/// ```
/// let json = stonegame_web::analyze_graph_game("0>1 1>0", "0").unwrap();
/// assert!(json.contains(r#""outcome":"draw""#));
/// ```
#[wasm_bindgen]
pub fn analyze_graph_game(arcs: &str, token: &str) -> Result<String, JsError> {
    graphs::analyze_graph_game(arcs, token)
        .map(|a| a.to_json())
        .map_err(js_error)
}
