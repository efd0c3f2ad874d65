//! Any row of stones: the constructors validate (overflow is an error), and
//! the linear take-either-end value equals the interval DP on short rows.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::scoring::{Ends, EndsRemainder, Front, StoneMerge};

fuzz_target!(|data: &[u8]| {
    let values: Vec<i64> = common::words(data).into_iter().map(|w| w as i64).collect();
    if let Ok(game) = Ends::new(values.clone()) {
        let game = game.with_budget(common::small_budget());
        if values.len() <= 300 {
            if let Ok(value) = game.value_by_interval_dp() {
                assert_eq!(game.value(), value);
            }
        }
    }
    let narrow: Vec<i16> = values.iter().map(|&v| v as i16).collect();
    if let Ok(game) = Ends::new(narrow.clone()) {
        let _ = game.value();
    }
    if let Ok(game) = EndsRemainder::new(narrow.clone()) {
        let _ = game.with_budget(common::small_budget()).value();
    }
    let take = values.first().map_or(1, |&v| (v as usize) % 8);
    if let Ok(game) = Front::new(narrow.clone(), take) {
        let _ = game.value();
    }
    if let Ok(game) = StoneMerge::new(narrow) {
        let _ = game.value();
    }
});
