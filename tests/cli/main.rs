//! Integration tests of the `stonegame` command line (runs the built binary) and the work calibration tool.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

#[path = "../common/mod.rs"]
mod common;

mod cli_alloc;
mod cli_bundle;
mod cli_classic;
mod cli_counting;
mod cli_format;
mod cli_graph;
mod cli_hackenbush;
mod cli_impartial;
mod cli_memory;
mod cli_octal;
mod cli_octal_arithmetic;
mod cli_octal_caps;
mod cli_octal_plan;
mod cli_octal_run;
mod cli_scoring;
mod cli_stones;
mod cli_work_caps;
mod one_question;
mod progress;
mod records_round2;
mod work_calibration;
