//! The bottom-up sweep of a game whose moves all run one way through its
//! dense numbering ([`MoveOrder::ToSmaller`] or [`MoveOrder::ToLarger`]):
//! one pass over the numbers, `value[n] = max over moves (points -
//! value[child])`, as a hand-written DP fills its table. No hashing, no
//! recursion, no search state: one `Score` per number.
//!
//! The declaration is checked for every move (one comparison): a child
//! numbered against it, or outside `0..count`, is refused before its cell is
//! read, so an unfilled cell is never used.

use super::memo::{Memo, zeroed_values};
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Result};
use num_traits::CheckedSub;
use std::ops::ControlFlow;

/// What the budget error names.
const WHAT: &str = "generic negamax sweep values (dense_positions() scores)";

/// Solves every numbered position of `game` in one sweep in `order`
/// (`ToSmaller` or `ToLarger`) over the numbers `0..count`.
pub(super) fn sweep<G: ScoringGame>(
    game: &G,
    count: usize,
    order: MoveOrder,
    budget: Budget,
    work_cap: u64,
) -> Result<Memo<G>> {
    let mut sweep = Sweep {
        game,
        values: zeroed_values(count, 0, budget, WHAT)?,
        positions: 0,
        work: 0,
        work_cap,
    };
    match order {
        MoveOrder::ToSmaller => {
            for number in 0..count {
                sweep.fill(number, order, |child| child < number)?;
            }
        }
        MoveOrder::ToLarger => {
            for number in (0..count).rev() {
                sweep.fill(number, order, |child| number < child && child < count)?;
            }
        }
        MoveOrder::Unordered => {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: "an unordered numbering cannot be swept".to_string(),
            });
        }
    }
    Ok(Memo::Swept {
        values: sweep.values,
        positions: sweep.positions,
    })
}

struct Sweep<'g, G: ScoringGame> {
    game: &'g G,
    values: Vec<G::Score>,
    positions: usize,
    work: u64,
    work_cap: u64,
}

/// Why a move stopped the sweep (the error is built outside the hot loop).
enum Fault {
    /// The child's number (if any) breaks the declared order.
    Order(Option<usize>),
    Overflow,
}

impl<G: ScoringGame> Sweep<'_, G> {
    /// Fills the value of `number` (if it is a position) from its children,
    /// each of whose numbers must pass `allowed`.
    #[inline]
    fn fill(
        &mut self,
        number: usize,
        order: MoveOrder,
        allowed: impl Fn(usize) -> bool,
    ) -> Result<()> {
        let game = self.game;
        let Some(position) = game.dense_position(number) else {
            return Ok(());
        };
        if game.dense_index(&position) != Some(number) {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: format!(
                    "dense_position({number}) gave a position that dense_index numbers {:?}",
                    game.dense_index(&position)
                ),
            });
        }
        self.positions += 1;
        let values = &self.values;
        let mut best = None;
        let mut moves = 0u64;
        let mut fault = None;
        let _ = game.for_each_move(&position, |mv| {
            moves += 1;
            let (points, child) = game.play(&position, &mv);
            match game.dense_index(&child) {
                Some(child) if allowed(child) => match points.checked_sub(&values[child]) {
                    Some(candidate) => {
                        if best.is_none_or(|best| candidate > best) {
                            best = Some(candidate);
                        }
                        ControlFlow::Continue(())
                    }
                    None => {
                        fault = Some(Fault::Overflow);
                        ControlFlow::Break(())
                    }
                },
                other => {
                    fault = Some(Fault::Order(other));
                    ControlFlow::Break(())
                }
            }
        });
        match fault {
            None => {}
            Some(Fault::Overflow) => {
                return Err(overflow::<G::Score>(
                    "a position's value difference does not fit",
                ));
            }
            Some(Fault::Order(child)) => {
                return Err(order_violation(number, child, order, self.values.len()));
            }
        }
        self.work = self.work.saturating_add(moves);
        if self.work > self.work_cap {
            return Err(Error::WorkLimitExceeded {
                what: "generic negamax sweep".to_string(),
                steps: self.work_cap,
            });
        }
        if let Some(best) = best {
            self.values[number] = best;
        }
        Ok(())
    }
}

/// The refusal of a move from `number` to `child` against the declared `order`.
fn order_violation(number: usize, child: Option<usize>, order: MoveOrder, count: usize) -> Error {
    let reason = match child {
        None => format!(
            "a move from position number {number} goes to a position dense_index does not number"
        ),
        Some(child) if child >= count => format!(
            "a move from position number {number} goes to number {child}, not below dense_positions() = {count}"
        ),
        Some(child) => format!(
            "dense_order() is {order:?} but a move from position number {number} goes to number {child}"
        ),
    };
    Error::InvalidParameter {
        name: "game",
        reason,
    }
}
