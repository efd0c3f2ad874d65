//! The per-user secret that signs checkpoints ([`CheckpointKey`]).

use super::files::{beside, directory_of, io_error, sync_directory};
use crate::{Error, Result};
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable naming the key file when no path is given
/// (see [`CheckpointKey::default_path`]).
pub const CHECKPOINT_KEY_ENV: &str = "STONEGAME_CHECKPOINT_KEY";

/// A 128-bit secret that signs checkpoints (SipHash-2-4 over the whole
/// file): a checkpoint whose signature verifies was written by someone who
/// holds the key, so its values are trusted without being computed again.
/// Someone who can change the checkpoint but cannot read the key file
/// cannot forge a signature, whatever checksums they recompute; someone who
/// can read the key (or run the program as you) can.
///
/// Kept in a file of exactly [`Self::BYTES`] bytes, created on first use
/// ([`Self::load_or_create`]) from the system's randomness with mode 0600.
/// `Debug` shows no secret.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::CheckpointKey;
/// let key = CheckpointKey::from_bytes([7; 16]);
/// assert_eq!(format!("{key:?}"), "CheckpointKey { secret: <hidden> }");
/// ```
#[derive(Clone)]
pub struct CheckpointKey {
    secret: [u8; 16],
}

impl fmt::Debug for CheckpointKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A key printed in a log or a panic message would sign forgeries.
        f.write_str("CheckpointKey { secret: <hidden> }")
    }
}

/// The refusal of a key file, with what to do about it.
fn invalid(path: &Path, what: impl fmt::Display) -> Error {
    let reason = format!(
        "unusable checkpoint key: {what}; a key file holds exactly {} bytes (move it away to \
         make a new key: checkpoints it signed then need --verify)",
        CheckpointKey::BYTES
    );
    io_error(path, io::Error::new(io::ErrorKind::InvalidData, reason))
}

impl CheckpointKey {
    /// The size of a key and of its file.
    pub const BYTES: usize = 16;

    /// A key with the given secret (tests, or a key kept elsewhere).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointKey;
    /// let key = CheckpointKey::from_bytes(*b"sixteen bytes!!!");
    /// # let _ = key;
    /// ```
    pub fn from_bytes(secret: [u8; 16]) -> Self {
        Self { secret }
    }

    pub(crate) fn secret(&self) -> &[u8; 16] {
        &self.secret
    }

    /// Where the key lives when no path is given: the file named by the
    /// environment variable `STONEGAME_CHECKPOINT_KEY`, else
    /// `$XDG_STATE_HOME/stonegame/checkpoint.key` (an absolute
    /// `XDG_STATE_HOME` only, as the XDG specification says), else
    /// `$HOME/.local/state/stonegame/checkpoint.key`. Nothing is read or
    /// created.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when none of the three is set.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointKey;
    /// if let Ok(path) = CheckpointKey::default_path() {
    ///     assert!(path.to_string_lossy().len() > 0);
    /// }
    /// ```
    pub fn default_path() -> Result<PathBuf> {
        let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        if let Some(file) = set(CHECKPOINT_KEY_ENV) {
            return Ok(PathBuf::from(file));
        }
        let state = set("XDG_STATE_HOME")
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
            .or_else(|| set("HOME").map(|home| Path::new(&home).join(".local/state")));
        match state {
            Some(state) => Ok(state.join("stonegame").join("checkpoint.key")),
            None => Err(Error::InvalidParameter {
                name: "checkpoint key",
                reason: format!(
                    "no place for it: none of {CHECKPOINT_KEY_ENV}, XDG_STATE_HOME, HOME is set \
                     (name a key file with --checkpoint-key FILE or {CHECKPOINT_KEY_ENV})"
                ),
            }),
        }
    }

