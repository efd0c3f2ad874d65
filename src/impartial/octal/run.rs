// Why this file is long (about 1,600 lines): one long-run engine, SequenceRun,
// with its statistics and its checkpoint (format, signature, lock, resume and
// --verify) on the same private state; about 570 lines are doc comments with
// runnable examples. The checkpoint format could move to a sibling file if it
// grows further.
//! Long runs of a Grundy sequence: statistics kept as the run goes (without
//! printing the values), and checkpoints a killed run resumes from.

use super::checkpoint_key::CheckpointKey;
use super::files::{beside, directory_of, io_error, sync_directory};
use super::sequence::{MAX_SEQUENCE_HEAP, SolverState, SparseGrundy};
use super::siphash::SipHash24;
use super::{MoveClass, TakeAndBreak};
use crate::error::{shown, shown_path};
use crate::impartial::mex::MexSet;
use crate::{Budget, Error, Result};
use std::fmt;
use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a [`SequenceRun`] knows about `G(0..heaps)`: the sparse-space figures
/// that research tables list (Flammenkamp's, tczajka/octal-games'
/// `UnsolvedGames.md`): how many rare positions there are under the mask in
/// force and the last one, the largest value and the first heap with it.
/// They depend on the values and the solver's choices only, never on time:
/// a resumed run ends with the same statistics as an uninterrupted one.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
/// let mut run = SequenceRun::new(TakeAndBreak::grundys_game());
/// run.extend_to(999)?;
/// let stats = run.stats();
/// assert_eq!(stats.heaps, 1000);
/// assert_eq!(stats.mask, run.solver().mask());
/// assert_eq!(stats.rare_count, run.solver().rare_count() as u64);
/// assert!(stats.to_string().starts_with("game grundys-game\nheaps 1000\n"));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceStats {
    /// How many values are computed: `G(0..heaps)`.
    pub heaps: u64,
    /// Rare positions (heap 0 left out) under [`Self::mask`].
    pub rare_count: u64,
    /// The largest rare position, if any.
    pub last_rare_heap: Option<u64>,
    /// The largest value among `G(0..heaps)` (0 when none is computed).
    pub largest_value: u32,
    /// The first heap whose value is [`Self::largest_value`].
    pub largest_first_heap: u64,
    /// The rare/common mask in force ([`SparseGrundy::mask`]).
    pub mask: u32,
    /// The rare positions under a mask the caller gave
    /// ([`SequenceRun::with_count_mask`]), e.g. a published one.
    pub counted: Option<MaskCount>,
    /// The game, for [`fmt::Display`]: its code or name.
    game: TakeAndBreak,
}

/// The rare positions of `G(1..heaps)` under a mask given by the caller
/// (see [`SequenceRun::with_count_mask`]): heap `n >= 1` is rare when
/// `G(n) & mask` has an even number of one bits, as in the published tables
/// (Flammenkamp's, tczajka/octal-games' `UnsolvedGames.md`, whose counts
/// also include heap 0: one more). The solver's own choice may differ (a
/// mask of other bits, or Flammenkamp's variant where the rare parity
/// follows the heap's parity); these figures make the counts comparable.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
/// let mut run = SequenceRun::new(TakeAndBreak::kayles()).with_count_mask(0x1);
/// run.extend_to(10)?;
/// let counted = run.stats().counted.unwrap();
/// // Kayles: G(1..=10) = 1 2 3 1 4 3 2 1 4 2; even values are rare under mask 1.
/// assert_eq!((counted.mask, counted.rare_count, counted.last_rare_heap), (1, 5, Some(10)));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaskCount {
    /// The mask the positions are counted under.
    pub mask: u32,
    /// Rare positions (heap 0 left out).
    pub rare_count: u64,
    /// The largest rare position, if any.
    pub last_rare_heap: Option<u64>,
}

impl MaskCount {
    /// No position counted yet under `mask`.
    fn new(mask: u32) -> Self {
        Self {
            mask,
            rare_count: 0,
            last_rare_heap: None,
        }
    }

    /// Counts heap `heap` with value `value`.
    fn add(&mut self, heap: u64, value: u32) {
        if heap > 0 && (value & self.mask).count_ones() % 2 == 0 {
            self.rare_count += 1;
            self.last_rare_heap = Some(heap);
        }
    }
}

impl SequenceStats {
    /// The game the figures are of.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let run = SequenceRun::new(TakeAndBreak::kayles());
    /// assert_eq!(run.stats().game(), &TakeAndBreak::kayles());
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }
}

/// One `key value` line per figure: `game`, `heaps`, `rare`, `last-rare`
/// (`none` without rare positions), `largest` (`V at H`), `mask` (hex);
/// with a count under a given mask, `count-mask` (hex), `count-mask-rare`
/// and `count-mask-last-rare` after them.
impl fmt::Display for SequenceStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game {}", self.game)?;
        writeln!(f, "heaps {}", self.heaps)?;
        writeln!(f, "rare {}", self.rare_count)?;
        match self.last_rare_heap {
            Some(heap) => writeln!(f, "last-rare {heap}")?,
            None => writeln!(f, "last-rare none")?,
        }
        writeln!(
            f,
            "largest {} at {}",
            self.largest_value, self.largest_first_heap
        )?;
        write!(f, "mask {:#x}", self.mask)?;
        if let Some(counted) = &self.counted {
            write!(f, "\ncount-mask {:#x}", counted.mask)?;
            write!(f, "\ncount-mask-rare {}", counted.rare_count)?;
            match counted.last_rare_heap {
                Some(heap) => write!(f, "\ncount-mask-last-rare {heap}")?,
                None => write!(f, "\ncount-mask-last-rare none")?,
            }
        }
        Ok(())
    }
}

/// Heaps between two looks at a run (statistics, progress, checkpoints):
/// the run stops at every multiple, so where it stops never depends on time
/// or on where an earlier run was interrupted.
pub const RUN_CHUNK: u64 = 1 << 14;

/// The checkpoint format version this library writes: the layout of
/// version 1 and a signature (SipHash-2-4 under a [`CheckpointKey`]) after it.
/// Version 1 files, unsigned, are read only to be re-derived
/// ([`ResumeCheck::Every`]).
pub const CHECKPOINT_VERSION: u32 = 2;

/// The format version before signatures.
const UNSIGNED_VERSION: u32 = 1;

/// The bytes of a signature.
const SIGNATURE_BYTES: u64 = 8;

const MAGIC: &[u8; 8] = b"SGGRUNDY";

/// The longest game name a checkpoint holds.
const MAX_NAME_BYTES: usize = 256;

