//! Nim: take any positive number of stones from one heap.
//!
//! A heap of `n` stones has Grundy value `n`, so a position is a second-player
//! win under normal play exactly when the XOR of the heaps is zero (Bouton).
//! From a non-zero XOR `x`, a heap `y` holding the highest set bit of `x` can be
//! reduced to `y ^ x < y`. Under misère play the rule changes only when every
//! heap is 0 or 1 ([`crate::impartial::misere::nim_rule_outcome`]).
//!
//! Games that are Nim in disguise are solved here too: AtCoder ABC 368 F
//! "Dividing Game" (replace a number by a proper divisor) is Nim with one heap
//! per number, its count of prime factors with multiplicity.
//!
//! Cost: [`Nim::outcome`], [`Nim::nimber`] and [`Nim::winning_move`] are one
//! pass over the heaps, O(n); [`Nim::solve`] plays its line out, O(n) per move.

use crate::impartial::HeapMove;
use crate::impartial::ImpartialGame;
use crate::impartial::line::{LinePlay, first_largest, play_line};
use crate::impartial::misere::{nim_rule_move, nim_rule_outcome};
use crate::{Budget, Convention, Nimber, Outcome, Result, Solution};
use std::ops::ControlFlow;

/// Nim: the rules, and the solver of any position (a list of heap sizes, each
/// up to `u64::MAX`).
///
/// # Example
/// ```
/// use stonegame::impartial::nim::Nim;
/// use stonegame::{Convention, Nimber, Outcome};
///
/// let nim = Nim::new();
/// assert_eq!(nim.outcome(&[3, 4, 5]), Outcome::First);
/// assert_eq!(nim.nimber(&[3, 4, 5])?, Nimber(2));
/// let solution = nim.solve(&[3, 4, 5])?;
/// assert_eq!(solution.best_move().unwrap().to_string(), "1:3->1");
///
/// // Misère play: whoever takes the last stone loses.
/// let misere = Nim::new().with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&[1, 1]), Outcome::First);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim {
    convention: Convention,
    budget: Budget,
}

impl Nim {
    /// Nim under normal play (whoever takes the last stone wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::nim::Nim, Convention};
    /// assert_eq!(Nim::new().convention(), Convention::Normal);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::nim::Nim, Convention, Outcome};
    /// let misere = Nim::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&[1, 1, 1]), Outcome::Second);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::nim::Nim, Convention};
    /// assert_eq!(Nim::new().with_convention(Convention::Misere).convention(), Convention::Misere);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Who wins the position `heaps`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::nim::Nim;
    /// use stonegame::{Convention, Outcome};
    ///
    /// assert_eq!(Nim::new().outcome(&[1, 2, 3]), Outcome::Second);
    /// assert_eq!(Nim::new().outcome(&[1, 1]), Outcome::Second);
    /// assert_eq!(Nim::new().with_convention(Convention::Misere).outcome(&[1, 1]), Outcome::First);
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        match self.convention {
            Convention::Normal => normal_nimber(heaps).normal_outcome(),
            Convention::Misere => nim_rule_outcome(heaps),
        }
    }

    /// The Grundy value of the position: the XOR of the heap sizes.
    ///
    /// # Errors
    /// [`Error::UnsupportedConvention`](crate::Error::UnsupportedConvention)
    /// under misère play, where Grundy values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::nim::Nim, Convention, Nimber};
    /// assert_eq!(Nim::new().nimber(&[7])?, Nimber(7));
    /// assert_eq!(Nim::new().nimber(&[1, 2, 3])?, Nimber(0));
    /// assert!(Nim::new().with_convention(Convention::Misere).nimber(&[7]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self, heaps: &[u64]) -> crate::Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        Ok(normal_nimber(heaps))
    }

    /// A winning move, or `None` when the player to move loses (or, under
    /// misère play, when every heap is empty and the player to move has won).
    /// The first move of [`Nim::solve`], without playing out the line.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::nim::Nim;
    /// use stonegame::Convention;
    ///
    /// assert_eq!(Nim::new().winning_move(&[3, 4, 5]).unwrap().to_string(), "1:3->1");
    /// assert_eq!(Nim::new().winning_move(&[2, 2]), None);
    /// // Misère: from heaps 1 and 4, empty the 4 so the opponent must take the last stone.
    /// let misere = Nim::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.winning_move(&[1, 4]).unwrap().to_string(), "2:4->0");
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Option<HeapMove> {
        let (index, left) = match self.convention {
            Convention::Normal => {
                let total = normal_nimber(heaps).0;
                let index = heaps.iter().position(|&h| h ^ total < h)?;
                (index, heaps[index] ^ total)
            }
            Convention::Misere => nim_rule_move(heaps)?,
        };
        HeapMove::leaving(index, heaps[index], left).ok()
    }

    /// The whole answer: who wins, a winning move, and the winner's line
    /// against a loser who takes one stone from the largest heap (cut after
    /// `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// None in practice; the `Result` is the shape every game's `solve` has.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::nim::Nim;
    /// use stonegame::Outcome;
    ///
    /// let solution = Nim::new().solve(&[1, 2])?;
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["2:2->1", "1:1->0", "1:1->0"]);
    /// assert!(solution.is_line_complete());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, heaps: &[u64]) -> Result<Solution<Outcome, HeapMove>> {
        play_line(&mut NimLine(*self), heaps, self.outcome(heaps))
    }
}

struct NimLine(Nim);

impl LinePlay<u64> for NimLine {
    fn winning(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        Ok(self.0.winning_move(heaps))
    }

    fn reply(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        largest_heap_reply(heaps, 1)
    }

    fn apply(&self, heaps: &[u64], played: &HeapMove) -> Result<Vec<u64>> {
        played.apply(heaps)
    }
}

/// The loser's reply in games where the largest heap has a move whenever any
/// heap has one: `smallest` stones from the first largest heap, `None` when
/// that heap holds fewer.
/// The normal-play Grundy value of Nim heaps: their XOR.
pub(crate) fn normal_nimber(heaps: &[u64]) -> Nimber {
    heaps.iter().copied().map(Nimber).sum()
}

pub(crate) fn largest_heap_reply(heaps: &[u64], smallest: u64) -> Result<Option<HeapMove>> {
    match first_largest(heaps) {
        Some(index) if heaps[index] >= smallest => {
            HeapMove::take(index, heaps[index], smallest).map(Some)
        }
        _ => Ok(None),
    }
}

crate::game::delegate_solve_at!(Nim, [u64], HeapMove, plain);
crate::game::stateless_configure!(Nim);

crate::game::delegate_nimber_at!(Nim, [u64]);

impl ImpartialGame for Nim {
    type Position = u64;

    fn for_each_option(
        &self,
        heap: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..*heap).try_for_each(|left| visit(&[left]))
    }
}
