// Why this file is long (over 1,500 lines): it is one engine, SparseGrundy,
// Flammenkamp's sparse-space search, and every part of it works on the same
// private tables (one byte, two or four a value, widened in place), the same
// rare/common split and the same block plan: the dense kernel, the rare-pair
// marking, the block-parallel rows and the choice of mask. Split into files,
// those private types and invariants would have to be shared across modules.
//! Grundy sequences `G(0..=n)` of take-and-break games: a plain reference and
//! Flammenkamp's sparse-space fast path.

use crate::budget::{try_reserve, vec_with_capacity};
use crate::control::Watch;
use crate::impartial::mex::MexSet;
use crate::impartial::octal::{MoveClass, TakeAndBreak};
use crate::{Budget, Error, Result};
use std::ops::{BitXor, ControlFlow};

/// The stored values in their cells, for code generic over the cell type.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ValueSlice<'a> {
    Narrow(&'a [u8]),
    Wide(&'a [u16]),
    Full(&'a [u32]),
}

/// The largest heap size a Grundy sequence may reach: `2^32 - 1` (positions
/// are stored as `u32`). How far a sequence gets below it is set by the
/// memory budget: a byte a value while every value is below 256, two bytes
/// below 65,536, four beyond (the rare list and the work cap come on top).
pub const MAX_SEQUENCE_HEAP: u64 = u32::MAX as u64;

fn check_length(upto: u64) -> Result<usize> {
    if upto > MAX_SEQUENCE_HEAP {
        return Err(Error::SizeLimitExceeded {
            what: "heap size of a Grundy sequence",
            value: upto.into(),
            limit: MAX_SEQUENCE_HEAP.into(),
        });
    }
    usize::try_from(upto + 1).map_err(|_| Error::SizeLimitExceeded {
        what: "heap size of a Grundy sequence on this platform",
        value: upto.into(),
        limit: usize::MAX as u128,
    })
}

fn value_to_u32(value: usize) -> Result<u32> {
    u32::try_from(value).map_err(|_| Error::SizeLimitExceeded {
        what: "Grundy value",
        value: value as u128,
        limit: u32::MAX.into(),
    })
}

/// `G(0..=upto)` by the definition: every option of every heap is visited,
/// `O(upto^2 · t)` for a code with `t` digits. The reference the fast path is
/// tested against.
///
/// A step of work is a heap or an option visited; the cap is the budget's
/// ([`Budget::with_work`], [`DEFAULT_SEQUENCE_WORK`] when it sets none). A
/// code that takes at most a bounded number of tokens (and Grundy's game)
/// knows its steps up front, from a closed form, and is refused before any
/// work when they pass the cap; a code that repeats forever is refused once
/// it passes it. A control in the budget ([`Budget::with_control`]) stops
/// the computation within milliseconds and sees its progress.
///
/// # Errors
/// [`Error::SizeLimitExceeded`] when `upto` exceeds [`MAX_SEQUENCE_HEAP`],
/// [`Error::MemoryBudgetExceeded`] when the table does not fit `budget`,
/// [`Error::WorkLimitWouldExceed`] (up front) or [`Error::WorkLimitExceeded`]
/// past the work cap, [`Error::Cancelled`] once the budget's control is
/// cancelled.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::grundy_sequence_plain;
/// use stonegame::{Budget, Error};
///
/// let kayles = grundy_sequence_plain(&TakeAndBreak::kayles(), 8, Budget::default())?;
/// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// // Kayles to 10^6 by the definition is about 5·10^11 steps.
/// let capped = Budget::default().with_work(1_000_000);
/// let refused = grundy_sequence_plain(&TakeAndBreak::kayles(), 1_000_000, capped);
/// assert!(matches!(refused, Err(Error::WorkLimitWouldExceed { .. })));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn grundy_sequence_plain(game: &TakeAndBreak, upto: u64, budget: Budget) -> Result<Vec<u32>> {
    let len = check_length(upto)?;
    let cap = budget.work_or(DEFAULT_SEQUENCE_WORK);
    let what = || format!("computing Grundy values of {game} up to heap {upto} by the definition");
    let known = plain_sequence_work(game, upto);
    if let Some(needed) = known.filter(|&needed| needed > u128::from(cap)) {
        return Err(Error::WorkLimitWouldExceed {
            what: what(),
            needed,
            limit: cap,
        });
    }
    let expected = known.map(|steps| steps as u64);
    let watch = budget.watch("octal Grundy sequence (by the definition)", expected);
    watch.check()?;
    let mut values: Vec<u32> = vec_with_capacity(len, "Grundy sequence", budget)?;
    let mut seen = MexSet::new();
    // Steps so far; the cap and the control are looked at once a move class
    // (and every `PLAIN_SPLIT_CHUNK` splits of a big one), not once an option.
    let mut steps = 0u64;
    let look = |steps: u64| -> Result<()> {
        if steps > cap {
            return Err(Error::WorkLimitExceeded {
                what: what(),
                steps: cap,
            });
        }
        watch.poll(steps)
    };
    for n in 0..len as u64 {
        seen.clear();
        // The heap's own step (its options add theirs as they are visited).
        steps = steps.saturating_add(1);
        let mut stopped = Ok(());
        let _ = game.try_for_each_move_class(n, |class| {
            match class {
                MoveClass::TakeAll => {
                    seen.insert(0);
                    steps += 1;
                }
                MoveClass::LeaveOne(left) => {
                    seen.insert(values[left as usize] as usize);
                    steps += 1;
                }
                MoveClass::Split { total, .. } => {
                    let largest = class.largest_smaller_part();
                    let mut a = 1;
                    while a <= largest {
                        let last = largest.min(a + PLAIN_SPLIT_CHUNK - 1);
                        for a in a..=last {
                            let b = total - a;
                            seen.insert((values[a as usize] ^ values[b as usize]) as usize);
                        }
                        steps += last - a + 1;
                        a = last + 1;
                        if last < largest {
                            stopped = look(steps);
                            if stopped.is_err() {
                                return ControlFlow::Break(());
                            }
                        }
                    }
                }
            }
            stopped = look(steps);
            if stopped.is_err() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        stopped?;
        values.push(value_to_u32(seen.mex())?);
    }
    Ok(values)
}

/// Splits of one move class between two looks of [`grundy_sequence_plain`].
const PLAIN_SPLIT_CHUNK: u64 = 1 << 16;

/// The steps [`grundy_sequence_plain`] takes to heap `upto` (a heap or an
/// option one step), in closed form, when every heap has a bounded number of
/// move classes (a code with a last digit, Grundy's game); `None` for a code
/// that repeats forever.
fn plain_sequence_work(game: &TakeAndBreak, upto: u64) -> Option<u128> {
    let u = u128::from(upto);
    // `Σ_{x=0}^{l} ⌊x/2⌋ = ⌊l²/4⌋`: the splits of every heap of 2 to `l` tokens.
    let halves = |l: u128| l * l / 4;
    let heaps = u + 1;
    match game {
        // A heap of `n ≥ 3` splits into unequal parts `(n - 1) / 2` ways.
        TakeAndBreak::GrundysGame => Some(heaps + if u >= 3 { halves(u - 1) } else { 0 }),
        TakeAndBreak::Octal(code) => {
            let last = code.max_take()?;
            let mut total = heaps;
            for k in 0..=last.min(upto) {
                let digit = code.digit(k);
                let kk = u128::from(k);
                // Takes all: the heap of `k` tokens (k ≥ 1).
                if digit & 1 != 0 && k > 0 {
                    total += 1;
                }
                // Leaves one heap: every heap of `k + 1` tokens and more.
                if digit & 2 != 0 && k > 0 && u > kk {
                    total += u - kk;
                }
                // Splits what is left, `2..=upto - k` tokens: ⌊left/2⌋ ways each.
                if digit & 4 != 0 && u >= kk + 2 {
                    total += halves(u - kk);
                }
            }
            Some(total)
        }
    }
}

/// `G(0..=upto)` with the sparse-space method (see [`SparseGrundy`]); the same
/// values as [`grundy_sequence_plain`], usually far faster.
///
/// # Errors
/// As [`grundy_sequence_plain`].
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::grundy_sequence;
/// use stonegame::Budget;
///
/// let grundy = grundy_sequence(&TakeAndBreak::grundys_game(), 10, Budget::default())?;
/// assert_eq!(grundy, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn grundy_sequence(game: &TakeAndBreak, upto: u64, budget: Budget) -> Result<Vec<u32>> {
    // The answer is a `u32` a value, besides the solver's cells.
    let len = check_length(upto)?;
    budget.check_elements::<u32>(len as u128, "Grundy sequence")?;
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(upto, budget)?;
    Ok(solver.into_values())
}

/// How positions are split into *rare* and *common* ones.
///
/// Position `a` is rare when `parity(G(a) & mask) == domain · ((a + offset) mod 2)`.
/// Parity is linear under XOR, so for a split of `s` tokens into `a + b`, two
/// common parts always give a value of parity `domain · (s mod 2)`; values of
/// the other parity come only from pairs with a rare part, and the few rare
/// positions enumerate them all. Any choice is exact; a good one (few rare
/// positions) is fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sparseness {
    mask: u32,
    domain: u32,
    offset: u32,
}

impl Sparseness {
    fn is_rare(self, position: u32, value: u32) -> bool {
        (value & self.mask).count_ones() & 1 == self.domain & ((position ^ self.offset) & 1)
    }
    fn value_parity(self, value: u32) -> u32 {
        (value & self.mask).count_ones() & 1
    }
    /// The parity of values from two common parts of a split of `total`.
    fn common_pair_parity(self, total: u32) -> u32 {
        self.domain & total & 1
    }
}

/// One split of the current heap: the rest is scanned lazily, only as far as
/// needed to show that a candidate value of "common pair" parity is an option.
#[derive(Debug, Clone, Copy)]
struct SplitScan {
    total: u32,
    last: u32,
    cursor: u32,
    hard_parity: u32,
}

/// An incremental Grundy-sequence solver using the sparse-space (rare/common)
/// method of Berlekamp, Conway, Guy and Flammenkamp.
///
/// For heap `n`, the option values are collected as follows: single-heap
/// options directly; for every split, the pairs with a rare part (few, listed)
/// give *every* value of one parity class; values of the other class are
/// looked for by scanning the split's pairs lazily and stopping as soon as the
/// smallest missing candidate is found. A candidate that the complete scan
/// does not produce is the mex. The rare/common mask is re-chosen from a
/// histogram of the values so far, minimising an estimate of the work a heap
/// (the rare positions times the splits they take part in, and the whole
/// scans of a split that heaps of the parity its common pairs give need),
/// at every doubling of `n`, whenever a value needs one more bit than all
/// before it, and whenever the rare list has grown by a quarter since the last
/// choice (a mask chosen before a wider value became common can make most new
/// positions rare); correctness never depends on this choice.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::SparseGrundy;
/// use stonegame::Budget;
///
/// let mut solver = SparseGrundy::new(TakeAndBreak::dawsons_kayles());
/// solver.extend_to(10, Budget::default())?;
/// assert!(solver.values().eq([0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]));
/// assert_eq!(solver.value(6), Some(3));
/// # Ok::<(), stonegame::Error>(())
/// ```
///
/// The values are kept once, in the narrowest cells that hold them all:
/// bytes while every value is below 256, 16-bit cells below 65,536, then
/// `u32`s (see [`SparseGrundy::values`]).
#[derive(Debug, Clone)]
pub struct SparseGrundy {
    game: TakeAndBreak,
    /// `G(0..len)`, with the compact path's tables.
    store: Store,
    rare: Vec<u32>,
    sparseness: Sparseness,
    /// counts[value % 2^16][position parity] (heap 0 left out), for choosing
    /// the mask (masks use at most the low [`MAX_MASK_BITS`] bits of a
    /// value: 1 MiB at most, whatever the values; charged to the budget).
    counts: Vec<[u64; 2]>,
    /// Set by tests that run under one split throughout.
    fixed_sparseness: bool,
    /// One more than the largest value so far.
    values_below: usize,
    /// The memory budget of the current extension (for moves to wider cells).
    budget: Budget,
    /// seen[v] != 0 when value `v` is an option of the current heap (bytes:
    /// plain stores are cheaper than bit updates in the hot loops).
    seen: Vec<u8>,
    splits: Vec<SplitScan>,
    next_reselect: u64,
    /// The rare list's length at the last choice of the mask.
    rare_at_reselect: usize,
    /// The power of two above every value at the last choice of the mask.
    width_at_reselect: usize,
    /// Set when a value outgrew the byte cells: the values moved to 16-bit
    /// cells at once, their reversed copy (and so the compact path) waits for
    /// the next heap outside a block (that step can check the budget).
    widen_pending: bool,
    /// Heaps solved together by the blocked rare pass (see [`BlockPlan`]).
    block_len: usize,
    /// Threads sharing the blocked pass (see [`SparseGrundy::with_threads`]).
    threads: usize,
    /// [`SCAN_HORIZON`] (smaller in tests, to reach the fallback).
    scan_horizon: u32,
    /// The bytes of the marks of the last block's first phase (held by the
    /// pool of [`Self::extend_to`]).
    block_marks_bytes: usize,
    /// Quarter steps of the mex searches since the work was last charged
    /// (see `HeapPass`), drained into `work` heap by heap.
    mex_visits: u64,
    /// Work done so far, in pair evaluations of the rare pass (an estimate
    /// of the whole cost that grows with it), against the budget's work cap.
    work: u64,
    /// When a heap is solved by the dense kernel (tests force it).
    dense: DenseChoice,
}

/// When [`SparseGrundy`] solves a heap by the dense kernel (every pair of
/// every split) instead of the sparse space. A function of the solver's
/// state alone (never of timings), so a run resumed from a checkpoint takes
/// the same path, with the same work, as one never interrupted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DenseChoice {
    /// When the rare positions are a large share of the heaps (see
    /// [`DENSE_RARE_SHARE`]).
    Measured,
    /// Dense for `period` heaps, sparse for the next `period`, and so on
    /// (tests: switches both ways many times in one run).
    #[cfg(test)]
    Alternate(u32),
}

