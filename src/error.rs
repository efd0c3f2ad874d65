//! The crate's one error type.

use thiserror::Error;

/// Everything that can go wrong when defining or solving a game.
///
/// Every message says what was wrong and which limit applies. The enum is
/// `#[non_exhaustive]`: new games bring new variants without a breaking change.
///
/// # Example
/// ```
/// use stonegame::{Error, Budget};
///
/// let budget = Budget::from_bytes(1024);
/// let err = budget.check_elements::<u64>(1_000, "interval table").unwrap_err();
/// assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));
/// assert!(err.to_string().contains("1024 bytes"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// A table or search would need more memory than the configured budget allows.
    ///
    /// The message names the remedy only where it helps: raising the budget
    /// when the need is above it; nothing to raise when no budget is set.
    ///
    /// # Example
    /// ```
    /// use stonegame::Error;
    /// let over = Error::MemoryBudgetExceeded { what: "table", needed_bytes: 2048, budget_bytes: 1024 };
    /// assert!(over.to_string().contains("raise it with Budget::from_bytes"));
    /// let unlimited = Error::MemoryBudgetExceeded {
    ///     what: "table",
    ///     needed_bytes: u128::MAX,
    ///     budget_bytes: u128::MAX,
    /// };
    /// assert!(unlimited.to_string().contains("no memory budget is set"));
    /// assert!(!unlimited.to_string().contains("raise"));
    /// ```
    #[error("{what} needs {needed_bytes} bytes, {}", budget_phrase(*.needed_bytes, *.budget_bytes))]
    MemoryBudgetExceeded {
        /// What was being allocated.
        what: &'static str,
        /// Bytes the work would need (saturated at `u128::MAX`).
        needed_bytes: u128,
        /// The budget in force.
        budget_bytes: u128,
    },

    /// The system refused an allocation that fitted the memory budget (a
    /// process limit such as `ulimit -v` is below the budget).
    ///
    /// # Example
    /// ```
    /// let err = stonegame::Error::AllocationRefused { what: "interval table", bytes: 1 << 40 };
    /// assert!(err.to_string().contains("lower the budget"));
    /// ```
    #[error(
        "the system refused {bytes} bytes for {what} (a process memory limit is below the \
         budget: lower the budget with Budget::from_bytes)"
    )]
    AllocationRefused {
        /// What was being allocated.
        what: &'static str,
        /// Bytes asked for (saturated at `u128::MAX`).
        bytes: u128,
    },

    /// The solve was cancelled through its budget's [`Control`](crate::control::Control)
    /// ([`Control::cancel`](crate::control::Control::cancel), from any thread).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{grundy_sequence, TakeAndBreak};
    /// use stonegame::{control::Control, Budget, Error};
    /// let control = Control::new();
    /// control.cancel();
    /// let budget = Budget::default().with_control(&control);
    /// let err = grundy_sequence(&TakeAndBreak::octal("0.07")?, 1000, budget).unwrap_err();
    /// assert!(matches!(err, Error::Cancelled { .. }));
    /// assert!(err.to_string().contains("cancelled"));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    #[error("{what} cancelled after {steps} steps")]
    Cancelled {
        /// Which computation stopped (e.g. "Grundy sweep").
        what: String,
        /// Steps done under the control when the cancel was seen.
        steps: u64,
    },

    /// A search reached its work cap before it could answer: it did `steps`
    /// steps of work and stopped.
    ///
    /// A computation whose work is known before it starts, and is over the
    /// cap, is refused without doing any: [`Error::WorkLimitWouldExceed`].
    ///
    /// # Example
    /// ```
    /// let err = stonegame::Error::WorkLimitExceeded { what: "period search".into(), steps: 1000 };
    /// assert_eq!(
    ///     err.to_string(),
    ///     "period search stopped after 1000 steps, the work limit (raise it with Budget::with_work)"
    /// );
    /// ```
    #[error("{what} stopped after {steps} steps, the work limit (raise it with Budget::with_work)")]
    WorkLimitExceeded {
        /// Which search stopped (e.g. "period search of 0.007").
        what: String,
        /// The cap that was reached.
        steps: u64,
    },

    /// A computation whose work is known before it starts would need more
    /// steps than the work cap, so it was refused before doing any (a
    /// search that reaches the cap while it runs is
    /// [`Error::WorkLimitExceeded`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{DpVariant, StoneSplit};
    /// use stonegame::{Budget, Error};
    ///
    /// let game = StoneSplit::new(vec![1i64; 2000])?.with_budget(Budget::default().with_work(1000));
    /// let err = game.value_by(DpVariant::Memoised).unwrap_err();
    /// assert!(matches!(err, Error::WorkLimitWouldExceed { limit: 1000, .. }));
    /// assert!(err.to_string().contains("would need 1333333333 steps, over the work limit of 1000"));
    /// assert!(err.to_string().contains("raise it with Budget::with_work"));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    #[error(
        "{what} would need {needed} steps, over the work limit of {limit} (raise it with \
         Budget::with_work)"
    )]
    WorkLimitWouldExceed {
        /// What was refused (e.g. "Stone Game V memo (n³/6 cuts)").
        what: String,
        /// The steps it would need (saturated at `u128::MAX`).
        needed: u128,
        /// The work cap in force.
        limit: u64,
    },

    /// The worst-case total of a game does not fit the chosen score type.
    #[error("scores may overflow {type_name}: {detail}; use a wider score type (i64 or i128)")]
    ScoreOverflow {
        /// The score type that is too narrow.
        type_name: &'static str,
        /// Which bound was exceeded.
        detail: String,
    },

    /// An input size is above a documented limit of an algorithm.
    #[error("{what} is {value}, above the limit of {limit}")]
    SizeLimitExceeded {
        /// What was measured (e.g. "number of stones for the exact solver").
        what: &'static str,
        /// The size given.
        value: u128,
        /// The documented limit.
        limit: u128,
    },

    /// Two inputs that must have the same length do not.
    #[error("{what}: lengths differ ({left} vs {right})")]
    LengthMismatch {
        /// Which inputs.
        what: &'static str,
        /// Length of the first.
        left: usize,
        /// Length of the second.
        right: usize,
    },

    /// A parameter is outside its valid range.
    #[error("invalid {name}: {reason}")]
    InvalidParameter {
        /// The parameter's name.
        name: &'static str,
        /// Why it is invalid.
        reason: String,
    },

    /// A call that has no answer under the play convention in force. Every
    /// built-in game answers both conventions' outcome calls; the refusal is
    /// of a notion defined under one convention only: Grundy values
    /// ([`NimberAt::nimber`](crate::game::NimberAt::nimber)) add up over sums
    /// under normal play only.
    #[error("{game}: answered under {supported} play only, not under {convention} play")]
    UnsupportedConvention {
        /// The call or notion asked for, and why it has no answer.
        game: &'static str,
        /// The convention in force.
        convention: crate::Convention,
        /// The convention under which the call answers.
        supported: crate::Convention,
    },

    // --- counting ---
    /// A count does not fit the chosen fixed-width number type.
    #[error(
        "the count does not fit {type_name} (exceeded at step {step}); use a wider type, \
         a big integer (num_bigint::BigUint) or count modulo a number"
    )]
    CountOverflow {
        /// The number type that is too narrow.
        type_name: &'static str,
        /// The step (round) being counted when a value first exceeded the type.
        step: u64,
    },

    // --- impartial ---
    /// A heap is beyond the Grundy table the memory budget allows, and no period
    /// of the sequence was found within that table to answer it.
    #[error(
        "heap {heap} needs a Grundy table beyond the {searched} values the memory budget allows, \
         and no period was found within them (raise it with Budget::from_bytes)"
    )]
    NoPeriodWithinBudget {
        /// The heap that was asked for.
        heap: u64,
        /// How many values were computed (and searched for a period) before giving up.
        searched: u64,
    },

    /// A generic solver met a position again while still computing it: the game
    /// is not finite (it has a cycle), so Grundy values and outcomes do not exist.
    #[error("the game is not finite: {position} is reachable from itself ({detail})")]
    CyclicGame {
        /// The position met again, as the solver can name it: a dense game's
        /// position by its number (`"position number 17"`), or `"a position"`
        /// when the position type has no printable form the solver may use.
        position: String,
        /// Which solver found the cycle.
        detail: String,
    },

    /// A predecessor closure disagrees with the successors: some position's
    /// predecessors are not exactly the positions with a move to it (with
    /// multiplicity).
    #[error(
        "the predecessors given disagree with the successors at {position}: they must list \
         every position with a move to it, once per such move, and nothing else"
    )]
    PredecessorMismatch {
        /// The position where they differ (for closures over any position
        /// type: its number in the order of discovery, the first start being 0).
        position: String,
    },

    // --- files (tiered retrograde databases) ---
    /// The file system refused a read or a write.
    ///
    /// The message holds the system's error, so [`source`](std::error::Error::source)
    /// returns what lies below it (usually nothing), never the same error
    /// again: a chain printed link by link shows each cause once. The
    /// system's error itself is the `error` field.
    // The path is cut to its first 60 characters in the message (the field
    // keeps it whole), so a refusal stays short whatever the path.
    #[error("{}: {error}", shown_path(path))]
    Io {
        /// The file or directory.
        path: std::path::PathBuf,
        /// The system's error.
        error: IoError,
    },

    /// A tier file is not a valid tier file for the tier asked for (bad
    /// magic, another tier, bad value bytes, trailing bytes, counts that
    /// disagree with the records), or a manifest that does not decode.
    #[error("{}: corrupt tier file: {reason}", shown_path(path))]
    TierCorrupt {
        /// The file.
        path: std::path::PathBuf,
        /// What did not agree.
        reason: String,
    },

    /// A tier file shorter than its header says (cut off while being
    /// written or copied).
    #[error(
        "{}: truncated tier file: {found_bytes} bytes, expected {expected_bytes}",
        shown_path(path)
    )]
    TierTruncated {
        /// The file.
        path: std::path::PathBuf,
        /// The size its header calls for (at least a header).
        expected_bytes: u64,
        /// Its size on disk.
        found_bytes: u64,
    },

    /// A tier file or manifest in a format version this library does not read.
    #[error(
        "{}: tier file format version {found}, this library reads version {expected}",
        shown_path(path)
    )]
    TierVersionMismatch {
        /// The file.
        path: std::path::PathBuf,
        /// The version the file states.
        found: u32,
        /// The version this library writes and reads.
        expected: u32,
    },

    /// A checksum stored in a tier file does not match the bytes it covers.
    #[error(
        "{}: corrupt tier file: checksum mismatch in {part} ({stored:#018x} stored, \
         {computed:#018x} computed)",
        shown_path(path)
    )]
    TierChecksumMismatch {
        /// The file.
        path: std::path::PathBuf,
        /// The part of the file: `header` or `block k (positions a..b)`.
        part: String,
        /// The checksum the file holds.
        stored: u64,
        /// The checksum of the bytes it covers.
        computed: u64,
    },

    /// A tier that belongs to another game, convention or database than the
    /// one asked about (its fingerprint differs), or that the database does
    /// not hold.
    #[error(
        "{}: tier {tier} does not belong to this database: {reason}",
        shown_path(path)
    )]
    TierMismatch {
        /// The tier's file.
        path: std::path::PathBuf,
        /// The tier.
        tier: u32,
        /// What differs.
        reason: String,
    },

    /// The solve that wrote the database did not finish: its tiers are not
    /// served until a solve of the same game completes it.
    #[error(
        "{}: tier {tier} belongs to a solve that did not finish (solve the game again \
         into this directory to complete it)",
        shown_path(path)
    )]
    TierIncomplete {
        /// The database's manifest.
        path: std::path::PathBuf,
        /// The tier asked about.
        tier: u32,
    },

    // --- checkpoints (long Grundy-sequence runs) ---
    /// A checkpoint that cannot be trusted: not a checkpoint, another format
    /// version, cut off, or its checksums or values do not agree.
    #[error(
        "{}: damaged checkpoint, not resumed: {reason} (remove it to start over)",
        shown_path(path)
    )]
    CheckpointCorrupt {
        /// The file.
        path: std::path::PathBuf,
        /// What did not agree.
        reason: String,
    },

    /// A sound checkpoint of another computation (another game or convention).
    #[error(
        "{}: checkpoint of another computation, not resumed: {reason}",
        shown_path(path)
    )]
    CheckpointMismatch {
        /// The file.
        path: std::path::PathBuf,
        /// What differs.
        reason: String,
    },

    /// A checkpoint whose signature does not verify under the key in use:
    /// signed with another key, changed since it was signed, or written in
    /// format version 1, which carries no signature. Re-deriving every value
    /// ([`crate::impartial::octal::ResumeCheck::Every`], `--verify`) accepts it
    /// when they all agree, and the next write signs it with this key.
    // The whole message is built where it is raised: contest bundles carry
    // every variant's message, and cf1194d's is within bytes of its limit.
    #[error("{reason}")]
    CheckpointUnsigned {
        /// The file (cut to 60 characters), why its signature does not hold,
        /// and what to do.
        reason: String,
    },

    /// Another writer holds the checkpoint's (or tier directory's) lock:
    /// two runs writing one file at a time would overwrite each other's work.
    #[error(
        "{}: another run is writing it (its lock {} is held); wait for it or use another file",
        shown_path(path),
        shown_path(lock)
    )]
    CheckpointBusy {
        /// The checkpoint file or tier directory.
        path: std::path::PathBuf,
        /// The lock file beside it.
        lock: std::path::PathBuf,
    },

    // --- distributed ---
    /// Another process of a distributed computation (an MPI rank) stopped
    /// with an error; every rank stops together, and the failing rank
    /// returns its own error, which says why.
    #[error("rank {rank} of the distributed computation failed (its own error says why)")]
    RankFailed {
        /// The failing rank (the highest one, if several failed).
        rank: u32,
    },

    /// A misère sum of a wild take-and-break game has a heap beyond the
    /// verified part of the game's misère quotient, and the exact search
    /// could not settle it within its limits.
    ///
    /// The exact search's own error is the
    /// [`source`](std::error::Error::source): its variant says which limit
    /// stopped it ([`Error::WorkLimitExceeded`], [`Error::MemoryBudgetExceeded`],
    /// ...), as for a sum the quotient covers. The message sums it up; a
    /// chain printed link by link shows it whole.
    #[error(
        "misère {game}: quotient verified to heap {verified} ({order} elements); heap {heap} \
         is beyond it: {reason}"
    )]
    BeyondMisereQuotient {
        /// The game, by name and code (e.g. "Dawson's Kayles (0.07)").
        game: String,
        /// The last heap the quotient is verified for.
        verified: u64,
        /// The order of that quotient.
        order: usize,
        /// The largest heap of the sum.
        heap: u64,
        /// Why the quotient ends there and what the exact search met.
        reason: String,
        /// The exact search's refusal (the error's source).
        source: Box<Error>,
    },
}

