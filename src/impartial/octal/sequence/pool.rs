//! The threads of one [`SparseGrundy::extend_to`] call and how they share a
//! block (see [`BlockPlan`]).
//!
//! The helper threads are started once for the whole call, not for every
//! block, and wait between blocks. A block's first phase is cut into chunks
//! of rows that the threads claim one at a time (an atomic counter), the
//! calling thread among them; the caller also runs the second phase row by
//! row as soon as a row's chunk is done. So a helper that the operating
//! system leaves waiting (a loaded machine) delays nothing but the chunk it
//! has already claimed: the caller does every chunk nobody claimed.
//!
//! The values and the rare list are moved into a lock for the block's first
//! phase (read by every thread) and back out after it, when the calling
//! thread records the block's values: the tables are never written while
//! another thread reads them.

use super::{BlockPlan, Cell, Rows, SparseGrundy, SplitScan, Store, Tables, compact_mex};
use crate::impartial::octal::{MoveClass, TakeAndBreak};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, RwLock};

/// Rows of a block a thread claims at once when several threads share it:
/// enough that a chunk's rare pass runs over contiguous runs of values,
/// few enough that the calling thread soon has a chunk's second phase to do.
const CHUNK_ROWS: u32 = 32;

/// How often a waiting helper looks for the next block before it sleeps
/// (the calling thread's work between two blocks is short).
const SPINS: u32 = 1 << 12;

/// What a block's first phase reads, moved in for the block.
pub(super) struct BlockInputs {
    pub(super) store: Store,
    pub(super) rare: Vec<u32>,
    pub(super) plan: Option<BlockPlan>,
    /// Marks a row (a power of two above every value before the block).
    pub(super) span: usize,
    /// Rows a chunk (the last chunk may have fewer).
    pub(super) chunk_rows: u32,
}

/// The first phase's results for one chunk of rows.
#[derive(Default)]
pub(super) struct ChunkRows {
    /// `span` marks a row.
    pub(super) marks: Vec<u8>,
    /// The first phase's mex of each row (`None`: stopped at the horizon).
    pub(super) answers: Vec<Option<u32>>,
}

