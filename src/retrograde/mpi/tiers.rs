//! Tiered games across ranks: each tier is solved by every rank on its
//! range of the tier, with the labels of lower tiers read from their files
//! (on a file system every rank sees). Rank 0 gathers each tier's labels and
//! writes its file as the one-machine solver does (written aside, synced,
//! renamed; manifest first, completion last), so the database is the same
//! format, checked the same way.

use std::ops::ControlFlow;
use std::path::PathBuf;

use ::mpi::traits::{Communicator, Destination, Source};

use crate::budget::vec_with_capacity;
use crate::{Budget, Convention, Error, Result};

use super::super::induction::value_code;
use super::super::tiers::{SolveSession, TierLabels, tier_chain, tiered_work_name};
use super::super::work::{DEFAULT_RETROGRADE_WORK, WorkMeter};
use super::super::{TierDatabase, TierPosition, TieredGame, Value};
use super::exchange::agree;
use super::shard::{Move, MoveSource, Setup};
use super::{DEFAULT_EXCHANGE_BYTES, DistributedSolution, RankPartition, solve_distributed};

/// Records sent to the writing rank per message.
const WRITE_CHUNK: usize = 1 << 20;

/// Solves a [`TieredGame`] tier by tier on every rank of an MPI
/// communicator (collective), writing each tier's file in the format of
/// [`TierDatabase`], which then answers queries on any one machine. The
/// directory must be on a file system every rank sees (rank 0 writes the
/// files, every rank reads the lower tiers it needs). Options as
/// [`TieredSolver`](super::super::TieredSolver); the budget is per rank,
/// a quarter of it for the lower-tier labels kept in memory.
///
/// # Example
/// ```
/// # use std::ops::ControlFlow;
/// use stonegame::retrograde::mpi::{DistributedTieredSolver, rsmpi};
/// use stonegame::retrograde::{TierPosition, TieredGame, Value};
///
/// /// Take 1 or 2 stones from n; tier t holds the single position n = t.
/// struct Countdown(u32);
/// impl TieredGame for Countdown {
///     fn num_tiers(&self) -> u32 { self.0 + 1 }
///     fn tier_size(&self, _tier: u32) -> u32 { 1 }
///     fn for_each_move(
///         &self,
///         p: TierPosition,
///         mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         for take in 1..=2 {
///             if let Some(tier) = p.tier.checked_sub(take) {
///                 visit(TierPosition { tier, index: 0 })?;
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let universe = rsmpi::initialize().unwrap();
/// let world = universe.world();
/// let dir = std::env::temp_dir().join(format!("stonegame-doc-mpi-tiers-{}", std::process::id()));
/// let mut db = DistributedTieredSolver::new(&world, &Countdown(10), &dir).solve().unwrap();
/// assert_eq!(db.value(TierPosition { tier: 9, index: 0 }).unwrap(), Some(Value::Lose));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Clone)]
pub struct DistributedTieredSolver<'c, 'g, C, G> {
    communicator: &'c C,
    game: &'g G,
    directory: PathBuf,
    convention: Convention,
    budget: Budget,
    exchange_bytes: u128,
}

