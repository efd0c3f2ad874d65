//! The LeetCode "Stone Game" problems, each solved by one call.
//!
//! `cargo run --release --example leetcode_stone_games`

use stonegame::scoring::{Ends, EndsRemainder, Front, FrontDoubling, Valuations};

fn main() -> stonegame::Result<()> {
    // 877 Stone Game: does Alice win taking from either end?
    let game = Ends::new(vec![5i64, 3, 4, 5])?;
    println!("877  [5,3,4,5]: Alice wins = {}", game.value() > 0);

    // 1690 Stone Game VII: the difference when a move scores what remains.
    let game = EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?;
    println!("1690 [5,3,1,4,2]: difference = {}", game.value()?);

    // 1406 Stone Game III: take 1..=3 from the front.
    let solution = Front::new(vec![1i64, 2, 3, 7], 3)?.solve()?;
    println!(
        "1406 [1,2,3,7]: {} wins, line {:?}",
        solution.outcome(),
        solution.line()
    );

    // 1140 Stone Game II: Alice's total when taking up to 2M.
    let (alice, _) = FrontDoubling::new(vec![2i64, 7, 9, 4, 4])?.totals()?;
    println!("1140 [2,7,9,4,4]: Alice scores {alice}");

    // 1686 Stone Game VI: the sign of the difference with different valuations.
    let game = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7])?;
    println!("1686 a=[2,4,3] b=[1,6,7]: {}", game.value().signum());
    Ok(())
}
