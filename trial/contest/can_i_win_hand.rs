//! LeetCode 464 "Can I Win", hand-written bottom-up DP over the unused set.
use std::io::{Read, Write};

fn can_i_win(m: u32, total: u32, win: &mut Vec<u8>) -> bool {
    if total == 0 {
        return true;
    }
    let all = m * (m + 1) / 2;
    if all < total {
        return false;
    }
    let end = 1usize << m;
    win.clear();
    win.resize(end, 0);
    let mut unused_sum = 0u32;
    for unused in 0..end {
        if unused > 0 {
            let t = (unused - 1).trailing_ones();
            unused_sum = unused_sum - t * (t + 1) / 2 + t + 1;
        }
        let picked = all - unused_sum;
        if picked >= total || unused == 0 {
            continue; // lost for the player to move (0)
        }
        // The largest unused number reaches the total: a win at once.
        let top = 31 - (unused as u32).leading_zeros();
        if picked + top + 1 >= total {
            win[unused] = 1;
            continue;
        }
        let mut rest = unused;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            if win[unused ^ bit] == 0 {
                win[unused] = 1;
                break;
            }
            rest ^= bit;
        }
    }
    win[end - 1] == 1
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    let mut win = Vec::new();
    for line in input.lines() {
        let v: Vec<u32> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if v.is_empty() {
            continue;
        }
        out.push_str(if can_i_win(v[0], v[1], &mut win) {
            "true\n"
        } else {
            "false\n"
        });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
