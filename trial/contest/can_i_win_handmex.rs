//! LeetCode 464 "Can I Win", hand-written Grundy (mex) table over the unused set: the same
//! work as `GrundySolver` does (every option read, no early exit), to separate the engine's
//! cost from the cost of computing nimbers instead of win/lose.
use std::io::{Read, Write};

fn nimber(m: u32, total: u32, g: &mut Vec<u8>) -> bool {
    if total == 0 {
        return true;
    }
    let all = m * (m + 1) / 2;
    if all < total {
        return false;
    }
    let end = 1usize << m;
    g.clear();
    g.resize(end, 0);
    let mut unused_sum = 0u32;
    for unused in 0..end {
        if unused > 0 {
            let t = (unused - 1).trailing_ones();
            unused_sum = unused_sum - t * (t + 1) / 2 + t + 1;
        }
        if all - unused_sum >= total {
            continue;
        }
        let mut seen = 0u64;
        let mut rest = unused;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            seen |= 1 << g[unused ^ bit];
            rest ^= bit;
        }
        g[unused] = (!seen).trailing_zeros() as u8;
    }
    g[end - 1] != 0
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    let mut g = Vec::new();
    for line in input.lines() {
        let v: Vec<u32> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if v.is_empty() {
            continue;
        }
        out.push_str(if nimber(v[0], v[1], &mut g) {
            "true\n"
        } else {
            "false\n"
        });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
