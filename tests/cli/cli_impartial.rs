#![cfg(feature = "cli")]
//! The `nim`, `subtraction`, `boxes` and `grundy` commands, end to end.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn nim_answers_each_line_in_both_conventions() {
    let out = run(&["nim"], "3 4 5\n1 2 3\n# comment\n\n1 1\n");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "First\nSecond\nSecond\n");
    let out = run(&["nim", "--misere"], "1 1\n1 1 1\n2 2\n");
    assert_eq!(stdout(&out), "First\nSecond\nSecond\n");
}

#[test]
fn nim_move_is_printed_after_first() {
    let out = run(&["nim", "--move", "3", "4", "5"], "");
    assert_eq!(stdout(&out), "First 1:3->1\n");
    let out = run(&["nim", "--move", "--misere", "1", "4"], "");
    assert_eq!(stdout(&out), "First 2:4->0\n");
    // Misère play with no stone left: the opponent made the last move.
    let out = run(&["nim", "--move", "--misere", "0", "0"], "");
    assert_eq!(stdout(&out), "First\n");
    let out = run(&["nim", "--move", "2", "2"], "");
    assert_eq!(stdout(&out), "Second\n");
}

#[test]
fn subtraction_handles_heaps_of_ten_to_the_eighteen() {
    // A = {1, 2}: G(n) = n mod 3; 10^18 mod 3 = 1.
    let out = run(
        &[
            "subtraction",
            "--set",
            "1,2",
            "--move",
            "1000000000000000000",
        ],
        "",
    );
    assert_eq!(
        stdout(&out),
        "First 1:1000000000000000000->999999999999999999\n"
    );
    let out = run(&["subtraction", "--set", "1,2"], "999999999999999999\n");
    assert_eq!(stdout(&out), "Second\n");
}

#[test]
fn subtraction_dp_k_samples_and_misere() {
    let out = run(&["subtraction", "--set", "2,3"], "4\n5\n7\n");
    assert_eq!(stdout(&out), "First\nSecond\nFirst\n");
    // Misère, take 1 or 2: heaps 3k + 1 lose.
    let out = run(
        &["subtraction", "--set", "1,2", "--misere"],
        "1\n4\n1000000000000000000\n5\n",
    );
    assert_eq!(stdout(&out), "Second\nSecond\nSecond\nFirst\n");
    let out = run(
        &["subtraction", "--set", "2,3", "--misere", "--move"],
        "3 3\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn boxes_use_residues() {
    let out = run(&["boxes", "--move"], "10:3 7:5\n8:3\n");
    assert_eq!(stdout(&out), "First 1:10->9\nSecond\n");
    let out = run(&["boxes", "--misere"], "9:3\n8:3\n");
    assert_eq!(stdout(&out), "Second\nFirst\n");
}

#[test]
fn move_format_is_documented_once_in_the_same_words() {
    let help = |game: &str| stdout(&run(&[game, "--help"], ""));
    let nim = help("nim");
    let documented = nim
        .lines()
        .skip_while(|line| !line.contains("--move"))
        .take_while(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(documented.contains("I:F->T"), "{nim}");
    for game in ["subtraction", "boxes", "octal", "last-one"] {
        let text = help(game);
        assert!(text.contains(&documented), "{game}: {text}");
        assert_eq!(text.matches("I:F->T").count(), 1, "{game}: {text}");
    }
}

#[test]
fn grundy_prints_values_and_the_period() {
    let out = run(&["grundy", "--set", "2,3", "--upto", "9", "--period"], "");
    assert_eq!(stdout(&out), "0 0 1 1 2 0 0 1 1 2\npreperiod 0 period 5\n");
    let out = run(&["grundy", "--set", "1,3,4", "--upto", "3"], "");
    assert_eq!(stdout(&out), "0 1 0 1\n");
}

#[test]
fn bad_input_is_reported_with_its_line_and_exit_status_2() {
    let cases: [(&[&str], &str, &str); 7] = [
        (&["nim"], "1 2\n-3\n", "line 2: "),
        (&["nim"], "1 x\n", "line 1: "),
        (&["subtraction", "--set", "0,2"], "3\n", "contains 0"),
        (&["subtraction", "--set", ""], "3\n", "line 1: "),
        (&["boxes"], "3:1\n4:0\n", "line 2: "),
        (&["boxes"], "3-1\n", "x:a pair"),
        (
            &["grundy", "--set", "2,3", "--upto", "100000000"],
            "",
            "above the limit",
        ),
    ];
    for (args, input, expected) in cases {
        let out = run(args, input);
        assert_eq!(out.status.code(), Some(2), "{args:?} {input:?}");
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn misere_sums_beyond_exact_search_are_refused_not_guessed() {
    let out = run(
        &["subtraction", "--set", "2,3", "--misere"],
        "1000000000000000000 1000000000000000000\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("line 1: "), "{}", stderr(&out));
}