/// The dense kernel runs once the rare positions are at least one heap in
/// this many. A rare pair costs a scattered load, a pair of the dense kernel
/// two sequential ones, and the sparse path adds its lazy scans of common
/// pairs; measured on the dense games of the [octal frontier](crate::guide::octal_frontier) (see
/// [`SparseGrundy::dense_pays`]).
const DENSE_RARE_SHARE: u64 = 8;

/// Pairs XORed together by the dense kernel before their values are marked:
/// a multiple of the vector width.
const DENSE_CHUNK: usize = 256;

/// Default work cap of [`SparseGrundy::extend_to`]: about ten seconds of
/// pair scans, at the 1.6 to 1.8 ns a step `tools/work-calibration`
/// measures (Grundy's game to 2^21 uses about 40 % of it).
/// `Budget::with_work` raises it, e.g. for Grundy's game to 2^26.
pub const DEFAULT_SEQUENCE_WORK: u64 = 6_000_000_000;

/// Pairs of the lazy common-pair scans charged one step of work: they are
/// compared in vectors, about eight a nanosecond (Kayles: 0.07 ns a pair),
/// where a rare pair or a removal listed costs about a nanosecond.
const SCANNED_PAIRS_PER_STEP: u64 = 8;

/// Heaps solved together by default: the block's marks (`256` bytes a heap
/// while values are bytes) stay in the L1 cache, and the larger parts of a rare pair for the whole
/// block are one contiguous run of bytes.
const BLOCK_LEN: usize = 64;

/// Heaps solved together with more than one thread: the threads meet at
/// the end of every block (the next block reads all its values), so a block
/// holds enough work to pay for that.
const PARALLEL_BLOCK_LEN: usize = 256;

/// The marks of a block on more than one thread stay within this many bytes
/// (a thread works on a chunk of its rows at a time, see `pool`).
const PARALLEL_MARK_BYTES: usize = 128 << 10;

/// The most threads [`SparseGrundy::with_threads`] takes.
pub const MAX_SEQUENCE_THREADS: usize = 64;

/// A block of heaps `start..start + len`, solved in two phases.
///
/// For a split of `total = n - offset` (`n = start + j`), a pair `(a, total - a)`
/// whose parts both lie before the block reads only values known when the
/// block starts: that holds unless the smaller part `a <= total - start`
/// ([`BlockPlan::first_outside`]), which leaves fewer than `len` pairs a
/// heap. The first phase ([`solve_rows`]) works on every heap of the block
/// independently (so threads share it): the rare pairs with both parts
/// before the block (those with a rare part `len <= a < base`, `base = start - offset`,
/// for the whole block at once: the larger parts are the contiguous run
/// `G(base - a..)`), the single-heap options before the block, and then the
/// mex of all that with the common pairs before the block scanned lazily, up
/// to [`SCAN_HORIZON`] pairs a split. The second phase, heap by heap, adds the
/// pairs with a part inside the block and the rare parts `a >= base`; when
/// they do not give the first phase's mex, that mex is `G(n)` (the quick
/// second phase only compares them with it, see `pool`), else the search
/// goes on from there (see [`SparseGrundy::next_value_in_block`]).
#[derive(Debug, Clone, PartialEq, Eq)]
struct BlockPlan {
    start: u32,
    len: u32,
    /// `n - total` of every split, in the order the splits are listed.
    offsets: Vec<u32>,
    unequal: bool,
    sparseness: Sparseness,
    /// Pairs of a split the first phase scans at most ([`SCAN_HORIZON`]).
    horizon: u32,
}

impl BlockPlan {
    /// The values `a` that can be `total / 2` for a block total (empty when
    /// equal splits are allowed).
    fn window(&self, base: u32) -> std::ops::Range<u32> {
        if self.unequal {
            base / 2..(base + self.len - 1) / 2 + 1
        } else {
            base..base
        }
    }

    /// The smallest part `a >= 1` of a split of `total` whose pair
    /// `(a, total - a)` lies before the block.
    fn first_outside(&self, total: u32) -> u32 {
        // In `u64`: `total + 1` overflows `u32` at the last heap, 2^32 - 1.
        let first = (u64::from(total) + 1).saturating_sub(u64::from(self.start));
        first.max(1) as u32
    }

    /// The largest smaller part of a split of `total`.
    fn last(&self, total: u32) -> u32 {
        if self.unequal {
            total.saturating_sub(1) / 2
        } else {
            total / 2
        }
    }
}

/// Pairs of a split the first phase of a block scans at most (see
/// [`BlockPlan`]): beyond, the heap is finished on the second phase's path.
const SCAN_HORIZON: u32 = 1 << 16;

/// A stored value: `u8`, `u16` or `u32`.
trait Value: Copy + BitXor<Output = Self> + Into<u32> {}

impl Value for u8 {}

impl Value for u16 {}

impl Value for u32 {}

/// A cell of the compact value tables: `u8` or `u16`.
trait Cell: Value + Default + Eq + std::fmt::Debug + Into<usize> + TryFrom<u32> {}

impl Cell for u8 {}

impl Cell for u16 {}

/// The hot loops index a table of marks with the XOR of two values. `S` is
/// that table's length when it is a known constant (a power of two above
/// every value so far: 256 for bytes, 512 for 16-bit cells while values stay
/// below 512, as in Grundy's game), or 0 for "the table's own length". With a
/// constant, the table is cut to `S` entries and the index masked to below
/// `S` (the identity on every index that occurs), so the compiler drops the
/// bounds checks.
fn view<const S: usize>(table: &mut [u8]) -> &mut [u8] {
    if S == 0 { table } else { &mut table[..S] }
}

/// See [`view`].
fn slot<const S: usize>(index: usize) -> usize {
    if S == 0 { index } else { index & (S - 1) }
}

/// The values `G(0..len)`, each kept once, in the narrowest cells that hold
/// them all. A value too large for its cells moves every value to the next
/// width at once (bytes to 16-bit cells, 16-bit cells to `u32`s).
#[derive(Debug, Clone)]
enum Store {
    /// Every value so far is below 256.
    Narrow(Tables<u8>),
    /// Every value so far is below 65,536 (for Grundy's game from heap
    /// 7,250,049 on, where 256 first appears).
    Wide(Tables<u16>),
    /// Some value is 65,536 or more: the general path alone.
    Full(Vec<u32>),
}

/// The values in cells of type `T` and, for the compact path, the values of
/// the rare positions.
///
/// The larger parts `G(total - a)` of a split are read straight from the
/// values (descending while `a` ascends: the pair scan XORs a slice with a
/// reversed slice, which the compiler vectorises), so the values are held
/// once: a byte a heap while they are bytes, two bytes while they fit 16 bits.
#[derive(Debug, Clone, Default)]
struct Tables<T> {
    /// `G(0..len)`.
    values: Vec<T>,
    /// `G(rare[i])`, parallel to the rare list, so the rare pass loads one
    /// scattered value per pair instead of two.
    rare_values: Vec<T>,
    /// Whether the compact path may run: cleared when the values move to
    /// wider cells (the move happens inside a block, which then finishes on
    /// the general path) and set again by [`Self::reserve`].
    compact: bool,
}

impl<T: Cell> Tables<T> {
    /// Whether the compact path may run.
    fn fast(&self) -> bool {
        self.compact
    }

    /// The same values in wider cells, room for `capacity` of them reserved
    /// (the narrow tables are freed as soon as they are copied); a refusal
    /// of the allocator leaves `self` as it was.
    fn widen<U: Cell + From<T>>(&mut self, capacity: usize, budget: Budget) -> Result<Tables<U>> {
        const WHAT: &str = "Grundy sequence (moving to wider cells)";
        let mut values = Vec::new();
        try_reserve(&mut values, capacity.max(self.values.len()), WHAT, budget)?;
        let mut rare_values = Vec::new();
        try_reserve(&mut rare_values, self.rare_values.capacity(), WHAT, budget)?;
        let narrow = std::mem::take(self);
        values.extend(narrow.values.into_iter().map(U::from));
        rare_values.extend(narrow.rare_values.into_iter().map(U::from));
        Ok(Tables {
            values,
            rare_values,
            compact: false,
        })
    }

    /// Appends `G(n)`, `n == values.len()`.
    fn push(&mut self, value: T, is_rare: bool) {
        self.values.push(value);
        if is_rare {
            self.rare_values.push(value);
        }
    }

    /// Makes room for `len` values (their memory was checked by the caller);
    /// the compact path may run.
    fn reserve(&mut self, len: usize, budget: Budget) -> Result<()> {
        let additional = len.saturating_sub(self.values.len());
        self.values
            .try_reserve_exact(additional)
            .map_err(|_| refused(&self.values, additional, "Grundy sequence", budget))?;
        self.compact = true;
        Ok(())
    }

    fn rebuild_rare(&mut self, rare: &[u32]) {
        self.rare_values = rare.iter().map(|&a| self.values[a as usize]).collect();
    }
}

/// The error for `additional` more elements of `vec` that the allocator refused.
fn refused<T>(vec: &[T], additional: usize, what: &'static str, budget: Budget) -> Error {
    crate::budget::allocation_refused(
        vec.len(),
        additional,
        std::mem::size_of::<T>(),
        what,
        budget,
    )
}

/// The rare positions (heap 0 left out) of `values` under `sparseness`.
fn rare_positions_of<T: Value>(values: &[T], sparseness: Sparseness) -> Vec<u32> {
    // Positions are below 2^32; the length may be 2^32 itself.
    (1..values.len())
        .filter(|&a| sparseness.is_rare(a as u32, values[a].into()))
        .map(|a| a as u32)
        .collect()
}

impl Store {
    fn len(&self) -> usize {
        match self {
            Store::Narrow(tables) => tables.values.len(),
            Store::Wide(tables) => tables.values.len(),
            Store::Full(values) => values.len(),
        }
    }

    fn get(&self, n: usize) -> Option<u32> {
        match self {
            Store::Narrow(tables) => tables.values.get(n).map(|&v| v.into()),
            Store::Wide(tables) => tables.values.get(n).map(|&v| v.into()),
            Store::Full(values) => values.get(n).copied(),
        }
    }

