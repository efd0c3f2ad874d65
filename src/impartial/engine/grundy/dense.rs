//! The dense path of [`GrundySolver`](super::GrundySolver): Grundy values in
//! an array indexed by the game's numbering of positions
//! ([`ImpartialGame::dense_positions`]), no hashing.
//!
//! With a declared [`MoveOrder`] the array is filled by one sweep over the
//! numbers, as a hand-written DP does: for `ToSmaller` from 0 up to the
//! number asked for, for `ToLarger` from the top down (the array then holds
//! number `n - 1 - slot` in `slot`, so both grow at the end). The game lists
//! the positions with their numbers (`for_each_dense_position`) and their
//! options by position or, fastest, by number (`for_each_numbered_option`).
//! Nothing but the array and the mex's stamps is kept: the cells from the
//! sweep's frontier through the query's start as holes (the width's top
//! value), so a number the listing skips stays one, and one comparison a read
//! refuses a component that is no position, not filled yet or outside `0..n`.
//! Without an order, a depth-first search with an explicit stack fills the
//! same array, with two bits a number for its state (solved, on the current
//! line). Both map each component's number back (`dense_position`) to refuse
//! two positions sharing one, unless the numbering is trusted.
//!
//! Cells start as bytes and widen when a value does not fit; the loops are
//! compiled once per width, order, form and trust (and once more for values
//! all below 32, whose mex is a mask with a bit to spare for a hole), so the
//! hot loop reads its cells directly.

use std::ops::ControlFlow;

use super::cells::{Cell, Cells, StampMex, width_for};
use super::{
    GRUNDY_SEARCH_STEPS, GRUNDY_SWEEP_POSITION_STEPS, GRUNDY_SWEEP_STEPS, WorkCount,
    inconsistent_game,
};
use crate::game::MoveOrder;
use crate::impartial::ImpartialGame;
use crate::{Budget, Error, Result};

/// Runs `$body` with `$cells` bound to the array inside, whatever its width:
/// each width gets its own copy of the loop, so the hot loop never matches.
macro_rules! with_cells {
    ($cells:expr, $vec:ident => $body:expr) => {
        match $cells {
            Cells::U8($vec) => $body,
            Cells::U16($vec) => $body,
            Cells::U32($vec) => $body,
            Cells::U64($vec) => $body,
        }
    };
}

/// What the budget is charged for on the dense path.
const WHAT: &str = "Grundy table (dense numbering)";

/// The slot of `number` in a sweep's array: `number` itself for `ToSmaller`,
/// `n - 1 - number` for `ToLarger` (so both arrays grow at the end). Every
/// number not filled before a slot (against the order, or `>= n`: the
/// subtraction wraps) maps to that slot or above, so one bounds check tests
/// the declaration. The map is its own inverse.
#[inline]
pub(super) fn slot_of<const LARGER: bool>(n: usize, number: usize) -> usize {
    if LARGER {
        n.wrapping_sub(1).wrapping_sub(number)
    } else {
        number
    }
}

/// A value array over a dense numbering and what its sweep or search needs.
#[derive(Clone)]
pub(super) struct DenseTable<P> {
    /// Numbers run over `0..n`.
    n: usize,
    order: MoveOrder,
    cells: Cells,
    mex: StampMex,
    /// The largest value stored (sizes the mex's stamps).
    largest: u64,
    /// Positions with a value (numbers without a position not counted).
    known: usize,
    /// Search only: a bit a number, set once its value is in `cells`.
    solved: Vec<u64>,
    /// Search only: a bit a number, set while it is on the current line.
    on_line: Vec<u64>,
    /// Search only: pending positions with `number << 1 | expanded`.
    stack: Vec<(P, usize)>,
    /// Whether components' numbers are trusted: not mapped back through
    /// `dense_position` to check that they name the component.
    trusted: bool,
    /// Sweep only: slots below this are final (the cells above, up to the
    /// array's length, hold [`Cell::HOLE`] until the sweep reaches them).
    swept: usize,
}

/// Why a loop over options stopped before its end.
enum Stop {
    /// A component without a number below `n`, or against the declared order
    /// (its number, if it has one).
    AgainstNumbering(Option<usize>),
    /// A position met again on the current line (its number).
    Cycle(usize),
    /// The pending stack would outgrow the budget (the capacity it needed).
    Stack(usize),
    /// A component that should have a value has none.
    Inconsistent,
    /// A component of the position numbered `.0` whose number `.1` is
    /// another position's (`dense_position` gives another).
    Collision(usize, usize),
    /// The work cap is reached.
    Work,
    /// The budget's control was cancelled.
    Cancelled(Error),
}

/// A value that needs more than the loop can store: wider cells or more
/// stamps. The caller grows them and stores it.
pub(super) struct Rare {
    number: usize,
    value: u64,
}

#[inline]
fn bit(words: &[u64], index: usize) -> bool {
    words[index / 64] >> (index % 64) & 1 != 0
}

#[inline]
fn set_bit(words: &mut [u64], index: usize, on: bool) {
    let mask = 1u64 << (index % 64);
    if on {
        words[index / 64] |= mask;
    } else {
        words[index / 64] &= !mask;
    }
}

impl<P: Clone + Eq> DenseTable<P> {
    /// An empty table over numbers `0..n`; nothing is allocated before the
    /// first query.
    pub(super) fn new(n: usize, order: MoveOrder) -> Self {
        Self {
            n,
            order,
            cells: Cells::new(),
            mex: StampMex::new(),
            largest: 0,
            known: 0,
            solved: Vec::new(),
            on_line: Vec::new(),
            stack: Vec::new(),
            trusted: false,
            swept: 0,
        }
    }

