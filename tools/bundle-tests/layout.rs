// A program for tools/check-bundles over tools/bundle-tests/layout_crate: the
// crate's private sorting modules (`engine`, `games`) must vanish from the
// bundle and every path must still resolve.
use std::io::Read;
use stonegame::family::{helper, take, Nim};
use stonegame::Budget;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let heaps: Vec<u64> = input.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let nim = Nim { budget: Budget(0) };
    println!("{}", nim.value(&heaps));
    println!("{}", nim.winning(&heaps).unwrap_or_else(|| "none".to_string()));
    println!("{}", take::take_one_or_two(heaps.iter().sum()));
    println!("{}", helper::has_move(&nim));
}
