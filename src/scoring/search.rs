//! The depth-first negamax of a game without a declared move order:
//! iterative (an explicit stack), so the depth of a game never touches the
//! call stack.
//!
//! Each position's moves are listed once: the frames on the stack keep their
//! move lists one after another in a single vector, so memory grows with the
//! memo plus the moves listed along the current line. The memo is a value
//! array with two bits of state per number for a numbered game
//! ([`DenseStore`]), a hash map otherwise ([`HashedStore`]). Every growth of
//! the memo, the stack and the move list is charged to the budget before it
//! is made.

use super::memo::{
    HashedMemo, Memo, Numbering, State, StateBits, hash_table_bytes, refused, zeroed_values,
};
use super::weights::Work;
use super::{ScoringGame, overflow};
use crate::{Budget, Error, Result};
use num_traits::{CheckedSub, Zero};
use std::ops::ControlFlow;

/// What a budget refusal of the search names.
const WHAT: &str = "generic negamax memo, stack and move lists";

/// What a budget refusal of the dense memo names.
const DENSE_WHAT: &str = "generic negamax dense memo (dense_positions() values and state)";

/// What the search knows of a position, as its hot loop reads it.
pub(super) enum Known<T> {
    Unknown,
    OnLine,
    Solved(T),
}

/// A memo the search can use.
pub(super) trait Store<G: ScoringGame> {
    /// Bytes allocated now.
    fn bytes(&self) -> u128;

    fn get(&self, game: &G, position: &G::Position) -> Result<Known<G::Score>>;

    /// Marks `position`, unknown so far, as on the current line of play;
    /// growing the memo is charged with `beside` bytes allocated elsewhere.
    fn begin(
        &mut self,
        game: &G,
        position: &G::Position,
        beside: u128,
        budget: Budget,
    ) -> Result<()>;

    fn finish(&mut self, game: &G, position: &G::Position, value: G::Score) -> Result<()>;

    fn into_memo(self) -> Memo<G>;
}

/// The memo of a numbered game: one value and two bits of state a number.
pub(super) struct DenseStore<G: ScoringGame> {
    values: Vec<G::Score>,
    state: StateBits,
    positions: usize,
    /// Whether every number is checked by the round trip through
    /// `dense_position` (two positions given one number are refused).
    numbering: Numbering,
}

impl<G: ScoringGame> DenseStore<G> {
    /// Bytes of the memo of `count` numbers.
    pub(super) fn bytes_for(count: usize) -> u128 {
        (count as u128).saturating_mul(std::mem::size_of::<G::Score>() as u128)
            + StateBits::bytes(count)
    }

    /// Checks that the memo of `count` numbers fits `budget`, allocating nothing.
    pub(super) fn check(count: usize, budget: Budget) -> Result<()> {
        budget.check_bytes(Self::bytes_for(count), DENSE_WHAT)
    }

    /// `count` unknown numbers, checked against `budget` before they are allocated.
    pub(super) fn new(count: usize, budget: Budget, numbering: Numbering) -> Result<Self> {
        const WHAT: &str = DENSE_WHAT;
        let state_bytes = StateBits::bytes(count);
        let values = zeroed_values(count, state_bytes, budget, WHAT)?;
        Ok(Self {
            values,
            state: StateBits::new(count, budget, WHAT)?,
            positions: 0,
            numbering,
        })
    }

    /// The number of `position`, checked to be its own unless the
    /// numbering is trusted: `dense_position` of the number must give the
    /// position back, so no two positions met share a number (the value
    /// read for one would be the other's).
    #[inline]
    fn own_number(&self, game: &G, position: &G::Position) -> Result<usize> {
        let number = self.number(game, position)?;
        if self.numbering == Numbering::Checked
            && game.dense_position(number).as_ref() != Some(position)
        {
            return Err(shared_number(number));
        }
        Ok(number)
    }

    /// The number of `position`, or the refusal of a numbering out of range.
    fn number(&self, game: &G, position: &G::Position) -> Result<usize> {
        let count = self.values.len();
        match game.dense_index(position) {
            Some(number) if number < count => Ok(number),
            Some(number) => Err(Error::InvalidParameter {
                name: "game",
                reason: format!(
                    "dense_index numbers a position {number}, not below dense_positions() = {count}"
                ),
            }),
            None => Err(Error::InvalidParameter {
                name: "game",
                reason: "dense_index gives a position met in the search no number".to_string(),
            }),
        }
    }
}

impl<G: ScoringGame> Store<G> for DenseStore<G> {
    fn bytes(&self) -> u128 {
        Self::bytes_for(self.values.len())
    }

