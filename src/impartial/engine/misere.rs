//! Misère play: whoever makes the last move loses.
//!
//! Grundy values do not add under misère play in general. Two tools here:
//!
//! - [`nim_rule_outcome`] / [`nim_rule_move`]: Bouton's misère Nim rule. Play
//!   as in normal Nim unless every heap is 0 or 1; then the player to move
//!   wins exactly when the number of 1-heaps is even. It is valid for Nim, and
//!   for sums of boxes (take 1..=a) applied to the residues `x mod (a + 1)`
//!   (the tests check both against exhaustive search). It is **not** valid for
//!   games in general, and this crate never applies it elsewhere.
//! - [`ExactSearch`]: the exact outcome of any sum under either convention,
//!   by memoised search over canonical sums (the components sorted into a
//!   multiset, so sums that differ only in order are one state). It is the
//!   reference for every fast path and the fallback where no rule is proven.

use ahash::{AHashMap, AHashSet};
use std::ops::ControlFlow;

use crate::impartial::ImpartialGame;
use crate::impartial::sum::SumMove;
use crate::{Budget, Convention, Error, Outcome, Result};

/// The misère outcome of a Nim position (heap sizes, or box residues).
///
/// # Example
/// ```
/// use stonegame::{impartial::misere::nim_rule_outcome, Outcome};
///
/// assert_eq!(nim_rule_outcome(&[1, 1, 1]), Outcome::Second); // odd number of 1-heaps
/// assert_eq!(nim_rule_outcome(&[1, 1]), Outcome::First);
/// assert_eq!(nim_rule_outcome(&[2, 2]), Outcome::Second); // as in normal Nim
/// assert_eq!(nim_rule_outcome(&[]), Outcome::First);     // the opponent took the last stone
/// ```
pub fn nim_rule_outcome(heaps: &[u64]) -> Outcome {
    if heaps.iter().all(|&h| h <= 1) {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        if ones % 2 == 0 {
            Outcome::First
        } else {
            Outcome::Second
        }
    } else if heaps.iter().fold(0, |acc, &h| acc ^ h) != 0 {
        Outcome::First
    } else {
        Outcome::Second
    }
}

/// A winning misère Nim move as `(heap index, new heap size)`, or `None` when
/// the position is a second-player win or every heap is empty.
///
/// # Example
/// ```
/// use stonegame::impartial::misere::nim_rule_move;
///
/// // One heap above 1: leave an odd number of 1-heaps.
/// assert_eq!(nim_rule_move(&[1, 5]), Some((1, 0)));
/// assert_eq!(nim_rule_move(&[5]), Some((0, 1)));
/// assert_eq!(nim_rule_move(&[3, 4, 5]), Some((0, 1))); // normal Nim move
/// assert_eq!(nim_rule_move(&[1, 1, 1]), None);
/// ```
pub fn nim_rule_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let mut big = heaps.iter().enumerate().filter(|(_, h)| **h >= 2);
    match (big.next(), big.next()) {
        (None, _) => {
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            let first_one = heaps.iter().position(|&h| h == 1);
            if ones % 2 == 0 {
                first_one.map(|i| (i, 0))
            } else {
                None
            }
        }
        (Some((index, _)), None) => {
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            Some((index, if ones % 2 == 0 { 1 } else { 0 }))
        }
        _ => {
            let total = heaps.iter().fold(0, |acc, &h| acc ^ h);
            heaps
                .iter()
                .position(|&h| h ^ total < h)
                .map(|i| (i, heaps[i] ^ total))
        }
    }
}

