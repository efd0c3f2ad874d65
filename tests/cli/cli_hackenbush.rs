#![cfg(feature = "cli")]
//! The `hackenbush` command, end to end.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn answers_each_line() {
    let out = run(
        &["hackenbush"],
        "0-0\n0-0 0-0\n# a triangle on the ground\n\n0-1 1-2 2-0\n0-1 1-2 2-3 3-0\n7-8\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "First\nSecond\nFirst\nSecond\nSecond\n");
}

#[test]
fn move_is_the_edge_number_and_its_endpoints() {
    let out = run(&["hackenbush", "--move", "0-1", "1-2", "2-0"], "");
    assert_eq!(stdout(&out), "First 2:1-2\n");
    let out = run(&["hackenbush", "--move"], "0-1 1-2 0-3 3-4 4-5\n0-1 0-1\n");
    assert_eq!(stdout(&out), "First 5:4-5\nSecond\n");
}

#[test]
fn bad_edges_name_the_line_and_exit_2() {
    for (input, needle) in [
        ("0-1\n0-x\n", "line 2: value 1 ('0-x')"),
        ("0-1 -1-2\n", "line 1: value 2"),
        ("0-4294967296\n", "line 1: value 1"),
        ("0:1\n", "line 1: value 1 ('0:1')"),
    ] {
        let out = run(&["hackenbush"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert!(stderr(&out).contains(needle), "{input}: {}", stderr(&out));
    }
}

#[test]
fn work_cap_is_reported_as_a_line_error() {
    let cycle: Vec<String> = (0..2001u32)
        .map(|i| format!("{}-{}", i, (i + 1) % 2001))
        .collect();
    let out = run(
        &["hackenbush", "--move", "--max-work", "1000"],
        &cycle.join(" "),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1: winning-move search"),
        "{}",
        stderr(&out)
    );
    let out = run(&["hackenbush", "--move"], &cycle.join(" "));
    assert_eq!(stdout(&out), "First 1001:1000-1001\n");
}

/// The edge list is sized against the budget before either parser builds
/// it: a long line refused by the fast pass (a `+` sign) is refused again,
/// not collected token by token past the budget.
#[test]
fn an_edge_list_beyond_the_budget_is_refused_before_parsing() {
    let mut line = "0-0 ".repeat(300_000);
    line.push_str("+1-2\n");
    for extra in [&[][..], &["--move"][..]] {
        let mut args = vec!["--memory-mib", "2", "hackenbush"];
        args.extend_from_slice(extra);
        let out = run(&args, &line);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).starts_with("line 1: 300001 values need"),
            "{}",
            stderr(&out)
        );
    }
    // With room, the same line is answered (the `+` token by the slow pass).
    let out = run(&["hackenbush"], &line);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Second\n");
}
