//! The LeetCode 464 "Can I Win" example (`OutcomeSolver`): LeetCode's
//! samples and edge cases, malformed input, and random queries against a
//! plain recursion over the integers taken.

#[allow(dead_code)]
#[path = "../../examples/can_i_win.rs"]
mod can_i_win;

use proptest::prelude::*;

/// Whether the player to move wins with `taken` used and `left` to reach
/// (a plain minimax, no memo: small `m` only).
fn brute(m: u32, taken: u32, left: i64) -> bool {
    (1..=m).any(|i| {
        taken >> (i - 1) & 1 == 0
            && (i64::from(i) >= left || !brute(m, taken | 1 << (i - 1), left - i64::from(i)))
    })
}

fn reference(m: u32, total: u32) -> bool {
    if total == 0 {
        return true;
    }
    if m * (m + 1) / 2 < total {
        return false;
    }
    brute(m, 0, i64::from(total))
}

#[test]
fn answers_the_leetcode_samples_and_edge_cases() {
    let input = "10 11\n10 0\n10 1\n\n4 6\n5 50\n20 210\n20 209\n1 1\n1 2\n";
    let expected = "false\ntrue\ntrue\ntrue\nfalse\nfalse\nfalse\ntrue\nfalse\n";
    assert_eq!(can_i_win::solve(input).as_deref(), Ok(expected));
}

#[test]
fn rejects_malformed_input_naming_the_line() {
    for (input, line) in [
        ("10 11\n0 5\n", "line 2"),
        ("21 5\n", "line 1"),
        ("10 301\n", "line 1"),
        ("10\n", "line 1"),
        ("10 x\n", "line 1"),
        ("10 -1\n", "line 1"),
        ("1 1\n\n10 11 3\n", "line 3"),
    ] {
        let error = can_i_win::solve(input).unwrap_err();
        assert!(error.starts_with(line), "{input:?}: {error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn agrees_with_a_plain_recursion(queries in prop::collection::vec((1u32..=7, 0u32..=30), 1..6)) {
        let input: String = queries.iter().map(|(m, t)| format!("{m} {t}\n")).collect();
        let expected: String = queries
            .iter()
            .map(|&(m, t)| if reference(m, t) { "true\n" } else { "false\n" })
            .collect();
        prop_assert_eq!(can_i_win::solve(&input).unwrap(), expected);
    }
}
