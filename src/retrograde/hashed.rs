//! Games given by a successor closure over any hashable position type: the
//! positions reachable from the start are numbered with an `ahash` map, then
//! solved on the dense tables.

use std::collections::hash_map::Entry;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use ahash::AHashMap;

use crate::budget::{allocation_refused, try_reserve};
use crate::{Budget, Convention, Error, Outcome, Result, Solution};

use super::graph::Predecessors;
use super::graph::{Graph, check_counts, too_many_moves};
use super::induction::{
    Labels, PREDECESSOR_CHECK_DEFAULT, UNKNOWN, check_predecessors, induction_bytes, value_code,
};
use super::work::{
    DEFAULT_RETROGRADE_WORK, Metered, STEPS_PER_TABLE_ENTRY, WorkMeter, induction_bound,
    metered_reverse,
};
use super::{Analysis, Counts, Label, Value};

/// The terminal rule used when none is set: no position ends the game early.
pub type NoTerminalRule<P> = fn(&P) -> Option<Value>;

/// The predecessor function used when none is set (the solver builds
/// predecessor lists itself).
pub type NoPredecessors<P> = fn(&P) -> std::iter::Empty<P>;

/// The canonical form used when none is set: every position stands for itself.
pub type NoCanonical<P> = fn(&P) -> P;

/// Solves the game reachable from `start` under normal play (a player with no
/// move loses), with the default memory budget.
///
/// This is the simple entry point other code can use as an independent
/// reference: give a start and a successor closure, query the [`RetrogradeTable`].
/// For misère play, terminal rules, predecessors or a budget, use [`Retrograde`].
///
/// # Errors
/// [`crate::Error::MemoryBudgetExceeded`] if the reachable positions need more
/// than the default budget (1 GiB); [`crate::Error::SizeLimitExceeded`] beyond
/// `u32::MAX` positions or moves.
///
/// # Example
/// ```
/// use stonegame::retrograde::{self, Value};
///
/// // Nim with heaps (a, b), kept as a sorted pair.
/// let solution = retrograde::solve((3u8, 5u8), |&(a, b): &(u8, u8)| {
///     let from_a = (0..a).map(move |x| (x.min(b), x.max(b)));
///     let from_b = (0..b).map(move |y| (a.min(y), a.max(y)));
///     from_a.chain(from_b).collect::<Vec<_>>()
/// })
/// .unwrap();
/// assert_eq!(solution.value(&(3, 5)), Some(Value::Win));
/// assert_eq!(solution.value(&(4, 4)), None); // not reachable from (3, 5)
/// assert_eq!(solution.value(&(3, 3)), Some(Value::Lose));
/// assert_eq!(solution.best_move(&(3, 5)), Some(&(3, 3)));
/// ```
pub fn solve<P, S, I>(start: P, successors: S) -> Result<RetrogradeTable<P>>
where
    P: Clone + Eq + Hash,
    S: FnMut(&P) -> I,
    I: IntoIterator<Item = P>,
{
    Retrograde::new(successors).solve([start])
}

/// A configurable solver for games given by closures (pathfinding style).
///
/// - `successors(&p)`: the positions one move away (required);
/// - [`with_convention`](Retrograde::with_convention): who wins at a position without moves;
/// - [`terminal`](Retrograde::terminal): a rule that ends the game early with a value;
/// - [`predecessors`](Retrograde::predecessors): the positions one move before
///   (saves building predecessor lists; must list `u` among the predecessors of
///   `v` exactly as often as `u` has a move to `v`; positions not reachable
///   from the starts are ignored);
/// - [`with_canonical`](Retrograde::with_canonical): a canonical form for
///   symmetric positions (only canonical positions are stored and solved);
/// - [`with_budget`](Retrograde::with_budget): a [`Budget`] for the tables.
///
/// # Cost
/// Charged as the exploration grows, for `V` positions reached and `E`
/// moves: each position stored twice (in a list and as an `ahash` map key:
/// `size_of::<P>() + ⌈8 (size_of::<(P, u32)>() + 1) / 7⌉` bytes, 28 for a
/// `u64`), the explored graph `4 (V + 1) + 4 E`, the induction's `9 V`, and
/// the predecessor lists `4 (V + 1) + 4 E` unless a predecessor function is
/// given. The table keeps the positions, the map, the graph and `5 V` of
/// labels.
///
/// # Example
/// ```
/// use stonegame::Convention;
/// use stonegame::retrograde::{Retrograde, Value};
///
/// // Misère: take 1 or 2 stones, whoever takes the last stone loses.
/// let solution = Retrograde::new(|&n: &u32| (1..=2).filter(move |&s| s <= n).map(move |s| n - s))
///     .with_convention(Convention::Misere)
///     .solve([10])
///     .unwrap();
/// assert_eq!(solution.value(&0), Some(Value::Win));
/// assert_eq!(solution.value(&1), Some(Value::Lose));
/// assert_eq!(solution.value(&10), Some(Value::Lose)); // 10 ≡ 1 (mod 3)
/// ```
pub struct Retrograde<P, S, T = NoTerminalRule<P>, R = NoPredecessors<P>, C = NoCanonical<P>> {
    successors: S,
    terminal: Option<T>,
    predecessors: Option<R>,
    convention: Convention,
    budget: Budget,
    /// The user's canonical form; the table keeps it for its queries.
    canonical: Option<C>,
    checks_predecessors: bool,
    position: PhantomData<fn(&P)>,
}

