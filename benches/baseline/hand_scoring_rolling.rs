// Take either end, the k-th take weighted (k · a), the hand-written rolling
// DP the generic solver is measured against
// (benches/baseline/own_scoring_rolling.sh): the same moves and recurrence
// as examples/scoring_rolling.rs, one row of the values of the intervals of
// one length, overwritten in place as the length grows (dp[l] holds the
// value of l..l+len; the new dp[l] reads the old dp[l] and dp[l + 1]).
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap());
    let n = numbers.next().unwrap() as usize;
    let a: Vec<i64> = (0..n).map(|_| numbers.next().unwrap()).collect();
    let mut dp = vec![0i64; n + 1];
    for len in 1..=n {
        let k = (n - len + 1) as i64;
        for l in 0..=n - len {
            let r = l + len;
            dp[l] = (k * a[l] - dp[l + 1]).max(k * a[r - 1] - dp[l]);
        }
    }
    println!("{}", dp[0]);
}
