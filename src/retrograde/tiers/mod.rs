//! Tiered retrograde analysis: a game split into tiers, solved from the
//! bottom tier up, each tier's results kept on disk.
//!
//! A *tier* is a set of positions such that no move goes to a higher tier
//! (chess endgames by material, board games by stones placed). Tier `t` is
//! solved knowing only its own positions and the labels of the lower tiers
//! its moves reach, read back from their files: those labels enter the
//! induction as already-solved positions at their own remoteness, so the
//! result is exactly that of solving the whole game at once. The work is
//! O(V + E) overall; memory is the largest tier's tables plus the lower-tier
//! labels it reaches (5 bytes a position).
//!
//! What is stored is trusted later, so it is written the way databases
//! survive crashes: every file is written aside, synced and renamed into
//! place (the directory synced before completion is recorded), so a kill or
//! a panic at any instant leaves each tier absent or complete; a manifest records which game, convention and
//! format the database holds and whether its solve finished; every tier
//! file carries the database's fingerprint and a checksum per block of
//! records. The file format is documented on [`TierDatabase`].

use std::collections::HashMap;
use std::fs;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use ahash::AHashMap;

use super::work::{
    BatchCharge, DEFAULT_RETROGRADE_WORK, Metered, WorkMeter, metered_reverse_weighted,
};
use crate::budget::{allocation_refused, filled_vec, try_reserve, vec_with_capacity};
use crate::{Budget, Convention, Error, Result};

use super::graph::{Graph, check_counts, csr_bytes};
use super::graph::{Moves, Predecessors};
use super::induction::{
    DRAW, LOSE, Labels, PREDECESSOR_CHECK_DEFAULT, TIE, UNKNOWN, WIN, check_predecessors,
    code_value, value_code,
};
use super::{Counts, Label, Value};

mod format;
use format::*;

/// A position of a tiered game: its tier and its index inside the tier.
///
/// # Example
/// ```
/// use stonegame::retrograde::TierPosition;
/// let p = TierPosition { tier: 2, index: 7 };
/// assert!(p < TierPosition { tier: 3, index: 0 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TierPosition {
    /// The tier, `0..num_tiers`; moves never go to a higher tier.
    pub tier: u32,
    /// The index inside the tier, `0..tier_size(tier)`.
    pub index: u32,
}

/// A game split into tiers, for [`TieredSolver`].
///
/// # Example
/// ```
/// # use std::ops::ControlFlow;
/// use stonegame::retrograde::{TierPosition, TieredGame};
///
/// /// Take 1 or 2 stones from n; tier t holds the single position n = t.
/// struct Countdown(u32);
/// impl TieredGame for Countdown {
///     fn identity(&self) -> &str { "countdown, take 1 or 2, v1" }
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
/// assert_eq!(Countdown(5).num_tiers(), 6);
/// ```
pub trait TieredGame {
    /// The number of tiers; tier 0 is solved first.
    fn num_tiers(&self) -> u32;

    /// The number of positions in `tier`.
    fn tier_size(&self, tier: u32) -> u32;

    /// Calls `visit` once for every move from `position` (to its own tier or
    /// a lower one) until `visit` returns [`ControlFlow::Break`]; then stops
    /// at once and returns `Break(())`. Returns `Continue(())` when every
    /// move was visited: the shape of every definition trait of the crate
    /// ([`ScoringGame::for_each_move`](crate::scoring::ScoringGame::for_each_move),
    /// [`ImpartialGame::for_each_option`](crate::impartial::ImpartialGame::for_each_option)).
    fn for_each_move(
        &self,
        position: TierPosition,
        visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// `Some(value)` ends the game at `position` with that value for the
    /// player to move (its moves are ignored); by default no position ends
    /// early and a position without moves ends by the convention.
    fn terminal(&self, _position: TierPosition) -> Option<Value> {
        None
    }

    /// Whether [`TieredGame::for_each_predecessor`] lists the predecessors
    /// of positions: then [`TieredSolver`] solves each tier without storing
    /// its moves (see its cost). `false` by default.
    fn lists_predecessors(&self) -> bool {
        false
    }

    /// When [`TieredGame::lists_predecessors`] says so: calls `visit` with
    /// the index of each position of tier `tier` that has a move to
    /// `position` (a position of `tier` or of a lower tier), once per such
    /// move, stopping when `visit` returns `Break`. Positions a terminal
    /// rule ends may be listed or not. A wrong list is refused by the
    /// solver's check ([`TieredSolver::with_predecessor_check`], on by
    /// default; turned off, a wrong list gives wrong labels). Lists nothing
    /// by default.
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, Value};
    ///
    /// /// Take 1 or 2 from n; tier t holds the single position n = t.
    /// struct Countdown(u32);
    /// impl TieredGame for Countdown {
    ///     fn num_tiers(&self) -> u32 { self.0 + 1 }
    ///     fn tier_size(&self, _tier: u32) -> u32 { 1 }
    ///     fn for_each_move(
    ///         &self,
    ///         p: TierPosition,
    ///         mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         (1..=2).filter_map(|take| p.tier.checked_sub(take))
    ///             .try_for_each(|tier| visit(TierPosition { tier, index: 0 }))
    ///     }
    ///     fn lists_predecessors(&self) -> bool { true }
    ///     fn for_each_predecessor(
    ///         &self,
    ///         p: TierPosition,
    ///         tier: u32,
    ///         mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ///     ) -> ControlFlow<()> {
    ///         // Tier `tier` reaches p from p.tier + 1 and p.tier + 2.
    ///         if (1..=2).contains(&(tier - p.tier)) { visit(0) } else { ControlFlow::Continue(()) }
    ///     }
    /// }
    ///
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-tier-preds-{}", std::process::id()));
    /// let mut db = TieredSolver::new(&Countdown(10), &dir).with_predecessor_check(true).solve()?;
    /// assert_eq!(db.value(TierPosition { tier: 9, index: 0 })?, Some(Value::Lose));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    fn for_each_predecessor(
        &self,
        _position: TierPosition,
        _tier: u32,
        _visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// The game's name and the version of its rules (at most 1024 bytes),
    /// recorded in the database it is solved into. The database's
    /// fingerprint covers it, the number of tiers, every tier's size, the
    /// convention, the file format and the moves of a few positions of every
    /// tier; a reader that names the game it expects
    /// ([`TierDatabase::with_game`]) compares that fingerprint, so change
    /// the identity with the rules. (A re-solve needs no help: each tier's
    /// file also records a hash of every move below it.) Empty by default.
    ///
    /// # Example
    /// See [`TieredGame`].
    fn identity(&self) -> &str {
        ""
    }
}