impl<P, S, T, R, C> crate::game::Configure for Retrograde<P, S, T, R, C> {
    fn with_budget(self, budget: Budget) -> Self {
        Retrograde::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

/// A copy of the solver, its closures copied (each must be `Clone`).
impl<P, S: Clone, T: Clone, R: Clone, C: Clone> Clone for Retrograde<P, S, T, R, C> {
    fn clone(&self) -> Self {
        Self {
            successors: self.successors.clone(),
            terminal: self.terminal.clone(),
            predecessors: self.predecessors.clone(),
            convention: self.convention,
            budget: self.budget,
            canonical: self.canonical.clone(),
            checks_predecessors: self.checks_predecessors,
            position: PhantomData,
        }
    }
}

/// The settings, and which rules are given (closures have no printable form).
impl<P, S, T, R, C> std::fmt::Debug for Retrograde<P, S, T, R, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Retrograde")
            .field("convention", &self.convention)
            .field("budget", &self.budget)
            .field("terminal", &self.terminal.is_some())
            .field("predecessors", &self.predecessors.is_some())
            .field("canonical", &self.canonical.is_some())
            .field("checks_predecessors", &self.checks_predecessors)
            .finish_non_exhaustive()
    }
}

impl<P, S> Retrograde<P, S> {
    /// A solver for the game whose moves `successors` lists, with normal play,
    /// no terminal rule and the default memory budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Retrograde, Value};
    /// let solution = Retrograde::new(|&n: &u8| n.checked_sub(1)).solve([3]).unwrap();
    /// assert_eq!(solution.value(&3), Some(Value::Win));
    /// ```
    pub fn new<I>(successors: S) -> Self
    where
        S: FnMut(&P) -> I,
        I: IntoIterator<Item = P>,
    {
        Self {
            successors,
            terminal: None,
            predecessors: None,
            convention: Convention::Normal,
            budget: Budget::default(),
            canonical: None,
            checks_predecessors: PREDECESSOR_CHECK_DEFAULT,
            position: PhantomData,
        }
    }
}