/// A long computation of `G(0..)` of one game in normal play (Grundy values
/// are a normal-play notion): the values in the solver's compact cells,
/// [`SequenceStats`] kept up to date chunk by chunk ([`RUN_CHUNK`] heaps),
/// and, with [`Self::with_checkpoint`], the run's state written to a file
/// now and then so that [`Self::resume`] goes on after an interruption
/// with identical values and statistics.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
/// let mut run = SequenceRun::new(TakeAndBreak::grundys_game());
/// let mut looks = 0;
/// run.extend_with(40_000, |run| {
///     looks += 1; // after each chunk: a progress line, a checkpoint, …
///     assert!(run.stats().heaps <= 40_001);
///     Ok(())
/// })?;
/// assert_eq!(looks, 3);
/// let stats = run.stats();
/// let largest = run.solver().values().max().unwrap();
/// let first = run.solver().values().position(|v| v == largest).unwrap() as u64;
/// assert_eq!((stats.largest_value, stats.largest_first_heap), (largest, first));
/// assert!(run.values_per_second() > 0.0);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug)]
pub struct SequenceRun {
    solver: SparseGrundy,
    budget: Budget,
    /// The largest value among the values scanned, and its first heap.
    largest: (u32, u64),
    /// Values looked at for [`Self::largest`]: `G(0..scanned)`.
    scanned: u64,
    /// The count under a given mask ([`Self::with_count_mask`]), over `G(0..scanned)`.
    counted: Option<MaskCount>,
    /// Heaps known when this process took the run over (for the rate).
    known_at_start: u64,
    started: Instant,
    checkpoint: Option<Checkpointing>,
    /// The checkpoint the values came from ([`Self::resume`]), when its
    /// signature verified under [`Self::key`] (else it is rewritten).
    from_file: Option<PathBuf>,
    /// Signs the checkpoints written ([`Self::with_checkpoint_key`]).
    key: Option<CheckpointKey>,
    /// Resumed from a file whose signature did not verify ([`Self::needs_signing`]).
    needs_signing: bool,
}

#[derive(Debug)]
struct Checkpointing {
    path: PathBuf,
    every: Duration,
    last_written: Instant,
    /// The heaps the file holds when this process read or wrote it: a run
    /// with nothing new leaves the file alone (a finished, read-only
    /// checkpoint is answered, not rewritten).
    heaps_in_file: Option<u64>,
    /// Held from the first write on (or given by [`SequenceRun::with_locked_checkpoint`]).
    lock: Option<CheckpointLock>,
}

/// The advisory lock of one checkpoint file: `.FILE.lock` beside it, held
/// (`flock`-style, [`std::fs::File::try_lock`]) while a run writes FILE, so
/// that a second writer is refused at once instead of both overwriting each
/// other's work. Readers take no lock: every write goes to a file of its own
/// and is renamed over FILE, so a reader sees a whole old or new checkpoint.
/// The lock file stays (an empty file); the lock ends with the process.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::CheckpointLock;
/// let path = std::env::temp_dir().join(format!("doc-lock-{}", std::process::id()));
/// let held = CheckpointLock::acquire(&path)?;
/// assert!(matches!(CheckpointLock::acquire(&path), Err(stonegame::Error::CheckpointBusy { .. })));
/// drop(held);
/// let again = CheckpointLock::acquire(&path)?;
/// assert_eq!(again.path(), path.as_path());
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug)]
pub struct CheckpointLock {
    path: PathBuf,
    _file: fs::File,
}

impl CheckpointLock {
    /// Takes the lock of the checkpoint at `path` (which need not exist yet).
    ///
    /// # Errors
    /// [`Error::CheckpointBusy`] when another writer holds it;
    /// [`Error::Io`] when the lock file cannot be created (a read-only
    /// directory).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointLock;
    /// let path = std::env::temp_dir().join(format!("doc-lock-acquire-{}", std::process::id()));
    /// assert!(CheckpointLock::acquire(&path).is_ok());
    /// ```
    pub fn acquire(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let lock_path = beside(path, "lock");
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| io_error(path, e))?;
        match file.try_lock() {
            Ok(()) => Ok(Self {
                path: path.to_path_buf(),
                _file: file,
            }),
            Err(fs::TryLockError::WouldBlock) => Err(Error::CheckpointBusy {
                path: path.to_path_buf(),
                lock: lock_path.to_path_buf(),
            }),
            Err(fs::TryLockError::Error(e)) => Err(io_error(path, e)),
        }
    }

    /// The checkpoint the lock is for.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointLock;
    /// let path = std::env::temp_dir().join(format!("doc-lock-path-{}", std::process::id()));
    /// assert_eq!(CheckpointLock::acquire(&path)?.path(), path.as_path());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What [`SequenceRun::resume_checked`] asks of a checkpoint before it
/// goes on from it.
///
/// A changed value whose checksums a forger recomputed is caught by
/// re-deriving values only where it is looked at: re-deriving `k` heaps of
/// `N` catches one changed value with probability about `k / N`. The
/// signature catches every change without looking at any value, as long as
/// the forger cannot read the key.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::ResumeCheck;
/// assert_ne!(ResumeCheck::Signature, ResumeCheck::Every);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeCheck {
    /// The signature must verify under the key; then the first 4,096
    /// values and the last are recomputed by the definition (a few
    /// milliseconds), against a file signed by a program whose rule for the
    /// game differed.
    Signature,
    /// Every value re-derived, at about the run's own work (charged to the
    /// budget's work cap): a file signed with another key, changed since, or
    /// of format version 1 is accepted when every value agrees, and the next
    /// write signs it with the run's key ([`SequenceRun::needs_signing`]).
    Every,
}

impl crate::game::Configure for SequenceRun {
    fn with_budget(self, budget: Budget) -> Self {
        SequenceRun::with_budget(self, budget)
    }
    fn budget(&self) -> Budget {
        self.budget
    }
}

