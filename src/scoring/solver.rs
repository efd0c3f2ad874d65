//! The generic negamax solver: memoised with `ahash`, iterative (an explicit
//! stack), so the depth of a game never touches the call stack.
//!
//! Each position's moves are generated once: the frames on the stack keep
//! their move lists one after another in a single vector, so memory grows
//! with the positions solved plus the moves listed along the current line
//! (all counted against the budget). A game that numbers its positions
//! densely ([`ScoringGame::dense_positions`]) is memoised in a vector instead
//! of a hash map: array speed, as a hand-written DP has.

use super::memo::{DenseStore, Entry, HashedStore, Known, Memo, Solved, Store};
use super::{ScoringGame, overflow, totals_from};
use crate::{Budget, Error, Outcome, Result, Solution};
use num_traits::Zero;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// One position being expanded on the explicit stack: where it is in its
/// move list, not the list itself.
struct Frame<P, T> {
    position: P,
    /// Where this frame's moves start in the search's move list.
    first: usize,
    next: usize,
    best: Option<Candidate<T>>,
}

#[derive(Clone, Copy)]
struct Candidate<T> {
    value: T,
    total: T,
    index: usize,
}

/// The generic solver for any [`ScoringGame`]: memoised negamax on the value
/// difference, from the game's start.
///
/// Iterative: positions wait on an explicit stack, so a game whose lines are
/// millions of moves long does not overflow the call stack. Arithmetic is
/// checked ([`Error::ScoreOverflow`]); the memo table and the stack are
/// counted against the budget ([`Error::MemoryBudgetExceeded`]); the moves
/// tried are counted against the work cap, [`Negamax::DEFAULT_WORK`] unless
/// [`Budget::with_work`] sets one ([`Error::WorkLimitExceeded`]); a position
/// met again on its own line of play means the game is not finite
/// ([`Error::CyclicGame`]).
///
/// Ties between equally good moves go to the earliest in
/// [`ScoringGame::moves`] order.
///
/// | method | answers |
/// |---|---|
/// | [`value`](Negamax::value), [`outcome`](Negamax::outcome) | the start's value and winner |
/// | [`solve`](Negamax::solve) | value, outcome and the whole optimal line |
/// | [`table`](Negamax::table) | value and best move of every position reachable from the start |
///
/// The search runs once: its table is kept, and every later call answers
/// from it ([`Negamax::with_budget`] starts afresh). A refused search keeps
/// nothing, so a call after a refusal searches again.
///
/// # Example
/// ```
/// use stonegame::scoring::{Ends, Negamax};
/// use stonegame::Outcome;
///
/// let game = Ends::new(vec![5i64, 3, 4, 5])?;
/// let solver = Negamax::new(&game);
/// assert_eq!(solver.value()?, 1);
/// assert_eq!(solver.outcome()?, Outcome::First);
/// assert_eq!(solver.solve()?.line().len(), 4);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub struct Negamax<G: ScoringGame> {
    game: G,
    budget: Budget,
    /// The solved table, once a search has succeeded.
    solved: OnceLock<NegamaxTable<G>>,
}

impl<G: ScoringGame + std::fmt::Debug> std::fmt::Debug for Negamax<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Negamax")
            .field("game", &self.game)
            .field("budget", &self.budget)
            .field("solved", &self.solved.get().is_some())
            .finish()
    }
}

/// A clone starts without the solved table (the table holds every position).
impl<G: ScoringGame + Clone> Clone for Negamax<G> {
    fn clone(&self) -> Self {
        Self::new(self.game.clone()).with_budget(self.budget)
    }
}

impl<G: ScoringGame> Negamax<G> {
    /// The work cap without [`Budget::with_work`]: moves tried (and moves
    /// generated again) in one search, about ten seconds of hashing.
    pub const DEFAULT_WORK: u64 = 100_000_000;

