//! Integration tests of scoring games: negamax engines, classic games, DP variants, the stone-game series.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod classic;
mod cross_check;
mod dp_variants;
mod example_scoring_row;
mod negamax_dense;
mod negamax_lies;
mod negamax_work;
mod scoring;
mod stone_series;
mod user_variants;
mod window;
