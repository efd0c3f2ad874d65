//! The scoring games through the `stonegame` binary.
#![cfg(feature = "cli")]

use crate::common;

use common::run;

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let output = run(args, stdin);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

fn bad_input(args: &[&str], stdin: &str) -> String {
    let output = run(args, stdin);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?} must exit with status 2"
    );
    assert!(output.stdout.is_empty() || !output.stderr.is_empty());
    String::from_utf8(output.stderr).expect("utf-8 errors")
}

#[test]
fn ends_reads_one_instance_per_line() {
    let out = stdout_of(&["ends"], "4 5 3 1 2\n\n# a comment\n5 3 4 5\n1 100 2\n");
    assert_eq!(out, "1\n1\n-97\n");
    assert_eq!(stdout_of(&["ends", "-3", "7"], ""), "10\n");
}

#[test]
fn ends_line_replays_to_the_difference() {
    assert_eq!(
        stdout_of(&["ends", "--line", "4", "5", "3", "1", "2"], ""),
        "1 | L L L R L\n"
    );
}

#[test]
fn ends_remainder_matches_leetcode_1690() {
    let out = stdout_of(&["ends-remainder"], "5 3 1 4 2\n7 90 5 1 100 10 10 2\n");
    assert_eq!(out, "6\n122\n");
    assert_eq!(
        stdout_of(&["ends-remainder", "--line", "5", "3", "1", "4", "2"], ""),
        "6 | R L L L L\n"
    );
}

#[test]
fn front_takes_max_take() {
    assert_eq!(
        stdout_of(
            &["front", "--max-take", "3"],
            "1 2 3 7\n1 2 3 -9\n1 2 3 6\n"
        ),
        "-1\n15\n0\n"
    );
    assert_eq!(
        stdout_of(&["front", "--max-take", "1", "--line", "1", "2", "3"], ""),
        "2 | 1 1 1\n"
    );
    assert_eq!(
        stdout_of(
            &["front", "--max-take", "3", "--line", "1", "2", "3", "7"],
            ""
        ),
        "-1 | 3 1\n"
    );
}

#[test]
fn front_doubling_matches_leetcode_1140() {
    // Alice's totals 10 and 104 are differences -6 and 93.
    assert_eq!(
        stdout_of(&["front-doubling"], "2 7 9 4 4\n1 2 3 4 5 100\n"),
        "-6\n93\n"
    );
    assert_eq!(
        stdout_of(&["front-doubling", "--line", "5", "-10"], ""),
        "15 | 1 1\n"
    );
}

#[test]
fn valuations_matches_leetcode_1686() {
    let out = stdout_of(&["valuations"], "1 3 / 2 1\n1 2 / 3 1\n2 4 3 / 1 6 7\n");
    assert_eq!(out, "1\n0\n-1\n");
    assert_eq!(
        stdout_of(
            &["valuations", "--line", "2", "4", "3", "/", "1", "6", "7"],
            ""
        ),
        "-1 | 2 3 1\n"
    );
}

#[test]
fn sums_beyond_i64_fall_back_to_i128() {
    let max = i64::MAX.to_string();
    assert_eq!(stdout_of(&["ends", &max, &max], ""), "0\n");
    assert_eq!(
        stdout_of(&["front", "--max-take", "2", &max, &max], ""),
        format!("{}\n", 2 * i128::from(i64::MAX))
    );
}

#[test]
fn bad_input_names_the_line_and_exits_2() {
    let err = bad_input(&["ends"], "1 2\n1 x 3\n");
    assert!(err.starts_with("line 2: "), "{err}");
    assert!(err.contains("'x'"), "{err}");
    let too_big = bad_input(&["ends", "9223372036854775808"], "");
    assert!(
        too_big.starts_with("line 1: ") && too_big.contains("i64"),
        "{too_big}"
    );
    let err = bad_input(&["valuations"], "1 2 / 3\n");
    assert!(
        err.starts_with("line 1: ") && err.contains("lengths differ"),
        "{err}"
    );
    let err = bad_input(&["valuations"], "\n1 2 3\n");
    assert!(err.starts_with("line 2: ") && err.contains('/'), "{err}");
    let err = bad_input(&["valuations"], "1 / 2 / 3\n");
    assert!(err.starts_with("line 1: "), "{err}");
    let err = bad_input(&["front", "--max-take", "0"], "1 2\n");
    assert!(
        err.starts_with("line 1: ") && err.contains("max_take"),
        "{err}"
    );
    let err = bad_input(&["front", "1", "2", "3"], "");
    assert!(
        err.starts_with("line 1: ") && err.contains("--max-take"),
        "{err}"
    );
    let err = bad_input(&["front"], "1 2 3\n");
    assert!(
        err.starts_with("line 1: ") && err.contains("--max-take"),
        "{err}"
    );
    let err = bad_input(&["front-doubling"], "1 2.5\n");
    assert!(err.starts_with("line 1: "), "{err}");
}

#[test]
fn help_documents_line_format_answer_and_limits() {
    for game in [
        "ends",
        "ends-remainder",
        "front",
        "front-doubling",
        "valuations",
    ] {
        let help = stdout_of(&[game, "--help"], "");
        assert!(help.contains("Line:"), "{game}: {help}");
        assert!(help.contains("Answer:"), "{game}: {help}");
        assert!(help.contains("Limits:"), "{game}: {help}");
        assert!(help.contains("--line"), "{game}: {help}");
    }
}

#[test]
fn every_i64_spelling_parses() {
    // Signs, leading zeros, and the extremes of i64 (whose sum needs i128).
    assert_eq!(
        stdout_of(&["ends", "+3", "-0", "0000000000000000000000000005"], ""),
        "2\n"
    );
    assert_eq!(
        stdout_of(&["ends", "9223372036854775807", "-9223372036854775808"], ""),
        "18446744073709551615\n"
    );
    assert!(bad_input(&["ends"], "1 - 2\n").contains("'-'"));
    assert!(bad_input(&["ends"], "1 +\n").contains("'+'"));
}

#[test]
fn ends_streams_long_lines_comments_and_crlf() {
    // A line far longer than the 64 KiB read buffer, so tokens are cut at its
    // boundaries; its answer is checked against the same row on the command line.
    let row: Vec<String> = (0..40_000i64)
        .map(|i| ((i * 7919) % 2_000_001 - 1_000_000).to_string())
        .collect();
    let text = row.join(" ");
    let streamed = stdout_of(
        &["ends"],
        &format!("# header\r\n\r\n{text}\r\n  \t\n5 3 4 5"),
    );
    let mut args = vec!["ends"];
    args.extend(row.iter().map(String::as_str));
    let direct = stdout_of(&args, "");
    assert_eq!(streamed, format!("{direct}1\n"));
    // Sums beyond i64 switch to i128 in the middle of a line: M 1 M -1 is worth
    // 2M (the first player takes both M; the 1 and the -1 cancel out).
    let max = i64::MAX.to_string();
    assert_eq!(
        stdout_of(&["ends"], &format!("{max} 1 {max} -1\n")),
        format!("{}\n", 2 * i128::from(i64::MAX))
    );
    let err = bad_input(&["ends"], "1 2\n# 1 x\n\n3 4 y5\n");
    assert!(
        err.starts_with("line 4: ") && err.contains("value 3 ('y5')"),
        "{err}"
    );
}
