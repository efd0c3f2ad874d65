//! Labels alone (win, lose, tie, draw; no remoteness), as a contest program
//! computes them: a value byte and a loss counter as narrow as the largest
//! out-degree allows (a byte up to 255 moves), and a queue of the solved
//! positions only, processed in any order (remoteness is what needs the
//! level-by-level order of [`Labels::induce`](super::induction::Labels)).

use crate::budget::vec_with_capacity;
use crate::{Budget, Convention, Outcome, Result};

use super::graph::Predecessors;
use super::induction::{DRAW, LOSE, PredecessorTally, TIE, UNKNOWN, WIN};

/// Set in the value byte of a position whose label was known before the
/// search (a terminal rule's, or one without moves): its moves are never
/// followed, so the fingerprint leaves it out on both sides.
pub(crate) const ENDED: u8 = 0x80;

/// Bytes a position of the labels-only search: the value byte and a
/// one-byte counter (three more a position where a position has more than
/// 255 moves), and a queue slot of 4 bytes for each solved position.
pub(crate) const VALUES_BYTES_PER_POSITION: u128 = 1 + 1 + 4;

/// A loss counter: a byte, or a `u32` where some position has more moves.
trait Counter: Copy {
    const MAX: u32;
    fn new(count: u32) -> Self;
    fn get(self) -> u32;
}