    #[inline]
    fn get(&self, game: &G, position: &G::Position) -> Result<Known<G::Score>> {
        let number = self.own_number(game, position)?;
        Ok(match self.state.get(number) {
            State::Unknown => Known::Unknown,
            State::OnLine => Known::OnLine,
            State::Solved => Known::Solved(self.values[number]),
        })
    }

    fn begin(&mut self, game: &G, position: &G::Position, _: u128, _: Budget) -> Result<()> {
        let number = self.own_number(game, position)?;
        self.positions += 1;
        self.state.set(number, State::OnLine);
        Ok(())
    }

    fn finish(&mut self, game: &G, position: &G::Position, value: G::Score) -> Result<()> {
        let number = self.number(game, position)?;
        self.state.set(number, State::Solved);
        self.values[number] = value;
        Ok(())
    }

    fn into_memo(self) -> Memo<G> {
        Memo::Searched {
            values: self.values,
            state: self.state,
            positions: self.positions,
        }
    }
}

/// The refusal of a position whose number's `dense_position` is another
/// position (or none).
#[cfg(stonegame_bundle)]
#[cold]
#[inline(never)]
fn shared_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!("dense_position({number}) is not the position numbered {number}"),
    }
}

/// The refusal of a position whose number's `dense_position` is another
/// position (or none): in full, with the ways out.
#[cfg(not(stonegame_bundle))]
#[cold]
#[inline(never)]
fn shared_number(number: usize) -> Error {
    Error::InvalidParameter {
        name: "game",
        reason: format!(
            "dense_index numbers a position {number}, but dense_position({number}) is not that \
             position: two positions share number {number}, or dense_position is not given \
             (the search checks every number it reads by this round trip; give dense_position, \
             or skip the check with Negamax::trusting_numbering)"
        ),
    }
}

/// The memo of any other game: position to `Option<Score>` (`None` while on
/// the current line).
pub(super) struct HashedStore<G: ScoringGame>(HashedMemo<G>);

impl<G: ScoringGame> Default for HashedStore<G> {
    fn default() -> Self {
        Self(HashedMemo::<G>::default())
    }
}

impl<G: ScoringGame> HashedStore<G> {
    /// Bytes of one entry (without its control byte).
    pub(super) const ENTRY_BYTES: usize = std::mem::size_of::<(G::Position, Option<G::Score>)>();
}

impl<G: ScoringGame> Store<G> for HashedStore<G> {
    fn bytes(&self) -> u128 {
        hash_table_bytes(self.0.capacity(), Self::ENTRY_BYTES)
    }

    #[inline]
    fn get(&self, _: &G, position: &G::Position) -> Result<Known<G::Score>> {
        Ok(match self.0.get(position) {
            None => Known::Unknown,
            Some(None) => Known::OnLine,
            Some(&Some(value)) => Known::Solved(value),
        })
    }

    fn begin(&mut self, _: &G, position: &G::Position, beside: u128, budget: Budget) -> Result<()> {
        let (len, capacity) = (self.0.len(), self.0.capacity());
        if len == capacity {
            // Full: the table doubles, and the old and new tables live
            // together while the entries move.
            let target = (2 * capacity).max(3);
            let new_bytes = hash_table_bytes(target, Self::ENTRY_BYTES);
            let needed = beside + self.bytes() + new_bytes;
            budget.check_bytes(needed, WHAT)?;
            self.0
                .try_reserve(target - len)
                .map_err(|_| refused(WHAT, needed, budget))?;
        }
        self.0.insert(position.clone(), None);
        Ok(())
    }

    fn finish(&mut self, _: &G, position: &G::Position, value: G::Score) -> Result<()> {
        if let Some(slot) = self.0.get_mut(position) {
            *slot = Some(value);
        }
        Ok(())
    }

    fn into_memo(self) -> Memo<G> {
        Memo::Hashed(self.0)
    }
}

/// One position being expanded on the explicit stack: where it is in its
/// move list, not the list itself.
struct Frame<P, T> {
    position: P,
    /// Where this frame's moves start in the search's move list.
    first: usize,
    next: usize,
    best: Option<T>,
}

pub(super) struct Search<'g, G: ScoringGame, S> {
    game: &'g G,
    budget: Budget,
    work: Work,
    watch: crate::control::Watch,
    store: S,
    stack: Vec<Frame<G::Position, G::Score>>,
    /// The move lists of the frames on the stack, one after another: a frame's
    /// moves start at its `first` (so no list is ever generated twice).
    moves: Vec<G::Move>,
}

/// Bytes of the allocation of `capacity` values of `T`.
fn capacity_bytes<T>(capacity: usize) -> u128 {
    capacity as u128 * std::mem::size_of::<T>() as u128
}

