//! Where the generic negamax keeps what it knows: a hash map by default, or
//! arrays indexed by the game's dense numbering of its positions
//! ([`ScoringGame::dense_positions`]). The search loop is compiled once per
//! store, so the dense one runs without hashing or a branch on the store.

use super::ScoringGame;
use crate::{Budget, Error, Result};
use ahash::AHashMap;
use num_traits::Zero;

/// What the solver knows about a position.
#[derive(Debug, Clone)]
pub(super) enum Entry<P, M, T> {
    /// On the current search path: meeting it again means the game has a cycle.
    InProgress,
    /// Solved.
    Solved(Solved<P, M, T>),
}

#[derive(Debug, Clone)]
pub(super) struct Solved<P, M, T> {
    /// Best difference for the player to move.
    pub(super) value: T,
    /// Points scored by both players together along the chosen line.
    pub(super) total: T,
    /// The chosen move and where it leads; `None` at the end of the game.
    pub(super) best: Option<(M, P)>,
}

/// The memo of a solved game, as its table keeps it.
pub(super) type Memo<G> = AHashMap<
    <G as ScoringGame>::Position,
    Entry<<G as ScoringGame>::Position, <G as ScoringGame>::Move, <G as ScoringGame>::Score>,
>;

type GameSolved<G> =
    Solved<<G as ScoringGame>::Position, <G as ScoringGame>::Move, <G as ScoringGame>::Score>;

/// What the search knows of a position, as its hot loop reads it.
pub(super) enum Known<T> {
    Unknown,
    InProgress,
    Solved { value: T, total: T },
}

/// A memo the search can use.
pub(super) trait Store<G: ScoringGame>: Default {
    /// Bytes one more entry may take (0 when the store was paid for up front).
    const ENTRY_BYTES: u128;

    /// Bytes allocated up front.
    fn fixed_bytes(&self) -> u128;

    /// Positions entered so far.
    fn len(&self) -> usize;

    fn get(&self, game: &G, position: &G::Position) -> Result<Known<G::Score>>;

    /// Marks `position` as on the current line of play.
    fn begin(&mut self, game: &G, position: &G::Position) -> Result<()>;

    fn finish(&mut self, game: &G, position: G::Position, solved: GameSolved<G>) -> Result<()>;

    fn into_memo(self) -> Memo<G>;
}

/// The default memo: a hash map by position.
pub(super) struct HashedStore<G: ScoringGame>(Memo<G>);

impl<G: ScoringGame> Default for HashedStore<G> {
    fn default() -> Self {
        Self(AHashMap::default())
    }
}

impl<G: ScoringGame> Store<G> for HashedStore<G> {
    /// The entry, doubled for the hash table's spare capacity, plus its
    /// control bytes.
    const ENTRY_BYTES: u128 =
        (std::mem::size_of::<(G::Position, Entry<G::Position, G::Move, G::Score>)>() as u128 + 1)
            * 2;

