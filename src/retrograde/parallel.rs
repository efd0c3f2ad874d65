//! Backward induction on every core (feature `parallel`).
//!
//! The same level-by-level induction as the single-core solver, with each
//! level's frontier split among rayon's threads. One parallel pass per
//! level handles both the level's lost positions ("label this unlabelled
//! predecessor a win at `r + 1`", a compare-and-swap that one thread wins)
//! and its won ones ("one more move of this predecessor leads to a win", a
//! compare-and-swap decrement; the one that takes the last move labels the
//! position lost). The two kinds never meet on one position: a position
//! whose every move leads to a won position has no move to a lost one, and a
//! compare-and-swap sees a label another thread has just written. Levels are
//! separated by joins, so every label is the single-core one; only the order
//! inside a frontier varies. Each task pushes the positions it labels into
//! its own buffers, joined once per level.
//!
//! When the budget has room (the predecessor lists' scratch, freed by then),
//! a level's pass is *routed* instead: the frontier's tasks only sort the
//! predecessors they read by range of positions, then one task per range
//! applies its updates with plain stores. Compare-and-swaps are locked
//! instructions that keep a thread's cache misses from overlapping; routed,
//! they overlap again (at 10^8 positions 5.3 s instead of 6.8 to 7.4 s for
//! the induction; the [retrograde guide](crate::guide::retrograde) has the figures).
//!
//! The predecessor lists are built here too ([`reversed`]): moves are first
//! sorted into buckets by range of targets, then each range is filled by
//! one task, so no two threads write the same memory and no atomics are
//! needed.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use crate::budget::{filled_vec, vec_with_capacity};
use crate::control::Watch;
use crate::{Budget, Convention, Error, Outcome, Result};

use super::graph::{Graph, REVERSE_POLL_MOVES};
use super::induction::{LOSE, Labels, TIE, UNKNOWN, WIN};
use super::work::{STEPS_PER_TABLE_ENTRY, WorkMeter, charge_graph};

/// Frontier positions handed to one task: big enough to amortise the task,
/// small enough to balance the load.
const CHUNK: usize = 2048;

