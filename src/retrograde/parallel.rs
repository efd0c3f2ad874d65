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

use std::sync::atomic::{AtomicU8, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use crate::{Convention, Error, Outcome, Result};

use super::graph::Graph;
use super::solver::{LOSE, Labels, TIE, UNKNOWN, WIN};

/// Frontier positions handed to one task: big enough to amortise the task,
/// small enough to balance the load.
const CHUNK: usize = 2048;

/// Labels every position of `graph`; `reverse` holds its predecessor lists.
pub(crate) fn induce(
    graph: &Graph,
    reverse: &Graph,
    code: Vec<u8>,
    convention: Convention,
) -> Result<Labels> {
    let n = graph.num_positions();
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
    let code: Vec<AtomicU8> = code
        .into_par_iter()
        .enumerate()
        .map(|(u, c)| match (c, graph.degree(u)) {
            (UNKNOWN, 0) => AtomicU8::new(no_move_code),
            (c, _) => AtomicU8::new(c),
        })
        .collect();
    // An unlabelled position's word counts down from `base + degree`; a
    // labelled one holds its remoteness (at most `base`).
    let word: Vec<AtomicU32> = (0..n)
        .into_par_iter()
        .map(|u| match code[u].load(Relaxed) {
            UNKNOWN => AtomicU32::new(base + graph.degree(u)),
            _ => AtomicU32::new(0),
        })
        .collect();
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
        let next = remoteness + 1;
        let found = expand(
            reverse,
            &lost,
            &won,
            // A move to a lost position: won at `r + 1`, unless labelled.
            |u, out| {
                let mut w = word[u].load(Relaxed);
                while w > base {
                    match word[u].compare_exchange_weak(w, next, Relaxed, Relaxed) {
                        Ok(_) => {
                            code[u].store(WIN, Relaxed);
                            out.won.push(u as u32);
                            return;
                        }
                        Err(now) => w = now,
                    }
                }
            },
            // A move to a won position: one fewer move left; the last one
            // labels the position lost at `r + 1`.
            |u, out| {
                let mut w = word[u].load(Relaxed);
                while w > base {
                    let last = w == last_move;
                    let new = if last { next } else { w - 1 };
                    match word[u].compare_exchange_weak(w, new, Relaxed, Relaxed) {
                        Ok(_) => {
                            if last {
                                code[u].store(LOSE, Relaxed);
                                out.lost.push(u as u32);
                            }
                            return;
                        }
                        Err(now) => w = now,
                    }
                }
            },
        );
        lost = found.lost;
        won = found.won;
        remoteness = next;
    }
    // Ties: breadth-first from the tied endings through unlabelled positions.
    let mut tied = with_code(TIE);
    let mut level = 0u32;
    while !tied.is_empty() {
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
        tied = expand(reverse, &tied, &[], tie, tie).lost;
        level = next;
    }
    let code = code.into_par_iter().map(AtomicU8::into_inner).collect();
    let word = word.into_par_iter().map(AtomicU32::into_inner).collect();
    Ok(Labels::from_parts(code, word))
}

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
fn expand(
    reverse: &Graph,
    lost: &[u32],
    won: &[u32],
    of_lost: impl Fn(usize, &mut Found) + Sync,
    of_won: impl Fn(usize, &mut Found) + Sync,
) -> Found {
    let tasks = lost
        .par_chunks(CHUNK)
        .map(|chunk| (chunk, true))
        .chain(won.par_chunks(CHUNK).map(|chunk| (chunk, false)));
    tasks
        .fold(Found::default, |mut out, (chunk, from_lost)| {
            let mut sink = 0u32;
            for (k, &v) in chunk.iter().enumerate() {
                // Touch the list a few places ahead so its cache miss
                // overlaps with this one (as the single-core solver does).
                if let Some(&ahead) = chunk.get(k + LOOKAHEAD) {
                    sink ^= reverse.successors(ahead).first().copied().unwrap_or(0);
                }
                for &u in reverse.successors(v) {
                    if from_lost {
                        of_lost(u as usize, &mut out);
                    } else {
                        of_won(u as usize, &mut out);
                    }
                }
            }
            std::hint::black_box(sink);
            out
        })
        .reduce(Found::default, Found::join)
}

/// How far ahead [`expand`] touches a frontier position's predecessor list.
const LOOKAHEAD: usize = 8;