    /// A solver for `game` (pass `&game` to keep the game) with the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let value = Negamax::new(Front::new(vec![1i64, 2, 3, -9], 3)?).value()?;
    /// assert_eq!(value, 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(game: G) -> Self {
        Self {
            game,
            budget: Budget::default(),
            solved: OnceLock::new(),
        }
    }

    /// The same solver with `budget` for its memo and stack, and its work cap.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// use stonegame::{Budget, Error};
    /// let game = Ends::new(vec![1i64; 100])?;
    /// let small = Negamax::new(&game).with_budget(Budget::from_bytes(4096));
    /// assert!(matches!(small.value(), Err(Error::MemoryBudgetExceeded { .. })));
    /// let capped = Negamax::new(&game).with_budget(Budget::default().with_work(1000));
    /// assert!(matches!(capped.value(), Err(Error::WorkLimitExceeded { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            solved: OnceLock::new(),
            ..self
        }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// use stonegame::Budget;
    /// let game = Ends::new(vec![1i64, 2])?;
    /// let solver = Negamax::new(&game).with_budget(Budget::from_mebibytes(1));
    /// assert_eq!(solver.budget(), Budget::from_mebibytes(1));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2])?;
    /// assert_eq!(Negamax::new(&game).game().values(), &[1, 2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// First player's total minus second's under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).value()?, -1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> Result<G::Score> {
        Ok(self.table()?.value())
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// use stonegame::Outcome;
    /// let game = Front::new(vec![1i64, 2, 3, 6], 3)?;
    /// assert_eq!(Negamax::new(&game).outcome()?, Outcome::Draw);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(Outcome::from_difference(self.value()?))
    }

    /// Value, outcome and the whole optimal line from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// let solution = Negamax::new(&game).solve()?;
    /// assert_eq!(solution.value(), -1);
    /// assert_eq!(solution.line(), &[3, 1]);
    /// assert_eq!(solution.best_move(), Some(&3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<G::Score, G::Move>> {
        Ok(self.table()?.solution())
    }

    /// Solves every position reachable from the start: the memo, with
    /// `value_at` and `best_move` for each. The first call searches; later
    /// calls return the same table.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends, Negamax};
    /// let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
    /// let solver = Negamax::new(&game);
    /// let table = solver.table()?;
    /// assert_eq!(table.value(), 1);
    /// assert_eq!(table.best_move(&(1, 5)), Some(&End::Left)); // after the first player took 4
    /// assert_eq!(table.value_at(&(1, 5)), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn table(&self) -> Result<&NegamaxTable<G>> {
        if let Some(table) = self.solved.get() {
            return Ok(table);
        }
        let table = self.search()?;
        Ok(self.solved.get_or_init(|| table))
    }

    /// The solver's table, taken out of it (searching first if needed).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.value(), -97);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_table(self) -> Result<NegamaxTable<G>> {
        match self.solved.into_inner() {
            Some(table) => Ok(table),
            None => Self {
                game: self.game,
                budget: self.budget,
                solved: OnceLock::new(),
            }
            .search(),
        }
    }

    fn search(&self) -> Result<NegamaxTable<G>> {
        let work_cap = self.budget.work_or(Self::DEFAULT_WORK);
        let start = self.game.start();
        // One search loop per store, each compiled for its store.
        let entries = match self.game.dense_positions() {
            Some(count) => {
                let store = DenseStore::new(count, self.budget)?;
                Search::new(&self.game, self.budget, work_cap, store).run(start.clone())?
            }
            None => {
                let store = HashedStore::default();
                Search::new(&self.game, self.budget, work_cap, store).run(start.clone())?
            }
        };
        Ok(NegamaxTable { start, entries })
    }
}

/// Every position reachable from the start of a game, solved by [`Negamax`]:
/// the value and best move of each.
///
/// Ties between equally good moves go to the earliest in
/// [`ScoringGame::moves`] order.
///
/// # Example
/// ```
/// use stonegame::scoring::{Ends, Negamax};
/// let game = Ends::new(vec![1i64, 100, 2])?;
/// let table = Negamax::new(&game).into_table()?;
/// assert_eq!(table.value_at(&(1, 2)), Some(100));
/// assert_eq!(table.value_at(&(0, 9)), None); // not a position of this row
/// # Ok::<(), stonegame::Error>(())
/// ```
pub struct NegamaxTable<G: ScoringGame> {
    start: G::Position,
    entries: Memo<G>,
}

impl<G: ScoringGame> std::fmt::Debug for NegamaxTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NegamaxTable")
            .field("positions", &self.entries.len())
            .finish()
    }
}

impl<G: ScoringGame> NegamaxTable<G> {
    fn solved(&self, position: &G::Position) -> Option<&Solved<G::Position, G::Move, G::Score>> {
        match self.entries.get(position) {
            Some(Entry::Solved(solved)) => Some(solved),
            _ => None,
        }
    }

    fn root(&self) -> &Solved<G::Position, G::Move, G::Score> {
        match self.solved(&self.start) {
            Some(solved) => solved,
            None => unreachable!("a NegamaxTable is only built once the start is solved"),
        }
    }

