//! Retrograde analysis across machines, on MPI (feature `mpi`).
//!
//! The same induction as [`DenseSolver`](super::DenseSolver) and
//! [`TieredSolver`](super::TieredSolver), run by every process (*rank*) of
//! an MPI job, each holding only its share of the tables; the labels and
//! remoteness are exactly those of the one-machine solvers, cycles, ties and
//! draws included.
//!
//! - **Partition by range**: with `k` ranks and `N` positions, rank `r` owns
//!   positions `r·b .. min((r+1)·b, N)` with `b = ⌈N/k⌉` ([`RankPartition`]);
//!   the owner of a position is one division away.
//! - **Moves generated where they start**: every rank runs the same game
//!   definition (a successor function, or a [`TieredGame`](super::TieredGame))
//!   on its own positions only; nobody holds the whole move graph.
//! - **Predecessors by bulk exchange**: the moves are listed twice, once to
//!   count each target's predecessors at its owner, once to send
//!   `(target, source)` pairs there; each rank then holds the predecessor
//!   lists of its positions.
//! - **Levels by bulk exchange**: level `r` of remoteness is one phase for
//!   positions lost at `r` (their predecessors are won at `r + 1`) and one for
//!   positions won at `r` (their predecessors lose a hope; lost at `r + 1`
//!   when none is left), then the same breadth-first pass for ties as on one
//!   machine. Every phase sends one notice per predecessor to its owner in
//!   all-to-all rounds of at most a fixed number of records per rank, so the
//!   buffers are sized once; a level whose notices do not fit one round takes
//!   several.
//! - **Memory budget per rank**, checked (by every rank, which then agree)
//!   before each table is allocated.
//!
//! Every function here is *collective*: every rank of the communicator calls
//! it with the same arguments, or the job waits for ever. An error on one
//! rank stops every rank: that rank returns its error, the others
//! [`Error::RankFailed`]. The [retrograde guide](crate::guide::retrograde) says how to launch a job
//! (`mpirun`, Slurm's `srun`), what each rank holds and what crosses the network.
//!
//! # Example
//! ```
//! use stonegame::Budget;
//! use stonegame::retrograde::mpi::{DistributedSolver, rsmpi};
//! use stonegame::retrograde::{Graph, Value};
//!
//! let universe = rsmpi::initialize().unwrap();
//! let world = universe.world();
//! // Subtraction game: take 1, 3 or 4 stones from 0..100; the last stone wins.
//! let successors = |n: u64| [1, 3, 4].into_iter().filter(move |&s| s <= n).map(move |s| n - s);
//! let solution = DistributedSolver::new(&world, 100, successors).solve().unwrap();
//! // Each rank answers for its own positions (all of them with one rank).
//! for n in solution.positions() {
//!     let expected = if n % 7 == 0 || n % 7 == 2 { Value::Lose } else { Value::Win };
//!     assert_eq!(solution.value(n), Some(expected));
//! }
//! assert_eq!(solution.counts(&world).total(), 100);
//! ```

mod exchange;
mod shard;
mod tiers;

use std::ops::Range;

use ::mpi::traits::Communicator;

use crate::{Budget, Convention, Error, Result};

use super::induction::{LOSE, TIE, WIN, code_value};
use super::{Counts, Label, Value};
use exchange::sum_over_ranks;
use shard::{Move, MoveSource, Setup, ShardLabels, solve_shard};

use super::work::{DEFAULT_RETROGRADE_WORK, WorkMeter};

/// What a refusal of [`DistributedSolver`] names (the cap is per rank).
const DISTRIBUTED_WORK: &str = "distributed retrograde analysis (DistributedSolver: one rank's \
                                moves listed and predecessors visited)";

pub use tiers::DistributedTieredSolver;

/// The `mpi` crate (rsmpi) this module is built on, for
/// `rsmpi::initialize()` and its communicators.
pub use ::mpi as rsmpi;

/// Default bytes of exchange buffers per rank.
const DEFAULT_EXCHANGE_BYTES: u128 = 32 << 20;

/// Which rank owns which positions: rank `r` of `k` owns
/// `r·b .. min((r+1)·b, N)` with `b = ⌈N/k⌉` (the last ranks may own fewer,
/// or none when `N < k`).
///
/// # Example
/// ```
/// use stonegame::retrograde::mpi::RankPartition;
/// let partition = RankPartition::new(10, 4);
/// assert_eq!(partition.range(0), 0..3);
/// assert_eq!(partition.range(3), 9..10);
/// assert_eq!(partition.owner(5), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankPartition {
    num_positions: u64,
    block: u64,
}

