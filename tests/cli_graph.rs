//! The `graph` subcommand: labels with remoteness, draws, and line-numbered errors.
#![cfg(feature = "cli")]

mod common;

use common::{stderr, stdout};
use std::process::Output;
use stonegame::Budget;
use stonegame::retrograde::{Graph, Value};

fn graph(args: &[&str], stdin: &str) -> Output {
    let mut all = vec!["graph"];
    all.extend_from_slice(args);
    common::run(&all, stdin)
}

#[test]
fn labels_every_vertex_with_its_remoteness() {
    // 3 has no move: lost. 0 → 3 and 2 → 3 win at once. 1 reaches only the won
    // 0 and 2: lost in 2. 4 loops on itself for ever: a draw.
    let input = "5 6\n0 1\n0 3\n1 0\n1 2\n2 3\n4 4\n";
    let output = graph(&[], input);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Win 1\nLose 2\nWin 1\nLose 0\nDraw\n");
}

#[test]
fn blank_and_comment_lines_are_skipped() {
    let output = graph(&[], "# a chain\n3 2\n\n0 1\n# the end\n1 2\n");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Lose 2\nWin 1\nLose 0\n");
}

#[test]
fn matches_the_library_on_a_random_graph() {
    let n = 500;
    let g = Graph::pseudo_random(n, 4, 10, 3, Budget::default()).unwrap();
    let mut input = format!("{n} {}\n", g.num_moves());
    for u in 0..n as u32 {
        for &v in g.successors(u) {
            input.push_str(&format!("{u} {v}\n"));
        }
    }
    let output = graph(&[], &input);
    assert!(output.status.success(), "{}", stderr(&output));
    let solution = g.solve(stonegame::Convention::Normal).unwrap();
    let expected: String = (0..n as u32)
        .map(|u| {
            let label = solution.label(u).unwrap();
            match label.value {
                Value::Draw => "Draw\n".to_string(),
                value => format!("{value} {}\n", label.remoteness.unwrap()),
            }
        })
        .collect();
    assert_eq!(stdout(&output), expected);
}

#[test]
fn bad_input_names_its_line() {
    let cases = [
        ("", "line 1: empty input"),
        ("2\n", "line 1:"),
        ("2 x\n", "line 1: `x`"),
        ("2 1\n0 2\n", "line 2: vertex 2 is outside"),
        ("2 1\n0 -1\n", "line 2:"),
        ("2 2\n0 1\n", "line 1: M = 2 moves announced, 1 given"),
        ("2 1\n0 1\n1 0\n", "line 3: more than M = 1"),
        ("2 1\n0 1 1\n", "line 2: 3 numbers"),
        ("4294967296 0\n", "line 1: N = 4294967296 is above"),
    ];
    for (input, prefix) in cases {
        let output = graph(&[], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert!(
            stderr(&output).starts_with(prefix),
            "{input:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn sizes_are_checked_against_the_memory_budget() {
    let output = graph(&["--memory-mib", "1"], "1000000 1000000\n");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.starts_with("line 1:") && message.contains("memory budget"),
        "{message}"
    );
}
