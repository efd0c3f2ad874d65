//! The bottom-up sweep of a game whose moves all run one way through its
//! dense numbering ([`MoveOrder::ToSmaller`] or [`MoveOrder::ToLarger`]):
//! one pass over the positions the game lists
//! ([`ScoringGame::for_each_dense_position`]), `value[n] = max over moves
//! (points - value[child])`, as a hand-written DP fills its table. No
//! hashing, no recursion, no search state: one `Score` per number.
//!
//! The value array comes from the allocator zeroed (its pages are touched
//! only where a position is written, as a hand-written DP's `vec![0; n]`
//! is), and a cell keeps its value with the sign bit flipped
//! ([`cell_of`]): a zero cell is a number no position was listed for, so the
//! one read of a child's cell says both whether it was solved and what it
//! is worth (`Score::min_value()` is no value: a position worth it is
//! refused as an overflow).
//!
//! Every move is checked, in every build, before its value is used:
//! - against the declared order and `0..count`: the child's cell is read
//!   from the slice of the numbers the order allows (one bounds check);
//! - listed: its cell is not zero;
//! - one position a number: unless the game names its children by number
//!   ([`ScoringGame::numbered_moves`]) or the solver trusts the numbering
//!   ([`Numbering::Trusted`]), `dense_position(dense_index(child))` must give
//!   the child back (and each listed position must be its number's
//!   `dense_position`).
//!
//! A listing whose numbers do not run strictly in sweep order is refused too.
//! The first move that fails stops the sweep; a cold pass over the
//! position's moves then says which check it failed.

use super::memo::{Memo, Numbering, cell_of, refused, value_of_cell};
use super::weights::{SWEEP_STEPS_PER_MOVE, SWEEP_STEPS_PER_NUMBER, Work};
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Result};
use num_traits::{Bounded, CheckedSub, Zero};
use std::ops::ControlFlow;

/// What the budget error names.
const WHAT: &str = "generic negamax sweep values (dense_positions() scores)";

/// The ways the sweep learns each child's number, one compiled loop each.
/// The game's [`ScoringGame::for_each_numbered_move`].
const NUMBERED: u8 = 0;
/// `play` and `dense_index`, each child checked by the round trip.
const CHECKED: u8 = 1;
/// `play` and `dense_index`, trusted.
const TRUSTED: u8 = 2;

/// The bytes a sweep over `count` numbers allocates: a score each.
pub(super) fn sweep_bytes<T>(count: usize) -> u128 {
    (count as u128).saturating_mul(std::mem::size_of::<T>() as u128)
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
    numbering: Numbering,
) -> Result<Memo<G>> {
    let bytes = sweep_bytes::<G::Score>(count);
    budget.check_bytes(bytes, WHAT)?;
    let work = Work::up_front(cap, count, SWEEP_STEPS_PER_NUMBER, "generic negamax sweep")?
        .weighing(0, SWEEP_STEPS_PER_MOVE);
    let mut values = zeroed::<G::Score>(count, bytes, budget)?;
    // Progress: the numbers' steps (charged up front, known), shown as the
    // sweep passes them; the moves' steps are charged to the cap only.
    let w = &budget.watch("negamax sweep", Some(count as u64 * SWEEP_STEPS_PER_NUMBER));
    let mode = match (game.numbered_moves(), numbering) {
        (true, _) => NUMBERED,
        (false, Numbering::Checked) => CHECKED,
        (false, Numbering::Trusted) => TRUSTED,
    };
    let v = &mut values;
    let positions = match (order, mode) {
        (MoveOrder::ToSmaller, NUMBERED) => watched::<G, false, NUMBERED>(game, v, work, w)?,
        (MoveOrder::ToSmaller, CHECKED) => watched::<G, false, CHECKED>(game, v, work, w)?,
        (MoveOrder::ToSmaller, _) => watched::<G, false, TRUSTED>(game, v, work, w)?,
        (MoveOrder::ToLarger, NUMBERED) => watched::<G, true, NUMBERED>(game, v, work, w)?,
        (MoveOrder::ToLarger, CHECKED) => watched::<G, true, CHECKED>(game, v, work, w)?,
        (MoveOrder::ToLarger, _) => watched::<G, true, TRUSTED>(game, v, work, w)?,
        (MoveOrder::Unordered, _) => {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: "an unordered numbering cannot be swept".to_string(),
            });
        }
    };
    Ok(Memo::Swept { values, positions })
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

