//! Refusals stay inside the memory budget: each case runs the CLI in a child
//! process whose address space is capped (`ulimit -v`) at the budget plus a
//! fixed slack. A process that allocated past the cap would abort instead of
//! printing its `line N:` refusal, so the exit status and message check the
//! peak as well as the answer.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The budget every case sets with `--memory-mib`.
const BUDGET_MIB: u64 = 64;
/// Address space beyond the budget: the binary, its stack, buffers.
const SLACK_MIB: u64 = 96;

fn run_capped(args: &[&str], stdin: &[u8]) -> Output {
    let cap_kib = (BUDGET_MIB + SLACK_MIB) * 1024;
    let budget = BUDGET_MIB.to_string();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {cap_kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_stonegame"))
        .args(args)
        .args(["--memory-mib", &budget])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A refusal may come before all input is read: a broken pipe is fine.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

fn assert_refused(args: &[&str], stdin: &[u8], expected: &str) {
    let output = run_capped(args, stdin);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    assert!(message.starts_with("line "), "{args:?}: {message}");
    assert!(message.contains(expected), "{args:?}: {message}");
}

#[test]
fn a_line_longer_than_the_budget_is_refused_while_reading() {
    let mut line = b"1 ".repeat(40 << 20);
    line.push(b'\n');
    assert_refused(&["nim"], &line, "longer than the memory budget");
}

#[test]
fn values_that_would_not_fit_are_refused_before_parsing() {
    // 24 MiB of text, 12 Mi values of 8 bytes: 120 MiB with the line.
    let mut line = b"1 ".repeat(12 << 20);
    line.push(b'\n');
    assert_refused(&["nim"], &line, "above the memory budget");
}

#[test]
fn judge_style_input_larger_than_the_budget_is_refused() {
    let mut input = format!("{}\n", 40 << 20).into_bytes();
    input.extend(b"1 ".repeat(40 << 20));
    assert_refused(
        &["ends", "--format", "contest"],
        &input,
        "larger than the memory budget",
    );
}

#[test]
fn long_grundy_sequences_stream_within_the_budget() {
    // Five million values of Nim (G(n) = n) and of Kayles (read off its
    // certified period): about 40 MB of output each, never held at once.
    for game in ["nim", "kayles"] {
        let output = run_capped(
            &["grundy", "--game", game, "--upto", "5000000", "--period"],
            b"",
        );
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{game}: {message}");
        let text = String::from_utf8_lossy(&output.stdout);
        let mut lines = text.lines();
        let values = lines.next().expect("a line of values");
        assert_eq!(values.split(' ').count(), 5_000_001, "{game}");
        let last = values.rsplit(' ').next().unwrap();
        // Kayles from heap 71 on repeats 4 1 2 8 1 4 7 2 1 8 2 7 (OEIS A002186);
        // 5,000,000 is 8 mod 12, whose value is 1.
        let expected_last = if game == "nim" { "5000000" } else { "1" };
        assert_eq!(last, expected_last, "{game}");
        let period = lines.next().expect("the period line");
        if game == "kayles" {
            assert_eq!(period, "preperiod 71 period 12");
        }
    }
}

#[test]
fn a_streamed_row_longer_than_the_budget_allows_is_refused() {
    // `ends` reads standard input as a stream; 8 Mi stones of 16 bytes each
    // in the reducer's worst case exceed 64 MiB.
    let mut line = b"1 ".repeat(8 << 20);
    line.push(b'\n');
    assert_refused(&["ends"], &line, "memory budget");
}

/// The CLI answers (exit 0) or refuses with `line N: …` (exit 2) inside the
/// capped address space: an abort or a panic fails.
fn assert_answered_or_refused(args: &[&str], stdin: &[u8]) -> Output {
    let output = run_capped(args, stdin);
    let message = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => {}
        Some(2) => assert!(message.starts_with("line "), "{args:?}: {message}"),
        other => panic!("{args:?}: exit {other:?}: {message}"),
    }
    output
}

fn one_line(values: impl Iterator<Item = u64>) -> Vec<u8> {
    let mut line = values.map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
    line.push('\n');
    line.into_bytes()
}

#[test]
fn misere_searches_with_long_option_lists_are_refused_within_the_budget() {
    // Issue 15: `octal --misere '0.(4)' 20000` aborted on allocation. Now the
    // bounded misère quotient is grown first, and the heap beyond it is
    // refused with the reason, within the budget and the search's work limit.
    assert_refused(
        &["octal", "--misere", "0.(4)", "20000"],
        b"",
        "quotient verified to heap",
    );
    // `subtraction --misere --set 2,3` with 20,000 heaps of 5 on one line.
    assert_refused(
        &["subtraction", "--misere", "--set", "2,3"],
        &one_line(std::iter::repeat_n(5, 20_000)),
        "memory budget",
    );
    // The set 2..=1001 and the heaps 2..=2001.
    let set = (2..=1001).map(|s: u64| s.to_string()).collect::<Vec<_>>();
    assert_refused(
        &["subtraction", "--misere", "--set", &set.join(",")],
        &one_line(2..=2001),
        "memory budget",
    );
}

#[test]
fn misere_kayles_on_a_thousand_heaps_answers_within_the_budget() {
    // Issue 15: 3.8 GB before a refusal; Kayles' misère quotient answers it.
    let output = assert_answered_or_refused(&["octal", "--misere", "kayles"], &one_line(1..=1000));
    assert!(output.status.success(), "{output:?}");
    let answer = String::from_utf8_lossy(&output.stdout);
    assert!(matches!(answer.trim(), "First" | "Second"), "{answer}");
}

#[test]
fn a_long_front_line_is_refused_before_parsing() {
    // Issue 15: `front` on one 400 MB line reached 5 GB; scaled to the budget.
    let mut line = b"1 ".repeat(12 << 20);
    line.push(b'\n');
    assert_refused(
        &["front", "--max-take", "3"],
        &line,
        "above the memory budget",
    );
}
