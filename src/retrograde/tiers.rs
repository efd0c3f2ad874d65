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
//! The file format is documented on [`TierDatabase`].

use std::collections::HashMap;
use std::fs;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use ahash::AHashMap;

use crate::{Budget, Convention, Error};

use super::graph::{Graph, check_counts, csr_bytes};
use super::solver::{DRAW, LOSE, Labels, TIE, UNKNOWN, WIN, code_value, value_code};
use super::{Counts, Label, Value};

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
/// use stonegame::retrograde::{TierPosition, TieredGame};
///
/// /// Take 1 or 2 stones from n; tier t holds the single position n = t.
/// struct Countdown(u32);
/// impl TieredGame for Countdown {
///     fn num_tiers(&self) -> u32 { self.0 + 1 }
///     fn tier_size(&self, _tier: u32) -> u32 { 1 }
///     fn for_each_move(&self, p: TierPosition, visit: &mut dyn FnMut(TierPosition)) {
///         for take in 1..=2 {
///             if let Some(tier) = p.tier.checked_sub(take) {
///                 visit(TierPosition { tier, index: 0 });
///             }
///         }
///     }
/// }
/// assert_eq!(Countdown(5).num_tiers(), 6);
/// ```
pub trait TieredGame {
    /// The number of tiers; tier 0 is solved first.
    fn num_tiers(&self) -> u32;

    /// The number of positions in `tier`.
    fn tier_size(&self, tier: u32) -> u32;

    /// Calls `visit` for every move from `position` (to its own tier or a lower one).
    fn for_each_move(&self, position: TierPosition, visit: &mut dyn FnMut(TierPosition));

    /// `Some(value)` ends the game at `position` with that value for the
    /// player to move (its moves are ignored); by default no position ends
    /// early and a position without moves ends by the convention.
    fn terminal(&self, _position: TierPosition) -> Option<Value> {
        None
    }
}

/// What went wrong while solving, writing or reading tiers.
///
/// # Example
/// ```
/// use stonegame::retrograde::TierError;
/// let error = TierError::Corrupt { path: "tier-0.stonegame".into(), reason: "checksum".into() };
/// assert!(error.to_string().contains("corrupt"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TierError {
    /// The game or the budget was refused (a move to a higher tier, an
    /// index out of range, tables over the budget, …).
    #[error(transparent)]
    Solve(#[from] Error),
    /// The file system refused a read or a write.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// A tier file is not a valid version-1 file for the tier asked for
    /// (bad magic, another tier, bad value bytes, trailing bytes, counts
    /// that disagree with the records).
    #[error("{path}: corrupt tier file: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What did not agree.
        reason: String,
    },
    /// A tier file shorter than its header says (cut off while being
    /// written or copied).
    #[error("{path}: truncated tier file: {found_bytes} bytes, expected {expected_bytes}")]
    Truncated {
        /// The file.
        path: String,
        /// The size its header calls for (at least a header and a checksum).
        expected_bytes: u64,
        /// Its size on disk.
        found_bytes: u64,
    },
    /// A tier file in a format version this library does not read.
    #[error("{path}: tier file format version {found}, this library reads version {expected}")]
    VersionMismatch {
        /// The file.
        path: String,
        /// The version the file states.
        found: u32,
        /// The version this library writes and reads.
        expected: u32,
    },
    /// The checksum stored at the end of a tier file does not match its contents.
    #[error(
        "{path}: corrupt tier file: checksum mismatch ({stored:#018x} stored, \
         {computed:#018x} computed)"
    )]
    ChecksumMismatch {
        /// The file.
        path: String,
        /// The checksum the file ends with.
        stored: u64,
        /// The checksum of its contents.
        computed: u64,
    },
}

/// Solves a [`TieredGame`] tier by tier, writing each tier's labels to a
/// file in a directory (see [`TierDatabase`] for the format), and returns a [`TierDatabase`] that answers queries from them.
///
/// # Example
/// ```
/// use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, Value};
///
/// struct Countdown(u32);
/// impl TieredGame for Countdown {
///     fn num_tiers(&self) -> u32 { self.0 + 1 }
///     fn tier_size(&self, _tier: u32) -> u32 { 1 }
///     fn for_each_move(&self, p: TierPosition, visit: &mut dyn FnMut(TierPosition)) {
///         for take in 1..=2 {
///             if let Some(tier) = p.tier.checked_sub(take) {
///                 visit(TierPosition { tier, index: 0 });
///             }
///         }
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
}