/// The cells a move from `number` may read, and the number of the first:
/// the numbers below it (to smaller numbers), or those above it, below
/// `count` (to larger). Indexing them with `child - first` (wrapping) is
/// then the whole order and range check: one bounds check a move.
#[inline(always)]
fn readable<T, const TO_LARGER: bool>(values: &[T], number: usize) -> (&[T], usize) {
    if TO_LARGER {
        (values.get(number + 1..).unwrap_or(&[]), number + 1)
    } else {
        (values.get(..number).unwrap_or(&[]), 0)
    }
}

/// Why the sweep stopped, as plain data: the per-position code stays small
/// enough to be inlined into the game's listing loop, and the error is built
/// once the listing has returned.
#[derive(Clone, Copy)]
enum Stop {
    /// A listed position numbered `number` (None: no number) after
    /// `previous`: outside the numbering or out of sweep order.
    Listing {
        number: Option<usize>,
        previous: Option<usize>,
    },
    /// A listed position is not its number's `dense_position`.
    NotItsNumber(usize),
    /// A move of position `number` could not be taken.
    Move(usize),
    /// The work cap.
    Over,
    /// Position `number` is worth `Score::min_value()`.
    Reserved(usize),
}

/// The sweep, compiled once more for a control (`WATCHED`): without one its
/// loop keeps no state for looking at it (the chunk in reserve, the numbers
/// shown), as a hand-written DP keeps none.
#[cfg(not(stonegame_bundle))]
fn watched<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    game: &G,
    values: &mut [G::Score],
    work: Work,
    w: &crate::control::Watch,
) -> Result<usize> {
    if w.is_active() {
        // A control cancelled already refuses before any work (the loop
        // looks first after a chunk of moves).
        w.check()?;
        sweep_in::<G, TO_LARGER, MODE, true>(game, values, work, w)
    } else {
        sweep_in::<G, TO_LARGER, MODE, false>(game, values, work, w)
    }
}

/// A contest bundle has no control.
#[cfg(stonegame_bundle)]
fn watched<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    game: &G,
    values: &mut [G::Score],
    work: Work,
    w: &crate::control::Watch,
) -> Result<usize> {
    sweep_in::<G, TO_LARGER, MODE, false>(game, values, work, w)
}

