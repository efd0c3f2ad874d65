#![cfg(feature = "cli")]
//! `stonegame bundle`: the shipped bundler, run from the binary.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn bundles_an_example_from_the_package_sources() {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dp_l.rs");
    let out = run(&["bundle", program], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let bundle = stdout(&out);
    let source = std::fs::read_to_string(program).unwrap();
    assert!(
        bundle.starts_with(source.trim_end()),
        "the program comes first, unchanged"
    );
    assert!(bundle.contains("\nmod stonegame {\n"));
    assert!(bundle.contains("pub struct Ends"));
    assert!(bundle.len() <= 65_536, "{} bytes", bundle.len());
}

#[test]
fn a_missing_program_or_crate_is_a_clear_error() {
    let out = run(&["bundle", "no/such/program.rs"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("line 1: cannot read the program"),
        "{}",
        stderr(&out)
    );
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dp_l.rs");
    let out = run(&["bundle", "--crate", "/nonexistent", program], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no stonegame sources with tools/bundle"),
        "{}",
        stderr(&out)
    );
}