impl<'g, G: TieredGame> TieredSolver<'g, G> {
    /// A solver writing its tier files to `directory` (created if needed),
    /// with normal play and the default budget.
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct Empty;
    /// # impl TieredGame for Empty {
    /// #     fn num_tiers(&self) -> u32 { 0 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 0 }
    /// #     fn for_each_move(&self, _: TierPosition, _: &mut dyn FnMut(TierPosition)) {}
    /// # }
    /// let solver = TieredSolver::new(&Empty, std::env::temp_dir().join("stonegame-doc-empty"));
    /// assert!(solver.solve().is_ok());
    /// ```
    pub fn new(game: &'g G, directory: impl Into<PathBuf>) -> Self {
        Self {
            game,
            directory: directory.into(),
            convention: Convention::Normal,
            budget: Budget::default(),
        }
    }

    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, Value};
    /// # struct One;
    /// # impl TieredGame for One {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1 }
    /// #     fn for_each_move(&self, _: TierPosition, _: &mut dyn FnMut(TierPosition)) {}
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
    /// labels kept in memory.
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierError, TierPosition, TieredGame, TieredSolver};
    /// # struct Big;
    /// # impl TieredGame for Big {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1_000_000 }
    /// #     fn for_each_move(&self, _: TierPosition, _: &mut dyn FnMut(TierPosition)) {}
    /// # }
    /// let refused = TieredSolver::new(&Big, std::env::temp_dir().join("stonegame-doc-big"))
    ///     .with_budget(stonegame::Budget::from_bytes(1000))
    ///     .solve();
    /// assert!(matches!(refused, Err(TierError::Solve(stonegame::Error::MemoryBudgetExceeded { .. }))));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Solves every tier from 0 up and writes its file. The labels of a
    /// solved tier are not kept: the tiers above read them back from its
    /// file (checked), and so does the returned database, so every answer
    /// comes from the files.
    ///
    /// # Errors
    /// [`TierError::Solve`] for a move to a higher tier or out of range, or
    /// tables over the budget; [`TierError::Io`] if a file cannot be written
    /// or read back; [`TierError::Corrupt`], [`TierError::Truncated`],
    /// [`TierError::VersionMismatch`] or [`TierError::ChecksumMismatch`] if a
    /// lower tier's file changed under the solver.
    ///
    /// # Example
    /// See [`TieredSolver`].
    pub fn solve(self) -> Result<TierDatabase, TierError> {
        fs::create_dir_all(&self.directory).map_err(|e| io_error(&self.directory, &e))?;
        let mut database = TierDatabase::open(&self.directory, self.budget);
        for tier in 0..self.game.num_tiers() {
            let labels = self.solve_tier(tier, &mut database)?;
            let path = database.path(tier);
            write_tier(&path, tier, &labels)?;
            // A file left by an earlier run may have been read for this tier.
            database.forget(tier);
        }
        Ok(database)
    }

    /// Builds tier `tier`'s graph (its positions, then one extra position
    /// per distinct lower-tier target, seeded with its label) and solves it.
    fn solve_tier(&self, tier: u32, database: &mut TierDatabase) -> Result<TierLabels, TierError> {
        let game = self.game;
        let n = game.tier_size(tier) as usize;
        check_counts(n, 0)?;
        let budget = self.budget;
        let tier_bytes = |positions: usize, moves: usize| {
            // The graph, its reverse and the induction's tables.
            2 * csr_bytes(positions, moves) + 9 * positions as u128
        };
        budget.check_bytes(tier_bytes(n, 0), "one tier's tables")?;
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0u32);
        let mut targets: Vec<u32> = Vec::new();
        let mut code = vec![UNKNOWN; n];
        let mut lower: AHashMap<TierPosition, u32> = AHashMap::new();
        let mut lower_list: Vec<TierPosition> = Vec::new();
        let mut bad_move: Option<Error> = None;
        // Nothing is read into the database while the moves are listed.
        let cached_bytes = database.cached_bytes();
        for index in 0..n as u32 {
            let here = TierPosition { tier, index };
            if let Some(value) = game.terminal(here) {
                code[index as usize] = value_code(value);
            } else {
                game.for_each_move(here, &mut |to| {
                    if bad_move.is_some() {
                        return;
                    }
                    let id = if to.tier == tier && (to.index as usize) < n {
                        to.index
                    } else if to.tier < tier && to.index < game.tier_size(to.tier) {
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
                        return;
                    };
                    targets.push(id);
                });
                if let Some(error) = bad_move.take() {
                    return Err(error.into());
                }
            }
            let positions = n + lower_list.len();
            check_counts(positions, targets.len())?;
            // Map entries of lower-tier targets: key, value, control byte, slack.
            let lower_bytes = 24 * lower_list.len() as u128;
            budget.check_bytes(
                tier_bytes(positions, targets.len()) + lower_bytes + cached_bytes,
                "one tier's tables",
            )?;
            offsets.push(targets.len() as u32);
        }
        drop(lower);
        // Lower-tier targets: positions without moves, seeded with their labels.
        let total = n + lower_list.len();
        offsets.resize(total + 1, targets.len() as u32);
        code.resize(total, UNKNOWN);
        let mut word = vec![0u32; total];
        // Tier by tier, so that a lower tier too large to keep beside the
        // others is read once rather than once per position (no sort when
        // the moves reach a single lower tier, the common case).
        let mut order: Vec<u32> = (0..lower_list.len() as u32).collect();
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
        let graph = Graph::from_parts(offsets, targets);
        let mut reverse = graph.reversed(Budget::unlimited())?;
        let labels = Labels::induce(&graph, code, Some(word), self.convention, &mut reverse)?;
        let (code, word) = labels.raw();
        Ok(TierLabels {
            code: code[..n].to_vec(),
            word: word[..n]
                .iter()
                .zip(&code[..n])
                .map(|(&w, &c)| if matches!(c, WIN | LOSE | TIE) { w } else { 0 })
                .collect(),
        })
    }
}

