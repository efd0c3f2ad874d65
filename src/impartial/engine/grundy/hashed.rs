//! The hashed path of [`GrundySolver`](super::GrundySolver), for games
//! without a dense numbering: a map from position to value, filled by a
//! depth-first search with an explicit stack.

use std::hash::Hash;
use std::ops::ControlFlow;

use ahash::{AHashMap, AHashSet};

use super::{GRUNDY_HASHED_STEPS, WorkCount, inconsistent_game};
use crate::impartial::ImpartialGame;
use crate::impartial::mex::MexSet;
use crate::{Budget, Error, Nimber, Result};

const WHAT: &str = "Grundy memo and pending positions";

/// Values of the positions met so far, and the search's scratch state.
#[derive(Clone)]
pub(super) struct HashedMemo<P> {
    memo: AHashMap<P, Nimber>,
    /// Pending positions, with whether their options were listed.
    stack: Vec<(P, bool)>,
    /// The positions of the current line (a component among them is a cycle).
    on_line: AHashSet<P>,
    mex: MexSet,
}

/// The buckets of a hash table that holds `capacity` entries (the growth
/// rule of std's `HashMap`: powers of two, filled to 7/8 at most).
fn buckets_for(capacity: usize) -> u128 {
    match capacity {
        0 => 0,
        1..=3 => 4,
        4..=7 => 8,
        _ => (capacity as u128 * 8 / 7).next_power_of_two(),
    }
}

impl<P: Clone + Eq + Hash> HashedMemo<P> {
    pub(super) fn new() -> Self {
        Self {
            memo: AHashMap::default(),
            stack: Vec::new(),
            on_line: AHashSet::default(),
            mex: MexSet::new(),
        }
    }

    pub(super) fn known(&self) -> usize {
        self.memo.len()
    }

    pub(super) fn known_value(&self, position: &P) -> Option<u64> {
        self.memo.get(position).map(|g| g.0)
    }

    /// The bytes the budget is charged for a memo of `memo_capacity`
    /// entries, a stack of `stack_capacity` and the current line: a memo
    /// bucket holds `(P, Nimber)` and a control byte; a line entry is
    /// estimated at twice `P` and a byte.
    fn bytes(&self, memo_capacity: usize, stack_capacity: usize) -> u128 {
        let slot = std::mem::size_of::<(P, Nimber)>() as u128 + 1;
        let pending = std::mem::size_of::<(P, bool)>() as u128;
        let line = 2 * (std::mem::size_of::<P>() as u128 + 1);
        buckets_for(memo_capacity) * slot
            + stack_capacity as u128 * pending
            + self.on_line.len() as u128 * line
    }

    fn refused(needed_bytes: u128, budget: Budget) -> Error {
        crate::budget::bytes_refused(WHAT, needed_bytes, budget)
    }

    /// Room for one more pending position, charged (at the capacity the
    /// stack grows to) before it grows.
    fn reserve_pending(&mut self, budget: Budget) -> Result<()> {
        if self.stack.len() < self.stack.capacity() {
            return Ok(());
        }
        let wanted = self.stack.len().saturating_mul(2).max(16);
        let needed = self.bytes(self.memo.capacity(), wanted);
        budget.check_bytes(needed, WHAT)?;
        self.stack
            .try_reserve_exact(wanted - self.stack.len())
            .map_err(|_| Self::refused(needed, budget))
    }

    /// Stores a value, charging the memo's growth before it happens.
    fn remember(&mut self, position: P, value: u64, budget: Budget) -> Result<()> {
        if self.memo.len() == self.memo.capacity() {
            let needed = self.bytes(self.memo.len() + 1, self.stack.capacity());
            budget.check_bytes(needed, WHAT)?;
            self.memo
                .try_reserve(1)
                .map_err(|_| Self::refused(needed, budget))?;
        }
        self.memo.insert(position, Nimber(value));
        Ok(())
    }

    /// The Grundy value of `root`.
    pub(super) fn grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<u64> {
        if let Some(value) = self.known_value(root) {
            return Ok(value);
        }
        self.stack.clear();
        self.on_line.clear();
        let result = self.search(game, root, budget, work);
        self.stack.clear();
        self.on_line.clear();
        result?;
        self.known_value(root).ok_or_else(inconsistent_game)
    }

    fn search<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<()> {
        self.reserve_pending(budget)?;
        self.stack.push((root.clone(), false));
        while let Some((position, expanded)) = self.stack.pop() {
            if self.memo.contains_key(&position) {
                continue;
            }
            let value = if expanded {
                self.on_line.remove(&position);
                self.mex_of_known(game, &position, work)?
            } else {
                // First visit: on the line, below its unknown components.
                self.reserve_pending(budget)?;
                self.stack.push((position.clone(), true));
                self.on_line.insert(position.clone());
                let below = self.stack.len();
                let Some(value) = self.expand(game, &position, budget, work)? else {
                    work.poll()?;
                    continue;
                };
                debug_assert_eq!(self.stack.len(), below);
                self.stack.pop();
                self.on_line.remove(&position);
                value
            };
            self.remember(position, value, budget)?;
            // Once a position: only values complete are in the memo.
            work.poll()?;
        }
        Ok(())
    }

    /// Pushes the unknown components of `position`'s options; when there
    /// are none, its mex (computed on the way).
    fn expand<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        budget: Budget,
        work: &mut WorkCount,
    ) -> Result<Option<u64>> {
        self.mex.clear();
        let below = self.stack.len();
        let mut failure = None;
        let _ = game.for_each_option(position, |option| {
            work.step(option.len(), GRUNDY_HASHED_STEPS)?;
            let mut value = 0;
            for component in option {
                if let Some(g) = self.memo.get(component) {
                    value ^= g.0;
                    continue;
                }
                if self.on_line.contains(component) {
                    failure = Some(Error::CyclicGame {
                        position: "a position".to_string(),
                        detail: "found by GrundySolver".to_string(),
                    });
                    return ControlFlow::Break(());
                }
                if let Err(error) = self.reserve_pending(budget) {
                    failure = Some(error);
                    return ControlFlow::Break(());
                }
                self.stack.push((component.clone(), false));
            }
            if self.stack.len() == below {
                self.mex.insert(value as usize);
            }
            ControlFlow::Continue(())
        });
        if work.exceeded() {
            return Err(work.error("GrundySolver"));
        }
        if let Some(error) = failure {
            return Err(error);
        }
        Ok((self.stack.len() == below).then(|| self.mex.mex() as u64))
    }

    fn mex_of_known<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        work: &mut WorkCount,
    ) -> Result<u64> {
        self.mex.clear();
        let (memo, mex) = (&self.memo, &mut self.mex);
        let flow = game.for_each_option(position, |option| {
            work.step(option.len(), GRUNDY_HASHED_STEPS)?;
            let value = option
                .iter()
                .try_fold(0, |acc, c| memo.get(c).map(|g| acc ^ g.0));
            match value {
                Some(value) => {
                    mex.insert(value as usize);
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            }
        });
        if work.exceeded() {
            return Err(work.error("GrundySolver"));
        }
        if flow.is_break() {
            return Err(inconsistent_game());
        }
        Ok(self.mex.mex() as u64)
    }
}
