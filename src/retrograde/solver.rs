//! The solver: queue-based backward induction over a [`Graph`].

use crate::budget::filled_vec;
use crate::{Budget, Convention, Error, Outcome, Result};

use super::graph::{Graph, Predecessors};
use super::induction::{
    Labels, PREDECESSOR_CHECK_DEFAULT, UNKNOWN, check_predecessors, induction_bytes, value_code,
};
use super::work::{
    DEFAULT_RETROGRADE_WORK, Metered, STEPS_PER_TABLE_ENTRY, WorkMeter, charge_entries,
    induction_bound, metered_reverse,
};
use super::{Analysis, Counts, Label, Value};

/// What a refusal of [`DenseSolver`] names.
const DENSE_WORK: &str = "retrograde analysis of a graph (DenseSolver: positions, moves and \
                          predecessors visited)";

/// A user's predecessor closure over dense indices, checked against the range.
struct DensePredecessors<R> {
    predecessors: R,
    num_positions: usize,
}

impl<R, I> Predecessors for DensePredecessors<R>
where
    R: FnMut(u32) -> I,
    I: IntoIterator<Item = u32>,
{
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        for u in (self.predecessors)(v) {
            if u as usize >= self.num_positions {
                return Err(Error::InvalidParameter {
                    name: "predecessors",
                    reason: format!(
                        "position {v} has a predecessor {u}, outside 0..{}",
                        self.num_positions
                    ),
                });
            }
            visit(u);
        }
        Ok(())
    }
}

#[cfg(feature = "parallel")]
use super::parallel::{
    REVERSE_SCRATCH_BYTES_PER_MOVE, induce as parallel_induce, reversed as parallel_reversed,
};

#[cfg(not(feature = "parallel"))]
const REVERSE_SCRATCH_BYTES_PER_MOVE: u128 = 0;

/// Without the `parallel` feature the flag cannot be set.
#[cfg(not(feature = "parallel"))]
fn parallel_reversed(_: &Graph, _: &WorkMeter) -> Result<Graph> {
    unreachable!("DenseSolver::with_parallel needs the `parallel` feature")
}

/// Without the `parallel` feature the flag cannot be set.
#[cfg(not(feature = "parallel"))]
fn parallel_induce(
    _: &Graph,
    _: &Graph,
    _: Vec<u8>,
    _: Convention,
    _: bool,
    _: &WorkMeter,
) -> Result<Labels> {
    unreachable!("DenseSolver::with_parallel needs the `parallel` feature")
}

/// Solves a [`Graph`] (positions numbered `0..N`): the fast path.
///
/// Options: the [`Convention`] for positions without moves (default normal
/// play), a terminal rule (a callback that ends the game at a position with a
/// given [`Value`], even if it has moves), a predecessor function (saves
/// building predecessor lists: 4 bytes per position and per move), and a
/// [`Budget`] (default 1 GiB).
///
/// A predecessor function must list `u` among the predecessors of `v` exactly
/// as many times as `u` has a move to `v`; otherwise the labels are wrong.
///
/// # Cost
/// The [`Graph`] holds every move once (`4 (V + 1) + 4 E` bytes, charged
/// when it is built) and the solver reads its out-degrees and best moves
/// from it. The solver charges `9 V` bytes (value byte, counter word, queue
/// slot), plus `4 (V + 1) + 4 E` for the predecessor lists it builds when
/// no predecessor function is given (with one, nothing a move beyond the
/// graph), plus `8 V` for the frontiers of `DenseSolver::with_parallel` (feature `parallel`)
/// (and `8 E` of scratch to build the lists on every core, when it fits).
/// The solution keeps `5 V`. A game whose moves do not fit even once:
/// [`ImplicitSolver`](super::ImplicitSolver), `9 V` and nothing a move.
///
/// # Example
/// ```
/// use stonegame::Convention;
/// use stonegame::Budget;
/// use stonegame::retrograde::{DenseSolver, Graph, Value};
///
/// // 0 → 1 → 2; under misère play the player who cannot move wins.
/// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
/// let solution = DenseSolver::new(&graph).with_convention(Convention::Misere).solve().unwrap();
/// assert_eq!(solution.value(2), Some(Value::Win));
/// assert_eq!(solution.value(1), Some(Value::Lose));
/// assert_eq!(solution.value(0), Some(Value::Win));
/// assert_eq!(solution.best_move(0), Some(1));
/// ```
#[derive(Debug, Clone)]
pub struct DenseSolver<'g, T = fn(u32) -> Option<Value>, R = fn(u32) -> std::iter::Empty<u32>> {
    graph: &'g Graph,
    convention: Convention,
    terminal: Option<T>,
    predecessors: Option<R>,
    budget: Budget,
    parallel: bool,
    checks_predecessors: bool,
}