impl Counter for u8 {
    const MAX: u32 = u8::MAX as u32;
    #[inline(always)]
    fn new(count: u32) -> Self {
        count as u8
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Counter for u32 {
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn new(count: u32) -> Self {
        count
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// What the search starts from, filled position by position in order
/// `0..N` ([`Seeds::seed`]): the loss counters, the queue of the positions
/// known before the search that are won or lost, and whether any is tied.
pub(crate) struct Seeds {
    no_move_code: u8,
    queue: Vec<u32>,
    /// Ties spread only from tied endings: without one, no scan for them.
    tied_endings: bool,
    narrow: Vec<u8>,
    wide: Option<Vec<u32>>,
    n: usize,
    budget: Budget,
}

impl Seeds {
    /// Empty seeds for `n` positions (the counters' bytes allocated, charged
    /// by [`check_budget`]).
    pub(crate) fn new(n: usize, convention: Convention, budget: Budget) -> Result<Self> {
        Ok(Self {
            no_move_code: match convention.terminal_outcome() {
                Outcome::First => WIN,
                _ => LOSE,
            },
            queue: Vec::new(),
            tied_endings: false,
            narrow: vec_with_capacity(n, "retrograde counters", Budget::unlimited())?,
            wide: None,
            n,
            budget,
        })
    }

    /// The next position, `u`: its terminal rule's code (or `UNKNOWN`) and,
    /// when `UNKNOWN`, its number of moves (0 otherwise); returns the byte
    /// to store for it.
    #[inline(always)]
    pub(crate) fn seed(&mut self, u: u32, mut code: u8, degree: u32) -> Result<u8> {
        if code != UNKNOWN || degree == 0 {
            if code == UNKNOWN {
                code = self.no_move_code;
            }
            if matches!(code, WIN | LOSE) {
                self.queue.push(u);
            }
            self.tied_endings |= code == TIE;
            code |= ENDED;
        }
        match &mut self.wide {
            Some(counters) => counters.push(degree),
            None if degree <= <u8 as Counter>::MAX => self.narrow.push(degree as u8),
            None => {
                self.wide = Some(widen(&self.narrow, degree, self.n, self.budget)?);
                self.narrow = Vec::new();
            }
        }
        Ok(code)
    }

    /// The search from the seeds over `code` (every position seeded).
    pub(crate) fn spread(
        self,
        mut code: Vec<u8>,
        predecessors: &mut impl Predecessors,
        tally: &mut impl PredecessorTally,
    ) -> Result<Vec<u8>> {
        let Seeds {
            mut queue,
            tied_endings,
            mut narrow,
            wide,
            ..
        } = self;
        match wide {
            None => spread_wins(&mut code, &mut narrow, &mut queue, predecessors, tally)?,
            Some(mut counters) => {
                spread_wins(&mut code, &mut counters, &mut queue, predecessors, tally)?
            }
        }
        if tied_endings {
            spread_ties(&mut code, queue, predecessors, tally)?;
        } else {
            drop(queue);
        }
        list_draws(&code, predecessors, tally)?;
        Ok(code)
    }
}

/// The counters so far as `u32`, then `degree`: a position has more moves
/// than a byte counts (charged: 3 more bytes a position).
fn widen(narrow: &[u8], degree: u32, n: usize, budget: Budget) -> Result<Vec<u32>> {
    budget.check_bytes(
        (VALUES_BYTES_PER_POSITION + 3) * n as u128,
        "retrograde labels with u32 counters (9 bytes a position)",
    )?;
    let mut counters = vec_with_capacity(n, "retrograde counters", Budget::unlimited())?;
    counters.extend(narrow.iter().map(|&c| u32::from(c)));
    counters.push(degree);
    Ok(counters)
}

/// Wins and losses from the ended ones in `queue`, in any order: a
/// predecessor of a loss wins; one whose every move has been shown to reach
/// a win loses.
fn spread_wins<C: Counter>(
    code: &mut [u8],
    counters: &mut [C],
    queue: &mut Vec<u32>,
    predecessors: &mut impl Predecessors,
    tally: &mut impl PredecessorTally,
) -> Result<()> {
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        if code[v as usize] & !ENDED == LOSE {
            predecessors.for_each(v, &mut |u| {
                let c = code[u as usize];
                tally.predecessor(u, u32::from(c & ENDED == 0));
                if c == UNKNOWN {
                    code[u as usize] = WIN;
                    queue.push(u);
                }
            })?;
        } else {
            predecessors.for_each(v, &mut |u| {
                let c = code[u as usize];
                tally.predecessor(u, u32::from(c & ENDED == 0));
                if c == UNKNOWN {
                    let left = counters[u as usize].get() - 1;
                    counters[u as usize] = C::new(left);
                    if left == 0 {
                        code[u as usize] = LOSE;
                        queue.push(u);
                    }
                }
            })?;
        }
        tally.listed(v);
    }
    Ok(())
}

/// Ties from the tied endings (any order): an unlabelled predecessor of a
/// tie ties.
fn spread_ties(
    code: &mut [u8],
    mut queue: Vec<u32>,
    predecessors: &mut impl Predecessors,
    tally: &mut impl PredecessorTally,
) -> Result<()> {
    queue.clear();
    queue.extend((0..code.len() as u32).filter(|&u| code[u as usize] & !ENDED == TIE));
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        predecessors.for_each(v, &mut |u| {
            let c = code[u as usize];
            tally.predecessor(u, u32::from(c & ENDED == 0));
            if c == UNKNOWN {
                code[u as usize] = TIE;
                queue.push(u);
            }
        })?;
        tally.listed(v);
    }
    Ok(())
}

/// Lists the drawn positions' predecessors for the tally, so that every
/// position's have been listed once (nothing is listed without a tally).
fn list_draws(
    code: &[u8],
    predecessors: &mut impl Predecessors,
    tally: &mut impl PredecessorTally,
) -> Result<()> {
    if !tally.is_kept() {
        return Ok(());
    }
    for v in 0..code.len() as u32 {
        if matches!(code[v as usize] & !ENDED, UNKNOWN | DRAW) {
            predecessors.for_each(v, &mut |u| {
                tally.predecessor(u, u32::from(code[u as usize] & ENDED == 0))
            })?;
            tally.listed(v);
        }
    }
    Ok(())
}

/// The value code of a byte of [`label_values`]' table.
#[inline]
pub(crate) fn code_of(byte: u8) -> u8 {
    byte & !ENDED
}

/// Refuses a search whose tables `budget` cannot hold.
pub(crate) fn check_budget(n: usize, budget: Budget) -> Result<()> {
    budget.check_bytes(
        VALUES_BYTES_PER_POSITION * n as u128,
        "retrograde labels (a value byte, a counter byte, a queue slot a position)",
    )
}