    /// Whether the compact path may run.
    fn fast(&self) -> bool {
        match self {
            Store::Narrow(tables) => tables.fast(),
            Store::Wide(tables) => tables.fast(),
            Store::Full(_) => false,
        }
    }

    fn slice(&self) -> ValueSlice<'_> {
        match self {
            Store::Narrow(tables) => ValueSlice::Narrow(&tables.values),
            Store::Wide(tables) => ValueSlice::Wide(&tables.values),
            Store::Full(values) => ValueSlice::Full(values),
        }
    }

    /// Bytes a value takes in the current cells.
    fn cell_bytes(&self) -> u128 {
        match self {
            Store::Narrow(_) => 1,
            Store::Wide(_) => 2,
            Store::Full(_) => 4,
        }
    }

    /// Room reserved for values (at least `len()`).
    fn capacity(&self) -> usize {
        match self {
            Store::Narrow(tables) => tables.values.capacity(),
            Store::Wide(tables) => tables.values.capacity(),
            Store::Full(values) => values.capacity(),
        }
    }

    /// Makes room for `len` values once `len` values in the current cells
    /// and `others` bytes (the rare list and the marks) fit `budget`.
    fn reserve(&mut self, len: usize, others: u128, budget: Budget) -> Result<()> {
        let len = len.max(self.len());
        budget.check_bytes(len as u128 * self.cell_bytes() + others, "Grundy sequence")?;
        match self {
            Store::Narrow(tables) => tables.reserve(len, budget),
            Store::Wide(tables) => tables.reserve(len, budget),
            Store::Full(values) => {
                let additional = len - values.len();
                values
                    .try_reserve_exact(additional)
                    .map_err(|_| refused(values, additional, "Grundy sequence", budget))
            }
        }
    }

    /// Appends `G(n)`, `n == len`, moving the values to wider cells first
    /// when it does not fit theirs (once the old and the new cells fit
    /// `budget` together, with `others` bytes besides). Returns true when
    /// they moved from bytes to 16-bit cells (the compact path resumes at
    /// the next [`Self::reserve`]).
    fn push(&mut self, value: u32, is_rare: bool, others: u128, budget: Budget) -> Result<bool> {
        let widening = |store: &Store, wider: u128| {
            let (len, capacity) = (store.len() as u128, store.capacity() as u128);
            let bytes = len * store.cell_bytes() + capacity.max(len + 1) * wider + others;
            budget.check_bytes(bytes, "Grundy sequence (moving to wider cells)")
        };
        match self {
            Store::Narrow(tables) => match u8::try_from(value) {
                Ok(cell) => tables.push(cell, is_rare),
                Err(_) => {
                    widening(self, 2)?;
                    let capacity = self.capacity();
                    let Store::Narrow(tables) = self else {
                        unreachable!("matched above")
                    };
                    *self = Store::Wide(tables.widen(capacity, budget)?);
                    self.push(value, is_rare, others, budget)?;
                    return Ok(true);
                }
            },
            Store::Wide(tables) => match u16::try_from(value) {
                Ok(cell) => tables.push(cell, is_rare),
                Err(_) => {
                    widening(self, 4)?;
                    let capacity = self.capacity();
                    let Store::Wide(tables) = self else {
                        unreachable!("matched above")
                    };
                    let mut values = Vec::new();
                    try_reserve(
                        &mut values,
                        capacity.max(tables.values.len() + 1),
                        "Grundy sequence (moving to wider cells)",
                        budget,
                    )?;
                    let narrow = std::mem::take(&mut tables.values);
                    values.extend(narrow.into_iter().map(u32::from));
                    *self = Store::Full(values);
                    self.push(value, is_rare, others, budget)?;
                }
            },
            Store::Full(values) => values.push(value),
        }
        Ok(false)
    }

    /// Makes room for `capacity` rare values.
    fn reserve_rare_values(&mut self, capacity: usize, budget: Budget) -> Result<()> {
        const WHAT: &str = "Grundy sequence (rare values)";
        match self {
            Store::Narrow(t) => {
                let additional = capacity - t.rare_values.len();
                try_reserve(&mut t.rare_values, additional, WHAT, budget)
            }
            Store::Wide(t) => {
                let additional = capacity - t.rare_values.len();
                try_reserve(&mut t.rare_values, additional, WHAT, budget)
            }
            Store::Full(_) => Ok(()),
        }
    }

    fn rebuild_rare(&mut self, rare: &[u32]) {
        match self {
            Store::Narrow(tables) => tables.rebuild_rare(rare),
            Store::Wide(tables) => tables.rebuild_rare(rare),
            Store::Full(_) => {}
        }
    }

    fn rare_positions(&self, sparseness: Sparseness) -> Vec<u32> {
        match self {
            Store::Narrow(tables) => rare_positions_of(&tables.values, sparseness),
            Store::Wide(tables) => rare_positions_of(&tables.values, sparseness),
            Store::Full(values) => rare_positions_of(values, sparseness),
        }
    }

    fn into_values(self) -> Vec<u32> {
        match self {
            Store::Narrow(tables) => widen_values(tables),
            Store::Wide(tables) => widen_values(tables),
            Store::Full(values) => values,
        }
    }
}

/// The values of `tables` as `u32`s (the rare values are freed first).
fn widen_values<T: Cell>(mut tables: Tables<T>) -> Vec<u32> {
    tables.rare_values = Vec::new();
    tables.values.into_iter().map(Into::into).collect()
}

/// The values of a [`SparseGrundy`], `G(0)`, `G(1)`, … as `u32`s, read from
/// the cells they are kept in (see [`SparseGrundy::values`]).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
/// let mut solver = SparseGrundy::new(TakeAndBreak::kayles());
/// solver.extend_to(5, stonegame::Budget::default())?;
/// let values: stonegame::impartial::octal::Values<'_> = solver.values();
/// assert_eq!(values.len(), 6);
/// assert_eq!(values.rev().next(), Some(4));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Values<'a>(ValuesIter<'a>);

#[derive(Debug, Clone)]
enum ValuesIter<'a> {
    Narrow(std::slice::Iter<'a, u8>),
    Wide(std::slice::Iter<'a, u16>),
    Full(std::slice::Iter<'a, u32>),
}

impl Iterator for Values<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match &mut self.0 {
            ValuesIter::Narrow(iter) => iter.next().map(|&v| v.into()),
            ValuesIter::Wide(iter) => iter.next().map(|&v| v.into()),
            ValuesIter::Full(iter) => iter.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            ValuesIter::Narrow(iter) => iter.size_hint(),
            ValuesIter::Wide(iter) => iter.size_hint(),
            ValuesIter::Full(iter) => iter.size_hint(),
        }
    }

    fn nth(&mut self, n: usize) -> Option<u32> {
        match &mut self.0 {
            ValuesIter::Narrow(iter) => iter.nth(n).map(|&v| v.into()),
            ValuesIter::Wide(iter) => iter.nth(n).map(|&v| v.into()),
            ValuesIter::Full(iter) => iter.nth(n).copied(),
        }
    }

    // One loop per cell type, not a match per value.
    fn fold<B, F: FnMut(B, u32) -> B>(self, init: B, mut f: F) -> B {
        match self.0 {
            ValuesIter::Narrow(iter) => iter.fold(init, |acc, &v| f(acc, v.into())),
            ValuesIter::Wide(iter) => iter.fold(init, |acc, &v| f(acc, v.into())),
            ValuesIter::Full(iter) => iter.fold(init, |acc, &v| f(acc, v)),
        }
    }
}

impl DoubleEndedIterator for Values<'_> {
    fn next_back(&mut self) -> Option<u32> {
        match &mut self.0 {
            ValuesIter::Narrow(iter) => iter.next_back().map(|&v| v.into()),
            ValuesIter::Wide(iter) => iter.next_back().map(|&v| v.into()),
            ValuesIter::Full(iter) => iter.next_back().copied(),
        }
    }
}

impl ExactSizeIterator for Values<'_> {}

impl std::iter::FusedIterator for Values<'_> {}