/// Solves a [`TieredGame`] tier by tier, writing each tier's labels to a
/// file in a directory (see [`TierDatabase`] for the format), and returns a
/// [`TierDatabase`] that answers queries from them.
///
/// A solve into a directory that already holds tiers of the same game and
/// convention (complete files of an earlier solve, finished or killed)
/// reuses them after checking them through, and solves only the rest: a
/// tier is kept when its file has this database's fingerprint and records
/// the same hash of every move and terminal value of its tier and the tiers
/// below (one pass over those moves, no induction). Every other tier is
/// solved again. One solve at a time writes into a directory: a second is
/// refused at once with [`Error::CheckpointBusy`] (a lock file, `.lock`).
///
/// # Cost
/// One tier at a time: for a tier of `n` positions, `m` moves and `l`
/// distinct lower-tier targets, its graph and predecessor lists
/// (`2 (4 (n + l + 1) + 4 m)` bytes), the induction's `9 (n + l)`, and
/// `24 l` for the map of lower-tier targets; plus `5` bytes a position of
/// the lower tiers whose labels it keeps in memory (dropped, highest tier
/// first, when they do not fit beside the tier being solved). Each tier's
/// moves are stored while it is solved, unless the game lists predecessors
/// ([`TieredGame::lists_predecessors`]): then a tier costs
/// `9 (n + l) + 24 l` and nothing a move (its moves are listed twice, to
/// find the lower-tier targets and to count out-degrees, and predecessors
/// once; best moves are not offered by the database either way).
///
/// # Example
/// ```
/// # use std::ops::ControlFlow;
/// use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, Value};
///
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
/// let dir = std::env::temp_dir().join(format!("stonegame-doc-tiers-{}", std::process::id()));
/// let mut db = TieredSolver::new(&Countdown(10), &dir).solve().unwrap();
/// let nine = db.label(TierPosition { tier: 9, index: 0 }).unwrap().unwrap();
/// assert_eq!((nine.value, nine.remoteness), (Value::Lose, Some(6)));
/// assert_eq!(db.value(TierPosition { tier: 10, index: 0 }).unwrap(), Some(Value::Win));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Clone)]
pub struct TieredSolver<'g, G> {
    game: &'g G,
    directory: PathBuf,
    convention: Convention,
    budget: Budget,
    checks_predecessors: bool,
}