impl SequenceRun {
    /// A run of `game` with no value computed yet.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// assert_eq!(SequenceRun::new(TakeAndBreak::kayles()).stats().heaps, 0);
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self::around(SparseGrundy::new(game), Budget::default())
    }

    fn around(solver: SparseGrundy, budget: Budget) -> Self {
        let mut run = Self {
            solver,
            budget,
            largest: (0, 0),
            scanned: 0,
            counted: None,
            known_at_start: 0,
            started: Instant::now(),
            checkpoint: None,
            from_file: None,
            key: None,
            needs_signing: false,
        };
        run.scan_new_values();
        run.known_at_start = run.scanned;
        run
    }

    /// The memory budget of the tables and the work cap of the computation
    /// (the work of a resumed run counts on from the stored run's work).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// use stonegame::Budget;
    /// let mut run = SequenceRun::new(TakeAndBreak::grundys_game()).with_budget(Budget::default().with_work(1000));
    /// assert!(matches!(run.extend_to(100_000), Err(stonegame::Error::WorkLimitExceeded { .. })));
    /// assert!(run.stats().heaps > 0); // the values computed before the cap are kept
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Computes on `threads` threads ([`SparseGrundy::with_threads`]: the
    /// values, statistics and checkpoints are the same for every number).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut two = SequenceRun::new(TakeAndBreak::grundys_game()).with_threads(2);
    /// two.extend_to(50_000)?;
    /// let mut one = SequenceRun::new(TakeAndBreak::grundys_game());
    /// one.extend_to(50_000)?;
    /// assert_eq!(two.stats(), one.stats());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.solver = self.solver.with_threads(threads);
        self
    }

    /// Signs the checkpoints this run writes with `key` (a run with a
    /// checkpoint needs one; [`Self::resume`] sets the key it verified with).
    /// [`CheckpointKey::load_or_create`] with [`CheckpointKey::default_path`]
    /// gives the key the command line uses.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, SequenceRun, TakeAndBreak};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-key-run-{}", std::process::id()));
    /// let key = CheckpointKey::from_bytes([3; 16]);
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles())
    ///     .with_checkpoint_key(key.clone())
    ///     .with_checkpoint(&path, Duration::from_secs(60));
    /// run.extend_to(1000)?;
    /// let other = CheckpointKey::from_bytes([4; 16]);
    /// let refused = SequenceRun::resume(&path, TakeAndBreak::kayles(), Default::default(), &other);
    /// assert!(matches!(refused, Err(stonegame::Error::CheckpointUnsigned { .. })));
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_checkpoint_key(mut self, key: CheckpointKey) -> Self {
        self.key = Some(key);
        self
    }

    /// Whether the run was resumed from a checkpoint whose signature did not
    /// verify under its key (signed with another key, changed since, or of
    /// format version 1), accepted because every value was re-derived
    /// ([`ResumeCheck::Every`]): its next [`Self::write_checkpoint`] to
    /// that file signs it with this key, even when nothing new was computed.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, ResumeCheck, SequenceRun, TakeAndBreak};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-resign-{}", std::process::id()));
    /// let (old, new) = (CheckpointKey::from_bytes([1; 16]), CheckpointKey::from_bytes([2; 16]));
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles())
    ///     .with_checkpoint_key(old)
    ///     .with_checkpoint(&path, Duration::from_secs(60));
    /// run.extend_to(1000)?;
    /// drop(run); // its lock on the file ends with it
    /// let game = TakeAndBreak::kayles();
    /// let every = ResumeCheck::Every;
    /// let mut verified = SequenceRun::resume_checked(&path, game.clone(), Default::default(), &new, every)?;
    /// assert!(verified.needs_signing());
    /// verified = verified.with_checkpoint(&path, Duration::from_secs(60));
    /// verified.write_checkpoint()?; // signed with the new key now
    /// assert!(SequenceRun::resume(&path, game, Default::default(), &new).is_ok());
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn needs_signing(&self) -> bool {
        self.needs_signing
    }

    /// Writes the run's state to `path` at the end of a chunk whenever
    /// `every` has passed since the last write, when [`Self::extend_with`]
    /// returns (finished or stopped at the work cap), and on
    /// [`Self::write_checkpoint`]. Each write goes to a file beside `path`,
    /// is synced, then renamed over `path`: a kill at any moment leaves the
    /// previous checkpoint or the new one. Each write is signed with the
    /// run's key ([`Self::with_checkpoint_key`]; a write without one is
    /// refused).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, SequenceRun, TakeAndBreak};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-checkpoint-{}", std::process::id()));
    /// let key = CheckpointKey::from_bytes([5; 16]);
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles())
    ///     .with_checkpoint_key(key.clone())
    ///     .with_checkpoint(&path, Duration::from_secs(60));
    /// run.extend_to(5000)?;
    /// let resumed = SequenceRun::resume(&path, TakeAndBreak::kayles(), stonegame::Budget::default(), &key)?;
    /// assert_eq!(resumed.stats(), run.stats());
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_checkpoint(mut self, path: impl Into<PathBuf>, every: Duration) -> Self {
        let path = path.into();
        let heaps_in_file = (self.from_file.as_ref() == Some(&path)).then_some(self.scanned);
        self.checkpoint = Some(Checkpointing {
            path,
            every,
            last_written: Instant::now(),
            heaps_in_file,
            lock: None,
        });
        self
    }

    /// As [`Self::with_checkpoint`], writing under a lock taken before
    /// (e.g. before [`Self::resume`], so that no other writer changes the
    /// file between the read and the first write).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, CheckpointLock, SequenceRun, TakeAndBreak};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-locked-{}", std::process::id()));
    /// let lock = CheckpointLock::acquire(&path)?;
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles())
    ///     .with_checkpoint_key(CheckpointKey::from_bytes([6; 16]))
    ///     .with_locked_checkpoint(lock, Duration::from_secs(60));
    /// run.extend_to(1000)?;
    /// assert!(CheckpointLock::acquire(&path).is_err()); // still held by the run
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_locked_checkpoint(self, lock: CheckpointLock, every: Duration) -> Self {
        let path = lock.path.clone();
        let mut run = self.with_checkpoint(path, every);
        if let Some(checkpoint) = &mut run.checkpoint {
            checkpoint.lock = Some(lock);
        }
        run
    }

    /// Also counts the rare positions under `mask` ([`MaskCount`], in
    /// [`SequenceStats::counted`]), e.g. a mask published for the game, so
    /// that the figures compare with the published ones whatever mask the
    /// solver chose. The values computed so far (all of them in a run
    /// resumed from a checkpoint, even a finished one) are counted at once
    /// by one pass over them, the later ones as they come. Any mask is
    /// allowed (0 makes every heap rare).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::grundys_game());
    /// run.extend_to(100_000)?;
    /// // Counted under the solver's own mask, the figures are its own.
    /// let mask = run.stats().mask;
    /// let run = run.with_count_mask(mask);
    /// let (stats, counted) = (run.stats(), run.stats().counted.unwrap());
    /// assert_eq!((counted.rare_count, counted.last_rare_heap), (stats.rare_count, stats.last_rare_heap));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_count_mask(mut self, mask: u32) -> Self {
        let mut counted = MaskCount::new(mask);
        for (heap, value) in self.solver.values().take(self.scanned as usize).enumerate() {
            counted.add(heap as u64, value);
        }
        self.counted = Some(counted);
        self
    }

    /// The solver, with every value computed so far.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles());
    /// run.extend_to(5)?;
    /// assert_eq!(run.solver().value(5), Some(4));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solver(&self) -> &SparseGrundy {
        &self.solver
    }

    /// Gives up the solver (for its values).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::nim());
    /// run.extend_to(2)?;
    /// assert_eq!(run.into_solver().into_values(), [0, 1, 2]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn into_solver(self) -> SparseGrundy {
        self.solver
    }

    /// The statistics of the values computed so far.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles());
    /// run.extend_to(5)?;
    /// assert_eq!((run.stats().largest_value, run.stats().largest_first_heap), (4, 5));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stats(&self) -> SequenceStats {
        let rare = self.solver.rare_positions();
        SequenceStats {
            heaps: self.scanned,
            rare_count: rare.len() as u64,
            last_rare_heap: rare.last().map(|&heap| u64::from(heap)),
            largest_value: self.largest.0,
            largest_first_heap: self.largest.1,
            mask: self.solver.mask(),
            counted: self.counted,
            game: self.solver.game().clone(),
        }
    }

    /// Values computed per second by this process since it took the run
    /// over (a resumed run counts only what it computed itself).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles());
    /// run.extend_to(10_000)?;
    /// assert!(run.values_per_second() > 0.0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn values_per_second(&self) -> f64 {
        let computed = self.scanned - self.known_at_start;
        computed as f64 / self.elapsed().as_secs_f64().max(1e-9)
    }

    /// Time since this process created or resumed the run.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let run = SequenceRun::new(TakeAndBreak::kayles());
    /// assert!(run.elapsed().as_secs() < 60);
    /// ```
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Checks, before any work, the limits a run to `G(0..=upto)` must
    /// meet from the start: the heap limit and a byte a value within the
    /// budget ([`Self::extend_with`] checks them too; a caller that prepares
    /// anything for the run, such as a checkpoint file, calls this first).
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] above [`MAX_SEQUENCE_HEAP`];
    /// [`Error::MemoryBudgetExceeded`] when a byte a value is beyond the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let run = SequenceRun::new(TakeAndBreak::kayles());
    /// assert!(run.check_goal(1_000_000).is_ok());
    /// assert!(run.check_goal(1 << 33).is_err());
    /// ```
    pub fn check_goal(&self, upto: u64) -> Result<()> {
        if upto > MAX_SEQUENCE_HEAP {
            return Err(Error::SizeLimitExceeded {
                what: "heap size of a Grundy sequence",
                value: upto.into(),
                limit: MAX_SEQUENCE_HEAP.into(),
            });
        }
        // At least a byte a value (the solver checks the rest as it grows:
        // wider cells, the rare list).
        self.budget
            .check_elements::<u8>(u128::from(upto + 1), "Grundy sequence")
    }

    /// Computes `G(0..=upto)` ([`Self::extend_with`] without a look between chunks).
    ///
    /// # Errors
    /// As [`Self::extend_with`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::dawsons_kayles());
    /// run.extend_to(100)?;
    /// assert_eq!(run.stats().heaps, 101);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn extend_to(&mut self, upto: u64) -> Result<()> {
        self.extend_with(upto, |_| Ok(()))
    }

    /// Computes `G(0..=upto)` chunk by chunk, stopping at every multiple of
    /// [`RUN_CHUNK`] heaps: the statistics are brought up to date, a
    /// checkpoint is written when one is due, and `look` is called (it may
    /// print progress; an error it returns stops the run).
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] above [`MAX_SEQUENCE_HEAP`] and
    /// [`Error::MemoryBudgetExceeded`] for `G(0..=upto)` beyond the budget,
    /// both before any work; as [`SparseGrundy::extend_to`] ([`Error::WorkLimitExceeded`] at the
    /// budget's work cap, with the values before it kept and, with
    /// checkpoints, written); [`Error::Io`] when a checkpoint cannot be written.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles());
    /// let mut seen = Vec::new();
    /// run.extend_with(40_000, |run| {
    ///     seen.push(run.stats().heaps);
    ///     Ok(())
    /// })?;
    /// assert_eq!(seen, [16_384, 32_768, 40_001]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn extend_with(
        &mut self,
        upto: u64,
        mut look: impl FnMut(&SequenceRun) -> Result<()>,
    ) -> Result<()> {
        self.check_goal(upto)?;
        let goal = upto + 1;
        while self.scanned < goal {
            let next = ((self.scanned / RUN_CHUNK + 1) * RUN_CHUNK).min(goal);
            let step = self.solver.extend_to(next - 1, self.budget);
            self.scan_new_values();
            if let Err(error) = step {
                if self.checkpoint.is_some() {
                    self.write_checkpoint()?;
                }
                return Err(error);
            }
            if let Some(due) = &self.checkpoint {
                if due.last_written.elapsed() >= due.every {
                    self.write_checkpoint()?;
                }
            }
            look(self)?;
        }
        if self.checkpoint.is_some() {
            self.write_checkpoint()?;
        }
        Ok(())
    }

    /// Brings the largest value and its first heap (and the count under a
    /// given mask) up to the values computed.
    fn scan_new_values(&mut self) {
        let (mut largest, mut first) = self.largest;
        let mut heap = self.scanned;
        for value in self.solver.values().skip(self.scanned as usize) {
            if value > largest {
                (largest, first) = (value, heap);
            }
            if let Some(counted) = &mut self.counted {
                counted.add(heap, value);
            }
            heap += 1;
        }
        self.largest = (largest, first);
        self.scanned = heap;
    }

    /// Writes the checkpoint now (see [`Self::with_checkpoint`]; nothing
    /// without one), signed with the run's key.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be written;
    /// [`Error::InvalidParameter`] when the run has no key
    /// ([`Self::with_checkpoint_key`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut run = SequenceRun::new(TakeAndBreak::kayles());
    /// run.write_checkpoint()?; // no checkpoint file set: nothing to do
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn write_checkpoint(&mut self) -> Result<()> {
        let Some(checkpoint) = &mut self.checkpoint else {
            return Ok(());
        };
        if checkpoint.heaps_in_file == Some(self.solver.len() as u64) {
            // The file holds these very values: nothing to rewrite.
            checkpoint.last_written = Instant::now();
            return Ok(());
        }
        let Some(key) = &self.key else {
            return Err(Error::InvalidParameter {
                name: "checkpoint key",
                reason: format!(
                    "checkpoint {} is signed with a key: give the run one with \
                     SequenceRun::with_checkpoint_key",
                    shown_path(&checkpoint.path)
                ),
            });
        };
        if checkpoint.lock.is_none() {
            checkpoint.lock = Some(CheckpointLock::acquire(&checkpoint.path)?);
        }
        write_checkpoint_file(&checkpoint.path, &self.solver, key)?;
        checkpoint.heaps_in_file = Some(self.solver.len() as u64);
        checkpoint.last_written = Instant::now();
        self.needs_signing = false;
        Ok(())
    }

    /// Goes on from the checkpoint at `path`, written by a run of `game`
    /// and signed with `key`: its header (format version, game, convention,
    /// length, cell width) and both checksums are checked, its size against
    /// `budget` before the values are read, its signature under `key`, and
    /// the first 4,096 values and the last one are recomputed by the
    /// definition ([`ResumeCheck::Signature`]). The run keeps `key`; add
    /// [`Self::with_checkpoint`] to keep writing the file.
    ///
    /// # Errors
    /// [`Error::CheckpointUnsigned`] when the signature does not verify under
    /// `key` (or the file, of format version 1, has none);
    /// [`Error::CheckpointMismatch`] for a checkpoint of another game (or
    /// convention); [`Error::CheckpointCorrupt`] for a damaged, cut-off or
    /// foreign file or an unknown format version; [`Error::Io`] when it
    /// cannot be read; [`Error::MemoryBudgetExceeded`] /
    /// [`Error::SizeLimitExceeded`] when its values do not fit.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, SequenceRun, TakeAndBreak};
    /// use stonegame::{Budget, Error};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-resume-{}", std::process::id()));
    /// let key = CheckpointKey::from_bytes([8; 16]);
    /// let mut run = SequenceRun::new(TakeAndBreak::grundys_game())
    ///     .with_checkpoint_key(key.clone())
    ///     .with_checkpoint(&path, Duration::ZERO);
    /// run.extend_to(20_000)?;
    /// let mut resumed = SequenceRun::resume(&path, TakeAndBreak::grundys_game(), Budget::default(), &key)?;
    /// resumed.extend_to(50_000)?;
    /// run.extend_to(50_000)?;
    /// assert_eq!(resumed.stats(), run.stats());
    /// assert!(matches!(
    ///     SequenceRun::resume(&path, TakeAndBreak::kayles(), Budget::default(), &key),
    ///     Err(Error::CheckpointMismatch { .. })
    /// ));
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn resume(
        path: impl AsRef<Path>,
        game: TakeAndBreak,
        budget: Budget,
        key: &CheckpointKey,
    ) -> Result<Self> {
        Self::resume_checked(path, game, budget, key, ResumeCheck::Signature)
    }

    /// [`Self::resume`] with the checkpoint checked as `check` says
    /// ([`ResumeCheck::Every`]: every value re-derived, at about the run's
    /// own work, and a file whose signature does not verify accepted when
    /// they all agree: see [`Self::needs_signing`]).
    ///
    /// # Errors
    /// As [`Self::resume`] ([`Error::CheckpointUnsigned`] with
    /// [`ResumeCheck::Signature`] only); [`Error::WorkLimitExceeded`] when
    /// re-deriving goes past the budget's work cap
    /// ([`DEFAULT_SEQUENCE_WORK`](super::DEFAULT_SEQUENCE_WORK) by default).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{CheckpointKey, ResumeCheck, SequenceRun, TakeAndBreak};
    /// use stonegame::Budget;
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("doc-verify-{}", std::process::id()));
    /// let key = CheckpointKey::from_bytes([9; 16]);
    /// let mut run = SequenceRun::new(TakeAndBreak::grundys_game())
    ///     .with_checkpoint_key(key.clone())
    ///     .with_checkpoint(&path, Duration::ZERO);
    /// run.extend_to(20_000)?;
    /// let game = TakeAndBreak::grundys_game();
    /// let verified = SequenceRun::resume_checked(&path, game, Budget::default(), &key, ResumeCheck::Every)?;
    /// assert_eq!(verified.stats(), run.stats());
    /// assert!(!verified.needs_signing());
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn resume_checked(
        path: impl AsRef<Path>,
        game: TakeAndBreak,
        budget: Budget,
        key: &CheckpointKey,
        check: ResumeCheck,
    ) -> Result<Self> {
        let path = path.as_ref();
        let (solver, signature) = read_checkpoint_file(path, game, budget, key, check)?;
        let unsigned = match signature {
            Signature::Verified => None,
            Signature::Mismatch => Some(
                "its signature does not match this key (signed with another key, or changed \
                 since)",
            ),
            Signature::Absent => Some(NO_SIGNATURE),
        };
        if let (Some(reason), ResumeCheck::Signature) = (unsigned, check) {
            return Err(unsigned_error(path, reason));
        }
        check_by_definition(path, &solver)?;
        if check == ResumeCheck::Every {
            check_every(path, &solver, budget)?;
        }
        let mut run = Self::around(solver, budget).with_checkpoint_key(key.clone());
        if unsigned.is_some() {
            run.needs_signing = true;
        } else {
            run.from_file = Some(path.to_path_buf());
        }
        Ok(run)
    }

    /// The statistics of `G(0..heaps)` alone, for `heaps` up to the values
    /// computed: a question about fewer heaps than a run (or a checkpoint)
    /// holds is answered from its values, with the figures of that range.
    /// The figures are those an uninterrupted run to `heaps` (on the run's
    /// threads) prints: its rare/common split is replayed from the values
    /// ([`SparseGrundy::replay`]; a run that went further chose its split
    /// from more values), the count under a given mask is recounted.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `heaps` is beyond the values
    /// computed; [`Error::MemoryBudgetExceeded`] when the replay does not
    /// fit the run's budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SequenceRun, TakeAndBreak};
    /// let mut long = SequenceRun::new(TakeAndBreak::kayles()).with_count_mask(1);
    /// long.extend_to(5000)?;
    /// let mut short = SequenceRun::new(TakeAndBreak::kayles()).with_count_mask(1);
    /// short.extend_to(999)?;
    /// assert_eq!(long.stats_at(1000)?, short.stats());
    /// assert!(long.stats_at(5002).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stats_at(&self, heaps: u64) -> Result<SequenceStats> {
        if heaps > self.scanned {
            return Err(Error::InvalidParameter {
                name: "heaps",
                reason: format!("{heaps} heaps asked for, {} computed", self.scanned),
            });
        }
        let mut largest = (0u32, 0u64);
        let mut counted = self.counted.map(|c| MaskCount::new(c.mask));
        for (heap, value) in self.solver.values().take(heaps as usize).enumerate() {
            let heap = heap as u64;
            if value > largest.0 {
                largest = (value, heap);
            }
            if let Some(counted) = &mut counted {
                counted.add(heap, value);
            }
        }
        // The split a run stopping at `heaps` would have chosen: the stored
        // solver's own when it stopped there, else replayed from the values
        // (a longer run chose its split from more values).
        let replayed;
        let solver = if heaps == self.solver.len() as u64 {
            &self.solver
        } else {
            let values: Vec<u32> = self.solver.values().take(heaps as usize).collect();
            replayed = SparseGrundy::replay(
                self.solver.game().clone(),
                &values,
                self.solver.threads(),
                RUN_CHUNK,
                self.budget,
            )?;
            &replayed
        };
        let rare = solver.rare_positions();
        Ok(SequenceStats {
            heaps,
            rare_count: rare.len() as u64,
            last_rare_heap: rare.last().map(|&heap| u64::from(heap)),
            largest_value: largest.0,
            largest_first_heap: largest.1,
            mask: solver.mask(),
            counted,
            game: self.solver.game().clone(),
        })
    }
}

