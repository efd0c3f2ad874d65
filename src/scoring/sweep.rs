//! The bottom-up sweep of a game whose moves all run one way through its
//! dense numbering ([`MoveOrder::ToSmaller`] or [`MoveOrder::ToLarger`]):
//! one pass over the numbers, `value[n] = max over moves (points -
//! value[child])`, as a hand-written DP fills its table. No hashing, no
//! recursion, no search state: one `Score` per number.
//!
//! The values are appended in sweep order, each written once as it is found
//! (no zeroing pass first). The declaration is checked for every move (one
//! comparison, against the values filled so far, which is also the bounds
//! check): a child numbered against it, or outside `0..count`, is refused
//! before its cell is read, so an unfilled cell is never used.

use super::memo::{Memo, refused};
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Result};
use num_traits::{Bounded, CheckedSub, Zero};
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
    let bytes = (count as u128).saturating_mul(std::mem::size_of::<G::Score>() as u128);
    budget.check_bytes(bytes, WHAT)?;
    let values = match order {
        MoveOrder::ToSmaller => sweep_in::<G, false>(game, count, bytes, budget, work_cap)?,
        MoveOrder::ToLarger => sweep_in::<G, true>(game, count, bytes, budget, work_cap)?,
        MoveOrder::Unordered => {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: "an unordered numbering cannot be swept".to_string(),
            });
        }
    };
    Ok(Memo::Swept { values, order })
}

/// Where the value of `number` sits in a sweep's array of `count` values:
/// the array is filled in sweep order (each value written once, as it is
/// found), so `ToLarger` stores the numbers from the top down. A number
/// beyond `count` wraps to a huge slot, past every filled one.
#[inline]
pub(super) fn slot(order: MoveOrder, count: usize, number: usize) -> usize {
    slot_in(order == MoveOrder::ToLarger, count, number)
}

#[inline(always)]
fn slot_in(to_larger: bool, count: usize, number: usize) -> usize {
    if to_larger {
        count.wrapping_sub(1).wrapping_sub(number)
    } else {
        number
    }
}

/// The sweep (to larger numbers if `TO_LARGER`, else to smaller), compiled
/// once per direction so the hot loop has no branch on it: the value of
/// each number (0 for a number that is no position), in sweep order. A
/// child's value is read from the values filled so far: a child whose slot
/// is not below their count breaks the declared order (one comparison,
/// which is also the bounds check). The array is this function's own (the
/// `bytes` charged by the caller), so its length stays in a register.
fn sweep_in<G: ScoringGame, const TO_LARGER: bool>(
    game: &G,
    count: usize,
    bytes: u128,
    budget: Budget,
    work_cap: u64,
) -> Result<Vec<G::Score>> {
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| refused(WHAT, bytes, budget))?;
    let mut work = 0u64;
    for step in 0..count {
        let number = slot_in(TO_LARGER, count, step);
        let Some(position) = game.dense_position(number) else {
            values.push(G::Score::zero());
            continue;
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
        let filled = values.as_slice();
        // The best so far, with no Option on the dependency chain from one
        // cell to the next (the minimum is a value like any other: the work
        // counted says whether there was a move). The loop keeps as little
        // state as it can: a move it cannot take stops it, and the cold
        // path below lists the moves again to say why.
        let mut best = G::Score::min_value();
        let before = work;
        let flow = game.for_each_move(&position, |mv| {
            work += 1;
            let (points, child) = game.play(&position, &mv);
            let candidate = game
                .dense_index(&child)
                .and_then(|child| filled.get(slot_in(TO_LARGER, count, child)))
                .and_then(|value| points.checked_sub(value));
            match candidate {
                Some(candidate) => {
                    best = best.max(candidate);
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            }
        });
        if flow.is_break() {
            return Err(refusal::<G, TO_LARGER>(
                game, &position, number, filled, count,
            ));
        }
        if work > work_cap {
            return Err(Error::WorkLimitExceeded {
                what: "generic negamax sweep".to_string(),
                steps: work_cap,
            });
        }
        values.push(if work == before {
            G::Score::zero()
        } else {
            best
        });
    }
    Ok(values)
}

/// Why the sweep could not take a move from `position` (numbered `number`):
/// its moves listed again to find the first whose child is not filled (a
/// move against the declared order) or whose value overflows.
#[cold]
#[inline(never)]
fn refusal<G: ScoringGame, const TO_LARGER: bool>(
    game: &G,
    position: &G::Position,
    number: usize,
    filled: &[G::Score],
    count: usize,
) -> Error {
    let mut refusal = None;
    let _ = game.for_each_move(position, |mv| {
        let (points, child) = game.play(position, &mv);
        let child_number = game.dense_index(&child);
        match child_number.and_then(|child| filled.get(slot_in(TO_LARGER, count, child))) {
            None => {
                let order = if TO_LARGER {
                    MoveOrder::ToLarger
                } else {
                    MoveOrder::ToSmaller
                };
                refusal = Some(order_violation(number, child_number, order, count));
                ControlFlow::Break(())
            }
            Some(value) if points.checked_sub(value).is_none() => {
                refusal = Some(overflow::<G::Score>(
                    "a position's value difference does not fit",
                ));
                ControlFlow::Break(())
            }
            Some(_) => ControlFlow::Continue(()),
        }
    });
    refusal.unwrap_or_else(|| Error::InvalidParameter {
        name: "game",
        reason: format!("the moves of position number {number} changed between two listings"),
    })
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