/// One tier's labels in memory: value codes and remoteness (0 for draws).
#[derive(Debug, Clone, PartialEq, Eq)]
struct TierLabels {
    code: Vec<u8>,
    word: Vec<u32>,
}

impl TierLabels {
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

/// The solved tiers of a game, answered from their files. Each file is read
/// through and checked (size, header, checksum, records, counts) the first
/// time its tier is asked about; its labels are then kept in memory while
/// the budget allows, and otherwise each query reads its one record from
/// the file (5 bytes at offset `56 + 5 * index`).
///
/// # File format (version 1)
///
/// One file per tier, `tier-<t>.stonegame` in the database directory, all
/// integers little-endian:
///
/// | offset | size | content |
/// |---|---|---|
/// | 0 | 8 | magic `STONETIR` |
/// | 8 | 4 | format version, `1` |
/// | 12 | 4 | tier number `t` |
/// | 16 | 8 | number of positions `n` |
/// | 24 | 32 | counts of wins, losses, ties, draws (4 × u64; they sum to `n`) |
/// | 56 | 5n | per position in index order: value (1 byte: 0 win, 1 lose, 2 tie, 3 draw), remoteness (u32; `u32::MAX` for draws) |
/// | 56 + 5n | 8 | FNV-1a 64-bit hash of every byte before it |
///
/// A file shorter than its header says is refused with
/// [`TierError::Truncated`], another format version with
/// [`TierError::VersionMismatch`], a checksum that does not match with
/// [`TierError::ChecksumMismatch`], and a bad magic, another tier, trailing
/// bytes, bad value bytes, remoteness fields or counts with
/// [`TierError::Corrupt`].
///
/// # Example
/// See [`TieredSolver`]; a database solved earlier is reopened with
/// [`TierDatabase::open`].
#[derive(Debug)]
pub struct TierDatabase {
    directory: PathBuf,
    budget: Budget,
    cache: HashMap<u32, TierLabels>,
    /// Tiers whose file was checked but whose labels are not kept: queries
    /// read their records from the open file.
    on_disk: HashMap<u32, CheckedFile>,
}

/// A tier file read through and checked, kept open for record reads.
#[derive(Debug)]
struct CheckedFile {
    positions: u64,
    counts: Counts,
    file: fs::File,
}

impl TierDatabase {
    /// A database over the tier files in `directory`; files are read when a
    /// tier is first asked about, and the tiers kept in memory stay within
    /// `budget` (older ones are dropped).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{TierDatabase, TierError, TierPosition}};
    /// let mut db = TierDatabase::open(std::env::temp_dir().join("stonegame-no-such-dir"), Budget::default());
    /// let missing = db.label(TierPosition { tier: 0, index: 0 });
    /// assert!(matches!(missing, Err(TierError::Io { .. })));
    /// ```
    pub fn open(directory: impl Into<PathBuf>, budget: Budget) -> Self {
        Self {
            directory: directory.into(),
            budget,
            cache: HashMap::new(),
            on_disk: HashMap::new(),
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
        self.directory.join(format!("tier-{tier}.stonegame"))
    }

    /// The label of `position`, or `None` if its index is outside its tier.
    ///
    /// # Errors
    /// [`TierError::Io`] if the tier's file cannot be read;
    /// [`TierError::Corrupt`], [`TierError::Truncated`],
    /// [`TierError::VersionMismatch`] or [`TierError::ChecksumMismatch`] if
    /// it is not a valid tier file for that tier.
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver, TierDatabase, Value};
    /// # struct Two;
    /// # impl TieredGame for Two {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 2 }
    /// #     fn for_each_move(&self, p: TierPosition, visit: &mut dyn FnMut(TierPosition)) {
    /// #         if p.index == 1 { visit(TierPosition { tier: 0, index: 0 }) }
    /// #     }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-label-{}", std::process::id()));
    /// TieredSolver::new(&Two, &dir).solve().unwrap();
    /// // A budget too small to keep the tier: each query reads its record.
    /// let mut db = TierDatabase::open(&dir, stonegame::Budget::from_bytes(4));
    /// let label = db.label(TierPosition { tier: 0, index: 1 }).unwrap().unwrap();
    /// assert_eq!((label.value, label.remoteness), (Value::Win, Some(1)));
    /// assert_eq!(db.label(TierPosition { tier: 0, index: 2 }).unwrap(), None);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn label(&mut self, position: TierPosition) -> Result<Option<Label>, TierError> {
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
    pub fn value(&mut self, position: TierPosition) -> Result<Option<Value>, TierError> {
        Ok(self.label(position)?.map(|label| label.value))
    }

