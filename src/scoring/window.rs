//! The windowed sweep: the start's value of a game whose moves reach a
//! bounded distance through its dense numbering
//! ([`ScoringGame::dense_reach`]), in the memory of a hand-written DP's
//! rolling row.
//!
//! The positions are listed in sweep order
//! ([`ScoringGame::for_each_dense_position`]) up to the start's number and
//! no further; each value is kept in a ring of `reach + 1` cells rounded up
//! to a power of two, number `x` in cell `x & mask`. A move from `x` may
//! read only the numbers `x - reach ..= x - 1` (`ToSmaller`) or
//! `x + 1 ..= x + reach` (`ToLarger`), and the ring holds exactly those:
//! every cell of the window is its number's value (with the sign bit
//! flipped, as the full sweep keeps it) or zero for a number the listing
//! skipped, because the skipped numbers of the window are cleared when the
//! next listed number is reached.
//!
//! Every move is checked, in every build, before its cell is read: its
//! child's distance from `x` must be in `1..=reach` (one subtraction and
//! one comparison), so a move beyond the declared reach is refused and never
//! answered from a cell the ring has reused; a zero cell (a skipped number)
//! is refused as in the full sweep; a game that does not name its children
//! by number is checked by the round trip through `dense_position` unless
//! the numbering is trusted.
//!
//! The budget is charged the ring's bytes before it is allocated; the work
//! cap the full sweep's weights for the numbers swept (up front) and for
//! each move (as it is listed); the budget's control is looked at every
//! [`WATCH_STRIDE`](crate::control::WATCH_STRIDE) steps of moves.

use super::memo::{Numbering, cell_of, refused};
use super::weights::{SWEEP_STEPS_PER_MOVE, SWEEP_STEPS_PER_NUMBER, Work};
use super::{ScoringGame, overflow};
use crate::game::MoveOrder;
use crate::{Budget, Error, Result};
use num_traits::{Bounded, CheckedSub, Zero};
use std::ops::ControlFlow;

/// What the budget error names.
const WHAT: &str = "generic negamax windowed sweep ring (dense_reach() + 1 scores, rounded up to a \
                    power of two)";

/// What a work refusal names.
const WORK_WHAT: &str = "generic negamax windowed sweep";

/// The ways the sweep learns each child's number, one compiled loop each
/// (as in the full sweep): the game's numbered moves, or `play` and
/// `dense_index` with the round trip checked, or trusted.
const NUMBERED: u8 = 0;
const CHECKED: u8 = 1;
const TRUSTED: u8 = 2;

/// The cells of the ring for a reach of `reach` over `count` numbers:
/// `min(reach, count) + 1` rounded up to a power of two.
pub(super) fn ring_cells(reach: usize, count: usize) -> u128 {
    (reach.min(count) as u128 + 1).next_power_of_two()
}

/// The start's value by the windowed sweep, or `None` when the game
/// declares no reach, no numbering or no order (the caller then solves the
/// whole table).
pub(super) fn windowed_value<G: ScoringGame>(
    game: &G,
    budget: Budget,
    cap: u64,
    numbering: Numbering,
) -> Result<Option<G::Score>> {
    let (Some(reach), Some(count)) = (game.dense_reach(), game.dense_positions()) else {
        return Ok(None);
    };
    let to_larger = match game.dense_order() {
        MoveOrder::ToSmaller => false,
        MoveOrder::ToLarger => true,
        MoveOrder::Unordered => return Ok(None),
    };
    let checked = numbering == Numbering::Checked && !game.numbered_moves();
    let target = start_number(game, count, checked)?;
    let cells = ring_cells(reach, count);
    let bytes = cells.saturating_mul(std::mem::size_of::<G::Score>() as u128);
    budget.check_bytes(bytes, WHAT)?;
    let swept = if to_larger {
        count - target
    } else {
        target + 1
    };
    let work = Work::up_front(cap, swept, SWEEP_STEPS_PER_NUMBER, WORK_WHAT)?
        .weighing(0, SWEEP_STEPS_PER_MOVE);
    let mut ring = Vec::new();
    let cells = usize::try_from(cells).map_err(|_| refused(WHAT, bytes, budget))?;
    ring.try_reserve_exact(cells)
        .map_err(|_| refused(WHAT, bytes, budget))?;
    ring.resize(cells, G::Score::zero());
    let w = &budget.watch("negamax windowed sweep", None);
    let mode = match (game.numbered_moves(), numbering) {
        (true, _) => NUMBERED,
        (false, Numbering::Checked) => CHECKED,
        (false, Numbering::Trusted) => TRUSTED,
    };
    let sweep = Window {
        reach,
        count,
        target,
        work,
    };
    let r = &mut ring;
    let value = match (to_larger, mode) {
        (false, NUMBERED) => sweep.run::<G, false, NUMBERED>(game, r, w),
        (false, CHECKED) => sweep.run::<G, false, CHECKED>(game, r, w),
        (false, _) => sweep.run::<G, false, TRUSTED>(game, r, w),
        (true, NUMBERED) => sweep.run::<G, true, NUMBERED>(game, r, w),
        (true, CHECKED) => sweep.run::<G, true, CHECKED>(game, r, w),
        (true, _) => sweep.run::<G, true, TRUSTED>(game, r, w),
    }?;
    Ok(Some(value))
}

