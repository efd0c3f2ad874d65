//! Two transparent modules (`engine`, `games`) and two that are not
//! (`hidden`, named by a path through it; `climbed`, which a path climbs out of).

mod climbed;
mod engine;
mod games;
mod hidden;

pub use climbed::helper;
pub use engine::{mex, sum};
// Private imports of modules: `line` is reached, `unused` is not (no empty
// `mod unused {}` may stay in the bundle).
use engine::{line, unused};
pub use games::{nim, take};
pub use hidden::inner;
pub use nim::Nim;

/// A game with options.
pub trait Game {
    /// The heaps one move leads to.
    fn options(&self, heap: u64) -> Vec<u64>;
}

/// Not reached by the program: `unused` must not be in its bundle.
pub fn spare() -> u64 {
    unused::never()
}