    /// The number of positions of `tier` and their counts by value.
    ///
    /// # Errors
    /// As [`TierDatabase::label`].
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierPosition, TieredGame, TieredSolver};
    /// # struct Two;
    /// # impl TieredGame for Two {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 2 }
    /// #     fn for_each_move(&self, p: TierPosition, visit: &mut dyn FnMut(TierPosition)) {
    /// #         if p.index == 1 { visit(TierPosition { tier: 0, index: 0 }) }
    /// #     }
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-counts-{}", std::process::id()));
    /// let mut db = TieredSolver::new(&Two, &dir).solve().unwrap();
    /// let counts = db.counts(0).unwrap();
    /// assert_eq!((counts.win, counts.lose), (1, 1));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn counts(&mut self, tier: u32) -> Result<Counts, TierError> {
        if let Some(labels) = self.cache.get(&tier) {
            return Ok(labels.counts());
        }
        Ok(self.checked(tier)?.counts)
    }

    /// Reads the whole file of `tier` from disk again and checks it, whatever
    /// is kept in memory, and returns its counts by value.
    ///
    /// # Errors
    /// As [`TierDatabase::label`].
    ///
    /// # Example
    /// ```
    /// # use stonegame::retrograde::{TierError, TierPosition, TieredGame, TieredSolver};
    /// # struct One;
    /// # impl TieredGame for One {
    /// #     fn num_tiers(&self) -> u32 { 1 }
    /// #     fn tier_size(&self, _: u32) -> u32 { 1 }
    /// #     fn for_each_move(&self, _: TierPosition, _: &mut dyn FnMut(TierPosition)) {}
    /// # }
    /// let dir = std::env::temp_dir().join(format!("stonegame-doc-verify-{}", std::process::id()));
    /// let db = TieredSolver::new(&One, &dir).solve().unwrap();
    /// assert_eq!(db.verify(0).unwrap().lose, 1);
    /// let path = db.path(0);
    /// let bytes = std::fs::read(&path).unwrap();
    /// std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    /// assert!(matches!(db.verify(0), Err(TierError::Truncated { .. })));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn verify(&self, tier: u32) -> Result<Counts, TierError> {
        let (checked, _) = read_tier(&self.path(tier), tier, false)?;
        Ok(checked.counts)
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
    /// (keeping the labels if they fit the budget), else from its record.
    fn lookup(&mut self, position: TierPosition) -> Result<Option<(u8, u32)>, TierError> {
        let tier = position.tier;
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
        read_record(&path, &mut checked.file, position.index).map(Some)
    }

    /// Reads the file of `tier` through and checks it, keeping its labels
    /// when they fit the budget (dropping higher tiers first) and otherwise
    /// only the open file and its header.
    fn read_through(&mut self, tier: u32) -> Result<(), TierError> {
        let path = self.path(tier);
        let size = fs::metadata(&path).map_err(|e| io_error(&path, &e))?.len();
        // The labels take 5 bytes a position, as the records do.
        let needed = u128::from(size);
        if needed <= self.budget.bytes() {
            self.make_room(needed);
        }
        let keep = self.cached_bytes() + needed <= self.budget.bytes();
        let (checked, labels) = read_tier(&path, tier, keep)?;
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
    fn checked(&mut self, tier: u32) -> Result<&mut CheckedFile, TierError> {
        if !self.on_disk.contains_key(&tier) {
            let (checked, _) = read_tier(&self.path(tier), tier, false)?;
            self.on_disk.insert(tier, checked);
        }
        Ok(self
            .on_disk
            .get_mut(&tier)
            .expect("inserted just above if missing"))
    }

    /// The code and remoteness word of a lower-tier position, for seeding.
    fn raw_label(&mut self, position: TierPosition) -> Result<(u8, u32), TierError> {
        match self.lookup(position)? {
            Some((c, _)) if c == UNKNOWN || c == DRAW => Ok((DRAW, 0)),
            Some((c, w)) => Ok((c, w)),
            None => Err(TierError::Corrupt {
                path: self.path(position.tier).display().to_string(),
                reason: format!("holds no position {}", position.index),
            }),
        }
    }
}

