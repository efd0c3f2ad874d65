//! Integration tests of octal and subtraction games: values, periods, arithmetic periods, limits, runs and checkpoints, misère quotients.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod misere_quotient;
mod octal;
mod octal_arithmetic;
mod octal_certified;
mod octal_limits;
mod octal_plan;
mod octal_published;
mod octal_run;
mod octal_work_units;
mod subtraction_runs;