impl<P, S, T, R, C> Retrograde<P, S, T, R, C> {
    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, retrograde::{Retrograde, Value}};
    /// let solution = Retrograde::new(|&n: &u8| n.checked_sub(1))
    ///     .with_convention(Convention::Misere)
    ///     .solve([3])
    ///     .unwrap();
    /// assert_eq!(solution.value(&3), Some(Value::Lose));
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget. The solver estimates its tables as positions
    /// are discovered (the position values themselves plus map, adjacency and
    /// label tables; not heap memory owned by the positions) and stops with
    /// [`crate::Error::MemoryBudgetExceeded`] as soon as they would exceed it.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, Budget, retrograde::Retrograde};
    /// let refused = Retrograde::new(|&n: &u64| n.checked_sub(1))
    ///     .with_budget(Budget::from_bytes(10_000))
    ///     .solve([1_000_000]);
    /// assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { budget_bytes: 10_000, .. })));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Retrograde};
    /// let solver = Retrograde::new(|&n: &u8| n.checked_sub(1)).with_budget(Budget::from_mebibytes(4));
    /// assert_eq!(solver.budget(), Budget::from_mebibytes(4));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Sets a terminal rule: `Some(value)` ends the game at that position with
    /// that value for the player to move (its successors are not explored);
    /// `None` lets play go on. `Some(Value::Tie)` is a level ending (a tie,
    /// with remoteness); `Some(Value::Draw)` declares the position drawn, as
    /// if play went on for ever: a draw, with no remoteness.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Retrograde, Value};
    /// // Count down; whoever is to move at 5 has won (a race to 5).
    /// let solution = Retrograde::new(|&n: &u8| n.checked_sub(1))
    ///     .terminal(|&n: &u8| (n == 5).then_some(Value::Win))
    ///     .solve([8])
    ///     .unwrap();
    /// assert_eq!(solution.value(&6), Some(Value::Lose));
    /// assert_eq!(solution.value(&8), Some(Value::Lose));
    /// assert!(!solution.contains(&4)); // never explored
    /// ```
    pub fn terminal<T2>(self, rule: T2) -> Retrograde<P, S, T2, R, C>
    where
        T2: FnMut(&P) -> Option<Value>,
    {
        Retrograde {
            successors: self.successors,
            terminal: Some(rule),
            predecessors: self.predecessors,
            convention: self.convention,
            budget: self.budget,
            canonical: self.canonical,
            checks_predecessors: self.checks_predecessors,
            position: PhantomData,
        }
    }

    /// Supplies predecessors instead of having the solver build predecessor
    /// lists (saves 4 bytes per position and per move).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Retrograde, Value};
    /// let solution = Retrograde::new(|&n: &u8| n.checked_sub(1))
    ///     .predecessors(|&n: &u8| n.checked_add(1))
    ///     .solve([4])
    ///     .unwrap();
    /// assert_eq!(solution.value(&4), Some(Value::Lose));
    /// assert_eq!(solution.remoteness(&4), Some(4));
    /// ```
    pub fn predecessors<R2, I>(self, predecessors: R2) -> Retrograde<P, S, T, R2, C>
    where
        R2: FnMut(&P) -> I,
        I: IntoIterator<Item = P>,
    {
        Retrograde {
            successors: self.successors,
            terminal: self.terminal,
            predecessors: Some(predecessors),
            convention: self.convention,
            budget: self.budget,
            canonical: self.canonical,
            checks_predecessors: self.checks_predecessors,
            position: PhantomData,
        }
    }

    /// Whether a predecessor function given is checked against the
    /// successors before the induction: on by default in every build, so
    /// predecessors that disagree with the moves are refused instead of
    /// giving wrong labels. The check costs one more call of the predecessor
    /// function per position and 8 bytes a position;
    /// `with_predecessor_check(false)` trusts the function and skips it.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, retrograde::Retrograde};
    /// // Count down by 1, 2 or 3; the predecessors of v are v + 1, v + 2, v + 3,
    /// // but listed only from 1 on: position 0's are missing.
    /// let refused = Retrograde::new(|&n: &u32| (1..=3).filter_map(move |s| n.checked_sub(s)))
    ///     .predecessors(|&v: &u32| if v == 0 { vec![] } else { vec![v + 1, v + 2, v + 3] })
    ///     .with_predecessor_check(true)
    ///     .solve([10]);
    /// assert!(matches!(refused, Err(Error::PredecessorMismatch { .. })));
    /// ```
    pub fn with_predecessor_check(mut self, check: bool) -> Self {
        self.checks_predecessors = check;
        self
    }

    /// Sets a canonical form: `canonical(p)` must return the same position for
    /// every position symmetric to `p` (e.g. the least of its rotations and
    /// reflections), and symmetric positions must have the same value. Only
    /// canonical positions are stored and solved: starts and successors are
    /// mapped through it, and so is every query to the table, so any
    /// position may be asked about. Best moves and lines name canonical
    /// positions. A predecessor function, if given, must list for a canonical
    /// `v` each position `u` once for each move of `canonical(u)` whose
    /// result has canonical form `v`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Retrograde, Value};
    ///
    /// // A token on 0..=10 steps 1 or 2 towards 5; whoever reaches 5 wins
    /// // (the player to move at 5 has lost). Mirror positions (5 - d, 5 + d)
    /// // play alike.
    /// let successors = |&p: &i8| -> Vec<i8> {
    ///     if p == 5 { vec![] } else if p < 5 { vec![p + 1, (p + 2).min(5)] } else { vec![p - 1, (p - 2).max(5)] }
    /// };
    /// let whole = Retrograde::new(successors).solve([0, 10]).unwrap();
    /// let folded = Retrograde::new(successors)
    ///     .with_canonical(|&p: &i8| p.min(10 - p))
    ///     .solve([0, 10])
    ///     .unwrap();
    /// assert_eq!((whole.len(), folded.len()), (11, 6));
    /// for p in 0..=10 {
    ///     assert_eq!(whole.label(&p), folded.label(&p));
    /// }
    /// assert_eq!(folded.value(&9), Some(Value::Win)); // asked as 9, stored as 1
    ///
    /// // The form may borrow local data, as the successors may.
    /// let mirror = 10;
    /// let borrowed = Retrograde::new(successors)
    ///     .with_canonical(|&p: &i8| p.min(mirror - p))
    ///     .solve([0])
    ///     .unwrap();
    /// assert_eq!(borrowed.value(&9), Some(Value::Win));
    /// ```
    pub fn with_canonical<C2>(self, canonical: C2) -> Retrograde<P, S, T, R, C2>
    where
        C2: Fn(&P) -> P,
    {
        Retrograde {
            successors: self.successors,
            terminal: self.terminal,
            predecessors: self.predecessors,
            convention: self.convention,
            budget: self.budget,
            canonical: Some(canonical),
            checks_predecessors: self.checks_predecessors,
            position: PhantomData,
        }
    }

    /// Solves the game from `start` and returns the crate's [`Solution`]:
    /// its [`Value`], who wins ([`Outcome`]; ties and draws are
    /// `Outcome::Draw`), and the principal line: the positions after `start`
    /// under best play by both players until the game ends. A draw never
    /// ends: its line is a drawing line, a draw-keeping move at each step
    /// (for both players) until a position repeats, the repeated position
    /// being the line's last entry (or until a position a terminal rule
    /// declared drawn). The line visits each position at most once before
    /// the repeat.
    ///
    /// # Errors
    /// As [`Retrograde::solve`].
    ///
    /// # Example
    /// ```
    /// use stonegame::Outcome;
    /// use stonegame::retrograde::{Retrograde, Value};
    /// // Take 1 or 2; from 4, take 1 to leave a multiple of 3.
    /// let solution = Retrograde::new(|&n: &u8| (1..=2).filter(move |&s| s <= n).map(move |s| n - s))
    ///     .solve_from(4)
    ///     .unwrap();
    /// assert_eq!(solution.value(), Value::Win);
    /// assert_eq!(solution.outcome(), Outcome::First);
    /// assert_eq!(solution.best_move(), Some(&3));
    /// assert_eq!(solution.line(), &[3, 2, 0]);
    ///
    /// // A ring 0 → 1 → 2 → 0 where 1 may also step out to 3 → 4 (no move):
    /// // 1 must not step out (3 would be won for the opponent), so the
    /// // ring goes round until 0 comes back.
    /// let ring = |&u: &u8| match u {
    ///     0 => vec![1],
    ///     1 => vec![3, 2],
    ///     2 => vec![0],
    ///     3 => vec![4],
    ///     _ => vec![],
    /// };
    /// let drawn = Retrograde::new(ring).solve_from(0).unwrap();
    /// assert_eq!(drawn.value(), Value::Draw);
    /// assert_eq!(drawn.line(), &[1, 2, 0]);
    /// ```
    pub fn solve_from<IS, IR>(self, start: P) -> Result<Solution<Value, P>>
    where
        P: Clone + Eq + Hash,
        C: Fn(&P) -> P,
        S: FnMut(&P) -> IS,
        IS: IntoIterator<Item = P>,
        T: FnMut(&P) -> Option<Value>,
        R: FnMut(&P) -> IR,
        IR: IntoIterator<Item = P>,
    {
        let table = self.solve([start.clone()])?;
        let start_index = table
            .index_of(&start)
            .ok_or_else(|| Error::InvalidParameter {
                name: "start",
                reason: "the start was not solved".to_string(),
            })?;
        let value = table
            .labels
            .value(start_index as usize)
            .unwrap_or(Value::Draw);
        // Wins, losses and ties end within their remoteness (below the
        // number of positions); a draw never ends, so its line keeps the
        // draw move after move until it comes back to a position already on
        // it (at most one visit per position, then the repeat).
        let line = match value {
            Value::Draw => table.labels.drawing_line(&table.graph, start_index),
            _ => table.labels.principal_line(&table.graph, start_index),
        };
        let line = line
            .into_iter()
            .skip(1)
            .map(|u| table.positions[u as usize].clone())
            .collect();
        Ok(Solution::new(value, value.outcome(), line))
    }

    /// Explores every position reachable from `starts` and labels them all.
    ///
    /// # Errors
    /// [`crate::Error::MemoryBudgetExceeded`] when the tables would exceed the
    /// budget; [`crate::Error::SizeLimitExceeded`] beyond `u32::MAX` positions
    /// or moves; [`crate::Error::PredecessorMismatch`] if a predecessor
    /// function disagrees with the successors (when checked:
    /// [`Retrograde::with_predecessor_check`]); [`crate::Error::WorkLimitExceeded`]
    /// past the work cap (`budget.work_or(`[`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK)`)`:
    /// 20 steps a position and a move explored, then one a position, a move
    /// and a predecessor visited by the induction).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Retrograde, Value};
    /// // Positions on a ring of 4: step +1 or +2, except that 0 has no move.
    /// let solution = Retrograde::new(|&n: &u8| {
    ///     if n == 0 { vec![] } else { vec![(n + 1) % 4, (n + 2) % 4] }
    /// })
    /// .solve([1, 2, 3])
    /// .unwrap();
    /// assert_eq!(solution.value(&3), Some(Value::Win)); // 3 → 0
    /// assert_eq!(solution.value(&2), Some(Value::Win)); // 2 → 0
    /// assert_eq!(solution.value(&1), Some(Value::Lose)); // 1 → 2 or 3, both won
    /// ```
    pub fn solve<IS, IR>(self, starts: impl IntoIterator<Item = P>) -> Result<RetrogradeTable<P, C>>
    where
        P: Clone + Eq + Hash,
        C: Fn(&P) -> P,
        S: FnMut(&P) -> IS,
        IS: IntoIterator<Item = P>,
        T: FnMut(&P) -> Option<Value>,
        R: FnMut(&P) -> IR,
        IR: IntoIterator<Item = P>,
    {
        self.solve_named(starts, HASHED_WORK)
    }

    /// [`Retrograde::solve`], naming the game in a refusal of the work cap
    /// (`what` is the whole phrase).
    pub(crate) fn solve_named<IS, IR>(
        mut self,
        starts: impl IntoIterator<Item = P>,
        what: &str,
    ) -> Result<RetrogradeTable<P, C>>
    where
        P: Clone + Eq + Hash,
        C: Fn(&P) -> P,
        S: FnMut(&P) -> IS,
        IS: IntoIterator<Item = P>,
        T: FnMut(&P) -> Option<Value>,
        R: FnMut(&P) -> IR,
        IR: IntoIterator<Item = P>,
    {
        let meter = WorkMeter::new(self.budget, DEFAULT_RETROGRADE_WORK, "Retrograde", what);
        meter.check()?;
        let builds_predecessors = self.predecessors.is_none();
        let explored = self.explore(starts, builds_predecessors, &meter)?;
        let Explored {
            index,
            positions,
            graph,
            code,
        } = explored;
        let moves = Metered::new(&graph, &meter);
        let labels = match self.predecessors {
            Some(predecessors) => {
                let predecessors = HashedPredecessors {
                    predecessors,
                    index: &index,
                    positions: &positions,
                    canonical: self.canonical.as_ref().map(|f| f as &dyn Fn(&P) -> P),
                };
                let mut predecessors = Metered::new(predecessors, &meter);
                if self.checks_predecessors {
                    let describe = |v| {
                        format!(
                            "the position numbered {v} in the order of discovery (breadth-first \
                             from the starts, the first start being 0)"
                        )
                    };
                    check_predecessors(&moves, &code, &mut predecessors, self.budget, describe)?;
                }
                Labels::induce(&moves, code, None, self.convention, &mut predecessors)?
            }
            None => {
                meter.expect_more(induction_bound(&graph, STEPS_PER_TABLE_ENTRY));
                let mut reverse = metered_reverse(&graph, &meter)?;
                let mut reverse = Metered::new(&mut reverse, &meter);
                Labels::induce(&moves, code, None, self.convention, &mut reverse)?
            }
        };
        Ok(RetrogradeTable {
            index,
            positions,
            graph,
            labels,
            canonical: self.canonical,
        })
    }

    /// Numbers the reachable positions breadth-first; since positions are
    /// expanded in index order, the adjacency comes out in CSR form directly.
    fn explore<IS>(
        &mut self,
        starts: impl IntoIterator<Item = P>,
        builds_predecessors: bool,
        meter: &WorkMeter,
    ) -> Result<Explored<P>>
    where
        P: Clone + Eq + Hash,
        C: Fn(&P) -> P,
        S: FnMut(&P) -> IS,
        IS: IntoIterator<Item = P>,
        T: FnMut(&P) -> Option<Value>,
    {
        let mut tables = Explored {
            index: AHashMap::default(),
            positions: Vec::new(),
            graph: Graph::from_parts(Vec::new(), Vec::new()),
            code: Vec::new(),
        };
        let mut offsets = vec![0u32];
        let mut targets: Vec<u32> = Vec::new();
        let budget = ExplorationBudget {
            budget: self.budget,
            per_position: bytes_per_position::<P>(),
            builds_predecessors,
        };
        let form = self.canonical.take();
        let canonical = |p: P| match &form {
            Some(f) => f(&p),
            None => p,
        };
        for start in starts {
            tables.intern(canonical(start), &budget, targets.len())?;
        }
        let mut next = 0;
        while let Some(position) = tables.positions.get(next) {
            let rule = self.terminal.as_mut().and_then(|rule| rule(position));
            let listed_before = targets.len();
            if let Some(value) = rule {
                tables.code[next] = value_code(value);
            } else {
                for successor in (self.successors)(position) {
                    budget.check(tables.positions.len(), targets.len() + 1)?;
                    let id = tables.intern(canonical(successor), &budget, targets.len() + 1)?;
                    try_reserve(&mut targets, 1, EXPLORED, self.budget)?;
                    targets.push(id);
                }
            }
            // Charged a position at a time: hashing and storing each move
            // costs about as much as `HASHED_STEPS_PER_MOVE` induction steps.
            let listed = (targets.len() - listed_before) as u64;
            meter.charge(HASHED_STEPS_PER_POSITION + HASHED_STEPS_PER_MOVE * listed)?;
            // `Budget::check` keeps `targets.len()` within u32::MAX.
            try_reserve(&mut offsets, 1, EXPLORED, self.budget)?;
            offsets.push(targets.len() as u32);
            next += 1;
        }
        tables.graph = Graph::from_parts(offsets, targets);
        self.canonical = form;
        Ok(tables)
    }
}