impl SparseGrundy {
    /// A solver with no values computed yet.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// assert!(solver.is_empty());
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self {
            game,
            store: Store::Narrow(Tables::default()),
            rare: Vec::new(),
            sparseness: Sparseness {
                mask: u32::MAX,
                domain: 0,
                offset: 0,
            },
            counts: Vec::new(),
            fixed_sparseness: false,
            values_below: 0,
            budget: Budget::default(),
            seen: vec![0; 256],
            splits: Vec::new(),
            next_reselect: 64,
            rare_at_reselect: 0,
            width_at_reselect: 1,
            widen_pending: false,
            block_len: BLOCK_LEN,
            threads: 1,
            scan_horizon: SCAN_HORIZON,
            block_marks_bytes: 0,
            mex_visits: 0,
            work: 0,
            dense: DenseChoice::Measured,
        }
    }

    /// Shares the part of the work that reads only values before a block of
    /// heaps (the rare pairs against older values, the first pairs of every
    /// split) among `threads` threads, started once an extension and
    /// claiming parts of each block as they come free; the rest, which
    /// depends on the block's own values, stays on the calling thread, which
    /// also takes every part no other thread has claimed (a thread that the
    /// system keeps waiting holds up no more than its part). The values are the same for
    /// every number of threads. The default is 1: the machines this crate
    /// is used on are often shared, and a caller that owns its cores says so
    /// (e.g. with `std::thread::available_parallelism`). 0 means 1; more
    /// than [`MAX_SEQUENCE_THREADS`] means that many.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// use stonegame::Budget;
    /// let mut one = SparseGrundy::new(TakeAndBreak::grundys_game());
    /// let mut two = SparseGrundy::new(TakeAndBreak::grundys_game()).with_threads(2);
    /// assert_eq!(two.threads(), 2);
    /// one.extend_to(20_000, Budget::default())?;
    /// two.extend_to(20_000, Budget::default())?;
    /// assert!(one.values().eq(two.values()));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, MAX_SEQUENCE_THREADS);
        self.block_len = if self.threads > 1 {
            PARALLEL_BLOCK_LEN
        } else {
            BLOCK_LEN
        };
        self
    }

    /// The threads set by [`Self::with_threads`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// assert_eq!(SparseGrundy::new(TakeAndBreak::kayles()).threads(), 1);
    /// ```
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The work of one heap: each split class pairs every rare part with its
    /// complement; other moves cost one look-up.
    fn heap_cost(&self) -> u64 {
        (self.splits.len() as u64).saturating_mul(self.rare.len() as u64 + 1) + 1
    }

    /// The work of heap `n` besides its pairs: one step for each removal the
    /// code lists (every removal up to `n` for a code that repeats forever,
    /// so Nim-like codes are charged their quadratic listing) and one for
    /// every 16 entries of the marks cleared and searched for the mex (a
    /// vectorised clear: about a nanosecond each).
    fn listing_cost(&self, n: u32) -> u64 {
        let removals = match &self.game {
            TakeAndBreak::GrundysGame => 1,
            game => {
                game.max_take()
                    .map_or(u64::from(n), |t| t.min(u64::from(n)))
                    + 1
            }
        };
        removals + (self.seen.len() as u64).div_ceil(16)
    }

    /// Work done so far (see [`DEFAULT_SEQUENCE_WORK`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// let mut solver = SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(100, stonegame::Budget::default())?;
    /// assert!(solver.work() > 100);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// assert_eq!(solver.game(), &TakeAndBreak::kayles());
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// The values computed so far, `G(0..len)`, as `u32`s read from the
    /// cells they are kept in (bytes while every value is below 256: no
    /// `u32` table of all values is held). Collect them, or use
    /// [`Self::into_values`], for a `Vec<u32>`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::nim());
    /// solver.extend_to(3, stonegame::Budget::default())?;
    /// assert_eq!(solver.values().collect::<Vec<u32>>(), [0, 1, 2, 3]);
    /// assert_eq!(solver.values().max(), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn values(&self) -> Values<'_> {
        Values(match &self.store {
            Store::Narrow(tables) => ValuesIter::Narrow(tables.values.iter()),
            Store::Wide(tables) => ValuesIter::Wide(tables.values.iter()),
            Store::Full(values) => ValuesIter::Full(values.iter()),
        })
    }

    /// `G(heap)`, when computed (`heap < self.len()`).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(5, stonegame::Budget::default())?;
    /// assert_eq!(solver.value(5), Some(4));
    /// assert_eq!(solver.value(6), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self, heap: u64) -> Option<u32> {
        self.store.get(usize::try_from(heap).ok()?)
    }

    /// How many values are computed: `G(0..len)`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(5, stonegame::Budget::default())?;
    /// assert_eq!(solver.len(), 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether no value is computed yet.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// assert!(solver.is_empty());
    /// solver.extend_to(0, stonegame::Budget::default())?;
    /// assert!(!solver.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values in their cells, for the period search.
    pub(super) fn value_slice(&self) -> ValueSlice<'_> {
        self.store.slice()
    }

    /// Gives up the computed values, as `u32`s (the compact tables are
    /// freed before the `u32` table is built).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::nim());
    /// solver.extend_to(1, stonegame::Budget::default())?;
    /// assert_eq!(solver.into_values(), [0, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_values(self) -> Vec<u32> {
        self.store.into_values()
    }

    /// The number of rare positions under the current mask (a measure of how
    /// sparse the game is; the work per heap is about this many steps).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(1000, stonegame::Budget::default())?;
    /// assert!(solver.rare_count() < 100);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The rare positions under the current mask, ascending (heap 0 is never
    /// listed: it has no splits to take part in).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::grundys_game());
    /// solver.extend_to(1000, stonegame::Budget::default())?;
    /// assert_eq!(solver.rare_positions().len(), solver.rare_count());
    /// assert!(solver.rare_positions().windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn rare_positions(&self) -> &[u32] {
        &self.rare
    }

    /// The current mask: rare values are those with `popcount(G & mask)` of
    /// the rare parity.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(100, stonegame::Budget::default())?;
    /// assert_ne!(solver.mask(), 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn mask(&self) -> u32 {
        self.sparseness.mask
    }

    /// Computes values up to and including heap `upto` (nothing if already known).
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] above [`MAX_SEQUENCE_HEAP`] or for a Grundy
    /// value above `u32::MAX`; [`Error::MemoryBudgetExceeded`] when the tables
    /// do not fit `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut solver = stonegame::impartial::octal::SparseGrundy::new(TakeAndBreak::kayles());
    /// solver.extend_to(5, stonegame::Budget::default())?;
    /// assert_eq!(solver.value(5), Some(4));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn extend_to(&mut self, upto: u64, budget: Budget) -> Result<()> {
        let len = check_length(upto)?;
        // A cancelled control refuses before the tables grow.
        let watch = budget.watch("octal Grundy sequence", None);
        watch.check()?;
        self.budget = budget;
        if len > self.store.len() {
            self.store.reserve(len, self.others_bytes(), budget)?;
        }
        let cap = budget.work_or(DEFAULT_SEQUENCE_WORK);
        let threads = self.pool_threads(len.saturating_sub(self.store.len()));
        let pool = pool::Pool::new(self.game.clone(), threads, self.block_len);
        let watch = Some(&watch);
        if threads == 1 {
            return self.extend_with_pool(len, upto, cap, &pool, None, watch);
        }
        // The helpers live for the whole call and wait between blocks.
        std::thread::scope(|scope| {
            let stop = pool::StopOnDrop(&pool);
            for _ in 1..threads {
                scope.spawn(|| pool.help());
            }
            let result = self.extend_with_pool(len, upto, cap, &pool, None, watch);
            drop(stop);
            result
        })
    }

    /// The loop of [`Self::extend_to`], blocks shared through `pool`. With
    /// `known` values the loop takes every decision it would take computing
    /// them (the split's choices, blocks, dense heaps) but reads the values
    /// instead (see [`Self::replay`]). `watch` is shown the work of this
    /// call once a heap or block (the values before a cancel are kept: each
    /// is final).
    fn extend_with_pool(
        &mut self,
        len: usize,
        upto: u64,
        cap: u64,
        pool: &pool::Pool,
        known: Option<&[u32]>,
        watch: Option<&Watch>,
    ) -> Result<()> {
        let budget = self.budget;
        let work_before = self.work;
        while self.store.len() < len {
            let n = self.store.len() as u32;
            if let Some(watch) = watch {
                watch.poll(self.work - work_before)?;
            }
            if self.work > cap {
                return Err(Error::WorkLimitExceeded {
                    what: format!(
                        "computing Grundy values of {} up to heap {upto} (stopped at heap {n})",
                        self.game
                    ),
                    steps: cap,
                });
            }
            if self.widen_pending {
                // The 16-bit cells are in place: the compact path resumes.
                self.widen_pending = false;
                self.store.reserve(len, self.others_bytes(), budget)?;
            }
            self.reserve_rare(len, budget)?;
            if u64::from(n) >= self.next_reselect
                || self.values_below.next_power_of_two() > self.width_at_reselect
                || self.rare.len() > self.rare_at_reselect + self.rare_at_reselect / 4 + 64
            {
                self.reselect_sparseness()?;
                self.rare_at_reselect = self.rare.len();
                self.width_at_reselect = self.values_below.next_power_of_two();
                while u64::from(n) >= self.next_reselect {
                    self.next_reselect *= 2;
                }
            }
            if self.dense_pays(n) {
                let (value, pairs) = match known {
                    Some(values) => (values[n as usize], 0),
                    None => self.next_value_dense(n),
                };
                self.record(n, value)?;
                let listing = self.listing_cost(n);
                self.work = self.work.saturating_add(pairs.saturating_add(listing));
                continue;
            }
            let block = self.current_block_len() as u64;
            // With fewer rare positions than heaps in a block, blocking saves too little.
            if self.store.fast()
                && self.rare.len() as u64 >= block
                && u64::from(n) + block <= len as u64
                && u64::from(n) + block <= self.next_reselect
            {
                if let Some(plan) = self.block_plan(n) {
                    match known {
                        Some(values) => {
                            for m in n..n + plan.len {
                                self.record(m, values[m as usize])?;
                            }
                        }
                        None => self.extend_block(plan, pool)?,
                    }
                    let per_heap = self.heap_cost().saturating_add(self.listing_cost(n));
                    let visits = std::mem::take(&mut self.mex_visits) / 4;
                    self.work = (self.work.saturating_add(per_heap.saturating_mul(block)))
                        .saturating_add(visits);
                    continue;
                }
            }
            let value = match known {
                Some(values) => values[n as usize],
                None => self.next_value(n)?,
            };
            self.record(n, value)?;
            // The lazy scans went as far as their cursors; they compare
            // pairs in vectors, about eight for a nanosecond.
            let scanned: u64 = self.splits.iter().map(|s| u64::from(s.cursor - 1)).sum();
            let scanned = scanned.div_ceil(SCANNED_PAIRS_PER_STEP);
            let listing = self.listing_cost(n);
            let visits = std::mem::take(&mut self.mex_visits) / 4;
            self.work = self
                .work
                .saturating_add(self.heap_cost().saturating_add(scanned + listing))
                .saturating_add(visits);
        }
        Ok(())
    }

    /// The plan for a block from `start`, when every split of the block's
    /// first heap leaves room for it (not for small heaps).
    /// The heaps of the next block: on more than one thread, as many as
    /// keep the block's marks within [`PARALLEL_MARK_BYTES`] (half as many
    /// once the values need 512-entry mark tables).
    fn current_block_len(&self) -> usize {
        if self.threads > 1 {
            self.block_len
                .min((PARALLEL_MARK_BYTES / self.seen.len()).max(BLOCK_LEN))
        } else {
            self.block_len
        }
    }

    fn block_plan(&mut self, start: u32) -> Option<BlockPlan> {
        let len = u32::try_from(self.current_block_len()).ok()?;
        self.collect_moves(start);
        let offsets: Vec<u32> = self.splits.iter().map(|s| start - s.total).collect();
        // Keeps the blocked and per-heap parts apart: len <= base / 2 < base.
        let roomy = self.splits.iter().all(|s| s.total >= 2 * len);
        (roomy && !offsets.is_empty()).then_some(BlockPlan {
            start,
            len,
            offsets,
            unequal: matches!(self.game, TakeAndBreak::GrundysGame),
            sparseness: self.sparseness,
            horizon: self.scan_horizon,
        })
    }

    /// Solves the heaps of `plan`'s block: the first phase for all of them
    /// (shared among the pool's threads) while the calling thread finishes
    /// rows in order by the quick second phase; from the first row that
    /// needs it on, the full second phase, heap by heap.
    fn extend_block(&mut self, plan: BlockPlan, pool: &pool::Pool) -> Result<()> {
        // Every option value of the block's heaps is below the span of the
        // values before it (XORs of values below a power of two stay below it).
        let span = self.seen.len();
        let (chunk_rows, chunks) = pool.chunking(plan.len);
        self.block_marks_bytes = (chunks * chunk_rows) as usize * span;
        {
            let mut inputs = pool.write();
            std::mem::swap(&mut inputs.store, &mut self.store);
            std::mem::swap(&mut inputs.rare, &mut self.rare);
            inputs.plan = Some(plan);
            inputs.span = span;
            inputs.chunk_rows = chunk_rows;
        }
        let generation = pool.publish(chunks);
        let quick = pool.lead(generation, chunks);
        let plan = {
            let mut inputs = pool.write();
            std::mem::swap(&mut inputs.store, &mut self.store);
            std::mem::swap(&mut inputs.rare, &mut self.rare);
            inputs.plan.take().expect("the block's plan")
        };
        for (n, &value) in (plan.start..).zip(&quick) {
            self.record(n, value)?;
        }
        for j in quick.len() as u32..plan.len {
            let n = plan.start + j;
            let chunk = pool.chunk(j / chunk_rows);
            let row = (j % chunk_rows) as usize;
            let marks = &chunk.marks[row * span..(row + 1) * span];
            let value = match self.next_value_in_block(n, &plan, marks, chunk.answers[row]) {
                Some(value) => value,
                // A value outgrew the cells: solve the rest alone.
                None => self.next_value(n)?,
            };
            drop(chunk);
            self.record(n, value)?;
        }
        Ok(())
    }

    /// `G(n)` for a heap of a block by the full second phase (see
    /// [`BlockPlan`]), given the first phase's `marks` of the heap and its mex
    /// `answer` (`None` when it gave up at the horizon).
    fn next_value_in_block(
        &mut self,
        n: u32,
        plan: &BlockPlan,
        marks: &[u8],
        answer: Option<u32>,
    ) -> Option<u32> {
        if !self.store.fast() {
            return None;
        }
        self.collect_moves(n);
        let same_splits = self
            .splits
            .iter()
            .map(|s| n - s.total)
            .eq(plan.offsets.iter().copied());
        let heap = HeapPass {
            rare: &self.rare,
            sparseness: self.sparseness,
            unequal: plan.unequal,
            visits: std::cell::Cell::new(0),
        };
        let block = same_splits.then_some((plan, marks, n, answer));
        let (seen, splits) = (&mut self.seen, &mut self.splits);
        // `seen` has 256 entries while values are bytes, 512 while they are below 512.
        let value = match &self.store {
            Store::Narrow(t) => heap.solve::<u8, 256>(t, seen, splits, block),
            Store::Wide(t) if seen.len() == 512 => heap.solve::<u16, 512>(t, seen, splits, block),
            Store::Wide(t) => heap.solve::<u16, 0>(t, seen, splits, block),
            Store::Full(_) => return None,
        };
        self.mex_visits += heap.visits.get();
        Some(value)
    }

    fn record(&mut self, n: u32, value: u32) -> Result<()> {
        let index = value as usize;
        let folded = index % MASK_VALUES;
        if folded >= self.counts.len() {
            // A power of two of entries (at most 17 growths), charged before
            // anything of heap `n` is stored (a refusal leaves the run whole).
            let entries = (folded + 1).next_power_of_two();
            let grown = (entries - self.counts.len()) as u128 * 16;
            let values = (self.store.len() as u128 + 1) * self.store.cell_bytes();
            self.budget.check_bytes(
                values + self.others_bytes() + grown,
                "Grundy sequence (value counts for the rare/common mask)",
            )?;
            self.counts.resize(entries, [0, 0]);
        }
        let is_rare = n > 0 && self.sparseness.is_rare(n, value);
        let others = self.others_bytes();
        if self.store.push(value, is_rare, others, self.budget)? {
            self.widen_pending = true;
        }
        self.values_below = self.values_below.max(index + 1);
        if n > 0 {
            self.counts[folded][(n & 1) as usize] += 1;
            if is_rare {
                self.rare.push(n);
            }
        }
        // Every XOR of two values, and the mex, is at most the next power of two.
        let needed = (index + 1).next_power_of_two();
        if needed > self.seen.len() {
            // Values as large as the heaps (a code whose values grow) make
            // the marks as large as the values' table.
            const WHAT: &str = "Grundy sequence (marks of the options)";
            let values = self.store.len() as u128 * self.store.cell_bytes();
            let grown = needed - self.seen.len();
            self.budget
                .check_bytes(values + self.others_bytes() + grown as u128, WHAT)?;
            try_reserve(&mut self.seen, grown, WHAT, self.budget)?;
            self.seen.resize(needed, 0);
        }
        Ok(())
    }

    /// The bytes held besides the values: the rare list and its values,
    /// the marks of a block and of a heap, the counts.
    fn others_bytes(&self) -> u128 {
        let cell = self.store.cell_bytes();
        let rare = self.rare.capacity() as u128 * (4 + cell);
        let marks = (self.block_marks_bytes + self.seen.capacity()) as u128;
        rare + marks + self.counts.capacity() as u128 * 16
    }

    /// Makes room for a block's worth of rare positions ahead (the rare list
    /// doubles when full, once the doubled list fits `budget` beside `len`
    /// values), so a list that grows with the heaps is refused in time.
    fn reserve_rare(&mut self, len: usize, budget: Budget) -> Result<()> {
        let room = self.block_len + 1;
        if self.rare.capacity() - self.rare.len() >= room {
            return Ok(());
        }
        let capacity = (2 * self.rare.len()).max(self.rare.len() + room).max(64);
        let cell = self.store.cell_bytes();
        let grown = (capacity - self.rare.capacity()) as u128 * (4 + cell);
        let values = len.max(self.store.len()) as u128 * cell;
        budget.check_bytes(values + self.others_bytes() + grown, "Grundy sequence")?;
        let additional = capacity - self.rare.len();
        self.rare.try_reserve_exact(additional).map_err(|_| {
            refused(
                &self.rare,
                additional,
                "Grundy sequence (rare list)",
                budget,
            )
        })?;
        self.store.reserve_rare_values(capacity, budget)
    }

    /// Clears `seen`, marks the single-heap options of heap `n` and lists its splits.
    fn collect_moves(&mut self, n: u32) {
        self.seen.fill(0);
        self.splits.clear();
        let store = &self.store;
        let seen = &mut self.seen;
        let splits = &mut self.splits;
        let sparseness = self.sparseness;
        self.game
            .for_each_move_class(u64::from(n), |class| match class {
                MoveClass::TakeAll => seen[0] = 1,
                MoveClass::LeaveOne(left) => {
                    // `left < n`: known.
                    let value = store.get(left as usize).expect("a smaller heap is known");
                    seen[value as usize] = 1;
                }
                MoveClass::Split { total, .. } => {
                    let last = class.largest_smaller_part() as u32;
                    if last >= 1 {
                        splits.push(SplitScan {
                            total: total as u32,
                            last,
                            cursor: 1,
                            hard_parity: sparseness.common_pair_parity(total as u32),
                        });
                    }
                }
            });
    }

    fn next_value(&mut self, n: u32) -> Result<u32> {
        self.collect_moves(n);
        let unequal = matches!(self.game, TakeAndBreak::GrundysGame);
        let heap = HeapPass {
            rare: &self.rare,
            sparseness: self.sparseness,
            unequal,
            visits: std::cell::Cell::new(0),
        };
        let (seen, splits) = (&mut self.seen, &mut self.splits);
        // `seen` has 256 entries while values are bytes, 512 while they are below 512.
        let value = match &self.store {
            Store::Narrow(t) if t.fast() => heap.solve::<u8, 256>(t, seen, splits, None),
            Store::Wide(t) if t.fast() && seen.len() == 512 => {
                heap.solve::<u16, 512>(t, seen, splits, None)
            }
            Store::Wide(t) if t.fast() => heap.solve::<u16, 0>(t, seen, splits, None),
            Store::Narrow(t) => heap.general(&t.values, seen, splits),
            Store::Wide(t) => heap.general(&t.values, seen, splits),
            Store::Full(values) => heap.general(values, seen, splits),
        };
        self.mex_visits += heap.visits.get();
        Ok(value)
    }

    /// Whether heap `n` is solved by the dense kernel: the values are in
    /// 8- or 16-bit cells and the rare positions are at least one heap in
    /// [`DENSE_RARE_SHARE`] (then the sparse space saves less than its
    /// scattered reads and lazy scans cost). Depends on the state alone: the
    /// run switches either way as the rare share moves (after a new mask,
    /// say), always at the same heaps.
    fn dense_pays(&self, n: u32) -> bool {
        if matches!(self.store, Store::Full(_)) {
            return false;
        }
        match self.dense {
            DenseChoice::Measured => {
                // Small heaps are cheap either way; below 2^12 the rare share is noise.
                n >= 1 << 12 && self.rare.len() as u64 * DENSE_RARE_SHARE >= u64::from(n)
            }
            #[cfg(test)]
            DenseChoice::Alternate(period) => (n / period.max(1)) % 2 == 0,
        }
    }

    /// `G(n)` by the dense kernel, and the pairs it evaluated: every pair
    /// `G(a) ^ G(total - a)` of every split is marked (no rare list, no
    /// lazy scan), then the mex is read off the marks.
    fn next_value_dense(&mut self, n: u32) -> (u32, u64) {
        self.collect_moves(n);
        let pairs = self.splits.iter().map(|s| u64::from(s.last)).sum();
        let (seen, splits) = (&mut self.seen, &self.splits);
        // A constant table length drops the bounds checks of the marking.
        let value = match (&self.store, seen.len()) {
            (Store::Narrow(t), 256) => dense_mex::<u8, 256>(&t.values, seen, splits),
            (Store::Narrow(t), _) => dense_mex::<u8, 0>(&t.values, seen, splits),
            (Store::Wide(t), 256) => dense_mex::<u16, 256>(&t.values, seen, splits),
            (Store::Wide(t), 512) => dense_mex::<u16, 512>(&t.values, seen, splits),
            (Store::Wide(t), 1024) => dense_mex::<u16, 1024>(&t.values, seen, splits),
            (Store::Wide(t), 2048) => dense_mex::<u16, 2048>(&t.values, seen, splits),
            (Store::Wide(t), 4096) => dense_mex::<u16, 4096>(&t.values, seen, splits),
            (Store::Wide(t), 8192) => dense_mex::<u16, 8192>(&t.values, seen, splits),
            (Store::Wide(t), _) => dense_mex::<u16, 0>(&t.values, seen, splits),
            (Store::Full(_), _) => unreachable!("dense_pays is false for u32 cells"),
        };
        (value, pairs)
    }

    /// Finds, for each (domain, offset) variant, the mask with the fewest
    /// rare positions so far among masks of up to [`MAX_MASK_BITS`] bits (as
    /// many as the values need), all at once from the value counts (see
    /// [`fewest_rare_by_variant`]), and switches to the one whose estimated
    /// work a heap ([`MaskCost`]) is lowest when that is a tenth below the
    /// current split's.
    fn reselect_sparseness(&mut self) -> Result<()> {
        if self.fixed_sparseness {
            return Ok(());
        }
        // The bits of the largest value (a mask bit above them changes no
        // count); at least one.
        let largest = self.values_below.saturating_sub(1);
        let bits = (usize::BITS - largest.leading_zeros()).clamp(1, MAX_MASK_BITS);
        // Two transforms of 2^bits signed counts while the choice is made,
        // and the split totals of two heaps (as many as the heaps with
        // splits of every size, as in `0.(4)`).
        let splits = u128::from(MaskCost::split_classes(
            &self.game,
            self.store.len() as u64 + 1,
        ));
        let scratch = 2 * (1u128 << bits) * 8 + 2 * splits * 8;
        let values = self.store.len() as u128 * self.store.cell_bytes();
        self.budget.check_bytes(
            values + self.others_bytes() + scratch,
            "Grundy sequence (choosing the rare/common mask)",
        )?;
        // The fewest rare positions alone mislead: a rare position below
        // fewer split totals costs less, and a heap whose value has the
        // parity the common pairs of a split give costs a whole scan of that
        // split (see `MaskCost`); a mask with bits above most values that
        // makes the early heaps rare was chosen over a cheaper one for
        // `0.(4)`. The cheapest of each variant's fewest-rare masks is
        // compared with the current split.
        let cost = MaskCost::new(self);
        let current = cost.estimate(self, self.sparseness, self.rare.len() as u64);
        let mut cheapest: Option<(f64, u64, Sparseness)> = None;
        for (rare, candidate) in fewest_rare_by_variant(&self.counts, bits)
            .into_iter()
            .flatten()
        {
            let estimate = cost.estimate(self, candidate, rare);
            // Ties go to fewer rare positions, then to the variant order.
            if cheapest.is_none_or(|(least, fewest, _)| {
                estimate < least || (estimate == least && rare < fewest)
            }) {
                cheapest = Some((estimate, rare, candidate));
            }
        }
        if let Some((estimate, _, best)) = cheapest {
            // Switch only for a clear gain: rebuilding the rare list costs O(n).
            if estimate < 0.9 * current && best != self.sparseness {
                self.sparseness = best;
                self.rare = self.store.rare_positions(best);
                self.store.rebuild_rare(&self.rare);
            }
        }
        Ok(())
    }

    /// Keeps `mask` (with Flammenkamp's `domain` and `offset`) for the rest of
    /// the run, whatever the counts say: values are exact under any split.
    #[cfg(test)]
    fn fix_sparseness(&mut self, mask: u32, domain: u32, offset: u32) {
        self.fixed_sparseness = true;
        self.sparseness = Sparseness {
            mask,
            domain,
            offset,
        };
        self.rare = self.store.rare_positions(self.sparseness);
        self.store.rebuild_rare(&self.rare);
    }
}