/// Labels every position of `graph`; `reverse` holds its predecessor lists.
pub(crate) fn induce(
    graph: &Graph,
    reverse: &Graph,
    code: Vec<u8>,
    convention: Convention,
    routed: bool,
    meter: &WorkMeter,
) -> Result<Labels> {
    let n = graph.num_positions();
    // The tables' set-up reads every degree, as the single-core
    // induction's does.
    charge_graph(graph, meter)?;
    let watches = Watches::new(meter);
    let owners = routed.then(|| Owners::new(n));
    let base = (n as u32).saturating_sub(1);
    let max_degree = (0..n).into_par_iter().map(|u| graph.degree(u)).max();
    if let Some(degree) = max_degree {
        base.checked_add(degree).ok_or(Error::SizeLimitExceeded {
            what: "number of positions plus moves from one position (u32 counters)",
            value: n as u128 + u128::from(degree),
            limit: u128::from(u32::MAX) + 1,
        })?;
    }
    let no_move_code = match convention.terminal_outcome() {
        Outcome::First => WIN,
        _ => LOSE,
    };
    // The caller has charged these tables to the budget; reserving them
    // first keeps a refusal of the allocator an error (an indexed
    // `par_extend` into room already reserved does not allocate).
    let mut atomic_code: Vec<AtomicU8> = vec_with_capacity(n, TABLES, Budget::unlimited())?;
    atomic_code.par_extend(code.into_par_iter().enumerate().map(|(u, c)| {
        match (c, graph.degree(u)) {
            (UNKNOWN, 0) => AtomicU8::new(no_move_code),
            (c, _) => AtomicU8::new(c),
        }
    }));
    let code = atomic_code;
    // An unlabelled position's word counts down from `base + degree`; a
    // labelled one holds its remoteness (at most `base`).
    let mut word: Vec<AtomicU32> = vec_with_capacity(n, TABLES, Budget::unlimited())?;
    word.par_extend((0..n).into_par_iter().map(|u| match code[u].load(Relaxed) {
        UNKNOWN => AtomicU32::new(base + graph.degree(u)),
        _ => AtomicU32::new(0),
    }));
    let with_code = |wanted: u8| -> Vec<u32> {
        (0..n as u32)
            .into_par_iter()
            .filter(|&u| code[u as usize].load(Relaxed) == wanted)
            .collect()
    };
    let mut lost = with_code(LOSE);
    let mut won = with_code(WIN);
    let last_move = base + 1;
    let mut remoteness = 0u32;
    while !(lost.is_empty() && won.is_empty()) {
        // The workers look at the control every few million steps; a
        // graph of many small levels (a long line) may take seconds to
        // give them that many, so the level itself looks too.
        meter.stop_if_cancelled()?;
        // Each level is charged before it runs, from this thread, so that
        // every thread stops together and no level is left half done.
        charge_frontier(reverse, &lost, meter)?;
        charge_frontier(reverse, &won, meter)?;
        let next = remoteness + 1;
        // With `owners`, each position is updated by one task only, so a
        // plain store is enough; otherwise threads may meet on a position
        // and every update is a compare-and-swap (a locked instruction,
        // which also keeps the next cache misses from overlapping).
        let exclusive = owners.is_some();
        let found = expand(
            reverse,
            &lost,
            &won,
            owners.as_ref(),
            &watches,
            // A move to a lost position: won at `r + 1`, unless labelled.
            |u, out| {
                let mut w = word[u].load(Relaxed);
                while w > base {
                    if exclusive {
                        word[u].store(next, Relaxed);
                    } else if let Err(now) =
                        word[u].compare_exchange_weak(w, next, Relaxed, Relaxed)
                    {
                        w = now;
                        continue;
                    }
                    code[u].store(WIN, Relaxed);
                    out.won.push(u as u32);
                    return;
                }
            },
            // A move to a won position: one fewer move left; the last one
            // labels the position lost at `r + 1`.
            |u, out| {
                let mut w = word[u].load(Relaxed);
                while w > base {
                    let last = w == last_move;
                    let new = if last { next } else { w - 1 };
                    if exclusive {
                        word[u].store(new, Relaxed);
                    } else if let Err(now) = word[u].compare_exchange_weak(w, new, Relaxed, Relaxed)
                    {
                        w = now;
                        continue;
                    }
                    if last {
                        code[u].store(LOSE, Relaxed);
                        out.lost.push(u as u32);
                    }
                    return;
                }
            },
        );
        watches.refusal(meter)?;
        lost = found.lost;
        won = found.won;
        remoteness = next;
    }
    // Ties: breadth-first from the tied endings through unlabelled positions.
    let mut tied = with_code(TIE);
    let mut level = 0u32;
    while !tied.is_empty() {
        meter.stop_if_cancelled()?;
        charge_frontier(reverse, &tied, meter)?;
        let next = level + 1;
        let tie = |u: usize, out: &mut Found| {
            if code[u]
                .compare_exchange(UNKNOWN, TIE, Relaxed, Relaxed)
                .is_ok()
            {
                word[u].store(next, Relaxed);
                out.lost.push(u as u32);
            }
        };
        tied = expand(reverse, &tied, &[], None, &watches, tie, tie).lost;
        watches.refusal(meter)?;
        level = next;
    }
    let mut plain_code = vec_with_capacity(n, TABLES, Budget::unlimited())?;
    plain_code.par_extend(code.into_par_iter().map(AtomicU8::into_inner));
    let mut plain_word = vec_with_capacity(n, TABLES, Budget::unlimited())?;
    plain_word.par_extend(word.into_par_iter().map(AtomicU32::into_inner));
    Ok(Labels::from_parts(plain_code, plain_word))
}

/// Charges a frontier's positions and their predecessors (one step each),
/// as the single-core induction charges them.
fn charge_frontier(reverse: &Graph, frontier: &[u32], meter: &WorkMeter) -> Result<()> {
    let predecessors: u64 = frontier
        .par_iter()
        .map(|&v| reverse.degree(v as usize) as u64)
        .sum();
    let entries = (frontier.len() as u64).saturating_add(predecessors);
    // The workers show these steps to the control as they do them.
    meter.charge_unreported(entries.saturating_mul(STEPS_PER_TABLE_ENTRY))
}