/// The fixed part of a checkpoint: everything but the game's name and the values.
#[derive(Debug, Clone, Copy)]
struct Header {
    len: u64,
    cell: u32,
    state: SolverState,
}

/// A 64-bit checksum over 8-byte words (the tail zero-padded, the length
/// mixed in at the end). Each step (XOR, then a multiplication by an odd
/// constant) is a bijection of the state, so changing any one word always
/// changes the result.
#[derive(Debug, Clone)]
struct Checksum {
    state: u64,
    pending: [u8; 8],
    pending_len: usize,
    total: u64,
}

impl Checksum {
    fn new(seed: u64) -> Self {
        Self {
            state: 0xcbf2_9ce4_8422_2325 ^ seed,
            pending: [0; 8],
            pending_len: 0,
            total: 0,
        }
    }

    fn word(&mut self, word: u64) {
        self.state = (self.state ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.total += bytes.len() as u64;
        if self.pending_len > 0 {
            let take = (8 - self.pending_len).min(bytes.len());
            self.pending[self.pending_len..self.pending_len + take].copy_from_slice(&bytes[..take]);
            self.pending_len += take;
            bytes = &bytes[take..];
            if self.pending_len < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.pending));
            self.pending_len = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.word(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    fn finish(mut self) -> u64 {
        if self.pending_len > 0 {
            self.pending[self.pending_len..].fill(0);
            self.word(u64::from_le_bytes(self.pending));
        }
        let total = self.total;
        self.word(total);
        self.state
    }
}

fn corrupt(path: &Path, reason: impl Into<String>) -> Error {
    Error::CheckpointCorrupt {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// The narrowest cell width (bytes) that holds every value.
fn cell_width(solver: &SparseGrundy) -> u32 {
    match solver.values().max().unwrap_or(0) {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// The header's bytes (without its checksum).
fn header_bytes(game: &TakeAndBreak, header: &Header) -> Vec<u8> {
    let name = game.to_string();
    let mut bytes = Vec::with_capacity(96 + name.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&CHECKPOINT_VERSION.to_le_bytes());
    // The convention: 0 is normal play, the only one Grundy values have.
    bytes.extend_from_slice(&0u32.to_le_bytes());
    bytes.extend_from_slice(&(name.len() as u32).to_le_bytes());
    bytes.extend_from_slice(name.as_bytes());
    bytes.extend_from_slice(&header.len.to_le_bytes());
    bytes.extend_from_slice(&header.cell.to_le_bytes());
    let state = header.state;
    for word in [state.mask, state.domain, state.offset] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    for word in [
        state.next_reselect,
        state.rare_at_reselect,
        state.width_at_reselect,
        state.work,
    ] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// The bytes after the game's name: length, cell width, state.
const FIXED_TAIL_BYTES: usize = 8 + 4 + 3 * 4 + 4 * 8;

/// Writes `solver`'s checkpoint to `path`, signed with `key`: the header and
/// its checksum, the values and their checksum, then SipHash-2-4 under the
/// key of every byte before it.
fn write_checkpoint_file(path: &Path, solver: &SparseGrundy, key: &CheckpointKey) -> Result<()> {
    let header = Header {
        len: solver.len() as u64,
        cell: cell_width(solver),
        state: solver.state(),
    };
    let head = header_bytes(solver.game(), &header);
    let head_sum = {
        let mut sum = Checksum::new(0);
        sum.update(&head);
        sum.finish()
    };
    check_regular_file(path)?;
    let directory = directory_of(path);
    // A name of this writer's own: two writers (even without the lock, from
    // two library callers) never write into one partial file.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let aside = beside(
        path,
        &format!(
            "{}-{}.partial",
            std::process::id(),
            WRITES.fetch_add(1, Ordering::Relaxed)
        ),
    );
    let result = (|| -> io::Result<()> {
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&aside)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut signature = SipHash24::new(key.secret());
        let mut emit = |bytes: &[u8]| {
            signature.update(bytes);
            out.write_all(bytes)
        };
        emit(&head)?;
        emit(&head_sum.to_le_bytes())?;
        let mut sum = Checksum::new(head_sum);
        let mut buffer = Vec::with_capacity(1 << 16);
        let width = header.cell as usize;
        for value in solver.values() {
            buffer.extend_from_slice(&value.to_le_bytes()[..width]);
            if buffer.len() >= 1 << 16 {
                sum.update(&buffer);
                emit(&buffer)?;
                buffer.clear();
            }
        }
        sum.update(&buffer);
        emit(&buffer)?;
        emit(&sum.finish().to_le_bytes())?;
        out.write_all(&signature.finish().to_le_bytes())?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&aside, path)?;
        sync_directory(directory)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&aside);
    }
    result.map_err(|e| io_error(path, e))
}

/// Reads `buffer.len()` bytes, a short file being a damaged checkpoint.
fn read_exact(path: &Path, input: &mut impl Read, buffer: &mut [u8], what: &str) -> Result<()> {
    input.read_exact(buffer).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => corrupt(path, format!("cut off in its {what}")),
        _ => io_error(path, e),
    })
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The values of a checkpoint, decoded from their cells as they are read,
/// summed on the way; a read error ends them (with zeros) and is kept.
struct CellReader<'a, R> {
    input: &'a mut R,
    width: usize,
    left: u64,
    buffer: Vec<u8>,
    at: usize,
    sum: Checksum,
    /// The signature of every byte read, from the file's first.
    signature: SipHash24,
    failed: Option<io::Error>,
}

impl<R: Read> CellReader<'_, R> {
    fn refill(&mut self) {
        let cells = (self.left as usize).min((1 << 16) / self.width).max(1);
        self.buffer.resize(cells * self.width, 0);
        if let Err(error) = self.input.read_exact(&mut self.buffer) {
            self.failed = Some(error);
            self.buffer.fill(0);
        } else {
            self.sum.update(&self.buffer);
            self.signature.update(&self.buffer);
        }
        self.at = 0;
    }
}

impl<R: Read> Iterator for CellReader<'_, R> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.left == 0 {
            return None;
        }
        if self.at == self.buffer.len() {
            self.refill();
        }
        let mut cell = [0u8; 4];
        cell[..self.width].copy_from_slice(&self.buffer[self.at..self.at + self.width]);
        self.at += self.width;
        self.left -= 1;
        Some(u32::from_le_bytes(cell))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl<R: Read> ExactSizeIterator for CellReader<'_, R> {}