    /// Trusts (or not) that a component's number names it: see
    /// `GrundySolver::trusting_numbering`.
    pub(super) fn trust(&mut self, trusted: bool) {
        self.trusted = trusted;
    }

    /// Positions with a value.
    pub(super) fn known(&self) -> usize {
        self.known
    }

    fn sweeps(&self) -> bool {
        self.order != MoveOrder::Unordered
    }

    /// The bytes the budget is charged for `cells` cells of `width` bytes,
    /// `stamps` mex stamps and `stack` pending entries: on a sweep
    /// `cells * width + 4 * stamps`; a search adds two bits a number and
    /// `size_of::<(P, usize)>()` bytes a pending entry.
    fn bytes(&self, cells: usize, width: usize, stamps: usize, stack: usize) -> u128 {
        let mut total = cells as u128 * width as u128 + 4 * stamps as u128;
        if !self.sweeps() {
            total += 2 * 8 * self.n.div_ceil(64) as u128
                + stack as u128 * std::mem::size_of::<(P, usize)>() as u128;
        }
        total
    }

    fn refused(needed_bytes: u128, budget: Budget) -> Error {
        crate::budget::bytes_refused(WHAT, needed_bytes, budget)
    }

    /// Charges and allocates: `bytes` must fit the budget, then `allocate`
    /// must succeed (an allocator refusal is a budget refusal too).
    fn charged(needed: u128, budget: Budget, allocate: impl FnOnce() -> bool) -> Result<()> {
        budget.check_bytes(needed, WHAT)?;
        if allocate() {
            Ok(())
        } else {
            Err(Self::refused(needed, budget))
        }
    }

    /// The number of a component: checked against `n`.
    fn number_of<G: ImpartialGame<Position = P>>(&self, game: &G, position: &P) -> Result<usize> {
        match game.dense_index(position) {
            Some(number) if number < self.n => Ok(number),
            other => Err(against_numbering(self.n, other)),
        }
    }

    /// The value of a component whose value is known, if it is.
    pub(super) fn known_value<G: ImpartialGame<Position = P>>(
        &self,
        game: &G,
        position: &P,
    ) -> Option<u64> {
        let number = game.dense_index(position).filter(|&i| i < self.n)?;
        if self.sweeps() {
            let slot = if self.order == MoveOrder::ToLarger {
                slot_of::<true>(self.n, number)
            } else {
                slot_of::<false>(self.n, number)
            };
            (slot < self.swept).then(|| self.cells.get(slot)).flatten()
        } else if self.solved.is_empty() || !bit(&self.solved, number) {
            None
        } else {
            self.cells.get(number)
        }
    }

    /// The value of `root` when a sweep has passed it and the table holds
    /// it (its number checked as a query's is): the hot path of many
    /// queries, kept small enough to inline.
    #[inline]
    pub(super) fn swept_value<G: ImpartialGame<Position = P>>(
        &self,
        game: &G,
        root: &P,
    ) -> Option<u64> {
        let number = game.dense_index(root).filter(|&i| i < self.n)?;
        let slot = match self.order {
            MoveOrder::ToSmaller => slot_of::<false>(self.n, number),
            MoveOrder::ToLarger => slot_of::<true>(self.n, number),
            MoveOrder::Unordered => return None,
        };
        if slot >= self.swept || !self.trusted && game.dense_position(number).as_ref() != Some(root)
        {
            return None;
        }
        self.cells.get(slot)
    }

    /// The value in the cell of `number` when a sweep has passed it and it
    /// holds one: the hot path of queries by number, one comparison and one
    /// read (a hole, or a number `>= n`, which maps to a slot at or past
    /// `swept`, falls to [`DenseTable::grundy_at_number`] for its error).
    #[inline]
    pub(super) fn swept_number(&self, number: usize) -> Option<u64> {
        let slot = match self.order {
            MoveOrder::ToSmaller => slot_of::<false>(self.n, number),
            MoveOrder::ToLarger => slot_of::<true>(self.n, number),
            MoveOrder::Unordered => return None,
        };
        if slot < self.swept {
            self.cells.get(slot)
        } else {
            None
        }
    }

    /// Of `numbers`, the one whose slot a sweep reaches last, when the sweep
    /// has not reached it yet (a number outside `0..n` counts as furthest):
    /// the one query that sweeps for a whole sum. `None` without an order.
    pub(super) fn furthest_unswept(&self, numbers: impl Iterator<Item = usize>) -> Option<usize> {
        let larger = match self.order {
            MoveOrder::ToSmaller => false,
            MoveOrder::ToLarger => true,
            MoveOrder::Unordered => return None,
        };
        let slot = |number| {
            if larger {
                slot_of::<true>(self.n, number)
            } else {
                slot_of::<false>(self.n, number)
            }
        };
        numbers
            .max_by_key(|&number| slot(number))
            .filter(|&number| slot(number) >= self.swept)
    }