/// Each worker thread's watch of the solve's control (a cancel is seen
/// after a chunk of a frontier, within milliseconds), and the cancel one saw.
struct Watches {
    /// One watch a thread of the pool, each locked by its own thread only.
    per_thread: Vec<Mutex<Watch>>,
    stopped: AtomicBool,
    cancel: Mutex<Option<Error>>,
}

impl Watches {
    /// No watches at all without a control: the workers skip them.
    fn new(meter: &WorkMeter) -> Self {
        let watch = meter.fork_watch();
        let threads = if watch.is_active() {
            rayon::current_num_threads().max(1)
        } else {
            0
        };
        Self {
            per_thread: (0..threads).map(|_| Mutex::new(watch.fork())).collect(),
            stopped: AtomicBool::new(false),
            cancel: Mutex::new(None),
        }
    }

    /// Whether a worker saw a cancel: the rest of the level is skipped.
    fn stopped(&self) -> bool {
        self.stopped.load(Relaxed)
    }

    /// Whether the control is cancelled, looked at from any thread (one
    /// atomic load, nothing reported): the cancel is kept for
    /// [`Watches::refusal`].
    fn cancel_seen(&self) -> bool {
        if self.stopped() {
            return true;
        }
        let Some(slot) = self.per_thread.first() else {
            return false;
        };
        let watch = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match watch.stop_if_cancelled() {
            Ok(()) => false,
            Err(cancel) => {
                self.stopped.store(true, Relaxed);
                let mut first = self
                    .cancel
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                first.get_or_insert(cancel);
                true
            }
        }
    }

    /// Shows the control `entries` table entries read by this thread.
    fn advance(&self, entries: u64) {
        self.advance_steps(entries.saturating_mul(STEPS_PER_TABLE_ENTRY));
    }

    /// Shows the control `steps` done by this thread (charged beforehand).
    fn advance_steps(&self, steps: u64) {
        if self.per_thread.is_empty() {
            return;
        }
        let Some(slot) = rayon::current_thread_index().and_then(|i| self.per_thread.get(i)) else {
            return;
        };
        let watch = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Err(cancel) = watch.advance(steps) {
            self.stopped.store(true, Relaxed);
            let mut first = self
                .cancel
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            first.get_or_insert(cancel);
        }
    }

    /// The cancel a worker saw (the level it stopped is unfinished).
    fn refusal(&self, meter: &WorkMeter) -> Result<()> {
        if !self.stopped() {
            return Ok(());
        }
        let mut first = self
            .cancel
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match first.take() {
            Some(cancel) => Err(meter.renamed(cancel)),
            None => Ok(()),
        }
    }
}

/// What [`induce`] names when the allocator refuses its tables.
const TABLES: &str = "parallel retrograde labels";

/// The positions a level labels: its thread's own buffers, then all joined.
#[derive(Default)]
struct Found {
    lost: Vec<u32>,
    won: Vec<u32>,
}

impl Found {
    fn join(mut self, mut other: Found) -> Found {
        // Append the shorter to the longer: less copying.
        if self.lost.len() < other.lost.len() {
            std::mem::swap(&mut self.lost, &mut other.lost);
        }
        if self.won.len() < other.won.len() {
            std::mem::swap(&mut self.won, &mut other.won);
        }
        self.lost.append(&mut other.lost);
        self.won.append(&mut other.won);
        self
    }
}