/// An I/O error kept in [`Error::Io`]: shared so that
/// [`Error`](enum@Error) stays `Clone`, and compared by kind and message.
///
/// # Example
/// ```
/// use std::error::Error as _;
/// let missing = std::fs::File::open("/no/such/stonegame/file").unwrap_err();
/// let error = stonegame::Error::Io { path: "/no/such/stonegame/file".into(), error: missing.into() };
/// let stonegame::Error::Io { error: io, .. } = &error else { unreachable!() };
/// assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
/// // The message holds the cause; the chain does not repeat it.
/// assert!(error.to_string().starts_with("/no/such/stonegame/file: "));
/// assert!(error.source().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct IoError(std::sync::Arc<std::io::Error>);

impl IoError {
    /// The kind of the underlying error.
    ///
    /// # Example
    /// ```
    /// let error = stonegame::IoError::from(std::io::Error::from(std::io::ErrorKind::NotFound));
    /// assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
    /// ```
    pub fn kind(&self) -> std::io::ErrorKind {
        self.0.kind()
    }

    /// The underlying error.
    ///
    /// # Example
    /// ```
    /// let error = stonegame::IoError::from(std::io::Error::other("disk full"));
    /// assert_eq!(error.get_ref().to_string(), "disk full");
    /// ```
    pub fn get_ref(&self) -> &std::io::Error {
        &self.0
    }
}