/// What the exploration's tables are called when the system refuses them.
const EXPLORED: &str = "explored positions and moves";

/// What a refusal of [`Retrograde::solve`] names.
const HASHED_WORK: &str = "retrograde analysis of the positions reachable from the start \
                           (Retrograde: moves explored, predecessors visited)";

/// Work steps charged for each move the hashed exploration lists: the
/// successor closure's call, the canonical form, hashing the position and
/// storing the move cost about this many nanoseconds (measured on a
/// subtraction game over `u32`, release build).
pub(crate) const HASHED_STEPS_PER_MOVE: u64 = 20;

/// Work steps charged for each position the hashed exploration expands.
const HASHED_STEPS_PER_POSITION: u64 = 20;

/// The positions found so far and their tables.
struct Explored<P> {
    index: AHashMap<P, u32>,
    positions: Vec<P>,
    graph: Graph,
    code: Vec<u8>,
}

impl<P: Clone + Eq + Hash> Explored<P> {
    /// The index of `position`, numbering it if new.
    fn intern(&mut self, position: P, budget: &ExplorationBudget, moves: usize) -> Result<u32> {
        // Room for one more entry first, so that growing the map, like the
        // tables, is an error when the system refuses it.
        if self.index.try_reserve(1).is_err() {
            return Err(allocation_refused(
                self.index.len(),
                1,
                std::mem::size_of::<(P, u32)>() + 1,
                EXPLORED,
                budget.budget,
            ));
        }
        match self.index.entry(position) {
            Entry::Occupied(entry) => Ok(*entry.get()),
            Entry::Vacant(entry) => {
                let id = self.positions.len();
                check_counts(id + 1, 0)?;
                budget.check(id + 1, moves)?;
                try_reserve(&mut self.positions, 1, EXPLORED, budget.budget)?;
                try_reserve(&mut self.code, 1, EXPLORED, budget.budget)?;
                self.positions.push(entry.key().clone());
                self.code.push(UNKNOWN);
                entry.insert(id as u32);
                Ok(id as u32)
            }
        }
    }
}

