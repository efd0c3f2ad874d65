//! The LeetCode "Stone Game" problems with the judge's exact signatures,
//! each answered by stonegame; `main` runs the problems' samples.
//!
//! `cargo run --example leetcode`. To submit one problem, bundle this file
//! (`tools/bundle examples/leetcode.rs > submission.rs`, docs/contest.md),
//! then delete `struct Solution;` and `fn main` (the judge declares the
//! first and has no use for the second). LeetCode's constraints keep every
//! total far inside `i64`, so the games' constructors cannot refuse these
//! inputs; the `expect`s state why.

use std::ops::ControlFlow;
use stonegame::Outcome;
use stonegame::impartial::subtraction::SubtractionRule;
use stonegame::scoring::{Ends, EndsRemainder, Front, FrontDoubling, Valuations};

pub struct Solution;

/// Widens LeetCode's `i32` values to the `i64` scores the games use.
fn widen(values: Vec<i32>) -> Vec<i64> {
    values.into_iter().map(i64::from).collect()
}

const FITS: &str = "LeetCode's constraints keep the totals inside i64";

impl Solution {
    /// 877 Stone Game: Alice takes a whole pile from either end; does she win?
    pub fn stone_game(piles: Vec<i32>) -> bool {
        let game = Ends::new(widen(piles)).expect(FITS);
        game.value() > 0
    }

    /// 1140 Stone Game II: take all piles of the first X, 1 <= X <= 2M, M = max(M, X);
    /// the most stones Alice can get.
    pub fn stone_game_ii(piles: Vec<i32>) -> i32 {
        let (alice, _) = FrontDoubling::new(widen(piles))
            .expect(FITS)
            .totals()
            .expect("100 piles need a table of a few kilobytes");
        i32::try_from(alice).expect("Alice's total is at most the sum of the piles")
    }

    /// 1406 Stone Game III: take 1, 2 or 3 stones from the front; "Alice", "Bob" or "Tie".
    pub fn stone_game_iii(stone_value: Vec<i32>) -> String {
        let game = Front::new(widen(stone_value), 3).expect(FITS);
        match game.value().signum() {
            1 => "Alice",
            -1 => "Bob",
            _ => "Tie",
        }
        .to_string()
    }

    /// 1510 Stone Game IV: remove a non-zero square number of stones; does Alice win?
    pub fn winner_square_game(n: i32) -> bool {
        let squares =
            SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>| {
                let mut root = 1u64;
                while root * root <= heap {
                    visit(root * root)?; // the solver may stop the listing
                    root += 1;
                }
                ControlFlow::Continue(())
            });
        let heap = u64::try_from(n).expect("n is at least 1");
        let outcomes = squares
            .outcome_table(heap)
            .expect("10^5 heaps need a table of a few hundred kilobytes");
        outcomes[heap as usize] == Outcome::First
    }

    /// 1686 Stone Game VI: the players value the stones differently;
    /// 1 if Alice wins, -1 if Bob wins, 0 for a draw.
    pub fn stone_game_vi(alice_values: Vec<i32>, bob_values: Vec<i32>) -> i32 {
        let game = Valuations::new(widen(alice_values), widen(bob_values))
            .expect("both rows have n values and LeetCode's totals fit i64");
        game.value().signum() as i32
    }

    /// 1690 Stone Game VII: take either end, score the sum of the stones left;
    /// Alice's score minus Bob's.
    pub fn stone_game_vii(stones: Vec<i32>) -> i32 {
        let game = EndsRemainder::new(widen(stones)).expect(FITS);
        let value = game.value().expect("n = 1000 is far within the work cap");
        i32::try_from(value).expect("the difference is below 1000 * 1000 * 1000")
    }
}

/// One line per sample: the problem, the input, the answer.
pub fn samples() -> Vec<String> {
    vec![
        format!("877 {}", Solution::stone_game(vec![5, 3, 4, 5])),
        format!("877 {}", Solution::stone_game(vec![3, 7, 2, 3])),
        format!("1140 {}", Solution::stone_game_ii(vec![2, 7, 9, 4, 4])),
        format!("1140 {}", Solution::stone_game_ii(vec![1, 2, 3, 4, 5, 100])),
        format!("1406 {}", Solution::stone_game_iii(vec![1, 2, 3, 7])),
        format!("1406 {}", Solution::stone_game_iii(vec![1, 2, 3, -9])),
        format!("1406 {}", Solution::stone_game_iii(vec![1, 2, 3, 6])),
        format!("1510 {}", Solution::winner_square_game(1)),
        format!("1510 {}", Solution::winner_square_game(2)),
        format!("1510 {}", Solution::winner_square_game(4)),
        format!("1686 {}", Solution::stone_game_vi(vec![1, 3], vec![2, 1])),
        format!("1686 {}", Solution::stone_game_vi(vec![1, 2], vec![3, 1])),
        format!(
            "1686 {}",
            Solution::stone_game_vi(vec![2, 4, 3], vec![1, 6, 7])
        ),
        format!("1690 {}", Solution::stone_game_vii(vec![5, 3, 1, 4, 2])),
        format!(
            "1690 {}",
            Solution::stone_game_vii(vec![7, 90, 5, 1, 100, 10, 10, 2])
        ),
    ]
}

fn main() {
    for line in samples() {
        println!("{line}");
    }
}