impl<C: Communicator, G: TieredGame> crate::game::Configure
    for DistributedTieredSolver<'_, '_, C, G>
{
    fn with_budget(self, budget: Budget) -> Self {
        DistributedTieredSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<'c, 'g, C: Communicator, G: TieredGame> DistributedTieredSolver<'c, 'g, C, G> {
    /// A solver writing its tier files to `directory` (created if needed),
    /// with normal play and the default budget per rank.
    ///
    /// # Example
    /// See [`DistributedTieredSolver`].
    pub fn new(communicator: &'c C, game: &'g G, directory: impl Into<PathBuf>) -> Self {
        Self {
            communicator,
            game,
            directory: directory.into(),
            convention: Convention::Normal,
            budget: Budget::default(),
            exchange_bytes: DEFAULT_EXCHANGE_BYTES,
        }
    }

    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// See [`TieredSolver::with_convention`](super::super::TieredSolver::with_convention).
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget of each rank.
    ///
    /// # Example
    /// See [`DistributedSolver::with_budget`](super::DistributedSolver::with_budget).
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

    /// Sets the bytes of exchange buffers of each rank (part of its budget).
    ///
    /// # Example
    /// See [`DistributedSolver::with_exchange_bytes`](super::DistributedSolver::with_exchange_bytes).
    pub fn with_exchange_bytes(mut self, bytes: u64) -> Self {
        self.exchange_bytes = u128::from(bytes);
        self
    }

    /// Solves every tier from 0 up and writes its file; every rank returns
    /// a database over the files.
    ///
    /// # Errors
    /// As [`TieredSolver::solve`](super::super::TieredSolver::solve), and
    /// [`Error::RankFailed`] on the other ranks
    /// when one rank fails.
    ///
    /// # Example
    /// See [`DistributedTieredSolver`].
    pub fn solve(self) -> Result<TierDatabase> {
        let comm = self.communicator;
        let session = SolveSession::plan(self.game, self.convention, &self.directory);
        let session = agree(comm, session)?;
        // Rank 0 records the solve in the manifest before any tier is written.
        let begun = if comm.rank() == 0 {
            session.begin()
        } else {
            Ok(())
        };
        agree(comm, begun)?;
        let lower_budget = Budget::from_bytes(self.budget.bytes() / 4);
        let mut database = session.database(lower_budget);
        let mut chain = session.fingerprint();
        // One cap for the whole solve, per rank; a refusal is agreed on by
        // every rank before any of them writes, so the tiers written so far
        // stay as they are.
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_RETROGRADE_WORK,
            "DistributedTieredSolver",
            tiered_work_name(self.game.identity()).replacen(
                "TieredSolver",
                "DistributedTieredSolver, per rank",
                1,
            ),
        );
        for tier in 0..self.game.num_tiers() {
            let setup = Setup {
                num_positions: u64::from(self.game.tier_size(tier)),
                convention: self.convention,
                budget: Budget::from_bytes(self.budget.bytes() - lower_budget.bytes())
                    .with_work(meter.cap()),
                exchange_bytes: self.exchange_bytes,
                wide: false,
            };
            let mut source = TierMoves {
                game: self.game,
                tier,
                database: &mut database,
                lower_error: None,
                moves: Vec::new(),
            };
            let solved = solve_distributed(comm, setup, &mut source, &meter);
            let solution = match (solved, source.lower_error) {
                (Ok(solution), _) => solution,
                (Err(_), Some(lower)) => return Err(lower),
                (Err(error), None) => return Err(error),
            };
            let labels = gather(comm, &solution, self.budget);
            // Rank 0 hashes the tier's moves (as the one-machine solver does
            // while listing them) and writes the file.
            let written = match labels {
                Ok(Some(labels)) => {
                    // Not capped here: the distributed solve charged the tier.
                    let unmetered = WorkMeter::with_cap(u64::MAX, "");
                    tier_chain(self.game, tier, chain, &unmetered).and_then(|next| {
                        chain = next;
                        session.write_tier(tier, chain, &labels)
                    })
                }
                Ok(None) => Ok(()),
                Err(error) => Err(error),
            };
            agree(comm, written)?;
        }
        let finished = if comm.rank() == 0 {
            session.finish().map(|_| ())
        } else {
            Ok(())
        };
        agree(comm, finished)?;
        Ok(TierDatabase::open(&self.directory, self.budget))
    }
}

/// A tier's moves as a rank's move source: moves inside the tier by index,
/// moves to lower tiers with the labels read from their files.
struct TierMoves<'a, 'g, G> {
    game: &'g G,
    tier: u32,
    database: &'a mut TierDatabase,
    /// A lower tier's file could not be read (reported instead of the
    /// generic error that stopped the solve).
    lower_error: Option<Error>,
    moves: Vec<TierPosition>,
}

impl<G: TieredGame> MoveSource for TierMoves<'_, '_, G> {
    fn terminal(&mut self, position: u64) -> Option<Value> {
        self.game.terminal(self.here(position))
    }

    fn moves(&mut self, position: u64, out: &mut Vec<Move>) -> Result<()> {
        let here = self.here(position);
        self.moves.clear();
        let moves = &mut self.moves;
        let _ = self.game.for_each_move(here, |to| {
            moves.push(to);
            ControlFlow::Continue(())
        });
        for &to in &self.moves {
            if to.tier == self.tier && to.index < self.game.tier_size(self.tier) {
                out.push(Move::Here(u64::from(to.index)));
            } else if to.tier < self.tier && to.index < self.game.tier_size(to.tier) {
                match self.database.label(to) {
                    Ok(Some(label)) => out.push(Move::Solved {
                        code: value_code(label.value),
                        remoteness: label.remoteness.unwrap_or(0),
                    }),
                    Ok(None) | Err(_) => {
                        let error =
                            self.database
                                .label(to)
                                .err()
                                .unwrap_or_else(|| Error::TierCorrupt {
                                    path: self.database.path(to.tier),
                                    reason: format!("holds no position {}", to.index),
                                });
                        self.lower_error = Some(error.clone());
                        return Err(Error::InvalidParameter {
                            name: "tier file",
                            reason: error.to_string(),
                        });
                    }
                }
            } else {
                return Err(Error::InvalidParameter {
                    name: "for_each_move",
                    reason: format!(
                        "move from {here:?} to {to:?}: tiers may only move to their own \
                         or a lower tier, inside its size"
                    ),
                });
            }
        }
        Ok(())
    }
}

impl<G: TieredGame> TierMoves<'_, '_, G> {
    fn here(&self, position: u64) -> TierPosition {
        TierPosition {
            tier: self.tier,
            index: position as u32,
        }
    }
}

/// Gathers the tier's labels on rank 0 (collective): every other rank
/// sends its slice in chunks, rank 0 receives them in rank order, its whole
/// tier checked against `budget` first. `Some` on rank 0, `None` elsewhere.
fn gather<C: Communicator>(
    comm: &C,
    solution: &DistributedSolution,
    budget: Budget,
) -> Result<Option<TierLabels>> {
    let counts = solution.counts(comm);
    let (code, word) = solution.raw();
    if comm.rank() != 0 {
        let root = comm.process_at_rank(0);
        for (c, w) in code.chunks(WRITE_CHUNK).zip(word.chunks(WRITE_CHUNK)) {
            root.send(c);
            root.send(w);
        }
        return Ok(None);
    }
    let total = counts.total() as u64;
    const WHAT: &str = "one tier's labels, gathered on rank 0 to be written";
    let ranks = comm.size() as usize;
    let partition = RankPartition::new(total, ranks);
    // A refusal of the allocator is treated as one of the budget: the
    // messages are still received, so no sender waits forever.
    let tables = budget
        .check_bytes(5 * u128::from(total), WHAT)
        .and_then(|()| {
            let records = usize::try_from(total).unwrap_or(usize::MAX);
            Ok((
                vec_with_capacity(records, WHAT, budget)?,
                vec_with_capacity(records, WHAT, budget)?,
            ))
        });
    let (fits, (mut all_code, mut all_word)) = match tables {
        Ok(tables) => (Ok(()), tables),
        Err(refused) => (Err(refused), (Vec::new(), Vec::new())),
    };
    all_code.extend_from_slice(code);
    all_word.extend_from_slice(word);
    let mut c = vec![0u8; WRITE_CHUNK];
    let mut w = vec![0u32; WRITE_CHUNK];
    for rank in 1..ranks {
        let from = comm.process_at_rank(rank as i32);
        let mut left = partition.range(rank).end - partition.range(rank).start;
        while left > 0 {
            // Every message is received (the senders do not know of a
            // refusal); a refused tier keeps nothing.
            let records = left.min(WRITE_CHUNK as u64) as usize;
            from.receive_into(&mut c[..records]);
            from.receive_into(&mut w[..records]);
            if fits.is_ok() {
                all_code.extend_from_slice(&c[..records]);
                all_word.extend_from_slice(&w[..records]);
            }
            left -= records as u64;
        }
    }
    fits?;
    Ok(Some(TierLabels::new(all_code, all_word)))
}
