//! Take either end, the k-th take weighted: two players alternately take
//! the number at either end of a row; the k-th take of the game (k = 1, 2,
//! …, by either player) scores `k · a` for the number `a` taken. Solved with
//! the crate's generic negamax in docs/contest.md's fastest numbered form,
//! with the reach of a move declared (`dense_reach`): only the start's value
//! is asked, so the sweep keeps a ring of about `n` values, as a hand DP
//! keeps one rolling row, instead of the `n²` table.
//!
//! A position is the interval `l..r` left; its number is
//! `(r - l) * (n + 1) + l` (length first), so both moves go one band lower:
//! to `x - n` (the left end taken) and `x - n - 1` (the right end), at most
//! `n + 1` numbers back. With `k = n - (r - l) + 1`,
//!
//! ```text
//! value(l, r) = max(k · a[l] - value(l + 1, r), k · a[r - 1] - value(l, r - 1))
//! ```
//!
//! Input (standard input): `n` (1 ≤ n ≤ 10^4), then the `n` numbers of the
//! row (|a| ≤ 10^9; any line breaks). Prints the first player's total minus
//! the second's under optimal play. Invalid input prints `line N: ...` on
//! standard error and exits with status 2.
//!
//! ```text
//! $ printf '3\n1 3 1\n' | cargo run --release --example scoring_rolling
//! -2
//! ```
//!
//! For a judge: `tools/bundle examples/scoring_rolling.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

/// The row; a position is the interval `(l, r)` left.
pub struct Rolling {
    row: Vec<i64>,
}

impl Rolling {
    pub fn new(row: Vec<i64>) -> Self {
        Self { row }
    }

    /// The weight of the next take from an interval of length `len`.
    fn k(&self, len: usize) -> i64 {
        (self.row.len() - len + 1) as i64
    }
}

impl ScoringGame for Rolling {
    type Position = (usize, usize);
    /// From the left end?
    type Move = bool;
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.row.len())
    }

    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if l < r {
            visit(true)?;
            visit(false)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(l, r): &(usize, usize), &left: &bool) -> (i64, (usize, usize)) {
        let k = self.k(r - l);
        if left {
            (k * self.row[l], (l + 1, r))
        } else {
            (k * self.row[r - 1], (l, r - 1))
        }
    }

    // Length first: every take goes one band lower, to a smaller number.
    fn dense_positions(&self) -> Option<usize> {
        let width = self.row.len() + 1;
        Some(width * width)
    }

    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        Some((r - l) * (self.row.len() + 1) + l)
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }

    // One position asked: declare the reach, the table rolls. The moves
    // from x go to x - n and x - n - 1.
    fn dense_reach(&self) -> Option<usize> {
        Some(self.row.len() + 1)
    }

    fn numbered_moves(&self) -> bool {
        true
    }

    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if l < r {
            let k = self.k(r - l);
            let shorter = (r - l - 1) * (self.row.len() + 1) + l;
            visit(k * self.row[l], shorter + 1)?;
            visit(k * self.row[r - 1], shorter)?;
        }
        ControlFlow::Continue(())
    }

    // The DP's own loops: by length, then left end.
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.row.len();
        for len in 0..=n {
            for l in 0..=n - len {
                visit((l, l + len))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Largest n and |a|: the total, at most n²/2 · 10^9 ≈ 5·10^16, fits an i64.
const MAX_N: usize = 10_000;
const MAX_ABS: i64 = 1_000_000_000;

/// The row; an error names the line (1-based).
fn parse(input: &str) -> Result<Vec<i64>, String> {
    let mut tokens = input
        .lines()
        .enumerate()
        .flat_map(|(index, line)| line.split_ascii_whitespace().map(move |t| (index + 1, t)));
    let (line, token) = tokens
        .next()
        .ok_or_else(|| "line 1: expected n, found nothing".to_string())?;
    let n = token
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_N).contains(n))
        .ok_or_else(|| format!("line {line}: '{token}' is not n in 1..={MAX_N}"))?;
    let mut row = Vec::with_capacity(n);
    let mut last = line;
    for (line, token) in tokens {
        let a = token
            .parse::<i64>()
            .ok()
            .filter(|a| a.abs() <= MAX_ABS)
            .ok_or_else(|| format!("line {line}: '{token}' is not a number with |a| ≤ 10^9"))?;
        if row.len() == n {
            return Err(format!("line {line}: more than n = {n} numbers"));
        }
        row.push(a);
        last = line;
    }
    if row.len() != n {
        return Err(format!("line {last}: {} numbers, not n = {n}", row.len()));
    }
    Ok(row)
}

pub fn solve(input: &str) -> Result<String, String> {
    let row = parse(input)?;
    let value = Negamax::new(Rolling::new(row))
        .rolling_value()
        .map_err(|e| e.to_string())?;
    Ok(value.to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("scoring_rolling: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