/// The refusal of a checkpoint path that names no regular file (a FIFO, a
/// directory, a device): nothing is damaged, the path is wrong.
fn not_a_file(path: &Path) -> Error {
    io_error(
        path,
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a checkpoint is a plain file: name another path)",
        ),
    )
}

/// Refuses anything but a regular file (or nothing) at `path`, before it is
/// opened: opening a FIFO would wait for a writer forever.
fn check_regular_file(path: &Path) -> Result<()> {
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(not_a_file(path)),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error(path, e)),
    }
}

/// What a checkpoint's signature says under the key it is checked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Signature {
    /// Written by a holder of the key, unchanged since.
    Verified,
    /// Another key, or changed since it was signed.
    Mismatch,
    /// Format version 1: no signature.
    Absent,
}

/// The refusal of a checkpoint whose signature does not verify: why, and
/// how to go on.
fn unsigned_error(path: &Path, why: &str) -> Error {
    Error::CheckpointUnsigned {
        reason: format!(
            "{}: checkpoint not resumed: {why}; --verify (ResumeCheck::Every) re-derives \
             every value and, if all agree, signs it with this key",
            shown_path(path)
        ),
    }
}

/// Why a file without a signature is refused.
const NO_SIGNATURE: &str = "format version 1 carries no signature";

