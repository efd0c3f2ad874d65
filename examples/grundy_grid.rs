//! A token game on a grid, solved with stonegame's generic Grundy solver in
//! its fastest form: the game hands the solver each option's NUMBER.
//!
//! Input (standard input): `N A B C Q`, then `Q` lines `I J` (`0 <= I, J <
//! N`). A token on cell `(i, j)` moves up by `A` rows, left by `B` columns
//! or diagonally by `C` of both, staying on the board; whoever cannot move
//! loses. With one token on each of the `Q` cells, prints the XOR of their
//! Grundy values (`0`: the second player wins). Invalid input prints
//! `line N: …` on standard error and exits with status 2.
//!
//! Cells are numbered `i * N + j`: every move goes to a smaller number
//! (`MoveOrder::ToSmaller`), so one sweep fills a byte table as a
//! hand-written DP does. The game lists its cells in that order with their
//! numbers (`for_each_dense_position`: two loops, no division) and gives
//! each move as the number it leads to (`for_each_numbered_option`: one
//! subtraction), so the sweep computes nothing per move but the mex. The
//! tokens are asked by number too, as one sum
//! (`GrundySolver::grundy_of_sum_at_numbers`): one sweep, then a table read
//! a token.
//!
//! ```text
//! $ printf '3 1 1 1 2\n2 2\n0 1\n' | cargo run --release --example grundy_grid
//! 1
//! ```
//!
//! `--form positions` (or `positions-trusting`) solves the same game from
//! its positions instead (each option's cells numbered by the solver, each
//! number checked by mapping it back, unless trusted): the forms the cost
//! figures of docs/contest.md compare.

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

/// The largest board side accepted (a table of `N * N` bytes).
pub const MAX_SIDE: usize = 10_000;

/// The grid game: a board of `side x side` cells, moves up by `up`, left by
/// `left`, diagonally by `diagonal`.
pub struct Grid {
    side: usize,
    up: usize,
    left: usize,
    diagonal: usize,
    /// Give options by number (the fastest form).
    numbered: bool,
}

impl ImpartialGame for Grid {
    type Position = (usize, usize);

    fn for_each_option(
        &self,
        &(i, j): &(usize, usize),
        mut visit: impl FnMut(&[(usize, usize)]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i >= self.up {
            visit(&[(i - self.up, j)])?;
        }
        if j >= self.left {
            visit(&[(i, j - self.left)])?;
        }
        if i >= self.diagonal && j >= self.diagonal {
            visit(&[(i - self.diagonal, j - self.diagonal)])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.side * self.side)
    }

    fn dense_index(&self, &(i, j): &(usize, usize)) -> Option<usize> {
        (i < self.side && j < self.side).then(|| i * self.side + j)
    }

    fn dense_position(&self, index: usize) -> Option<(usize, usize)> {
        (index < self.side * self.side).then(|| (index / self.side, index % self.side))
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }

    // The fastest form: cells listed in sweep order with their numbers...
    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, (usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (mut number, mut j) = (from, from % self.side.max(1));
        for i in from / self.side.max(1)..self.side {
            while j < self.side {
                visit(number, (i, j))?;
                number += 1;
                j += 1;
            }
            j = 0;
        }
        ControlFlow::Continue(())
    }

    // ...and each move given as the number it leads to.
    fn numbered_options(&self) -> bool {
        self.numbered
    }

    fn for_each_numbered_option(
        &self,
        number: usize,
        &(i, j): &(usize, usize),
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i >= self.up {
            visit(&[number - self.up * self.side])?;
        }
        if j >= self.left {
            visit(&[number - self.left])?;
        }
        if i >= self.diagonal && j >= self.diagonal {
            visit(&[number - self.diagonal * (self.side + 1)])?;
        }
        ControlFlow::Continue(())
    }
}

/// The unsigned integers of line `at` (1-based), named `names` for errors.
fn numbers<const K: usize>(line: &str, at: usize, names: [&str; K]) -> Result<[usize; K], String> {
    let mut tokens = line.split_ascii_whitespace();
    let mut values = [0; K];
    for (value, name) in values.iter_mut().zip(names) {
        let token = tokens
            .next()
            .ok_or_else(|| format!("line {at}: {name} is missing"))?;
        *value = token
            .parse()
            .map_err(|_| format!("line {at}: {name} ('{token}') is not a non-negative integer"))?;
    }
    match tokens.next() {
        Some(extra) => Err(format!("line {at}: unexpected extra input: {extra}")),
        None => Ok(values),
    }
}

/// The XOR of the Grundy values of the tokens in `input`.
pub fn solve(input: &str, numbered: bool, trusting: bool) -> Result<u64, String> {
    let mut lines = input.lines();
    let [side, up, left, diagonal, queries] =
        numbers(lines.next().unwrap_or(""), 1, ["N", "A", "B", "C", "Q"])?;
    if !(1..=MAX_SIDE).contains(&side) {
        return Err(format!("line 1: N is {side}, outside 1..={MAX_SIDE}"));
    }
    if [up, left, diagonal]
        .iter()
        .any(|&step| step == 0 || step >= side)
    {
        return Err(format!("line 1: A, B and C must be in 1..{side}"));
    }
    let grid = Grid {
        side,
        up,
        left,
        diagonal,
        numbered,
    };
    let mut solver = GrundySolver::new(grid);
    if trusting {
        solver = solver.trusting_numbering();
    }
    // The cells asked, read first: the queries then run in a tight loop,
    // whose table reads (cache misses) overlap as a hand-written DP's do.
    let mut cells = Vec::new();
    for at in 2..queries.saturating_add(2) {
        let [i, j] = numbers(lines.next().unwrap_or(""), at, ["I", "J"])?;
        if i >= side || j >= side {
            return Err(format!("line {at}: cell ({i}, {j}) is outside the board"));
        }
        // Below MAX_SIDE² < 2^32: four bytes a query.
        cells.push((i * side + j) as u32);
    }
    if let Some(extra) = lines.find(|line| !line.trim().is_empty()) {
        return Err(format!(
            "line {}: unexpected extra input: {extra}",
            queries + 2
        ));
    }
    if numbered {
        // The tokens' sum by number: one sweep through the largest cell,
        // then a table read a token.
        let total = solver.grundy_of_sum_at_numbers(cells.iter().map(|&cell| cell as usize));
        return total.map(|value| value.0).map_err(|e| e.to_string());
    }
    let value_of = |solver: &mut GrundySolver<Grid>, cell: u32| {
        let cell = cell as usize;
        let value = solver.grundy(&(cell / side, cell % side));
        value.map(|value| value.0).map_err(|e| e.to_string())
    };
    // The largest cell first: one sweep fills the table through it.
    if let Some(&largest) = cells.iter().max() {
        value_of(&mut solver, largest)?;
    }
    let mut total = 0;
    for &cell in &cells {
        total ^= value_of(&mut solver, cell)?;
    }
    Ok(total)
}

fn main() -> ExitCode {
    let form: Vec<String> = std::env::args().skip(1).collect();
    let (numbered, trusting) = match form.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] | ["--form", "numbered"] => (true, false),
        ["--form", "numbered-trusting"] => (true, true),
        ["--form", "positions"] => (false, false),
        ["--form", "positions-trusting"] => (false, true),
        _ => {
            eprintln!("usage: grundy_grid [--form numbered|positions|positions-trusting] < input");
            return ExitCode::from(2);
        }
    };
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("grundy_grid: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input, numbered, trusting) {
        Ok(total) => {
            println!("{total}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("grundy_grid: {message}");
            ExitCode::from(2)
        }
    }
}