/// Masks use at most the low `MAX_MASK_BITS` bits of a value: the count
/// tables hold `2^MAX_MASK_BITS` entries (1 MiB), a choice costs
/// `O(MAX_MASK_BITS · 2^MAX_MASK_BITS)` steps, and values of the games
/// computed so far stay far below `2^16`.
const MAX_MASK_BITS: u32 = 16;

/// The values a mask tells apart: counts are kept modulo this.
const MASK_VALUES: usize = 1 << MAX_MASK_BITS;

/// The Walsh–Hadamard transform in place (`table.len()` a power of two):
/// afterwards `table[m] = Σ_v before[v] · (-1)^popcount(v & m)`.
fn walsh_hadamard(table: &mut [i64]) {
    let mut half = 1;
    while half < table.len() {
        for block in table.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (x, y) in low.iter_mut().zip(high) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        half *= 2;
    }
}

/// The split with the fewest rare positions among masks `1..2^bits` and
/// the three (domain, offset) variants, and that count (ties to the smaller
/// mask, then to domain 0): the best of [`fewest_rare_by_variant`].
#[cfg(test)]
fn fewest_rare_sparseness(counts: &[[u64; 2]], bits: u32) -> Option<(u64, Sparseness)> {
    // The variants are listed in the tie order, each with its smallest best mask.
    let mut best: Option<(u64, Sparseness)> = None;
    for (rare, candidate) in fewest_rare_by_variant(counts, bits).into_iter().flatten() {
        if best.is_none_or(|(fewest, chosen)| {
            rare < fewest || (rare == fewest && candidate.mask < chosen.mask)
        }) {
            best = Some((rare, candidate));
        }
    }
    best
}

