#![cfg(feature = "cli")]
//! The `wythoff`, `moore`, `staircase`, `euclid` and `fibonacci-nim` commands, end to end.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn wythoff_answers_and_moves_in_both_conventions() {
    let out = run(&["wythoff"], "3 5\n5 3\n# comment\n\n4 5\n0 0\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\nSecond\nFirst\nSecond\n");
    let out = run(&["wythoff", "--move"], "4 20\n6 8\n1 2\n");
    assert_eq!(stdout(&out), "First 2:20->7\nFirst 1:6->3 2:8->5\nSecond\n");
    let out = run(&["wythoff", "--misere", "--move"], "0 1\n2 2\n1 2\n0 0\n");
    assert_eq!(stdout(&out), "Second\nSecond\nFirst 2:2->0\nFirst\n");
}

#[test]
fn wythoff_is_exact_at_ten_to_the_eighteen() {
    // 10^18 is an upper Wythoff number; its partner is ⌊10^18/φ⌋ = 618033988749894848.
    let out = run(
        &["wythoff", "--move"],
        "618033988749894848 1000000000000000000\n618033988749894849 1000000000000000000\n",
    );
    assert_eq!(
        stdout(&out),
        // 618033988749894849 is an upper number too, with partner 381966011250105152.
        "Second\nFirst 2:1000000000000000000->381966011250105152\n"
    );
}

#[test]
fn moore_needs_k_and_answers_by_digit_counts() {
    let out = run(&["moore", "--k", "2", "--move"], "1 1 1\n3 2 6\n3 3\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "Second\nFirst 1:3->2 3:6->2\nFirst 1:3->0 2:3->0\n"
    );
    // k = 1 is Nim.
    let out = run(&["moore", "--k", "1"], "1 2 3\n3 4 5\n");
    assert_eq!(stdout(&out), "Second\nFirst\n");
    let out = run(&["moore", "--k", "2", "--misere"], "1 1 1 1\n1 1 1\n");
    assert_eq!(stdout(&out), "Second\nFirst\n");
    let out = run(&["moore", "1", "2"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn staircase_plays_nim_on_odd_steps() {
    let out = run(&["staircase", "--move"], "3 9 3 7\n5 9 3\n0 5\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\nFirst 1:5->3\nSecond\n");
}

#[test]
fn euclid_compares_the_ratio_with_phi() {
    let out = run(&["euclid", "--move"], "25 7\n8 5\n5 5\n4 12\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "First 1:25->11\nSecond\nFirst 1:5->0\nFirst 2:12->0\n"
    );
    // Ratios of consecutive Fibonacci numbers alternate around φ: F(92)/F(91) < φ < F(93)/F(92).
    let out = run(
        &["euclid"],
        "7540113804746346429 4660046610375530309\n12200160415121876738 7540113804746346429\n\
         1000000000000000000 1\n",
    );
    assert_eq!(stdout(&out), "Second\nFirst\nFirst\n");
}

#[test]
fn fibonacci_nim_loses_on_fibonacci_numbers() {
    let out = run(
        &["fibonacci-nim", "--move"],
        "21\n20\n100\n1000000000000000000\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..3], ["Second", "First 1:20->18", "First 1:100->97"]);
    assert!(lines[3].starts_with("First 1:1000000000000000000->"));
    let out = run(&["fibonacci-nim", "--misere", "--move"], "22\n");
    assert_eq!(stdout(&out), "First 1:22->1\n");
}

#[test]
fn bad_input_is_reported_with_its_line_and_exit_status_2() {
    let cases: [(&[&str], &str, &str); 9] = [
        (&["wythoff"], "1 2\n3\n", "line 2: expected two heap sizes"),
        (
            &["wythoff"],
            "1 18446744073709551616\n",
            "line 1: value 2 ('18446744073709551616')",
        ),
        (&["wythoff"], "1 -2\n", "line 1: value 2 ('-2')"),
        (&["moore", "--k", "0"], "1\n", "line 1: invalid k"),
        (&["moore", "--k", "x"], "1\n", "line 1: invalid --k"),
        (&["staircase"], "1 x\n", "line 1: value 2 ('x')"),
        (&["euclid"], "3 4\n0 5\n", "line 2: value 1 ('0')"),
        (&["euclid"], "7\n", "line 1: expected two positive numbers"),
        (&["fibonacci-nim"], "5\n1\n", "line 2: invalid heap"),
    ];
    for (args, input, expected) in cases {
        let out = run(args, input);
        assert_eq!(out.status.code(), Some(2), "{args:?} {input:?}");
        assert!(
            stderr(&out).starts_with(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn staircase_and_euclid_play_misere() {
    // Staircase: one coin on step 1 must go down last; coins only on step 2 win by
    // bringing exactly one coin down.
    let out = run(&["staircase", "--misere", "--move"], "1\n0 3\n2 0 2\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\nFirst 2:3->2\nSecond\n");
    // Euclid: a = b loses (the only move makes a zero); from 15 5 leave 5 5.
    let out = run(&["euclid", "--misere", "--move"], "5 5\n15 5\n8 5\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\nFirst 1:15->5\nSecond\n");
}