    /// The XOR of the values in the cells of `numbers` when a sweep has
    /// passed every one and each holds a value, else `None` (the caller
    /// then asks number by number, for the refusal). One read and no branch
    /// a number (a hole is flagged, and tested once), so the reads' cache
    /// misses overlap as a hand-written DP's do.
    pub(super) fn swept_sum(&self, numbers: impl Iterator<Item = usize>) -> Option<u64> {
        fn sum<C: Cell, const LARGER: bool>(
            cells: &[C],
            n: usize,
            numbers: impl Iterator<Item = usize>,
        ) -> Option<u64> {
            let (mut total, mut hole) = (C::default(), false);
            for number in numbers {
                // Past the swept slots (or outside `0..n`) reads as a hole.
                let cell = cells
                    .get(slot_of::<LARGER>(n, number))
                    .copied()
                    .unwrap_or(C::HOLE);
                hole |= cell == C::HOLE;
                total = total ^ cell;
            }
            (!hole).then(|| total.value())
        }
        let (n, swept) = (self.n, self.swept);
        let larger = match self.order {
            MoveOrder::ToSmaller => false,
            MoveOrder::ToLarger => true,
            MoveOrder::Unordered => return None,
        };
        with_cells!(&self.cells, cells => {
            let cells = &cells[..swept.min(cells.len())];
            if larger {
                sum::<_, true>(cells, n, numbers)
            } else {
                sum::<_, false>(cells, n, numbers)
            }
        })
    }

