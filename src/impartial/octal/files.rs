//! File helpers shared by checkpoints ([`super::SequenceRun`]) and their
//! signing key ([`super::CheckpointKey`]): companion paths, I/O errors
//! naming their file, durable renames.

use crate::{Error, IoError};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// `.NAME.WHAT` in the directory of `path` (a hidden companion file).
pub(super) fn beside(path: &Path, what: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    directory_of(path).join(format!(".{name}.{what}"))
}

pub(super) fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

pub(super) fn io_error(path: &Path, error: io::Error) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        error: IoError::from(error),
    }
}

/// Makes a rename in `directory` durable (POSIX: the entry lives in the directory).
#[cfg(unix)]
pub(super) fn sync_directory(directory: &Path) -> io::Result<()> {
    fs::File::open(directory)?.sync_all()
}

/// Elsewhere a directory cannot be opened as a file; the rename stands alone.
#[cfg(not(unix))]
pub(super) fn sync_directory(_directory: &Path) -> io::Result<()> {
    Ok(())
}