impl RankPartition {
    /// The partition of `num_positions` positions over `ranks` ranks (at least one).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::RankPartition;
    /// assert_eq!(RankPartition::new(3, 8).range(5), 3..3);
    /// ```
    pub fn new(num_positions: u64, ranks: usize) -> Self {
        let ranks = ranks.max(1) as u64;
        Self {
            num_positions,
            block: num_positions.div_ceil(ranks).max(1),
        }
    }

    /// The positions `rank` owns.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::RankPartition;
    /// assert_eq!(RankPartition::new(100, 3).range(1), 34..68);
    /// ```
    pub fn range(&self, rank: usize) -> Range<u64> {
        let start = (rank as u64)
            .saturating_mul(self.block)
            .min(self.num_positions);
        let end = start.saturating_add(self.block).min(self.num_positions);
        start..end
    }

    /// The rank that owns `position` (which must be below `N`).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::RankPartition;
    /// assert_eq!(RankPartition::new(100, 3).owner(99), 2);
    /// ```
    pub fn owner(&self, position: u64) -> usize {
        (position / self.block) as usize
    }

    /// The owner of `position` and its index in the owner's range.
    fn locate(&self, position: u64) -> (usize, u64) {
        let owner = position / self.block;
        (owner as usize, position - owner * self.block)
    }
}

/// What one rank sent through the bulk exchanges of a solve.
///
/// # Example
/// ```
/// use stonegame::retrograde::mpi::ExchangeStats;
/// let stats = ExchangeStats::default();
/// assert_eq!(stats.mean_bytes_per_round(), 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExchangeStats {
    /// All-to-all rounds (every rank takes part in each).
    pub rounds: u64,
    /// Bytes this rank sent to other ranks (records for itself excluded).
    pub bytes_sent: u64,
    /// The most bytes this rank sent to other ranks in one round.
    pub largest_round_bytes: u64,
}

impl ExchangeStats {
    fn record_round(&mut self, bytes: u64) {
        self.rounds += 1;
        self.bytes_sent += bytes;
        self.largest_round_bytes = self.largest_round_bytes.max(bytes);
    }

    /// Bytes sent per round on average.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::ExchangeStats;
    /// let stats = ExchangeStats { rounds: 4, bytes_sent: 100, largest_round_bytes: 40 };
    /// assert_eq!(stats.mean_bytes_per_round(), 25.0);
    /// ```
    pub fn mean_bytes_per_round(&self) -> f64 {
        if self.rounds == 0 {
            0.0
        } else {
            self.bytes_sent as f64 / self.rounds as f64
        }
    }
}

/// The moves of [`Graph::pseudo_random`](super::Graph::pseudo_random)'s
/// graph, one position at a time, so that each rank generates only its own:
/// the distributed solve of these moves labels every position exactly as
/// the one-machine solve of that graph.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::retrograde::Graph;
/// use stonegame::retrograde::mpi::PseudoRandomMoves;
///
/// let graph = Graph::pseudo_random(1000, 6, 5, 7, Budget::default())?;
/// let moves = PseudoRandomMoves::new(1000, 6, 5, 7)?;
/// for u in 0..1000u32 {
///     let here: Vec<u32> = moves.moves(u64::from(u)).map(|v| v as u32).collect();
///     assert_eq!(here, graph.successors(u));
/// }
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PseudoRandomMoves {
    num_positions: u64,
    max_moves: u32,
    terminal_percent: u8,
    seed: u64,
}

impl PseudoRandomMoves {
    /// The generator of [`Graph::pseudo_random`](super::Graph::pseudo_random)
    /// with the same parameters.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `terminal_percent > 100`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::PseudoRandomMoves;
    /// assert!(PseudoRandomMoves::new(10, 6, 101, 1).is_err());
    /// ```
    pub fn new(
        num_positions: u64,
        max_moves: u32,
        terminal_percent: u8,
        seed: u64,
    ) -> Result<Self> {
        if terminal_percent > 100 {
            return Err(Error::InvalidParameter {
                name: "terminal_percent",
                reason: format!("{terminal_percent} is above 100"),
            });
        }
        Ok(Self {
            num_positions,
            max_moves,
            terminal_percent,
            seed,
        })
    }