impl<G: TieredGame> crate::game::Configure for TieredSolver<'_, G> {
    fn with_budget(self, budget: Budget) -> Self {
        TieredSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<'g, G: TieredGame> TieredSolver<'g, G> {
    /// A solver writing its tier files to `directory` (created if needed),
    /// with normal play and the default budget.
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct Empty;
    /// # impl TieredGame for Empty {
    /// #     fn num_tiers(&self) -> u32 { 0 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 0 }
    /// #     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-empty-{}", std::process::id()));
    /// let solver = TieredSolver::new(&Empty, &dir);
    /// assert!(solver.solve().is_ok());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn new(game: &'g G, directory: impl Into<PathBuf>) -> Self {
        Self {
            game,
            directory: directory.into(),
            convention: Convention::Normal,
            budget: Budget::default(),
            checks_predecessors: PREDECESSOR_CHECK_DEFAULT,
        }
    }

    /// Whether the predecessors a game lists
    /// ([`TieredGame::lists_predecessors`]) are checked against its moves,
    /// tier by tier, before each tier's induction (one more pass over both,
    /// 8 bytes a position of the tier): on by default in every build
    /// (`with_predecessor_check(false)` trusts the game); a mismatch is
    /// refused with
    /// [`Error::PredecessorMismatch`]. Ignored for games that do not list
    /// predecessors.
    ///
    /// # Example
    /// See [`TieredGame::for_each_predecessor`].
    pub fn with_predecessor_check(mut self, check: bool) -> Self {
        self.checks_predecessors = check;
        self
    }

    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, Value};
    /// # struct One;
    /// # impl TieredGame for One {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1 }
    /// #     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-misere-{}", std::process::id()));
    /// let mut db = TieredSolver::new(&One, &dir)
    ///     .with_convention(stonegame::Convention::Misere)
    ///     .solve()
    ///     .unwrap();
    /// assert_eq!(db.value(TierPosition { tier: 0, index: 0 }).unwrap(), Some(Value::Win));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget for one tier's tables plus the lower-tier
    /// labels kept in memory, and the work cap of the whole solve (default
    /// [`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK)).
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct Big;
    /// # impl TieredGame for Big {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1_000_000 }
    /// #     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-big-{}", std::process::id()));
    /// let refused = TieredSolver::new(&Big, &dir)
    ///     .with_budget(stonegame::Budget::from_bytes(1000))
    ///     .solve();
    /// assert!(matches!(refused, Err(stonegame::Error::MemoryBudgetExceeded { .. })));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// See [`Configure`](crate::game::Configure), which every solver implements.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Solves every tier from 0 up and writes its file, then marks the
    /// database complete. The labels of a solved tier are not kept: the
    /// tiers above read them back from its file (checked), and so does the
    /// returned database, so every answer comes from the files.
    ///
    /// The manifest is written first (unless it already names this game and
    /// convention), so that tiers left by a solve of another game are
    /// refused from then on; tiers already complete for this game are
    /// checked through and kept.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a move to a higher tier or out of
    /// range or an identity over 1024 bytes, [`Error::MemoryBudgetExceeded`]
    /// for tables over the budget; [`Error::WorkLimitExceeded`] past the
    /// work cap (the tiers written before stay, and a later solve keeps
    /// them); [`Error::Io`] if a file cannot be written
    /// or read back; the tier-file errors of [`TierDatabase::label`] if a
    /// lower tier's file changed under the solver.
    ///
    /// # Example
    /// See [`TieredSolver`].
    pub fn solve(self) -> Result<TierDatabase> {
        let meter = WorkMeter::new(
            self.budget,
            DEFAULT_RETROGRADE_WORK,
            "TieredSolver",
            tiered_work_name(self.game.identity()),
        );
        meter.check()?;
        let session = SolveSession::plan(self.game, self.convention, &self.directory)?;
        session.begin()?;
        let mut database = session.database(self.budget);
        // Each tier's file records a hash of every move and terminal value
        // of its tier and of the tiers below (what its labels depend on).
        let mut chain = session.fingerprint();
        for tier in 0..session.num_tiers() {
            let path = database.path(tier);
            // A complete file of this database (written whole, then renamed)
            // whose tiers up to it have the same moves is kept; anything
            // else is solved again.
            if let Ok((checked, _)) = read_tier(&path, tier, session.fingerprint(), false) {
                let same = tier_chain(self.game, tier, chain, &meter)?;
                if checked.chain == same {
                    chain = same;
                    continue;
                }
            }
            // A refusal of the work cap leaves the tiers written so far
            // (each written whole, then renamed): a later solve keeps them.
            let (labels, next) = self.solve_tier(tier, chain, &mut database, &meter)?;
            session.write_tier(tier, next, &labels)?;
            database.forget(tier);
            chain = next;
        }
        let manifest = session.finish()?;
        database.manifest = Some(manifest);
        database.serves_unfinished = false;
        Ok(database)
    }

    /// Builds tier `tier`'s graph (its positions, then one extra position
    /// per distinct lower-tier target, seeded with its label) and solves it;
    /// also returns the hash of its moves continuing `below`.
    fn solve_tier(
        &self,
        tier: u32,
        below: u64,
        database: &mut TierDatabase,
        meter: &WorkMeter,
    ) -> Result<(TierLabels, u64)> {
        let game = self.game;
        let n = game.tier_size(tier) as usize;
        check_counts(n, 0)?;
        let budget = self.budget;
        // Without predecessors from the game, the tier's moves are stored.
        let stores_moves = !game.lists_predecessors();
        let tier_bytes = |positions: usize, moves: usize| {
            // The graph and its reverse when stored, the induction's tables.
            let graphs = if stores_moves {
                2 * csr_bytes(positions, moves)
            } else {
                0
            };
            graphs + 9 * positions as u128
        };
        budget.check_bytes(tier_bytes(n, 0), "one tier's tables")?;
        // Every table below is charged by `tier_bytes`, before it grows;
        // `room` only makes a refusal of the allocator an error.
        const TABLES: &str = "one tier's tables";
        let room = Budget::unlimited();
        let mut offsets = vec_with_capacity(n + 1, TABLES, room)?;
        offsets.push(0u32);
        let mut targets: Vec<u32> = Vec::new();
        let mut code = filled_vec(n, UNKNOWN, TABLES, room)?;
        let mut lower: AHashMap<TierPosition, u32> = AHashMap::default();
        let mut lower_list: Vec<TierPosition> = Vec::new();
        let mut bad_move: Option<Error> = None;
        // Nothing is read into the database while the moves are listed.
        let cached_bytes = database.cached_bytes();
        let mut hash = MovesHash::new(below, tier);
        for index in 0..n as u32 {
            let here = TierPosition { tier, index };
            let terminal = game.terminal(here);
            hash.position(index, terminal);
            // The position and each move listed, hashed and numbered:
            // charged as they are listed, so an endless listing stops.
            let mut charge = BatchCharge::weighted(meter, TIER_STEPS_PER_ENTRY);
            if let Some(value) = terminal {
                code[index as usize] = value_code(value);
            } else {
                let _ = game.for_each_move(here, |to| {
                    charge.one()?;
                    hash.add_move(to);
                    let id = if to.tier == tier && (to.index as usize) < n {
                        to.index
                    } else if to.tier < tier && to.index < game.tier_size(to.tier) {
                        // 24 bytes an entry, as charged below.
                        if lower.try_reserve(1).is_err() {
                            bad_move = Some(allocation_refused(
                                lower.len(),
                                1,
                                24,
                                "one tier's lower-tier targets",
                                room,
                            ));
                            return ControlFlow::Break(());
                        }
                        if let Err(refused) = try_reserve(&mut lower_list, 1, TABLES, room) {
                            bad_move = Some(refused);
                            return ControlFlow::Break(());
                        }
                        let next = (n + lower_list.len()) as u32;
                        *lower.entry(to).or_insert_with(|| {
                            lower_list.push(to);
                            next
                        })
                    } else {
                        bad_move = Some(Error::InvalidParameter {
                            name: "for_each_move",
                            reason: format!(
                                "move from {here:?} to {to:?}: tiers may only move to their own \
                                 or a lower tier, inside its size"
                            ),
                        });
                        return ControlFlow::Break(());
                    };
                    if stores_moves {
                        if let Err(refused) = try_reserve(&mut targets, 1, TABLES, room) {
                            bad_move = Some(refused);
                            return ControlFlow::Break(());
                        }
                        targets.push(id);
                    }
                    ControlFlow::Continue(())
                });
                if let Some(error) = bad_move.take() {
                    return Err(error);
                }
            }
            charge.finish(TIER_STEPS_PER_ENTRY)?;
            let positions = n + lower_list.len();
            check_counts(positions, targets.len())?;
            // Map entries of lower-tier targets: key, value, control byte, slack.
            let lower_bytes = 24 * lower_list.len() as u128;
            budget.check_bytes(
                tier_bytes(positions, targets.len()) + lower_bytes + cached_bytes,
                "one tier's tables",
            )?;
            if stores_moves {
                offsets.push(targets.len() as u32);
            }
        }
        // Lower-tier targets: positions without moves, seeded with their labels.
        let total = n + lower_list.len();
        if stores_moves {
            try_reserve(&mut offsets, lower_list.len(), TABLES, room)?;
            offsets.resize(total + 1, targets.len() as u32);
        }
        try_reserve(&mut code, lower_list.len(), TABLES, room)?;
        code.resize(total, UNKNOWN);
        let mut word = filled_vec(total, 0u32, TABLES, room)?;
        // Tier by tier, so that a lower tier too large to keep beside the
        // others is read once rather than once per position (no sort when
        // the moves reach a single lower tier, the common case).
        let mut order: Vec<u32> = vec_with_capacity(lower_list.len(), TABLES, room)?;
        order.extend(0..lower_list.len() as u32);
        if let Some(first) = lower_list.first() {
            if lower_list.iter().any(|p| p.tier != first.tier) {
                order.sort_by_key(|&k| lower_list[k as usize].tier);
            }
        }
        for k in order {
            let (c, w) = database.raw_label(lower_list[k as usize])?;
            code[n + k as usize] = c;
            word[n + k as usize] = w;
        }
        let labels =
            if stores_moves {
                drop(lower);
                let graph = Graph::from_parts(offsets, targets);
                let mut reverse = metered_reverse_weighted(&graph, meter, TIER_STEPS_PER_ENTRY)?;
                let mut reverse = Metered::weighted(&mut reverse, meter, TIER_STEPS_PER_ENTRY);
                let graph = Metered::weighted(&graph, meter, TIER_STEPS_PER_ENTRY);
                Labels::induce(&graph, code, Some(word), self.convention, &mut reverse)?
            } else {
                let moves = TierMoves {
                    game,
                    tier,
                    size: n as u32,
                    lower: &lower,
                };
                let moves = Metered::weighted(moves, meter, TIER_STEPS_PER_ENTRY);
                // Charged as it lists, not after each listing (it is the
                // game's, and may be endless).
                let mut predecessors = TierPredecessors {
                    game,
                    tier,
                    size: n as u32,
                    lower: &lower_list,
                    meter,
                };
                if self.checks_predecessors {
                    check_predecessors(&moves, &code, &mut predecessors, budget, |v| {
                        match lower_list.get((v as usize).wrapping_sub(n)) {
                            Some(p) => format!("{p:?}, reached from tier {tier}"),
                            None => format!("{:?}", TierPosition { tier, index: v }),
                        }
                    })?;
                }
                Labels::induce(&moves, code, Some(word), self.convention, &mut predecessors)?
            };
        let (code, word) = labels.raw();
        let mut kept_code = vec_with_capacity(n, TABLES, room)?;
        kept_code.extend_from_slice(&code[..n]);
        let mut kept_word = vec_with_capacity(n, TABLES, room)?;
        kept_word.extend(
            word[..n]
                .iter()
                .zip(&code[..n])
                .map(|(&w, &c)| if matches!(c, WIN | LOSE | TIE) { w } else { 0 }),
        );
        let labels = TierLabels {
            code: kept_code,
            word: kept_word,
        };
        Ok((labels, hash.0))
    }
}

