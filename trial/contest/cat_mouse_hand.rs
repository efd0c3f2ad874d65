//! LeetCode 1728 "Cat and Mouse II", hand-written retrograde analysis (degree counters and a
//! queue); a draw is the cat's win. Prints `true` when the mouse wins.
use std::io::{Read, Write};

include!("cat_mouse_common.rs");

const UNKNOWN: u8 = 0;
const WIN: u8 = 1; // for the side to move
const LOSE: u8 = 2;

fn mouse_wins(b: &Board) -> bool {
    let f = b.free as usize;
    let n = 2 * f * f;
    let mut value = vec![UNKNOWN; n];
    let mut degree = vec![0u8; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for side in 0..2 {
        for mouse in 0..f {
            for cat in 0..f {
                let p = (side * f + mouse) * f + cat;
                let cat_won = mouse == cat || cat == b.food as usize;
                if cat_won || mouse == b.food as usize {
                    value[p] = if cat_won == (side == 1) { WIN } else { LOSE };
                    queue.push(p as u32);
                } else {
                    degree[p] = if side == 0 {
                        b.mouse_reach[mouse].len()
                    } else {
                        b.cat_reach[cat].len()
                    } as u8;
                }
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let p = queue[head] as usize;
        head += 1;
        let lost = value[p] == LOSE;
        let (side, mouse, cat) = (p / (f * f), p / f % f, p % f);
        // Predecessors: the other side moved into this position.
        let (prevs, base, stride) = if side == 1 {
            (&b.mouse_reach[mouse], cat, f) // (0, prev, cat)
        } else {
            (&b.cat_reach[cat], (f + mouse) * f, 1) // (1, mouse, prev)
        };
        for &prev in prevs {
            let q = base + prev as usize * stride;
            if value[q] != UNKNOWN {
                continue;
            }
            if lost {
                value[q] = WIN;
                queue.push(q as u32);
            } else {
                degree[q] -= 1;
                if degree[q] == 0 {
                    value[q] = LOSE;
                    queue.push(q as u32);
                }
            }
        }
    }
    value[b.mouse as usize * f + b.cat as usize] == WIN
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for b in parse_cases(&input) {
        out.push_str(if mouse_wins(&b) { "true\n" } else { "false\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
