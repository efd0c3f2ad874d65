//! AtCoder ABC 201 D "Game in Momotetsu World", solved with the crate's
//! generic negamax.
//!
//! Input (standard input): `H W` (1 ≤ H, W ≤ 2000), then H lines of W
//! characters, each `+` or `-`. A piece starts on the top-left cell; the
//! players (Takahashi first, then Aoki) alternately move it one cell right
//! or down, and the mover scores 1 point on entering a `+` cell and loses 1
//! on entering a `-` cell. The game ends on the bottom-right cell. Prints who
//! wins under optimal play: `Takahashi`, `Aoki` or `Draw`. Invalid input
//! prints `line N: ...` on standard error and exits with status 1.
//!
//! The game is written once as a [`ScoringGame`]. Its cells are numbered
//! row by row in a grid padded with a wall column on the right and a wall
//! row at the bottom (so a move needs no division to find its cell, and the
//! walls are the numbers that are no position): every move goes to a larger
//! number, which `dense_order` declares, so [`Negamax`] fills one value per
//! cell in a single bottom-up sweep, as a hand-written DP does.
//!
//! ```text
//! $ printf '3 3\n---\n+-+\n+--\n' | cargo run --release --example abc201_d
//! Takahashi
//! ```
//!
//! For a judge: `tools/bundle examples/abc201_d.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

/// A cell that is not on the board (the padding).
const WALL: i8 = 0;

/// The board, padded: `points[cell]` is what entering `cell` scores
/// (+1 or -1), or [`WALL`].
pub struct Momotetsu {
    /// Width of the padded grid: the board's width plus the wall column.
    stride: usize,
    points: Vec<i8>,
}

impl Momotetsu {
    /// The board of `rows` (each a string of `+` and `-`, all as long).
    pub fn new(rows: &[&[u8]]) -> Self {
        let width = rows.first().map_or(0, |row| row.len());
        let stride = width + 1;
        let mut points = vec![WALL; (rows.len() + 1) * stride];
        for (r, row) in rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                points[r * stride + c] = if cell == b'+' { 1 } else { -1 };
            }
        }
        Self { stride, points }
    }
}

impl ScoringGame for Momotetsu {
    /// The cell the piece is on, numbered row by row in the padded grid.
    type Position = usize;
    /// The cell entered.
    type Move = usize;
    type Score = i32;

    fn start(&self) -> usize {
        0
    }

    fn for_each_move(
        &self,
        &cell: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for next in [cell + 1, cell + self.stride] {
            if self.points[next] != WALL {
                visit(next)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn play(&self, _: &usize, &next: &usize) -> (i32, usize) {
        (i32::from(self.points[next]), next)
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.points.len())
    }

    fn dense_index(&self, &cell: &usize) -> Option<usize> {
        Some(cell)
    }

    fn dense_position(&self, cell: usize) -> Option<usize> {
        (self.points[cell] != WALL).then_some(cell)
    }

    /// Right and down both go to a larger number.
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToLarger
    }

    /// The fastest form: a cell is its own number, so each move is handed
    /// to the sweep with its child's number, in `for_each_move`'s order.
    fn numbered_moves(&self) -> bool {
        true
    }

    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        &cell: &usize,
        mut visit: impl FnMut(i32, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for next in [cell + 1, cell + self.stride] {
            if self.points[next] != WALL {
                visit(i32::from(self.points[next]), next)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Largest H and W of the problem.
const MAX_SIDE: usize = 2000;

/// Reads `H W` and the grid; an error names the line (1-based).
fn parse(input: &str) -> Result<Vec<&[u8]>, String> {
    let mut lines = input.lines().map(str::trim_end).enumerate();
    let (height, width) = match lines.next() {
        None => return Err("line 1: expected `H W`, found nothing".into()),
        Some((_, line)) => {
            let sides: Vec<&str> = line.split_whitespace().collect();
            let side = |token: &str| {
                token
                    .parse::<usize>()
                    .ok()
                    .filter(|side| (1..=MAX_SIDE).contains(side))
                    .ok_or_else(|| format!("line 1: '{token}' is not a side in 1..={MAX_SIDE}"))
            };
            match sides[..] {
                [h, w] => (side(h)?, side(w)?),
                _ => return Err(format!("line 1: expected `H W`, found '{line}'")),
            }
        }
    };
    let mut rows = Vec::with_capacity(height);
    for _ in 0..height {
        let Some((index, line)) = lines.next() else {
            return Err(format!(
                "line {}: the grid ended after {} of {height} rows",
                rows.len() + 2,
                rows.len()
            ));
        };
        let row = line.as_bytes();
        if row.len() != width {
            return Err(format!(
                "line {}: a row of {} characters, not W = {width}",
                index + 1,
                row.len()
            ));
        }
        // Checked without stopping early, which vectorises; the culprit is
        // looked for only in a bad row.
        let is_cell = |cell: u8| cell == b'+' || cell == b'-';
        if !row.iter().fold(true, |valid, &cell| valid & is_cell(cell)) {
            let bad = row.iter().copied().find(|&cell| !is_cell(cell));
            return Err(format!(
                "line {}: '{}' is not '+' or '-'",
                index + 1,
                bad.map_or('?', char::from)
            ));
        }
        rows.push(row);
    }
    if let Some((index, _)) = lines.find(|(_, line)| !line.is_empty()) {
        return Err(format!("line {}: text after the {height} rows", index + 1));
    }
    Ok(rows)
}

pub fn solve(input: &str) -> Result<String, String> {
    let rows = parse(input)?;
    let outcome = Negamax::new(Momotetsu::new(&rows))
        .outcome()
        .map_err(|e| e.to_string())?;
    Ok(match outcome {
        Outcome::First => "Takahashi",
        Outcome::Second => "Aoki",
        Outcome::Draw => "Draw",
    }
    .to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("abc201_d: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