/// Visits the predecessors of both frontiers in one parallel pass, in
/// chunks: `of_lost` for the predecessors of `lost`, `of_won` for those of
/// `won`; both push the positions they label into the task's [`Found`].
///
/// With `owners`, the pass is split in two: the frontier's tasks only route
/// each predecessor to the range of positions it lies in, then one task per
/// range applies the updates, so no position is updated by two threads.
fn expand(
    reverse: &Graph,
    lost: &[u32],
    won: &[u32],
    owners: Option<&Owners>,
    watches: &Watches,
    of_lost: impl Fn(usize, &mut Found) + Sync,
    of_won: impl Fn(usize, &mut Found) + Sync,
) -> Found {
    let tasks = lost
        .par_chunks(CHUNK)
        .map(|chunk| (chunk, true))
        .chain(won.par_chunks(CHUNK).map(|chunk| (chunk, false)));
    let Some(owners) = owners else {
        return tasks
            .fold(Found::default, |mut out, (chunk, from_lost)| {
                if watches.stopped() {
                    return out;
                }
                let read = for_each_predecessor(reverse, chunk, |u| {
                    if from_lost {
                        of_lost(u as usize, &mut out);
                    } else {
                        of_won(u as usize, &mut out);
                    }
                });
                watches.advance(read);
                out
            })
            .reduce(Found::default, Found::join);
    };
    let routed: Vec<Routed> = tasks
        .fold(
            || Routed::new(owners.ranges),
            |mut routed, (chunk, from_lost)| {
                if watches.stopped() {
                    return routed;
                }
                let lists = if from_lost {
                    &mut routed.of_lost
                } else {
                    &mut routed.of_won
                };
                let read = for_each_predecessor(reverse, chunk, |u| {
                    lists[(u >> owners.shift) as usize].push(u);
                });
                watches.advance(read);
                routed
            },
        )
        .collect();
    (0..owners.ranges)
        .into_par_iter()
        .map(|range| {
            let mut out = Found::default();
            if watches.stopped() {
                return out;
            }
            for part in &routed {
                for &u in &part.of_lost[range] {
                    of_lost(u as usize, &mut out);
                }
                for &u in &part.of_won[range] {
                    of_won(u as usize, &mut out);
                }
            }
            out
        })
        .reduce(Found::default, Found::join)
}

/// Calls `visit` on every predecessor of every position of `chunk`;
/// returns the entries read (positions and predecessors, as charged).
fn for_each_predecessor(reverse: &Graph, chunk: &[u32], mut visit: impl FnMut(u32)) -> u64 {
    let mut sink = 0u32;
    let mut read = chunk.len() as u64;
    for (k, &v) in chunk.iter().enumerate() {
        // Touch the list a few places ahead so its cache miss
        // overlaps with this one (as the single-core solver does).
        if let Some(&ahead) = chunk.get(k + LOOKAHEAD) {
            sink ^= reverse.successors(ahead).first().copied().unwrap_or(0);
        }
        let predecessors = reverse.successors(v);
        read += predecessors.len() as u64;
        for &u in predecessors {
            visit(u);
        }
    }
    std::hint::black_box(sink);
    read
}

/// The ranges of positions that [`expand`] gives each to one task: a power
/// of two positions each, several per thread so that the load balances.
struct Owners {
    shift: u32,
    ranges: usize,
}

impl Owners {
    fn new(n: usize) -> Self {
        Self::with_ranges(n, rayon::current_num_threads().max(1) * RANGES_PER_THREAD)
    }

    /// At most `wanted` ranges (at least one) covering positions `0..n`.
    fn with_ranges(n: usize, wanted: usize) -> Self {
        let shift = n
            .div_ceil(wanted.max(1))
            .max(1)
            .next_power_of_two()
            .trailing_zeros();
        Owners {
            shift,
            ranges: n.div_ceil(1 << shift).max(1),
        }
    }
}

/// Ranges of positions per thread in [`Owners`].
const RANGES_PER_THREAD: usize = 8;

/// One task's routed updates: `of_lost[r]` holds the predecessors of lost
/// positions that lie in range `r`, `of_won[r]` those of won positions.
/// Together they hold each move into the frontier once, at most 8 bytes a
/// move of the graph with the vectors' spare capacity: the scratch the
/// predecessor lists needed, which is freed before the induction starts.
struct Routed {
    of_lost: Vec<Vec<u32>>,
    of_won: Vec<Vec<u32>>,
}

