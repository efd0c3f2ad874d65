//! Integration tests of retrograde analysis: dense, implicit and tiered solvers, their work and memory limits, durability.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod chase;
mod corrupted_predecessors;
mod implicit_lies;
mod lists;
mod retrograde;
mod retrograde_alloc;
mod retrograde_implicit;
mod retrograde_strategies;
mod retrograde_work;
mod tier_durability;
mod walk;