const MAGIC: &[u8; 8] = b"STONETIR";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 56;
const RECORD_BYTES: usize = 5;
const CHECKSUM_BYTES: usize = 8;
/// Records read and checked per block while reading a file through.
const BLOCK_RECORDS: usize = 8192;

/// FNV-1a, 64 bits: offset basis and prime from the published definition.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The file byte for a value code (`UNKNOWN` is a draw).
fn file_value(code: u8) -> u8 {
    match code {
        WIN => 0,
        LOSE => 1,
        TIE => 2,
        _ => 3,
    }
}

fn write_tier(path: &Path, tier: u32, labels: &TierLabels) -> Result<(), TierError> {
    let mut writer = TierWriter::create(path, tier, labels.code.len() as u64, labels.counts())?;
    writer.write(&labels.code, &labels.word)?;
    writer.finish()
}

/// Writes one tier's file from slices of its records given in index order
/// (the distributed solver's ranks hand in their ranges one after another);
/// [`write_tier`] is the one-slice case. The header needs the counts first.
pub(crate) struct TierWriter {
    path: PathBuf,
    out: BufWriter<fs::File>,
    hash: Fnv1a,
    remaining: u64,
}

impl TierWriter {
    /// Creates the file of `tier` for `positions` records and writes its header.
    pub(crate) fn create(
        path: &Path,
        tier: u32,
        positions: u64,
        counts: Counts,
    ) -> Result<Self, TierError> {
        let mut header = Vec::with_capacity(HEADER_BYTES);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&tier.to_le_bytes());
        header.extend_from_slice(&positions.to_le_bytes());
        for count in [counts.win, counts.lose, counts.tie, counts.draw] {
            header.extend_from_slice(&(count as u64).to_le_bytes());
        }
        let mut out = BufWriter::new(fs::File::create(path).map_err(|e| io_error(path, &e))?);
        out.write_all(&header).map_err(|e| io_error(path, &e))?;
        let mut hash = Fnv1a::new();
        hash.update(&header);
        Ok(Self {
            path: path.to_path_buf(),
            out,
            hash,
            remaining: positions,
        })
    }

    /// Appends the records of the next positions: value codes and their
    /// remoteness words (ignored for draws).
    pub(crate) fn write(&mut self, code: &[u8], word: &[u32]) -> Result<(), TierError> {
        if code.len() != word.len() || code.len() as u64 > self.remaining {
            return Err(TierError::Corrupt {
                path: self.path.display().to_string(),
                reason: format!(
                    "{} records written past the {} left to write",
                    code.len(),
                    self.remaining
                ),
            });
        }
        let mut record = [0u8; RECORD_BYTES];
        for (&c, &w) in code.iter().zip(word) {
            record[0] = file_value(c);
            let remoteness = if record[0] == 3 { u32::MAX } else { w };
            record[1..].copy_from_slice(&remoteness.to_le_bytes());
            self.hash.update(&record);
            self.out
                .write_all(&record)
                .map_err(|e| io_error(&self.path, &e))?;
        }
        self.remaining -= code.len() as u64;
        Ok(())
    }

    /// Writes the checksum and syncs the file; every record must have been written.
    pub(crate) fn finish(mut self) -> Result<(), TierError> {
        if self.remaining != 0 {
            return Err(TierError::Corrupt {
                path: self.path.display().to_string(),
                reason: format!("{} records were never written", self.remaining),
            });
        }
        let path = self.path;
        let finish = || -> std::io::Result<()> {
            self.out.write_all(&self.hash.0.to_le_bytes())?;
            self.out
                .into_inner()
                .map_err(|e| e.into_error())?
                .sync_all()
        };
        finish().map_err(|e| io_error(&path, &e))
    }
}

