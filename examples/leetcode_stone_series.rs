//! LeetCode Stone Game V (1563), VIII (1872) and IX (2029) with LeetCode's
//! exact signatures, each one call into the crate.
//!
//! `cargo run --release --example leetcode_stone_series`

use stonegame::scoring::{StoneMerge, StoneMod3, StoneSplit};

/// 1563 Stone Game V: Alice's largest total.
///
/// LeetCode's constraints (n <= 500, stones <= 10^6) keep twice the sum
/// below `i32::MAX`, so the game is solved in `i32` directly.
pub fn stone_game_v(stone_value: Vec<i32>) -> i32 {
    StoneSplit::new(stone_value)
        .and_then(|game| game.value())
        .expect("LeetCode's constraints: positive stones, n <= 500, values <= 10^6")
}

/// 1872 Stone Game VIII: Alice's score minus Bob's.
///
/// Prefix sums reach 10^9 under LeetCode's constraints, so intermediate
/// values are kept in `i64`; the answer itself fits `i32`.
pub fn stone_game_viii(stones: Vec<i32>) -> i32 {
    let stones: Vec<i64> = stones.into_iter().map(i64::from).collect();
    let value = StoneMerge::new(stones)
        .expect("LeetCode's constraints: n >= 2")
        .value();
    i32::try_from(value).expect("LeetCode's answers fit i32")
}

/// 2029 Stone Game IX: whether Alice wins.
pub fn stone_game_ix(stones: Vec<i32>) -> bool {
    let stones: Vec<u64> = stones
        .into_iter()
        .map(|v| u64::try_from(v).expect("LeetCode's constraints: stones >= 1"))
        .collect();
    StoneMod3::new(stones)
        .expect("LeetCode's constraints: stones >= 1")
        .outcome()
        == stonegame::Outcome::First
}

fn main() {
    for stones in [vec![6, 2, 3, 4, 5, 5], vec![7, 7, 7, 7, 7, 7, 7], vec![4]] {
        println!("1563 {stones:?}: {}", stone_game_v(stones.clone()));
    }
    for stones in [
        vec![-1, 2, -3, 4, -5],
        vec![7, -6, 5, 10, 5, -2, -6],
        vec![-10, -12],
    ] {
        println!("1872 {stones:?}: {}", stone_game_viii(stones.clone()));
    }
    for stones in [vec![2, 1], vec![2], vec![5, 1, 2, 4, 3]] {
        println!("2029 {stones:?}: {}", stone_game_ix(stones.clone()));
    }
}
