//! The machinery every impartial game shares: the mex, Grundy searches,
//! disjunctive sums, misère play, eventual periods and periodic runs, nimber
//! arithmetic, the heap move and the lines of play that `solve` returns.
//!
//! This module is private: [`crate::impartial`] re-exports each module under
//! its public path (`impartial::mex`, `impartial::grundy`, ...), so the layout
//! of the sources is not part of the API. Nothing here names a game of
//! `games/` or `octal/`: the genus, computed for take-and-break games, lives
//! in `octal/genus.rs` beside them (public as `impartial::genus`).

pub mod grundy;
pub mod mex;
pub mod misere;
pub mod nim_field;
pub mod periodic;
pub mod sum;

// For the games (and octal/) only, through private imports in impartial/mod.rs.
pub(super) mod heap_move;
pub(super) mod line;
pub(super) mod runs;
pub(super) mod strategy_line;
