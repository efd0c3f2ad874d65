//! Everything an everyday user needs, in one `use`.
//!
//! ```
//! use stonegame::prelude::*;
//!
//! let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
//! assert_eq!(game.outcome(), Outcome::First);
//! # Ok::<(), stonegame::Error>(())
//! ```

pub use crate::impartial::ImpartialGame;
pub use crate::impartial::octal::{OctalCode, TakeAndBreak};
pub use crate::impartial::subtraction::SubtractionSet;
pub use crate::scoring::{Ends, EndsRemainder, Front, FrontDoubling, ScoringGame, Valuations};
pub use crate::{Budget, Convention, Error, Nimber, Outcome, Result, Solution};