    /// The start's value: first player's total minus second's.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, -9], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.value(), 15);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value(&self) -> G::Score {
        self.root().value
    }

    /// `(first player's total, second player's total)` along the optimal line
    /// from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.totals(), (6, 7));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn totals(&self) -> (G::Score, G::Score) {
        let root = self.root();
        totals_from(root.total, root.value)
    }

    /// The value of `position` for the player to move there, if it is
    /// reachable from the start (only those are solved).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// assert_eq!(Negamax::new(&game).table()?.value_at(&(0, 3)), Some(-97));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn value_at(&self, position: &G::Position) -> Option<G::Score> {
        self.solved(position).map(|s| s.value)
    }

    /// The best move from `position` (`None` at the end of the game or for an
    /// unreachable position).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 100, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.best_move(&(0, 3)), Some(&End::Left)); // both ends lose by 97
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn best_move(&self, position: &G::Position) -> Option<&G::Move> {
        self.solved(position)
            .and_then(|s| s.best.as_ref())
            .map(|(mv, _)| mv)
    }

    /// The optimal line of play from any solved `position` (empty if it is not solved).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.line_from(&2), vec![2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn line_from(&self, position: &G::Position) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut current = self.solved(position);
        while let Some((mv, next)) = current.and_then(|s| s.best.as_ref()) {
            line.push(mv.clone());
            current = self.solved(next);
        }
        line
    }

    /// The start's value, outcome and optimal line as a [`Solution`].
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, Negamax};
    /// let game = Front::new(vec![1i64, 2, 3, 7], 3)?;
    /// assert_eq!(Negamax::new(&game).table()?.solution().line(), &[3, 1]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solution(&self) -> Solution<G::Score, G::Move> {
        let value = self.value();
        Solution::new(
            value,
            Outcome::from_difference(value),
            self.line_from(&self.start),
        )
    }

    /// How many positions were solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2, 3])?;
    /// assert!(Negamax::new(&game).table()?.positions() >= 7);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// How many positions the table holds (as [`NegamaxTable::positions`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64, 2])?;
    /// let table = Negamax::new(&game).into_table()?;
    /// assert_eq!(table.len(), table.positions());
    /// assert!(!table.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table is empty (never, once solved: it holds the start).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, Negamax};
    /// let game = Ends::new(vec![1i64])?;
    /// assert!(!Negamax::new(&game).table()?.is_empty());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

struct Search<'g, G: ScoringGame, S> {
    game: &'g G,
    budget: Budget,
    work_cap: u64,
    work: u64,
    store: S,
    stack: Vec<Frame<G::Position, G::Score>>,
    /// The move lists of the frames on the stack, one after another: a frame's
    /// moves start at its `first` (so no list is ever generated twice).
    moves: Vec<G::Move>,
}

