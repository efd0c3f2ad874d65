//! AtCoder ABC 195 E "Lucky 7 Battle", hand-written: backwards over the rounds, the set of
//! residues from which Takahashi wins as a 7-bit mask (O(N) time, O(1) memory beyond input).
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let _n: usize = it.next().unwrap().parse().unwrap();
    let s = it.next().unwrap().as_bytes();
    let x = it.next().unwrap().as_bytes();
    let mut win: u8 = 1; // after the last round: residue 0 only
    for i in (0..s.len()).rev() {
        let d = (s[i] - b'0') as usize;
        let mut next = 0u8;
        for r in 0..7 {
            let a = win >> ((r * 10 + d) % 7) & 1;
            let b = win >> (r * 10 % 7) & 1;
            let ok = if x[i] == b'T' { a | b } else { a & b };
            next |= ok << r;
        }
        win = next;
    }
    let answer = if win & 1 == 1 {
        "Takahashi\n"
    } else {
        "Aoki\n"
    };
    std::io::stdout().write_all(answer.as_bytes()).unwrap();
}