/// Reads and checks the checkpoint at `path` (see [`SequenceRun::resume`]);
/// an unsigned one (format version 1) is refused before its values are
/// read unless `check` re-derives them all.
fn read_checkpoint_file(
    path: &Path,
    game: TakeAndBreak,
    budget: Budget,
    key: &CheckpointKey,
    check: ResumeCheck,
) -> Result<(SparseGrundy, Signature)> {
    if !path.exists() {
        return Err(io_error(path, io::ErrorKind::NotFound.into()));
    }
    check_regular_file(path)?;
    let file = fs::File::open(path).map_err(|e| io_error(path, e))?;
    let meta = file.metadata().map_err(|e| io_error(path, e))?;
    if !meta.is_file() {
        // Replaced between the look and the opening.
        return Err(not_a_file(path));
    }
    let size = meta.len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut start = [0u8; 20];
    read_exact(path, &mut input, &mut start, "header")?;
    if &start[..8] != MAGIC {
        return Err(corrupt(
            path,
            "not a Grundy-sequence checkpoint (its first bytes differ)",
        ));
    }
    let version = u32_at(&start, 8);
    if version != CHECKPOINT_VERSION && version != UNSIGNED_VERSION {
        return Err(corrupt(
            path,
            format!(
                "format version {version}, this library reads versions {UNSIGNED_VERSION} and \
                 {CHECKPOINT_VERSION}"
            ),
        ));
    }
    let signed = version == CHECKPOINT_VERSION;
    if !signed && check != ResumeCheck::Every {
        return Err(unsigned_error(path, NO_SIGNATURE));
    }
    let name_len = u32_at(&start, 16) as usize;
    if name_len > MAX_NAME_BYTES {
        return Err(corrupt(path, format!("a game name of {name_len} bytes")));
    }
    let mut rest = vec![0u8; name_len + FIXED_TAIL_BYTES + 8];
    read_exact(path, &mut input, &mut rest, "header")?;
    let (head_rest, stored_sum) = rest.split_at(name_len + FIXED_TAIL_BYTES);
    let mut sum = Checksum::new(0);
    sum.update(&start);
    sum.update(head_rest);
    let head_sum = sum.finish();
    if head_sum != u64_at(stored_sum, 0) {
        return Err(corrupt(path, "header checksum mismatch"));
    }
    let convention = u32_at(&start, 12);
    let name = String::from_utf8_lossy(&head_rest[..name_len]).into_owned();
    let mismatch = |reason: String| Error::CheckpointMismatch {
        path: path.to_path_buf(),
        reason,
    };
    if name != game.to_string() {
        return Err(mismatch(format!(
            "it holds values of {}, not of {}",
            shown(&name),
            shown(&game.to_string())
        )));
    }
    if convention != 0 {
        return Err(mismatch(format!(
            "it holds values of play convention {convention}, not normal play"
        )));
    }
    let tail = &head_rest[name_len..];
    let header = Header {
        len: u64_at(tail, 0),
        cell: u32_at(tail, 8),
        state: SolverState {
            mask: u32_at(tail, 12),
            domain: u32_at(tail, 16),
            offset: u32_at(tail, 20),
            next_reselect: u64_at(tail, 24),
            rare_at_reselect: u64_at(tail, 32),
            width_at_reselect: u64_at(tail, 40),
            work: u64_at(tail, 48),
        },
    };
    if ![1, 2, 4].contains(&header.cell) {
        return Err(corrupt(path, format!("cells of {} bytes", header.cell)));
    }
    let signature_bytes = if signed { SIGNATURE_BYTES } else { 0 };
    let expected = 20
        + rest.len() as u128
        + u128::from(header.len) * u128::from(header.cell)
        + 8
        + u128::from(signature_bytes);
    if u128::from(size) != expected {
        return Err(corrupt(
            path,
            format!("{size} bytes where its header calls for {expected} (cut off or extended)"),
        ));
    }
    // Before any value is read: the values in the cells the file stores them in (the
    // solver's reservation then charges its own tables). Charging four-byte values
    // twice over, as this did, refused a 2-byte checkpoint of 1.6·10^9 heaps at 12.7 GB
    // whose run fits in 9 GB.
    budget.check_bytes(
        u128::from(header.len) * u128::from(header.cell),
        "Grundy sequence from a checkpoint",
    )?;
    let mut cells = CellReader {
        input: &mut input,
        width: header.cell as usize,
        left: header.len,
        buffer: Vec::new(),
        at: 0,
        sum: Checksum::new(head_sum),
        signature: {
            let mut signature = SipHash24::new(key.secret());
            signature.update(&start);
            signature.update(&rest);
            signature
        },
        failed: None,
    };
    let solver = SparseGrundy::resume(game, &mut cells, header.state, budget);
    if let Some(error) = cells.failed.take() {
        return Err(match error.kind() {
            io::ErrorKind::UnexpectedEof => corrupt(path, "cut off in its values"),
            _ => io_error(path, error),
        });
    }
    let values_sum = cells.sum.finish();
    let mut signature = cells.signature;
    let mut stored = [0u8; 8];
    read_exact(path, &mut input, &mut stored, "checksum")?;
    if values_sum != u64::from_le_bytes(stored) {
        return Err(corrupt(path, "values checksum mismatch"));
    }
    let verdict = if signed {
        signature.update(&stored);
        let mut tag = [0u8; SIGNATURE_BYTES as usize];
        read_exact(path, &mut input, &mut tag, "signature")?;
        if signature.finish() == u64::from_le_bytes(tag) {
            Signature::Verified
        } else {
            Signature::Mismatch
        }
    } else {
        Signature::Absent
    };
    let solver = solver.map_err(|error| match error {
        Error::InvalidParameter { reason, .. } => corrupt(path, reason),
        other => other,
    })?;
    check_state(&solver, header.state).map_err(|reason| corrupt(path, reason))?;
    Ok((solver, verdict))
}