    /// The moves from `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::PseudoRandomMoves;
    /// let moves = PseudoRandomMoves::new(10, 0, 0, 1).unwrap();
    /// assert_eq!(moves.moves(3).count(), 0);
    /// ```
    pub fn moves(&self, position: u64) -> impl Iterator<Item = u64> + use<> {
        super::graph::pseudo_random_moves(
            position,
            self.num_positions,
            self.max_moves,
            self.terminal_percent,
            self.seed,
        )
    }
}

/// Solves a game of positions `0..N` given by a successor function on
/// every rank of an MPI communicator (collective). Options as
/// [`DenseSolver`](super::DenseSolver): the [`Convention`], a terminal rule,
/// and a per-rank [`Budget`] (default 1 GiB), plus the bytes of exchange
/// buffers per rank (default 32 MiB; smaller means more rounds).
///
/// The successor function is called twice for each position (on its
/// owner), and must return the same moves both times.
///
/// # Example
/// See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct DistributedSolver<'c, C, F, T = fn(u64) -> Option<Value>> {
    communicator: &'c C,
    num_positions: u64,
    successors: F,
    terminal: Option<T>,
    convention: Convention,
    budget: Budget,
    exchange_bytes: u128,
    wide: bool,
}

impl<C: Communicator, F, T> crate::game::Configure for DistributedSolver<'_, C, F, T> {
    fn with_budget(self, budget: Budget) -> Self {
        DistributedSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<'c, C: Communicator, F> DistributedSolver<'c, C, F> {
    /// A solver for positions `0..num_positions` whose moves `successors`
    /// lists, with normal play, no terminal rule and the default budget.
    ///
    /// # Example
    /// See the [module documentation](self).
    pub fn new(communicator: &'c C, num_positions: u64, successors: F) -> Self {
        Self {
            communicator,
            num_positions,
            successors,
            terminal: None,
            convention: Convention::Normal,
            budget: Budget::default(),
            exchange_bytes: DEFAULT_EXCHANGE_BYTES,
            wide: false,
        }
    }
}

impl<'c, C: Communicator, F, T> DistributedSolver<'c, C, F, T> {
    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::Convention;
    /// use stonegame::retrograde::{Value, mpi::{DistributedSolver, rsmpi}};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// let solution = DistributedSolver::new(&world, 1, |_| std::iter::empty())
    ///     .with_convention(Convention::Misere)
    ///     .solve()
    ///     .unwrap();
    /// if solution.positions().contains(&0) {
    ///     assert_eq!(solution.value(0), Some(Value::Win));
    /// }
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget of each rank (its tables and exchange buffers)
    /// and the work cap of each rank (its own steps; default
    /// [`DEFAULT_RETROGRADE_WORK`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Error};
    /// use stonegame::retrograde::mpi::{DistributedSolver, rsmpi};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// let refused = DistributedSolver::new(&world, 1_000_000, |_| std::iter::empty())
    ///     .with_budget(Budget::from_bytes(1000))
    ///     .solve();
    /// assert!(refused.is_err());
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget of each rank in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// See [`Configure`](crate::game::Configure), which every solver implements.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Sets the bytes of exchange buffers of each rank (part of its budget):
    /// a round carries at most about `bytes / (k + 2)` bytes of notices from
    /// each rank; a smaller figure means more, smaller rounds.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::{DistributedSolver, rsmpi};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// let chain = |u: u64| (u + 1 < 1000).then_some(u + 1);
    /// let solution = DistributedSolver::new(&world, 1000, chain)
    ///     .with_exchange_bytes(64)
    ///     .solve()
    ///     .unwrap();
    /// assert!(solution.exchange_stats().rounds > 1000);
    /// ```
    pub fn with_exchange_bytes(mut self, bytes: u64) -> Self {
        self.exchange_bytes = u128::from(bytes);
        self
    }

    /// Uses 8-byte position indices and predecessor offsets even when 4
    /// bytes would do, as for games of more than `u32::MAX` positions: for
    /// testing that path on small games. The labels are the same.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::{DistributedSolver, rsmpi};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// let chain = |u: u64| (u + 1 < 10).then_some(u + 1);
    /// let wide = DistributedSolver::new(&world, 10, chain).with_wide_indices(true).solve().unwrap();
    /// if wide.positions().contains(&0) {
    ///     assert_eq!(wide.remoteness(0), Some(9));
    /// }
    /// ```
    #[doc(hidden)]
    pub fn with_wide_indices(mut self, wide: bool) -> Self {
        self.wide = wide;
        self
    }

    /// Sets a terminal rule, as [`DenseSolver::terminal`](super::DenseSolver::terminal)
    /// (called on the position's owner).
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::{Value, mpi::{DistributedSolver, rsmpi}};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// // 0 ⇄ 1, and 1 is a level ending: 0 ties in one move.
    /// let solution = DistributedSolver::new(&world, 2, |u: u64| [1 - u])
    ///     .terminal(|u| (u == 1).then_some(Value::Tie))
    ///     .solve()
    ///     .unwrap();
    /// if solution.positions().contains(&0) {
    ///     assert_eq!(solution.remoteness(0), Some(1));
    /// }
    /// ```
    pub fn terminal<T2>(self, rule: T2) -> DistributedSolver<'c, C, F, T2>
    where
        T2: FnMut(u64) -> Option<Value>,
    {
        DistributedSolver {
            communicator: self.communicator,
            num_positions: self.num_positions,
            successors: self.successors,
            terminal: Some(rule),
            convention: self.convention,
            budget: self.budget,
            exchange_bytes: self.exchange_bytes,
            wide: self.wide,
        }
    }

    /// Labels every position; each rank returns the labels of its own
    /// range (collective).
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] (before allocating) if a rank's tables
    /// would not fit its budget; [`Error::InvalidParameter`] for a move out
    /// of range or a successor function that is not deterministic;
    /// [`Error::WorkLimitExceeded`] past a rank's work cap;
    /// [`Error::RankFailed`] on the other ranks when one rank fails.
    ///
    /// # Example
    /// See the [module documentation](self).
    pub fn solve<I>(self) -> Result<DistributedSolution>
    where
        F: FnMut(u64) -> I,
        I: IntoIterator<Item = u64>,
        T: FnMut(u64) -> Option<Value>,
    {
        let setup = Setup {
            num_positions: self.num_positions,
            convention: self.convention,
            budget: self.budget,
            exchange_bytes: self.exchange_bytes,
            wide: self.wide,
        };
        let mut source = ClosureMoves {
            successors: self.successors,
            terminal: self.terminal,
        };
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_RETROGRADE_WORK,
            "DistributedSolver",
            DISTRIBUTED_WORK,
        );
        solve_distributed(self.communicator, setup, &mut source, &meter)
    }
}