/// The start's number, checked to be below `count` (and, if `checked`,
/// given back by `dense_position`).
fn start_number<G: ScoringGame>(game: &G, count: usize, checked: bool) -> Result<usize> {
    let start = game.start();
    let Some(number) = game.dense_index(&start).filter(|&number| number < count) else {
        return Err(invalid(format!(
            "dense_index gave the start no number below dense_positions() = {count}"
        )));
    };
    if checked && game.dense_position(number).as_ref() != Some(&start) {
        return Err(invalid(format!(
            "dense_index numbers the start {number}, but dense_position({number}) is not the \
             start (another position has its number, or dense_position is not given; skip \
             this check with Negamax::trusting_numbering)"
        )));
    }
    Ok(number)
}

/// A refusal of the game.
#[cold]
fn invalid(reason: String) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason,
    }
}

/// One windowed sweep: the declared reach, the numbering's size, the
/// start's number (where the sweep stops) and the work charged so far.
#[derive(Clone, Copy)]
struct Window {
    reach: usize,
    count: usize,
    target: usize,
    work: Work,
}

/// Why the sweep stopped, as plain data (the error is built once the
/// listing has returned, so the loop stays small).
#[derive(Clone, Copy)]
enum Stop {
    /// A listed position numbered `number` (None: no number) after
    /// `previous`, out of sweep order or outside the numbering.
    Listing {
        number: Option<usize>,
        previous: Option<usize>,
    },
    /// The listing passed the start's number without listing it, or ended.
    StartSkipped,
    /// A listed position numbered `number` is not `dense_position(number)`.
    NotItsNumber(usize),
    /// A move of position `number` failed.
    Move(usize, Fault),
    /// The work cap.
    Over,
    /// Position `number` is worth `Score::min_value()`.
    Reserved(usize),
}

/// What is wrong with a move.
#[derive(Clone, Copy)]
enum Fault {
    /// The child's number (`usize::MAX`: none) is outside the reach.
    OutOfReach(usize),
    /// The child's number was skipped by the listing (or is past the numbering).
    Unlisted(usize),
    /// The child is not `dense_position` of its number.
    Collision(usize),
    /// `points - value(child)` does not fit.
    Overflow,
}

/// Moves between two looks at the control.
const LOOK_MOVES: u64 = crate::control::WATCH_STRIDE / SWEEP_STEPS_PER_MOVE;

/// Zeroes the ring cells of the numbers `lo..hi` (fewer than the ring's
/// cells): numbers the listing skipped inside the window.
fn clear<T: Zero + Copy>(ring: &mut [T], lo: usize, hi: usize) {
    let mask = ring.len() - 1;
    let (first, len) = (lo & mask, hi - lo);
    let end = (first + len).min(ring.len());
    ring[first..end].fill(T::zero());
    let wrapped = first + len - end;
    ring[..wrapped].fill(T::zero());
}

/// Zeroes the cells of the numbers listed nowhere between the last listed
/// number (`bound`: one past it going up, it going down) and `number`, as
/// far as `number`'s window reaches.
#[inline(never)]
fn clear_skipped<T: Zero + Copy, const TO_LARGER: bool>(
    ring: &mut [T],
    number: usize,
    bound: usize,
    reach: usize,
) {
    let (lo, hi) = if TO_LARGER {
        (number + 1, bound.min(number.saturating_add(reach) + 1))
    } else {
        (bound.max(number.saturating_sub(reach)), number)
    };
    if lo < hi {
        clear(ring, lo, hi);
    }
}

