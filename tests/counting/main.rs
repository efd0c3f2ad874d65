//! Integration tests of counting outcome sequences (rock-paper-scissors with coins), exact and modulo M.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod counting;
mod fast_transforms;
mod janken_modulo;
mod modular_type;
