//! Integration tests of impartial games: Grundy engines, built-in games, Hackenbush.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod grundy_dense;
mod grundy_lies;
mod hackenbush;
mod impartial;
mod misere_kept;
mod outcome_sweep;