/// The memory estimate for exploration plus induction.
struct ExplorationBudget {
    budget: Budget,
    per_position: u128,
    builds_predecessors: bool,
}

impl ExplorationBudget {
    fn check(&self, positions: usize, moves: usize) -> Result<()> {
        if moves as u128 > u32::MAX as u128 {
            return Err(too_many_moves(moves as u128));
        }
        let explored =
            self.per_position * positions as u128 + 4 * (positions as u128 + 1 + moves as u128);
        let needed = explored + induction_bytes(positions, moves, self.builds_predecessors);
        self.budget
            .check_bytes(needed, "retrograde positions reachable from the start")
    }
}

/// A position stored in the list and as a map key (hashbrown: one control
/// byte per slot, at most 7/8 full).
fn bytes_per_position<P>() -> u128 {
    let entry = std::mem::size_of::<(P, u32)>() as u128 + 1;
    std::mem::size_of::<P>() as u128 + (entry * 8).div_ceil(7)
}

/// A user's predecessor closure, mapped through the index; predecessors that
/// were never reached are skipped.
struct HashedPredecessors<'a, P, R> {
    predecessors: R,
    index: &'a AHashMap<P, u32>,
    positions: &'a [P],
    canonical: Option<&'a dyn Fn(&P) -> P>,
}