impl Routed {
    fn new(ranges: usize) -> Self {
        Routed {
            of_lost: vec![Vec::new(); ranges],
            of_won: vec![Vec::new(); ranges],
        }
    }
}

/// How far ahead [`expand`] touches a frontier position's predecessor list.
const LOOKAHEAD: usize = 8;

/// Scratch bytes per move of [`reversed`]: each move is written once into a
/// bucket as a (target, source) pair of `u32`s.
pub(crate) const REVERSE_SCRATCH_BYTES_PER_MOVE: u128 = 8;

/// The predecessor lists of `graph` (the same tables as [`Graph::reversed`]:
/// each list sorted), built on every core in two passes with no atomics.
/// First each thread reads its own contiguous range of sources and writes
/// every move, as a (target, source) pair, into one bucket per range of
/// targets (exact sizes counted beforehand, so every pair is written once,
/// sequentially per bucket). Then each range of targets is handled by one
/// task: count, prefix sums, place, with all its random accesses inside a
/// range small enough to stay in cache. The caller checks the scratch
/// ([`REVERSE_SCRATCH_BYTES_PER_MOVE`] a move) against the budget; a
/// refusal of the allocator is [`Error::AllocationRefused`].
pub(crate) fn reversed(graph: &Graph, meter: &WorkMeter) -> Result<Graph> {
    let entries = (graph.num_positions() as u64).saturating_add(graph.num_moves() as u64);
    // Charged up front; the workers show it as they go, a chunk at a time.
    meter.charge_unreported(entries.saturating_mul(STEPS_PER_TABLE_ENTRY))?;
    let watches = Watches::new(meter);
    let pieces = rayon::current_num_threads().max(1);
    let reverse = reversed_with(graph, pieces, TARGET_RANGE_SHIFT, &watches)?;
    watches.refusal(meter)?;
    // A stopped build has left its cancel with `watches`: not reached.
    reverse.ok_or_else(|| {
        meter.renamed(Error::Cancelled {
            what: String::new(),
            steps: 0,
        })
    })
}

/// `len` zeros, written a chunk at a time by this thread, which looks at
/// the cancel flag between chunks (at 10^8 moves the scratch's writes and
/// page faults alone take a good part of a second); `None` once cancelled.
fn zeroed<T: Copy>(len: usize, zero: T, watches: &Watches) -> Result<Option<Vec<T>>> {
    const WHAT: &str = "parallel predecessor lists";
    let mut vec = vec_with_capacity(len, WHAT, Budget::unlimited())?;
    while vec.len() < len {
        if watches.cancel_seen() {
            return Ok(None);
        }
        let chunk = (16 * REVERSE_POLL_MOVES).min(len - vec.len());
        vec.resize(vec.len() + chunk, zero);
    }
    Ok(Some(vec))
}

/// Steps a pass of [`reversed_with`] shows for a move: a third of those
/// charged, as each of its three passes reads every move once.
const MOVE_STEPS_A_PASS: u64 = STEPS_PER_TABLE_ENTRY / 3;

/// Steps the filling pass of [`reversed_with`] shows for `moves` moves and
/// `positions` positions.
fn fill_steps(moves: usize, positions: usize) -> u64 {
    (moves as u64 * MOVE_STEPS_A_PASS).saturating_add(positions as u64 * STEPS_PER_TABLE_ENTRY)
}

/// Targets per bucket of [`reversed`]: `2^16` counters (256 KiB) and their
/// part of the lists stay in a core's cache while they are filled.
const TARGET_RANGE_SHIFT: u32 = 16;