/// Exact outcomes of sums by memoised search over canonical sums.
///
/// A state is a sorted multiset of component positions; the memo records
/// whether the player to move wins. The search is iterative and bounded by
/// the budget: its memory ([`Error::MemoryBudgetExceeded`], raise it with
/// [`Budget::from_bytes`]) and its work cap ([`Error::WorkLimitExceeded`],
/// [`ExactSearch::DEFAULT_WORK`] unless [`Budget::with_work`] sets one).
/// The sums it holds are also counted, up to
/// [`ExactSearch::DEFAULT_MAX_POSITIONS`] unless
/// [`ExactSearch::with_max_positions`] sets another
/// ([`Error::SizeLimitExceeded`]); the misère calls of
/// [`GrundySolver`](crate::impartial::grundy::GrundySolver) set none, so
/// there the budget alone bounds the search.
///
/// # Example
/// ```
/// use stonegame::impartial::{subtraction::SubtractionSet, misere::ExactSearch};
/// use stonegame::{Convention, Outcome};
///
/// let game = SubtractionSet::new([1, 3]).unwrap();
/// let search = ExactSearch::default();
/// assert_eq!(search.outcome(&game, &[2, 2]).unwrap(), Outcome::Second);
/// let misere = search.with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&game, &[2, 2]).unwrap(), Outcome::First);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactSearch {
    budget: Budget,
    max_positions: usize,
    convention: Convention,
}

impl Default for ExactSearch {
    fn default() -> Self {
        Self {
            budget: Budget::default(),
            max_positions: Self::DEFAULT_MAX_POSITIONS,
            convention: Convention::Normal,
        }
    }
}

impl ExactSearch {
    /// Default cap on the number of canonical sums one search may hold
    /// (a quick refusal of hopeless sums, such as two heaps of 10^18;
    /// `usize::MAX` leaves the search to the memory budget and work cap).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::misere::ExactSearch;
    /// assert_eq!(ExactSearch::DEFAULT_MAX_POSITIONS, 1 << 20);
    /// ```
    pub const DEFAULT_MAX_POSITIONS: usize = 1 << 20;

    /// Default work cap of one search, in steps of about a nanosecond like
    /// every other work cap: [`ExactSearch::OPTION_STEPS`] an option of the
    /// sums it expands and [`ExactSearch::COMPONENT_STEPS`] a component the
    /// option copies, so the default is about ten seconds.
    /// `Budget::with_work` sets another.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::misere::ExactSearch::DEFAULT_WORK, 10_000_000_000);
    /// ```
    pub const DEFAULT_WORK: u64 = 10_000_000_000;

    /// Steps charged to an option beyond its components: the allocation,
    /// sort and memo look-ups of the sum it leads to. An option cost about
    /// 50 ns plus 17 a component (`subtraction --misere`: 81 ns at two
    /// components, 89 at three, 470 at 24; 2026-12-02, release, quiet).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::misere::ExactSearch::OPTION_STEPS, 64);
    /// ```
    #[cfg(not(stonegame_bundle))]
    pub const OPTION_STEPS: u64 = 64;

    /// Steps charged to an option for each component of the sum it copies,
    /// sorts and hashes (see [`ExactSearch::OPTION_STEPS`]).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::misere::ExactSearch::COMPONENT_STEPS, 16);
    /// ```
    #[cfg(not(stonegame_bundle))]
    pub const COMPONENT_STEPS: u64 = 16;

    /// A search with the default memory budget and position cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::misere::ExactSearch;
    /// assert_eq!(ExactSearch::new(), ExactSearch::default());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same search with its memo limited to `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::misere::ExactSearch, Budget};
    /// let _search = ExactSearch::new().with_budget(Budget::from_mebibytes(64));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The same search under `convention` (normal play by default).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{misere::ExactSearch, Nim};
    /// use stonegame::{Convention, Outcome};
    /// let misere = ExactSearch::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.convention(), Convention::Misere);
    /// assert_eq!(misere.outcome(&Nim::new(), &[1, 1]).unwrap(), Outcome::First);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::misere::ExactSearch, Convention};
    /// assert_eq!(ExactSearch::new().convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::misere::ExactSearch, Budget};
    /// assert_eq!(ExactSearch::new().budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same search with a different cap on the canonical sums it holds
    /// (`usize::MAX`: none, the memory budget bounds them).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, misere::ExactSearch};
    /// use stonegame::{Convention, Error};
    ///
    /// let tiny = ExactSearch::default().with_max_positions(10);
    /// let err = tiny.with_convention(Convention::Misere).outcome(&Nim::new(), &[5, 6, 7]).unwrap_err();
    /// assert!(matches!(err, Error::SizeLimitExceeded { .. }));
    /// ```
    pub fn with_max_positions(self, max_positions: usize) -> Self {
        Self {
            max_positions,
            ..self
        }
    }