/// The sweep (to larger numbers if `TO_LARGER`, else to smaller), compiled
/// once per direction and per way of numbering the children (`MODE`) so the
/// hot loop has no branch on either. Returns how many positions were listed
/// and solved. Each move is counted as it is listed (a decrement and a
/// test), so a listing that never ends stops at the cap.
fn sweep_in<G: ScoringGame, const TO_LARGER: bool, const MODE: u8, const WATCHED: bool>(
    game: &G,
    values: &mut [G::Score],
    work: Work,
    w: &crate::control::Watch,
) -> Result<usize> {
    let count = values.len();
    let mut positions = 0usize;
    // The next number must be below `bound` (to larger numbers: the sweep
    // runs down) or at least `bound` (to smaller: it runs up); one
    // comparison checks the order and, going down, the range too.
    let mut bound = if TO_LARGER { count } else { 0 };
    let mut stop = None;
    // The moves the cap allows: `moves_left` before the next look at the
    // control (all of them without one), `reserve` after it. The per-move
    // count against `moves_left` is the work cap's own test, so the look
    // costs the loop nothing: a position stopped by the count while moves
    // are in reserve is the cold path, which looks at the control, hands
    // out the next chunk and lists that position's moves again.
    let all = work.cap.saturating_sub(work.spent) / work.per_move.max(1);
    let (mut moves_left, mut reserve) = if WATCHED {
        (all.min(LOOK_MOVES), all - all.min(LOOK_MOVES))
    } else {
        (all, 0)
    };
    // Numbers passed whose steps the watch has been shown.
    let mut shown = 0usize;
    let mut cancel = None;
    // Inlined into the game's listing loop, as a hand-written DP's body is.
    let _ = game.for_each_dense_position(
        #[inline(always)]
        |position| {
            let number = game.dense_index(&position).unwrap_or(usize::MAX);
            let in_order = if TO_LARGER {
                number < bound
            } else {
                number >= bound && number < count
            };
            if !in_order {
                let previous = if TO_LARGER {
                    (bound < count).then_some(bound)
                } else {
                    bound.checked_sub(1)
                };
                let number = game.dense_index(&position);
                stop = Some(Stop::Listing { number, previous });
                return ControlFlow::Break(());
            }
            if MODE == CHECKED && game.dense_position(number).as_ref() != Some(&position) {
                stop = Some(Stop::NotItsNumber(number));
                return ControlFlow::Break(());
            }
            bound = if TO_LARGER { number } else { number + 1 };
            let (cells, first) = readable::<G::Score, TO_LARGER>(values, number);
            let (flow, taken, best, unlisted) = loop {
                // The best so far, with no Option on the dependency chain from one cell
                // to the next (the moves counted say whether there was a move).
                let mut best = G::Score::min_value();
                // The count in a local the loop keeps in a register, and a never-listed
                // cell noted without a branch (it is refused after the position's moves:
                // its value is not stored).
                let (limit, mut taken, mut unlisted) = (moves_left, 0u64, false);
                let take = |points: G::Score, child: usize| {
                    if taken == limit {
                        return ControlFlow::Break(());
                    }
                    taken += 1;
                    let Some(&cell) = cells.get(child.wrapping_sub(first)) else {
                        return ControlFlow::Break(());
                    };
                    if cell == G::Score::zero() {
                        unlisted = true;
                        return ControlFlow::Break(());
                    }
                    match points.checked_sub(&(cell ^ G::Score::min_value())) {
                        Some(candidate) => {
                            best = best.max(candidate);
                            ControlFlow::Continue(())
                        }
                        None => ControlFlow::Break(()),
                    }
                };
                let flow = if MODE == NUMBERED {
                    game.for_each_numbered_move(&position, take)
                } else {
                    let mut take = take;
                    game.for_each_move(&position, |mv| {
                        let (points, child) = game.play(&position, &mv);
                        let Some(child_number) = game.dense_index(&child) else {
                            return ControlFlow::Break(());
                        };
                        // The child's own cell first (range, order, listed), so the
                        // round trip never asks dense_position about a number outside
                        // the numbering.
                        let flow = take(points, child_number);
                        if MODE == CHECKED
                            && flow.is_continue()
                            && game.dense_position(child_number).as_ref() != Some(&child)
                        {
                            return ControlFlow::Break(());
                        }
                        flow
                    })
                };
                if WATCHED && flow.is_break() && taken == moves_left && reserve > 0 {
                    // The chunk ran out inside this position (or one of its
                    // moves failed just at its end): look, then list its moves
                    // again with the next chunk.
                    let passed = if TO_LARGER { count - bound } else { bound };
                    let chunk = (&mut moves_left, &mut reserve, &mut shown);
                    match next_chunk(w, chunk, passed, taken) {
                        Ok(()) => continue,
                        Err(e) => {
                            cancel = Some(e);
                            return ControlFlow::Break(());
                        }
                    }
                }
                break (flow, taken, best, unlisted);
            };
            moves_left -= taken;
            if flow.is_break() || unlisted {
                stop = Some(if moves_left == 0 && flow.is_break() {
                    Stop::Over
                } else {
                    Stop::Move(number)
                });
                return ControlFlow::Break(());
            }
            let value = if taken == 0 { G::Score::zero() } else { best };
            if value == G::Score::min_value() {
                stop = Some(Stop::Reserved(number));
                return ControlFlow::Break(());
            }
            values[number] = cell_of(value);
            positions += 1;
            ControlFlow::Continue(())
        },
    );
    if let Some(e) = cancel {
        return Err(e);
    }
    match stop {
        None => Ok(positions),
        Some(stop) => Err(stopped::<G, TO_LARGER, MODE>(game, stop, values, work)),
    }
}

/// Moves between two looks at the control: the watch's stride in steps
/// (two a move, `SWEEP_STEPS_PER_MOVE`), a few milliseconds of sweeping.
const LOOK_MOVES: u64 = crate::control::WATCH_STRIDE / SWEEP_STEPS_PER_MOVE;

