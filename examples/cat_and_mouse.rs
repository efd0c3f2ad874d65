//! Cat and mouse on a grid with walls and an exit, solved with stonegame's
//! implicit retrograde solver, labels alone (`solve_values`): a value byte
//! and a one-byte counter a position, no move stored.
//!
//! The mouse and the cat stand on free cells of an `h × w` grid; they move
//! in turn, the mouse first, each one step up, down, left or right onto a
//! free cell (a move is compulsory; the cat may not enter the exit). The two
//! on one cell (whoever moved there) is a win for the cat; the mouse on the
//! exit is a win for the mouse. Play may go on for ever: a draw. Print who wins from the start (`Mouse`,
//! `Cat` or `Draw`), then how many positions (mouse cell, cat cell, side to
//! move) are won, lost and drawn for the side to move.
//!
//! Input (standard input): `h w`, then `h` lines of `w` characters: `.` a
//! free cell, `#` a wall, `M` the mouse, `C` the cat, `E` the exit (one each,
//! on free cells; `M`, `C` and `E` distinct). `1 <= h, w <= 200`. Invalid
//! input prints `line N: <problem>` on standard error and exits with status 1.
//!
//! The positions are their own numbers: `(side · F + mouse) · F + cat` over
//! the `F` free cells numbered row by row, so a move's target is computed
//! from the neighbour table without any search; the game walks its positions
//! in its own nested loops (`for_each_position`), so the solver splits no
//! number before the search; the solver checks the numbering as it goes
//! (moves inside `0..N`, predecessors fingerprinted).
//!
//! ```text
//! $ printf '1 4\nM.CE\n' | cargo run --release --example cat_and_mouse
//! Cat
//! 18 14 0
//! ```

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};

/// The grid's free cells and their neighbours; positions
/// `(side · F + mouse) · F + cat`, side 0 the mouse to move.
pub struct CatAndMouse {
    /// Free cells.
    free: u32,
    /// Division by `free`, by multiplication.
    by_free: Divider,
    /// The free cells a step away from each cell.
    around: Vec<Around>,
    /// The same without the exit: where the cat may step.
    cat_around: Vec<Around>,
    exit: u32,
    /// The mouse's and the cat's starting cells.
    pub start: (u32, u32),
}

/// Up to four cells a step away: the first `count` of `cells`, the rest 0,
/// so that a listing computes all four targets without a branch and keeps
/// the first `count`.
#[derive(Debug, Clone, Copy, Default)]
struct Around {
    cells: [u32; 4],
    count: u32,
}

impl Around {
    fn cells(&self) -> &[u32] {
        &self.cells[..self.count as usize]
    }
}

impl CatAndMouse {
    /// Splits a position into (side, mouse, cat): two divisions, each a
    /// multiplication (a division instruction costs ten times as much, and
    /// the solver splits every position two or three times).
    #[inline]
    fn split(&self, position: u32) -> (u32, u32, u32) {
        let f = self.free;
        let rest = self.by_free.divide(position);
        let side = self.by_free.divide(rest);
        (side, rest - side * f, position - rest * f)
    }

    /// The start's number (the mouse to move).
    pub fn start_position(&self) -> u32 {
        self.start.0 * self.free + self.start.1
    }
}

impl ImplicitGame for CatAndMouse {
    fn positions(&self) -> usize {
        2 * self.free as usize * self.free as usize
    }