/// Steps a [`TieredSolver`] charges for each position and each move or
/// predecessor it lists or reads (the game's listing, the tier's tables):
/// a tier's tables are small beside a whole graph's, so an entry costs
/// less than [`DenseSolver`](super::DenseSolver)'s 16 steps: measured 4–6 ns
/// an entry, I/O included (release, one thread, tiers of 10^4 and 10^6
/// positions, 3–100 moves a position; `examples/engine_work.rs`), about
/// 2 ns a step, so the default cap stands for about ten seconds.
pub(crate) const TIER_STEPS_PER_ENTRY: u64 = 2;

/// One tier's moves as the induction reads them when they are not stored:
/// positions `0..size` of the tier, then the lower-tier positions its moves
/// reach (numbered by `lower`), which have no moves here.
struct TierMoves<'a, G> {
    game: &'a G,
    tier: u32,
    size: u32,
    lower: &'a AHashMap<TierPosition, u32>,
}

impl<G: TieredGame> TierMoves<'_, G> {
    /// The number the tier's solve gives `to`, a target of a move of the tier.
    fn id(&self, to: TierPosition) -> Option<u32> {
        if to.tier == self.tier {
            (to.index < self.size).then_some(to.index)
        } else {
            self.lower.get(&to).copied()
        }
    }

    /// Calls `visit` with the number of each move's target; a target not
    /// seen when the moves were first listed is an error.
    fn for_each_target(&self, u: u32, mut visit: impl FnMut(u32) -> bool) -> Result<()> {
        let here = TierPosition {
            tier: self.tier,
            index: u,
        };
        let mut unknown = None;
        let _ = self.game.for_each_move(here, |to| match self.id(to) {
            Some(v) if visit(v) => ControlFlow::Break(()),
            Some(_) => ControlFlow::Continue(()),
            None => {
                unknown = Some(to);
                ControlFlow::Break(())
            }
        });
        match unknown {
            Some(to) => Err(Error::InvalidParameter {
                name: "for_each_move",
                reason: format!(
                    "move from {here:?} to {to:?}, not listed the first time: the moves \
                     must be the same at every call"
                ),
            }),
            None => Ok(()),
        }
    }
}

impl<G: TieredGame> Moves for TierMoves<'_, G> {
    fn num_positions(&self) -> usize {
        self.size as usize + self.lower.len()
    }

    fn out_degree(&self, u: u32) -> Result<u32> {
        if u >= self.size {
            return Ok(0);
        }
        let mut degree = 0u32;
        let _ = self.game.for_each_move(
            TierPosition {
                tier: self.tier,
                index: u,
            },
            |_| {
                degree += 1;
                ControlFlow::Continue(())
            },
        );
        Ok(degree)
    }

    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        if u >= self.size {
            return Ok(());
        }
        self.for_each_target(u, |v| {
            visit(v);
            false
        })
    }

    fn find_move(&self, u: u32, mut wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut found = None;
        if u < self.size {
            let _ = self.for_each_target(u, |v| {
                found = Some(v).filter(|&v| wanted(v));
                found.is_some()
            });
        }
        found
    }
}

/// The predecessors a game lists, inside the tier being solved.
struct TierPredecessors<'a, G> {
    game: &'a G,
    tier: u32,
    size: u32,
    /// The lower-tier positions numbered `size..`.
    lower: &'a [TierPosition],
    /// Charged [`TIER_STEPS_PER_ENTRY`] a position and a predecessor as
    /// they are listed (a game's listing may be endless).
    meter: &'a WorkMeter,
}

impl<G: TieredGame> Predecessors for TierPredecessors<'_, G> {
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        let position = match v.checked_sub(self.size) {
            None => TierPosition {
                tier: self.tier,
                index: v,
            },
            Some(k) => self.lower[k as usize],
        };
        let mut outside = None;
        let mut charge = BatchCharge::weighted(self.meter, TIER_STEPS_PER_ENTRY);
        let _ = self.game.for_each_predecessor(position, self.tier, |u| {
            if u >= self.size {
                outside = Some(u);
                return ControlFlow::Break(());
            }
            charge.one()?;
            visit(u);
            ControlFlow::Continue(())
        });
        match outside {
            Some(u) if !charge.is_refused() => Err(Error::InvalidParameter {
                name: "for_each_predecessor",
                reason: format!(
                    "{position:?} has a predecessor {u} in tier {}, outside 0..{}",
                    self.tier, self.size
                ),
            }),
            _ => charge.finish(TIER_STEPS_PER_ENTRY),
        }
    }
}

/// The hash of tier `tier`'s moves and terminal values, continuing `lower`,
/// the hash of the tiers below (as `TieredSolver::solve_tier` computes it
/// while it lists the moves), charged to `meter` as that listing is.
pub(crate) fn tier_chain<G: TieredGame + ?Sized>(
    game: &G,
    tier: u32,
    lower: u64,
    meter: &WorkMeter,
) -> Result<u64> {
    let mut hash = MovesHash::new(lower, tier);
    for index in 0..game.tier_size(tier) {
        let here = TierPosition { tier, index };
        let terminal = game.terminal(here);
        hash.position(index, terminal);
        let mut charge = BatchCharge::weighted(meter, TIER_STEPS_PER_ENTRY);
        if terminal.is_none() {
            let _ = game.for_each_move(here, |to| {
                charge.one()?;
                hash.add_move(to);
                ControlFlow::Continue(())
            });
        }
        charge.finish(TIER_STEPS_PER_ENTRY)?;
    }
    Ok(hash.0)
}

