//! Any edge list: Green Hackenbush answers or refuses; a winning edge leaves
//! a position of value 0.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::impartial::hackenbush::GreenHackenbush;

fuzz_target!(|data: &[u8]| {
    let edges: Vec<(u32, u32)> = data
        .chunks_exact(2)
        .map(|pair| (u32::from(pair[0] % 16), u32::from(pair[1] % 16)))
        .collect();
    let Ok(game) = GreenHackenbush::new(&edges) else { return };
    let game = game.with_budget(common::small_budget());
    if let Ok(Some(winning)) = game.winning_move() {
        let mut rest = edges.clone();
        rest.remove(winning.index);
        let after = GreenHackenbush::new(&rest).expect("a smaller graph");
        assert!(after.nimber().expect("small").is_zero());
    }
});
