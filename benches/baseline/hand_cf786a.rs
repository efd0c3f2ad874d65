// Codeforces 786A "Berzerk" as an expert writes it by hand: the standard
// breadth-first retrograde analysis with out-degree counters, flat arrays,
// no library. The baseline of benches/baseline/own_retrograde.sh.
//
// Positions (player, object), object 0 the black hole: lost for the player
// to move. From a lost position every predecessor wins; from a won one each
// predecessor's counter drops, and at zero it loses. Undecided ones loop.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let mut steps: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for set in steps.iter_mut() {
        let k = it.next().unwrap();
        *set = (0..k).map(|_| it.next().unwrap()).collect();
    }
    let result = solve(n, &steps);
    let mut out = String::with_capacity(10 * n);
    for player in 0..2 {
        for object in 1..n {
            if object > 1 {
                out.push(' ');
            }
            out.push_str(match result[player * n + object] {
                1 => "Win",
                2 => "Lose",
                _ => "Loop",
            });
        }
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// For each state `player * n + object`: 1 won, 2 lost, 0 loops.
pub fn solve(n: usize, steps: &[Vec<usize>; 2]) -> Vec<u8> {
    let mut result = vec![0u8; 2 * n];
    let mut counter = vec![0u32; 2 * n];
    let mut queue = Vec::with_capacity(2 * n);
    for player in 0..2 {
        for object in 1..n {
            counter[player * n + object] = steps[player].len() as u32;
        }
        result[player * n] = 2;
        queue.push((player * n) as u32);
    }
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head] as usize;
        head += 1;
        let (player, object) = (state / n, state % n);
        let mover = 1 - player;
        let lost = result[state] == 2;
        for &step in &steps[mover] {
            let from = if object >= step {
                object - step
            } else {
                object + n - step
            };
            if from == 0 {
                continue;
            }
            let u = mover * n + from;
            if result[u] != 0 {
                continue;
            }
            if lost {
                result[u] = 1;
                queue.push(u as u32);
            } else {
                counter[u] -= 1;
                if counter[u] == 0 {
                    result[u] = 2;
                    queue.push(u as u32);
                }
            }
        }
    }
    result
}
