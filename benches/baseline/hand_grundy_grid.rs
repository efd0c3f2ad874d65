//! The hand-written DP that examples/grundy_grid.rs is measured against
//! (issue 42): the same input (`N A B C Q`, then `Q` lines `I J`), a flat
//! byte table filled row by row, the mex of three values by a 64-bit mask
//! and `trailing_zeros`; prints the XOR of the asked cells' values. Input is
//! trusted (a baseline, not a program for users).
//!
//! rustc --edition 2021 -C opt-level=3 -o hand benches/baseline/hand_grundy_grid.rs

use std::io::Read;

/// The Grundy values of every cell, row by row.
pub fn grundy_table(side: usize, up: usize, left: usize, diagonal: usize) -> Vec<u8> {
    let mut table = vec![0u8; side * side];
    for i in 0..side {
        for j in 0..side {
            let mut mask = 0u64;
            if i >= up {
                mask |= 1 << table[(i - up) * side + j];
            }
            if j >= left {
                mask |= 1 << table[i * side + j - left];
            }
            if i >= diagonal && j >= diagonal {
                mask |= 1 << table[(i - diagonal) * side + j - diagonal];
            }
            table[i * side + j] = (!mask).trailing_zeros() as u8;
        }
    }
    table
}

#[allow(dead_code)]
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut next = || tokens.next().unwrap();
    let (side, up, left, diagonal, queries) = (next(), next(), next(), next(), next());
    let table = grundy_table(side, up, left, diagonal);
    let mut total = 0u64;
    for _ in 0..queries {
        let (i, j) = (next(), next());
        total ^= u64::from(table[i * side + j]);
    }
    println!("{total}");
}