/// What a refusal of a tiered solve names: the engine and the game's
/// identity (shortened, so that the message stays short).
pub(crate) fn tiered_work_name(identity: &str) -> String {
    const SHOWN: usize = 60;
    let shown: String = identity.chars().take(SHOWN).collect();
    let more = if identity.chars().nth(SHOWN).is_some() {
        "…"
    } else {
        ""
    };
    format!(
        "retrograde analysis of the tiered game \"{shown}{more}\" (TieredSolver: moves listed, \
         predecessors visited)"
    )
}

/// One solve of a tiered game into a directory, as the one-machine and the
/// distributed solvers run it: the manifest written first (so the tiers of
/// another game solved there before are refused from then on), each tier
/// written aside and renamed, completion recorded last.
pub(crate) struct SolveSession {
    directory: PathBuf,
    manifest: Manifest,
    /// The manifest found in the directory before the solve.
    previous: Option<Manifest>,
    /// The directory's writer lock, held from [`Self::begin`] to the end.
    lock: std::sync::OnceLock<fs::File>,
}

impl SolveSession {
    /// The solve of `game` under `convention` into `directory`; writes nothing.
    pub(crate) fn plan<G: TieredGame + ?Sized>(
        game: &G,
        convention: Convention,
        directory: &Path,
    ) -> Result<Self> {
        let identity = game.identity();
        if identity.len() > IDENTITY_LIMIT {
            return Err(Error::InvalidParameter {
                name: "identity",
                reason: format!(
                    "{} bytes, above the limit of {IDENTITY_LIMIT} bytes",
                    identity.len()
                ),
            });
        }
        let manifest = Manifest {
            convention,
            game: game_fingerprint(game),
            num_tiers: game.num_tiers(),
            complete: false,
            identity: identity.to_string(),
        };
        let previous = read_manifest(&directory.join(MANIFEST_FILE)).ok();
        Ok(Self {
            directory: directory.to_path_buf(),
            manifest,
            previous,
            lock: std::sync::OnceLock::new(),
        })
    }

    /// Creates the directory and records the solve in its manifest (unless
    /// an earlier solve of the same game and convention is being resumed).
    /// One solve at a time: a second writer is refused at once
    /// ([`Error::CheckpointBusy`]), before it touches the manifest.
    pub(crate) fn begin(&self) -> Result<()> {
        let directory = &self.directory;
        fs::create_dir_all(directory).map_err(|e| io_error(directory, e))?;
        let lock_path = directory.join(LOCK_FILE);
        let lock = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| io_error(&lock_path, e))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                return Err(Error::CheckpointBusy {
                    path: directory.to_path_buf(),
                    lock: lock_path.to_path_buf(),
                });
            }
            Err(fs::TryLockError::Error(e)) => return Err(io_error(&lock_path, e)),
        }
        let _ = self.lock.set(lock);
        let same_solve = self
            .previous
            .as_ref()
            .is_some_and(|p| p.same_solve(&self.manifest));
        if !same_solve {
            write_manifest(&directory.join(MANIFEST_FILE), &self.manifest)?;
        }
        Ok(())
    }

    /// The fingerprint every tier file of this solve carries.
    pub(crate) fn fingerprint(&self) -> u64 {
        self.manifest.fingerprint()
    }

    pub(crate) fn num_tiers(&self) -> u32 {
        self.manifest.num_tiers
    }

    /// The solver's view of the database: the tiers of this unfinished
    /// solve are served.
    pub(crate) fn database(&self, budget: Budget) -> TierDatabase {
        let mut database = TierDatabase::open(&self.directory, budget);
        database.manifest = Some(self.manifest.clone());
        database.serves_unfinished = true;
        database
    }

    /// Writes tier `tier`'s labels (value codes and remoteness words, in
    /// index order), solved from moves whose hash is `chain`.
    pub(crate) fn write_tier(&self, tier: u32, chain: u64, labels: &TierLabels) -> Result<()> {
        let path = self.directory.join(tier_file_name(tier));
        write_tier(&path, tier, self.fingerprint(), chain, labels)
    }

    /// Records the solve as complete, once every tier's rename is durable;
    /// returns the manifest.
    pub(crate) fn finish(self) -> Result<Manifest> {
        let directory = &self.directory;
        sync_directory(directory).map_err(|e| io_error(directory, e))?;
        let complete = Manifest {
            complete: true,
            ..self.manifest
        };
        if self.previous.as_ref() != Some(&complete) {
            write_manifest(&directory.join(MANIFEST_FILE), &complete)?;
        }
        Ok(complete)
    }
}

/// The lock file of a tier directory (see [`SolveSession::begin`]).
const LOCK_FILE: &str = ".lock";

/// A hash of a tier's moves and terminal values in order, continuing the
/// hash of the tiers below: a file whose hash agrees was solved from the
/// same moves all the way down.
struct MovesHash(u64);

impl MovesHash {
    fn new(lower: u64, tier: u32) -> Self {
        let mut hash = Self(lower);
        hash.add(0xa5a5_0000_0000_0000 | u64::from(tier));
        hash
    }

    /// One word, mixed in by SplitMix64's finaliser (a bijection, so the
    /// state never collapses).
    fn add(&mut self, word: u64) {
        let mut x = (self.0 ^ word).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = x ^ (x >> 31);
    }

    /// The start of a position's entry: its index and terminal value.
    fn position(&mut self, index: u32, terminal: Option<Value>) {
        let value = terminal.map_or(0, |v| 1 + u64::from(file_value(value_code(v))));
        self.add(0x5a5a_0000_0000_0000 | value << 32 | u64::from(index));
    }

    fn add_move(&mut self, to: TierPosition) {
        self.add(u64::from(to.tier) << 32 | u64::from(to.index));
    }
}

/// One tier's labels in memory: value codes and remoteness (0 for draws).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TierLabels {
    code: Vec<u8>,
    word: Vec<u32>,
}

impl TierLabels {
    /// Labels from value codes and remoteness words in index order (the
    /// word of a draw is ignored); the distributed solver gathers them so.
    #[cfg(feature = "mpi")]
    pub(crate) fn new(code: Vec<u8>, mut word: Vec<u32>) -> Self {
        // In place: no second table of words.
        for (w, &c) in word.iter_mut().zip(&code) {
            if !matches!(c, WIN | LOSE | TIE) {
                *w = 0;
            }
        }
        Self { code, word }
    }

    fn bytes(&self) -> u128 {
        5 * self.code.len() as u128
    }

    fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &c in &self.code {
            match c {
                WIN => counts.win += 1,
                LOSE => counts.lose += 1,
                TIE => counts.tie += 1,
                _ => counts.draw += 1,
            }
        }
        counts
    }
}

/// The solved tiers of a game, answered from their files.
///
/// # What each read checks
///
/// The database's manifest is read at the first query: a database whose
/// solve did not finish is refused ([`Error::TierIncomplete`]), and so is
/// one of another convention or game when [`TierDatabase::with_convention`]
/// or [`TierDatabase::with_game`] says which is expected
/// ([`Error::TierMismatch`]). Then:
///
/// - the first query about a tier reads its file through and checks all of
///   it: size, header and its checksum, the tier number, the database's
///   fingerprint (a tier left by another game or convention is refused with
///   [`Error::TierMismatch`]), every block's checksum, every record and the
///   counts. Its labels are then kept in memory while the budget allows
///   (answers come from that checked copy);
/// - otherwise each query reads the block of records that holds its
///   position (at most 1024 records, 5 KiB) and checks that block's
///   checksum before answering, so a byte changed after the first read is
///   still refused;
/// - [`TierDatabase::counts`] answers from the counts checked at the first
///   read; [`TierDatabase::verify`] reads the manifest and the whole file
///   again, whatever is kept.
///
/// A checksum is FNV-1a (64 bits), which catches every change of a single
/// byte with certainty and other damage with probability 1 − 2⁻⁶⁴; it is no
/// defence against deliberate forgery.
///
/// # File format (version 2)
///
/// All integers little-endian. The manifest, `manifest.stonegame`:
///
/// | offset | size | content |
/// |---|---|---|
/// | 0 | 8 | magic `STONEMAN` |
/// | 8 | 4 | format version, `2` |
/// | 12 | 4 | convention (0 normal, 1 misère) |
/// | 16 | 8 | game fingerprint (identity, tier count and sizes, sampled moves) |
/// | 24 | 4 | number of tiers |
/// | 28 | 4 | 1 if the solve finished, else 0 |
/// | 32 | 4 | identity length `L` (at most 1024) |
/// | 36 | L | identity (UTF-8) |
/// | 36 + L | 8 | FNV-1a 64-bit hash of every byte before it |
///
/// One file per tier, `tier-<t>.stonegame`:
///
/// | offset | size | content |
/// |---|---|---|
/// | 0 | 8 | magic `STONETIR` |
/// | 8 | 4 | format version, `2` |
/// | 12 | 4 | tier number `t` |
/// | 16 | 8 | number of positions `n` |
/// | 24 | 32 | counts of wins, losses, ties, draws (4 × u64; they sum to `n`) |
/// | 56 | 8 | database fingerprint (format version, convention, game fingerprint) |
/// | 64 | 8 | hash of every move and terminal value of this tier and the tiers below |
/// | 72 | 4 | records per block `B` (1024) |
/// | 76 | 4 | 0 |
/// | 80 | 8 | FNV-1a 64-bit hash of bytes 0..80 |
/// | 88 | … | ⌈n / B⌉ blocks: up to `B` records, then a checksum |
///
/// A record is a value (1 byte: 0 win, 1 lose, 2 tie, 3 draw) and a
/// remoteness (u32; `u32::MAX` for draws), in index order. A block's checksum
/// is FNV-1a over the database fingerprint, the tier, the block number (u64)
/// and the block's records, so a block copied from elsewhere is refused too.
///
/// Files are written as `.<name>.partial` beside their final name, synced
/// and renamed; the directory is synced after each manifest write and once
/// after the last tier, before the manifest records completion.
///
/// # Example
/// See [`TieredSolver`]; a database solved earlier is reopened with
/// [`TierDatabase::open`].
#[derive(Debug)]
pub struct TierDatabase {
    directory: PathBuf,
    budget: Budget,
    expected_convention: Option<Convention>,
    expected_game: Option<u64>,
    /// With [`Self::with_game`]: the hash of every move and terminal value
    /// of the tiers up to each tier, under normal play then misère play
    /// (what each tier file records as its chain).
    expected_chains: Option<[Vec<u64>; 2]>,
    /// Read at the first query (or set by the solver).
    manifest: Option<Manifest>,
    /// The solver's own view: tiers of its unfinished solve are served.
    serves_unfinished: bool,
    cache: HashMap<u32, TierLabels>,
    /// Tiers whose file was checked but whose labels are not kept: queries
    /// read their records from the open file.
    on_disk: HashMap<u32, CheckedFile>,
}

/// A tier file read through and checked, kept open for record reads.
#[derive(Debug)]
struct CheckedFile {
    positions: u64,
    fingerprint: u64,
    /// The hash of the moves it was solved from (see `MovesHash`).
    chain: u64,
    counts: Counts,
    file: fs::File,
}

impl TierDatabase {
    /// A database over the tier files in `directory`; its manifest and files
    /// are read when a tier is first asked about, and the tiers kept in
    /// memory stay within `budget` (older ones are dropped).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Error, retrograde::{TierDatabase, TierPosition}};
    /// let mut db = TierDatabase::open(std::env::temp_dir().join("stonegame-no-such-dir"), Budget::default());
    /// let missing = db.label(TierPosition { tier: 0, index: 0 });
    /// assert!(matches!(missing, Err(Error::Io { .. })));
    /// ```
    pub fn open(directory: impl Into<PathBuf>, budget: Budget) -> Self {
        Self {
            directory: directory.into(),
            budget,
            expected_convention: None,
            expected_game: None,
            expected_chains: None,
            manifest: None,
            serves_unfinished: false,
            cache: HashMap::new(),
            on_disk: HashMap::new(),
        }
    }

