//! The two-option row example (`examples/scoring_row.rs`, issue 42): the
//! sample, malformed input, and random rows and queries against a plain
//! minimax over the same moves.

#[allow(dead_code)]
#[path = "../../examples/scoring_row.rs"]
mod scoring_row;

use proptest::prelude::*;

/// Plain minimax: the row `row[l..r]` left, `previous` taken last.
fn brute(row: &[i64], l: usize, r: usize, previous: i64) -> i64 {
    if l == r {
        return 0;
    }
    let left = row[l] - previous - brute(row, l + 1, r, row[l]);
    let right = row[r - 1] - previous - brute(row, l, r - 1, row[r - 1]);
    left.max(right)
}

/// What was taken last at the position `(l, r, side)` (0 at the ends).
fn previous(row: &[i64], l: usize, r: usize, side: usize) -> i64 {
    match side {
        0 if l > 0 => row[l - 1],
        1 if r < row.len() => row[r],
        _ => 0,
    }
}

#[test]
fn answers_the_sample() {
    let input = "3 2\n1 5 2\n0 3 0\n1 3 0\n";
    assert_eq!(scoring_row::solve(input).as_deref(), Ok("-5\n-5\n7"));
}

#[test]
fn rejects_malformed_input() {
    for input in [
        "",
        "3\n1 2 3\n",
        "0 0\n\n",
        "3001 0\n",
        "3 0\n1 2\n",
        "3 0\n1 2 x\n",
        "3 1\n1 2 3\n",
        "3 1\n1 2 3\n2 1 0\n",
        "3 1\n1 2 3\n0 4 0\n",
        "3 1\n1 2 3\n0 3 2\n",
        "3 0\n1 2 3\n9\n",
        "1 0\n1000000001\n",
    ] {
        assert!(scoring_row::solve(input).is_err(), "{input:?} was accepted");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn agrees_with_minimax(
        row in prop::collection::vec(-20i64..=20, 1..=8),
        raw in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0usize..2), 0..=6),
    ) {
        let n = row.len();
        let queries: Vec<(usize, usize, usize)> = raw
            .iter()
            .map(|(a, b, side)| {
                let l = a.index(n + 1);
                (l, l + b.index(n + 1 - l), *side)
            })
            .collect();
        let mut input = format!("{n} {}\n", queries.len());
        input += &row.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
        input += "\n";
        let mut expected = vec![brute(&row, 0, n, 0).to_string()];
        for &(l, r, side) in &queries {
            input += &format!("{l} {r} {side}\n");
            expected.push(brute(&row, l, r, previous(&row, l, r, side)).to_string());
        }
        prop_assert_eq!(scoring_row::solve(&input).unwrap(), expected.join("\n"));
    }
}