/// [`reversed`] with `pieces` ranges of sources (about equal numbers of
/// moves) and buckets of `2^shift` targets; tests vary both. Each pass
/// shows `watches` a third of a move's steps a move, and the filling pass
/// a position's too, every [`REVERSE_POLL_MOVES`] moves: once a worker sees
/// a cancel the others skip the rest of their work, and `None` is
/// returned (the caller asks `watches` for the refusal).
fn reversed_with(
    graph: &Graph,
    pieces: usize,
    shift: u32,
    watches: &Watches,
) -> Result<Option<Graph>> {
    // The caller has checked the budget (lists and scratch); these only
    // turn a refusal of the allocator into an error.
    const WHAT: &str = "parallel predecessor lists";
    let room = Budget::unlimited();
    let (offsets_in, targets) = graph.parts();
    let n = graph.num_positions();
    let m = targets.len();
    let mut offsets = filled_vec(offsets_in.len(), 0u32, WHAT, room)?;
    let Some(mut sources) = zeroed(m, 0u32, watches)? else {
        return Ok(None);
    };
    if n == 0 {
        return Ok(Some(Graph::from_parts(offsets, sources)));
    }
    let shift = shift.min(31);
    let range = 1usize << shift;
    let buckets = n.div_ceil(range);
    let pieces = pieces.clamp(1, n);
    // Piece `p` holds the sources from `starts[p]` (moves split evenly).
    let starts: Vec<usize> = (0..=pieces)
        .map(|p| {
            let wanted = m as u128 * p as u128 / pieces as u128;
            offsets_in[..n].partition_point(|&o| u128::from(o) < wanted)
        })
        .map(|s| s.min(n))
        .collect();
    let moves_of = |p: usize| offsets_in[starts[p]] as usize..offsets_in[starts[p + 1]] as usize;
    // How many moves of each piece go to each bucket.
    let counts: Vec<Vec<u32>> = (0..pieces)
        .into_par_iter()
        .map(|p| {
            let mut count = filled_vec(buckets, 0u32, WHAT, room)?;
            for chunk in targets[moves_of(p)].chunks(REVERSE_POLL_MOVES) {
                if watches.stopped() {
                    break;
                }
                for &v in chunk {
                    count[(v >> shift) as usize] += 1;
                }
                watches.advance_steps(chunk.len() as u64 * MOVE_STEPS_A_PASS);
            }
            Ok(count)
        })
        .collect::<Result<_>>()?;
    // Stopped, the counts are short: the buckets would not hold the moves.
    if watches.stopped() {
        return Ok(None);
    }
    let bucket_sizes: Vec<usize> = (0..buckets)
        .map(|b| counts.iter().map(|count| count[b] as usize).sum())
        .collect();
    // Bucket-major: bucket 0's pairs from piece 0, 1, …, then bucket 1's.
    // A pair is `target << 32 | source`.
    let Some(mut scratch) = zeroed(m, 0u64, watches)? else {
        return Ok(None);
    };
    {
        let mut by_piece: Vec<Vec<&mut [u64]>> = (0..pieces).map(|_| Vec::new()).collect();
        let mut rest = scratch.as_mut_slice();
        for b in 0..buckets {
            for (p, count) in counts.iter().enumerate() {
                let (part, tail) = rest.split_at_mut(count[b] as usize);
                by_piece[p].push(part);
                rest = tail;
            }
        }
        by_piece
            .into_par_iter()
            .enumerate()
            .try_for_each(|(p, mut parts)| {
                let mut filled = filled_vec(buckets, 0usize, WHAT, room)?;
                // Moves and positions since the last look.
                let (mut moves, mut positions) = (0usize, 0usize);
                for u in starts[p]..starts[p + 1] {
                    let successors = graph.successors(u as u32);
                    for &v in successors {
                        let b = (v >> shift) as usize;
                        parts[b][filled[b]] = u64::from(v) << 32 | u as u64;
                        filled[b] += 1;
                    }
                    moves += successors.len();
                    positions += 1;
                    if moves + positions >= REVERSE_POLL_MOVES {
                        if watches.stopped() {
                            return Ok(());
                        }
                        watches.advance_steps(fill_steps(moves, positions));
                        (moves, positions) = (0, 0);
                    }
                }
                watches.advance_steps(fill_steps(moves, positions));
                Ok::<_, Error>(())
            })?;
    }
    // Stopped, some buckets are not filled.
    if watches.stopped() {
        return Ok(None);
    }
    // Each bucket: its pairs, its targets' offsets and its part of the lists.
    let mut jobs = vec_with_capacity(buckets, WHAT, room)?;
    let (mut pairs, mut lists) = (scratch.as_slice(), sources.as_mut_slice());
    let mut base = 0u32;
    for (b, offsets_part) in offsets[..n].chunks_mut(range).enumerate() {
        let (here, later) = pairs.split_at(bucket_sizes[b]);
        let (list, rest) = lists.split_at_mut(bucket_sizes[b]);
        jobs.push((b << shift, base, here, offsets_part, list));
        (pairs, lists) = (later, rest);
        base += bucket_sizes[b] as u32;
    }
    jobs.into_par_iter()
        .for_each(|(low, base, pairs, offsets_part, list)| {
            // A bucket is 2^16 targets' worth of moves: milliseconds.
            if watches.stopped() {
                return;
            }
            for &pair in pairs {
                offsets_part[(pair >> 32) as usize - low] += 1;
            }
            let mut running = base;
            for slot in offsets_part.iter_mut() {
                running += *slot;
                *slot = running;
            }
            // Backwards from the list ends, so each list comes out sorted
            // (the pairs are in increasing order of source).
            for &pair in pairs.iter().rev() {
                let slot = &mut offsets_part[(pair >> 32) as usize - low];
                *slot -= 1;
                list[(*slot - base) as usize] = pair as u32;
            }
            watches.advance_steps(pairs.len() as u64 * MOVE_STEPS_A_PASS);
        });
    offsets[n] = m as u32;
    if watches.stopped() {
        return Ok(None);
    }
    Ok(Some(Graph::from_parts(offsets, sources)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use proptest::prelude::*;

    /// A meter with no control and no cap to speak of.
    fn unwatched() -> WorkMeter {
        WorkMeter::with_cap(u64::MAX, "test")
    }

    proptest! {
        /// The bucketed build gives exactly the single-core lists, with
        /// self-loops, repeated moves, positions without moves, and any
        /// number of pieces and bucket sizes (down to one target a bucket).
        #[test]
        fn bucketed_predecessor_lists_match_the_single_core_ones(
            n in 0usize..40,
            raw in proptest::collection::vec((0u32..40, 0u32..40), 0..160),
            pieces in 1usize..6,
            shift in 0u32..7,
        ) {
            let edges: Vec<(u32, u32)> = if n == 0 {
                Vec::new()
            } else {
                raw.iter().map(|&(u, v)| (u % n as u32, v % n as u32)).collect()
            };
            let graph = Graph::from_edges(n, &edges, Budget::default()).unwrap();
            let expected = graph.reversed(Budget::unlimited()).unwrap();
            let watches = Watches::new(&unwatched());
            prop_assert_eq!(reversed_with(&graph, pieces, shift, &watches).unwrap().unwrap(), expected);
        }
    }

    /// Every position falls in one of the ranges, and there are at most as
    /// many ranges as asked for: the routed induction's tasks cover every
    /// update, each position in exactly one task.
    #[test]
    fn owner_ranges_cover_every_position() {
        for n in (0..300).chain([1 << 20, (1 << 20) + 1, u32::MAX as usize]) {
            for wanted in [1, 2, 3, 7, 16, 40] {
                let owners = Owners::with_ranges(n, wanted);
                assert!((1..=wanted).contains(&owners.ranges), "n = {n}, {wanted}");
                if n > 0 {
                    assert_eq!(
                        ((n - 1) >> owners.shift) + 1,
                        owners.ranges,
                        "n = {n}, {wanted}"
                    );
                }
            }
        }
    }

    #[test]
    fn bucketed_predecessor_lists_match_on_random_graphs() {
        for (n, seed) in [(1, 3), (1000, 1), (70_000, 2), (200_000, 5)] {
            let graph = Graph::pseudo_random(n, 6, 5, seed, Budget::default()).unwrap();
            let expected = graph.reversed(Budget::unlimited()).unwrap();
            assert_eq!(reversed(&graph, &unwatched()).unwrap(), expected, "n = {n}");
            let watches = Watches::new(&unwatched());
            let bucketed = reversed_with(&graph, 3, 10, &watches).unwrap().unwrap();
            assert_eq!(bucketed, expected, "n = {n}");
        }
    }
}