impl From<std::io::Error> for IoError {
    fn from(error: std::io::Error) -> Self {
        Self(std::sync::Arc::new(error))
    }
}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for IoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        self.kind() == other.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Text echoed into a message (a path, a game name read from a file), cut
/// to its first 60 characters and `...`: every refusal stays short, however
/// long what it names.
pub(crate) fn shown(text: &str) -> String {
    const SHOWN_CHARS: usize = 60;
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// A path as [`shown`] echoes it.
pub(crate) fn shown_path(path: &std::path::Path) -> String {
    shown(&path.display().to_string())
}

/// The second half of a [`Error::MemoryBudgetExceeded`] message: the budget
/// and the one remedy that helps. An unlimited budget is said as such (its
/// number, `u128::MAX`, means nothing to a reader), and a need that the
/// budget would have allowed cannot be cured by raising it.
fn budget_phrase(needed_bytes: u128, budget_bytes: u128) -> String {
    if budget_bytes == u128::MAX {
        "more than any process can address (no memory budget is set)".to_string()
    } else if needed_bytes <= budget_bytes {
        format!(
            "within the memory budget of {budget_bytes} bytes but refused by the system \
             (a process memory limit is lower: lower the budget with Budget::from_bytes)"
        )
    } else {
        format!(
            "above the memory budget of {budget_bytes} bytes (raise it with Budget::from_bytes)"
        )
    }
}