    fn for_each_move(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.free;
        let (side, mouse, cat) = self.split(position);
        if side == 0 {
            let base = f * f + cat;
            for &next in self.around[mouse as usize].cells() {
                visit(base + next * f)?;
            }
        } else {
            let base = mouse * f;
            for &next in self.cat_around[cat as usize].cells() {
                visit(base + next)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.free;
        let (side, mouse, cat) = self.split(position);
        if side == 1 {
            // The mouse came from a neighbour.
            for &cell in self.around[mouse as usize].cells() {
                visit(cell * f + cat)?;
            }
        } else if cat != self.exit {
            // The cat came from a neighbour (never onto the exit).
            let base = f * f + mouse * f;
            for &cell in self.around[cat as usize].cells() {
                visit(base + cell)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Read only by a solver that trusts the game
    /// (`with_trusted_predecessors()`): the counters then need no listing.
    fn move_count(&self, position: u32) -> Option<u32> {
        let (side, mouse, cat) = self.split(position);
        Some(if side == 0 {
            self.around[mouse as usize].count
        } else {
            self.cat_around[cat as usize].count
        })
    }

    /// Every position in order, in the nested loops of its parts (side,
    /// mouse, cat): no number is split, and the neighbours of the cell that
    /// moves are read once for a whole row of positions.
    fn for_each_position(
        &self,
        mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        Some(self.walk(&mut visit))
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        let (side, mouse, cat) = self.split(position);
        self.ending(side, mouse, cat)
    }
}

impl CatAndMouse {
    /// The terminal rule: the two on one cell (whoever moved there) is the
    /// cat's win, the mouse on the exit the mouse's.
    #[inline]
    fn ending(&self, side: u32, mouse: u32, cat: u32) -> Option<Value> {
        if mouse == cat {
            // Caught: the mouse to move has lost, the cat to move has won.
            Some(if side == 0 { Value::Lose } else { Value::Win })
        } else if mouse == self.exit {
            Some(if side == 0 { Value::Win } else { Value::Lose })
        } else {
            None
        }
    }

    /// The walk of `for_each_position`: side 0 (the mouse to move), then
    /// side 1, each mouse cell, each cat cell; all four targets computed
    /// without a branch, the first `count` handed on.
    fn walk(
        &self,
        visit: &mut impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let f = self.free;
        let mut position = 0;
        let mut moves = [0u32; 4];
        for side in 0..2 {
            for mouse in 0..f {
                let mouse_around = &self.around[mouse as usize];
                for cat in 0..f {
                    let terminal = self.ending(side, mouse, cat);
                    let around = if side == 0 {
                        // The mouse steps: `(1 · F + next) · F + cat`.
                        for (slot, &next) in moves.iter_mut().zip(&mouse_around.cells) {
                            *slot = f * f + next * f + cat;
                        }
                        mouse_around
                    } else {
                        // The cat steps: `(0 · F + mouse) · F + next`.
                        let around = &self.cat_around[cat as usize];
                        for (slot, &next) in moves.iter_mut().zip(&around.cells) {
                            *slot = mouse * f + next;
                        }
                        around
                    };
                    let count = if terminal.is_some() { 0 } else { around.count };
                    visit(position, terminal, &moves[..count as usize])?;
                    position += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Division of any `u32` by a fixed divisor `d >= 2` as a multiplication:
/// `x / d` is the high half of `x · m`, `m = ⌊2^64 / d⌋ + 1`, exact for every
/// 32-bit `x` (the error `x (m d - 2^64) / (d 2^64) < 2^-32 <= 1/d` never
/// carries past a whole quotient; Granlund and Montgomery, 1994).
#[derive(Debug, Clone, Copy)]
pub struct Divider {
    magic: u64,
}

impl Divider {
    /// A divider by `d >= 2`.
    pub fn new(d: u32) -> Self {
        assert!(d >= 2, "a Divider divides by 2 or more");
        Self {
            magic: u64::MAX / u64::from(d) + 1,
        }
    }

    /// `x / d`.
    #[inline]
    pub fn divide(self, x: u32) -> u32 {
        ((u128::from(x) * u128::from(self.magic)) >> 64) as u32
    }
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("line 1: cannot read standard input as text: {error}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            let mut out = io::stdout().lock();
            if out.write_all(answer.as_bytes()).is_err() || out.flush().is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// The two answer lines, or `line N: …` explaining what is wrong.
pub fn solve(input: &str) -> Result<String, String> {
    let game = parse(input)?;
    let values = ImplicitSolver::new(&game)
        .solve_values()
        .map_err(|e| format!("line 1: {e}"))?;
    let winner = match values.value(game.start_position()) {
        Some(Value::Win) => "Mouse",
        Some(Value::Lose) => "Cat",
        _ => "Draw",
    };
    let counts = values.counts();
    Ok(format!(
        "{winner}\n{} {} {}\n",
        counts.win, counts.lose, counts.draw
    ))
}

/// The grid, validated, as a game.
pub fn parse(input: &str) -> Result<CatAndMouse, String> {
    let mut lines = input.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (first, header) = lines
        .next()
        .ok_or_else(|| "line 1: empty input, expected `h w`".to_string())?;
    let numbers: Vec<usize> = header
        .split_whitespace()
        .map(|t| {
            t.parse()
                .map_err(|_| format!("line {first}: `{t}` is not a size"))
        })
        .collect::<Result<_, _>>()?;
    let [h, w] = numbers[..] else {
        return Err(format!("line {first}: expected `h w`"));
    };
    if !(1..=200).contains(&h) || !(1..=200).contains(&w) {
        return Err(format!(
            "line {first}: h = {h}, w = {w}, expected 1..=200 each"
        ));
    }
    let mut cell = vec![u32::MAX; h * w];
    let (mut free, mut mouse, mut cat, mut exit) = (0u32, None, None, None);
    for row in 0..h {
        let (number, line) = lines
            .next()
            .ok_or_else(|| format!("line {}: the grid ends after {row} rows", row + 2))?;
        if line.chars().count() != w {
            return Err(format!("line {number}: expected {w} cells"));
        }
        for (col, c) in line.chars().enumerate() {
            let marker = match c {
                '#' => continue,
                '.' => None,
                'M' => Some(&mut mouse),
                'C' => Some(&mut cat),
                'E' => Some(&mut exit),
                other => return Err(format!("line {number}: unexpected `{other}`")),
            };
            if let Some(slot) = marker {
                if slot.replace(free).is_some() {
                    return Err(format!("line {number}: a second `{c}`"));
                }
            }
            cell[row * w + col] = free;
            free += 1;
        }
    }
    if let Some((number, _)) = lines.find(|(_, l)| !l.is_empty()) {
        return Err(format!("line {number}: unexpected input after the grid"));
    }
    let (Some(mouse), Some(cat), Some(exit)) = (mouse, cat, exit) else {
        return Err(format!(
            "line {first}: the grid needs one `M`, one `C` and one `E`"
        ));
    };
    let mut around = vec![Around::default(); free as usize];
    for row in 0..h {
        for col in 0..w {
            let here = cell[row * w + col];
            if here == u32::MAX {
                continue;
            }
            let next = [
                (row > 0).then(|| cell[(row - 1) * w + col]),
                (row + 1 < h).then(|| cell[(row + 1) * w + col]),
                (col > 0).then(|| cell[row * w + col - 1]),
                (col + 1 < w).then(|| cell[row * w + col + 1]),
            ];
            let slot = &mut around[here as usize];
            for next in next.into_iter().flatten().filter(|&n| n != u32::MAX) {
                slot.cells[slot.count as usize] = next;
                slot.count += 1;
            }
        }
    }
    let cat_around = around
        .iter()
        .map(|a| {
            let mut without = Around::default();
            for &next in a.cells().iter().filter(|&&next| next != exit) {
                without.cells[without.count as usize] = next;
                without.count += 1;
            }
            without
        })
        .collect();
    Ok(CatAndMouse {
        free,
        by_free: Divider::new(free),
        around,
        cat_around,
        exit,
        start: (mouse, cat),
    })
}