/// Reads the file of `tier` through in blocks and checks it: size against
/// the header, magic, version, tier, checksum, every record, and the counts.
/// With `keep`, also returns its labels (the caller has checked that they
/// fit the budget: 5 bytes a position, as on disk). A bad record is reported
/// after the checksum, which names the damage more surely.
fn read_tier(
    path: &Path,
    tier: u32,
    keep: bool,
) -> Result<(CheckedFile, Option<TierLabels>), TierError> {
    let name = || path.display().to_string();
    let corrupt = |reason: String| TierError::Corrupt {
        path: name(),
        reason,
    };
    let io = |e: std::io::Error| io_error(path, &e);
    let file = fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    let minimum = (HEADER_BYTES + CHECKSUM_BYTES) as u64;
    if size < minimum {
        return Err(TierError::Truncated {
            path: name(),
            expected_bytes: minimum,
            found_bytes: size,
        });
    }
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut header = [0u8; HEADER_BYTES];
    reader.read_exact(&mut header).map_err(io)?;
    let u32_at = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
    if &header[..8] != MAGIC {
        return Err(corrupt("not a stonegame tier file (bad magic)".to_string()));
    }
    if u32_at(8) != VERSION {
        return Err(TierError::VersionMismatch {
            path: name(),
            found: u32_at(8),
            expected: VERSION,
        });
    }
    if u32_at(12) != tier {
        return Err(corrupt(format!(
            "holds tier {}, expected {tier}",
            u32_at(12)
        )));
    }
    let n = u64_at(16);
    let expected = u128::from(n) * RECORD_BYTES as u128 + u128::from(minimum);
    if u128::from(size) < expected {
        return Err(TierError::Truncated {
            path: name(),
            expected_bytes: u64::try_from(expected).unwrap_or(u64::MAX),
            found_bytes: size,
        });
    }
    if u128::from(size) > expected {
        return Err(corrupt(format!(
            "{size} bytes, expected {expected} for {n} positions (trailing bytes)"
        )));
    }
    let stated = [u64_at(24), u64_at(32), u64_at(40), u64_at(48)];
    let mut hash = Fnv1a::new();
    hash.update(&header);
    // `n` records fit in the file, so in memory when `keep` was allowed.
    let capacity = if keep { n as usize } else { 0 };
    let mut labels = TierLabels {
        code: Vec::with_capacity(capacity),
        word: Vec::with_capacity(capacity),
    };
    let mut found = [0u64; 4];
    let mut first_bad: Option<String> = None;
    let mut block = vec![0u8; RECORD_BYTES * BLOCK_RECORDS];
    let mut k = 0u64;
    while k < n {
        let records = (n - k).min(BLOCK_RECORDS as u64) as usize;
        let bytes = &mut block[..records * RECORD_BYTES];
        reader.read_exact(bytes).map_err(io)?;
        hash.update(bytes);
        for record in bytes.chunks_exact(RECORD_BYTES) {
            match decode_record(record) {
                Ok((code, word)) => {
                    found[usize::from(file_value(code))] += 1;
                    if keep {
                        labels.code.push(code);
                        labels.word.push(word);
                    }
                }
                Err(reason) => {
                    first_bad.get_or_insert_with(|| format!("position {k}: {reason}"));
                }
            }
            k += 1;
        }
    }
    let mut stored = [0u8; CHECKSUM_BYTES];
    reader.read_exact(&mut stored).map_err(io)?;
    let stored = u64::from_le_bytes(stored);
    if stored != hash.0 {
        return Err(TierError::ChecksumMismatch {
            path: name(),
            stored,
            computed: hash.0,
        });
    }
    if let Some(reason) = first_bad {
        return Err(corrupt(reason));
    }
    if stated != found {
        return Err(corrupt(format!(
            "header counts {stated:?} disagree with the records {found:?}"
        )));
    }
    let counts = Counts {
        win: found[0] as usize,
        lose: found[1] as usize,
        tie: found[2] as usize,
        draw: found[3] as usize,
    };
    let file = reader.into_inner();
    let checked = CheckedFile {
        positions: n,
        counts,
        file,
    };
    Ok((checked, keep.then_some(labels)))
}

