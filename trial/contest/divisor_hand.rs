//! Piles; a move takes `d` stones from a pile of `x`, `d | x`, `d < x`. Hand-written Grundy
//! table up to the largest pile: divisors from a smallest-prime-factor sieve, mex with stamps.
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let piles: Vec<usize> = it.take(n).collect();
    let max = piles.iter().copied().max().unwrap_or(1);
    let mut spf = vec![0u32; max + 1];
    for p in 2..=max {
        if spf[p] == 0 {
            for m in (p..=max).step_by(p) {
                if spf[m] == 0 {
                    spf[m] = p as u32;
                }
            }
        }
    }
    let mut grundy = vec![0u8; max + 1];
    let mut stamp = [0u32; 256];
    let mut divisors = [0usize; 240];
    for x in 2..=max {
        divisors[0] = 1;
        let mut count = 1;
        let mut rest = x;
        while rest > 1 {
            let p = spf[rest] as usize;
            let before = count;
            let mut power = 1;
            while rest % p == 0 {
                rest /= p;
                power *= p;
                for k in 0..before {
                    divisors[count] = divisors[k] * power;
                    count += 1;
                }
            }
        }
        let tag = x as u32;
        for &d in &divisors[..count] {
            if d < x {
                stamp[grundy[x - d] as usize] = tag;
            }
        }
        let mut g = 0;
        while stamp[g] == tag {
            g += 1;
        }
        grundy[x] = g as u8;
    }
    let sum = piles.iter().fold(0u8, |acc, &x| acc ^ grundy[x]);
    let answer = if sum == 0 { "Second\n" } else { "First\n" };
    std::io::stdout().write_all(answer.as_bytes()).unwrap();
}
