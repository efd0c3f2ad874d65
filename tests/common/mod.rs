//! Helpers shared by the command-line tests (each `tests/cli_*.rs` uses a subset).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The checkpoint key file every test run of the binary signs with (in the
/// build's scratch directory: tests never create or read the user's own key).
pub fn checkpoint_key_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("checkpoint.key")
}

/// The key of [`checkpoint_key_file`], for the library side of a test.
pub fn checkpoint_key() -> stonegame::impartial::octal::CheckpointKey {
    stonegame::impartial::octal::CheckpointKey::load_or_create(checkpoint_key_file())
        .expect("the tests' checkpoint key")
}

/// The `stonegame` binary, its checkpoints signed with [`checkpoint_key_file`].
pub fn stonegame() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stonegame"));
    command.env(
        stonegame::impartial::octal::CHECKPOINT_KEY_ENV,
        checkpoint_key_file(),
    );
    command
}

/// Runs the `stonegame` binary with `args`, feeding `stdin`.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = stonegame()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses its options exits without reading: a broken pipe is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("the binary finishes")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