impl<P, R, I> Predecessors for HashedPredecessors<'_, P, R>
where
    P: Eq + Hash,
    R: FnMut(&P) -> I,
    I: IntoIterator<Item = P>,
{
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        if let Some(position) = self.positions.get(v as usize) {
            for predecessor in (self.predecessors)(position) {
                let predecessor = match self.canonical {
                    Some(canonical) => canonical(&predecessor),
                    None => predecessor,
                };
                if let Some(&u) = self.index.get(&predecessor) {
                    visit(u);
                }
            }
        }
        Ok(())
    }
}

/// Every position reachable from the starts, labelled. Queries about positions
/// that were not reached return `None`.
///
/// # Example
/// ```
/// use stonegame::retrograde::{self, Label, Value};
///
/// // A loop: 0 → 1 → 2 → 0, and 1 may also stop at 3 (no move).
/// let solution = retrograde::solve(0u8, |&n: &u8| match n {
///     0 => vec![1],
///     1 => vec![2, 3],
///     2 => vec![0],
///     _ => vec![],
/// })
/// .unwrap();
/// assert_eq!(solution.len(), 4);
/// assert_eq!(solution.label(&1), Some(Label { value: Value::Win, remoteness: Some(1) }));
/// assert_eq!(solution.value(&0), Some(Value::Lose));
/// assert_eq!(solution.value(&2), Some(Value::Win));
/// assert_eq!(solution.principal_line(&2), vec![&2, &0, &1, &3]);
/// ```
#[derive(Clone)]
pub struct RetrogradeTable<P, C = NoCanonical<P>> {
    index: AHashMap<P, u32>,
    positions: Vec<P>,
    graph: Graph,
    labels: Labels,
    canonical: Option<C>,
}