    /// The exact outcome of the sum `components` under the search's convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, misere::ExactSearch};
    /// use stonegame::{Convention, Outcome};
    ///
    /// let search = ExactSearch::default();
    /// assert_eq!(search.with_convention(Convention::Misere).outcome(&Nim::new(), &[1, 1, 1]).unwrap(), Outcome::Second);
    /// assert_eq!(search.outcome(&Nim::new(), &[1, 1, 1]).unwrap(), Outcome::First);
    /// ```
    pub fn outcome<G>(&self, game: &G, components: &[G::Position]) -> Result<Outcome>
    where
        G: ImpartialGame,
        G::Position: Ord,
    {
        Run::new(game, self.convention, *self).outcome(components)
    }

    /// A winning move in the sum under the search's convention: the component (index into
    /// `components`) and the option replacing it; `None` when every move loses
    /// or there is no move.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, misere::ExactSearch};
    /// use stonegame::Convention;
    ///
    /// let misere = ExactSearch::default().with_convention(Convention::Misere);
    /// let m = misere.winning_move(&Nim::new(), &[1, 4]).unwrap().unwrap();
    /// assert_eq!((m.component, m.option), (1, vec![0])); // leave a single 1-heap
    /// ```
    pub fn winning_move<G>(
        &self,
        game: &G,
        components: &[G::Position],
    ) -> Result<Option<SumMove<Vec<G::Position>>>>
    where
        G: ImpartialGame,
        G::Position: Ord,
    {
        Run::new(game, self.convention, *self).winning_move(components)
    }
}

crate::game::delegate_configure!(ExactSearch);

fn canonical<P: Ord>(mut sum: Vec<P>) -> Vec<P> {
    sum.sort_unstable();
    sum
}

/// The canonical sums an exact search has decided, kept between searches
/// (a [`GrundySolver`](crate::impartial::grundy::GrundySolver) keeps one,
/// so its calls and the moves of a line reuse each other's work): whether
/// the player to move wins each, under one convention.
#[derive(Clone, Debug)]
pub(crate) struct SumMemo<P> {
    wins: AHashMap<Vec<P>, bool>,
    /// Bytes of the memo, as charged against the budget.
    bytes: u128,
}

impl<P> Default for SumMemo<P> {
    fn default() -> Self {
        Self {
            wins: AHashMap::default(),
            bytes: 0,
        }
    }
}

impl<P> SumMemo<P> {
    /// How many sums are decided.
    pub(crate) fn len(&self) -> usize {
        self.wins.len()
    }
}

/// One search: the memo of canonical sums, shared by the queries of one
/// call, or kept by a solver across calls and the moves of a line.
pub(crate) struct Run<G: ImpartialGame> {
    game: G,
    convention: Convention,
    limits: ExactSearch,
    wins: AHashMap<Vec<G::Position>, bool>,
    /// Bytes of the memo.
    bytes: u128,
    /// Bytes of the sums waiting on the stack and on the current path.
    pending_bytes: u128,
    /// Steps charged so far, against `work_cap`.
    work: u64,
    work_cap: u64,
}