impl<T, R> crate::game::Configure for DenseSolver<'_, T, R> {
    fn with_budget(self, budget: Budget) -> Self {
        DenseSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<'g> DenseSolver<'g> {
    /// A solver for `graph` with normal play, no terminal rule, predecessor
    /// lists built by counting sort, and the default memory budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(2, &[(0, 1), (1, 0)], Budget::default()).unwrap();
    /// assert_eq!(DenseSolver::new(&graph).solve().unwrap().value(0), Some(Value::Draw));
    /// ```
    pub fn new(graph: &'g Graph) -> Self {
        Self {
            graph,
            convention: Convention::Normal,
            terminal: None,
            predecessors: None,
            budget: Budget::default(),
            parallel: false,
            checks_predecessors: PREDECESSOR_CHECK_DEFAULT,
        }
    }
}

impl<'g, T, R> DenseSolver<'g, T, R> {
    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph).with_convention(Convention::Misere).solve().unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget for the solver's tables and the work cap
    /// (default [`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK);
    /// 16 steps a position, move and predecessor read).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::from_edges(1000, &[], Budget::default()).unwrap();
    /// let refused = DenseSolver::new(&graph).with_budget(Budget::from_bytes(100)).solve();
    /// assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { budget_bytes: 100, .. })));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// assert_eq!(DenseSolver::new(&graph).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Runs the induction on every core (rayon's global pool), one parallel
    /// pass per level with atomic counters; the labels are identical to the
    /// single-core ones. The predecessor lists are built on every core too,
    /// through buckets by target range, when the budget has room for 8 more
    /// bytes a move of scratch, otherwise on one core. Ignored when a
    /// predecessor function is given (the closure is called from one
    /// thread). Needs the `parallel` feature. See the [retrograde guide](crate::guide::retrograde) for
    /// measured speed (on a 2-vCPU machine shared with other work).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::pseudo_random(10_000, 6, 5, 1, Budget::default()).unwrap();
    /// let one = DenseSolver::new(&graph).solve().unwrap();
    /// let all = DenseSolver::new(&graph).with_parallel(true).solve().unwrap();
    /// assert!((0..10_000).all(|u| one.label(u) == all.label(u)));
    /// ```
    #[cfg(feature = "parallel")]
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub fn with_parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }

    /// Sets a terminal rule: `Some(value)` ends the game at that position with
    /// that value for the player to move (its moves are ignored); `None` lets
    /// play go on. `Some(Value::Tie)` is a level ending; `Some(Value::Draw)`
    /// declares the position drawn (as if play went on for ever).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// // 0 ⇄ 1 forever, unless reaching 1 means the player to move has lost.
    /// let graph = Graph::from_edges(2, &[(0, 1), (1, 0)], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph)
    ///     .terminal(|u| (u == 1).then_some(Value::Lose))
    ///     .solve()
    ///     .unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// assert_eq!(solution.best_move(1), None);
    /// ```
    pub fn terminal<T2>(self, rule: T2) -> DenseSolver<'g, T2, R>
    where
        T2: FnMut(u32) -> Option<Value>,
    {
        DenseSolver {
            graph: self.graph,
            convention: self.convention,
            terminal: Some(rule),
            predecessors: self.predecessors,
            budget: self.budget,
            parallel: self.parallel,
            checks_predecessors: self.checks_predecessors,
        }
    }

    /// Supplies predecessors instead of having the solver build them (each
    /// `u` listed as often as `u` has a move to `v`).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// // A chain 0 → 1 → … → 9: the predecessor of v is v - 1.
    /// let graph = Graph::from_successors(10, Budget::default(), |u| (u + 1 < 10).then_some(u + 1)).unwrap();
    /// let solution = DenseSolver::new(&graph).predecessors(|v| v.checked_sub(1)).solve().unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// assert_eq!(solution.remoteness(0), Some(9));
    /// ```
    pub fn predecessors<R2, I>(self, predecessors: R2) -> DenseSolver<'g, T, R2>
    where
        R2: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
    {
        DenseSolver {
            graph: self.graph,
            convention: self.convention,
            terminal: self.terminal,
            predecessors: Some(predecessors),
            budget: self.budget,
            parallel: self.parallel,
            checks_predecessors: self.checks_predecessors,
        }
    }

    /// Whether a predecessor function given is checked against the graph
    /// before the induction: on by default in every build, so predecessors
    /// that disagree with the moves are refused with
    /// [`Error::PredecessorMismatch`](crate::Error::PredecessorMismatch)
    /// naming the position instead of giving wrong labels. The check costs
    /// one pass over the moves and the predecessors and 8 bytes a position;
    /// `with_predecessor_check(false)` trusts the function and skips it.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Error, retrograde::{DenseSolver, Graph}};
    /// // A chain 0 → 1 → 2, and a predecessor function that is off by one.
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// let wrong = |v: u32| v.checked_sub(2);
    /// let refused = DenseSolver::new(&graph).predecessors(wrong).with_predecessor_check(true).solve();
    /// assert!(matches!(refused, Err(Error::PredecessorMismatch { .. })));
    /// ```
    pub fn with_predecessor_check(mut self, check: bool) -> Self {
        self.checks_predecessors = check;
        self
    }

    /// Labels every position.
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] (computed before allocating) if the
    /// solver's tables would not fit the budget; [`Error::WorkLimitExceeded`]
    /// past the work cap; [`Error::InvalidParameter`] if
    /// the predecessor function returns an index out of range;
    /// [`Error::PredecessorMismatch`] if it disagrees with the graph (when
    /// checked: [`DenseSolver::with_predecessor_check`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2), (1, 0)], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph).solve().unwrap();
    /// assert_eq!(solution.value(1), Some(Value::Win));
    /// assert_eq!(solution.value(0), Some(Value::Lose));
    /// ```
    pub fn solve<I>(self) -> Result<DenseSolution<'g>>
    where
        T: FnMut(u32) -> Option<Value>,
        R: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
    {
        let graph = self.graph;
        let n = graph.num_positions();
        // The parallel induction also keeps two frontiers (4 bytes a position each).
        let frontiers = if self.parallel { 8 * n as u128 } else { 0 };
        let tables = induction_bytes(n, graph.num_moves(), self.predecessors.is_none()) + frontiers;
        self.budget
            .check_bytes(tables, "retrograde solver tables")?;
        // The parallel predecessor build needs scratch (one pair a move);
        // without room for it the lists are built on one core.
        let parallel_lists = self.parallel
            && self
                .budget
                .check_bytes(
                    tables + REVERSE_SCRATCH_BYTES_PER_MOVE * graph.num_moves() as u128,
                    "retrograde solver tables",
                )
                .is_ok();
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_RETROGRADE_WORK,
            "DenseSolver",
            DENSE_WORK,
        );
        if self.predecessors.is_none() {
            // Lists, counters and induction; the terminal rule a position.
            let rule = if self.terminal.is_some() { n as u64 } else { 0 };
            let bound = induction_bound(graph, STEPS_PER_TABLE_ENTRY)
                .saturating_add(rule.saturating_mul(STEPS_PER_TABLE_ENTRY));
            meter.expect_more(bound);
        }
        meter.check()?;
        let code = match self.terminal {
            Some(mut rule) => {
                // The terminal rule, as much a position as reading a table.
                charge_entries(n as u64, &meter)?;
                (0..n as u32)
                    .map(|u| rule(u).map_or(UNKNOWN, value_code))
                    .collect()
            }
            None => filled_vec(n, UNKNOWN, "retrograde solver tables", self.budget)?,
        };
        let moves = Metered::new(graph, &meter);
        let labels = match self.predecessors {
            Some(predecessors) => {
                let predecessors = DensePredecessors {
                    predecessors,
                    num_positions: n,
                };
                let mut predecessors = Metered::new(predecessors, &meter);
                if self.checks_predecessors {
                    check_predecessors(&moves, &code, &mut predecessors, self.budget, |v| {
                        format!("position {v}")
                    })?;
                }
                Labels::induce(&moves, code, None, self.convention, &mut predecessors)?
            }
            None if self.parallel => {
                let reverse = if parallel_lists {
                    parallel_reversed(graph, &meter)?
                } else {
                    metered_reverse(graph, &meter)?
                };
                // The routed induction reuses the room of the lists' scratch.
                parallel_induce(
                    graph,
                    &reverse,
                    code,
                    self.convention,
                    parallel_lists,
                    &meter,
                )?
            }
            None => {
                let mut reverse = metered_reverse(graph, &meter)?;
                let mut reverse = Metered::new(&mut reverse, &meter);
                Labels::induce(&moves, code, None, self.convention, &mut reverse)?
            }
        };
        Ok(DenseSolution { graph, labels })
    }
}

