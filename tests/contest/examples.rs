//! The contest examples answer their samples and reject malformed input.
//! Each example file is compiled here as a module so its `solve` can be called.

#[allow(dead_code)]
#[path = "../../examples/dp_k.rs"]
mod dp_k;

#[allow(dead_code)]
#[path = "../../examples/graph_game.rs"]
mod graph_game;

#[allow(dead_code)]
#[path = "../../examples/dp_l.rs"]
mod dp_l;

#[allow(dead_code)]
#[path = "../../examples/abc368_f.rs"]
mod abc368_f;

#[allow(dead_code)]
#[path = "../../examples/leetcode.rs"]
mod leetcode;

#[allow(dead_code)]
#[path = "../../examples/cf1194d.rs"]
mod cf1194d;

use proptest::prelude::*;
use std::collections::HashMap;
use stonegame::retrograde::Value;

#[test]
fn dp_k_answers_the_atcoder_samples() {
    let samples = [
        ("2 4\n2 3\n", "First"),
        ("2 5\n2 3\n", "Second"),
        ("2 7\n2 3\n", "First"),
        ("3 20\n1 2 3\n", "Second"),
        ("3 21\n1 2 3\n", "First"),
        ("1 100000\n1\n", "Second"),
    ];
    for (input, expected) in samples {
        assert_eq!(dp_k::solve(input).as_deref(), Ok(expected), "{input:?}");
    }
}

#[test]
fn dp_k_rejects_malformed_input() {
    for input in [
        "",
        "2 4\n2\n",
        "2 4\n2 x\n",
        "1 4\n0\n",
        "2 4\n2 3 9\n",
        "-1 4\n1\n",
    ] {
        assert!(dp_k::solve(input).is_err(), "{input:?} was accepted");
    }
}

#[test]
fn graph_game_labels_the_documented_sample() {
    // The sample of the example's documentation, 0-based like `stonegame graph`.
    let answers = |input: &str| {
        graph_game::solve(input)
            .map(|labels| labels.iter().map(graph_game::shown).collect::<Vec<_>>())
    };
    let input = "5 6\n0 1\n0 3\n1 0\n1 2\n2 3\n4 4\n";
    assert_eq!(
        answers(input).unwrap(),
        ["Win 1", "Lose 2", "Win 1", "Lose 0", "Draw"]
    );
    // A pure cycle is a draw everywhere; a cycle with an exit to a lost vertex is won.
    assert_eq!(answers("2 2\n0 1\n1 0\n").unwrap(), ["Draw", "Draw"]);
    assert_eq!(
        answers("# a comment\n3 3\n0 1\n1 0\n1 2\n").unwrap(),
        ["Lose 2", "Win 1", "Lose 0"]
    );
    let values: Vec<Value> = graph_game::solve("2 1\n0 1\n")
        .unwrap()
        .iter()
        .map(|label| label.value)
        .collect();
    assert_eq!(values, [Value::Win, Value::Lose]);
}

#[test]
fn graph_game_names_the_bad_line() {
    let cases = [
        ("", "line 1:"),
        ("2 1\n0 2\n", "line 2:"),
        ("2 2\n0 1\n", "line 3:"),
        ("2 1\n0 1\n1 0\n", "line 3:"),
        ("2 1\n0 x\n", "line 2:"),
    ];
    for (input, prefix) in cases {
        let error = graph_game::solve(input).expect_err(input);
        assert!(error.starts_with(prefix), "{input:?}: {error}");
    }
}

#[test]
fn dp_l_answers_the_atcoder_samples() {
    let samples = [
        ("4\n10 80 90 30\n", "10"),
        ("3\n10 100 10\n", "-80"),
        ("1\n10\n", "10"),
        (
            "10\n1000000000 1 1000000000 1 1000000000 1 1000000000 1 1000000000 1\n",
            "4999999995",
        ),
        ("6\n4 2 9 7 1 5\n", "2"),
    ];
    for (input, expected) in samples {
        assert_eq!(dp_l::solve(input).as_deref(), Ok(expected), "{input:?}");
    }
}

#[test]
fn dp_l_rejects_malformed_input() {
    for input in ["", "2\n1\n", "2\n1 x\n", "1\n4 5\n", "-1\n"] {
        assert!(dp_l::solve(input).is_err(), "{input:?} was accepted");
    }
}

/// X - Y by trying every sequence of moves (exponential; rows up to ~12).
fn deque_by_brute_force(row: &[i64]) -> i64 {
    match row {
        [] => 0,
        [first, rest @ ..] => {
            let take_first = first - deque_by_brute_force(rest);
            let (last, init) = row.split_last().expect("the row is not empty");
            take_first.max(last - deque_by_brute_force(init))
        }
    }
}