    /// Reads the key at `path`.
    ///
    /// # Errors
    /// [`Error::Io`] when it cannot be read (one that does not exist too);
    /// [`Error::Io`] of kind `InvalidData` when it is not a regular file or not
    /// exactly [`Self::BYTES`] bytes.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointKey;
    /// let path = std::env::temp_dir().join(format!("doc-key-load-{}", std::process::id()));
    /// std::fs::write(&path, [1u8; 15]).unwrap();
    /// let error = CheckpointKey::load(&path).unwrap_err();
    /// assert!(error.to_string().contains("unusable checkpoint key: 15 bytes"));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        // Looked at before opening: opening a FIFO would wait for a writer.
        let meta = fs::metadata(path).map_err(|e| io_error(path, e))?;
        if !meta.is_file() {
            return Err(invalid(path, "not a regular file"));
        }
        let file = fs::File::open(path).map_err(|e| io_error(path, e))?;
        let mut bytes = Vec::with_capacity(Self::BYTES + 1);
        // One byte more than a key: a longer file is refused without being read whole.
        file.take(Self::BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| io_error(path, e))?;
        match <[u8; 16]>::try_from(bytes.as_slice()) {
            Ok(secret) => Ok(Self { secret }),
            Err(_) if bytes.len() > Self::BYTES => Err(invalid(path, "longer than a key")),
            Err(_) => Err(invalid(path, format_args!("{} bytes", bytes.len()))),
        }
    }

    /// Reads the key at `path`, or creates it there when no file exists:
    /// 16 bytes from the system's randomness written to a file of their own
    /// beside it (mode 0600, its directories 0700 when created), synced,
    /// then hard-linked to `path`. A link never replaces a file, so of
    /// processes creating the key at once one wins and every one ends with
    /// its key; an existing key is never overwritten.
    ///
    /// # Errors
    /// As [`Self::load`]; [`Error::Io`] when the key cannot be created (a
    /// read-only directory, a file system without hard links, no
    /// `/dev/urandom`).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::CheckpointKey;
    /// let path = std::env::temp_dir().join(format!("doc-key-{}/checkpoint.key", std::process::id()));
    /// let created = CheckpointKey::load_or_create(&path)?;
    /// let again = CheckpointKey::load_or_create(&path)?; // read, not replaced
    /// assert_eq!(std::fs::read(&path).unwrap().len(), CheckpointKey::BYTES);
    /// # let _ = (created, again);
    /// std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn load_or_create(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        match Self::load(path) {
            Err(Error::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {
                Self::create(path)
            }
            other => other,
        }
    }

    fn create(path: &Path) -> Result<Self> {
        let directory = directory_of(path);
        make_private_directories(directory).map_err(|e| io_error(directory, e))?;
        let secret = random_secret().map_err(|e| io_error(path, e))?;
        static CREATIONS: AtomicU64 = AtomicU64::new(0);
        let aside = beside(
            path,
            &format!(
                "{}-{}.partial",
                std::process::id(),
                CREATIONS.fetch_add(1, Ordering::Relaxed)
            ),
        );
        let written = write_private(&aside, &secret);
        let linked = written.and_then(|()| fs::hard_link(&aside, path));
        let _ = fs::remove_file(&aside);
        match linked {
            Ok(()) => {
                sync_directory(directory).map_err(|e| io_error(path, e))?;
                Ok(Self { secret })
            }
            // Another process created it first: its key is the key.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Self::load(path),
            Err(e) => Err(io_error(path, e)),
        }
    }
}

/// A new file holding `bytes`, readable by its owner only, synced.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Creates `directory` and its missing parents, those readable by their owner only.
fn make_private_directories(directory: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(directory)
}

/// 16 bytes from the kernel's random number generator.
#[cfg(unix)]
fn random_secret() -> io::Result<[u8; 16]> {
    let mut secret = [0u8; 16];
    fs::File::open("/dev/urandom")?.read_exact(&mut secret)?;
    Ok(secret)
}

/// Without `/dev/urandom` the standard library offers no secret randomness.
#[cfg(not(unix))]
fn random_secret() -> io::Result<[u8; 16]> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no /dev/urandom to make a checkpoint key: write 16 random bytes to the key file",
    ))
}