/// For each (domain, offset) variant, in the order plain, domain with
/// offset 0, domain with offset 1, the mask among `1..2^bits` with the fewest
/// rare positions (the smaller mask among equals) and that count, given
/// `counts[v][p]`: the positions of parity `p` (heap 0 left out) whose value
/// is `v` modulo `counts.len()` (at most `2^bits` entries).
///
/// With `W_p[m] = Σ_v counts[v][p] · (-1)^popcount(v & m)` (a Walsh–Hadamard
/// transform), the positions of parity `p` whose masked value has even
/// parity number `(T_p + W_p[m]) / 2` and the others `(T_p - W_p[m]) / 2`,
/// `T_p` being all positions of parity `p`; every rare count follows:
/// domain 0 (rare = even) `(T + W_0 + W_1) / 2`; domain 1, offset 0 (even
/// positions with even values, odd with odd) `(T_0 + W_0 + T_1 - W_1) / 2`;
/// offset 1 the other two halves. `O(bits · 2^bits)` in all.
fn fewest_rare_by_variant(counts: &[[u64; 2]], bits: u32) -> [Option<(u64, Sparseness)>; 3] {
    let size = 1usize << bits;
    let mut transforms = [vec![0i64; size], vec![0i64; size]];
    for (value, by_parity) in counts.iter().enumerate() {
        for (parity, &count) in by_parity.iter().enumerate() {
            // Counts are at most 2^32 positions: exact in i64.
            transforms[parity][value & (size - 1)] += count as i64;
        }
    }
    let totals = [
        transforms[0].iter().sum::<i64>(),
        transforms[1].iter().sum(),
    ];
    for table in &mut transforms {
        walsh_hadamard(table);
    }
    let mut best: [Option<(u64, Sparseness)>; 3] = [None; 3];
    let [even_heaps, odd_heaps] = &transforms;
    for (mask, (&w0, &w1)) in even_heaps.iter().zip(odd_heaps).enumerate().skip(1) {
        let even = [(totals[0] + w0) / 2, (totals[1] + w1) / 2];
        let odd = [totals[0] - even[0], totals[1] - even[1]];
        for (slot, (domain, offset, rare)) in best.iter_mut().zip([
            (0, 0, even[0] + even[1]),
            (1, 0, even[0] + odd[1]),
            (1, 1, odd[0] + even[1]),
        ]) {
            let rare = rare as u64;
            if slot.is_none_or(|(fewest, _)| rare < fewest) {
                *slot = Some((
                    rare,
                    Sparseness {
                        mask: mask as u32,
                        domain,
                        offset,
                    },
                ));
            }
        }
    }
    best
}

/// A scanned pair (two contiguous cells XORed, compared or marked a vector
/// at a time) costs about this fraction of a pair of the rare pass (a
/// scattered read and a scattered store).
const SCAN_PAIR_COST: f64 = 0.25;

/// The estimated work of the next heap under a split, in rare-pass pairs,
/// from what the heaps so far say (see [`MaskCost::estimate`]).
struct MaskCost {
    /// The split totals and largest smaller parts of the next heap `n` and
    /// of `n + 1` (both heap parities), totals ascending.
    splits: [Vec<(u32, u32)>; 2],
    /// The next heap.
    next: u32,
}

impl MaskCost {
    /// The split classes of `heap` (counted, not listed: for the budget).
    fn split_classes(game: &TakeAndBreak, heap: u64) -> u64 {
        let mut classes = 0;
        game.for_each_move_class(heap, |class| {
            classes += u64::from(matches!(class, MoveClass::Split { .. }));
        });
        classes
    }

    /// The splits of the solver's next two heaps.
    fn new(solver: &SparseGrundy) -> Self {
        let next = solver.store.len() as u32;
        let splits = [0, 1].map(|ahead| {
            let mut splits = Vec::new();
            solver
                .game
                .for_each_move_class(u64::from(next) + ahead, |class| {
                    if let MoveClass::Split { total, .. } = class {
                        let last = class.largest_smaller_part() as u32;
                        if last >= 1 {
                            splits.push((total as u32, last));
                        }
                    }
                });
            splits.sort_unstable();
            splits
        });
        Self { splits, next }
    }

    /// The estimated work of the next heap under `sparseness`, which makes
    /// `rare` positions rare, in pairs of the rare pass: those pairs
    /// ([`Self::rare_pairs`]) and the pairs of the whole scans
    /// ([`Self::whole_scans`]) at [`SCAN_PAIR_COST`]. Without splits the
    /// mask changes no work, and the fewest rare positions stay the measure.
    fn estimate(&self, solver: &SparseGrundy, sparseness: Sparseness, rare: u64) -> f64 {
        if self.splits.iter().all(Vec::is_empty) {
            return rare as f64;
        }
        self.rare_pairs(solver, sparseness, rare) as f64
            + SCAN_PAIR_COST * self.whole_scans(solver, sparseness)
    }

    /// The pairs of the next heap's rare pass: every rare `a` with each split
    /// whose total exceeds it. When splits take a few tokens that is every
    /// split for all but the last few positions (the rare count times the
    /// splits); with splits of every size, as in `0.(4)`, an early rare
    /// position costs more than a late one, so a mask that makes the early
    /// heaps rare can cost more with fewer rare positions. Only the positions
    /// from the smallest total on are read.
    fn rare_pairs(&self, solver: &SparseGrundy, sparseness: Sparseness, rare: u64) -> u64 {
        let totals = &self.splits[0];
        let mut pairs = totals.len() as u64 * rare;
        if let Some(&(smallest, _)) = totals.first() {
            let mut reached = 0;
            for a in smallest..self.next {
                while reached < totals.len() && totals[reached].0 <= a {
                    reached += 1;
                }
                let value = solver.store.get(a as usize).unwrap_or(0);
                if sparseness.is_rare(a, value) {
                    // The splits with totals up to `a` do not pair it.
                    pairs -= reached as u64;
                }
            }
        }
        pairs
    }

    /// The expected pairs of whole scans a heap costs: a heap whose value has
    /// the parity that the common pairs of a split give is known only once
    /// all of that split's pairs are scanned (with the plain variant the rare
    /// heaps; with the domain variant, for a split of the other parity, the
    /// common ones), weighed by how often the heaps of that parity so far
    /// had values of each parity under the mask. The next two heaps stand
    /// for both heap parities.
    fn whole_scans(&self, solver: &SparseGrundy, sparseness: Sparseness) -> f64 {
        // heaps[p][q]: heaps of parity p whose value has mask parity q.
        let mut heaps = [[0u64; 2]; 2];
        for (value, by_parity) in solver.counts.iter().enumerate() {
            let q = sparseness.value_parity(value as u32) as usize;
            for (p, &count) in by_parity.iter().enumerate() {
                heaps[p][q] += count;
            }
        }
        let mut scanned = 0.0;
        for (ahead, splits) in self.splits.iter().enumerate() {
            let p = (self.next as usize + ahead) & 1;
            let all = (heaps[p][0] + heaps[p][1]).max(1) as f64;
            for (q, &count) in heaps[p].iter().enumerate() {
                let whole: u64 = splits
                    .iter()
                    .filter(|&&(total, _)| sparseness.common_pair_parity(total) as usize == q)
                    .map(|&(_, last)| u64::from(last))
                    .sum();
                scanned += count as f64 / all * whole as f64 / 2.0;
            }
        }
        scanned
    }
}

/// Pairs of a split compared per step of a byte scan: a multiple of the
/// vector width, large enough to amortise the per-chunk checks.
const CHUNK: usize = 128;

/// At most this many missing candidates are looked for by comparison; with
/// more, marking every value met is cheaper.
const MAX_TARGETS: usize = 16;

/// The dense kernel: marks `G(a) ^ G(total - a)` for every `a` in
/// `1..=last` of every split (the single-heap options are marked already)
/// and returns the mex. `S` as in [`view`]: `seen.len()` when a constant.
///
/// The smaller parts ascend while the larger ones descend: each chunk of
/// larger parts is read backwards from a contiguous slice (a vector load
/// and a lane reversal, no reversed copy of the values to keep), XORed into
/// a small buffer in one vectorised pass, and then marked; the marking, one
/// byte store a pair, is what the kernel's speed comes down to.
fn dense_mex<T: Cell, const S: usize>(values: &[T], seen: &mut [u8], splits: &[SplitScan]) -> u32 {
    let seen = view::<S>(seen);
    let mut xor = [T::default(); DENSE_CHUNK];
    for split in splits {
        let (last, total) = (split.last as usize, split.total as usize);
        // `small[i] = G(1 + i)`, `large[last - 1 - i] = G(total - 1 - i)`.
        let small = &values[1..=last];
        let large = &values[total - last..total];
        let mut smalls = small.chunks_exact(DENSE_CHUNK);
        let mut larges = large.rchunks_exact(DENSE_CHUNK);
        for (xs, ys) in (&mut smalls).zip(&mut larges) {
            for ((out, &x), &y) in xor.iter_mut().zip(xs).zip(ys.iter().rev()) {
                *out = x ^ y;
            }
            for &value in &xor {
                seen[slot::<S>(value.into())] = 1;
            }
        }
        for (&x, &y) in smalls
            .remainder()
            .iter()
            .zip(larges.remainder().iter().rev())
        {
            seen[slot::<S>((x ^ y).into())] = 1;
        }
    }
    // Every option value is below `seen.len()`: an unmarked entry, or the
    // length itself, is the mex.
    seen.iter()
        .position(|&mark| mark == 0)
        .unwrap_or(seen.len()) as u32
}

/// What the per-heap part of the compact path needs besides the tables.
struct HeapPass<'a> {
    rare: &'a [u32],
    sparseness: Sparseness,
    unequal: bool,
    /// Work of the mex searches beyond the scanned pairs' share
    /// ([`SCANNED_PAIRS_PER_STEP`]), in quarter steps: a split looked at
    /// costs a step, a pair whose value is marked a quarter more (a
    /// scattered store where a compared pair is a vector lane). A code with
    /// thousands of splits and large values (`4.(7)`) spends most of its
    /// time there.
    visits: std::cell::Cell<u64>,
}