    fn fixed_bytes(&self) -> u128 {
        0
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn get(&self, _: &G, position: &G::Position) -> Result<Known<G::Score>> {
        Ok(match self.0.get(position) {
            None => Known::Unknown,
            Some(Entry::InProgress) => Known::InProgress,
            Some(Entry::Solved(solved)) => Known::Solved {
                value: solved.value,
                total: solved.total,
            },
        })
    }

    fn begin(&mut self, _: &G, position: &G::Position) -> Result<()> {
        self.0.insert(position.clone(), Entry::InProgress);
        Ok(())
    }

    fn finish(&mut self, _: &G, position: G::Position, solved: GameSolved<G>) -> Result<()> {
        self.0.insert(position, Entry::Solved(solved));
        Ok(())
    }

    fn into_memo(self) -> Memo<G> {
        self.0
    }
}

const UNKNOWN: u8 = 0;
const IN_PROGRESS: u8 = 1;
const SOLVED: u8 = 2;

type DenseRest<G> = (
    <G as ScoringGame>::Position,
    Option<(<G as ScoringGame>::Move, <G as ScoringGame>::Position)>,
);

/// The memo of a densely numbered game: the state and scores read for every
/// move tried sit in small arrays apart from the positions and best moves,
/// which only the table reads.
pub(super) struct DenseStore<G: ScoringGame> {
    /// Per slot: unknown, on the current line of play, or solved.
    state: Vec<u8>,
    /// Value and total of each solved slot.
    scores: Vec<(G::Score, G::Score)>,
    /// Each solved slot's position and best move.
    rest: Vec<Option<DenseRest<G>>>,
    filled: usize,
}

impl<G: ScoringGame> Default for DenseStore<G> {
    fn default() -> Self {
        Self {
            state: Vec::new(),
            scores: Vec::new(),
            rest: Vec::new(),
            filled: 0,
        }
    }
}

impl<G: ScoringGame> DenseStore<G> {
    /// Bytes of one slot.
    const SLOT_BYTES: u128 = (1
        + std::mem::size_of::<(G::Score, G::Score)>()
        + std::mem::size_of::<Option<DenseRest<G>>>()) as u128;

    /// `count` empty slots, checked against `budget` before they are allocated.
    pub(super) fn new(count: usize, budget: Budget) -> Result<Self> {
        budget.check_bytes(
            (count as u128).saturating_mul(Self::SLOT_BYTES),
            "generic negamax dense memo (dense_positions() slots)",
        )?;
        let mut rest = Vec::new();
        rest.resize_with(count, || None);
        Ok(Self {
            state: vec![UNKNOWN; count],
            scores: vec![(G::Score::zero(), G::Score::zero()); count],
            rest,
            filled: 0,
        })
    }

    /// The slot of `position`, or the refusal of a numbering out of range.
    fn slot(&self, game: &G, position: &G::Position) -> Result<usize> {
        let slots = self.state.len();
        game.dense_index(position)
            .filter(|&index| index < slots)
            .ok_or_else(|| Error::InvalidParameter {
                name: "game",
                reason: format!(
                    "dense_index gave no number below dense_positions() = {slots} for a position"
                ),
            })
    }
}

impl<G: ScoringGame> Store<G> for DenseStore<G> {
    const ENTRY_BYTES: u128 = 0;

    fn fixed_bytes(&self) -> u128 {
        self.state.len() as u128 * Self::SLOT_BYTES
    }

    fn len(&self) -> usize {
        self.filled
    }

    fn get(&self, game: &G, position: &G::Position) -> Result<Known<G::Score>> {
        let slot = self.slot(game, position)?;
        Ok(match self.state[slot] {
            UNKNOWN => Known::Unknown,
            IN_PROGRESS => Known::InProgress,
            _ => {
                let (value, total) = self.scores[slot];
                Known::Solved { value, total }
            }
        })
    }

    fn begin(&mut self, game: &G, position: &G::Position) -> Result<()> {
        let slot = self.slot(game, position)?;
        self.filled += usize::from(self.state[slot] == UNKNOWN);
        self.state[slot] = IN_PROGRESS;
        Ok(())
    }

    fn finish(&mut self, game: &G, position: G::Position, solved: GameSolved<G>) -> Result<()> {
        let slot = self.slot(game, &position)?;
        self.state[slot] = SOLVED;
        self.scores[slot] = (solved.value, solved.total);
        self.rest[slot] = Some((position, solved.best));
        Ok(())
    }

    fn into_memo(self) -> Memo<G> {
        let mut memo = AHashMap::with_capacity_and_hasher(self.filled, Default::default());
        for ((value, total), slot) in self.scores.into_iter().zip(self.rest) {
            if let Some((position, best)) = slot {
                memo.insert(position, Entry::Solved(Solved { value, total, best }));
            }
        }
        memo
    }
}