    /// The Grundy value of the position numbered `number`: refused when
    /// `number` is outside `0..n` or names no position (a number the
    /// listing skipped, or `dense_position` gives none).
    pub(super) fn grundy_at_number<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        number: usize,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        if number >= self.n {
            return Err(Error::InvalidParameter {
                name: "number",
                reason: format!(
                    "number {number} is outside the dense numbering 0..{} (dense_positions())",
                    self.n
                ),
            });
        }
        if self.sweeps() {
            // The cell holds the value of the position listed under
            // `number` (its own number checked by the sweep), or a hole.
            return self.sweep_through(game, number, budget, work);
        }
        let Some(root) = game.dense_position(number) else {
            return Err(unlisted_root(number));
        };
        if !self.trusted && game.dense_index(&root) != Some(number) {
            return Err(mislisted(number, game.dense_index(&root)));
        }
        self.search(game, &root, number, budget, work)
    }

    /// The Grundy value of `root`.
    pub(super) fn grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        let number = self.number_of(game, root)?;
        if self.sweeps() {
            self.sweep_to(game, root, number, budget, work)
        } else {
            // Another position with the root's number would answer for it.
            if !self.trusted && game.dense_position(number).as_ref() != Some(root) {
                return Err(mismatched_numbering(number));
            }
            self.search(game, root, number, budget, work)
        }
    }

    /// Grows the stamps for `value` and the cells' width for it, charged
    /// before allocating (the old and new cells coexist while widening).
    fn make_room_for(&mut self, value: u64, budget: Budget) -> Result<()> {
        let largest = self.largest.max(value);
        let stamps = StampMex::len_for(largest).max(self.mex.len());
        let width = self.cells.width().max(width_for(value));
        let capacity = self.cells.capacity();
        let mut needed = self.bytes(capacity, width, stamps, self.stack.capacity());
        if width > self.cells.width() {
            needed += capacity as u128 * self.cells.width() as u128;
        }
        let (mex, cells) = (&mut self.mex, &mut self.cells);
        Self::charged(needed, budget, || {
            mex.grow_to(stamps) && (width == cells.width() || cells.widen_to(width).is_some())
        })?;
        self.largest = largest;
        Ok(())
    }

    // --- one sweep in the declared order -----------------------------------

    fn sweep_to<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        number: usize,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        // The root must be the position its number names, or its cell
        // would be skipped (or be another position's).
        if !self.trusted && game.dense_position(number).as_ref() != Some(root) {
            return Err(mismatched_numbering(number));
        }
        self.sweep_through(game, number, budget, work)
    }

    /// Sweeps through `number` (in `0..n`) and returns its cell's value;
    /// a hole (no position listed under `number`) is refused.
    fn sweep_through<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        number: usize,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        let larger = self.order == MoveOrder::ToLarger;
        let n = self.n;
        let last = if larger {
            slot_of::<true>(n, number)
        } else {
            slot_of::<false>(n, number)
        };
        if last < self.swept {
            return self.cells.get(last).ok_or_else(|| unlisted_root(number));
        }
        // The numbers to sweep are known now: refused before any is swept
        // (their cells first, so an array too large is named as such).
        let stamps = StampMex::len_for(self.largest).max(self.mex.len());
        budget.check_bytes(self.bytes(last + 1, self.cells.width(), stamps, 0), WHAT)?;
        let numbers = (last + 1 - self.swept) as u128;
        if work
            .up_front(numbers * u128::from(GRUNDY_SWEEP_POSITION_STEPS))
            .is_break()
        {
            return Err(work.error(&format!(
                "GrundySolver (sweep over the dense numbering, {numbers} numbers to sweep, \
                 charged before it starts)"
            )));
        }
        self.reserve_through(last, budget)?;
        // Every slot through the query's starts as a hole: the sweep's reads
        // then need one comparison to catch a number not filled before.
        self.cells.fill_holes_to(last + 1);
        // Without a control, one segment: the whole sweep.
        let mut segment = if work.watch.is_active() { 1024 } else { n };
        loop {
            let until = last.min(self.swept.saturating_add(segment));
            let left = work.left;
            let state = Sweep {
                n,
                last: until,
                mex: &mut self.mex,
                work: &mut *work,
                known: &mut self.known,
                swept: &mut self.swept,
            };
            // One copy of the loop per order, form and trust, and one for
            // values all below `SMALL_VALUES` (byte cells whose option values
            // fit a mask, no stamps): no flag tested in the loop.
            let small = self.largest < SMALL_VALUES;
            macro_rules! sweep_in {
                ($larger:literal, $numbered:literal, $trusted:literal) => {
                    match &mut self.cells {
                        Cells::U8(cells) if small => {
                            sweep::<G, u8, $larger, $numbered, true, $trusted>(game, cells, state)
                        }
                        cells => with_cells!(cells, cells => {
                            sweep::<G, _, $larger, $numbered, false, $trusted>(game, cells, state)
                        }),
                    }
                };
            }
            let rare = match (larger, game.numbered_options(), self.trusted) {
                (true, true, false) => sweep_in!(true, true, false),
                (true, true, true) => sweep_in!(true, true, true),
                (true, false, false) => sweep_in!(true, false, false),
                (true, false, true) => sweep_in!(true, false, true),
                (false, true, false) => sweep_in!(false, true, false),
                (false, true, true) => sweep_in!(false, true, true),
                (false, false, false) => sweep_in!(false, false, false),
                (false, false, true) => sweep_in!(false, false, true),
            };
            match rare? {
                None if until == last => break,
                // A segment done (every value final): shown to the control,
                // the next sized to about SWEEP_SEGMENT_STEPS steps.
                None => {
                    work.poll()?;
                    let used = (left - work.left).max(1);
                    let scaled =
                        segment as u128 * u128::from(SWEEP_SEGMENT_STEPS) / u128::from(used);
                    segment = usize::try_from(scaled).unwrap_or(n).clamp(64, 1 << 20);
                }
                Some(Rare { value, .. }) => {
                    self.make_room_for(value, budget)?;
                    self.cells.set(self.swept, value);
                    self.swept += 1;
                    self.known += 1;
                }
            }
        }
        self.cells.get(last).ok_or_else(|| unlisted_root(number))
    }

    /// Room for slots up to `last` (doubling, up to `n`), charged first.
    fn reserve_through(&mut self, last: usize, budget: Budget) -> Result<()> {
        let stamps = StampMex::len_for(self.largest).max(self.mex.len());
        let capacity = self.cells.capacity();
        if last < capacity && stamps == self.mex.len() {
            return Ok(());
        }
        let wanted = (last + 1).max(capacity.saturating_mul(2).min(self.n));
        let needed = self.bytes(wanted, self.cells.width(), stamps, 0);
        let (mex, cells) = (&mut self.mex, &mut self.cells);
        let additional = wanted.saturating_sub(cells.len());
        Self::charged(needed, budget, || {
            mex.grow_to(stamps) && cells.try_reserve_exact(additional)
        })
    }

    // --- depth-first search without an order -------------------------------

    fn search<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        number: usize,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        if self.solved.is_empty() {
            self.allocate_search(budget)?;
        }
        if !bit(&self.solved, number) {
            let result = self.search_from(game, root, number, budget, work);
            if result.is_err() {
                // Forget the abandoned line, so the next query starts clean.
                for &(_, tagged) in &self.stack {
                    set_bit(&mut self.on_line, tagged >> 1, false);
                }
                self.stack.clear();
            }
            result?;
        }
        self.cells.get(number).ok_or_else(inconsistent_game)
    }

    /// The whole array of bytes, the state bits and the stamps, charged first.
    fn allocate_search(&mut self, budget: Budget) -> Result<()> {
        let stamps = StampMex::len_for(0);
        let words = self.n.div_ceil(64);
        let needed = self.bytes(self.n, 1, stamps, 0);
        let n = self.n;
        let (mex, cells, solved, on_line) = (
            &mut self.mex,
            &mut self.cells,
            &mut self.solved,
            &mut self.on_line,
        );
        Self::charged(needed, budget, || {
            let zeroed = |bits: &mut Vec<u64>| {
                bits.try_reserve_exact(words).is_ok() && {
                    bits.resize(words, 0);
                    true
                }
            };
            mex.grow_to(stamps)
                && zeroed(solved)
                && zeroed(on_line)
                && match Cells::zeroed(n, 1) {
                    Some(zeros) => {
                        *cells = zeros;
                        true
                    }
                    None => false,
                }
        })
    }

    fn search_from<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        number: usize,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<()> {
        // Entries the budget leaves for the stack, beside the fixed arrays.
        let fixed = self.bytes(self.n, self.cells.width(), self.mex.len(), 0);
        let entry = std::mem::size_of::<(P, usize)>().max(1) as u128;
        let stack_limit =
            usize::try_from(budget.bytes().saturating_sub(fixed) / entry).unwrap_or(usize::MAX);
        self.stack.clear();
        if grow_stack(&mut self.stack, stack_limit).is_err() {
            return Err(Self::refused(fixed + entry, budget));
        }
        self.stack.push((root.clone(), number << 1));
        loop {
            let mut state = SearchState {
                n: self.n,
                solved: &mut self.solved,
                on_line: &mut self.on_line,
                stack: &mut self.stack,
                stack_limit,
                mex: &mut self.mex,
                known: &mut self.known,
                trusted: self.trusted,
            };
            let rare = with_cells!(&mut self.cells, cells => state.run(game, cells, work));
            match rare {
                Ok(None) => return Ok(()),
                Ok(Some(Rare { number, value })) => {
                    self.make_room_for(value, budget)?;
                    // The frame of the rare value is on top.
                    self.stack.pop();
                    self.cells.set(number, value);
                    set_bit(&mut self.solved, number, true);
                    set_bit(&mut self.on_line, number, false);
                    self.known += 1;
                }
                Err(Stop::Stack(capacity)) => {
                    let needed = self.bytes(self.n, self.cells.width(), self.mex.len(), capacity);
                    return Err(Self::refused(needed, budget));
                }
                Err(Stop::AgainstNumbering(component)) => {
                    return Err(against_numbering(self.n, component));
                }
                Err(Stop::Cycle(index)) => {
                    return Err(Error::CyclicGame {
                        position: format!("position number {index}"),
                        detail: "found by GrundySolver (dense numbering)".to_string(),
                    });
                }
                Err(Stop::Work) => return Err(work.error("GrundySolver")),
                Err(Stop::Cancelled(error)) => return Err(error),
                Err(Stop::Inconsistent) => return Err(inconsistent_game()),
                Err(Stop::Collision(number, component)) => {
                    return Err(collision(number, component));
                }
            }
        }
    }
}

