#![cfg(feature = "cli")]
//! Runs `tools/work-calibration --quick` on the command-line binary (issue
//! 35): every family's default work cap must stand for about ten seconds of
//! CPU (3–20 s) and no loop may run uncharged. A measurement, not a test of
//! correctness: it times processes, so it is ignored by default and means
//! something only on a release build of a quiet machine:
//!
//! `cargo test --release --all-features --test cli work_calibration -- --ignored`
//!
//! The generic engines (GrundySolver, its misère sums, ImplicitSolver,
//! TieredSolver) are measured through `examples/engine_work.rs`, which the
//! second test builds first.

use std::process::Command;

#[test]
#[ignore = "a measurement: times the release CLI for about ten minutes"]
fn every_default_cap_stands_for_about_ten_seconds() {
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/work-calibration");
    let output = Command::new("python3")
        .arg(tool)
        .arg("--quick")
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_stonegame"))
        .output()
        .expect("python3 runs tools/work-calibration");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
#[ignore = "a measurement: builds examples/engine_work and times it for a few minutes"]
fn every_generic_engine_default_stands_for_about_ten_seconds() {
    let root = env!("CARGO_MANIFEST_DIR");
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--example", "engine_work"])
        .current_dir(root)
        .status()
        .expect("cargo builds the example");
    assert!(built.success());
    let output = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tools/work-calibration"
        ))
        .args(["--engines", "--quick"])
        .output()
        .expect("python3 runs tools/work-calibration");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