/// Shows the watch the steps of the numbers passed since the last look
/// (`passed` in all; what the work cap charged for them up front) and looks
/// at the control: the error once it is cancelled. Else moves the next
/// chunk of moves from the reserve, at least twice the `taken` moves of
/// the position to list again, so a long listing is listed again at most
/// as many moves as it has in all. Out of line: the sweep's loop stays
/// small.
#[cfg(not(stonegame_bundle))]
#[cold]
#[inline(never)]
fn next_chunk(
    w: &crate::control::Watch,
    (moves_left, reserve, shown): (&mut u64, &mut u64, &mut usize),
    passed: usize,
    taken: u64,
) -> Result<()> {
    let numbers = (passed - *shown) as u64;
    w.advance(numbers.saturating_mul(SWEEP_STEPS_PER_NUMBER))?;
    // A look each chunk whatever the numbers' steps, so a game with many
    // moves a position is watched as often.
    w.check()?;
    *shown = passed;
    let chunk = (*reserve).min(LOOK_MOVES.max(taken.saturating_mul(2)));
    (*moves_left, *reserve) = (*moves_left + chunk, *reserve - chunk);
    Ok(())
}

/// A contest bundle has no control: never called.
#[cfg(stonegame_bundle)]
fn next_chunk(
    _: &crate::control::Watch,
    _: (&mut u64, &mut u64, &mut usize),
    _: usize,
    _: u64,
) -> Result<()> {
    Ok(())
}

/// The refusal of a sweep that stopped.
#[cold]
#[inline(never)]
fn stopped<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    game: &G,
    stop: Stop,
    values: &[G::Score],
    work: Work,
) -> Error {
    match stop {
        Stop::Listing { number, previous } => {
            listing_refusal(number, previous, values.len(), TO_LARGER)
        }
        Stop::NotItsNumber(number) => not_its_number(number),
        Stop::Over => work.refusal(),
        Stop::Reserved(number) => reserved_value::<G::Score>(number),
        Stop::Move(number) => move_stopped::<G, TO_LARGER, MODE>(game, number, values),
    }
}

/// The refusal of a move the sweep could not take from position `number`.
#[cfg(not(stonegame_bundle))]
#[cold]
#[inline(never)]
fn move_stopped<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    game: &G,
    number: usize,
    values: &[G::Score],
) -> Error {
    // The position is found again by listing (the listing is the
    // same every time), then its moves are listed again to say which
    // check failed.
    let mut found = None;
    let _ = game.for_each_dense_position(|position| {
        if game.dense_index(&position) == Some(number) {
            found = Some(move_refusal::<G, TO_LARGER, MODE>(
                game, &position, number, values,
            ));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found.unwrap_or_else(|| Error::InvalidParameter {
        name: "game",
        reason: format!(
            "for_each_dense_position listed position number {number} once but not again"
        ),
    })
}

/// A contest bundle keeps its bytes: the refusal without the diagnosis of
/// which check failed (the crate's own build gives it).
#[cfg(stonegame_bundle)]
#[cold]
#[inline(never)]
fn move_stopped<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    _: &G,
    number: usize,
    _: &[G::Score],
) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!("a move of position number {number} contradicts the numbering"),
    }
}

/// The refusal of a position worth `Score::min_value()`, the value a swept
/// cell cannot keep.
#[cold]
#[inline(never)]
fn reserved_value<T>(number: usize) -> Error {
    overflow::<T>(format!(
        "position number {number} is worth the score type's minimum, which the sweep reserves \
         for numbers no position was listed for"
    ))
}

/// The refusal of a listed position that is not its number's `dense_position`.
#[cfg(stonegame_bundle)]
#[cold]
#[inline(never)]
fn not_its_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!("dense_position({number}) is not the position listed as number {number}"),
    }
}

/// The refusal of a listed position that is not its number's `dense_position`.
#[cfg(not(stonegame_bundle))]
#[cold]
#[inline(never)]
fn not_its_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "for_each_dense_position listed a position that dense_index numbers {number}, but \
             dense_position({number}) is not that position (another position has its number, \
             or dense_position is not given): the sweep checks every number by this round trip; \
             give dense_position, name the children by number (numbered_moves), or skip the \
             check with Negamax::trusting_numbering"
        ),
    }
}

/// The refusal of a listed position numbered `number` (None: no number, or
/// not below `count`) after one numbered `previous`.
#[cfg(stonegame_bundle)]
#[cold]
#[inline(never)]
fn listing_refusal(number: Option<usize>, previous: Option<usize>, count: usize, _: bool) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "for_each_dense_position listed number {number:?} after {previous:?} (out of sweep \
             order, or not below {count})"
        ),
    }
}

