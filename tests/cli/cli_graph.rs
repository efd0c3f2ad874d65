//! The `graph` subcommand: labels with remoteness, draws, and line-numbered errors.
#![cfg(feature = "cli")]

use crate::common;

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
    let solution = g.solve().unwrap();
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
        ("2 x\n", "line 1: 'x'"),
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
fn lines_longer_than_the_budget_are_streamed_and_their_tokens_cut() {
    // 2 MiB lines under a 1 MiB budget: a comment, a move spread by blanks,
    // and a 2-million-digit token, which is refused in a short message.
    let blanks = " ".repeat(2 << 20);
    let comment = format!("# {}", "x".repeat(2 << 20));
    let spread = format!("2 1\n{comment}\n0{blanks}1{blanks}\n");
    let output = graph(&["--memory-mib", "1"], &spread);
    assert_eq!(stdout(&output), "Win 1\nLose 0\n", "{}", stderr(&output));
    let digits = "1".repeat(2 << 20);
    let judge = format!("2 1\n0{blanks}1\n");
    let output = graph(&["--format", "contest", "--memory-mib", "1"], &judge);
    assert_eq!(stdout(&output), "Win 1\nLose 0\n", "{}", stderr(&output));
    for format in ["lines", "contest"] {
        let long = format!("2 1\n0 {digits}\n");
        let output = graph(&["--format", format, "--memory-mib", "1"], &long);
        assert_eq!(output.status.code(), Some(2), "{format}");
        let message = stderr(&output);
        assert!(message.starts_with("line 2:"), "{format}: {message}");
        assert!(
            message.contains(&format!("({} bytes)", 2 << 20)),
            "{format}: {message}"
        );
        assert!(message.len() < 400, "{format}: {} bytes", message.len());
    }
}

#[test]
fn messages_show_tokens_escaped_and_whitespace_is_the_same_in_every_format() {
    // ESC, NUL and a no-break space: shown escaped, never raw.
    for (format, input) in [
        ("lines", "2 1\n0 \u{1b}[31m\u{0}\n"),
        ("contest", "2 1 0 \u{1b}[31m\u{0}\n"),
    ] {
        let output = graph(&["--format", format], input);
        assert_eq!(output.status.code(), Some(2));
        let message = stderr(&output);
        assert!(
            message.contains(r"'\u{1b}[31m\u{0}'"),
            "{format}: {message}"
        );
        assert!(!message.contains('\u{1b}') && !message.contains('\u{0}'));
    }
    // A no-break space is part of a token in every format: refused alike.
    for format in ["lines", "contest"] {
        let output = graph(&["--format", format], "2 1\n0\u{a0}1\n");
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert!(
            stderr(&output).contains(r"'0\u{a0}1'"),
            "{format}: {}",
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

#[test]
fn contest_format_reads_instances_one_after_another() {
    // Two instances, the moves spread over lines as a judge may give them:
    // a chain 0 → 1 → 2, then a 2-cycle with no exit.
    let input = "3 2\n0 1 1\n2\n2 2\n0 1\n1 0\n";
    let output = graph(&["--format", "contest"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Lose 2\nWin 1\nLose 0\nDraw\nDraw\n");
    // The same instance as under `lines`, and an empty input has no instance.
    let output = graph(&["--format", "contest"], "1 0\n");
    assert_eq!(stdout(&output), "Lose 0\n");
    let output = graph(&["--format", "contest"], "\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "");
}

#[test]
fn cases_format_reads_the_number_of_test_cases_first() {
    let input = "2\n2 1\n0 1\n1 1 0 0\n";
    let output = graph(&["--format", "cases"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Win 1\nLose 0\nDraw\n");
}

#[test]
fn lines_format_is_the_default_and_the_formats_agree() {
    let g = Graph::pseudo_random(60, 3, 10, 7, Budget::default()).unwrap();
    let mut moves = String::new();
    for u in 0..60u32 {
        for &v in g.successors(u) {
            moves.push_str(&format!("{u} {v}\n"));
        }
    }
    let one = format!("60 {}\n{moves}", g.num_moves());
    let expected = stdout(&graph(&[], &one));
    assert_eq!(stdout(&graph(&["--format", "lines"], &one)), expected);
    let twice = format!("{one}{one}");
    let doubled = format!("{expected}{expected}");
    assert_eq!(stdout(&graph(&["--format", "contest"], &twice)), doubled);
    let counted = format!("2 {twice}");
    assert_eq!(stdout(&graph(&["--format", "cases"], &counted)), doubled);
}

#[test]
fn judge_style_errors_name_their_line() {
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["--format", "contest"],
            "2 1\n0\n",
            "line 2: the input ends before move 1 of 1",
        ),
        (
            &["--format", "contest"],
            "2 1\n0 5\n",
            "line 2: vertex 5 is outside 0..2",
        ),
        (
            &["--format", "contest"],
            "1 0\nx\n",
            "line 2: the vertex count N: 'x' is not a non-negative integer",
        ),
        (
            &["--format", "contest"],
            "3\n",
            "line 1: the input ends before the move count M",
        ),
        (
            &["--format", "contest"],
            "4294967296 0\n",
            "line 1: N = 4294967296 is above",
        ),
        (
            &["--format", "cases"],
            "2\n1 0\n",
            "line 2: the input ends after 1 of the 2 test cases",
        ),
        (
            &["--format", "cases"],
            "1\n1 0\n7\n",
            "line 3: unexpected value after the 1 test cases",
        ),
        (
            &["--format", "cases", "--memory-mib", "1"],
            "1\n\n1000000 1000000\n",
            "line 3: ",
        ),
    ];
    for (args, input, prefix) in cases {
        let output = graph(args, input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert!(
            stderr(&output).starts_with(prefix),
            "{input:?}: {}",
            stderr(&output)
        );
    }
    // Answers of the instances before the bad one are printed.
    let output = graph(&["--format", "contest"], "1 0\n2 1\n0 9\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "Lose 0\n");
}

#[test]
fn the_work_cap_refuses_a_graph_on_its_first_line() {
    // A chain of 2000 vertices: 3999 positions and moves, each read 16 steps'
    // worth at least twice, far past 1000 steps.
    let mut input = "2000 1999\n".to_string();
    for u in 0..1999 {
        input.push_str(&format!("{u} {}\n", u + 1));
    }
    let output = common::run(&["--max-work", "1000", "graph"], &input);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    let last = message.lines().last().unwrap_or_default();
    assert!(last.starts_with("line 1: "), "{last}");
    for part in ["DenseSolver", "1000 steps", "--max-work"] {
        assert!(last.contains(part), "{part}: {last}");
    }
    assert!(last.len() < 300, "{} characters: {last}", last.len());
    // Enough work answers as without a cap.
    let capped = common::run(&["--max-work", "1000000", "graph"], &input);
    assert!(capped.status.success(), "{}", stderr(&capped));
    assert_eq!(stdout(&capped), stdout(&graph(&[], &input)));
}
