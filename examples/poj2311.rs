//! POJ 2311 "Cutting Game", solved with stonegame's generic Grundy solver.
//!
//! Input (standard input): lines `W H` (2 ≤ W, H ≤ 200) until the end of the
//! input. Two players alternately cut one sheet of grid paper along a grid
//! line into two sheets; whoever first cuts out a 1 × 1 piece wins. Prints
//! `WIN` for each line when the first player wins, else `LOSE`. Invalid
//! input prints `line N: …` on standard error and exits with status 1.
//!
//! A cut that leaves a side of 1 lets the opponent cut out a 1 × 1 piece at
//! once, so nobody makes one: the game is played on sheets with both sides at
//! least 2, and a cut turns a sheet into the sum of two such sheets ((2, 2),
//! (2, 3) and (3, 2) have no cut left). The sheets are numbered `w * 201 + h`:
//! every cut makes both sides no larger and one smaller, so options go to
//! smaller numbers and [`GrundySolver`] fills its byte table in one sweep,
//! as a hand-written DP does. In the fastest form: the game lists its sheets
//! with their numbers (two loops, no division) and gives each cut as the
//! numbers of its two pieces, so nothing is recomputed per move.
//!
//! ```text
//! $ printf '2 2\n4 2\n' | cargo run --release --example poj2311
//! LOSE
//! WIN
//! ```
//!
//! For a judge: `tools/bundle examples/poj2311.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

/// The smallest side of the problem.
pub const MIN_SIDE: u32 = 2;
/// The largest side of the problem.
pub const MAX_SIDE: u32 = 200;

/// The cutting game on sheets of sides `MIN_SIDE..=MAX_SIDE`: a sheet is
/// `(width, height)`.
pub struct Cutting;

/// Sheets are numbered `width * STRIDE + height`.
const STRIDE: usize = MAX_SIDE as usize + 1;

impl ImpartialGame for Cutting {
    type Position = (u32, u32);

    fn for_each_option(
        &self,
        &(w, h): &(u32, u32),
        mut visit: impl FnMut(&[(u32, u32)]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Each cut once: the narrower piece first. Both pieces keep sides >= 2.
        for i in MIN_SIDE..=w / 2 {
            visit(&[(i, h), (w - i, h)])?;
        }
        for j in MIN_SIDE..=h / 2 {
            visit(&[(w, j), (w, h - j)])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(STRIDE * STRIDE)
    }

    fn dense_index(&self, &(w, h): &(u32, u32)) -> Option<usize> {
        // A width above MAX_SIDE gets a number of at least STRIDE * STRIDE,
        // which the solver refuses; a height above it would alias.
        (h <= MAX_SIDE).then(|| w as usize * STRIDE + h as usize)
    }

    fn dense_position(&self, index: usize) -> Option<(u32, u32)> {
        let (w, h) = ((index / STRIDE) as u32, (index % STRIDE) as u32);
        (w >= MIN_SIDE && h >= MIN_SIDE && w <= MAX_SIDE).then_some((w, h))
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }

    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, (u32, u32)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Sheets from number `from` on, in increasing numbers.
        let first = (from / STRIDE) as u32;
        for w in first.max(MIN_SIDE)..=MAX_SIDE {
            let low = if w == first {
                (from % STRIDE) as u32
            } else {
                0
            };
            for h in low.max(MIN_SIDE)..=MAX_SIDE {
                visit(w as usize * STRIDE + h as usize, (w, h))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn numbered_options(&self) -> bool {
        true
    }

    fn for_each_numbered_option(
        &self,
        number: usize,
        &(w, h): &(u32, u32),
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // The same cuts as `for_each_option`, each piece by its number.
        let (w_, h_) = (w as usize, h as usize);
        for i in MIN_SIDE as usize..=w_ / 2 {
            visit(&[i * STRIDE + h_, (w_ - i) * STRIDE + h_])?;
        }
        for j in MIN_SIDE as usize..=h_ / 2 {
            visit(&[number - h_ + j, number - j])?;
        }
        ControlFlow::Continue(())
    }
}

/// One line's sheet, validated.
fn parse_sheet(line: &str) -> Result<(u32, u32), String> {
    let mut tokens = line.split_ascii_whitespace();
    let mut side = |name: &str| -> Result<u32, String> {
        let token = tokens
            .next()
            .ok_or_else(|| format!("expected `W H`, {name} is missing"))?;
        let value: u32 = token
            .parse()
            .map_err(|_| format!("{name} ('{token}') is not a non-negative integer"))?;
        if !(MIN_SIDE..=MAX_SIDE).contains(&value) {
            return Err(format!(
                "{name} is {value}, outside {MIN_SIDE}..={MAX_SIDE}"
            ));
        }
        Ok(value)
    };
    let sheet = (side("W")?, side("H")?);
    if let Some(extra) = tokens.next() {
        return Err(format!("unexpected extra input after `W H`: {extra}"));
    }
    Ok(sheet)
}

pub fn solve(input: &str) -> Result<String, String> {
    let mut solver = GrundySolver::new(Cutting);
    let mut answers = String::new();
    for (index, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sheet = parse_sheet(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        let value = solver.grundy(&sheet).map_err(|e| e.to_string())?;
        answers.push_str(if value.is_zero() { "LOSE\n" } else { "WIN\n" });
    }
    Ok(answers)
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("poj2311: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answers) => {
            print!("{answers}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("poj2311: {message}");
            ExitCode::FAILURE
        }
    }
}
