//! POJ 2311 "Cutting Game" by hand: the baseline of benches/baseline/own_impartial.sh.
//!
//! The DP an expert writes: a flat byte table of Grundy values for every sheet
//! up to 200 x 200 (sides of 1 excluded, as in examples/poj2311.rs), filled
//! bottom-up with each cut listed once, and a mex with a stamp array. Reads
//! `W H` lines until the end of the input; prints WIN or LOSE for each.
//!
//!     rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat hand_poj2311.rs

use std::io::{Read, Write};

const MAX: usize = 200;
const STRIDE: usize = MAX + 1;

fn main() {
    let g = grundy_table(MAX);
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    while let (Some(w), Some(h)) = (tokens.next(), tokens.next()) {
        out.push_str(if g[w * STRIDE + h] != 0 {
            "WIN\n"
        } else {
            "LOSE\n"
        });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}

/// Grundy values of every sheet with both sides in `2..=max`, at
/// `w * (max + 1) + h` (also the loop `benches/own_impartial.rs` times).
pub fn grundy_table(max: usize) -> Vec<u8> {
    let stride = max + 1;
    let mut g = vec![0u8; stride * stride];
    let mut stamp = [0u32; 257];
    let mut generation = 0u32;
    for w in 2..=max {
        for h in 2..=max {
            generation += 1;
            for i in 2..=w / 2 {
                stamp[(g[i * stride + h] ^ g[(w - i) * stride + h]) as usize] = generation;
            }
            for j in 2..=h / 2 {
                stamp[(g[w * stride + j] ^ g[w * stride + h - j]) as usize] = generation;
            }
            let mut mex = 0;
            while stamp[mex] == generation {
                mex += 1;
            }
            g[w * stride + h] = mex as u8;
        }
    }
    g
}