/// Runs the induction with `u32` indices when every position index fits.
fn solve_distributed<C: Communicator>(
    comm: &C,
    setup: Setup,
    source: &mut impl MoveSource,
    meter: &WorkMeter,
) -> Result<DistributedSolution> {
    let mut stats = ExchangeStats::default();
    let labels = if setup.num_positions <= u64::from(u32::MAX) && !setup.wide {
        solve_shard::<C, u32>(comm, setup, source, &mut stats, meter)?
    } else {
        solve_shard::<C, u64>(comm, setup, source, &mut stats, meter)?
    };
    let partition = RankPartition::new(setup.num_positions, comm.size() as usize);
    Ok(DistributedSolution {
        positions: partition.range(comm.rank() as usize),
        labels,
        stats,
    })
}

/// A successor closure and a terminal rule as a rank's move source.
struct ClosureMoves<F, T> {
    successors: F,
    terminal: Option<T>,
}

impl<F, I, T> MoveSource for ClosureMoves<F, T>
where
    F: FnMut(u64) -> I,
    I: IntoIterator<Item = u64>,
    T: FnMut(u64) -> Option<Value>,
{
    fn terminal(&mut self, position: u64) -> Option<Value> {
        self.terminal.as_mut().and_then(|rule| rule(position))
    }

    fn moves(&mut self, position: u64, out: &mut Vec<Move>) -> Result<()> {
        out.extend((self.successors)(position).into_iter().map(Move::Here));
        Ok(())
    }
}

/// One rank's share of a distributed solve: the labels of the positions it
/// owns, and what it exchanged.
///
/// # Example
/// See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct DistributedSolution {
    positions: Range<u64>,
    labels: ShardLabels,
    stats: ExchangeStats,
}