impl HeapPass<'_> {
    /// `G(n)` on the general path (no reversed copy: the values are read in
    /// their cells, whatever their width), once `collect_moves(n)` has run:
    /// the rare pass, then the mex, marking the common pairs of each split
    /// lazily until a candidate is met.
    fn general<T: Value>(&self, values: &[T], seen: &mut [u8], splits: &mut [SplitScan]) -> u32 {
        let rare = self.rare;
        for split in splits.iter() {
            let total = split.total;
            let below = rare.partition_point(|&a| a < total);
            let rare = &rare[..below];
            // Grundy's game forbids the equal split total/2 + total/2: leave it out.
            let (head, tail) = if self.unequal && total % 2 == 0 {
                let middle = rare.partition_point(|&a| a < total / 2);
                let skip = usize::from(rare.get(middle) == Some(&(total / 2)));
                (&rare[..middle], &rare[middle + skip..])
            } else {
                (rare, &rare[..0])
            };
            let values = &values[..total as usize];
            for part in [head, tail] {
                for &a in part {
                    let v: u32 = (values[a as usize] ^ values[(total - a) as usize]).into();
                    seen[v as usize] = 1;
                }
            }
        }
        let mut candidate: u32 = 0;
        loop {
            // Every option value is below seen.len(), so a candidate there is missing.
            if candidate as usize >= seen.len() {
                return candidate;
            }
            if seen[candidate as usize] != 0 {
                candidate += 1;
                continue;
            }
            let parity = self.sparseness.value_parity(candidate);
            self.visits.set(self.visits.get() + 4 * splits.len() as u64);
            for split in splits.iter_mut().filter(|s| s.hard_parity == parity) {
                let (start, last) = (split.cursor as usize, split.last as usize);
                if start <= last {
                    let total = split.total as usize;
                    // Smaller parts ascend while larger parts descend.
                    let small = &values[start..=last];
                    let large = &values[total - last..=total - start];
                    // Chunks of pairs between checks keep the loop branch-light;
                    // marking a few pairs past the candidate is harmless.
                    const CHUNK: usize = 16;
                    let mut steps = 0;
                    for (xs, ys) in small.chunks(CHUNK).zip(large.rchunks(CHUNK)) {
                        for (&x, &y) in xs.iter().zip(ys.iter().rev()) {
                            let v: u32 = (x ^ y).into();
                            seen[v as usize] = 1;
                        }
                        steps += xs.len() as u32;
                        if seen[candidate as usize] != 0 {
                            break;
                        }
                    }
                    split.cursor += steps;
                    self.visits.set(self.visits.get() + u64::from(steps));
                }
                if seen[candidate as usize] != 0 {
                    break;
                }
            }
            if seen[candidate as usize] == 0 {
                return candidate;
            }
            candidate += 1;
        }
    }

    /// `G(n)` once `collect_moves(n)` has run: the rare pass, then the mex;
    /// in a block, `(plan, marks, n, answer)`, the second phase alone (see
    /// [`BlockPlan`]).
    fn solve<T: Cell, const S: usize>(
        &self,
        tables: &Tables<T>,
        seen: &mut [u8],
        splits: &mut [SplitScan],
        block: Option<(&BlockPlan, &[u8], u32, Option<u32>)>,
    ) -> u32 {
        let seen = view::<S>(seen);
        match block {
            Some((plan, marks, n, answer)) => {
                for (slot, &mark) in seen.iter_mut().zip(marks) {
                    *slot |= mark;
                }
                mark_pairs_inside_block::<T, S>(seen, tables, self.rare, splits, plan, n);
                // Every option value is below `seen.len()`.
                if let Some(mex) = answer {
                    if seen.get(mex as usize).is_none_or(|&mark| mark == 0) {
                        return mex;
                    }
                }
            }
            None => mark_rare_pairs::<T, S>(seen, tables, self.rare, splits, self.unequal),
        }
        let mut visits = 0;
        let mex = compact_mex(seen, tables, splits, self.sparseness, &mut visits);
        self.visits.set(self.visits.get() + visits);
        mex
    }
}

/// The rare pass of the compact path: marks `G(a) ^ G(total - a)` for every
/// rare `a` of every split (all values of the parity common pairs cannot give).
fn mark_rare_pairs<T: Cell, const S: usize>(
    seen: &mut [u8],
    tables: &Tables<T>,
    rare: &[u32],
    splits: &[SplitScan],
    unequal: bool,
) {
    for split in splits {
        let total = split.total;
        let below = rare.partition_point(|&a| a < total);
        // Grundy's game forbids the equal split total/2 + total/2: leave it out.
        let (head, tail) = if unequal && total % 2 == 0 {
            let middle = rare[..below].partition_point(|&a| a < total / 2);
            let skip = usize::from(rare.get(middle) == Some(&(total / 2)));
            (0..middle, middle + skip..below)
        } else {
            (0..below, below..below)
        };
        let values = &tables.values[..total as usize];
        for range in [head, tail] {
            for (&a, &value) in rare[range.clone()].iter().zip(&tables.rare_values[range]) {
                seen[slot::<S>((value ^ values[(total - a) as usize]).into())] = 1;
            }
        }
    }
}

/// What the first phase of a block reads (see [`BlockPlan`]); `T` is the
/// value tables once known.
#[derive(Clone, Copy)]
struct Rows<'a, T> {
    tables: T,
    rare: &'a [u32],
    plan: &'a BlockPlan,
    game: &'a TakeAndBreak,
}

impl<'a> Rows<'a, ()> {
    fn with<T>(self, tables: &'a Tables<T>) -> Rows<'a, &'a Tables<T>> {
        Rows {
            tables,
            rare: self.rare,
            plan: self.plan,
            game: self.game,
        }
    }
}

impl<T: Cell + Sync> Rows<'_, &Tables<T>> {
    /// The first phase for the heaps `plan.start + rows`.
    fn solve_rows<const S: usize>(
        self,
        marks: &mut [u8],
        answers: &mut [Option<u32>],
        rows: std::ops::Range<u32>,
        span: usize,
    ) {
        let (tables, rare, plan) = (self.tables, self.rare, self.plan);
        // With a constant `S` the chunks' length is known: no bounds checks.
        let stride = if S == 0 { span } else { S };
        for &offset in &plan.offsets {
            let base = plan.start - offset;
            let window = plan.window(base);
            // Rare parts with both parts before the block (for `a < len`,
            // only the heaps `j < a + offset`), for all rows at once.
            for parts in [1..window.start, window.end..base] {
                let from = rare.partition_point(|&a| a < parts.start);
                let to = rare.partition_point(|&a| a < parts.end);
                for (&a, &value) in rare[from..to].iter().zip(&tables.rare_values[from..to]) {
                    let end = rows.end.min(a.saturating_add(offset));
                    if end <= rows.start {
                        continue;
                    }
                    let first = (base - a) as usize;
                    let larger = &tables.values[first + rows.start as usize..first + end as usize];
                    for (mark, &large) in marks.chunks_exact_mut(stride).zip(larger) {
                        mark[slot::<S>((value ^ large).into())] = 1;
                    }
                }
            }
            // Rare parts near `total / 2`, where Grundy's game forbids one pair.
            let from = rare.partition_point(|&a| a < window.start);
            let to = rare.partition_point(|&a| a < window.end);
            for (mark, j) in marks.chunks_exact_mut(stride).zip(rows.clone()) {
                let total = base + j;
                for (&a, &value) in rare[from..to].iter().zip(&tables.rare_values[from..to]) {
                    if a < total && u64::from(a) * 2 != u64::from(total) {
                        let large = tables.values[(total - a) as usize];
                        mark[slot::<S>((value ^ large).into())] = 1;
                    }
                }
            }
        }
        let mut splits = Vec::with_capacity(plan.offsets.len());
        for ((mark, answer), j) in marks
            .chunks_exact_mut(stride)
            .zip(answers.iter_mut())
            .zip(rows)
        {
            let n = plan.start + j;
            self.mark_single_heap_options(mark, n);
            splits.clear();
            let mut horizon_cut = false;
            for &offset in &plan.offsets {
                let total = n - offset;
                let (cursor, last) = (plan.first_outside(total), plan.last(total));
                let scanned = last.min(cursor.saturating_add(plan.horizon));
                horizon_cut |= scanned < last;
                splits.push(SplitScan {
                    total,
                    last: scanned,
                    cursor,
                    hard_parity: plan.sparseness.common_pair_parity(total),
                });
            }
            // Charged as the block's heaps (see `extend_with_pool`).
            let mut visits = 0;
            let mex = compact_mex(
                view::<S>(mark),
                tables,
                &mut splits,
                plan.sparseness,
                &mut visits,
            );
            // A scan stopped at the horizon proves nothing missing.
            let stopped = horizon_cut && splits.iter().any(|s| s.cursor > s.last);
            *answer = (!stopped).then_some(mex);
        }
    }

    /// Marks the values of heap `n`'s single-heap options that lie before
    /// the block (the rest are marked by the second phase).
    fn mark_single_heap_options(self, mark: &mut [u8], n: u32) {
        let start = self.plan.start;
        let values = &self.tables.values;
        self.game
            .for_each_move_class(u64::from(n), |class| match class {
                MoveClass::TakeAll => mark[0] = 1,
                MoveClass::LeaveOne(left) if left < u64::from(start) => {
                    let value: u32 = values[left as usize].into();
                    mark[value as usize] = 1;
                }
                _ => {}
            });
    }
}

/// The second phase's marks for heap `n` of a block (see [`BlockPlan`]):
/// every pair with its larger part inside the block, and the rare parts
/// `a >= base`.
fn mark_pairs_inside_block<T: Cell, const S: usize>(
    seen: &mut [u8],
    tables: &Tables<T>,
    rare: &[u32],
    splits: &[SplitScan],
    plan: &BlockPlan,
    n: u32,
) {
    for split in splits {
        let total = split.total;
        let values = &tables.values[..total as usize];
        let inside = plan.first_outside(total).min(split.last.saturating_add(1));
        for a in 1..inside {
            let (x, y) = (values[a as usize], values[(total - a) as usize]);
            seen[slot::<S>((x ^ y).into())] = 1;
        }
        let base = plan.start - (n - total);
        let from = rare.partition_point(|&a| a < base);
        let to = rare.partition_point(|&a| a < total);
        for (&a, &value) in rare[from..to].iter().zip(&tables.rare_values[from..to]) {
            // Grundy's game forbids the equal split total/2 + total/2.
            if !(plan.unequal && u64::from(a) * 2 == u64::from(total)) {
                seen[slot::<S>((value ^ values[(total - a) as usize]).into())] = 1;
            }
        }
    }
}

/// The mex once the rare pass is in `seen` (every option value is below
/// `seen.len()`). Unmarked values of a parity that no split's common pairs
/// can give are missing; the smallest one bounds the mex. The unmarked values
/// below it are looked for in the common pairs: while there are many, by
/// marking every value met until the smallest is found; once few are left, by
/// comparing the pairs with just those.
/// `visits` counts the splits looked at and the pairs marked, in quarter
/// steps (see [`HeapPass`]).
fn compact_mex<T: Cell>(
    seen: &mut [u8],
    tables: &Tables<T>,
    splits: &mut [SplitScan],
    sparseness: Sparseness,
    visits: &mut u64,
) -> u32 {
    let scannable = [0, 1].map(|parity| splits.iter().any(|s| s.hard_parity == parity));
    let span = seen.len() as u32;
    // Every value below `first` is marked.
    let mut first = 0;
    loop {
        let mut pending = Targets::default();
        let mut bound = span;
        let mut many = false;
        for candidate in first..span {
            if seen[candidate as usize] != 0 {
                continue;
            }
            // A candidate too large for a cell cannot be an option value.
            let Ok(cell) = T::try_from(candidate) else {
                bound = candidate;
                break;
            };
            if !scannable[sparseness.value_parity(candidate) as usize] {
                bound = candidate;
                break;
            }
            if pending.len == MAX_TARGETS {
                many = true;
                break;
            }
            pending.push(cell, candidate);
        }
        if !many {
            return compare_mex(&pending, bound, tables, splits, sparseness, visits);
        }
        // Every smaller value is marked: the smallest pending one decides now.
        let (smallest, index) = (pending.values[0], pending.indices[0]);
        let parity = sparseness.value_parity(index);
        *visits += 4 * splits.len() as u64;
        for split in splits.iter_mut().filter(|s| s.hard_parity == parity) {
            if seen[index as usize] != 0 {
                break;
            }
            let from = split.cursor;
            mark_until(split, tables, seen, smallest);
            *visits += u64::from(split.cursor - from);
        }
        if seen[index as usize] == 0 {
            return index;
        }
        first = index + 1;
    }
}

/// The mex when the only candidates below `bound` are `pending` (ascending),
/// none of them met in the pairs before the splits' cursors.
fn compare_mex<T: Cell>(
    pending: &Targets<T>,
    bound: u32,
    tables: &Tables<T>,
    splits: &mut [SplitScan],
    sparseness: Sparseness,
    visits: &mut u64,
) -> u32 {
    let mut targets = [Targets::default(), Targets::default()];
    for (&cell, &candidate) in pending.as_slice().iter().zip(&pending.indices) {
        targets[sparseness.value_parity(candidate) as usize].push(cell, candidate);
    }
    for (&cell, &candidate) in pending.as_slice().iter().zip(&pending.indices) {
        let parity = sparseness.value_parity(candidate);
        let targets = &mut targets[parity as usize];
        *visits += 4 * splits.len() as u64;
        for split in splits.iter_mut().filter(|s| s.hard_parity == parity) {
            if !targets.contains(cell) {
                break;
            }
            scan_for_targets(split, tables, targets, cell);
        }
        if targets.contains(cell) {
            return candidate;
        }
    }
    bound
}

