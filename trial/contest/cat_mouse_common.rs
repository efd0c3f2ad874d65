// Shared parsing for the Cat and Mouse II programs (included by both with `include!`).
/// One case: free cells, the cells each animal reaches in one turn (itself included), and the
/// start and food cells.
pub struct Board {
    pub free: u32,
    pub mouse_reach: Vec<Vec<u32>>,
    pub cat_reach: Vec<Vec<u32>>,
    pub mouse: u32,
    pub cat: u32,
    pub food: u32,
}

/// Cases one after another: `rows cols catJump mouseJump`, then `rows` lines of the grid
/// (`C`, `M`, `F`, `#`, `.`).
pub fn parse_cases(input: &str) -> Vec<Board> {
    let mut lines = input.lines().filter(|l| !l.trim().is_empty());
    let mut boards = Vec::new();
    while let Some(head) = lines.next() {
        let v: Vec<usize> = head.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let (h, w, cat_jump, mouse_jump) = (v[0], v[1], v[2], v[3]);
        let grid: Vec<Vec<u8>> = (0..h).map(|_| lines.next().unwrap().trim().as_bytes().to_vec()).collect();
        let mut cell = vec![u32::MAX; h * w];
        let mut free = 0u32;
        let (mut mouse, mut cat, mut food) = (0, 0, 0);
        for r in 0..h {
            for c in 0..w {
                let ch = grid[r][c];
                if ch == b'#' {
                    continue;
                }
                match ch {
                    b'M' => mouse = free,
                    b'C' => cat = free,
                    b'F' => food = free,
                    _ => {}
                }
                cell[r * w + c] = free;
                free += 1;
            }
        }
        let reach = |jump: usize| -> Vec<Vec<u32>> {
            let mut out = vec![Vec::new(); free as usize];
            for r in 0..h {
                for c in 0..w {
                    let here = cell[r * w + c];
                    if here == u32::MAX {
                        continue;
                    }
                    let list = &mut out[here as usize];
                    list.push(here);
                    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                        for k in 1..=jump as isize {
                            let (nr, nc) = (r as isize + dr * k, c as isize + dc * k);
                            if nr < 0 || nc < 0 || nr >= h as isize || nc >= w as isize {
                                break;
                            }
                            let next = cell[nr as usize * w + nc as usize];
                            if next == u32::MAX {
                                break;
                            }
                            list.push(next);
                        }
                    }
                }
            }
            out
        };
        boards.push(Board { free, mouse_reach: reach(mouse_jump), cat_reach: reach(cat_jump), mouse, cat, food });
    }
    boards
}
