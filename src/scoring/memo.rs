//! What the generic negamax keeps: the value of each solved position and
//! nothing else (best moves, lines and totals are re-derived from the values
//! on request).
//!
//! Three memos, one per way of solving ([`Negamax`](super::Negamax)):
//! - the sweep of a game with a declared [`MoveOrder`](crate::game::MoveOrder):
//!   one `Score` per number, 0 for a number never listed (values are kept
//!   with their sign bit flipped, [`cell_of`]);
//! - the depth-first search of a numbered game without an order: one `Score`
//!   per number plus two bits of search state ([`StateBits`]);
//! - the depth-first search of any other game: a hash map from position to
//!   `Option<Score>` (`None` while the position is on the current line).
//!
//! Every allocation is sized against the budget before it is made; the
//! byte counts here are the ones the budget is charged with.

use super::{Score, ScoringGame};
use crate::{Budget, Error, Result};
use ahash::AHashMap;
use num_traits::Zero;

/// The hashed memo: `None` while a position is on the current line of play
/// (meeting it again is a cycle), `Some(value)` once it is solved.
pub(super) type HashedMemo<G> =
    AHashMap<<G as ScoringGame>::Position, Option<<G as ScoringGame>::Score>>;

/// Width of a hash table's control group (hashbrown's SSE2 group): the
/// control bytes a table allocates beyond one per bucket.
const HASH_GROUP_BYTES: u128 = 16;

/// Buckets of a hash table (std's hashbrown) that holds `items` entries:
/// a power of two with at most 7/8 of it used (4 or 8 for small tables).
fn hash_buckets(items: usize) -> u128 {
    let items = items as u128;
    if items == 0 {
        0
    } else if items < 4 {
        4
    } else if items < 8 {
        8
    } else {
        (items * 8 / 7).next_power_of_two()
    }
}

/// Bytes of a hash table of `entry_bytes`-byte entries that holds `items`:
/// each bucket holds an entry and one control byte.
pub(super) fn hash_table_bytes(items: usize, entry_bytes: usize) -> u128 {
    match hash_buckets(items) {
        0 => 0,
        buckets => buckets * (entry_bytes as u128 + 1) + HASH_GROUP_BYTES,
    }
}

/// The refusal of an allocation the allocator turned down (the process's
/// address-space limit, say) after the budget let it through.
pub(super) fn refused(what: &'static str, needed_bytes: u128, budget: Budget) -> Error {
    crate::budget::bytes_refused(what, needed_bytes, budget)
}

/// `count` zero values, checked against the budget (with `extra_bytes` more
/// allocated alongside) before they are allocated.
pub(super) fn zeroed_values<T: Zero + Clone>(
    count: usize,
    extra_bytes: u128,
    budget: Budget,
    what: &'static str,
) -> Result<Vec<T>> {
    let bytes = (count as u128).saturating_mul(std::mem::size_of::<T>() as u128);
    budget.check_bytes(bytes.saturating_add(extra_bytes), what)?;
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| refused(what, bytes, budget))?;
    values.resize(count, T::zero());
    Ok(values)
}

/// What the depth-first search knows of a number, two bits each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum State {
    Unknown = 0,
    /// On the current line of play: meeting it again means the game has a cycle.
    OnLine = 1,
    Solved = 2,
}

/// Two bits of search state per number, 32 numbers a word.
#[derive(Clone)]
pub(super) struct StateBits {
    words: Vec<u64>,
}

impl StateBits {
    /// Bytes of the state of `count` numbers.
    pub(super) fn bytes(count: usize) -> u128 {
        (count as u128).div_ceil(32) * 8
    }

    /// All `count` numbers unknown; the caller has charged [`StateBits::bytes`].
    pub(super) fn new(count: usize, budget: Budget, what: &'static str) -> Result<Self> {
        let len = count.div_ceil(32);
        let mut words = Vec::new();
        words
            .try_reserve_exact(len)
            .map_err(|_| refused(what, Self::bytes(count), budget))?;
        words.resize(len, 0);
        Ok(Self { words })
    }

    pub(super) fn get(&self, number: usize) -> State {
        match (self.words[number / 32] >> (2 * (number % 32))) & 3 {
            0 => State::Unknown,
            1 => State::OnLine,
            _ => State::Solved,
        }
    }

    pub(super) fn set(&mut self, number: usize, state: State) {
        let shift = 2 * (number % 32);
        let word = &mut self.words[number / 32];
        *word = (*word & !(3 << shift)) | ((state as u64) << shift);
    }
}

/// How far the numbered memos trust a game's numbering
/// ([`Negamax::trusting_numbering`](super::Negamax::trusting_numbering)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Numbering {
    /// Every child read through a position's number is checked to be the
    /// position `dense_position` gives for that number (one round trip a
    /// move): two positions given one number are refused.
    Checked,
    /// The round trip is skipped: the game promises that `dense_index` is
    /// one-to-one on the positions it lists and moves to.
    Trusted,
}

