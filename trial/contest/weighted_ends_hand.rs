//! Take from either end, the k-th take scoring k · a; hand-written rolling DP over lengths
//! (one row of n + 1 values, O(n^2) time, O(n) memory).
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let a: Vec<i64> = it.take(n).collect();
    // dp[l] = value of the interval l..l+len for the player to move.
    let mut dp = vec![0i64; n + 1];
    for len in 1..=n {
        let k = (n - len + 1) as i64;
        for l in 0..=n - len {
            let left = k * a[l] - dp[l + 1];
            let right = k * a[l + len - 1] - dp[l];
            dp[l] = left.max(right);
        }
    }
    std::io::stdout()
        .write_all(format!("{}\n", dp[0]).as_bytes())
        .unwrap();
}
