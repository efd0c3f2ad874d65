//! AtCoder ABC 195 E "Lucky 7 Battle", the editorial's table: `win[i][r]` (Takahashi wins from
//! round i with residue r), filled backwards; kept whole, as the generic solver keeps its table.
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let s = it.next().unwrap().as_bytes();
    let x = it.next().unwrap().as_bytes();
    let mut win = vec![[false; 7]; n + 1];
    win[n][0] = true;
    for i in (0..n).rev() {
        let d = (s[i] - b'0') as usize;
        for r in 0..7 {
            let a = win[i + 1][(r * 10 + d) % 7];
            let b = win[i + 1][r * 10 % 7];
            win[i][r] = if x[i] == b'T' { a || b } else { a && b };
        }
    }
    let answer = if win[0][0] { "Takahashi\n" } else { "Aoki\n" };
    std::io::stdout().write_all(answer.as_bytes()).unwrap();
}