/// A value as a swept cell keeps it: the sign bit flipped, so the
/// allocator's zero is the cell of a number no position was listed for
/// (and `Score::min_value()`, whose cell would be zero, is no value).
#[inline(always)]
pub(super) fn cell_of<T: Score>(value: T) -> T {
    value ^ T::min_value()
}

/// The value a swept cell keeps, or `None` for a number never listed.
#[inline(always)]
pub(super) fn value_of_cell<T: Score>(cell: T) -> Option<T> {
    (cell != T::zero()).then(|| cell ^ T::min_value())
}

/// The values of a solved game, as its table keeps them.
#[derive(Clone)]
pub(super) enum Memo<G: ScoringGame> {
    /// Filled by one sweep: every number with a position holds its value.
    Swept {
        /// By number, as [`cell_of`] keeps them: 0 where no position was
        /// listed (one read says both whether and what).
        values: Vec<G::Score>,
        positions: usize,
    },
    /// Filled by the dense search: the numbers solved hold their values.
    Searched {
        values: Vec<G::Score>,
        state: StateBits,
        positions: usize,
    },
    /// Filled by the hashed search.
    Hashed(HashedMemo<G>),
}

impl<G: ScoringGame> Memo<G> {
    /// The value of `position` for the player to move, if it was solved.
    /// `checked`: a numbered position's number must be its own
    /// (`dense_position` gives it back), so a position sharing a number
    /// with another, never met by the solve, reads as not solved rather
    /// than as the other's value.
    pub(super) fn value(
        &self,
        game: &G,
        position: &G::Position,
        checked: bool,
    ) -> Option<G::Score> {
        let own =
            |number: usize| !checked || game.dense_position(number).as_ref() == Some(position);
        match self {
            Self::Swept { values, .. } => {
                let number = game.dense_index(position)?;
                let value = value_of_cell(*values.get(number)?)?;
                own(number).then_some(value)
            }
            Self::Searched { values, state, .. } => {
                let number = game.dense_index(position)?;
                let value = *values.get(number)?;
                (state.get(number) == State::Solved && own(number)).then_some(value)
            }
            Self::Hashed(map) => map.get(position).copied().flatten(),
        }
    }

    /// How many positions are solved (after a sweep: every position listed).
    pub(super) fn len(&self) -> usize {
        match self {
            Self::Swept { positions, .. } | Self::Searched { positions, .. } => *positions,
            Self::Hashed(map) => map.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_bits_keep_each_number_apart() {
        let mut state = StateBits::new(100, Budget::default(), "test").unwrap();
        for n in 0..100 {
            assert_eq!(state.get(n), State::Unknown);
        }
        state.set(31, State::OnLine);
        state.set(32, State::Solved);
        state.set(33, State::OnLine);
        state.set(33, State::Solved);
        assert_eq!(state.get(30), State::Unknown);
        assert_eq!(state.get(31), State::OnLine);
        assert_eq!(state.get(32), State::Solved);
        assert_eq!(state.get(33), State::Solved);
        assert_eq!(state.get(34), State::Unknown);
        assert_eq!(StateBits::bytes(100), 32);
    }

    #[test]
    fn hash_table_bytes_follow_the_buckets() {
        assert_eq!(hash_table_bytes(0, 8), 0);
        assert_eq!(hash_table_bytes(3, 8), 4 * 9 + 16);
        assert_eq!(hash_table_bytes(7, 8), 8 * 9 + 16);
        assert_eq!(hash_table_bytes(14, 8), 16 * 9 + 16);
        assert_eq!(hash_table_bytes(15, 8), 32 * 9 + 16);
    }

    /// The formula agrees with std's map: a full table reserved to the
    /// target the search asks for gets the buckets the formula charges.
    #[test]
    fn hash_buckets_match_std_growth() {
        /// Entries a table of `buckets` buckets holds (hashbrown's rule).
        fn capacity_of(buckets: u128) -> usize {
            (if buckets < 8 {
                buckets - 1
            } else {
                buckets / 8 * 7
            }) as usize
        }
        let mut map: AHashMap<u64, Option<i64>> = AHashMap::default();
        let mut key = 0;
        while map.capacity() < 100_000 {
            while map.len() < map.capacity() {
                map.insert(key, None);
                key += 1;
            }
            let target = (2 * map.capacity()).max(3);
            let additional = target - map.len();
            map.try_reserve(additional).unwrap();
            assert_eq!(
                map.capacity(),
                capacity_of(hash_buckets(target)),
                "{target}"
            );
            assert_eq!(hash_buckets(map.capacity()), hash_buckets(target));
        }
    }
}