/// Missing candidates of one parity, looked for together: as cells, and (in
/// the same order until one is removed) as values.
#[derive(Debug, Clone, Copy, Default)]
struct Targets<T> {
    values: [T; MAX_TARGETS],
    indices: [u32; MAX_TARGETS],
    len: usize,
}

impl<T: Cell> Targets<T> {
    fn push(&mut self, value: T, index: u32) {
        self.values[self.len] = value;
        self.indices[self.len] = index;
        self.len += 1;
    }
    fn as_slice(&self) -> &[T] {
        &self.values[..self.len]
    }
    fn contains(&self, value: T) -> bool {
        self.as_slice().contains(&value)
    }
    /// Drops every target among `found` (branch-free per pair: one vector
    /// comparison per target and chunk).
    fn remove_found(&mut self, found: &[T]) {
        let mut index = 0;
        while index < self.len {
            let target = self.values[index];
            let hit = found
                .iter()
                .fold(0u8, |any, &v| any | u8::from(v == target));
            if hit != 0 {
                self.len -= 1;
                self.values[index] = self.values[self.len];
                self.indices[index] = self.indices[self.len];
            } else {
                index += 1;
            }
        }
    }
}

/// Scans `split` on from its cursor, chunk by chunk, dropping every target
/// met, until `goal` is met or the split is exhausted. Pairs before the cursor
/// have been compared with every target still present.
fn scan_for_targets<T: Cell>(
    split: &mut SplitScan,
    tables: &Tables<T>,
    targets: &mut Targets<T>,
    goal: T,
) {
    scan_pairs(split, tables, |xor| {
        targets.remove_found(xor);
        !targets.contains(goal)
    });
}

/// Scans `split` on from its cursor, marking every value met, until `goal` is
/// marked or the split is exhausted.
fn mark_until<T: Cell>(split: &mut SplitScan, tables: &Tables<T>, seen: &mut [u8], goal: T) {
    scan_pairs(split, tables, |xor| {
        for &value in xor {
            seen[Into::<usize>::into(value)] = 1;
        }
        seen[Into::<usize>::into(goal)] != 0
    });
}

/// The pair scan both searches share: from the cursor on, the values
/// `G(a) ^ G(total - a)` of `CHUNK` pairs at a time (two contiguous slices,
/// so the XOR vectorises) are handed to `visit`, which returns true to
/// stop. The cursor advances past every pair handed over.
fn scan_pairs<T: Cell>(
    split: &mut SplitScan,
    tables: &Tables<T>,
    mut visit: impl FnMut(&[T]) -> bool,
) {
    let (start, last) = (split.cursor as usize, split.last as usize);
    if start > last {
        return;
    }
    let total = split.total as usize;
    let small = &tables.values[start..=last];
    // `large[i] = G(total - start - i)`: descending, read from its end.
    let large = &tables.values[total - last..=total - start];
    let mut smalls = small.chunks_exact(CHUNK);
    let mut larges = large.rchunks_exact(CHUNK);
    let mut xor = [T::default(); CHUNK];
    for (xs, ys) in (&mut smalls).zip(&mut larges) {
        for ((out, &x), &y) in xor.iter_mut().zip(xs).zip(ys.iter().rev()) {
            *out = x ^ y;
        }
        split.cursor += CHUNK as u32;
        if visit(&xor) {
            return;
        }
    }
    let (xs, ys) = (smalls.remainder(), larges.remainder());
    for ((out, &x), &y) in xor.iter_mut().zip(xs).zip(ys.iter().rev()) {
        *out = x ^ y;
    }
    split.cursor += xs.len() as u32;
    visit(&xor[..xs.len()]);
}

/// The choices of a [`SparseGrundy`] that its values alone do not fix: the
/// rare/common split in force and when it is next reconsidered, and the work
/// done. With the values, they are everything a run needs to go on exactly
/// as it would have (see [`SparseGrundy::resume`]); a checkpoint stores them.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
/// let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
/// solver.extend_to(1000, stonegame::Budget::default())?;
/// let state = solver.state();
/// assert_eq!(state.mask, solver.mask());
/// assert_eq!(state.work, solver.work());
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverState {
    /// The rare/common mask ([`SparseGrundy::mask`]).
    pub mask: u32,
    /// 1 when the rare parity of a value depends on its heap's parity, else 0.
    pub domain: u32,
    /// 1 when that dependence is shifted by one heap, else 0.
    pub offset: u32,
    /// The heap at which the split is next reconsidered (a power of two, at least 64).
    pub next_reselect: u64,
    /// How many rare positions there were at the last choice of the split.
    pub rare_at_reselect: u64,
    /// The power of two above every value at the last choice of the split.
    pub width_at_reselect: u64,
    /// Work done so far ([`SparseGrundy::work`]).
    pub work: u64,
}

impl SparseGrundy {
    /// The choices that, with the values, determine how the run goes on.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// let solver = SparseGrundy::new(TakeAndBreak::kayles());
    /// assert_eq!(solver.state().work, 0);
    /// ```
    pub fn state(&self) -> SolverState {
        SolverState {
            mask: self.sparseness.mask,
            domain: self.sparseness.domain,
            offset: self.sparseness.offset,
            next_reselect: self.next_reselect,
            rare_at_reselect: self.rare_at_reselect as u64,
            width_at_reselect: self.width_at_reselect as u64,
            work: self.work,
        }
    }

    /// Reserves the cells of `G(0..=upto)` now (within `budget` and what the
    /// system grants), so a computation that extends the values in chunks
    /// is refused before its first chunk, as one [`Self::extend_to`] is.
    ///
    /// # Errors
    /// As [`Self::extend_to`] before any work: [`Error::SizeLimitExceeded`],
    /// [`Error::MemoryBudgetExceeded`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// use stonegame::Budget;
    /// let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
    /// assert!(solver.reserve(1 << 30, Budget::from_mebibytes(1)).is_err());
    /// solver.reserve(1000, Budget::default())?;
    /// assert!(solver.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn reserve(&mut self, upto: u64, budget: Budget) -> Result<()> {
        let len = check_length(upto)?;
        if len > self.store.len() {
            self.store.reserve(len, self.others_bytes(), budget)?;
        }
        Ok(())
    }

    /// The solver a fresh run computing `values` (`G(0..values.len())`)
    /// on `threads` threads in chunks of `chunk` heaps (as
    /// [`super::SequenceRun`]) would end with: the same rare/common split,
    /// rare positions and value counts, each choice of the split taken at the
    /// same heap, without computing a value (they are read from `values`,
    /// which are trusted). A run that went further chose its split from
    /// more values; this gives the figures of a run that stopped here.
    ///
    /// # Errors
    /// As [`Self::extend_to`] for as many values (memory budget).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// use stonegame::Budget;
    /// let game = TakeAndBreak::grundys_game();
    /// let mut long = SparseGrundy::new(game.clone());
    /// long.extend_to(9000, Budget::default())?;
    /// let mut short = SparseGrundy::new(game.clone());
    /// short.extend_to(3999, Budget::default())?;
    /// let first: Vec<u32> = long.values().take(4000).collect();
    /// let replayed = SparseGrundy::replay(game, &first, 1, 1 << 14, Budget::default())?;
    /// assert_eq!(replayed.rare_positions(), short.rare_positions());
    /// assert_eq!(replayed.mask(), short.mask());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn replay(
        game: TakeAndBreak,
        values: &[u32],
        threads: usize,
        chunk: u64,
        budget: Budget,
    ) -> Result<Self> {
        let mut solver = Self::new(game).with_threads(threads);
        let chunk = chunk.max(1);
        let total = values.len() as u64;
        while (solver.store.len() as u64) < total {
            let next = ((solver.store.len() as u64 / chunk + 1) * chunk).min(total);
            let len = check_length(next - 1)?;
            solver.budget = budget;
            solver.store.reserve(len, solver.others_bytes(), budget)?;
            let pool = pool::Pool::new(solver.game.clone(), 1, solver.block_len);
            solver.extend_with_pool(len, next - 1, u64::MAX, &pool, Some(values), None)?;
        }
        Ok(solver)
    }

    /// A solver that goes on from stored values `G(0..len)` of `game` and the
    /// [`SolverState`] it had then: the rare positions and the value counts
    /// are recomputed from the values under the stored split, so extending
    /// it gives exactly the values, rare positions, mask and work of the
    /// solver that was stored (values are exact under any split; the stored
    /// split keeps the rest identical too). The values are trusted: check
    /// them (a checksum) before.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a state no solver can have;
    /// [`Error::SizeLimitExceeded`] / [`Error::MemoryBudgetExceeded`] as
    /// [`Self::extend_to`] for as many values.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// use stonegame::Budget;
    /// let game = TakeAndBreak::grundys_game();
    /// let mut whole = SparseGrundy::new(game.clone());
    /// whole.extend_to(5000, Budget::default())?;
    /// let mut first = SparseGrundy::new(game.clone());
    /// first.extend_to(2000, Budget::default())?;
    /// let stored: Vec<u32> = first.values().collect();
    /// let mut resumed = SparseGrundy::resume(game, stored, first.state(), Budget::default())?;
    /// resumed.extend_to(5000, Budget::default())?;
    /// assert!(resumed.values().eq(whole.values()));
    /// assert_eq!(resumed.rare_positions(), whole.rare_positions());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn resume<I>(
        game: TakeAndBreak,
        values: I,
        state: SolverState,
        budget: Budget,
    ) -> Result<Self>
    where
        I: IntoIterator<Item = u32>,
        I::IntoIter: ExactSizeIterator,
    {
        let values = values.into_iter();
        let len = values.len();
        let invalid = |reason: String| Error::InvalidParameter {
            name: "solver state",
            reason,
        };
        if state.domain > 1 || state.offset > 1 || (state.domain == 0 && state.offset == 1) {
            return Err(invalid(format!(
                "domain {} and offset {} (each 0 or 1, offset 1 only with domain 1)",
                state.domain, state.offset
            )));
        }
        if state.next_reselect < 64 || !state.next_reselect.is_power_of_two() {
            return Err(invalid(format!(
                "next choice of the split at heap {} (a power of two, at least 64)",
                state.next_reselect
            )));
        }
        if !state.width_at_reselect.is_power_of_two() || state.width_at_reselect > 1 << 32 {
            return Err(invalid(format!(
                "value width {} at the last choice (a power of two up to 2^32)",
                state.width_at_reselect
            )));
        }
        if state.rare_at_reselect > len as u64 {
            return Err(invalid(format!(
                "{} rare positions at the last choice, more than the {len} values",
                state.rare_at_reselect
            )));
        }
        let mut solver = Self::new(game);
        if len == 0 {
            return Ok(solver);
        }
        check_length(len as u64 - 1)?;
        solver.budget = budget;
        solver.store.reserve(len, 0, budget)?;
        solver.sparseness = Sparseness {
            mask: state.mask,
            domain: state.domain,
            offset: state.offset,
        };
        for (n, value) in values.enumerate() {
            if value as usize >= solver.values_below {
                // A mark per value up to the next power of two (the counts
                // are kept modulo 2^16 and checked as they grow).
                let marks = (u128::from(value) + 1).next_power_of_two();
                budget.check_elements::<u8>(marks, "Grundy value marks")?;
            }
            solver.record(n as u32, value)?;
        }
        solver.next_reselect = state.next_reselect;
        solver.rare_at_reselect = state.rare_at_reselect as usize;
        solver.width_at_reselect = state.width_at_reselect as usize;
        solver.work = state.work;
        Ok(solver)
    }
}

/// A chunk's refusal names the heap asked, not the chunk's end: the
/// question is what the user reads the message against.
pub(crate) fn naming_the_goal(error: Error, chunk_end: u64, upto: u64) -> Error {
    match error {
        Error::WorkLimitExceeded { what, steps } => Error::WorkLimitExceeded {
            what: what.replace(
                &format!("up to heap {chunk_end} "),
                &format!("up to heap {upto} "),
            ),
            steps,
        },
        other => other,
    }
}

mod pool;

#[cfg(test)]
mod tests;
