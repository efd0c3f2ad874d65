//! The bottom-up sweep of a game whose moves all run one way through its
//! dense numbering ([`MoveOrder::ToSmaller`] or [`MoveOrder::ToLarger`]):
//! one pass over the positions the game lists
//! ([`ScoringGame::for_each_dense_position`]), `value[n] = max over moves
//! (points - value[child])`, as a hand-written DP fills its table. No
//! hashing, no recursion, no search state: one `Score` per number, plus one
//! bit a number saying which numbers were listed.
//!
//! The value array comes from the allocator zeroed (its pages are touched
//! only where a position is written, as a hand-written DP's `vec![0; n]`
//! is). The declaration is checked for every move (one comparison): a child
//! numbered against it, or outside `0..count`, is refused before its cell is
//! read, and so is a listing whose numbers do not run in sweep order. A child
//! that the listing skipped is refused in debug builds (the listed bits are
//! read for every move there); release builds trust the listing.

use super::memo::{Memo, is_listed, refused};
use super::weights::{SWEEP_STEPS_PER_MOVE, SWEEP_STEPS_PER_NUMBER, Work};
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Result};
use num_traits::{Bounded, CheckedSub, Zero};
use std::ops::ControlFlow;

/// What the budget error names.
const WHAT: &str = "generic negamax sweep values (dense_positions() scores and listed bits)";

/// The bytes a sweep over `count` numbers allocates: a score and a bit each.
pub(super) fn sweep_bytes<T>(count: usize) -> u128 {
    (count as u128).saturating_mul(std::mem::size_of::<T>() as u128)
        + (count as u128).div_ceil(64) * 8
}

/// Solves every position `game` lists, in one sweep in `order` (`ToSmaller`
/// or `ToLarger`) over the numbers `0..count`, within `cap` steps of work.
/// The memory and the numbers' steps are checked before anything is
/// allocated or listed.
pub(super) fn sweep<G: ScoringGame>(
    game: &G,
    count: usize,
    order: MoveOrder,
    budget: Budget,
    cap: u64,
) -> Result<Memo<G>> {
    let bytes = sweep_bytes::<G::Score>(count);
    budget.check_bytes(bytes, WHAT)?;
    let work = Work::up_front(cap, count, SWEEP_STEPS_PER_NUMBER, "generic negamax sweep")?
        .weighing(0, SWEEP_STEPS_PER_MOVE);
    let mut values = zeroed::<G::Score>(count, bytes, budget)?;
    let mut listed = zeroed::<u64>(count.div_ceil(64), bytes, budget)?;
    let positions = match order {
        MoveOrder::ToSmaller => sweep_in::<G, false>(game, &mut values, &mut listed, work)?,
        MoveOrder::ToLarger => sweep_in::<G, true>(game, &mut values, &mut listed, work)?,
        MoveOrder::Unordered => {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: "an unordered numbering cannot be swept".to_string(),
            });
        }
    };
    Ok(Memo::Swept {
        values,
        listed,
        positions,
    })
}

/// `count` zeros from the allocator's zeroed pages. The allocation is tried
/// first without touching it, so an address-space limit refuses it with
/// [`Error::MemoryBudgetExceeded`] instead of aborting the process.
fn zeroed<T: Zero + Clone>(count: usize, bytes: u128, budget: Budget) -> Result<Vec<T>> {
    let mut probe: Vec<T> = Vec::new();
    probe
        .try_reserve_exact(count)
        .map_err(|_| refused(WHAT, bytes, budget))?;
    drop(probe);
    // `vec![0; n]` of a primitive asks for zeroed memory (calloc): pages are
    // mapped on first write, so numbers that are no position cost nothing.
    Ok(vec![T::zero(); count])
}

/// Whether a move from `number` to `child` runs the declared way (and stays
/// below `count`); in debug builds also whether the child was listed.
#[inline(always)]
fn allowed<const TO_LARGER: bool>(
    number: usize,
    child: usize,
    count: usize,
    listed: &[u64],
) -> bool {
    let in_order = if TO_LARGER {
        number < child && child < count
    } else {
        child < number
    };
    in_order && (!cfg!(debug_assertions) || is_listed(listed, child))
}

