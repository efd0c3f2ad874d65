#![cfg(feature = "cli")]
//! `octal '4.(3)'` (Lasker's Nim) at heaps of 10^18, through its certified arithmetic period.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn laskers_nim_answers_ten_to_the_eighteen() {
    let out = run(&["octal", "4.(3)", "1000000000000000000"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "First\n");
    // G(10^18 + 3) = 10^18 + 4 and G(10^18 + 4) = 10^18 + 3 nim-add to 7 = G(8).
    let out = run(
        &["octal", "4.(3)", "--move"],
        "1000000000000000003 1000000000000000004 8\n1000000000000000001 1000000000000000001\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\nSecond\n");
}

#[test]
fn games_only_observed_are_still_refused_at_huge_heaps() {
    let out = run(&["octal", "4.(7)", "1000000000000000000"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("line 1: "), "{}", stderr(&out));
}