/// Makes room in a full `vec` for one more element, doubling it, charged
/// with `beside` bytes allocated elsewhere (old and new buffers both count:
/// they live together while the elements move).
fn grow<T>(vec: &mut Vec<T>, beside: u128, budget: Budget) -> Result<()> {
    let capacity = vec.capacity();
    let target = (2 * capacity).max(4);
    let needed = beside + capacity_bytes::<T>(capacity) + capacity_bytes::<T>(target);
    budget.check_bytes(needed, WHAT)?;
    vec.try_reserve_exact(target - vec.len())
        .map_err(|_| refused(WHAT, needed, budget))
}

impl<'g, G: ScoringGame, S: Store<G>> Search<'g, G, S> {
    pub(super) fn new(game: &'g G, budget: Budget, work: Work, store: S) -> Self {
        Self {
            game,
            budget,
            work,
            watch: budget.watch("negamax", None),
            store,
            stack: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn stack_bytes(&self) -> u128 {
        capacity_bytes::<Frame<G::Position, G::Score>>(self.stack.capacity())
    }

    fn moves_bytes(&self) -> u128 {
        capacity_bytes::<G::Move>(self.moves.capacity())
    }

    /// Lists the moves of `position` after those of the frames below it,
    /// charging each as it is listed (a listing that never ends stops at
    /// the work cap).
    fn list_moves(&mut self, position: &G::Position) -> Result<usize> {
        let first = self.moves.len();
        let beside = self.store.bytes() + self.stack_bytes();
        let (moves, budget, work) = (&mut self.moves, self.budget, &mut self.work);
        let mut refusal = None;
        let _ = self.game.for_each_move(position, |mv| {
            if !work.charge_move() {
                refusal = Some(work.refusal());
                return ControlFlow::Break(());
            }
            if moves.len() == moves.capacity() {
                if let Err(e) = grow(moves, beside, budget) {
                    refusal = Some(e);
                    return ControlFlow::Break(());
                }
            }
            moves.push(mv);
            ControlFlow::Continue(())
        });
        match refusal {
            Some(e) => Err(e),
            None => Ok(self.moves.len() - first),
        }
    }

    fn push(&mut self, position: G::Position) -> Result<()> {
        if !self.work.charge_position() {
            return Err(self.work.refusal());
        }
        self.watch.poll(self.work.spent)?;
        let first = self.moves.len();
        self.list_moves(&position)?;
        if self.stack.len() == self.stack.capacity() {
            let beside = self.store.bytes() + self.moves_bytes();
            grow(&mut self.stack, beside, self.budget)?;
        }
        let beside = self.stack_bytes() + self.moves_bytes();
        self.store
            .begin(self.game, &position, beside, self.budget)?;
        self.stack.push(Frame {
            position,
            first,
            next: 0,
            best: None,
        });
        Ok(())
    }

    /// Solves every position reachable from `start`.
    pub(super) fn run(mut self, start: G::Position) -> Result<Memo<G>> {
        self.push(start)?;
        while let Some(frame) = self.stack.last_mut() {
            // Go through the top frame's moves while their children are
            // solved (the hot loop: no allocation, no listing of moves).
            let moves = &self.moves[frame.first..];
            let mut unknown = None;
            while let Some(mv) = moves.get(frame.next) {
                let (points, child) = self.game.play(&frame.position, mv);
                match self.store.get(self.game, &child)? {
                    Known::Solved(value) => {
                        let candidate = points.checked_sub(&value).ok_or_else(|| {
                            overflow::<G::Score>("a position's value difference does not fit")
                        })?;
                        if frame.best.is_none_or(|best| candidate > best) {
                            frame.best = Some(candidate);
                        }
                        frame.next += 1;
                    }
                    Known::OnLine => {
                        // A numbered game's position is named by its number.
                        let position = match self.game.dense_positions() {
                            Some(_) => self.game.dense_index(&child),
                            None => None,
                        };
                        return Err(Error::CyclicGame {
                            position: position.map_or("a position".to_string(), |number| {
                                format!("position number {number}")
                            }),
                            detail: "a position repeats on a line of play of a scoring game"
                                .to_string(),
                        });
                    }
                    Known::Unknown => {
                        unknown = Some(child);
                        break;
                    }
                }
            }
            match unknown {
                Some(child) => self.push(child)?,
                None => self.finish_top()?,
            }
        }
        Ok(self.store.into_memo())
    }

    /// Records the top frame's value, pops it and drops its move list.
    fn finish_top(&mut self) -> Result<()> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        self.moves.truncate(frame.first);
        let value = frame.best.unwrap_or_else(G::Score::zero);
        self.store.finish(self.game, &frame.position, value)
    }
}
