//! The UVa 10891 "Game of Sum" example: samples, malformed input, and random
//! cases against a plain minimax.

#[allow(dead_code)]
#[path = "../../examples/uva10891.rs"]
mod uva10891;

use proptest::prelude::*;

/// Plain minimax over the row: the reference.
fn brute(row: &[i64]) -> i64 {
    (1..=row.len())
        .flat_map(|k| {
            let left: i64 = row[..k].iter().sum();
            let right: i64 = row[row.len() - k..].iter().sum();
            [
                left - brute(&row[k..]),
                right - brute(&row[..row.len() - k]),
            ]
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn answers_the_uva_samples() {
    let input = "4\n4 -10 -20 7\n4\n1 2 3 4\n0\n";
    assert_eq!(uva10891::solve(input).as_deref(), Ok("7\n10"));
}

#[test]
fn rejects_malformed_input() {
    for input in ["", "2\n1\n", "2\n1 x\n0\n", "101\n", "-1\n", "1\n5\n"] {
        assert!(uva10891::solve(input).is_err(), "{input:?} was accepted");
    }
}

proptest! {
    #[test]
    fn agrees_with_minimax(rows in prop::collection::vec(prop::collection::vec(-99i64..=99, 1..=8), 1..=4)) {
        let mut input = String::new();
        for row in &rows {
            input.push_str(&format!("{}\n", row.len()));
            let cells: Vec<String> = row.iter().map(ToString::to_string).collect();
            input.push_str(&cells.join(" "));
            input.push('\n');
        }
        input.push_str("0\n");
        let expected: Vec<String> = rows.iter().map(|row| brute(row).to_string()).collect();
        prop_assert_eq!(uva10891::solve(&input).unwrap(), expected.join("\n"));
    }
}