/// The most heaps one step of a run computes between two looks at its
/// split ([`SparseGrundy`]'s largest block).
const MAX_BLOCK_HEAPS: u64 = 256;

/// Checks the stored split and its bookkeeping against what every run
/// keeps true (see `SparseGrundy::extend_to`): a forged `mask 0` or
/// `domain 1` would give rare counts no run produces.
fn check_state(solver: &SparseGrundy, state: SolverState) -> std::result::Result<(), String> {
    let len = solver.len() as u64;
    let values_width = solver
        .values()
        .max()
        .map_or(1, |largest| (u64::from(largest) + 1).next_power_of_two());
    // The first split (all bits, plain) until a choice replaces it by a mask
    // of at most 16 bits below the values' width at that choice.
    let initial = state.mask == u32::MAX && state.domain == 0;
    let chosen = state.mask != 0
        && state.mask < 1 << 16
        && u64::from(state.mask) < state.width_at_reselect.max(2);
    if !initial && !chosen {
        return Err(format!(
            "mask {:#x} with domain {} and a width of {} at the last choice: no run chooses it",
            state.mask, state.domain, state.width_at_reselect
        ));
    }
    if state.width_at_reselect > values_width {
        return Err(format!(
            "a width of {} at the last choice, above every value (below {values_width})",
            state.width_at_reselect
        ));
    }
    if len > 0 && (state.next_reselect < len || state.next_reselect > (2 * len).max(64)) {
        return Err(format!(
            "next choice of the split at heap {} with {len} values (within {len}..={})",
            state.next_reselect,
            (2 * len).max(64)
        ));
    }
    // A choice is made whenever the rare positions grow by a quarter and 64
    // (looked at between blocks of at most MAX_BLOCK_HEAPS heaps).
    let rare = solver.rare_count() as u64;
    let most = state.rare_at_reselect + state.rare_at_reselect / 4 + 64 + MAX_BLOCK_HEAPS;
    if rare < state.rare_at_reselect || rare > most {
        return Err(format!(
            "{rare} rare positions under its split, {} at the last choice (a run keeps {}..={most})",
            state.rare_at_reselect, state.rare_at_reselect
        ));
    }
    Ok(())
}

