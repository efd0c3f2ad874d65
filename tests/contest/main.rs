//! Integration tests of contest programs and the examples they are, against brute force and samples.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod contest_examples;
mod contest_games;
mod example_abc201_d;
mod example_can_i_win;
mod example_uva10891;
mod examples;