/// Grows `stack` for one more entry when it is full: doubling, at most
/// `limit` entries; `Err` with the capacity needed when that is not enough.
#[inline]
fn grow_stack<T>(stack: &mut Vec<T>, limit: usize) -> std::result::Result<(), usize> {
    if stack.len() < stack.capacity() {
        return Ok(());
    }
    let wanted = stack.len().saturating_mul(2).max(64).min(limit);
    if wanted <= stack.len() || stack.try_reserve_exact(wanted - stack.len()).is_err() {
        return Err(stack.len().saturating_mul(2).max(64));
    }
    Ok(())
}

/// The state of one sweep that is not the cells (whose type varies).
struct Sweep<'a> {
    n: usize,
    last: usize,
    mex: &'a mut StampMex,
    work: &'a mut WorkCount,
    known: &'a mut usize,
    swept: &'a mut usize,
}

/// Why the listing of one sweep stopped early.
pub(super) enum Halt {
    Lie(Error),
    Rare(Rare),
}

/// Fills `cells` from slot `swept` through slot `last` in the declared
/// order (`LARGER`: `ToLarger`), returning early with a value that needs
/// wider cells or more stamps. The game lists the positions
/// ([`ImpartialGame::for_each_dense_position`]); every cell from `swept`
/// on holds [`Cell::HOLE`] until filled, so numbers the listing skips stay
/// holes, and one comparison a component read catches a number skipped,
/// not yet filled (against the order) or the position's own.
///
/// Few branches a cell: the listed position's own number is checked by
/// the same comparison that finds its slot next (a position listed under
/// another number takes a slot outside `0..n`); in the small loop over
/// options given by number, an option costs its work charge's branch alone
/// (a hole sets a mask bit tested once a position).
///
/// `TRUSTED`: components' numbers (and listed positions' numbers) are not
/// mapped back to check them.
#[allow(clippy::too_many_lines)]
fn sweep<
    G: ImpartialGame,
    C: Cell,
    const LARGER: bool,
    const NUMBERED: bool,
    const SMALL: bool,
    const TRUSTED: bool,
