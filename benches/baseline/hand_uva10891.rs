// UVa 10891 "Game of Sum", the hand-written DP the generic solver is
// measured against (benches/baseline/own_scoring.sh): the same moves and
// recurrence (take k >= 1 numbers from either end), one flat i64 table over
// the intervals l..r filled by increasing length, prefix sums for the takes.
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap());
    let mut out = String::new();
    loop {
        let n = numbers.next().unwrap() as usize;
        if n == 0 {
            break;
        }
        let mut prefix = vec![0i64; n + 1];
        for i in 0..n {
            prefix[i + 1] = prefix[i] + numbers.next().unwrap();
        }
        let stride = n + 1;
        // dp[l * stride + r]: the mover's best difference on l..r.
        let mut dp = vec![0i64; stride * stride];
        for len in 1..=n {
            for l in 0..=n - len {
                let r = l + len;
                let mut best = i64::MIN;
                for k in 1..=len {
                    best = best.max(prefix[l + k] - prefix[l] - dp[(l + k) * stride + r]);
                    best = best.max(prefix[r] - prefix[r - k] - dp[l * stride + r - k]);
                }
                dp[l * stride + r] = best;
            }
        }
        out.push_str(&dp[n].to_string());
        out.push('\n');
    }
    print!("{out}");
}