/// The threads' shared state (see the module documentation).
pub(super) struct Pool {
    game: TakeAndBreak,
    pub(super) inputs: RwLock<BlockInputs>,
    /// `generation << 32 | chunks << 16 | next unclaimed chunk` of the
    /// current block (generation 0: none yet).
    claims: AtomicU64,
    /// The generation at which each chunk was last finished.
    done: Vec<AtomicU32>,
    chunks: Vec<Mutex<ChunkRows>>,
    /// The generation published last, for helpers that went to sleep.
    published: Mutex<u32>,
    bell: Condvar,
    stopping: AtomicBool,
    threads: u32,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Pool {
    /// A pool for `threads` threads (the caller's included) and blocks of at
    /// most `block_len` rows.
    pub(super) fn new(game: TakeAndBreak, threads: usize, block_len: usize) -> Self {
        let threads = threads.max(1) as u32;
        let chunks = (block_len as u32).div_ceil(Self::rows_a_chunk(threads, 1)) as usize;
        Self {
            game,
            inputs: RwLock::new(BlockInputs {
                store: Store::Narrow(Tables::default()),
                rare: Vec::new(),
                plan: None,
                span: 256,
                chunk_rows: 1,
            }),
            claims: AtomicU64::new(0),
            done: (0..chunks).map(|_| AtomicU32::new(0)).collect(),
            chunks: (0..chunks).map(|_| Mutex::default()).collect(),
            published: Mutex::new(0),
            bell: Condvar::new(),
            stopping: AtomicBool::new(false),
            threads,
        }
    }

    /// Rows a chunk for a block of `len` rows: the whole block on one
    /// thread, else at least two chunks a thread, at most [`CHUNK_ROWS`].
    fn rows_a_chunk(threads: u32, len: u32) -> u32 {
        if threads == 1 {
            len.max(1)
        } else {
            (len / (2 * threads)).clamp(1, CHUNK_ROWS)
        }
    }

    /// The rows a chunk and the number of chunks of a block of `len` rows.
    pub(super) fn chunking(&self, len: u32) -> (u32, u32) {
        let rows = Self::rows_a_chunk(self.threads, len);
        (rows, len.div_ceil(rows))
    }

    /// The inputs, for reading.
    pub(super) fn read(&self) -> std::sync::RwLockReadGuard<'_, BlockInputs> {
        self.inputs.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The inputs, for moving in and out (only while no chunk is claimed
    /// and unfinished).
    pub(super) fn write(&self) -> std::sync::RwLockWriteGuard<'_, BlockInputs> {
        self.inputs.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The results of chunk `chunk` (finished).
    pub(super) fn chunk(&self, chunk: u32) -> MutexGuard<'_, ChunkRows> {
        lock(&self.chunks[chunk as usize])
    }

    /// Opens the block whose inputs were just moved in: its `chunks` chunks
    /// may be claimed. Returns its generation.
    pub(super) fn publish(&self, chunks: u32) -> u32 {
        let generation = (self.claims.load(Ordering::Relaxed) >> 32) as u32 + 1;
        self.claims.store(
            u64::from(generation) << 32 | u64::from(chunks) << 16,
            Ordering::Release,
        );
        if self.threads > 1 {
            *lock(&self.published) = generation;
            self.bell.notify_all();
        }
        generation
    }

    /// Tells the helpers to return.
    pub(super) fn stop(&self) {
        self.stopping.store(true, Ordering::Release);
        let _published = lock(&self.published);
        self.bell.notify_all();
    }

    /// A helper's loop: every block's chunks it can claim, until [`Self::stop`].
    pub(super) fn help(&self) {
        let mut last = 0;
        while let Some(generation) = self.next_generation(last) {
            last = generation;
            while let Some(chunk) = self.claim(generation) {
                let inputs = self.read();
                self.solve_chunk(&inputs, chunk);
                drop(inputs);
                self.done[chunk as usize].store(generation, Ordering::Release);
            }
        }
    }

    /// Waits for a block after generation `last` (`None`: stop).
    fn next_generation(&self, last: u32) -> Option<u32> {
        for _ in 0..SPINS {
            if self.stopping.load(Ordering::Acquire) {
                return None;
            }
            let generation = (self.claims.load(Ordering::Acquire) >> 32) as u32;
            if generation != last {
                return Some(generation);
            }
            std::hint::spin_loop();
        }
        let mut published = lock(&self.published);
        loop {
            if self.stopping.load(Ordering::Acquire) {
                return None;
            }
            if *published != last {
                return Some(*published);
            }
            published = self
                .bell
                .wait(published)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The next unclaimed chunk of block `generation`, now claimed.
    fn claim(&self, generation: u32) -> Option<u32> {
        let mut word = self.claims.load(Ordering::Acquire);
        loop {
            let (current, chunks, next) = ((word >> 32) as u32, (word >> 16) as u16, word as u16);
            if current != generation || next >= chunks {
                return None;
            }
            match self.claims.compare_exchange_weak(
                word,
                word + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return Some(u32::from(next)),
                Err(seen) => word = seen,
            }
        }
    }

    fn is_done(&self, chunk: u32, generation: u32) -> bool {
        self.done[chunk as usize].load(Ordering::Acquire) == generation
    }

    /// The first phase of the rows of chunk `chunk`.
    fn solve_chunk(&self, inputs: &BlockInputs, chunk: u32) {
        let plan = inputs.plan.as_ref().expect("a published block has a plan");
        let first = chunk * inputs.chunk_rows;
        let rows = first..(first + inputs.chunk_rows).min(plan.len);
        let span = inputs.span;
        let mut out = self.chunk(chunk);
        let out = &mut *out;
        out.marks.clear();
        out.marks.resize(rows.len() * span, 0);
        out.answers.clear();
        out.answers.resize(rows.len(), None);
        let shared = Rows {
            tables: (),
            rare: &inputs.rare,
            plan,
            game: &self.game,
        };
        let (marks, answers) = (&mut out.marks[..], &mut out.answers[..]);
        // Blocks are planned only while the compact path runs; while values
        // are bytes, the span is exactly 256.
        match &inputs.store {
            Store::Narrow(t) => shared.with(t).solve_rows::<256>(marks, answers, rows, span),
            Store::Wide(t) if span == 512 => {
                shared.with(t).solve_rows::<512>(marks, answers, rows, span)
            }
            Store::Wide(t) => shared.with(t).solve_rows::<0>(marks, answers, rows, span),
            Store::Full(_) => unreachable!("no block is planned on the general path"),
        }
    }

    /// The calling thread's share of block `generation` (`chunks` chunks):
    /// claims chunks while any are left and, in row order, finishes every row
    /// whose chunk is done by the second phase of [`QuickRow`].
    /// Returns once every chunk is done, with the values of the block's first
    /// rows; the row after them (if any) needs the full second phase.
    pub(super) fn lead(&self, generation: u32, chunks: u32) -> Vec<u32> {
        let inputs = self.read();
        match &inputs.store {
            Store::Narrow(t) => self.lead_in(t, &inputs, generation, chunks),
            Store::Wide(t) => self.lead_in(t, &inputs, generation, chunks),
            Store::Full(_) => unreachable!("no block is planned on the general path"),
        }
    }

    fn lead_in<T: Cell>(
        &self,
        tables: &Tables<T>,
        inputs: &BlockInputs,
        generation: u32,
        chunks: u32,
    ) -> Vec<u32> {
        let plan = inputs.plan.as_ref().expect("a published block has a plan");
        let rows = inputs.chunk_rows;
        let mut quick: Vec<T> = Vec::with_capacity(plan.len as usize);
        let mut scratch = RowScratch::default();
        let mut stuck = false;
        let mut idle = 0u32;
        loop {
            while !stuck && (quick.len() as u32) < plan.len {
                let chunk = quick.len() as u32 / rows;
                if !self.is_done(chunk, generation) {
                    break;
                }
                let out = self.chunk(chunk);
                let span = inputs.span;
                for row in quick.len() - (chunk * rows) as usize..out.answers.len() {
                    let n = plan.start + quick.len() as u32;
                    let marks = &out.marks[row * span..(row + 1) * span];
                    let quick_value = QuickRow {
                        tables,
                        rare: &inputs.rare,
                        plan,
                        game: &self.game,
                        block: &quick,
                    }
                    .value(n, out.answers[row], marks, &mut scratch);
                    match quick_value {
                        Some(value) => quick.push(value),
                        None => {
                            stuck = true;
                            break;
                        }
                    }
                }
            }
            if let Some(chunk) = self.claim(generation) {
                self.solve_chunk(inputs, chunk);
                self.done[chunk as usize].store(generation, Ordering::Release);
                continue;
            }
            let finished = if stuck {
                (0..chunks).all(|chunk| self.is_done(chunk, generation))
            } else {
                quick.len() as u32 == plan.len
            };
            if finished {
                return quick.into_iter().map(Into::into).collect();
            }
            // A helper is finishing a chunk: wait for it, yielding the core
            // now and then in case the helper waits for one.
            idle += 1;
            if idle % 64 == 0 {
                // A helper that panicked in a chunk never finishes it.
                assert!(
                    !self.chunks.iter().any(Mutex::is_poisoned),
                    "a helper thread of the Grundy sequence panicked"
                );
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
    }
}

/// The second phase of a row of a block on the leading thread, while the
/// block's values are not yet recorded (they are in `block`).
///
/// First the quick check: instead of marking every option the block's own
/// values give (see [`super::mark_pairs_inside_block`]), it only asks
/// whether one of them equals the first phase's mex; when none does, that
/// mex is the row's value. Else (or when the first phase stopped at its
/// horizon) the full second phase: the first phase's marks, every option
/// the block's values give, and the common pairs before the block scanned
/// from their first pair with no horizon.
pub(super) struct QuickRow<'a, T> {
    pub(super) tables: &'a Tables<T>,
    pub(super) rare: &'a [u32],
    pub(super) plan: &'a BlockPlan,
    pub(super) game: &'a TakeAndBreak,
    /// The values of the block's rows before this one.
    pub(super) block: &'a [T],
}

/// Room for the full second phase of a row, kept from row to row.
#[derive(Default)]
pub(super) struct RowScratch {
    seen: Vec<u8>,
    splits: Vec<SplitScan>,
    /// Single-heap options inside the block.
    left: Vec<u32>,
}

impl<T: Cell> QuickRow<'_, T> {
    /// `G(n)` given the first phase's `marks` of the row and its mex
    /// `answer`; `None` when the value does not fit a cell or heap `n` has
    /// other splits than the block's plan (the caller's own path decides).
    pub(super) fn value(
        &self,
        n: u32,
        answer: Option<u32>,
        marks: &[u8],
        scratch: &mut RowScratch,
    ) -> Option<T> {
        let target = answer.and_then(|answer| T::try_from(answer).ok());
        let start = self.plan.start;
        let mut offsets = self.plan.offsets.iter();
        let (mut hit, mut same_splits) = (false, true);
        scratch.splits.clear();
        scratch.left.clear();
        self.game
            .for_each_move_class(u64::from(n), |class| match class {
                // The first phase marks 0.
                MoveClass::TakeAll => {}
                MoveClass::LeaveOne(left) => {
                    // Single-heap options before the block are in the first phase's marks.
                    if left >= u64::from(start) {
                        let value = self.block[(left - u64::from(start)) as usize];
                        hit |= Some(value) == target;
                        scratch.left.push(value.into());
                    }
                }
                MoveClass::Split { total, .. } => {
                    let last = class.largest_smaller_part() as u32;
                    if last >= 1 {
                        let total = total as u32;
                        same_splits &= offsets.next() == Some(&(n - total));
                        if let (true, Some(target)) = (same_splits, target) {
                            hit |= self.split_gives(n, total, last, target);
                        }
                        scratch.splits.push(SplitScan {
                            total,
                            last,
                            cursor: self.plan.first_outside(total).min(last.saturating_add(1)),
                            hard_parity: self.plan.sparseness.common_pair_parity(total),
                        });
                    }
                }
            });
        if !same_splits || offsets.next().is_some() {
            return None;
        }
        match target {
            Some(target) if !hit => Some(target),
            _ => self.full_value(n, marks, scratch),
        }
    }

    /// Whether a pair of the split of `total` that the first phase left out
    /// has the value `target`: those with the larger part inside the block,
    /// and those with a rare part `a >= base` (as
    /// [`super::mark_pairs_inside_block`] marks them).
    fn split_gives(&self, n: u32, total: u32, last: u32, target: T) -> bool {
        let mut hit = false;
        let (small, large) = self.pairs_inside(total, last);
        hit |= small
            .iter()
            .zip(large.iter().rev())
            .fold(false, |hit, (&x, &y)| hit | (x ^ y == target));
        self.for_each_rare_pair_from_base(n, total, |value| hit |= value == target);
        hit
    }

    /// The pairs `(a, total - a)` with the larger part inside the block:
    /// `G(a)` for `a` in `1..inside` and `G(total - a)`, the latter from the
    /// block's values (ascending there while `a` descends).
    fn pairs_inside(&self, total: u32, last: u32) -> (&[T], &[T]) {
        let start = self.plan.start;
        let inside = self.plan.first_outside(total).min(last.saturating_add(1));
        if inside <= 1 {
            return (&[], &[]);
        }
        let small = &self.tables.values[1..inside as usize];
        let large = &self.block[(total - (inside - 1) - start) as usize..(total - start) as usize];
        (small, large)
    }

    /// The values of the pairs with a rare part `a >= base` of the split of
    /// `total`. The rare list holds positions before the block: a rare part
    /// inside it gives a pair with the larger part inside, counted apart.
    fn for_each_rare_pair_from_base(&self, n: u32, total: u32, mut visit: impl FnMut(T)) {
        let (plan, values) = (self.plan, &self.tables.values);
        let base = plan.start - (n - total);
        let from = self.rare.partition_point(|&a| a < base);
        let to = self.rare.partition_point(|&a| a < total);
        for (&a, &value) in self.rare[from..to]
            .iter()
            .zip(&self.tables.rare_values[from..to])
        {
            // Grundy's game forbids the equal split total/2 + total/2.
            if !(plan.unequal && u64::from(a) * 2 == u64::from(total)) {
                visit(value ^ values[(total - a) as usize]);
            }
        }
    }

    /// The full second phase (the splits listed in `scratch`, their cursors
    /// at their first pair before the block).
    fn full_value(&self, n: u32, marks: &[u8], scratch: &mut RowScratch) -> Option<T> {
        let RowScratch { seen, splits, left } = scratch;
        seen.clear();
        seen.extend_from_slice(marks);
        // Every option value is below the span (the length of `marks`) or
        // the power of two above the block's values (a mex can reach the span).
        let widest = (self.block.iter()).fold(0usize, |widest, &value| widest.max(value.into()));
        seen.resize(seen.len().max((widest + 1).next_power_of_two()), 0);
        for &value in left.iter() {
            seen[value as usize] = 1;
        }
        for split in splits.iter() {
            let (small, large) = self.pairs_inside(split.total, split.last);
            for (&x, &y) in small.iter().zip(large.iter().rev()) {
                seen[Into::<usize>::into(x ^ y)] = 1;
            }
            self.for_each_rare_pair_from_base(n, split.total, |value| {
                seen[Into::<usize>::into(value)] = 1;
            });
        }
        // Charged as the block's heaps (see `SparseGrundy::extend_with_pool`).
        let mut visits = 0;
        let mex = compact_mex(seen, self.tables, splits, self.plan.sparseness, &mut visits);
        T::try_from(mex).ok()
    }
}

/// Stops the helpers when the calling thread leaves the scope, even by a
/// panic (the scope would otherwise wait for them forever).
pub(super) struct StopOnDrop<'a>(pub(super) &'a Pool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

impl SparseGrundy {
    /// The pool for an extension by `heaps` heaps: helpers only when more
    /// than one thread is asked for and a block's worth of heaps is to come.
    pub(super) fn pool_threads(&self, heaps: usize) -> usize {
        if heaps > self.current_block_len() {
            self.threads
        } else {
            1
        }
    }
}