/// The labels of every position of a [`Graph`]. Queries with an index out of
/// range return `None`.
///
/// # Example
/// ```
/// use stonegame::{Convention, Budget, Outcome, retrograde::{Graph, Value}};
///
/// // 0 → 1 → 2 → 0 is a cycle, with an escape 2 → 3.
/// let graph = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 0), (2, 3)], Budget::default()).unwrap();
/// let solution = graph.solve().unwrap();
/// assert_eq!(solution.value(2), Some(Value::Win)); // escape to 3
/// assert_eq!(solution.value(1), Some(Value::Lose));
/// assert_eq!(solution.outcome(0), Some(Outcome::First));
/// assert_eq!(solution.principal_line(0), vec![0, 1, 2, 3]);
/// assert_eq!(solution.value(9), None);
/// ```
#[derive(Debug, Clone)]
pub struct DenseSolution<'g> {
    graph: &'g Graph,
    labels: Labels,
}

impl DenseSolution<'_> {
    /// Number of positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there are no positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(0, &[], Budget::default()).unwrap();
    /// assert!(graph.solve().unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Win, lose, tie or draw for the player to move at `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{Graph, Value}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().value(0), Some(Value::Lose));
    /// ```
    pub fn value(&self, position: u32) -> Option<Value> {
        self.labels.value(position as usize)
    }

    /// Moves to the end under optimal play (`None` for draws and out of range).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().remoteness(0), Some(2));
    /// ```
    pub fn remoteness(&self, position: u32) -> Option<u32> {
        self.labels.remoteness(position as usize)
    }

    /// Value and remoteness together.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{Graph, Value}};
    /// let graph = Graph::from_edges(1, &[(0, 0)], Budget::default()).unwrap();
    /// let label = graph.solve().unwrap().label(0).unwrap();
    /// assert_eq!((label.value, label.remoteness), (Value::Draw, None));
    /// ```
    pub fn label(&self, position: u32) -> Option<Label> {
        self.labels.label(position as usize)
    }

    /// The value as an [`Outcome`] (`First`: the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, Outcome, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().outcome(0), Some(Outcome::First));
    /// ```
    pub fn outcome(&self, position: u32) -> Option<Outcome> {
        self.value(position).map(Value::outcome)
    }

    /// An optimal move: to a losing position at remoteness `r - 1` from a win,
    /// to a winning one at `r - 1` from a loss, to a draw from a draw; `None`
    /// where the game is over.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// // From 0: moving to 1 loses (1 → 2 wins for the opponent), moving to 2 wins.
    /// let graph = Graph::from_edges(3, &[(0, 1), (0, 2), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().best_move(0), Some(2));
    /// ```
    pub fn best_move(&self, position: u32) -> Option<u32> {
        self.labels.best_move(self.graph, position)
    }

    /// `position` followed by best moves until the game ends (just
    /// `[position]` for a draw, whose play never ends).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().principal_line(0), vec![0, 1, 2]);
    /// ```
    pub fn principal_line(&self, position: u32) -> Vec<u32> {
        if (position as usize) < self.len() {
            self.labels.principal_line(self.graph, position)
        } else {
            Vec::new()
        }
    }

    /// How many positions are wins, losses and draws.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// let counts = graph.solve().unwrap().counts();
    /// assert_eq!((counts.win, counts.lose, counts.draw), (1, 1, 0));
    /// ```
    pub fn counts(&self) -> Counts {
        self.labels.counts()
    }

    /// Counts by value and remoteness and the longest win, loss and tie.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// let analysis = graph.solve().unwrap().analysis();
    /// assert_eq!(analysis.longest_loss, Some((0, 2)));
    /// assert_eq!(analysis.longest_win, Some((1, 1)));
    /// ```
    pub fn analysis(&self) -> Analysis<u32> {
        Analysis::of_labels(&self.labels)
    }
}

impl Graph {
    /// Solves this graph under normal play with the defaults of
    /// [`DenseSolver`] (predecessor lists built, 1 GiB budget); another
    /// convention or budget is set on the solver, as for every game:
    /// `DenseSolver::new(&graph).with_convention(Convention::Misere).solve()`.
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] if the solver's tables exceed 1 GiB.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().value(0), Some(Value::Win));
    /// let misere = DenseSolver::new(&graph).with_convention(Convention::Misere).solve();
    /// assert_eq!(misere.unwrap().value(0), Some(Value::Lose));
    /// ```
    pub fn solve(&self) -> Result<DenseSolution<'_>> {
        DenseSolver::new(self).solve()
    }
}
