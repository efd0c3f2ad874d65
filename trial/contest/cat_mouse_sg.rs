//! LeetCode 1728 "Cat and Mouse II" with stonegame's implicit retrograde solver; a draw
//! (the mouse never reaching the food) is the cat's win. Prints `true` when the mouse wins.
//! Positions are their own numbers `(side · F + mouse) · F + cat`, side 0 the mouse to move;
//! the game walks its positions (`for_each_position`) and the solver keeps values alone
//! (`solve_values`), as docs/contest.md says is fastest. `--trusted` skips the fingerprint.
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};

include!("cat_mouse_common.rs");

struct Game<'a> {
    b: &'a Board,
    f: u32,
    magic: u64,
}

impl Game<'_> {
    #[inline]
    fn div(&self, x: u32) -> u32 {
        ((u128::from(x) * u128::from(self.magic)) >> 64) as u32
    }
    #[inline]
    fn split(&self, p: u32) -> (u32, u32, u32) {
        let rest = self.div(p);
        let side = self.div(rest);
        (side, rest - side * self.f, p - rest * self.f)
    }
    #[inline]
    fn ending(&self, side: u32, mouse: u32, cat: u32) -> Option<Value> {
        // Cat on the mouse or on the food: the cat has won; the mouse on the food: the mouse.
        let cat_won = mouse == cat || cat == self.b.food;
        if cat_won || mouse == self.b.food {
            let mover_is_cat = side == 1;
            Some(if cat_won == mover_is_cat {
                Value::Win
            } else {
                Value::Lose
            })
        } else {
            None
        }
    }
}

impl ImplicitGame for Game<'_> {
    fn positions(&self) -> usize {
        2 * self.f as usize * self.f as usize
    }
    fn for_each_move(
        &self,
        p: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.f;
        let (side, mouse, cat) = self.split(p);
        if side == 0 {
            for &next in &self.b.mouse_reach[mouse as usize] {
                visit((f + next) * f + cat)?;
            }
        } else {
            for &next in &self.b.cat_reach[cat as usize] {
                visit(mouse * f + next)?;
            }
        }
        ControlFlow::Continue(())
    }
    fn for_each_predecessor(
        &self,
        p: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.f;
        let (side, mouse, cat) = self.split(p);
        if side == 1 {
            for &prev in &self.b.mouse_reach[mouse as usize] {
                visit(prev * f + cat)?;
            }
        } else {
            for &prev in &self.b.cat_reach[cat as usize] {
                visit((f + mouse) * f + prev)?;
            }
        }
        ControlFlow::Continue(())
    }
    fn terminal(&self, p: u32) -> Option<Value> {
        let (side, mouse, cat) = self.split(p);
        self.ending(side, mouse, cat)
    }
    fn move_count(&self, p: u32) -> Option<u32> {
        let (side, mouse, cat) = self.split(p);
        Some(if side == 0 {
            self.b.mouse_reach[mouse as usize].len()
        } else {
            self.b.cat_reach[cat as usize].len()
        } as u32)
    }
    fn for_each_position(
        &self,
        mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        Some(self.walk(&mut visit))
    }
}

impl Game<'_> {
    fn walk(
        &self,
        visit: &mut impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.f;
        let mut position = 0;
        let mut moves: Vec<u32> = Vec::with_capacity(64);
        for side in 0..2 {
            for mouse in 0..f {
                for cat in 0..f {
                    let terminal = self.ending(side, mouse, cat);
                    moves.clear();
                    if terminal.is_none() {
                        if side == 0 {
                            moves.extend(
                                self.b.mouse_reach[mouse as usize]
                                    .iter()
                                    .map(|&n| (f + n) * f + cat),
                            );
                        } else {
                            moves.extend(
                                self.b.cat_reach[cat as usize]
                                    .iter()
                                    .map(|&n| mouse * f + n),
                            );
                        }
                    }
                    visit(position, terminal, &moves)?;
                    position += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn main() {
    let trusted = std::env::args().any(|a| a == "--trusted");
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for b in parse_cases(&input) {
        let f = b.free.max(2);
        let game = Game {
            b: &b,
            f: b.free,
            magic: u64::MAX / u64::from(f) + 1,
        };
        let solver = ImplicitSolver::new(&game);
        let solver = if trusted {
            solver.with_trusted_predecessors()
        } else {
            solver
        };
        let values = solver.solve_values().unwrap_or_else(|e| {
            eprintln!("line 1: {e}");
            std::process::exit(2)
        });
        let start = b.mouse * b.free + b.cat;
        out.push_str(if values.value(start) == Some(Value::Win) {
            "true\n"
        } else {
            "false\n"
        });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
