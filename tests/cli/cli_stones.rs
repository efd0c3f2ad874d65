//! `stone-split`, `stone-merge` and `stone-mod3` through the `stonegame` binary.
#![cfg(feature = "cli")]

use crate::common;

use common::{run, stderr, stdout};

fn answers(args: &[&str], stdin: &str) -> String {
    let output = run(args, stdin);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// Runs a command that must fail on `line`; returns standard error.
fn refused(args: &[&str], stdin: &str, line: usize) -> String {
    let output = run(args, stdin);
    assert_eq!(output.status.code(), Some(2), "{args:?} must exit with 2");
    let message = stderr(&output);
    assert!(
        message.starts_with(&format!("line {line}: ")),
        "{args:?}: {message}"
    );
    message
}

#[test]
fn stone_split_answers_leetcode_1563() {
    assert_eq!(
        answers(
            &["stone-split"],
            "6 2 3 4 5 5\n\n# comment\n7 7 7 7 7 7 7\n4\n"
        ),
        "18\n28\n0\n"
    );
    assert_eq!(
        answers(&["stone-split", "--line", "6", "2", "3", "4", "5", "5"], ""),
        "18 | 3L 1R 2L\n"
    );
    assert_eq!(answers(&["stone-split", "--line", "4"], ""), "0 |\n");
}

#[test]
fn stone_split_solves_sums_beyond_i64() {
    // Twice the sum overflows i64: solved in i128. Cut 1 | 2 + 3 keeps the left.
    let big = i64::MAX.to_string();
    let out = answers(&["stone-split", "--line", &big, &big, "5"], "");
    assert_eq!(out, format!("{big} | 1L\n"));
}

#[test]
fn stone_split_refuses_bad_rows() {
    let message = refused(&["stone-split"], "1 2\n3 0 4\n", 2);
    assert!(message.contains("stone 2 is 0"), "{message}");
    refused(&["stone-split", "1", "-2"], "", 1);
    refused(&["stone-split", "1", "x"], "", 1);
    // Earlier answers are printed before the error.
    let output = run(&["stone-split"], "1 2\n5 -5\n");
    assert_eq!(stdout(&output), "1\n");
    let row = vec!["1"; 16_381].join(" ");
    let message = refused(&["stone-split"], &row, 1);
    assert!(message.contains("above the limit of 16380"), "{message}");
    let row = vec!["1"; 11_584].join(" ");
    let message = refused(&["stone-split", "--line"], &row, 1);
    assert!(message.contains("above the limit of 11583"), "{message}");
}

#[test]
fn stone_merge_answers_leetcode_1872() {
    assert_eq!(
        answers(
            &["stone-merge"],
            "-1 2 -3 4 -5\n7 -6 5 10 5 -2 -6\n-10 -12\n"
        ),
        "5\n13\n-22\n"
    );
    assert_eq!(
        answers(&["stone-merge", "--line", "-1", "2", "-3", "4", "-5"], ""),
        "5 | 4 2\n"
    );
    assert_eq!(
        answers(&["stone-merge", "--line"], "7 -6 5 10 5 -2 -6\n"),
        "13 | 7\n"
    );
}

#[test]
fn stone_merge_solves_prefix_sums_beyond_i64() {
    // P(2) = 2^64 − 2 and P(3) = 2^64 − 7: taking all three scores P(3).
    let big = i64::MAX.to_string();
    assert_eq!(
        answers(&["stone-merge", "--line", &big, &big, "-5"], ""),
        "18446744073709551609 | 3\n"
    );
}

#[test]
fn stone_merge_refuses_fewer_than_two_stones() {
    let message = refused(&["stone-merge"], "1 2\n5\n", 2);
    assert!(message.contains("at least 2 stones"), "{message}");
    refused(&["stone-merge", "1", "2.5"], "", 1);
}

#[test]
fn stone_mod3_answers_leetcode_2029() {
    assert_eq!(
        answers(&["stone-mod3"], "2 1\n2\n5 1 2 4 3\n"),
        "First\nSecond\nSecond\n"
    );
    assert_eq!(
        answers(&["stone-mod3", "--move"], "2 1\n2\n"),
        "First 2:1\nSecond\n"
    );
    assert_eq!(
        answers(&["stone-mod3", "--move", "--line", "2", "1"], ""),
        "First 2:1 | 2:1 1:2\n"
    );
    // Alice loses: she opens with 5, and the line plays out to her loss at 15.
    assert_eq!(
        answers(&["stone-mod3", "--line", "5", "1", "2", "4", "3"], ""),
        "Second | 1:5 3:2 2:1 5:3 4:4\n"
    );
}

#[test]
fn stone_mod3_cuts_long_lines() {
    let mut row = vec!["3"; 10_001];
    row.extend(["1", "1", "1", "1"]);
    let out = answers(&["stone-mod3", "--line"], &row.join(" "));
    assert!(out.starts_with("First | 10002:1 "), "{}", &out[..40]);
    assert!(out.ends_with(" ...\n"));
    assert_eq!(out.split(' ').count(), 2 + 10_000 + 1);
}

#[test]
fn stone_mod3_refuses_non_positive_stones() {
    let message = refused(&["stone-mod3"], "1 2\n3 0\n", 2);
    assert!(message.contains("stone 2 is 0"), "{message}");
    let message = refused(&["stone-mod3", "4", "-1"], "", 1);
    assert!(message.contains("'-1'"), "{message}");
}
