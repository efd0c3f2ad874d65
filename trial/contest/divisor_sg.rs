//! Piles; a move takes `d` stones from a pile of `x`, where `d` divides `x` and `d < x`.
//! Input: `n`, then n pile sizes (1 ≤ x ≤ 10^6). Prints `First` or `Second`.
//! Grundy values by stonegame's `GrundySolver`, the docs' fastest form: heaps numbered by size
//! (`MoveOrder::ToSmaller`), positions listed in the DP's loop, options by number, the tokens
//! summed by number (`grundy_of_sum_at_numbers`). Divisors from a smallest-prime-factor sieve.
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

struct Divisors {
    /// Smallest prime factor of each number up to the largest pile.
    spf: Vec<u32>,
}

impl Divisors {
    fn new(max: usize) -> Self {
        let mut spf = vec![0u32; max + 1];
        for p in 2..=max {
            if spf[p] == 0 {
                for m in (p..=max).step_by(p) {
                    if spf[m] == 0 {
                        spf[m] = p as u32;
                    }
                }
            }
        }
        Self { spf }
    }

    /// Calls `visit(d)` for every divisor `d < x` of `x`.
    #[inline(always)]
    fn for_each_proper_divisor(
        &self,
        x: usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut divisors = [0usize; 240]; // at most 240 divisors below 10^6
        divisors[0] = 1;
        let mut count = 1;
        let mut rest = x;
        while rest > 1 {
            let p = self.spf[rest] as usize;
            let before = count;
            let mut power = 1;
            while rest % p == 0 {
                rest /= p;
                power *= p;
                for k in 0..before {
                    divisors[count] = divisors[k] * power;
                    count += 1;
                }
            }
        }
        for &d in &divisors[..count] {
            if d < x {
                visit(d)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl ImpartialGame for Divisors {
    type Position = usize;

    fn for_each_option(
        &self,
        &x: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_proper_divisor(x, |d| visit(&[x - d]))
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.spf.len())
    }
    fn dense_index(&self, &x: &usize) -> Option<usize> {
        Some(x)
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        (number >= 1 && number < self.spf.len()).then_some(number)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for x in from.max(1)..self.spf.len() {
            visit(x, x)?;
        }
        ControlFlow::Continue(())
    }
    fn numbered_options(&self) -> bool {
        true
    }
    #[inline(always)]
    fn for_each_numbered_option(
        &self,
        number: usize,
        _: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_proper_divisor(number, |d| visit(&[number - d]))
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let piles: Vec<usize> = it.take(n).collect();
    assert!(piles.len() == n && piles.iter().all(|&x| (1..=1_000_000).contains(&x)));
    let max = piles.iter().copied().max().unwrap_or(1);
    let mut solver = GrundySolver::new(Divisors::new(max));
    let sum = solver
        .grundy_of_sum_at_numbers(piles.iter().copied())
        .unwrap_or_else(|e| {
            eprintln!("line 2: {e}");
            std::process::exit(2)
        });
    let answer = if sum.is_zero() { "Second\n" } else { "First\n" };
    std::io::stdout().write_all(answer.as_bytes()).unwrap();
}
