//! Nim: take any positive number of stones from one heap.
//!
//! A heap of `n` stones has Grundy value `n`, so a position is a second-player
//! win under normal play exactly when the XOR of the heaps is zero (Bouton).
//! From a non-zero XOR `x`, a heap `y` holding the highest set bit of `x` can be
//! reduced to `y ^ x < y`. Under misère play the rule changes only when every
//! heap is 0 or 1 ([`crate::impartial::misere::nim_rule_outcome`]).

use super::HeapMove;
use crate::impartial::ImpartialGame;
use crate::impartial::misere::{nim_rule_move, nim_rule_outcome};
use crate::{Convention, Nimber, Outcome};

/// Nim as an [`ImpartialGame`]: a position is one heap size. Use it with the
/// generic solvers; the functions of this module answer directly.
///
/// # Example
/// ```
/// use stonegame::impartial::{nim::Nim, ImpartialGame};
/// let mut options = Vec::new();
/// Nim.for_each_option(&2, &mut |sum| options.push(sum[0]));
/// assert_eq!(options, [0, 1]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = u64;

    fn for_each_option(&self, heap: &u64, visit: &mut dyn FnMut(&[u64])) {
        for left in 0..*heap {
            visit(&[left]);
        }
    }
}

/// The Grundy value of one heap: its size.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::nim::grundy(7), stonegame::Nimber(7));
/// ```
pub fn grundy(heap: u64) -> Nimber {
    Nimber(heap)
}

/// Who wins the Nim position `heaps` under `convention`.
///
/// # Example
/// ```
/// use stonegame::impartial::nim::outcome;
/// use stonegame::{Convention, Outcome};
///
/// assert_eq!(outcome(&[1, 2, 3], Convention::Normal), Outcome::Second);
/// assert_eq!(outcome(&[1, 1], Convention::Normal), Outcome::Second);
/// assert_eq!(outcome(&[1, 1], Convention::Misere), Outcome::First);
/// ```
pub fn outcome(heaps: &[u64], convention: Convention) -> Outcome {
    match convention {
        Convention::Normal => heaps
            .iter()
            .copied()
            .map(grundy)
            .sum::<Nimber>()
            .normal_outcome(),
        Convention::Misere => nim_rule_outcome(heaps),
    }
}

/// A winning move, or `None` when the player to move loses (or, under misère
/// play, when every heap is already empty and the player to move has won).
///
/// # Example
/// ```
/// use stonegame::impartial::{nim::winning_move, HeapMove};
/// use stonegame::Convention;
///
/// assert_eq!(winning_move(&[3, 4, 5], Convention::Normal), Some(HeapMove { heap: 0, take: 2 }));
/// assert_eq!(winning_move(&[2, 2], Convention::Normal), None);
/// // Misère: from heaps 1 and 4, empty the 4 so the opponent must take the last stone.
/// assert_eq!(winning_move(&[1, 4], Convention::Misere), Some(HeapMove { heap: 1, take: 4 }));
/// ```
pub fn winning_move(heaps: &[u64], convention: Convention) -> Option<HeapMove> {
    let (heap, left) = match convention {
        Convention::Normal => {
            let total = heaps.iter().fold(0, |acc, &h| acc ^ h);
            let index = heaps.iter().position(|&h| h ^ total < h)?;
            (index, heaps[index] ^ total)
        }
        Convention::Misere => nim_rule_move(heaps)?,
    };
    Some(HeapMove {
        heap,
        take: heaps[heap] - left,
    })
}