impl<P: fmt::Debug, C> fmt::Debug for RetrogradeTable<P, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RetrogradeTable")
            .field("positions", &self.positions.len())
            .field("moves", &self.graph.num_moves())
            .field("canonical", &self.canonical.is_some())
            .finish()
    }
}

impl<P: Eq + Hash, C: Fn(&P) -> P> RetrogradeTable<P, C> {
    /// Number of positions reached.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.len(), 6);
    /// ```
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position was reached (no start was given).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::Retrograde;
    /// let solution = Retrograde::new(|&n: &u8| n.checked_sub(1)).solve([]).unwrap();
    /// assert!(solution.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether `position` was reached.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert!(solution.contains(&0));
    /// assert!(!solution.contains(&6));
    /// ```
    pub fn contains(&self, position: &P) -> bool {
        self.index_of(position).is_some()
    }

    /// The dense index the solver gave `position`.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.index_of(&5), Some(0)); // the start comes first
    /// ```
    pub fn index_of(&self, position: &P) -> Option<u32> {
        match &self.canonical {
            Some(canonical) => self.index.get(&canonical(position)).copied(),
            None => self.index.get(position).copied(),
        }
    }

    /// The position with dense index `index`.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.position(1), Some(&4));
    /// ```
    pub fn position(&self, index: u32) -> Option<&P> {
        self.positions.get(index as usize)
    }

