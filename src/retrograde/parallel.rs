//! Backward induction on every core (feature `parallel`).
//!
//! The same level-by-level induction as the single-core solver, with each
//! level's frontier split among rayon's threads. Within a phase every update
//! commutes: "label this unlabelled position a win at `r + 1`" (a
//! compare-and-swap that one thread wins) and "one more move of this position
//! leads to a win" (an atomic decrement whose last step labels the position
//! lost). Phases are separated by joins, so the lost positions of a level are
//! spread before its won ones, as in the single-core order, and the labels
//! are identical; only the order inside a frontier varies.

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
    // In place (same layout): no second table.
    let code: Vec<AtomicU8> = code
        .into_iter()
        .enumerate()
        .map(|(u, c)| match (c, graph.degree(u)) {
            (UNKNOWN, 0) => AtomicU8::new(no_move_code),
            (c, _) => AtomicU8::new(c),
        })
        .collect();
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
        // Only "unlabelled → won at r + 1" happens in this phase, so one
        // failed compare-and-swap means another thread labelled `u`.
        let newly_won = expand(reverse, &lost, |u, out| {
            let w = word[u].load(Relaxed);
            if w > base && word[u].compare_exchange(w, next, Relaxed, Relaxed).is_ok() {
                code[u].store(WIN, Relaxed);
                out.push(u as u32);
            }
        });
        // Only decrements happen in this phase, one per move of `u` to a won
        // position; the one that takes the last move labels `u` lost, and no
        // other decrement of `u` can follow it.
        let newly_lost = expand(reverse, &won, |u, out| {
            if word[u].load(Relaxed) >= last_move && word[u].fetch_sub(1, Relaxed) == last_move {
                word[u].store(next, Relaxed);
                code[u].store(LOSE, Relaxed);
                out.push(u as u32);
            }
        });
        lost = newly_lost;
        won = newly_won;
        remoteness = next;
    }
    // Ties: breadth-first from the tied endings through unlabelled positions.
    let mut tied = with_code(TIE);
    let mut level = 0u32;
    while !tied.is_empty() {
        let next = level + 1;
        tied = expand(reverse, &tied, |u, out| {
            if code[u]
                .compare_exchange(UNKNOWN, TIE, Relaxed, Relaxed)
                .is_ok()
            {
                word[u].store(next, Relaxed);
                out.push(u as u32);
            }
        });
        level = next;
    }
    // In place (same layout): no second table.
    let code = code.into_iter().map(AtomicU8::into_inner).collect();
    let word = word.into_iter().map(AtomicU32::into_inner).collect();
    Ok(Labels::from_parts(code, word))
}

/// Visits the predecessors of every frontier position in parallel; `visit`
/// pushes the positions it labels, which become the returned frontier.
fn expand(
    reverse: &Graph,
    frontier: &[u32],
    visit: impl Fn(usize, &mut Vec<u32>) + Sync,
) -> Vec<u32> {
    let parts: Vec<Vec<u32>> = frontier
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut out = Vec::new();
            let mut sink = 0u32;
            for (k, &v) in chunk.iter().enumerate() {
                // Touch the list a few places ahead so its cache miss
                // overlaps with this one (as the single-core solver does).
                if let Some(&ahead) = chunk.get(k + LOOKAHEAD) {
                    sink ^= reverse.successors(ahead).first().copied().unwrap_or(0);
                }
                for &u in reverse.successors(v) {
                    visit(u as usize, &mut out);
                }
            }
            std::hint::black_box(sink);
            out
        })
        .collect();
    parts.concat()
}

/// How far ahead [`expand`] touches a frontier position's predecessor list.
const LOOKAHEAD: usize = 8;
