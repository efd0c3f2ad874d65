//! UVa 10891 "Game of Sum", solved with the crate's generic negamax.
//!
//! Input (standard input): several cases, each `n` (1 ≤ n ≤ 100) then `n`
//! integers; a case with `n = 0` ends the input. Two players alternately take
//! one or more numbers from the left end or from the right end of the row and
//! score their sum. Prints, per case, the first player's total minus the
//! second's under optimal play. Invalid input prints a message on standard
//! error and exits with status 1.
//!
//! The game is written once as a [`ScoringGame`] and solved by [`Negamax`].
//! Its positions (the intervals left) are numbered by length first, so every
//! move, which shortens the interval, goes to a smaller number; declaring
//! that (`dense_order`) with the inverse numbering (`dense_position`) lets
//! the solver fill one value per interval in a single bottom-up sweep, as a
//! hand-written DP does: no hashing, no search. Each move is handed to the
//! sweep with its child's number (`for_each_numbered_move`), the fastest
//! form.
//!
//! ```text
//! $ printf '4\n4 -10 -20 7\n4\n1 2 3 4\n0\n' | cargo run --release --example uva10891
//! 7
//! 10
//! ```
//!
//! For a judge: `tools/bundle examples/uva10891.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

/// The row and its prefix sums (a take's score in O(1)).
pub struct GameOfSum {
    prefix: Vec<i64>,
}

impl GameOfSum {
    pub fn new(row: &[i64]) -> Self {
        let mut prefix = vec![0];
        prefix.extend(row.iter().scan(0, |sum, &x| {
            *sum += x;
            Some(*sum)
        }));
        Self { prefix }
    }

    fn len(&self) -> usize {
        self.prefix.len() - 1
    }

    /// Intervals of each length take this many numbers (one per left end).
    fn stride(&self) -> usize {
        self.len() + 1
    }
}

impl ScoringGame for GameOfSum {
    /// The numbers left: the interval `l..r`.
    type Position = (usize, usize);
    /// `(from the left?, how many)`.
    type Move = (bool, usize);
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.len())
    }

    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in 1..=r - l {
            visit((true, k))?;
            visit((false, k))?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(l, r): &(usize, usize), &(left, k): &(bool, usize)) -> (i64, (usize, usize)) {
        if left {
            (self.prefix[l + k] - self.prefix[l], (l + k, r))
        } else {
            (self.prefix[r] - self.prefix[r - k], (l, r - k))
        }
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.stride() * self.stride())
    }

    /// The interval `l..r` is numbered `(r - l) * stride + l`: length first.
    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        Some((r - l) * self.stride() + l)
    }

    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let (length, l) = (number / self.stride(), number % self.stride());
        (l + length <= self.len()).then_some((l, l + length))
    }

    /// Every move shortens the interval.
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }

    /// The fastest form: each move with its child's number, as listed by
    /// `for_each_move` (taking `k` from the left of `l..r` leaves
    /// `l + k..r`, numbered `(len - k) * stride + l + k`; from the right,
    /// `l..r - k`), so the sweep recomputes nothing per move and needs no
    /// check through `dense_position`.
    fn numbered_moves(&self) -> bool {
        true
    }

    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (len, stride) = (r - l, self.stride());
        for k in 1..=len {
            let shorter = (len - k) * stride + l;
            visit(self.prefix[l + k] - self.prefix[l], shorter + k)?;
            visit(self.prefix[r] - self.prefix[r - k], shorter)?;
        }
        ControlFlow::Continue(())
    }
}

/// Largest `n` of the problem; larger rows are refused (the memo is (n+1)²).
const MAX_N: i64 = 100;
/// Largest |number|: the statement leaves it open; sums of 100 numbers of
/// this size cannot overflow `i64`.
const MAX_ABS: i64 = 1_000_000_000_000;

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input.split_whitespace().enumerate().map(|(index, token)| {
        token
            .parse::<i64>()
            .map_err(|_| format!("token {} ('{token}') is not an integer", index + 1))
    });
    let mut answers = Vec::new();
    loop {
        let n = match numbers.next() {
            Some(n) => n?,
            None => return Err("input ended before the closing 0".into()),
        };
        if n == 0 {
            break;
        }
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("n is {n}, outside 1..={MAX_N}"));
        }
        let row = (0..n)
            .map(|_| match numbers.next() {
                Some(Ok(x)) if x.abs() <= MAX_ABS => Ok(x),
                Some(Ok(x)) => Err(format!("{x} is beyond ±{MAX_ABS}")),
                Some(Err(e)) => Err(e),
                None => Err(format!("input ended inside a case of {n} numbers")),
            })
            .collect::<Result<Vec<i64>, String>>()?;
        let value = Negamax::new(GameOfSum::new(&row))
            .value()
            .map_err(|e| e.to_string())?;
        answers.push(value.to_string());
    }
    Ok(answers.join("\n"))
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("uva10891: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("uva10891: {message}");
            ExitCode::FAILURE
        }
    }
}
