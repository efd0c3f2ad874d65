//! The `janken` subcommand: good lines, bad lines, limits.
#![cfg(feature = "cli")]

use crate::common;

use common::{stderr, stdout};
use std::process::Output;

fn janken(args: &[&str], stdin: &str) -> Output {
    let mut all = vec!["janken"];
    all.extend_from_slice(args);
    common::run(&all, stdin)
}

#[test]
fn answers_one_line_per_instance() {
    let input = "# A,B,N\n1,1,1\n\n5,5,24\n30,30,24\n 24 , 30 , 24 \n0,5,5\n5,5,0\n";
    let output = janken(&[], input);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "2\n8243669008\n0\n1\n0\n0\n");
}

#[test]
fn command_line_values_are_one_instance() {
    let output = janken(&["10,7,24"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "3437514543\n");
}

#[test]
fn exact_counts_beyond_machine_integers() {
    let output = janken(&["50,50,2000"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let digits = stdout(&output);
    let digits = digits.trim();
    assert!(digits.bytes().all(|c| c.is_ascii_digit()));
    // About 3^2000 / (something small): 950-odd decimal digits.
    assert!(
        (900..=955).contains(&digits.len()),
        "{} digits",
        digits.len()
    );
    // The last digits agree with modular counting.
    let modulus = 1_000_000_000_u64;
    let reduced = janken(&["--modulo", "1000000000", "50,50,2000"], "");
    let tail: u64 = digits[digits.len() - 9..].parse().unwrap();
    assert_eq!(
        stdout(&reduced).trim().parse::<u64>().unwrap(),
        tail % modulus
    );
}

#[test]
fn modulo_option() {
    let output = janken(&["--modulo", "1000"], "5,5,24\n1,1,1\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "8\n2\n");
}

fn assert_bad(args: &[&str], input: &str, message: &str) {
    let output = janken(args, input);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{input:?}: {}",
        stderr(&output)
    );
    let err = stderr(&output);
    assert!(
        err.contains(message),
        "{input:?}: expected {message:?} in {err:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn malformed_lines_are_refused_with_their_line_number() {
    assert_bad(&[], "1,1,1\n1,2\n", "line 2: expected A,B,N");
    assert_bad(&[], "1,2,3,4\n", "line 1: expected A,B,N");
    assert_bad(&[], "1 2 3\n", "found 1 field");
    assert_bad(&[], "1,,3\n", "B (coins of B) is missing");
    assert_bad(
        &[],
        "-1,2,3\n",
        "A (coins of A) is '-1', but must not be negative",
    );
    assert_bad(
        &[],
        "1,2,-3\n",
        "N (round limit) is '-3', but must not be negative",
    );
    assert_bad(
        &[],
        "1,x,3\n",
        "B (coins of B) ('x') is not a non-negative integer",
    );
    assert_bad(&[], "1.5,2,3\n", "is not a non-negative integer");
    assert_bad(
        &[],
        "1,2,99999999999999999999\n",
        "N (round limit) is '99999999999999999999', above the limit of 100000000",
    );
    assert_bad(
        &[],
        "99999999999999999999,2,3\n",
        "A (coins of A) is '99999999999999999999', above the limit of 18446744073709551615",
    );
}

#[test]
fn answers_before_a_bad_line_are_printed() {
    let output = janken(&[], "1,1,1\nfoo\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "2\n");
}

#[test]
fn size_limits_are_documented_and_enforced() {
    assert_bad(
        &[],
        "1,1,100000001\n",
        "above the limit of 100000000 rounds",
    );
    assert_bad(
        &[],
        "6000,6000,20000\n",
        "over the work limit of 12000000000",
    );
    // The exact and modulo caps follow --max-work (both ways) and name it.
    assert_bad(
        &["--max-work", "260"],
        "10,7,24\n",
        "exact janken 10,7,24 (261 cell updates of 1 limbs) would need 261 steps, over the work limit of 260 (raise it with --max-work, or use --modulo M)",
    );
    let output = janken(&["--max-work", "261", "10,7,24"], "");
    assert_eq!(stdout(&output), stdout(&janken(&["10,7,24"], "")));
    assert_bad(
        &["--max-work", "1000", "--modulo", "7"],
        "100,100,100000000\n",
        "janken 100,100,100000000 modulo M (estimated operations) would need 169458 steps, over the work limit of 1000 (raise it with --max-work)",
    );
    assert_bad(
        &["--modulo", "7"],
        "10000000,10000000,100000000000\n",
        "over the work limit of 20000000000 (raise it with --max-work)",
    );
    // N beyond the exact limit is fine modulo M; the exact limit names the way out.
    assert_bad(&[], "1,1,100000001\n", "use --modulo M");
    // Wide barriers are cheap: only two positions per round can still bankrupt anyone.
    let output = janken(&[], "10000,10000,10000\n");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "2\n");
    let help = stdout(&janken(&["--help"], ""));
    assert!(help.contains("A,B,N") && help.contains("100000000") && help.contains("--modulo"));
    assert!(help.contains("any N <= 18446744073709551615") && help.contains("A = B = 500000"));
    // What the help claims of the default cap holds: A = B = 500000 at the
    // largest N fits modulo any M (the folded recurrence); 600000 does
    // not modulo 2^64 - 1.
    let walk = stonegame::counting::AbsorbingWalk::janken(500_000, 500_000);
    let cap = stonegame::counting::DEFAULT_MODULO_COUNT_WORK;
    assert!(walk.modulo_work(u64::MAX, 998_244_353) <= cap);
    assert!(walk.modulo_work(u64::MAX, 1_000_000_007) <= cap);
    assert!(walk.modulo_work(u64::MAX, u64::MAX) <= cap);
    let wider = stonegame::counting::AbsorbingWalk::janken(600_000, 600_000);
    assert!(wider.modulo_work(u64::MAX, u64::MAX) > cap);
}

#[test]
fn modulo_counts_for_any_number_of_rounds() {
    // One coin each: two sequences end at every round, 2N within N rounds.
    let n = 1_000_000_000_000_000_000_u128;
    let output = janken(
        &["--modulo", "1000000007"],
        "1,1,1000000000000000000\n1,1,18446744073709551615\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = format!(
        "{}\n{}\n",
        2 * n % 1_000_000_007,
        2 * u128::from(u64::MAX) % 1_000_000_007
    );
    assert_eq!(stdout(&output), expected);
    // Whichever method is chosen, the residue of the exact count.
    let output = janken(&["--modulo", "998244353"], "30,40,2000\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let exact = stdout(&janken(&[], "30,40,2000\n"));
    let exact = num_bigint::BigUint::parse_bytes(exact.trim().as_bytes(), 10).unwrap();
    assert_eq!(
        stdout(&output).trim(),
        (exact % 998_244_353_u32).to_string()
    );
    // Above 2^64 - 1 even modulo M: a clear error.
    assert_bad(
        &["--modulo", "7"],
        "1,1,18446744073709551616\n",
        "N (round limit) is '18446744073709551616', above the limit of 18446744073709551615",
    );
}

#[test]
fn modulus_zero_is_a_usage_error() {
    let output = janken(&["--modulo", "0", "1,1,1"], "");
    assert_eq!(output.status.code(), Some(2));
    let output = janken(&["--modulo", "ten", "1,1,1"], "");
    assert_eq!(output.status.code(), Some(2));
}