>(
    game: &G,
    cells: &mut [C],
    state: Sweep<'_>,
) -> Result<Option<Rare>> {
    let Sweep {
        n,
        last,
        mex,
        work,
        known,
        swept,
    } = state;
    let trusted = TRUSTED;
    // Kept in registers through the hot loop, written back once: the
    // options' steps left (charged as each option is listed, so an endless
    // listing stops at the cap), the next slot and the values stored.
    let mut left = work.left;
    let mut over = false;
    let start = *swept;
    let mut next = start;
    let mut stored = 0;
    let mut halt = None;
    // A larger mex needs more stamps: the sweep stops for it.
    let stamps = mex.len() as u64;
    // The slots through the query's: the store's own bounds check stops
    // the sweep after it (the position after the query's is listed and its
    // options read, then dropped; what it finds wrong is the next query's).
    let cells = &mut cells[..=last];
    let _ = game.for_each_dense_position(slot_of::<LARGER>(n, next), |number, position| {
        // A position listed under another number than its `dense_index`
        // takes a number outside `0..n` (`usize::MAX`, whose slot is `n` in
        // either order): the range test below catches it with no branch of
        // its own.
        let listed = if trusted || game.dense_index(&position) == Some(number) {
            number
        } else {
            usize::MAX
        };
        let slot = slot_of::<LARGER>(n, listed);
        // One comparison in the common case, the slot right after the last
        // one.
        if slot != next {
            if let Some(stop) =
                off_next::<G, LARGER>(game, n, next, last, trusted, number, &position)
            {
                halt = stop;
                return ControlFlow::Break(());
            }
        }
        // Numbers the listing skipped stay holes.
        next = slot;
        // Values below 64 in a mask, larger ones stamped (see `mex_of`).
        // (Wider values: stamps of this position's generation, started here;
        // the small loop never needs them.)
        let (mut mask, generation) = (0u64, if SMALL { 0 } else { mex.begin() });
        // The OR of the cells options of several components read (small
        // loop, options by number): at least `SMALL_VALUES` when one was a
        // hole.
        let mut seen = 0u64;
        // Set (with `over` or `lie`) when an option stops the position.
        let mut stopped = false;
        let mut lie = None;
        let filled = &*cells;
        // Outside the array reads as a hole too: one comparison a read.
        let read = |index: usize| {
            filled
                .get(slot_of::<LARGER>(n, index))
                .copied()
                .unwrap_or(C::HOLE)
        };
        let mut add = |value: u64| {
            if SMALL {
                // Every cell is below `SMALL_VALUES`, so is an XOR of cells;
                // a hole's byte, 255, shifts by 63: `HOLE_BIT`. An XOR with
                // holes in it (0 for two) is flagged by `seen`.
                debug_assert!(value < SMALL_VALUES || value > u64::from(u8::MAX) - SMALL_VALUES);
                mask |= 1u64.wrapping_shl(value as u32);
            } else if value < 64 {
                mask |= 1 << value;
            } else {
                mex.mark(generation, value);
            }
        };
        let _ = if NUMBERED {
            game.for_each_numbered_option(number, &position, |option| {
                if let (true, &[index]) = (SMALL, option) {
                    // One component, small values: its cell takes its bit, a
                    // hole (or a read outside the filled slots) bit
                    // `HOLE_BIT`, tested once a position. No branch but the
                    // work charge's.
                    add(read(index).value());
                    if charge(&mut left, 1) {
                        stopped = true;
                        over = true;
                        return ControlFlow::Break(());
                    }
                    return ControlFlow::Continue(());
                }
                if SMALL {
                    // Several components, small values: each cell OR-ed into
                    // `seen` (a hole, 255, sets bits no small value has),
                    // tested once a position as the hole bit is. No branch but
                    // the work charge's.
                    if charge(&mut left, option.len()) {
                        stopped = true;
                        over = true;
                        return ControlFlow::Break(());
                    }
                    let mut value = 0u64;
                    for &index in option {
                        let cell = read(index).value();
                        seen |= cell;
                        value ^= cell;
                    }
                    add(value);
                    return ControlFlow::Continue(());
                }
                // Several components (wider values): every component read,
                // holes flagged: one branch an option.
                let (mut value, mut hole) = (C::default(), false);
                for &index in option {
                    let cell = read(index);
                    hole |= cell == C::HOLE;
                    value = value ^ cell;
                }
                let short = charge(&mut left, option.len());
                if short | hole {
                    stopped = true;
                    if short {
                        over = true;
                    } else {
                        let index = option.iter().copied().find(|&i| read(i) == C::HOLE);
                        lie = Some(index);
                    }
                    return ControlFlow::Break(());
                }
                // An XOR of cells fits a cell: no widening on the way.
                add(value.value());
                ControlFlow::Continue(())
            })
        } else {
            game.for_each_option(&position, |option| {
                if charge(&mut left, option.len()) {
                    stopped = true;
                    over = true;
                    return ControlFlow::Break(());
                }
                let mut value = C::default();
                for component in option {
                    let index = game.dense_index(component);
                    // Two positions with one number would share a cell.
                    let cell = index.map(read).filter(|&cell| {
                        cell != C::HOLE
                            && (trusted
                                || game.dense_position(index.unwrap_or(0)).as_ref()
                                    == Some(component))
                    });
                    match cell {
                        Some(cell) => value = value ^ cell,
                        None => {
                            stopped = true;
                            lie = Some(index);
                            return ControlFlow::Break(());
                        }
                    }
                }
                add(value.value());
                ControlFlow::Continue(())
            })
        };
        if SMALL && NUMBERED && !stopped && (mask >> HOLE_BIT != 0 || seen >= SMALL_VALUES) {
            if slot > last {
                return ControlFlow::Break(()); // past the query
            }
            let found = Lie::find::<G, C, LARGER>(game, cells, n, slot, number, &position);
            halt = Some(Halt::Lie(found.error(number)));
            return ControlFlow::Break(());
        }
        if stopped {
            if slot > last {
                // Past the query: its answer is ready, whatever the cap.
                (over, left) = (false, 0);
                return ControlFlow::Break(());
            }
            if let Some(index) = lie {
                let found = Lie::diagnose::<C, LARGER>(cells, n, slot, index);
                halt = Some(Halt::Lie(found.error(number)));
            }
            return ControlFlow::Break(());
        }
        // `SMALL_VALUES` and up leaves the small loop.
        let (value, rare) = if SMALL {
            let value = u64::from((!mask).trailing_zeros());
            (value, value >= SMALL_VALUES)
        } else {
            let value = mex_of(mex, mask, generation);
            (value, value >= stamps || value >= C::HOLE.value())
        };
        let Some(cell) = cells.get_mut(slot) else {
            return ControlFlow::Break(()); // past the query
        };
        if rare {
            halt = Some(Halt::Rare(Rare { number, value }));
            return ControlFlow::Break(());
        }
        *cell = C::from_value(value);
        next = slot + 1;
        stored += 1;
        ControlFlow::Continue(())
    });
    *known += stored;
    // The slots before `next` are final, whatever stopped the sweep (a
    // position listed under another number stopped it before its slot).
    *swept = next;
    if over {
        work.left = 0;
        work.over = true;
        return Err(work.error("GrundySolver (sweep over the dense numbering)"));
    }
    work.left = left;
    match halt {
        Some(Halt::Lie(error)) => Err(error),
        Some(Halt::Rare(rare)) => Ok(Some(rare)),
        // Numbers after the last listed one, through the query's, are no
        // positions either: their cells stay holes.
        None => {
            *swept = last + 1;
            Ok(None)
        }
    }
}

/// The values the small loop keeps (byte cells, every value below this, so
/// every XOR of values too): their mex is a 64-bit mask's, with bit
/// [`HOLE_BIT`] free to flag a hole.
const SMALL_VALUES: u64 = 32;

/// The mask bit of a hole in the small loop: `Cell::HOLE` of a byte masked
/// to 6 bits (`255 & 63`), above every small value.
const HOLE_BIT: u64 = 63;

/// Steps of a segment of a sweep under a control: the work is shown to
/// the control between segments, so the sweep's loop is the same with or
/// without one.
const SWEEP_SEGMENT_STEPS: u64 = 1 << 20;

/// Charges the work of one option of `components` components against
/// `left`: true when it does not fit (`left` then wraps; the caller stops).
#[inline]
pub(super) fn charge(left: &mut u64, components: usize) -> bool {
    let steps = components.max(1) as u64 * GRUNDY_SWEEP_STEPS;
    let (rest, short) = left.overflowing_sub(steps);
    *left = rest;
    short
}