impl DistributedSolution {
    /// The positions this rank owns and answers for.
    ///
    /// # Example
    /// See the [module documentation](self).
    pub fn positions(&self) -> Range<u64> {
        self.positions.clone()
    }

    /// The label of `position`, or `None` if this rank does not own it.
    ///
    /// # Example
    /// See [`DistributedSolver::terminal`].
    pub fn label(&self, position: u64) -> Option<Label> {
        let u = position.checked_sub(self.positions.start)? as usize;
        let code = *self.labels.code.get(u)?;
        Some(Label {
            value: code_value(code),
            remoteness: matches!(code, WIN | LOSE | TIE).then(|| self.labels.word[u]),
        })
    }

    /// The value of `position` (`None` if this rank does not own it).
    ///
    /// # Example
    /// See the [module documentation](self).
    pub fn value(&self, position: u64) -> Option<Value> {
        self.label(position).map(|label| label.value)
    }

    /// The remoteness of `position` (`None` for draws and positions of other ranks).
    ///
    /// # Example
    /// See [`DistributedSolver::terminal`].
    pub fn remoteness(&self, position: u64) -> Option<u32> {
        self.label(position).and_then(|label| label.remoteness)
    }

    /// Counts by value of this rank's positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::retrograde::mpi::{DistributedSolver, rsmpi};
    /// let universe = rsmpi::initialize().unwrap();
    /// let world = universe.world();
    /// let solution = DistributedSolver::new(&world, 10, |_| std::iter::empty()).solve().unwrap();
    /// assert_eq!(solution.local_counts().lose as u64, solution.positions().end - solution.positions().start);
    /// ```
    pub fn local_counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &c in &self.labels.code {
            match c {
                WIN => counts.win += 1,
                LOSE => counts.lose += 1,
                TIE => counts.tie += 1,
                _ => counts.draw += 1,
            }
        }
        counts
    }

    /// Counts by value of every position, summed over the ranks
    /// (collective: every rank calls it).
    ///
    /// # Example
    /// See the [module documentation](self).
    pub fn counts<C: Communicator>(&self, communicator: &C) -> Counts {
        let local = self.local_counts();
        let all = sum_over_ranks(
            communicator,
            &[local.win, local.lose, local.tie, local.draw].map(|c| c as u64),
        );
        Counts {
            win: all[0] as usize,
            lose: all[1] as usize,
            tie: all[2] as usize,
            draw: all[3] as usize,
        }
    }

    /// What this rank exchanged: rounds, bytes sent, the largest round.
    ///
    /// # Example
    /// See [`DistributedSolver::with_exchange_bytes`].
    pub fn exchange_stats(&self) -> ExchangeStats {
        self.stats
    }

    /// The value codes and words of this rank's positions (for tier files).
    fn raw(&self) -> (&[u8], &[u32]) {
        (&self.labels.code, &self.labels.word)
    }
}

#[cfg(test)]
mod tests {
    use super::RankPartition;
    use proptest::prelude::*;

    proptest! {
        /// The ranges cover `0..N` in order without overlap, and `owner`
        /// and `locate` agree with them (checked by brute force over the ranks).
        #[test]
        fn ranges_cover_the_positions_and_owners_agree(
            n in 0u64..5000,
            ranks in 1usize..70,
            probes in proptest::collection::vec(any::<u64>(), 1..20),
        ) {
            let partition = RankPartition::new(n, ranks);
            let mut next = 0;
            for rank in 0..ranks {
                let range = partition.range(rank);
                prop_assert_eq!(range.start, next);
                prop_assert!(range.end >= range.start);
                next = range.end;
            }
            prop_assert_eq!(next, n);
            for probe in probes {
                if n == 0 {
                    break;
                }
                let u = probe % n;
                let owner = (0..ranks).find(|&r| partition.range(r).contains(&u)).unwrap();
                prop_assert_eq!(partition.owner(u), owner);
                prop_assert_eq!(partition.locate(u), (owner, u - partition.range(owner).start));
            }
        }
    }

    #[test]
    fn huge_counts_do_not_overflow() {
        let partition = RankPartition::new(u64::MAX, 3);
        assert_eq!(partition.range(2).end, u64::MAX);
        assert_eq!(partition.owner(u64::MAX - 1), 2);
    }
}
