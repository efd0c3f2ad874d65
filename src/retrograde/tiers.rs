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
use std::io::{BufWriter, Write};
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
    /// A tier file is not a valid version-1 file for the tier asked for.
    #[error("{path}: corrupt tier file: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What did not agree.
        reason: String,
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

    /// Solves every tier from 0 up and writes its file.
    ///
    /// # Errors
    /// [`TierError::Solve`] for a move to a higher tier or out of range, or
    /// tables over the budget; [`TierError::Io`] if a file cannot be written;
    /// [`TierError::Corrupt`] if a lower tier's file changed under the solver.
    ///
    /// # Example
    /// See [`TieredSolver`].
    pub fn solve(self) -> Result<TierDatabase, TierError> {
        fs::create_dir_all(&self.directory).map_err(|e| io_error(&self.directory, &e))?;
        let mut database = TierDatabase::open(&self.directory, self.budget);
        for tier in 0..self.game.num_tiers() {
            let labels = self.solve_tier(tier, &mut database)?;
            write_tier(&database.path(tier), tier, &labels)?;
            database.keep(tier, labels);
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
                tier_bytes(positions, targets.len()) + lower_bytes + database.cached_bytes(),
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
        for (k, &position) in lower_list.iter().enumerate() {
            let (c, w) = database.raw_label(position)?;
            code[n + k] = c;
            word[n + k] = w;
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

/// The solved tiers of a game, answered from their files (each tier read
/// once, checked, and kept in memory while the budget allows).
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
/// A file whose size, magic, version, tier, checksum, value bytes, counts or
/// remoteness fields do not agree is refused with [`TierError::Corrupt`].
///
/// # Example
/// See [`TieredSolver`]; a database solved earlier is reopened with
/// [`TierDatabase::open`].
#[derive(Debug)]
pub struct TierDatabase {
    directory: PathBuf,
    budget: Budget,
    cache: HashMap<u32, TierLabels>,
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
    /// [`TierError::Io`] if the tier's file cannot be read,
    /// [`TierError::Corrupt`] if it is not a valid tier file for that tier,
    /// [`TierError::Solve`] if it does not fit the budget.
    ///
    /// # Example
    /// See [`TieredSolver`].
    pub fn label(&mut self, position: TierPosition) -> Result<Option<Label>, TierError> {
        let tier = self.tier(position.tier)?;
        let u = position.index as usize;
        Ok(tier.code.get(u).map(|&c| Label {
            value: code_value(c),
            remoteness: matches!(c, WIN | LOSE | TIE).then(|| tier.word[u]),
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
        Ok(self.tier(tier)?.counts())
    }

    fn cached_bytes(&self) -> u128 {
        self.cache.values().map(TierLabels::bytes).sum()
    }

    /// Keeps a freshly solved tier in memory if the budget allows.
    fn keep(&mut self, tier: u32, labels: TierLabels) {
        self.make_room(labels.bytes());
        if self.cached_bytes() + labels.bytes() <= self.budget.bytes() {
            self.cache.insert(tier, labels);
        }
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

    fn tier(&mut self, tier: u32) -> Result<&TierLabels, TierError> {
        if !self.cache.contains_key(&tier) {
            let path = self.path(tier);
            let size = fs::metadata(&path).map_err(|e| io_error(&path, &e))?.len();
            self.budget
                .check_bytes(u128::from(size) * 2, "a tier file read back")?;
            let bytes = fs::read(&path).map_err(|e| io_error(&path, &e))?;
            let labels = parse_tier(&bytes, tier).map_err(|reason| TierError::Corrupt {
                path: path.display().to_string(),
                reason,
            })?;
            self.make_room(labels.bytes());
            self.cache.insert(tier, labels);
        }
        Ok(&self.cache[&tier])
    }

    /// The code and remoteness word of a lower-tier position, for seeding.
    fn raw_label(&mut self, position: TierPosition) -> Result<(u8, u32), TierError> {
        let tier = self.tier(position.tier)?;
        let u = position.index as usize;
        match tier.code.get(u) {
            Some(&c) if c == UNKNOWN || c == DRAW => Ok((DRAW, 0)),
            Some(&c) => Ok((c, tier.word[u])),
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
    let counts = labels.counts();
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&tier.to_le_bytes());
    header.extend_from_slice(&(labels.code.len() as u64).to_le_bytes());
    for count in [counts.win, counts.lose, counts.tie, counts.draw] {
        header.extend_from_slice(&(count as u64).to_le_bytes());
    }
    let write = || -> std::io::Result<()> {
        let mut out = BufWriter::new(fs::File::create(path)?);
        let mut hash = Fnv1a::new();
        hash.update(&header);
        out.write_all(&header)?;
        let mut record = [0u8; RECORD_BYTES];
        for (&c, &w) in labels.code.iter().zip(&labels.word) {
            record[0] = file_value(c);
            let remoteness = if record[0] == 3 { u32::MAX } else { w };
            record[1..].copy_from_slice(&remoteness.to_le_bytes());
            hash.update(&record);
            out.write_all(&record)?;
        }
        out.write_all(&hash.0.to_le_bytes())?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    write().map_err(|e| io_error(path, &e))
}

/// Checks and decodes a tier file; the error says what did not agree.
fn parse_tier(bytes: &[u8], tier: u32) -> Result<TierLabels, String> {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    if bytes.len() < HEADER_BYTES + 8 {
        return Err(format!("{} bytes, shorter than a header", bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return Err("not a stonegame tier file (bad magic)".to_string());
    }
    if u32_at(8) != VERSION {
        return Err(format!("format version {}, expected {VERSION}", u32_at(8)));
    }
    if u32_at(12) != tier {
        return Err(format!("holds tier {}, expected {tier}", u32_at(12)));
    }
    let n = u64_at(16);
    let expected_len = (n as u128) * RECORD_BYTES as u128 + HEADER_BYTES as u128 + 8;
    if bytes.len() as u128 != expected_len {
        return Err(format!(
            "{} bytes, expected {expected_len} for {n} positions",
            bytes.len()
        ));
    }
    let body_end = bytes.len() - 8;
    let mut hash = Fnv1a::new();
    hash.update(&bytes[..body_end]);
    if hash.0 != u64_at(body_end) {
        return Err("checksum mismatch".to_string());
    }
    let n = n as usize;
    let mut labels = TierLabels {
        code: Vec::with_capacity(n),
        word: Vec::with_capacity(n),
    };
    for (k, record) in bytes[HEADER_BYTES..body_end]
        .chunks_exact(RECORD_BYTES)
        .enumerate()
    {
        let remoteness = u32::from_le_bytes(record[1..].try_into().expect("4 bytes"));
        let code = match record[0] {
            0 => WIN,
            1 => LOSE,
            2 => TIE,
            3 => DRAW,
            other => return Err(format!("position {k}: value byte {other}")),
        };
        if (code == DRAW) != (remoteness == u32::MAX) {
            return Err(format!(
                "position {k}: remoteness {remoteness} for its value"
            ));
        }
        labels.code.push(code);
        labels.word.push(if code == DRAW { 0 } else { remoteness });
    }
    let counts = labels.counts();
    let stated = [u64_at(24), u64_at(32), u64_at(40), u64_at(48)];
    let found = [counts.win, counts.lose, counts.tie, counts.draw].map(|c| c as u64);
    if stated != found {
        return Err(format!(
            "header counts {stated:?} disagree with the records {found:?}"
        ));
    }
    Ok(labels)
}

fn io_error(path: &Path, error: &std::io::Error) -> TierError {
    TierError::Io {
        path: path.display().to_string(),
        message: error.to_string(),
    }
}