/// What the sweep does with the position listed under `number`, whose
/// slot (or its `dense_index`'s) is not `next`, the slot after the last
/// filled (at most `last + 1`): `None` to go on (the listing skipped numbers,
/// whose cells stay holes), `Some(None)` to stop (past the query: the next
/// one goes on from it), else the lie that stops it: a position listed
/// under another number than its `dense_index`, or a number out of the
/// sweep's order. Off the hot loop (a listing that skips numbers calls it
/// once a skip).
#[cold]
pub(super) fn off_next<G: ImpartialGame, const LARGER: bool>(
    game: &G,
    n: usize,
    next: usize,
    last: usize,
    trusted: bool,
    number: usize,
    position: &G::Position,
) -> Option<Option<Halt>> {
    let slot = slot_of::<LARGER>(n, number);
    if slot < next || slot >= n {
        return Some(Some(Halt::Lie(out_of_sweep_order(
            number,
            slot_of::<LARGER>(n, next),
            n,
        ))));
    }
    if slot > last {
        return Some(None); // past the query
    }
    let index = game.dense_index(position);
    if !trusted && index != Some(number) {
        // Its own number disagrees.
        return Some(Some(Halt::Lie(mislisted(number, index))));
    }
    None // numbers skipped
}

/// The mex of one position's option values: `mask` holds those below 64,
/// the stamps of `generation` (0: none) the others.
#[inline]
fn mex_of(mex: &StampMex, mask: u64, generation: u32) -> u64 {
    if mask != u64::MAX {
        u64::from((!mask).trailing_zeros())
    } else if generation == 0 {
        64
    } else {
        mex.gap_from_64(generation)
    }
}

/// A component that contradicts the numbering, found by a sweep.
pub(super) enum Lie {
    /// A number not filled before the position's (against the declared
    /// order, or outside `0..n`), or no number.
    Order(Option<usize>),
    /// A number the listing skipped: no position has it.
    Skipped(usize),
    /// A number whose `dense_position` is another position.
    Collision(usize),
    /// Options that read a hole, then none when listed again.
    Unstable,
}

impl Lie {
    /// What is wrong with the position numbered `number` (in `slot`) whose
    /// options, listed by number, read a hole: its options listed again to
    /// find the component (cold: once, for a lying game).
    #[cold]
    fn find<G: ImpartialGame, C: Cell, const LARGER: bool>(
        game: &G,
        cells: &[C],
        n: usize,
        slot: usize,
        number: usize,
        position: &G::Position,
    ) -> Lie {
        let mut found = None;
        let _ = game.for_each_numbered_option(number, position, |option| {
            let hole = option.iter().copied().find(|&index| {
                let at = slot_of::<LARGER>(n, index);
                at >= slot || cells.get(at).is_none_or(|&cell| cell == C::HOLE)
            });
            match hole {
                Some(index) => {
                    found = Some(index);
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            }
        });
        match found {
            Some(index) => Lie::diagnose::<C, LARGER>(cells, n, slot, Some(index)),
            // A listing that changed between the two calls.
            None => Lie::Unstable,
        }
    }

    /// What is wrong with the component numbered `index` (`None`: no
    /// number) of the position in `slot`, whose read found no value: the
    /// exact diagnosis, run once, off the hot loop.
    #[cold]
    pub(super) fn diagnose<C: Cell, const LARGER: bool>(
        cells: &[C],
        n: usize,
        slot: usize,
        index: Option<usize>,
    ) -> Lie {
        let Some(index) = index else {
            return Lie::Order(None);
        };
        let at = slot_of::<LARGER>(n, index);
        if at >= slot {
            Lie::Order(Some(index)) // outside 0..n, against the order, or itself
        } else if cells[at] == C::HOLE {
            Lie::Skipped(index)
        } else {
            Lie::Collision(index)
        }
    }

    pub(super) fn error(self, number: usize) -> Error {
        match self {
            Lie::Order(component) => against_order(number, component),
            Lie::Skipped(index) => Error::InvalidParameter {
                name: "game",
                reason: format!(
                    "an option of the position numbered {number} has a component numbered \
                     {index}, a number that no position has (for_each_dense_position, by \
                     default dense_position, skipped it)"
                ),
            },
            Lie::Collision(index) => collision(number, index),
            Lie::Unstable => unstable_options(number),
        }
    }
}

/// The borrowed state of one search (everything but the cells, whose type
/// varies).
struct SearchState<'a, P> {
    n: usize,
    solved: &'a mut [u64],
    on_line: &'a mut [u64],
    stack: &'a mut Vec<(P, usize)>,
    stack_limit: usize,
    mex: &'a mut StampMex,
    known: &'a mut usize,
    trusted: bool,
}