impl<G> Run<G>
where
    G: ImpartialGame,
    G::Position: Ord,
{
    pub(crate) fn new(game: G, convention: Convention, limits: ExactSearch) -> Self {
        Self::with_memo(game, convention, limits, SumMemo::default())
    }

    /// A search that starts from the sums `memo` has decided (under the
    /// same game and `convention`); its work cap counts this search only.
    pub(crate) fn with_memo(
        game: G,
        convention: Convention,
        limits: ExactSearch,
        memo: SumMemo<G::Position>,
    ) -> Self {
        Self {
            game,
            convention,
            limits,
            wins: memo.wins,
            bytes: memo.bytes,
            pending_bytes: 0,
            work: 0,
            work_cap: limits.budget.work_or(ExactSearch::DEFAULT_WORK),
        }
    }

    /// The sums decided so far (every entry is exact, even after a refusal:
    /// a sum is stored only once decided).
    pub(crate) fn into_memo(self) -> SumMemo<G::Position> {
        SumMemo {
            wins: self.wins,
            bytes: self.bytes,
        }
    }

    /// Bytes one sum occupies in a list or as a key.
    fn sum_bytes(state: &[G::Position]) -> u128 {
        (std::mem::size_of::<(Vec<G::Position>, bool)>() + std::mem::size_of_val(state)) as u128
    }

    /// Checks the memo and the pending sums together against the budget.
    fn check_memory(&self) -> Result<()> {
        self.limits.budget.check_bytes(
            self.bytes.saturating_add(self.pending_bytes),
            "exact sum search (memo, stack and path)",
        )
    }

    /// The outcome of the sum `components`.
    pub(crate) fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome> {
        Ok(if self.solve(canonical(components.to_vec()))? {
            Outcome::First
        } else {
            Outcome::Second
        })
    }

    /// A winning move in the sum `components`, as [`ExactSearch::winning_move`].
    pub(crate) fn winning_move(
        &mut self,
        components: &[G::Position],
    ) -> Result<Option<SumMove<Vec<G::Position>>>> {
        for (index, component) in components.iter().enumerate() {
            let options = self.options_within_caps(component)?;
            for option in options {
                let mut next: Vec<G::Position> = components.to_vec();
                next.remove(index);
                next.extend(option.iter().cloned());
                if !self.solve(canonical(next))? {
                    return Ok(Some(SumMove {
                        component: index,
                        option,
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Whether the player to move wins the canonical sum `root`.
    fn solve(&mut self, root: Vec<G::Position>) -> Result<bool> {
        self.pending_bytes = Self::sum_bytes(&root);
        // The watch lives for the call (a kept search stays `Sync`); only
        // decided sums are memoised, so a cancel leaves no guess behind.
        let watch = self.limits.budget.watch("exact search over sums", None);
        let work_before = self.work;
        let mut stack = vec![(root.clone(), false)];
        let mut on_path: AHashSet<Vec<G::Position>> = AHashSet::default();
        while let Some((state, expanded)) = stack.pop() {
            self.pending_bytes -= Self::sum_bytes(&state);
            if self.wins.contains_key(&state) {
                continue;
            }
            watch.poll(self.work - work_before)?;
            let successors = self.successors(&state)?;
            let no_moves = successors.is_empty();
            let known_loss = successors.iter().any(|s| self.wins.get(s) == Some(&false));
            // Moved, not cloned: a sum's option list can be most of the budget.
            let unknown: Vec<_> = successors
                .into_iter()
                .filter(|s| !self.wins.contains_key(s))
                .collect();
            if !known_loss && !unknown.is_empty() {
                if expanded {
                    return Err(cycle());
                }
                if on_path.insert(state.clone()) {
                    self.pending_bytes += Self::sum_bytes(&state);
                }
                if unknown.iter().any(|s| on_path.contains(s)) {
                    return Err(cycle());
                }
                // Pending states count against the cap too: a deep game
                // would otherwise grow the stack without bound.
                let pending = stack.len() + unknown.len() + self.wins.len();
                if pending >= self.limits.max_positions {
                    return Err(self.too_many(pending));
                }
                self.pending_bytes += Self::sum_bytes(&state)
                    + unknown.iter().map(|s| Self::sum_bytes(s)).sum::<u128>();
                self.check_memory()?;
                stack.push((state, true));
                stack.extend(unknown.into_iter().map(|s| (s, false)));
                continue;
            }
            if on_path.remove(&state) {
                self.pending_bytes -= Self::sum_bytes(&state);
            }
            let wins = if no_moves {
                self.convention == Convention::Misere
            } else {
                known_loss
            };
            self.remember(state, wins)?;
        }
        self.wins.get(&root).copied().ok_or_else(cycle)
    }

    /// The options of one component, counted against the work cap and the
    /// memory budget as they are listed.
    fn options_within_caps(&mut self, component: &G::Position) -> Result<Vec<Vec<G::Position>>> {
        let (mut work, cap) = (self.work, self.work_cap);
        let budget = self.limits.budget.bytes();
        let held = self.bytes.saturating_add(self.pending_bytes);
        let mut listed_bytes: u128 = 0;
        let mut options = Vec::new();
        let flow = self.game.for_each_option(component, |option| {
            // COMPONENT_STEPS an option: it is copied out like a component.
            work = work.saturating_add(16);
            listed_bytes +=
                (std::mem::size_of::<Vec<G::Position>>() + std::mem::size_of_val(option)) as u128;
            if work > cap || held.saturating_add(listed_bytes) > budget {
                return ControlFlow::Break(());
            }
            options.push(option.to_vec());
            ControlFlow::Continue(())
        });
        self.work = work.min(cap);
        if flow.is_break() {
            if work > cap {
                return Err(Error::WorkLimitExceeded {
                    what: "the exact search over sums (listing the options of a component for \
                           a winning move)"
                        .into(),
                    steps: cap,
                });
            }
            return Err(Error::MemoryBudgetExceeded {
                what: "exact sum search (memo, stack and the options being listed)",
                needed_bytes: held.saturating_add(listed_bytes),
                budget_bytes: budget,
            });
        }
        Ok(options)
    }

    /// Every canonical sum one move away; equal components are tried once.
    fn successors(&mut self, state: &[G::Position]) -> Result<Vec<Vec<G::Position>>> {
        let mut result = Vec::new();
        // Each option copies the whole sum: work and memory are checked per
        // option, before the copy, so a huge option list is refused as it is
        // listed rather than after it was built.
        let (mut work, cap) = (self.work, self.work_cap);
        let held = self.bytes.saturating_add(self.pending_bytes);
        let mut listed_bytes: u128 = 0;
        let option_bytes = Self::sum_bytes(state);
        let budget = self.limits.budget.bytes();
        let mut refusal: Option<Error> = None;
        for (index, component) in state.iter().enumerate() {
            if index > 0 && state[index - 1] == *component {
                continue;
            }
            let _ = self.game.for_each_option(component, |option| {
                // COMPONENT_STEPS and OPTION_STEPS (literals: the constants
                // stay out of bundles).
                work = work.saturating_add(state.len() as u64 * 16 + 64);
                listed_bytes += option_bytes + std::mem::size_of_val(option) as u128;
                if work > cap {
                    refusal = Some(Error::WorkLimitExceeded {
                        what: format!("the exact search over sums of {} components", state.len()),
                        steps: cap,
                    });
                    return ControlFlow::Break(());
                }
                if held.saturating_add(listed_bytes) > budget {
                    refusal = Some(Error::MemoryBudgetExceeded {
                        what: "exact sum search (memo, stack and the options being listed)",
                        needed_bytes: held.saturating_add(listed_bytes),
                        budget_bytes: budget,
                    });
                    return ControlFlow::Break(());
                }
                let mut next = Vec::with_capacity(state.len() - 1 + option.len());
                next.extend_from_slice(&state[..index]);
                next.extend_from_slice(&state[index + 1..]);
                next.extend_from_slice(option);
                result.push(canonical(next));
                ControlFlow::Continue(())
            });
            if let Some(error) = refusal {
                return Err(error);
            }
        }
        self.work = work;
        Ok(result)
    }

    fn too_many(&self, count: usize) -> Error {
        Error::SizeLimitExceeded {
            what: "number of sums held by the exact search (raise it with \
                   ExactSearch::with_max_positions)",
            value: count as u128,
            limit: self.limits.max_positions as u128,
        }
    }

    fn remember(&mut self, state: Vec<G::Position>, wins: bool) -> Result<()> {
        if self.wins.len() >= self.limits.max_positions {
            return Err(self.too_many(self.wins.len() + 1));
        }
        let entry = std::mem::size_of::<(Vec<G::Position>, bool)>()
            + state.len() * std::mem::size_of::<G::Position>();
        self.bytes = self.bytes.saturating_add(2 * entry as u128 + 1);
        self.check_memory()?;
        self.wins.insert(state, wins);
        Ok(())
    }
}

fn cycle() -> Error {
    Error::CyclicGame {
        position: "a position".to_string(),
        detail: "found by the exact sum search".to_string(),
    }
}
