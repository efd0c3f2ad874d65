//! Take from either end, weighted by turn: the k-th take of the game (k = 1, 2, …, by either
//! player) of the number `a` scores `k · a` for its taker. Input: `n`, then n numbers
//! (|a| ≤ 10^9, n ≤ 5000). Prints the first player's total minus the second's.
//! stonegame's generic `Negamax`, the docs' fastest form: intervals numbered by length
//! (`MoveOrder::ToSmaller`), the DP's loops as the listing, each child by its number.
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

struct Weighted {
    a: Vec<i64>,
}

impl Weighted {
    fn n(&self) -> usize {
        self.a.len()
    }
    /// The first number of the intervals of length `len`: `n + 1`, `n`, … of each length.
    #[inline(always)]
    fn first_of_length(&self, len: usize) -> usize {
        let n = self.n();
        len * (n + 1) - len * len.saturating_sub(1) / 2
    }
}

impl ScoringGame for Weighted {
    /// The interval `l..r` left.
    type Position = (usize, usize);
    /// From the left end?
    type Move = bool;
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.n())
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
        let k = (self.n() - (r - l) + 1) as i64;
        if left {
            (k * self.a[l], (l + 1, r))
        } else {
            (k * self.a[r - 1], (l, r - 1))
        }
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.first_of_length(self.n() + 1))
    }
    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        Some(self.first_of_length(r - l) + l)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
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
            let k = (self.n() - (r - l) + 1) as i64;
            let shorter = self.first_of_length(r - l - 1) + l;
            visit(k * self.a[l], shorter + 1)?; // (l + 1, r)
            visit(k * self.a[r - 1], shorter)?; // (l, r - 1)
        }
        ControlFlow::Continue(())
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n();
        for len in 0..=n {
            for l in 0..=n - len {
                visit((l, l + len))?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let a: Vec<i64> = it.take(n).collect();
    assert!(a.len() == n && n <= 5000 && a.iter().all(|x| x.abs() <= 1_000_000_000));
    let value = Negamax::new(Weighted { a }).value().unwrap_or_else(|e| {
        eprintln!("line 2: {e}");
        std::process::exit(2)
    });
    std::io::stdout()
        .write_all(format!("{value}\n").as_bytes())
        .unwrap();
}
