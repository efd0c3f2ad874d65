//! LeetCode 464 "Can I Win" by hand: the yardstick of examples/can_i_win.rs
//! (benches/baseline/own_can_i_win.sh). Lines `maxChoosableInteger
//! desiredTotal`; prints `true`/`false` each.
//!
//! A bottom-up win/lose DP, one byte a mask: masks from the full set down
//! to 0, each reading the masks with one more integer; the largest integers
//! first, and a position is won at the first move that reaches the total or
//! leaves a lost mask (early exit). The running total comes from two tables
//! of half-mask sums. `--bits`: one bit a mask. `--top-down`: the memoised recursion LeetCode answers
//! usually give (depth at most 20), which visits only the masks reachable
//! with early exits.
use std::io::Read;

fn half_sums(offset: u32) -> Vec<u16> {
    (0..1024u32)
        .map(|half| (0..10).filter(|b| half >> b & 1 == 1).map(|b| (b + offset + 1) as u16).sum())
        .collect()
}

struct Sums {
    low: Vec<u16>,
    high: Vec<u16>,
}

impl Sums {
    fn of(&self, mask: usize) -> u32 {
        u32::from(self.low[mask & 1023]) + u32::from(self.high[mask >> 10 & 1023])
    }
}

fn bottom_up(m: u32, total: u32, sums: &Sums, win: &mut Vec<u8>) -> bool {
    let n = 1usize << m;
    win.clear();
    win.resize(n, 0);
    for mask in (0..n).rev() {
        let sum = sums.of(mask);
        if sum >= total {
            continue; // lost: the last move reached the total
        }
        let mut won = 0;
        for integer in (1..=m).rev() {
            let bit = 1usize << (integer - 1);
            if mask & bit == 0 && (sum + integer >= total || win[mask | bit] == 0) {
                won = 1;
                break;
            }
        }
        win[mask] = won;
    }
    win[0] == 1
}

/// The same sweep with one bit a mask (`--bits`): the measurement behind
/// the engine's one byte a number.
fn bottom_up_bits(m: u32, total: u32, sums: &Sums, win: &mut Vec<u64>) -> bool {
    let n = 1usize << m;
    win.clear();
    win.resize(n.div_ceil(64), 0);
    for mask in (0..n).rev() {
        let sum = sums.of(mask);
        if sum >= total {
            continue;
        }
        for integer in (1..=m).rev() {
            let bit = 1usize << (integer - 1);
            let next = mask | bit;
            if mask & bit == 0 && (sum + integer >= total || win[next / 64] >> (next % 64) & 1 == 0) {
                win[mask / 64] |= 1 << (mask % 64);
                break;
            }
        }
    }
    win[0] & 1 == 1
}

/// 0: unknown, 1: lost, 2: won.
fn top_down(m: u32, total: u32, mask: usize, sum: u32, memo: &mut [u8]) -> bool {
    if memo[mask] != 0 {
        return memo[mask] == 2;
    }
    let mut won = false;
    for integer in (1..=m).rev() {
        let bit = 1usize << (integer - 1);
        if mask & bit == 0
            && (sum + integer >= total || !top_down(m, total, mask | bit, sum + integer, memo))
        {
            won = true;
            break;
        }
    }
    memo[mask] = if won { 2 } else { 1 };
    won
}

fn main() {
    let recursive = std::env::args().any(|a| a == "--top-down");
    let bits = std::env::args().any(|a| a == "--bits");
    let mut words = Vec::new();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let sums = Sums { low: half_sums(0), high: half_sums(10) };
    let mut table = Vec::new();
    let mut out = String::new();
    for line in input.lines().filter(|l| !l.trim().is_empty()) {
        let mut it = line.split_whitespace().map(|t| t.parse::<u32>().unwrap());
        let (m, total) = (it.next().unwrap(), it.next().unwrap());
        let answer = if total == 0 {
            true
        } else if m * (m + 1) / 2 < total {
            false
        } else if recursive {
            table.clear();
            table.resize(1usize << m, 0);
            top_down(m, total, 0, 0, &mut table)
        } else if bits {
            bottom_up_bits(m, total, &sums, &mut words)
        } else {
            bottom_up(m, total, &sums, &mut table)
        };
        out.push_str(if answer { "true\n" } else { "false\n" });
    }
    print!("{out}");
}
