//! Any move set and heaps: `SubtractionSet::new` validates, and a subtraction
//! game answers or refuses with an error in both conventions, never panics;
//! a winning move leads to a loss.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::Convention;
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};

fuzz_target!(|data: &[u8]| {
    let words = common::words(data);
    let Some((&split, rest)) = words.split_first() else { return };
    let at = (split as usize) % (rest.len() + 1);
    let (moves, heaps) = rest.split_at(at);
    let Ok(set) = SubtractionSet::new(moves.iter().map(|m| m % 4096)) else { return };
    for convention in [Convention::Normal, Convention::Misere] {
        let mut game = Subtraction::new(set.clone())
            .with_convention(convention)
            .with_budget(common::small_budget());
        if let Ok(Some(winning)) = game.winning_move(heaps) {
            let after = winning.apply(heaps).expect("a winning move applies");
            if let Ok(outcome) = game.outcome(&after) {
                assert_eq!(outcome, stonegame::Outcome::Second);
            }
        }
    }
});
