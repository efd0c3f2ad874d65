//! The contest examples of issue 21 under Cargo: samples, malformed input,
//! and brute force on random small cases (tools/check-bundles runs the same
//! programs bundled).

#[allow(dead_code)]
#[path = "../../examples/hdu3032.rs"]
mod hdu3032;

#[allow(dead_code)]
#[path = "../../examples/kayles_pins.rs"]
mod kayles_pins;

#[allow(dead_code)]
#[path = "../../examples/poj3537.rs"]
mod poj3537;

#[allow(dead_code)]
#[path = "../../examples/agc017_d.rs"]
mod agc017_d;

use proptest::prelude::*;
use std::collections::HashMap;

/// An example's `solve`.
type Solve = fn(&str) -> Result<String, String>;

#[test]
fn the_samples_are_answered() {
    let samples: [(Solve, &str, &str); 8] = [
        (hdu3032::solve, "2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob"),
        (
            kayles_pins::solve,
            "4\n4\nIXXI\n4\nXIIX\n5\nIIXII\n5\nIIIII\n",
            "LOSE\nWIN\nLOSE\nWIN",
        ),
        (poj3537::solve, "3\n", "1"),
        (poj3537::solve, "6\n", "2"),
        (agc017_d::solve, "5\n1 2\n2 3\n2 4\n4 5\n", "Alice"),
        (agc017_d::solve, "5\n1 2\n3 1\n4 2\n5 2\n", "Bob"),
        (agc017_d::solve, "6\n1 2\n2 4\n5 1\n6 3\n3 2\n", "Alice"),
        (agc017_d::solve, "7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", "Bob"),
    ];
    for (solve, input, expected) in samples {
        assert_eq!(solve(input).as_deref(), Ok(expected), "{input:?}");
    }
}

#[test]
fn malformed_input_is_refused() {
    let bad: [(Solve, &str); 15] = [
        (hdu3032::solve, ""),
        (hdu3032::solve, "1\n2\n3\n"),
        (hdu3032::solve, "1\n1\nx\n"),
        (hdu3032::solve, "1\n1\n3 4\n"),
        (hdu3032::solve, "1\n1\n99999999999999999999\n"),
        (kayles_pins::solve, "1\n3\nIXY\n"),
        (kayles_pins::solve, "1\n4\nIXI\n"),
        (kayles_pins::solve, "2\n1\nI\n"),
        (poj3537::solve, "2\n"),
        (poj3537::solve, "2001\n"),
        (poj3537::solve, "5 5\n"),
        (agc017_d::solve, "0\n"),
        (agc017_d::solve, "3\n1 2\n2 4\n"),
        (agc017_d::solve, "4\n1 2\n3 4\n2 1\n"),
        (agc017_d::solve, "3\n1 2\n"),
    ];
    for (solve, input) in bad {
        assert!(solve(input).is_err(), "{input:?} was accepted");
    }
}

/// Kayles on a row of pins by full search.
fn kayles_row_wins(row: Vec<bool>, memo: &mut HashMap<Vec<bool>, bool>) -> bool {
    if let Some(&known) = memo.get(&row) {
        return known;
    }
    let mut wins = false;
    for i in 0..row.len() {
        for width in 1..=2 {
            if i + width <= row.len() && row[i..i + width].iter().all(|&pin| pin) {
                let mut next = row.clone();
                next[i..i + width].iter_mut().for_each(|pin| *pin = false);
                wins |= !kayles_row_wins(next, memo);
            }
        }
    }
    memo.insert(row, wins);
    wins
}

/// Lasker's Nim by full search over sorted heaps.
fn laskers_wins(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut wins = false;
    for (i, &heap) in heaps.iter().enumerate() {
        let mut options: Vec<Vec<u64>> = (0..heap).map(|left| vec![left]).collect();
        options.extend((1..=heap / 2).map(|a| vec![a, heap - a]));
        for option in options {
            let mut next: Vec<u64> = heaps.clone();
            next.remove(i);
            next.extend(option.into_iter().filter(|&h| h > 0));
            next.sort_unstable();
            wins |= !laskers_wins(next, memo);
        }
    }
    memo.insert(heaps, wins);
    wins
}

proptest! {
    #[test]
    fn kayles_pins_agrees_with_brute_force(row in prop::collection::vec(prop::bool::weighted(0.75), 1..=12)) {
        let text: String = row.iter().map(|&pin| if pin { 'I' } else { 'X' }).collect();
        let expected = if kayles_row_wins(row.clone(), &mut HashMap::new()) { "WIN" } else { "LOSE" };
        let answer = kayles_pins::solve(&format!("1\n{}\n{text}\n", row.len())).unwrap();
        prop_assert_eq!(answer, expected);
    }

    #[test]
    fn hdu3032_agrees_with_brute_force(heaps in prop::collection::vec(1u64..=7, 1..=3)) {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let expected = if laskers_wins(sorted, &mut HashMap::new()) { "Alice" } else { "Bob" };
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let answer = hdu3032::solve(&format!("1\n{}\n{}\n", heaps.len(), line.join(" "))).unwrap();
        prop_assert_eq!(answer, expected);
    }
}
