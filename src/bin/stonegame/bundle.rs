//! `stonegame bundle FILE`: the contest bundler, from an installed binary.
//!
//! The bundler (`tools/bundle`, a Python 3 script with no dependencies) ships
//! in the package next to the sources it reads, so the binary runs that copy:
//! the one in the package it was built from (`cargo install stonegame
//! --features cli` keeps it in Cargo's registry), or the crate at `--crate`.

use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::input;

/// Bundle a program that uses stonegame into one std-only source file for a judge.
///
/// Prints the program unchanged followed by `mod stonegame { … }` holding only the
/// parts of the crate it reaches (docs/contest.md). It compiles with
/// `rustc --edition 2021 -O` from rustc 1.70 on. Example:
/// `stonegame bundle src/main.rs > submission.rs`.
///
/// Runs `tools/bundle` of the package this binary was built from with `python3`
/// (or `python`); `--crate DIR` bundles from another checkout of stonegame.
#[derive(Args)]
pub struct BundleArgs {
    /// The program to bundle (one file that names the library `stonegame::…`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The stonegame package or checkout to bundle from (it holds `src/` and `tools/bundle`).
    #[arg(long = "crate", value_name = "DIR")]
    pub crate_dir: Option<PathBuf>,
    /// Also list the kept items of each module on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Skip the pruning pass, which compiles the bundle (metadata only) with the
    /// `rustc` on the PATH and deletes what its dead-code lints report.
    #[arg(long)]
    pub no_prune: bool,
}

/// Runs the bundler and prints the bundle.
pub fn bundle(args: &BundleArgs) -> ExitCode {
    input::run_streamed(|out| {
        let text = run_bundler(args)?;
        out.write_all(&text).map_err(|e| e.to_string())
    })
}

fn run_bundler(args: &BundleArgs) -> Result<Vec<u8>, String> {
    let crate_dir = args
        .crate_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let script = crate_dir.join("tools").join("bundle");
    if !script.is_file() || !crate_dir.join("src").join("lib.rs").is_file() {
        return Err(format!(
            "no stonegame sources with tools/bundle at {} (pass --crate DIR: a checkout \
             or the unpacked package, which ships the bundler)",
            crate_dir.display()
        ));
    }
    if !args.file.is_file() {
        return Err(format!("cannot read the program {}", args.file.display()));
    }
    let mut command_line = vec![script.as_os_str().to_owned()];
    command_line.push("--crate".into());
    command_line.push(crate_dir.as_os_str().to_owned());
    if args.stats {
        command_line.push("--stats".into());
    }
    if args.no_prune {
        command_line.push("--no-prune".into());
    }
    command_line.push(args.file.as_os_str().to_owned());
    let output = python(&command_line)?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(format!("the bundler failed: {}", message.trim()));
    }
    // --stats: the bundler's report goes to standard error, as it wrote it.
    std::io::stderr()
        .write_all(&output.stderr)
        .map_err(|e| e.to_string())?;
    Ok(output.stdout)
}

/// Runs the script with the first Python 3 interpreter found.
fn python(arguments: &[std::ffi::OsString]) -> Result<std::process::Output, String> {
    for interpreter in ["python3", "python"] {
        match Command::new(interpreter).args(arguments).output() {
            Ok(output) => return Ok(output),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("cannot run {interpreter}: {e}")),
        }
    }
    Err(format!(
        "the bundler is a Python 3 script and no python3 was found; run it by hand: {}",
        Path::new(&arguments[0]).display()
    ))
}
