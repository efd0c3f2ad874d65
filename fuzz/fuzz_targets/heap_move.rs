//! Any move data: `HeapMove::new` accepts exactly the consistent moves, and
//! applying one never panics.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use stonegame::impartial::HeapMove;

fuzz_target!(|data: &[u8]| {
    let words = common::words(data);
    let [index, from, rest @ ..] = words.as_slice() else { return };
    let parts = &rest[..rest.len().min(3)];
    let heaps = &rest[parts.len()..];
    if let Ok(heap_move) = HeapMove::new(*index as usize, *from, parts) {
        assert!(heap_move.removed() <= heap_move.from());
        let _ = heap_move.to_string();
        if let Ok(after) = heap_move.apply(heaps) {
            assert_eq!(after.len() + 1, heaps.len() + heap_move.to().len());
        }
    }
});