/// `G(heap)` by the definition from the smaller values the solver holds.
fn value_by_definition(solver: &SparseGrundy, heap: u64, seen: &mut MexSet) -> u32 {
    let value = |n: u64| solver.value(n).expect("a smaller heap is known");
    seen.clear();
    solver
        .game()
        .for_each_move_class(heap, |class| match class {
            MoveClass::TakeAll => seen.insert(0),
            MoveClass::LeaveOne(left) => seen.insert(value(left) as usize),
            MoveClass::Split { total, .. } => {
                for a in 1..=class.largest_smaller_part() {
                    seen.insert((value(a) ^ value(total - a)) as usize);
                }
            }
        });
    seen.mex() as u32
}

/// The values every resume re-derives from the start, by the plain definition.
const FIRST_CHECKED: u64 = 4096;

/// Recomputes the first 4,096 values and the last one of a resumed solver
/// by the definition: values of another game (or a file that checksums
/// alone cannot catch) are refused, not extended.
fn check_by_definition(path: &Path, solver: &SparseGrundy) -> Result<()> {
    let len = solver.len() as u64;
    let mut seen = MexSet::new();
    let last = len.checked_sub(1).filter(|&last| last >= FIRST_CHECKED);
    for heap in (0..len.min(FIRST_CHECKED)).chain(last) {
        let expected = value_by_definition(solver, heap, &mut seen);
        let stored = solver.value(heap).expect("within the values");
        if stored != expected {
            return Err(corrupt(
                path,
                format!(
                    "it gives G({heap}) = {stored}, the definition gives {expected} for {}",
                    solver.game()
                ),
            ));
        }
    }
    Ok(())
}

/// [`ResumeCheck::Every`]: every value computed again by the fast solver
/// (each from the values below it, which by then agree with the stored
/// ones) and compared: the run's own work (and a second copy of the
/// values, charged to the budget).
fn check_every(path: &Path, solver: &SparseGrundy, budget: Budget) -> Result<()> {
    let Some(last) = (solver.len() as u64).checked_sub(1) else {
        return Ok(());
    };
    let mut again = SparseGrundy::new(solver.game().clone());
    again.extend_to(last, budget).map_err(|error| match error {
        Error::WorkLimitExceeded { steps, .. } => Error::WorkLimitExceeded {
            what: format!("re-deriving the values of checkpoint {}", shown_path(path)),
            steps,
        },
        other => other,
    })?;
    let first_difference = again
        .values()
        .zip(solver.values())
        .position(|(derived, stored)| derived != stored);
    match first_difference {
        None => Ok(()),
        Some(heap) => Err(corrupt(
            path,
            format!(
                "it gives G({heap}) = {}, its values below give {} for {}",
                solver.value(heap as u64).unwrap_or(0),
                again.value(heap as u64).unwrap_or(0),
                shown(&solver.game().to_string())
            ),
        )),
    }
}
