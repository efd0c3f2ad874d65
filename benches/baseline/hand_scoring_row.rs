// The two-option row (issue 42), the hand-written DP the generic solver is
// measured against (benches/baseline/own_scoring_row.sh): the same moves and
// recurrence as examples/scoring_row.rs (take either end; a take scores the
// number taken minus the number taken just before it), one flat i64 table of
// the positions (l, r, side) by length, then left end, then side, filled by
// increasing length; then the queries read from it.
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap());
    let n = numbers.next().unwrap() as usize;
    let q = numbers.next().unwrap() as usize;
    // padded[i + 1] = a[i]; padded[0] = padded[n + 1] = 0 (nothing taken yet).
    let mut padded = vec![0i64; n + 2];
    for cell in &mut padded[1..=n] {
        *cell = numbers.next().unwrap();
    }
    let first = |len: usize| 2 * (len * (n + 1) - len * len.saturating_sub(1) / 2);
    let mut dp = vec![0i64; first(n + 1)];
    for len in 1..=n {
        let (shorter, here) = (first(len - 1), first(len));
        for l in 0..=n - len {
            let r = l + len;
            let (left, right) = (padded[l + 1], padded[r]);
            let (after_left, after_right) = (dp[shorter + 2 * l + 2], dp[shorter + 2 * l + 1]);
            for side in 0..2 {
                let previous = if side == 0 { padded[l] } else { padded[r + 1] };
                dp[here + 2 * l + side] =
                    (left - previous - after_left).max(right - previous - after_right);
            }
        }
    }
    let mut out = String::with_capacity(12 * (q + 1));
    out.push_str(&dp[first(n)].to_string());
    for _ in 0..q {
        let l = numbers.next().unwrap() as usize;
        let r = numbers.next().unwrap() as usize;
        let side = numbers.next().unwrap() as usize;
        out.push('\n');
        out.push_str(&dp[first(r - l) + 2 * l + side].to_string());
    }
    println!("{out}");
}