impl<'g, G: ScoringGame, S: Store<G>> Search<'g, G, S> {
    fn new(game: &'g G, budget: Budget, work_cap: u64, store: S) -> Self {
        Self {
            game,
            budget,
            work_cap,
            work: 0,
            store,
            stack: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Checks that the memo with `new_entries` more entries, the stack with
    /// `new_frames` more frames and `new_moves` more listed moves fit the budget.
    fn check_memory(&self, new_entries: usize, new_frames: usize, new_moves: usize) -> Result<()> {
        let frame = std::mem::size_of::<Frame<G::Position, G::Score>>() as u128;
        let needed = (self.store.len() + new_entries) as u128 * S::ENTRY_BYTES
            + (self.stack.len() + new_frames) as u128 * frame
            + (self.moves.len() + new_moves) as u128 * std::mem::size_of::<G::Move>() as u128
            + self.store.fixed_bytes();
        self.budget
            .check_bytes(needed, "generic negamax memo table, stack and move lists")
    }

    /// Counts `steps` of work against the cap.
    fn spend(&mut self, steps: usize) -> Result<()> {
        self.work = self.work.saturating_add(steps as u64);
        if self.work > self.work_cap {
            return Err(Error::WorkLimitExceeded {
                what: "generic negamax search".to_string(),
                steps: self.work_cap,
            });
        }
        Ok(())
    }

    fn push(&mut self, position: G::Position) -> Result<()> {
        let first = self.moves.len();
        let moves = &mut self.moves;
        let _ = self.game.for_each_move(&position, |mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        });
        let listed = self.moves.len() - first;
        self.check_memory(1, 1, 0)?;
        self.spend(listed)?;
        self.store.begin(self.game, &position)?;
        self.stack.push(Frame {
            position,
            first,
            next: 0,
            best: None,
        });
        Ok(())
    }

    fn run(&mut self, start: G::Position) -> Result<Memo<G>> {
        self.push(start)?;
        while let Some(frame) = self.stack.last_mut() {
            // Go through the top frame's moves while their children are
            // solved (the hot loop: no allocation, no call of `moves`).
            let moves = &self.moves[frame.first..];
            let mut unknown = None;
            while let Some(mv) = moves.get(frame.next) {
                let (points, child) = self.game.play(&frame.position, mv);
                match self.store.get(self.game, &child)? {
                    Known::Solved { value, total } => {
                        let candidate = candidate(points, value, total, frame.next)?;
                        if frame.best.is_none_or(|best| candidate.value > best.value) {
                            frame.best = Some(candidate);
                        }
                        frame.next += 1;
                    }
                    Known::InProgress => {
                        return Err(Error::CyclicGame {
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
        Ok(std::mem::take(&mut self.store).into_memo())
    }

    /// Records the top frame's best move, pops it and drops its move list.
    fn finish_top(&mut self) -> Result<()> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        let solved = match frame.best {
            None => Solved {
                value: G::Score::zero(),
                total: G::Score::zero(),
                best: None,
            },
            Some(best) => {
                let mv = self.moves[frame.first + best.index].clone();
                let (_, child) = self.game.play(&frame.position, &mv);
                Solved {
                    value: best.value,
                    total: best.total,
                    best: Some((mv, child)),
                }
            }
        };
        self.moves.truncate(frame.first);
        self.store.finish(self.game, frame.position, solved)
    }
}

/// The candidate of move `index`: it scores `points` and leads to a child of
/// `value` (for its mover) and `total` points scored.
fn candidate<T: super::Score>(points: T, value: T, total: T, index: usize) -> Result<Candidate<T>> {
    Ok(Candidate {
        value: points
            .checked_sub(&value)
            .ok_or_else(|| overflow::<T>("a position's value difference does not fit"))?,
        total: points
            .checked_add(&total)
            .ok_or_else(|| overflow::<T>("the points scored along a line do not fit"))?,
        index,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain: from n the only move goes to n - 1 and scores 1.
    struct Chain(u32);

    impl ScoringGame for Chain {
        type Position = u32;
        type Move = ();
        type Score = i64;
        fn start(&self) -> u32 {
            self.0
        }
        fn for_each_move(
            &self,
            &n: &u32,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if n > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &n: &u32, _: &()) -> (i64, u32) {
            (1, n - 1)
        }
    }

    #[test]
    fn a_chain_of_a_million_moves_does_not_overflow_the_stack() {
        let table = Negamax::new(Chain(1_000_000)).into_table().unwrap();
        // Players alternate single points: an even number of moves is a draw.
        assert_eq!(table.value(), 0);
        assert_eq!(table.solution().line().len(), 1_000_000);
        assert_eq!(table.totals(), (500_000, 500_000));
        assert_eq!(Negamax::new(Chain(999_999)).value().unwrap(), 1);
    }

    #[test]
    fn the_budget_is_enforced() {
        let err = Negamax::new(Chain(10_000))
            .with_budget(Budget::from_bytes(10_000))
            .value()
            .unwrap_err();
        assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));
        let err = Negamax::new(Chain(10_000))
            .with_budget(Budget::default().with_work(9_999))
            .value()
            .unwrap_err();
        assert!(matches!(err, Error::WorkLimitExceeded { .. }), "{err}");
        assert!(
            Negamax::new(Chain(10_000))
                .with_budget(Budget::default().with_work(30_000))
                .value()
                .is_ok()
        );
    }

    struct Loop;
    impl ScoringGame for Loop {
        type Position = u8;
        type Move = ();
        type Score = i32;
        fn start(&self) -> u8 {
            0
        }
        fn for_each_move(
            &self,
            _: &u8,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            visit(())
        }
        fn play(&self, &p: &u8, _: &()) -> (i32, u8) {
            (1, (p + 1) % 3)
        }
    }

    #[test]
    fn a_cycle_is_an_error_not_a_hang() {
        assert!(matches!(
            Negamax::new(Loop).value(),
            Err(Error::CyclicGame { .. })
        ));
    }

    struct Huge;
    impl ScoringGame for Huge {
        type Position = u8;
        type Move = ();
        type Score = i8;
        fn start(&self) -> u8 {
            3
        }
        fn for_each_move(
            &self,
            &p: &u8,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if p > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &p: &u8, _: &()) -> (i8, u8) {
            (if p % 2 == 1 { 100 } else { -100 }, p - 1)
        }
    }

    #[test]
    fn overflow_is_reported() {
        assert!(matches!(
            Negamax::new(Huge).value(),
            Err(Error::ScoreOverflow { .. })
        ));
    }
}
