//! A crate laid out as stonegame's `impartial` is (a private `engine` and
//! `games` re-exported by their parent), for `tools/check-bundles`: the
//! bundle of `tools/bundle-tests/layout.rs` must compile, answer, and leave
//! the sorting modules out.

mod budget;
pub mod family;

pub use budget::Budget;