impl Window {
    /// The sweep (to larger numbers if `TO_LARGER`, else to smaller), one
    /// loop per direction and way of numbering children (`MODE`).
    fn run<G: ScoringGame, const TO_LARGER: bool, const MODE: u8>(
        self,
        game: &G,
        ring: &mut [G::Score],
        w: &crate::control::Watch,
    ) -> Result<G::Score> {
        let Self {
            reach,
            count,
            target,
            work,
        } = self;
        let mask = ring.len() - 1;
        // The next number must be at least `bound` (up) or below it (down).
        let mut bound = if TO_LARGER { count } else { 0 };
        let (mut stop, mut answer) = (None, None);
        let mut moves_left = work.cap.saturating_sub(work.spent) / work.per_move.max(1);
        let (m0, mut cancel) = (moves_left, None);
        let mut look_at = if w.is_active() {
            m0.saturating_add(1)
        } else {
            0
        };
        let _ = game.for_each_dense_position(
            #[inline(always)]
            |position| {
                if moves_left < look_at {
                    look_at = moves_left.saturating_sub(LOOK_MOVES);
                    cancel = look(w, (m0 - moves_left) * SWEEP_STEPS_PER_MOVE);
                    if cancel.is_some() {
                        return ControlFlow::Break(());
                    }
                }
                let number = game.dense_index(&position).unwrap_or(usize::MAX);
                let in_order = if TO_LARGER {
                    number < bound && number >= target
                } else {
                    number >= bound && number <= target
                };
                if !in_order {
                    stop = Some(out_of_order::<TO_LARGER>(number, bound, count, target));
                    return ControlFlow::Break(());
                }
                if MODE == CHECKED && game.dense_position(number).as_ref() != Some(&position) {
                    stop = Some(Stop::NotItsNumber(number));
                    return ControlFlow::Break(());
                }
                // The numbers skipped since the last listed one, inside the
                // window, still hold older numbers' values: zero them (one
                // comparison when the numbers run on without a gap).
                let skipped = if TO_LARGER {
                    number + 1 != bound
                } else {
                    number != bound
                };
                if skipped {
                    clear_skipped::<_, TO_LARGER>(ring, number, bound, reach);
                }
                bound = if TO_LARGER { number } else { number + 1 };
                let mut best = G::Score::min_value();
                let (limit, mut taken, mut fault) = (moves_left, 0u64, None);
                let cells = &*ring;
                let mut take = |points: G::Score, child: usize| {
                    if taken == limit {
                        return ControlFlow::Break(());
                    }
                    taken += 1;
                    // The one check of the promise: 1 ≤ distance ≤ reach.
                    let back = if TO_LARGER {
                        child.wrapping_sub(number)
                    } else {
                        number.wrapping_sub(child)
                    };
                    if back.wrapping_sub(1) >= reach {
                        fault = Some(Fault::OutOfReach(child));
                        return ControlFlow::Break(());
                    }
                    let cell = cells[child & mask];
                    if cell == G::Score::zero() {
                        fault = Some(Fault::Unlisted(child));
                        return ControlFlow::Break(());
                    }
                    match points.checked_sub(&(cell ^ G::Score::min_value())) {
                        Some(candidate) => {
                            best = best.max(candidate);
                            ControlFlow::Continue(())
                        }
                        None => {
                            fault = Some(Fault::Overflow);
                            ControlFlow::Break(())
                        }
                    }
                };
                let mut collision = None;
                let flow = if MODE == NUMBERED {
                    game.for_each_numbered_move(&position, &mut take)
                } else {
                    game.for_each_move(&position, |mv| {
                        let (points, child) = game.play(&position, &mv);
                        let child_number = game.dense_index(&child).unwrap_or(usize::MAX);
                        // The child's cell first (reach, listed), so the round
                        // trip never asks about a number outside the window.
                        let flow = take(points, child_number);
                        if MODE == CHECKED
                            && flow.is_continue()
                            && game.dense_position(child_number).as_ref() != Some(&child)
                        {
                            collision = Some(Fault::Collision(child_number));
                            return ControlFlow::Break(());
                        }
                        flow
                    })
                };
                let fault = fault.or(collision);
                moves_left -= taken;
                if flow.is_break() {
                    stop = Some(match fault {
                        Some(fault) => Stop::Move(number, fault),
                        None => Stop::Over,
                    });
                    return ControlFlow::Break(());
                }
                let value = if taken == 0 { G::Score::zero() } else { best };
                if value == G::Score::min_value() {
                    stop = Some(Stop::Reserved(number));
                    return ControlFlow::Break(());
                }
                ring[number & mask] = cell_of(value);
                if number == target {
                    answer = Some(value);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            },
        );
        if let Some(e) = cancel {
            return Err(e);
        }
        match (answer, stop) {
            (Some(value), _) => Ok(value),
            (None, stop) => {
                Err(self.refusal::<G::Score>(stop.unwrap_or(Stop::StartSkipped), TO_LARGER))
            }
        }
    }

    /// The refusal of a sweep that stopped.
    #[cold]
    #[inline(never)]
    fn refusal<T>(&self, stop: Stop, to_larger: bool) -> Error {
        let (reach, count, target) = (self.reach, self.count, self.target);
        match stop {
            Stop::Over => self.work.refusal(),
            Stop::Reserved(number) => overflow::<T>(format!(
                "position number {number} is worth the score type's minimum, which the sweep \
                 reserves for numbers no position was listed for"
            )),
            Stop::StartSkipped => invalid(format!(
                "for_each_dense_position did not list the start (number {target})"
            )),
            Stop::NotItsNumber(number) => invalid(format!(
                "for_each_dense_position listed a position that dense_index numbers {number}, \
                 but dense_position({number}) is not that position (give dense_position, name \
                 the children by number, or skip the check with Negamax::trusting_numbering)"
            )),
            Stop::Listing { number, previous } => invalid(match number {
                None => "for_each_dense_position listed a position that dense_index gives no \
                         number below dense_positions()"
                    .to_string(),
                Some(number) => format!(
                    "for_each_dense_position listed number {number} after {}: a sweep {} needs \
                     the numbers {} (below dense_positions() = {count})",
                    previous.map_or("none".to_string(), |p| p.to_string()),
                    if to_larger {
                        "to larger numbers"
                    } else {
                        "to smaller numbers"
                    },
                    if to_larger {
                        "strictly decreasing"
                    } else {
                        "strictly increasing"
                    },
                ),
            }),
            Stop::Move(number, fault) => move_refusal::<T>(number, fault, reach, count, to_larger),
        }
    }
}

/// Why a listed number (`usize::MAX`: none) is out of order: past the
/// start's number without listing it, or against the sweep's order.
fn out_of_order<const TO_LARGER: bool>(
    number: usize,
    bound: usize,
    count: usize,
    target: usize,
) -> Stop {
    let previous = if TO_LARGER {
        (bound < count).then_some(bound)
    } else {
        bound.checked_sub(1)
    };
    let past_start = if TO_LARGER {
        number < target
    } else {
        number > target && number < count
    };
    if past_start
        && (if TO_LARGER {
            number < bound
        } else {
            number >= bound
        })
    {
        Stop::StartSkipped
    } else {
        Stop::Listing {
            number: (number < count).then_some(number),
            previous,
        }
    }
}

/// The refusal of a move from position `number`.
#[cold]
#[inline(never)]
fn move_refusal<T>(number: usize, fault: Fault, reach: usize, count: usize, up: bool) -> Error {
    let window = if up {
        format!(
            "{}..={}",
            number.saturating_add(1),
            number.saturating_add(reach)
        )
    } else {
        format!(
            "{}..={}",
            number.saturating_sub(reach),
            number.saturating_sub(1)
        )
    };
    invalid(match fault {
        Fault::OutOfReach(usize::MAX) => format!(
            "a move from position number {number} goes to a position dense_index does not number"
        ),
        Fault::OutOfReach(child) => format!(
            "a move from position number {number} goes to number {child}, outside dense_reach() \
             = {reach}: the windowed sweep needs every child of number {number} in {window}"
        ),
        Fault::Unlisted(child) => format!(
            "a move from position number {number} goes to number {child}, which \
             for_each_dense_position did not list (or not below dense_positions() = {count})"
        ),
        Fault::Collision(child) => format!(
            "a move from position number {number} goes to a position that dense_index numbers \
             {child}, but dense_position({child}) is another one: two positions share one number"
        ),
        Fault::Overflow => {
            return overflow::<T>(format!(
                "a value difference of position number {number} does not fit"
            ));
        }
    })
}

/// Looks at the control after `steps`: the error once it is cancelled.
#[cold]
#[inline(never)]
fn look(w: &crate::control::Watch, steps: u64) -> Option<Error> {
    w.poll(steps).err()
}