    /// Refuses to answer from a database solved under another convention.
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, TierDatabase};
    /// # struct One;
    /// # impl TieredGame for One {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1 }
    /// #     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// # }
    /// use stonegame::{Budget, Convention, Error};
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-expect-{}", std::process::id()));
    /// TieredSolver::new(&One, &dir).solve().unwrap();
    /// let p = TierPosition { tier: 0, index: 0 };
    /// let mut misere = TierDatabase::open(&dir, Budget::default()).with_convention(Convention::Misere);
    /// assert!(matches!(misere.label(p), Err(Error::TierMismatch { tier: 0, .. })));
    /// let mut normal = TierDatabase::open(&dir, Budget::default()).with_convention(Convention::Normal);
    /// assert!(normal.label(p).unwrap().is_some());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.expected_convention = Some(convention);
        self.manifest = None;
        self
    }

    /// Refuses to answer from a database of another game: one whose
    /// identity, tier count, tier sizes or sampled moves differ from
    /// `game`'s (see [`TieredGame::identity`]), or any of whose tiers was
    /// solved from other moves or terminal values at any position, up to
    /// the tier asked about. The latter costs two passes over every move
    /// of `game` here (one a convention; no solving), and covers every
    /// position a query is answered from.
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, TierDatabase};
    /// struct Row(u32);
    /// impl TieredGame for Row {
    ///     fn num_tiers(&self) -> u32 { 1 }
    ///     fn tier_size(&self, _: u32) -> u32 { self.0 }
    ///     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// }
    /// use stonegame::{Budget, Error};
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-game-{}", std::process::id()));
    /// TieredSolver::new(&Row(3), &dir).solve().unwrap();
    /// let p = TierPosition { tier: 0, index: 0 };
    /// let mut other = TierDatabase::open(&dir, Budget::default()).with_game(&Row(4));
    /// assert!(matches!(other.label(p), Err(Error::TierMismatch { .. })));
    /// let mut same = TierDatabase::open(&dir, Budget::default()).with_game(&Row(3));
    /// assert!(same.label(p).unwrap().is_some());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn with_game<G: TieredGame + ?Sized>(mut self, game: &G) -> Self {
        let fingerprint = game_fingerprint(game);
        self.expected_game = Some(fingerprint);
        let chains = [Convention::Normal, Convention::Misere].map(|convention| {
            let mut chain = database_fingerprint(convention, fingerprint);
            // Checking a database against a game is not capped (it lists
            // each move once, as the solve did).
            let unmetered = WorkMeter::with_cap(u64::MAX, "");
            (0..game.num_tiers())
                .map(|tier| {
                    chain = tier_chain(game, tier, chain, &unmetered).unwrap_or(chain);
                    chain
                })
                .collect()
        });
        self.expected_chains = Some(chains);
        self.manifest = None;
        self
    }

    /// Refuses a tier file whose moves' hash is not the given game's.
    fn check_chain(&self, tier: u32, chain: u64) -> Result<()> {
        let (Some(chains), Some(manifest)) = (&self.expected_chains, &self.manifest) else {
            return Ok(());
        };
        let by_convention = &chains[usize::from(manifest.convention == Convention::Misere)];
        match by_convention.get(tier as usize) {
            Some(&expected) if expected == chain => Ok(()),
            _ => Err(Error::TierMismatch {
                path: self.path(tier).to_path_buf(),
                tier,
                reason: "it was solved from other moves or terminal values than the game \
                         given has (at some position of this tier or below)"
                    .to_string(),
            }),
        }
    }

    /// The file that holds `tier`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::TierDatabase};
    /// let db = TierDatabase::open("/data/game", Budget::default());
    /// assert!(db.path(3).ends_with("tier-3.stonegame"));
    /// ```
    pub fn path(&self, tier: u32) -> PathBuf {
        self.directory.join(tier_file_name(tier))
    }

    /// The label of `position`, or `None` if its index is outside its tier.
    ///
    /// # Errors
    /// [`Error::Io`] if the manifest or the tier's file cannot be read;
    /// [`Error::TierIncomplete`] if the solve that wrote the database did
    /// not finish; [`Error::TierMismatch`] if the tier is not one of the
    /// database's, its file belongs to another game or convention, or the
    /// database is not the expected one; [`Error::TierCorrupt`],
    /// [`Error::TierTruncated`], [`Error::TierVersionMismatch`] or
    /// [`Error::TierChecksumMismatch`] if a file is damaged (see
    /// [`TierDatabase`] for what each read checks).
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, TierDatabase, Value};
    /// # struct Two;
    /// # impl TieredGame for Two {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 2 }
    /// #     fn for_each_move(&self, p: TierPosition, mut visit: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> {
    /// #         if p.index == 1 { visit(TierPosition { tier: 0, index: 0 })?; }
    /// #         ControlFlow::Continue(())
    /// #     }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-label-{}", std::process::id()));
    /// TieredSolver::new(&Two, &dir).solve().unwrap();
    /// // A budget too small to keep the tier: each query reads its record's block.
    /// let mut db = TierDatabase::open(&dir, stonegame::Budget::from_bytes(4));
    /// let label = db.label(TierPosition { tier: 0, index: 1 }).unwrap().unwrap();
    /// assert_eq!((label.value, label.remoteness), (Value::Win, Some(1)));
    /// assert_eq!(db.label(TierPosition { tier: 0, index: 2 }).unwrap(), None);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn label(&mut self, position: TierPosition) -> Result<Option<Label>> {
        Ok(self.lookup(position)?.map(|(c, w)| Label {
            value: code_value(c),
            remoteness: matches!(c, WIN | LOSE | TIE).then_some(w),
        }))
    }

    /// The value of `position` (see [`TierDatabase::label`]).
    ///
    /// # Errors
    /// As [`TierDatabase::label`].
    ///
    /// # Example
    /// See [`TieredSolver`].
    pub fn value(&mut self, position: TierPosition) -> Result<Option<Value>> {
        Ok(self.label(position)?.map(|label| label.value))
    }

    /// The number of positions of `tier` and their counts by value (as
    /// checked when its file was first read).
    ///
    /// # Errors
    /// As [`TierDatabase::label`].
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct Two;
    /// # impl TieredGame for Two {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 2 }
    /// #     fn for_each_move(&self, p: TierPosition, mut visit: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> {
    /// #         if p.index == 1 { visit(TierPosition { tier: 0, index: 0 })?; }
    /// #         ControlFlow::Continue(())
    /// #     }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-counts-{}", std::process::id()));
    /// let mut db = TieredSolver::new(&Two, &dir).solve().unwrap();
    /// let counts = db.counts(0).unwrap();
    /// assert_eq!((counts.win, counts.lose), (1, 1));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn counts(&mut self, tier: u32) -> Result<Counts> {
        self.admit(tier)?;
        if let Some(labels) = self.cache.get(&tier) {
            return Ok(labels.counts());
        }
        Ok(self.checked(tier)?.counts)
    }

    /// Reads the manifest and the whole file of `tier` from disk again and
    /// checks them, whatever is kept in memory, and returns its counts by value.
    ///
    /// # Errors
    /// As [`TierDatabase::label`]; [`Error::WorkLimitExceeded`] (before
    /// reading) when the file has more bytes than the work cap of the
    /// database's budget (one step a byte; default
    /// [`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK)).
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct One;
    /// # impl TieredGame for One {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1 }
    /// #     fn for_each_move(&self, _: TierPosition, _: impl FnMut(TierPosition) -> ControlFlow<()>) -> ControlFlow<()> { ControlFlow::Continue(()) }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-verify-{}", std::process::id()));
    /// let db = TieredSolver::new(&One, &dir).solve().unwrap();
    /// assert_eq!(db.verify(0).unwrap().lose, 1);
    /// let path = db.path(0);
    /// let bytes = std::fs::read(&path).unwrap();
    /// std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    /// assert!(matches!(db.verify(0), Err(stonegame::Error::TierTruncated { .. })));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn verify(&self, tier: u32) -> Result<Counts> {
        let manifest = if self.serves_unfinished {
            self.manifest.clone().expect("the solver sets its manifest")
        } else {
            read_manifest(&self.manifest_path())?
        };
        self.admit_under(&manifest, tier)?;
        let path = self.path(tier);
        // One step a byte read and checksummed, refused before reading.
        if let Ok(metadata) = fs::metadata(&path) {
            WorkMeter::new(
                self.budget,
                DEFAULT_RETROGRADE_WORK,
                "TierDatabase::verify",
                format!("checking tier {tier}'s file (TierDatabase::verify: bytes read)"),
            )
            .charge(metadata.len())?;
        }
        let (checked, _) = read_tier(&path, tier, manifest.fingerprint(), false)?;
        Ok(checked.counts)
    }

    fn manifest_path(&self) -> PathBuf {
        self.directory.join(MANIFEST_FILE)
    }

    /// Refuses `manifest` (asked about `tier`) unless it is what the caller expects.
    fn check_expected(&self, manifest: &Manifest, tier: u32) -> Result<()> {
        let name = || self.manifest_path();
        if let Some(expected) = self.expected_convention {
            if manifest.convention != expected {
                return Err(Error::TierMismatch {
                    path: name(),
                    tier,
                    reason: format!(
                        "the database was solved under {} play, {} play was asked for",
                        convention_name(manifest.convention),
                        convention_name(expected)
                    ),
                });
            }
        }
        if let Some(expected) = self.expected_game {
            if manifest.game != expected {
                return Err(Error::TierMismatch {
                    path: name(),
                    tier,
                    reason: format!(
                        "the database holds another game (game fingerprint {:#018x}, \
                         the game given has {expected:#018x})",
                        manifest.game
                    ),
                });
            }
        }
        Ok(())
    }

    /// Refuses `tier` unless the manifest (read now if it was not yet)
    /// admits it.
    fn admit(&mut self, tier: u32) -> Result<()> {
        if self.manifest.is_none() {
            self.manifest = Some(read_manifest(&self.manifest_path())?);
        }
        let manifest = self.manifest.clone().expect("read just above");
        self.admit_under(&manifest, tier)
    }

    fn admit_under(&self, manifest: &Manifest, tier: u32) -> Result<()> {
        self.check_expected(manifest, tier)?;
        if tier >= manifest.num_tiers {
            return Err(Error::TierMismatch {
                path: self.path(tier).to_path_buf(),
                tier,
                reason: format!("the database holds tiers 0..{}", manifest.num_tiers),
            });
        }
        if !manifest.complete && !self.serves_unfinished {
            return Err(Error::TierIncomplete {
                path: self.manifest_path().to_path_buf(),
                tier,
            });
        }
        Ok(())
    }

    fn fingerprint(&self) -> u64 {
        self.manifest.as_ref().map_or(0, Manifest::fingerprint)
    }

    fn cached_bytes(&self) -> u128 {
        self.cache.values().map(TierLabels::bytes).sum()
    }

    /// Drops whatever is known of `tier` (its file was rewritten).
    fn forget(&mut self, tier: u32) {
        self.cache.remove(&tier);
        self.on_disk.remove(&tier);
    }

    /// Drops cached tiers, highest first (lower tiers are reached by more
    /// tiers above), until `bytes` more would fit.
    fn make_room(&mut self, bytes: u128) {
        while self.cached_bytes() + bytes > self.budget.bytes() {
            match self.cache.keys().copied().max() {
                Some(tier) => {
                    self.cache.remove(&tier);
                }
                None => return,
            }
        }
    }

    /// The code and word of `position` (`None` outside its tier): from the
    /// tier's labels if they are kept, else after reading its file through
    /// (keeping the labels if they fit the budget), else from its record's
    /// block, checked.
    fn lookup(&mut self, position: TierPosition) -> Result<Option<(u8, u32)>> {
        let tier = position.tier;
        self.admit(tier)?;
        if !self.cache.contains_key(&tier) && !self.on_disk.contains_key(&tier) {
            self.read_through(tier)?;
        }
        if let Some(labels) = self.cache.get(&tier) {
            let u = position.index as usize;
            return Ok(labels.code.get(u).map(|&c| (c, labels.word[u])));
        }
        let path = self.path(tier);
        let checked = self.checked(tier)?;
        if u64::from(position.index) >= checked.positions {
            return Ok(None);
        }
        read_record(&path, checked, tier, position.index).map(Some)
    }

    /// Reads the file of `tier` through and checks it, keeping its labels
    /// when they fit the budget (dropping higher tiers first) and otherwise
    /// only the open file and its header.
    fn read_through(&mut self, tier: u32) -> Result<()> {
        let path = self.path(tier);
        let size = fs::metadata(&path).map_err(|e| io_error(&path, e))?.len();
        // The labels take 5 bytes a position, a little less than the file.
        let needed = u128::from(size);
        if needed <= self.budget.bytes() {
            self.make_room(needed);
        }
        let keep = self.cached_bytes() + needed <= self.budget.bytes();
        let (checked, labels) = read_tier(&path, tier, self.fingerprint(), keep)?;
        self.check_chain(tier, checked.chain)?;
        match labels {
            Some(labels) => {
                self.cache.insert(tier, labels);
            }
            None => {
                self.on_disk.insert(tier, checked);
            }
        }
        Ok(())
    }

    /// The checked file of `tier` (reading it through without keeping its
    /// labels if it was not read yet).
    fn checked(&mut self, tier: u32) -> Result<&mut CheckedFile> {
        if !self.on_disk.contains_key(&tier) {
            let (checked, _) = read_tier(&self.path(tier), tier, self.fingerprint(), false)?;
            self.check_chain(tier, checked.chain)?;
            self.on_disk.insert(tier, checked);
        }
        Ok(self
            .on_disk
            .get_mut(&tier)
            .expect("inserted just above if missing"))
    }

    /// The code and remoteness word of a lower-tier position, for seeding.
    fn raw_label(&mut self, position: TierPosition) -> Result<(u8, u32)> {
        match self.lookup(position)? {
            Some((c, _)) if c == UNKNOWN || c == DRAW => Ok((DRAW, 0)),
            Some((c, w)) => Ok((c, w)),
            None => Err(Error::TierCorrupt {
                path: self.path(position.tier).to_path_buf(),
                reason: format!("holds no position {}", position.index),
            }),
        }
    }
}