/// The sweep (to larger numbers if `TO_LARGER`, else to smaller), compiled
/// once per direction so the hot loop has no branch on it. Returns how many
/// positions were listed and solved. Each move is charged as it is listed,
/// so a listing that never ends stops at the cap.
fn sweep_in<G: ScoringGame, const TO_LARGER: bool>(
    game: &G,
    values: &mut [G::Score],
    listed: &mut [u64],
    mut work: Work,
) -> Result<usize> {
    let count = values.len();
    let mut positions = 0usize;
    let mut previous: Option<usize> = None;
    let mut fault = None;
    let _ = game.for_each_dense_position(|position| {
        let number = match game.dense_index(&position) {
            Some(number) if number < count => number,
            other => {
                fault = Some(listing_refusal(other, previous, count, TO_LARGER));
                return ControlFlow::Break(());
            }
        };
        let in_sweep_order = match previous {
            None => true,
            Some(before) if TO_LARGER => number < before,
            Some(before) => number > before,
        };
        if !in_sweep_order {
            fault = Some(listing_refusal(Some(number), previous, count, TO_LARGER));
            return ControlFlow::Break(());
        }
        previous = Some(number);
        let filled: &[G::Score] = values;
        let seen: &[u64] = listed;
        // The best so far, with no Option on the dependency chain from one
        // cell to the next (the work counted says whether there was a move).
        // A move the loop cannot take stops it; the cold path says why.
        let mut best = G::Score::min_value();
        let before = work.spent;
        let mut over = false;
        let flow = game.for_each_move(&position, |mv| {
            if !work.charge_move() {
                over = true;
                return ControlFlow::Break(());
            }
            let (points, child) = game.play(&position, &mv);
            let candidate = game
                .dense_index(&child)
                .filter(|&child| allowed::<TO_LARGER>(number, child, count, seen))
                .and_then(|child| points.checked_sub(&filled[child]));
            match candidate {
                Some(candidate) => {
                    best = best.max(candidate);
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            }
        });
        if over {
            fault = Some(work.refusal());
            return ControlFlow::Break(());
        }
        if flow.is_break() {
            fault = Some(move_refusal::<G, TO_LARGER>(
                game, &position, number, filled, seen,
            ));
            return ControlFlow::Break(());
        }
        values[number] = if work.spent == before {
            G::Score::zero()
        } else {
            best
        };
        listed[number / 64] |= 1 << (number % 64);
        positions += 1;
        ControlFlow::Continue(())
    });
    match fault {
        Some(error) => Err(error),
        None => Ok(positions),
    }
}

/// The refusal of a listed position numbered `number` (None: no number, or
/// not below `count`) after one numbered `previous`.
#[cold]
#[inline(never)]
fn listing_refusal(
    number: Option<usize>,
    previous: Option<usize>,
    count: usize,
    to_larger: bool,
) -> Error {
    let reason = match (number, previous) {
        (Some(number), Some(previous)) if number < count => format!(
            "for_each_dense_position listed number {number} after number {previous}: a sweep \
             {} needs the numbers {}",
            if to_larger {
                "to larger numbers"
            } else {
                "to smaller numbers"
            },
            if to_larger {
                "strictly decreasing"
            } else {
                "strictly increasing"
            }
        ),
        _ => format!(
            "for_each_dense_position listed a position that dense_index does not number below \
             dense_positions() = {count}"
        ),
    };
    Error::InvalidParameter {
        name: "game",
        reason,
    }
}

/// Why the sweep could not take a move from `position` (numbered `number`):
/// its moves listed again to find the first whose child is against the
/// declared order (or, in debug builds, was not listed) or whose value
/// overflows.
#[cold]
#[inline(never)]
fn move_refusal<G: ScoringGame, const TO_LARGER: bool>(
    game: &G,
    position: &G::Position,
    number: usize,
    filled: &[G::Score],
    listed: &[u64],
) -> Error {
    let count = filled.len();
    let order = if TO_LARGER {
        MoveOrder::ToLarger
    } else {
        MoveOrder::ToSmaller
    };
    let mut refusal = None;
    let _ = game.for_each_move(position, |mv| {
        let (points, child) = game.play(position, &mv);
        let child_number = game.dense_index(&child);
        match child_number.filter(|&child| allowed::<TO_LARGER>(number, child, count, listed)) {
            None => {
                refusal = Some(order_violation(number, child_number, order, count, listed));
                ControlFlow::Break(())
            }
            Some(child) if points.checked_sub(&filled[child]).is_none() => {
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

/// The refusal of a move from `number` to `child` against the declared
/// `order` (or to a number the listing skipped).
fn order_violation(
    number: usize,
    child: Option<usize>,
    order: MoveOrder,
    count: usize,
    listed: &[u64],
) -> Error {
    let reason = match child {
        None => format!(
            "a move from position number {number} goes to a position dense_index does not number"
        ),
        Some(child) if child >= count => format!(
            "a move from position number {number} goes to number {child}, not below dense_positions() = {count}"
        ),
        Some(child)
            if (order == MoveOrder::ToLarger) == (child > number) && !is_listed(listed, child) =>
        {
            format!(
                "a move from position number {number} goes to number {child}, which \
                 for_each_dense_position (by default, dense_position) did not list"
            )
        }
        Some(child) => format!(
            "dense_order() is {order:?} but a move from position number {number} goes to number {child}"
        ),
    };
    Error::InvalidParameter {
        name: "game",
        reason,
    }
}
