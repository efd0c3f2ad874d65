//! Take from either end, the k-th take scoring k · a; hand-written DP keeping the whole
//! triangular table (what the generic solver stores), for the memory comparison.
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let a: Vec<i64> = it.take(n).collect();
    let first = |len: usize| len * (n + 1) - len * len.saturating_sub(1) / 2;
    let mut table = vec![0i64; first(n + 1)];
    for len in 1..=n {
        let k = (n - len + 1) as i64;
        let (base, shorter) = (first(len), first(len - 1));
        for l in 0..=n - len {
            let left = k * a[l] - table[shorter + l + 1];
            let right = k * a[l + len - 1] - table[shorter + l];
            table[base + l] = left.max(right);
        }
    }
    std::io::stdout()
        .write_all(format!("{}\n", table[first(n)]).as_bytes())
        .unwrap();
}