    /// The explored game as a [`Graph`] over the dense indices.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.graph().num_moves(), 5);
    /// ```
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Win, lose, tie or draw for the player to move at `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{self, Value};
    /// let solution = retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.value(&5), Some(Value::Win));
    /// ```
    pub fn value(&self, position: &P) -> Option<Value> {
        self.labels.value(self.index_of(position)? as usize)
    }

    /// Moves to the end under optimal play (`None` for draws and unreached positions).
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(5u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.remoteness(&5), Some(5));
    /// ```
    pub fn remoteness(&self, position: &P) -> Option<u32> {
        self.labels.remoteness(self.index_of(position)? as usize)
    }

    /// Value and remoteness together.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{self, Value};
    /// let solution = retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.label(&2).unwrap().value, Value::Lose);
    /// ```
    pub fn label(&self, position: &P) -> Option<Label> {
        self.labels.label(self.index_of(position)? as usize)
    }

    /// The value as an [`Outcome`] (`First`: the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Outcome, retrograde};
    /// let solution = retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.outcome(&2), Some(Outcome::Second));
    /// ```
    pub fn outcome(&self, position: &P) -> Option<Outcome> {
        self.value(position).map(Value::outcome)
    }

    /// An optimal move (see [`super::DenseSolution::best_move`]); `None` where
    /// the game is over or `position` was not reached.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde;
    /// // Take 1 or 2: from 4, take 1 to leave a multiple of 3.
    /// let solution = retrograde::solve(4u8, |&n: &u8| (1..=2).filter(move |&s| s <= n).map(move |s| n - s)).unwrap();
    /// assert_eq!(solution.best_move(&4), Some(&3));
    /// ```
    pub fn best_move(&self, position: &P) -> Option<&P> {
        let u = self.index_of(position)?;
        self.position(self.labels.best_move(&self.graph, u)?)
    }

    /// `position` followed by best moves until the game ends (just
    /// `[position]` for a draw; empty if not reached).
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.principal_line(&2), vec![&2, &1, &0]);
    /// ```
    pub fn principal_line(&self, position: &P) -> Vec<&P> {
        match self.index_of(position) {
            Some(u) => self
                .labels
                .principal_line(&self.graph, u)
                .into_iter()
                .filter_map(|v| self.position(v))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The moves of the principal line from `position` (each move is the
    /// position it leads to), as the scoring tables' `line_from` gives moves;
    /// empty at the end of the game, for a draw, or if `position` was not
    /// reached.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.line_from(&2), vec![1, 0]);
    /// ```
    pub fn line_from(&self, position: &P) -> Vec<P>
    where
        P: Clone,
    {
        self.principal_line(position)
            .into_iter()
            .skip(1)
            .cloned()
            .collect()
    }

    /// How many reached positions are wins, losses and draws.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// assert_eq!(solution.counts().win, 1);
    /// ```
    pub fn counts(&self) -> Counts {
        self.labels.counts()
    }

    /// Counts by value and remoteness and the longest win, loss and tie,
    /// naming the game's positions.
    ///
    /// # Example
    /// ```
    /// let table = stonegame::retrograde::solve(4u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// let analysis = table.analysis();
    /// assert_eq!(analysis.longest_loss, Some((&4, 4)));
    /// assert_eq!(analysis.longest_win, Some((&3, 3)));
    /// ```
    pub fn analysis(&self) -> Analysis<&P> {
        Analysis::of_labels(&self.labels).map_positions(|u| &self.positions[u as usize])
    }

    /// Every reached position with its label, in index order.
    ///
    /// # Example
    /// ```
    /// let solution = stonegame::retrograde::solve(2u8, |&n: &u8| n.checked_sub(1)).unwrap();
    /// let remoteness: Vec<_> = solution.iter().map(|(n, label)| (*n, label.remoteness)).collect();
    /// assert_eq!(remoteness, vec![(2, Some(2)), (1, Some(1)), (0, Some(0))]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&P, Label)> + '_ {
        self.positions
            .iter()
            .enumerate()
            .filter_map(|(u, p)| Some((p, self.labels.label(u)?)))
    }
}