#[test]
fn abc368_f_answers_the_atcoder_samples() {
    assert_eq!(abc368_f::solve("3\n2 3 4\n").as_deref(), Ok("Anna"));
    assert_eq!(abc368_f::solve("4\n2 3 4 6\n").as_deref(), Ok("Bruno"));
}

#[test]
fn abc368_f_rejects_malformed_input() {
    for input in [
        "",
        "2\n2\n",
        "1\n0\n",
        "1\nx\n",
        "1\n2 3\n",
        "1\n10000001\n",
    ] {
        assert!(abc368_f::solve(input).is_err(), "{input:?} was accepted");
    }
}

#[test]
fn abc368_f_sieve_counts_prime_factors_by_trial_division() {
    let omega = abc368_f::prime_factor_counts(5000);
    for (a, &count) in omega.iter().enumerate().skip(1) {
        let (mut rest, mut expected, mut p) = (a, 0, 2);
        while rest > 1 {
            while rest % p == 0 {
                rest /= p;
                expected += 1;
            }
            p += 1;
        }
        assert_eq!(count, expected, "Omega({a})");
    }
}

/// Whether the player to move wins the dividing game on `values`, by searching
/// every move (no Grundy theory): a position is won when some move reaches a lost one.
fn dividing_game_wins(values: &mut Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = values.clone();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = false;
    'search: for i in 0..values.len() {
        let value = values[i];
        for divisor in (1..value).filter(|d| value % d == 0) {
            values[i] = divisor;
            let opponent_wins = dividing_game_wins(values, memo);
            values[i] = value;
            if !opponent_wins {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

#[test]
fn leetcode_answers_the_samples() {
    let expected = [
        "877 true",
        "877 true",
        "1140 10",
        "1140 104",
        "1406 Bob",
        "1406 Alice",
        "1406 Tie",
        "1510 true",
        "1510 false",
        "1510 true",
        "1686 1",
        "1686 0",
        "1686 -1",
        "1690 6",
        "1690 122",
    ];
    assert_eq!(leetcode::samples(), expected);
}

#[test]
fn cf1194d_answers_the_codeforces_sample_and_rejects_malformed_input() {
    assert_eq!(
        cf1194d::solve("4\n0 3\n3 3\n3 4\n4 4\n").as_deref(),
        Ok("Bob\nAlice\nBob\nAlice")
    );
    for input in ["", "1\n5", "1\n5 2\n", "1\n5 x\n", "1\n5 3 7\n"] {
        assert!(cf1194d::solve(input).is_err(), "{input:?} was accepted");
    }
}

/// Whether the player to move wins the chip game of Codeforces 1194D, by the
/// definition, for every cell up to `upto`.
fn one_two_k_wins(k: u64, upto: usize) -> Vec<bool> {
    let mut wins = vec![false; upto + 1];
    for n in 1..=upto {
        wins[n] = [1, 2, k]
            .iter()
            .any(|&s| s as usize <= n && !wins[n - s as usize]);
    }
    wins
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn cf1194d_agrees_with_brute_force(k in prop_oneof![3u64..=300, 65_537u64..=120_000],
                                        cells in prop::collection::vec(0usize..=360_000, 1..=6)) {
        let wins = one_two_k_wins(k, 360_000);
        let input = format!(
            "{}\n{}",
            cells.len(),
            cells.iter().map(|n| format!("{n} {k}\n")).collect::<String>()
        );
        let expected: Vec<&str> = cells.iter().map(|&n| if wins[n] { "Alice" } else { "Bob" }).collect();
        prop_assert_eq!(cf1194d::solve(&input), Ok(expected.join("\n")));
    }
}

proptest! {
    #[test]
    fn dp_l_agrees_with_brute_force(row in prop::collection::vec(1i64..=1_000_000_000, 1..=11)) {
        let input = format!(
            "{}\n{}\n",
            row.len(),
            row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        );
        prop_assert_eq!(dp_l::solve(&input), Ok(deque_by_brute_force(&row).to_string()));
    }

    #[test]
    fn abc368_f_agrees_with_brute_force(values in prop::collection::vec(2u32..=48, 1..=3)) {
        let input = format!(
            "{}\n{}\n",
            values.len(),
            values.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        );
        let anna_wins = dividing_game_wins(&mut values.clone(), &mut HashMap::new());
        let expected = if anna_wins { "Anna" } else { "Bruno" };
        prop_assert_eq!(abc368_f::solve(&input), Ok(expected.to_string()));
    }
}
