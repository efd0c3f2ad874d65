//! What [`Negamax`](super::Negamax) charges its work cap: steps of about a
//! nanosecond each, as every other search in the crate counts them (see
//! [`Budget`](crate::Budget)), so its default cap means about ten seconds of
//! CPU whichever way it solves.
//!
//! Each way of solving is charged by its own weights, measured on TDPC B's
//! two-pile game (`examples/negamax_work.rs`, `tools/work-calibration`):
//! the numbers of a dense numbering up front (the memo is allocated and the
//! listing walks them), then every position expanded and every move listed,
//! as it is listed, so a position whose listing never ends is refused at the
//! cap too.

use crate::{Error, Result};

/// Steps [`Negamax`](super::Negamax)'s bottom-up sweep (numbered, order
/// declared) charges each number of the numbering, before it starts: the
/// value cell zeroed and the number listed.
///
/// # Example
/// ```
/// use stonegame::scoring::{SWEEP_STEPS_PER_MOVE, SWEEP_STEPS_PER_NUMBER};
/// // TDPC B at 7100 × 7100: 5·10^7 numbers, 10^8 moves.
/// let steps = 7101 * 7101 * SWEEP_STEPS_PER_NUMBER + 2 * 7100 * 7101 * SWEEP_STEPS_PER_MOVE;
/// assert!(steps < stonegame::scoring::Negamax::<stonegame::scoring::Ends<i64>>::DEFAULT_WORK);
/// ```
pub const SWEEP_STEPS_PER_NUMBER: u64 = 6;

/// Steps the sweep charges each move, as it is listed.
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::SWEEP_STEPS_PER_MOVE, 2);
/// ```
pub const SWEEP_STEPS_PER_MOVE: u64 = 2;

/// Steps the depth-first search over a dense numbering (numbered, no order
/// declared) charges each number up front (its value and state allocated).
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::SEARCH_STEPS_PER_NUMBER, 4);
/// ```
pub const SEARCH_STEPS_PER_NUMBER: u64 = 4;

/// Steps the depth-first search over a dense numbering charges each
/// position it expands (a frame pushed, popped and its value stored).
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::SEARCH_STEPS_PER_POSITION, 12);
/// ```
pub const SEARCH_STEPS_PER_POSITION: u64 = 12;

/// Steps the depth-first search over a dense numbering charges each move
/// it lists (stored, played, its child's state read).
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::SEARCH_STEPS_PER_MOVE, 8);
/// ```
pub const SEARCH_STEPS_PER_MOVE: u64 = 8;

/// Steps the hashed search (no numbering) charges each position it expands
/// (an entry inserted, then updated with the value).
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::HASHED_STEPS_PER_POSITION, 400);
/// ```
pub const HASHED_STEPS_PER_POSITION: u64 = 400;

/// Steps the hashed search charges each move it lists (stored, played,
/// its child looked up).
///
/// # Example
/// ```
/// assert_eq!(stonegame::scoring::HASHED_STEPS_PER_MOVE, 30);
/// ```
pub const HASHED_STEPS_PER_MOVE: u64 = 30;

/// The work of one solve: the steps spent so far against the cap, and
/// what each move and position costs on the way of solving in use.
#[derive(Clone, Copy, Debug)]
pub(super) struct Work {
    pub(super) cap: u64,
    pub(super) spent: u64,
    pub(super) per_move: u64,
    pub(super) per_position: u64,
    /// Names the search in a refusal.
    pub(super) what: &'static str,
}

impl Work {
    /// Charges `numbers × per_number` steps known before the solve starts:
    /// refused at once when they alone pass `cap`.
    pub(super) fn up_front(
        cap: u64,
        numbers: usize,
        per_number: u64,
        what: &'static str,
    ) -> Result<Self> {
        let needed = (numbers as u128).saturating_mul(u128::from(per_number));
        if needed > u128::from(cap) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!("{what} over {numbers} numbered positions"),
                needed,
                limit: cap,
            });
        }
        Ok(Self {
            cap,
            spent: needed as u64,
            per_move: 0,
            per_position: 0,
            what,
        })
    }

    /// The same work, charging `per_position` and `per_move` from now on.
    pub(super) fn weighing(self, per_position: u64, per_move: u64) -> Self {
        Self {
            per_position,
            per_move,
            ..self
        }
    }

    /// Charges one move; `false` once the cap is passed.
    #[inline(always)]
    pub(super) fn charge_move(&mut self) -> bool {
        self.spent = self.spent.saturating_add(self.per_move);
        self.spent <= self.cap
    }

    /// Charges one position; `false` once the cap is passed.
    #[inline(always)]
    pub(super) fn charge_position(&mut self) -> bool {
        self.spent = self.spent.saturating_add(self.per_position);
        self.spent <= self.cap
    }

    /// The refusal at the cap.
    #[cold]
    pub(super) fn refusal(&self) -> Error {
        Error::WorkLimitExceeded {
            what: self.what.to_string(),
            steps: self.cap,
        }
    }
}
