// Cat and mouse on a grid with walls and an exit (examples/cat_and_mouse.rs)
// as an expert writes it by hand: breadth-first retrograde analysis with a
// 1-byte value and a 1-byte counter a position and a queue of the solved
// positions only; positions `(side * F + mouse) * F + cat` over the F free
// cells, side 0 the mouse to move. The baseline of
// benches/baseline/own_chase.sh.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let grid = Grid::parse(&input);
    let result = solve(&grid);
    let start = grid.mouse * grid.free + grid.cat;
    let winner = match result[start] {
        1 => "Mouse",
        2 => "Cat",
        _ => "Draw",
    };
    let mut counts = [0usize; 3];
    for &r in &result {
        counts[r as usize] += 1;
    }
    let out = format!("{winner}\n{} {} {}\n", counts[1], counts[2], counts[0]);
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// Free cells, their neighbours (`usize::MAX` for none), the exit and the
/// starting cells.
pub struct Grid {
    pub free: usize,
    pub neighbours: Vec<[usize; 4]>,
    pub exit: usize,
    pub mouse: usize,
    pub cat: usize,
}

impl Grid {
    pub fn parse(input: &str) -> Grid {
        let mut lines = input.lines();
        let mut header = lines.next().unwrap().split_whitespace();
        let h: usize = header.next().unwrap().parse().unwrap();
        let w: usize = header.next().unwrap().parse().unwrap();
        let mut cell = vec![usize::MAX; h * w];
        let (mut free, mut mouse, mut cat, mut exit) = (0, 0, 0, 0);
        for row in 0..h {
            for (col, c) in lines.next().unwrap().trim().bytes().enumerate() {
                if c == b'#' {
                    continue;
                }
                match c {
                    b'M' => mouse = free,
                    b'C' => cat = free,
                    b'E' => exit = free,
                    _ => {}
                }
                cell[row * w + col] = free;
                free += 1;
            }
        }
        let mut neighbours = vec![[usize::MAX; 4]; free];
        for row in 0..h {
            for col in 0..w {
                let here = cell[row * w + col];
                if here == usize::MAX {
                    continue;
                }
                let mut k = 0;
                let mut add = |next: usize| {
                    if next != usize::MAX {
                        neighbours[here][k] = next;
                        k += 1;
                    }
                };
                if row > 0 {
                    add(cell[(row - 1) * w + col]);
                }
                if row + 1 < h {
                    add(cell[(row + 1) * w + col]);
                }
                if col > 0 {
                    add(cell[row * w + col - 1]);
                }
                if col + 1 < w {
                    add(cell[row * w + col + 1]);
                }
            }
        }
        Grid {
            free,
            neighbours,
            exit,
            mouse,
            cat,
        }
    }
}

/// For each position: 1 won for the side to move, 2 lost, 0 drawn.
pub fn solve(g: &Grid) -> Vec<u8> {
    let f = g.free;
    let n = 2 * f * f;
    let mut result = vec![0u8; n];
    let mut counter = vec![0u8; n];
    let mut queue: Vec<u32> = Vec::new();
    for side in 0..2 {
        for mouse in 0..f {
            for cat in 0..f {
                let p = (side * f + mouse) * f + cat;
                if mouse == cat {
                    result[p] = if side == 0 { 2 } else { 1 };
                } else if mouse == g.exit {
                    result[p] = if side == 0 { 1 } else { 2 };
                } else {
                    let moves = if side == 0 {
                        g.neighbours[mouse]
                            .iter()
                            .filter(|&&x| x != usize::MAX)
                            .count()
                    } else {
                        g.neighbours[cat]
                            .iter()
                            .filter(|&&x| x != usize::MAX && x != g.exit)
                            .count()
                    };
                    counter[p] = moves as u8;
                    if moves == 0 {
                        result[p] = 2;
                    }
                }
                if result[p] != 0 {
                    queue.push(p as u32);
                }
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        let lost = result[v] == 2;
        let (rest, cat) = (v / f, v % f);
        let (side, mouse) = (rest / f, rest % f);
        let mut visit = |u: usize| {
            if result[u] != 0 {
                return;
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
        };
        if side == 1 {
            for &from in &g.neighbours[mouse] {
                if from != usize::MAX {
                    visit(from * f + cat);
                }
            }
        } else if cat != g.exit {
            for &from in &g.neighbours[cat] {
                if from != usize::MAX {
                    visit(f * f + mouse * f + from);
                }
            }
        }
    }
    result
}
