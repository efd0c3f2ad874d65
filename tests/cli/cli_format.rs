//! Options every game shares: judge-style input (`--format`), budgets, and
//! argument errors reported as `line 1: …` with exit status 2.

use crate::common;
use common::{run, stderr, stdout};

#[test]
fn contest_format_reads_a_count_then_the_values_over_any_lines() {
    let output = run(
        &["ends", "--format", "contest"],
        "5\n4 5 3\n1 2\n3 1 2\n3\n",
    );
    assert_eq!(stdout(&output), "1\n2\n");
    assert!(output.status.success());
}

#[test]
fn cases_format_reads_the_number_of_test_cases_first() {
    let output = run(&["nim", "--format", "cases"], "2\n3\n1 2 3\n2 4 4\n");
    assert_eq!(stdout(&output), "Second\nSecond\n");
    let output = run(&["nim", "--format", "cases"], "2\n2\n1 2\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("line 3: the input ends after 1 of the 2 test cases"));
}

#[test]
fn valuations_take_two_lists_of_n_values() {
    let output = run(&["valuations", "--format", "contest"], "2\n1 2\n3 4\n");
    assert_eq!(stdout(&output), "-1\n");
}

#[test]
fn a_short_instance_names_the_line_where_input_ends() {
    let output = run(&["ends", "--format", "contest"], "4\n1 2\n3\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "line 3: the input ends after 3 of the 4 values announced\n"
    );
    let output = run(&["ends", "--format", "contest"], "x\n");
    assert_eq!(
        stderr(&output),
        "line 1: the count N ('x') is not a non-negative integer\n"
    );
}

#[test]
fn games_without_a_judge_layout_refuse_it() {
    let output = run(&["janken", "--format", "contest"], "1,1,1\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("line 1: this game has no judge-style input"));
}

#[test]
fn argument_errors_are_line_one_with_exit_status_two() {
    for args in [
        &["grundy", "--set", "1,2", "--upto", "x"][..],
        &["janken", "--modulo", "0", "1,1,1"],
        &["no-such-game"],
        &["nim", "--memory-mib", "0", "1"],
        // Issue 15's argument reproductions.
        &["ends", "1", "-5x"],
        &["boxes", "-1:2"],
        &["front", "--max-take", "-1", "1", "2"],
        &["grundy", "--upto", "5"],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(message.starts_with("line 1: "), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

#[test]
fn count_arguments_name_their_real_range() {
    for (args, expected) in [
        (
            &["janken", "--modulo", "0", "1,1,1"][..],
            "must be at least 1",
        ),
        (&["nim", "--max-work", "0", "1"], "must be at least 1"),
        (&["nim", "--max-work", "x", "1"], "from 1 to 2^64 - 1"),
        (&["nim", "--memory-mib", "0", "1"], "from 1 to 2^40"),
    ] {
        let message = stderr(&run(args, ""));
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(
            !message.contains("18446744073709551615"),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn help_still_prints_and_succeeds() {
    let output = run(&["--help"], "");
    assert!(output.status.success());
    assert!(stdout(&output).contains("ends"));
}

#[test]
fn a_small_memory_budget_refuses_input_larger_than_it() {
    let big = format!("{}\n{}\n", 600_000, "1 ".repeat(600_000));
    let output = run(&["ends", "--format", "contest", "--memory-mib", "1"], &big);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("memory budget"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn messages_show_tokens_on_one_readable_line() {
    let long = "9".repeat(10_000_000);
    let output = run(&["nim"], &format!("{long}\n"));
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.len() < 200, "{} bytes", message.len());
    assert!(message.contains("(10000000 characters)"), "{message}");

    let output = run(&["nim"], "3\u{a0}4\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(r"'3\u{a0}4'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_no_break_space_is_part_of_a_token_in_every_format() {
    for format in ["lines", "contest"] {
        let input = if format == "lines" {
            "3\u{a0}4\n"
        } else {
            "2\n3\u{a0}4 5\n"
        };
        let output = run(&["nim", "--format", format], input);
        assert_eq!(output.status.code(), Some(2), "{format}");
        let message = stderr(&output);
        assert!(
            message.contains(r"3\u{a0}4") || message.contains("the input ends"),
            "{format}: {message}"
        );
        assert!(!message.contains('\u{a0}'), "{format}: {message}");
    }
}

#[test]
fn arguments_are_echoed_escaped_and_cut() {
    // The issue's case: a control byte in an octal code.
    let output = run(&["grundy", "--upto", "5", "--octal", "0.7\u{1}"], "");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains(r"'0.7\u{1}'"), "{message}");
    assert!(!message.contains('\u{1}'), "{message}");
    // A huge code with an escape sequence: one short, printable line.
    let huge = format!("0.\u{1b}[2J{}", "7".repeat(100_000));
    for args in [
        vec!["grundy", "--upto", "5", "--octal", huge.as_str()],
        vec!["octal", huge.as_str()],
        vec!["subtraction", "--set", huge.as_str()],
    ] {
        let output = run(&args, "1\n");
        assert_eq!(output.status.code(), Some(2), "{}", args[0]);
        let message = stderr(&output);
        assert!(message.len() < 400, "{}: {} bytes", args[0], message.len());
        assert!(!message.contains('\u{1b}'), "{}: {message}", args[0]);
        assert_eq!(message.lines().count(), 1, "{}: {message}", args[0]);
    }
}
