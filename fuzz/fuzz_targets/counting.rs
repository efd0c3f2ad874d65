//! Any coins, rounds and modulus: counting answers or refuses with an error.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::counting::AbsorbingWalk;

fuzz_target!(|data: &[u8]| {
    let words = common::words(data);
    let [a, b, rounds, modulus, ..] = words.as_slice() else { return };
    let walk = AbsorbingWalk::janken(*a, *b).with_budget(common::small_budget());
    let _ = walk.cell_updates(*rounds);
    let _ = walk.total_absorbed_modulo(*rounds, *modulus);
    let _ = walk.total_absorbed::<u64>(*rounds);
});
