//! Shared by the fuzz targets: small budgets, so every call answers or refuses fast.
#![allow(dead_code)]

use stonegame::Budget;

/// A budget small enough that any refusal comes within milliseconds.
pub fn small_budget() -> Budget {
    Budget::from_mebibytes(64).with_work(2_000_000)
}

/// Reads little-endian u64s from the input (a trailing partial word is dropped).
pub fn words(data: &[u8]) -> Vec<u64> {
    data.chunks_exact(8)
        .map(|chunk| u64::from_le_bytes(chunk.try_into().expect("eight bytes")))
        .collect()
}