impl<P: Clone + Eq> SearchState<'_, P> {
    /// Runs the search until the stack is empty, or returns a value that
    /// needs more room (its frame left on top of the stack).
    fn run<G: ImpartialGame<Position = P>, C: Cell>(
        &mut self,
        game: &G,
        cells: &mut [C],
        work: &mut WorkCount,
    ) -> std::result::Result<Option<Rare>, Stop> {
        while let Some((position, tagged)) = self.stack.pop() {
            let number = tagged >> 1;
            if bit(self.solved, number) {
                continue;
            }
            if tagged & 1 == 0 {
                // First visit: on the line, below its unknown components.
                set_bit(self.on_line, number, true);
                self.stack.push((position.clone(), tagged | 1));
                let Some(value) = self.expand(game, cells, &position, number, work)? else {
                    // Its frame is on the stack: a cancel forgets its line.
                    work.poll().map_err(Stop::Cancelled)?;
                    continue;
                };
                // No unknown component: the frame is back on top.
                self.stack.pop();
                if value >= self.mex.len() as u64 || value >= C::HOLE.value() {
                    self.stack.push((position, tagged | 1));
                    return Ok(Some(Rare { number, value }));
                }
                self.store(cells, number, value);
            } else {
                // Second visit: every component has its value now.
                let value = self.mex_of_known(game, cells, &position, number, work)?;
                if value >= self.mex.len() as u64 || value >= C::HOLE.value() {
                    self.stack.push((position, tagged));
                    return Ok(Some(Rare { number, value }));
                }
                self.store(cells, number, value);
            }
            work.poll().map_err(Stop::Cancelled)?;
        }
        Ok(None)
    }

    #[inline]
    fn store<C: Cell>(&mut self, cells: &mut [C], number: usize, value: u64) {
        cells[number] = C::from_value(value);
        set_bit(self.solved, number, true);
        set_bit(self.on_line, number, false);
        *self.known += 1;
    }

    /// Pushes the unknown components of `position`'s options; when there
    /// are none, its mex (computed on the way).
    fn expand<G: ImpartialGame<Position = P>, C: Cell>(
        &mut self,
        game: &G,
        cells: &[C],
        position: &P,
        number: usize,
        work: &mut WorkCount,
    ) -> std::result::Result<Option<u64>, Stop> {
        let mut round = self.mex.start();
        let below = self.stack.len();
        let mut stop = None;
        let (n, trusted) = (self.n, self.trusted);
        let _ = game.for_each_option(position, |option| {
            work.step(option.len(), GRUNDY_SEARCH_STEPS)?;
            let mut value = 0;
            for component in option {
                let Some(index) = game.dense_index(component).filter(|&i| i < n) else {
                    stop = Some(Stop::AgainstNumbering(game.dense_index(component)));
                    return ControlFlow::Break(());
                };
                // Two positions with one number would share a cell.
                if !trusted && game.dense_position(index).as_ref() != Some(component) {
                    stop = Some(Stop::Collision(number, index));
                    return ControlFlow::Break(());
                }
                if bit(self.solved, index) {
                    value ^= cells[index].value();
                    continue;
                }
                if bit(self.on_line, index) {
                    stop = Some(Stop::Cycle(index));
                    return ControlFlow::Break(());
                }
                if let Err(capacity) = grow_stack(self.stack, self.stack_limit) {
                    stop = Some(Stop::Stack(capacity));
                    return ControlFlow::Break(());
                }
                self.stack.push((component.clone(), index << 1));
            }
            if self.stack.len() == below {
                round.insert(value);
            }
            ControlFlow::Continue(())
        });
        if work.exceeded() {
            return Err(Stop::Work);
        }
        if let Some(stop) = stop {
            return Err(stop);
        }
        Ok((self.stack.len() == below).then(|| round.mex()))
    }

    fn mex_of_known<G: ImpartialGame<Position = P>, C: Cell>(
        &mut self,
        game: &G,
        cells: &[C],
        position: &P,
        number: usize,
        work: &mut WorkCount,
    ) -> std::result::Result<u64, Stop> {
        // The expansion checked every component's number (and its listing
        // again here would cost the same): a listing that changed between
        // the two visits is caught by the solved bits below.
        let _ = number;
        let (n, solved) = (self.n, &*self.solved);
        let mut round = self.mex.start();
        let flow = game.for_each_option(position, |option| {
            work.step(option.len(), GRUNDY_SEARCH_STEPS)?;
            let mut value = 0;
            for component in option {
                match game.dense_index(component) {
                    Some(index) if index < n && bit(solved, index) => value ^= cells[index].value(),
                    _ => return ControlFlow::Break(()),
                }
            }
            round.insert(value);
            ControlFlow::Continue(())
        });
        if work.exceeded() {
            return Err(Stop::Work);
        }
        if flow.is_break() {
            return Err(Stop::Inconsistent);
        }
        Ok(round.mex())
    }
}

pub(super) fn against_numbering(n: usize, number: Option<usize>) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: match number {
            Some(number) => {
                format!("dense_index gave {number}, outside the dense_positions() range 0..{n}")
            }
            None => {
                "dense_positions() is set but dense_index gave no number for a position".to_string()
            }
        },
    }
}

fn against_order(number: usize, component: Option<usize>) -> Error {
    let component = match component {
        Some(index) => format!("number {index}"),
        None => "no number".to_string(),
    };
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "an option of the position numbered {number} has a component with {component}, \
             against the declared dense_order (or outside dense_positions())"
        ),
    }
}

pub(super) fn collision(number: usize, index: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "an option of the position numbered {number} has a component whose dense_index is \
             {index}, but dense_position({index}) is another position: two positions share \
             number {index} (GrundySolver::trusting_numbering skips this check)"
        ),
    }
}

fn out_of_sweep_order(number: usize, next: usize, n: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "for_each_dense_position listed number {number} when the sweep was at {next}: \
             numbers must run strictly in the declared dense_order, inside 0..{n}"
        ),
    }
}

pub(super) fn unlisted_root(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "the position asked for has number {number}, which names no position \
             (for_each_dense_position, by default dense_position, did not list it)"
        ),
    }
}

pub(super) fn mismatched_numbering(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "the position asked for has dense_index {number}, but dense_position({number}) is \
             another position or none: the two disagree"
        ),
    }
}

fn mislisted(number: usize, index: Option<usize>) -> Error {
    let index = index.map_or("none".to_string(), |i| i.to_string());
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "the position listed under number {number} (by for_each_dense_position, by default \
             dense_position({number})) has dense_index {index}: the two disagree"
        ),
    }
}

fn unstable_options(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "for_each_numbered_option gave the position numbered {number} an option no \
             position fills, then listed differently when listed again"
        ),
    }
}