/// A record's value code and remoteness word (0 for draws), or what is wrong.
fn decode_record(record: &[u8]) -> Result<(u8, u32), String> {
    let remoteness = u32::from_le_bytes([record[1], record[2], record[3], record[4]]);
    let code = match record[0] {
        0 => WIN,
        1 => LOSE,
        2 => TIE,
        3 => DRAW,
        other => return Err(format!("value byte {other}")),
    };
    if (code == DRAW) != (remoteness == u32::MAX) {
        return Err(format!("remoteness {remoteness} for its value"));
    }
    Ok((code, if code == DRAW { 0 } else { remoteness }))
}

/// Reads the record of `index` from a checked tier file. The file was checked
/// when first read; a record damaged since is still refused if it does not
/// decode.
fn read_record(path: &Path, file: &mut fs::File, index: u32) -> Result<(u8, u32), TierError> {
    let at = HEADER_BYTES as u64 + RECORD_BYTES as u64 * u64::from(index);
    let mut record = [0u8; RECORD_BYTES];
    file.seek(SeekFrom::Start(at))
        .and_then(|_| file.read_exact(&mut record))
        .map_err(|e| io_error(path, &e))?;
    decode_record(&record).map_err(|reason| TierError::Corrupt {
        path: path.display().to_string(),
        reason: format!("position {index}: {reason}"),
    })
}

fn io_error(path: &Path, error: &std::io::Error) -> TierError {
    TierError::Io {
        path: path.display().to_string(),
        message: error.to_string(),
    }
}
