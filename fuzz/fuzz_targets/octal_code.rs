//! Any text as an octal code: parsing never panics; a parsed code prints back
//! to an equal code, and its first Grundy values agree between the fast and
//! the plain algorithm (or both refuse).
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::impartial::octal::{TakeAndBreak, grundy_sequence, grundy_sequence_plain};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(game) = text.parse::<TakeAndBreak>() else { return };
    let again: TakeAndBreak = game.to_string().parse().expect("a printed code parses");
    assert_eq!(again, game);
    let budget = common::small_budget();
    if let (Ok(fast), Ok(plain)) = (
        grundy_sequence(&game, 40, budget),
        grundy_sequence_plain(&game, 40, budget),
    ) {
        assert_eq!(fast, plain, "{game}");
    }
});