/// The refusal of a listed position numbered `number` (None: no number, or
/// not below `count`) after one numbered `previous`.
#[cfg(not(stonegame_bundle))]
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
        (Some(number), _) => format!(
            "for_each_dense_position listed a position that dense_index numbers {number}, not \
             below dense_positions() = {count}"
        ),
        (None, _) => {
            "for_each_dense_position listed a position that dense_index gives no number".to_string()
        }
    };
    Error::InvalidParameter {
        name: "game",
        reason,
    }
}

/// Why the sweep could not take a move from `position` (numbered `number`):
/// its moves listed again to find the first whose child has no number, is
/// outside the numbering or against the declared order, was not listed,
/// shares its number with another position, or whose value overflows.
#[cold]
#[inline(never)]
fn move_refusal<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
    game: &G,
    position: &G::Position,
    number: usize,
    values: &[G::Score],
) -> Error {
    let mut refusal = None;
    let mut check = |points: G::Score, child: Option<usize>, collides: &dyn Fn(usize) -> bool| {
        let reason = match child {
            None => Some(MoveFault::Unnumbered),
            Some(child) => {
                let (cells, first) = readable::<G::Score, TO_LARGER>(values, number);
                match cells.get(child.wrapping_sub(first)) {
                    None => Some(MoveFault::OutOfOrder(child)),
                    Some(&cell) => match value_of_cell(cell) {
                        None => Some(MoveFault::Unlisted(child)),
                        Some(_) if collides(child) => Some(MoveFault::Collision(child)),
                        Some(value) if points.checked_sub(&value).is_none() => {
                            Some(MoveFault::Overflow)
                        }
                        Some(_) => None,
                    },
                }
            }
        };
        match reason {
            Some(reason) => {
                refusal = Some(reason);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    };
    let _ = if MODE == NUMBERED {
        game.for_each_numbered_move(position, |points, child| {
            check(points, Some(child), &|_| false)
        })
    } else {
        game.for_each_move(position, |mv| {
            let (points, child) = game.play(position, &mv);
            let collides = |number: usize| {
                MODE == CHECKED && game.dense_position(number) != Some(child.clone())
            };
            check(points, game.dense_index(&child), &collides)
        })
    };
    let order = if TO_LARGER {
        MoveOrder::ToLarger
    } else {
        MoveOrder::ToSmaller
    };
    match refusal {
        Some(fault) => fault.error::<G::Score>(number, order, values.len()),
        None => Error::InvalidParameter {
            name: "game",
            reason: format!("the moves of position number {number} changed between two listings"),
        },
    }
}

/// What is wrong with a move the sweep could not take.
enum MoveFault {
    /// The child has no number.
    Unnumbered,
    /// The child's number is outside the numbering or against the order.
    OutOfOrder(usize),
    /// The child's number was never listed.
    Unlisted(usize),
    /// The child is not the position its number was listed for.
    Collision(usize),
    /// `points - value(child)` does not fit.
    Overflow,
}

impl MoveFault {
    /// The refusal of this fault of a move from position `number`.
    fn error<T>(self, number: usize, order: MoveOrder, count: usize) -> Error {
        let reason = match self {
            Self::Unnumbered => format!(
                "a move from position number {number} goes to a position dense_index does not number"
            ),
            Self::OutOfOrder(child) if child >= count => format!(
                "a move from position number {number} goes to number {child}, not below \
                 dense_positions() = {count}"
            ),
            Self::OutOfOrder(child) => format!(
                "dense_order() is {order:?} but a move from position number {number} goes to \
                 number {child}"
            ),
            Self::Unlisted(child) => format!(
                "a move from position number {number} goes to number {child}, which \
                 for_each_dense_position (by default, dense_position) did not list"
            ),
            Self::Collision(child) => format!(
                "a move from position number {number} goes to a position that dense_index \
                 numbers {child}, but the position listed as number {child} is another one \
                 (dense_position({child}) does not give the child back): two positions share \
                 one number"
            ),
            Self::Overflow => {
                return overflow::<T>(format!(
                    "a value difference of position number {number} does not fit"
                ));
            }
        };
        Error::InvalidParameter {
            name: "game",
            reason,
        }
    }
}
